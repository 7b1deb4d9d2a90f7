//! Four solver lanes at once: the contact solver works on four constraints together, one in
//! each lane of these vectors (over `wide`'s `f64x4`, two SSE2 operations per call on a
//! plain x86-64 target). Each lane is computed exactly as the scalar code would compute it,
//! in IEEE double precision with no fused operations, so results do not depend on the lane
//! width or the machine.

use std::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Sub};
use wide::f64x4;

/// Four doubles, one per lane.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct F4(f64x4);

/// A lane mask (all bits set where true), from comparing two [`F4`]s.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mask4(f64x4);

impl F4 {
    pub const ZERO: F4 = F4(f64x4::ZERO);
    pub const ONE: F4 = F4(f64x4::ONE);

    #[inline]
    pub fn splat(x: f64) -> F4 {
        F4(f64x4::splat(x))
    }

    #[inline]
    pub fn new(lanes: [f64; 4]) -> F4 {
        F4(f64x4::new(lanes))
    }

    #[inline]
    pub fn lanes(self) -> [f64; 4] {
        self.0.to_array()
    }

    /// Sets one lane.
    #[inline]
    pub fn set(&mut self, lane: usize, x: f64) {
        bytemuck::cast_mut::<f64x4, [f64; 4]>(&mut self.0)[lane] = x;
    }

    /// The larger of each pair of lanes (the second where they are equal).
    #[inline]
    pub fn max(self, other: F4) -> F4 {
        F4(self.0.fast_max(other.0))
    }

    /// The smaller of each pair of lanes.
    #[inline]
    pub fn min(self, other: F4) -> F4 {
        F4(self.0.fast_min(other.0))
    }

    #[inline]
    pub fn gt(self, other: F4) -> Mask4 {
        Mask4(self.0.simd_gt(other.0))
    }

    #[inline]
    pub fn ge(self, other: F4) -> Mask4 {
        Mask4(self.0.simd_ge(other.0))
    }

    #[inline]
    pub fn lt(self, other: F4) -> Mask4 {
        Mask4(self.0.simd_lt(other.0))
    }
}

impl Mask4 {
    /// Whether any lane is set.
    #[inline]
    pub fn any(self) -> bool {
        self.0.any()
    }

    /// `if_true` where the mask is set, `if_false` elsewhere.
    #[inline]
    pub fn select(self, if_true: F4, if_false: F4) -> F4 {
        F4(self.0.select(if_true.0, if_false.0))
    }
}

impl BitAnd for Mask4 {
    type Output = Mask4;
    #[inline]
    fn bitand(self, rhs: Mask4) -> Mask4 {
        Mask4(self.0 & rhs.0)
    }
}

impl BitOr for Mask4 {
    type Output = Mask4;
    #[inline]
    fn bitor(self, rhs: Mask4) -> Mask4 {
        Mask4(self.0 | rhs.0)
    }
}

macro_rules! lane_op {
    ($trait:ident, $method:ident) => {
        impl $trait for F4 {
            type Output = F4;
            #[inline]
            fn $method(self, rhs: F4) -> F4 {
                F4($trait::$method(self.0, rhs.0))
            }
        }
    };
}

lane_op!(Add, add);
lane_op!(Sub, sub);
lane_op!(Mul, mul);
lane_op!(Div, div);

impl Neg for F4 {
    type Output = F4;
    #[inline]
    fn neg(self) -> F4 {
        F4(-self.0)
    }
}

/// A 2D vector in four lanes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct V4 {
    pub x: F4,
    pub y: F4,
}

impl V4 {
    /// Sets one lane.
    #[inline]
    pub fn set(&mut self, lane: usize, v: crate::geom::Vec2) {
        self.x.set(lane, v.x);
        self.y.set(lane, v.y);
    }

    #[inline]
    pub fn dot(self, o: V4) -> F4 {
        self.x * o.x + self.y * o.y
    }

    /// The 2D cross product `self × o`.
    #[inline]
    pub fn cross(self, o: V4) -> F4 {
        self.x * o.y - self.y * o.x
    }

    #[inline]
    pub fn scale(self, k: F4) -> V4 {
        V4 {
            x: self.x * k,
            y: self.y * k,
        }
    }
}

impl Add for V4 {
    type Output = V4;
    #[inline]
    fn add(self, o: V4) -> V4 {
        V4 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

impl Sub for V4 {
    type Output = V4;
    #[inline]
    fn sub(self, o: V4) -> V4 {
        V4 {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_compute_what_scalars_do() {
        let a = F4::new([1.5, -2.0, 0.1, 1e300]);
        let b = F4::new([0.3, 7.0, 0.2, 1e-300]);
        let sum = (a * b + a / b - b).lanes();
        for ((x, y), got) in a.lanes().into_iter().zip(b.lanes()).zip(sum) {
            assert_eq!(got.to_bits(), (x * y + x / y - y).to_bits());
        }
        let pick = a.gt(b).select(a, b).lanes();
        assert_eq!(pick, [1.5, 7.0, 0.2, 1e300]);
        assert_eq!(a.max(b).lanes(), [1.5, 7.0, 0.2, 1e300]);
    }
}
