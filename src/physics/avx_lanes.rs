//! The solver's four lanes as one 256-bit AVX register, for the AVX build of its passes
//! (`avx.rs`): each operation is one instruction, doing per lane exactly what [`F4`] does
//! as two 128-bit halves, so both give the same bits.
//!
//! Only code that runs after the processor was found to have AVX may use [`A4`]: every
//! operation here assumes it.

use super::body_state::BodyState;
use super::lanes::{Bodies, Lane, LaneMask, F4, V4};
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

    // A body state is two rows of four doubles (`BodyState`'s layout): four bodies' rows
    // are loaded whole and turned into lanes, as a 4×4 transpose does.
    #[inline(always)]
    fn velocities(states: &[BodyState], idx: &[u32; 4]) -> (V4<A4>, A4) {
        let [vx, vy, w, _] = transpose(rows(states, idx, 0));
        (V4 { x: vx, y: vy }, w)
    }

    #[inline(always)]
    fn bodies(states: &[BodyState], idx: &[u32; 4]) -> Bodies<A4> {
        let [vx, vy, w, dpx] = transpose(rows(states, idx, 0));
        let [dpy, c, s, _] = transpose(rows(states, idx, 4));
        Bodies {
            v: V4 { x: vx, y: vy },
            w,
            dp: V4 { x: dpx, y: dpy },
            c,
            s,
        }
    }

    #[inline(always)]
    fn scatter(states: &mut [BodyState], idx: &[u32; 4], v: V4<A4>, w: A4) {
        // Each state holds `v.x`, `v.y` then `w` at its start (`BodyState`'s layout). Lanes
        // are written in order, as the baseline writes them; a state named twice is the
        // fixed one, which every lane leaves as it found it.
        let mut at = |k: u32| (&mut states[k as usize] as *mut BodyState).cast::<f64>();
        let p = [at(idx[0]), at(idx[1]), at(idx[2]), at(idx[3])];
        // SAFETY: as above; each pointer is to a state just checked to be in the slice.
        unsafe {
            let lo = _mm256_unpacklo_pd(v.x.0, v.y.0); // v of lanes 0 and 2
            let hi = _mm256_unpackhi_pd(v.x.0, v.y.0); // v of lanes 1 and 3
            let (w01, w23) = (_mm256_castpd256_pd128(w.0), _mm256_extractf128_pd::<1>(w.0));
            _mm_storeu_pd(p[0], _mm256_castpd256_pd128(lo));
            _mm_storel_pd(p[0].add(2), w01);
            _mm_storeu_pd(p[1], _mm256_castpd256_pd128(hi));
            _mm_storeh_pd(p[1].add(2), w01);
            _mm_storeu_pd(p[2], _mm256_extractf128_pd::<1>(lo));
            _mm_storel_pd(p[2].add(2), w23);
            _mm_storeu_pd(p[3], _mm256_extractf128_pd::<1>(hi));
            _mm_storeh_pd(p[3].add(2), w23);
        }
    }
}

/// The rows of four bodies' states starting at double `offset` (0 or 4) of each.
#[inline(always)]
fn rows(states: &[BodyState], idx: &[u32; 4], offset: usize) -> [__m256d; 4] {
    let at = |k: u32| (&states[k as usize] as *const BodyState).cast::<f64>();
    let p = [at(idx[0]), at(idx[1]), at(idx[2]), at(idx[3])];
    // SAFETY: as above; a state is eight doubles, so four from `offset` lie inside it.
    unsafe {
        [
            _mm256_loadu_pd(p[0].add(offset)),
            _mm256_loadu_pd(p[1].add(offset)),
            _mm256_loadu_pd(p[2].add(offset)),
            _mm256_loadu_pd(p[3].add(offset)),
        ]
    }
}

/// Rows `r[i] = [x0, x1, x2, x3]` of lane `i` to columns: `out[j]` holds `x_j` of every
/// lane.
#[inline(always)]
fn transpose(r: [__m256d; 4]) -> [A4; 4] {
    // SAFETY: as above.
    unsafe {
        let t0 = _mm256_unpacklo_pd(r[0], r[1]); // x0 and x2 of lanes 0, 1
        let t1 = _mm256_unpackhi_pd(r[0], r[1]); // x1 and x3 of lanes 0, 1
        let t2 = _mm256_unpacklo_pd(r[2], r[3]); // x0 and x2 of lanes 2, 3
        let t3 = _mm256_unpackhi_pd(r[2], r[3]); // x1 and x3 of lanes 2, 3
        [
            A4(_mm256_permute2f128_pd::<0x20>(t0, t2)),
            A4(_mm256_permute2f128_pd::<0x20>(t1, t3)),
            A4(_mm256_permute2f128_pd::<0x31>(t0, t2)),
            A4(_mm256_permute2f128_pd::<0x31>(t1, t3)),
        ]
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

    #[test]
    fn a4_gathers_and_scatters_body_states_as_f4_does() {
        if !std::arch::is_x86_feature_detected!("avx") {
            return;
        }
        use crate::geom::{Rot, Vec2};
        let states: Vec<BodyState> = (0..6)
            .map(|i| {
                let x = i as f64;
                BodyState {
                    v: Vec2::new(1.0 + x, -2.0 - x),
                    w: 0.25 * x,
                    dp: Vec2::new(1e-3 * x, -1e-4 * x),
                    dq: Rot::from_angle(0.1 * x),
                    pad: 0.0,
                }
            })
            .collect();
        // Lanes in any order, the fixed state 0 named twice (a padded batch).
        let idx = [4, 0, 2, 0];
        let bits = |x: [f64; 4]| x.map(f64::to_bits);
        let (f, a) = (F4::bodies(&states, &idx), A4::bodies(&states, &idx));
        let pairs = [
            (f.v.x, a.v.x),
            (f.v.y, a.v.y),
            (f.w, a.w),
            (f.dp.x, a.dp.x),
            (f.dp.y, a.dp.y),
            (f.c, a.c),
            (f.s, a.s),
        ];
        for (k, (f, a)) in pairs.into_iter().enumerate() {
            assert_eq!(bits(f.lanes()), bits(a.to_array()), "field {k}");
        }
        assert_eq!(f.v.x.lanes(), [5.0, 1.0, 3.0, 1.0]);
        let (fv, fw) = F4::velocities(&states, &idx);
        let (av, aw) = A4::velocities(&states, &idx);
        assert_eq!(bits(fv.y.lanes()), bits(av.y.to_array()));
        assert_eq!(bits(fw.lanes()), bits(aw.to_array()));
        // Scatter new velocities (state 0's left as it was, as the passes leave it).
        let v = V4 {
            x: F4::new([7.0, 1.0, -3.5, 1.0]),
            y: F4::new([0.5, -2.0, 9.0, -2.0]),
        };
        let w = F4::new([-1.25, 0.0, 2.0, 0.0]);
        let (mut by_f, mut by_a) = (states.clone(), states.clone());
        F4::scatter(&mut by_f, &idx, v, w);
        A4::scatter(&mut by_a, &idx, V4::load(&v), A4::load(&w));
        for (x, y) in by_f.iter().zip(&by_a) {
            let numbers = |s: &BodyState| {
                [s.v.x, s.v.y, s.w, s.dp.x, s.dp.y, s.dq.c, s.dq.s, s.pad].map(f64::to_bits)
            };
            assert_eq!(numbers(x), numbers(y));
        }
        assert_eq!((by_a[4].v, by_a[4].w), (Vec2::new(7.0, 0.5), -1.25));
        assert_eq!(by_a[2].dp, states[2].dp);
    }
}
