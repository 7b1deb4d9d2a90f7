//! Four solver lanes at once: the contact solver works on four constraints together, one in
//! each lane of these vectors. [`F4`] (over `wide`'s `f64x4`, two SSE2 operations per call on
//! a plain x86-64 target) holds the constraints and runs the baseline build's passes;
//! `avx_lanes::A4` runs them in the AVX build, one 256-bit instruction per operation. Both
//! do the work through [`Lane`]. Each lane is computed exactly as the scalar code would
//! compute it, in IEEE double precision with no fused operations, so results do not depend
//! on the lane type, the lane width or the machine.

use super::body_state::BodyState;
use crate::geom::Vec2;
use std::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Sub};
use wide::f64x4;

/// Four doubles, one per lane.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(transparent)]
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

/// Four lanes of doubles as the solver's passes use them.
pub(crate) trait Lane:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// The result of comparing two of them.
    type Mask: LaneMask<Lane = Self>;
    fn splat(x: f64) -> Self;
    fn from_array(lanes: [f64; 4]) -> Self;
    fn to_array(self) -> [f64; 4];
    /// From the constraints' storage, and back.
    fn load(x: &F4) -> Self;
    fn store(self, to: &mut F4);
    /// The larger of each pair of lanes (the second where they are equal).
    fn max(self, other: Self) -> Self;
    /// The smaller of each pair of lanes (the second where they are equal).
    fn min(self, other: Self) -> Self;
    fn gt(self, other: Self) -> Self::Mask;
    fn ge(self, other: Self) -> Self::Mask;
    fn lt(self, other: Self) -> Self::Mask;

    /// The velocities and spins of the bodies in solver states `idx`, one per lane.
    #[inline(always)]
    fn velocities(states: &[BodyState], idx: &[u32; 4]) -> (V4<Self>, Self) {
        let [a, b, c, d] = idx.map(|i| &states[i as usize]);
        (
            V4 {
                x: Self::from_array([a.v.x, b.v.x, c.v.x, d.v.x]),
                y: Self::from_array([a.v.y, b.v.y, c.v.y, d.v.y]),
            },
            Self::from_array([a.w, b.w, c.w, d.w]),
        )
    }

    /// The whole states `idx`, one per lane: velocities and the motion since the step
    /// began.
    #[inline(always)]
    fn bodies(states: &[BodyState], idx: &[u32; 4]) -> Bodies<Self> {
        let (v, w) = Self::velocities(states, idx);
        let [a, b, c, d] = idx.map(|i| &states[i as usize]);
        Bodies {
            v,
            w,
            dp: V4 {
                x: Self::from_array([a.dp.x, b.dp.x, c.dp.x, d.dp.x]),
                y: Self::from_array([a.dp.y, b.dp.y, c.dp.y, d.dp.y]),
            },
            c: Self::from_array([a.dq.c, b.dq.c, c.dq.c, d.dq.c]),
            s: Self::from_array([a.dq.s, b.dq.s, c.dq.s, d.dq.s]),
        }
    }

    /// Writes the lanes' velocities back to states `idx`. The fixed state 0 may be written
    /// too: an impulse on something that cannot be pushed changes it by exactly nothing,
    /// and the solver resets it after each pass all the same.
    #[inline(always)]
    fn scatter(states: &mut [BodyState], idx: &[u32; 4], v: V4<Self>, w: Self) {
        let (vx, vy, w) = (v.x.to_array(), v.y.to_array(), w.to_array());
        for i in 0..4 {
            let s = &mut states[idx[i] as usize];
            s.v = Vec2::new(vx[i], vy[i]);
            s.w = w[i];
        }
    }
}

/// Four bodies' solver states in lanes.
#[derive(Clone, Copy)]
pub(crate) struct Bodies<L> {
    pub v: V4<L>,
    pub w: L,
    /// Motion of the centre of mass since the step began.
    pub dp: V4<L>,
    /// The rotation since the step began: its cosine and sine.
    pub c: L,
    pub s: L,
}

/// A lane mask of some [`Lane`] type.
pub(crate) trait LaneMask: Copy + BitAnd<Output = Self> + BitOr<Output = Self> {
    type Lane;
    /// `if_true` where the mask is set, `if_false` elsewhere.
    fn select(self, if_true: Self::Lane, if_false: Self::Lane) -> Self::Lane;
}

impl Lane for F4 {
    type Mask = Mask4;
    #[inline(always)]
    fn splat(x: f64) -> F4 {
        F4::splat(x)
    }
    #[inline(always)]
    fn from_array(lanes: [f64; 4]) -> F4 {
        F4::new(lanes)
    }
    #[inline(always)]
    fn to_array(self) -> [f64; 4] {
        self.lanes()
    }
    #[inline(always)]
    fn load(x: &F4) -> F4 {
        *x
    }
    #[inline(always)]
    fn store(self, to: &mut F4) {
        *to = self;
    }
    #[inline(always)]
    fn max(self, other: F4) -> F4 {
        F4::max(self, other)
    }
    #[inline(always)]
    fn min(self, other: F4) -> F4 {
        F4::min(self, other)
    }
    #[inline(always)]
    fn gt(self, other: F4) -> Mask4 {
        F4::gt(self, other)
    }
    #[inline(always)]
    fn ge(self, other: F4) -> Mask4 {
        F4::ge(self, other)
    }
    #[inline(always)]
    fn lt(self, other: F4) -> Mask4 {
        F4::lt(self, other)
    }
}

impl LaneMask for Mask4 {
    type Lane = F4;
    #[inline(always)]
    fn select(self, if_true: F4, if_false: F4) -> F4 {
        Mask4::select(self, if_true, if_false)
    }
}

/// A 2D vector in four lanes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct V4<L = F4> {
    pub x: L,
    pub y: L,
}

impl<L: Lane> V4<L> {
    /// From the constraints' storage.
    #[inline(always)]
    pub fn load(v: &V4) -> V4<L> {
        V4 {
            x: L::load(&v.x),
            y: L::load(&v.y),
        }
    }

    #[inline(always)]
    pub fn dot(self, o: V4<L>) -> L {
        self.x * o.x + self.y * o.y
    }

    /// The 2D cross product `self × o`.
    #[inline(always)]
    pub fn cross(self, o: V4<L>) -> L {
        self.x * o.y - self.y * o.x
    }

    #[inline(always)]
    pub fn scale(self, k: L) -> V4<L> {
        V4 {
            x: self.x * k,
            y: self.y * k,
        }
    }
}

impl<L: Lane> Add for V4<L> {
    type Output = V4<L>;
    #[inline(always)]
    fn add(self, o: V4<L>) -> V4<L> {
        V4 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

impl<L: Lane> Sub for V4<L> {
    type Output = V4<L>;
    #[inline(always)]
    fn sub(self, o: V4<L>) -> V4<L> {
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
