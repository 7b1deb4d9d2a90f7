//! The solver's four lanes as one 256-bit AVX register, for the AVX build of its passes
//! (`avx.rs`): each operation is one instruction, doing per lane exactly what [`F4`] does
//! as two 128-bit halves, so both give the same bits.
//!
//! Only code that runs after the processor was found to have AVX may use [`A4`]: every
//! operation here assumes it.

use super::lanes::{Lane, LaneMask, F4};
use std::arch::x86_64::*;
use std::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Sub};

/// Four doubles in one AVX register.
#[derive(Clone, Copy, Debug)]
pub(crate) struct A4(__m256d);

/// A lane mask of [`A4`]: all bits set where true.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AMask(__m256d);

macro_rules! a4_op {
    ($trait:ident, $method:ident, $intrinsic:ident, $t:ident) => {
        impl $trait for $t {
            type Output = $t;
            #[inline(always)]
            fn $method(self, rhs: $t) -> $t {
                // SAFETY: A4 and AMask only exist in code run on a processor with AVX.
                $t(unsafe { $intrinsic(self.0, rhs.0) })
            }
        }
    };
}

a4_op!(Add, add, _mm256_add_pd, A4);
a4_op!(Sub, sub, _mm256_sub_pd, A4);
a4_op!(Mul, mul, _mm256_mul_pd, A4);
a4_op!(Div, div, _mm256_div_pd, A4);
a4_op!(BitAnd, bitand, _mm256_and_pd, AMask);
a4_op!(BitOr, bitor, _mm256_or_pd, AMask);

impl Neg for A4 {
    type Output = A4;
    /// Flips the sign bit, as scalar negation does.
    #[inline(always)]
    fn neg(self) -> A4 {
        // SAFETY: as above.
        A4(unsafe { _mm256_xor_pd(self.0, _mm256_set1_pd(-0.0)) })
    }
}

impl Lane for A4 {
    type Mask = AMask;
    #[inline(always)]
    fn splat(x: f64) -> A4 {
        // SAFETY: as above.
        A4(unsafe { _mm256_set1_pd(x) })
    }
    #[inline(always)]
    fn from_array(lanes: [f64; 4]) -> A4 {
        // SAFETY: as above; the array holds four doubles.
        A4(unsafe { _mm256_loadu_pd(lanes.as_ptr()) })
    }
    #[inline(always)]
    fn to_array(self) -> [f64; 4] {
        let mut out = [0.0; 4];
        // SAFETY: as above; the array holds four doubles.
        unsafe { _mm256_storeu_pd(out.as_mut_ptr(), self.0) };
        out
    }
    #[inline(always)]
    fn load(x: &F4) -> A4 {
        // SAFETY: as above; F4 is four doubles in lane order (`F4::lanes`).
        A4(unsafe { _mm256_loadu_pd((x as *const F4).cast::<f64>()) })
    }
    #[inline(always)]
    fn store(self, to: &mut F4) {
        // SAFETY: as in `load`.
        unsafe { _mm256_storeu_pd((to as *mut F4).cast::<f64>(), self.0) }
    }
    // The processor's max and min, as `F4`'s: the second operand unless the first is
    // strictly larger (smaller).
    #[inline(always)]
    fn max(self, other: A4) -> A4 {
        // SAFETY: as above.
        A4(unsafe { _mm256_max_pd(self.0, other.0) })
    }
    #[inline(always)]
    fn min(self, other: A4) -> A4 {
        // SAFETY: as above.
        A4(unsafe { _mm256_min_pd(self.0, other.0) })
    }
    #[inline(always)]
    fn gt(self, other: A4) -> AMask {
        // SAFETY: as above.
        AMask(unsafe { _mm256_cmp_pd::<_CMP_GT_OQ>(self.0, other.0) })
    }
    #[inline(always)]
    fn ge(self, other: A4) -> AMask {
        // SAFETY: as above.
        AMask(unsafe { _mm256_cmp_pd::<_CMP_GE_OQ>(self.0, other.0) })
    }
    #[inline(always)]
    fn lt(self, other: A4) -> AMask {
        // SAFETY: as above.
        AMask(unsafe { _mm256_cmp_pd::<_CMP_LT_OQ>(self.0, other.0) })
    }
}

impl LaneMask for AMask {
    type Lane = A4;
    #[inline(always)]
    fn select(self, if_true: A4, if_false: A4) -> A4 {
        // SAFETY: as above. The mask's lanes are all ones or all zeros.
        A4(unsafe { _mm256_blendv_pd(if_false.0, if_true.0, self.0) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` on F4 and on A4 lanes where the processor has AVX, returning both results.
    #[test]
    fn a4_gives_the_bits_f4_gives() {
        if !std::arch::is_x86_feature_detected!("avx") {
            return;
        }
        let xs = [1.5, -2.0, 0.0, -0.0, 1e300, 1e-300, 3.0, -7.25];
        let ys = [0.3, 7.0, -0.0, 0.0, 1e-300, 1e300, 3.0, 2.0];
        for k in 0..xs.len() - 3 {
            let (a, b) = (F4::new([xs[k], xs[k + 1], xs[k + 2], xs[k + 3]]), {
                F4::new([ys[k], ys[k + 1], ys[k + 2], ys[k + 3]])
            });
            let (p, q) = (A4::load(&a), A4::load(&b));
            let f = (a * b + a / b - b).max(-a).min(b);
            let g = (p * q + p / q - q).max(-p).min(q);
            let bits = |x: [f64; 4]| x.map(f64::to_bits);
            assert_eq!(bits(f.lanes()), bits(g.to_array()));
            let pick_f = (a.gt(b) | a.lt(-b)).select(a, b);
            let pick_g = (p.gt(q) | p.lt(-q)).select(p, q);
            assert_eq!(bits(pick_f.lanes()), bits(pick_g.to_array()));
            let both_f = (a.ge(b) & b.ge(a)).select(a, -b);
            let both_g = (p.ge(q) & q.ge(p)).select(p, -q);
            assert_eq!(bits(both_f.lanes()), bits(both_g.to_array()));
            let mut stored = F4::ZERO;
            g.store(&mut stored);
            assert_eq!(bits(stored.lanes()), bits(f.lanes()));
        }
    }
}
