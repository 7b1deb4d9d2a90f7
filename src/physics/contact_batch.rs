//! One batch of four contact constraints, one per SIMD lane, as the contact solver's passes
//! read them: what each lane holds, and how four contacts are put in their lanes at once.

use super::body_state::BodyState;
use super::contact::Contact;
use super::lanes::{Lane, LaneMask, F4, V4};
use crate::geom::Vec2;

/// The contact index of a lane that holds no constraint.
pub(super) const EMPTY: u32 = u32::MAX;

/// One contact point of four constraints.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct PointLanes {
    /// Anchors relative to each body's centre of mass at the start of the step.
    pub(super) ra: V4,
    pub(super) rb: V4,
    /// Separation at the start minus the anchors' offset along the normal, so that the
    /// current separation is a dot product away.
    pub(super) base_separation: F4,
    pub(super) normal_mass: F4,
    pub(super) tangent_mass: F4,
    pub(super) normal_impulse: F4,
    pub(super) tangent_impulse: F4,
    pub(super) total_normal_impulse: F4,
    pub(super) max_normal_impulse: F4,
    /// Normal velocity when the step began, for restitution.
    pub(super) relative_velocity: F4,
}

/// Four contact constraints, one per lane.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ContactBatch {
    /// Solver states of each lane's bodies (0, the fixed state, for padding).
    pub(super) a: [u32; 4],
    pub(super) b: [u32; 4],
    /// Which contact each lane solves.
    pub(super) contact: [u32; 4],
    /// Which of the contact's points each lane point stands for.
    pub(super) source: [[u8; 2]; 4],
    pub(super) inv_mass_a: F4,
    pub(super) inv_inertia_a: F4,
    pub(super) inv_mass_b: F4,
    pub(super) inv_inertia_b: F4,
    pub(super) normal: V4,
    pub(super) friction: F4,
    pub(super) restitution: F4,
    pub(super) points: [PointLanes; 2],
    /// The 2×2 normal mass matrix. A one-point lane has `k12 = 0` and `k22 = 1` and never
    /// pushes its second point.
    pub(super) k11: F4,
    pub(super) k12: F4,
    pub(super) k22: F4,
    /// Set in lanes with two points.
    pub(super) two: F4,
}

impl ContactBatch {
    /// A batch of four empty lanes: no bodies, no effect, no division by zero.
    pub(super) fn empty() -> ContactBatch {
        ContactBatch {
            a: [0; 4],
            b: [0; 4],
            contact: [EMPTY; 4],
            source: [[0, 1]; 4],
            inv_mass_a: F4::ZERO,
            inv_inertia_a: F4::ZERO,
            inv_mass_b: F4::ZERO,
            inv_inertia_b: F4::ZERO,
            normal: V4::default(),
            friction: F4::ZERO,
            restitution: F4::ZERO,
            points: [PointLanes::default(); 2],
            k11: F4::ONE,
            k12: F4::ZERO,
            k22: F4::ONE,
            two: F4::ZERO,
        }
    }

    /// Fills every field with the constraints of up to four contacts (`lanes`, each with
    /// its index and sides), velocities taken from `states`; lanes past them are empty. All
    /// four lanes are worked out at once, each exactly as one contact alone would be.
    #[inline(always)]
    pub(super) fn fill<L: Lane>(&mut self, lanes: &[Lanes<'_>], states: &[BodyState]) {
        let count = lanes.len();
        debug_assert!((1..=4).contains(&count));
        // Lanes past the last contact repeat the first, with nothing on either side; their
        // numbers are then cleared (or made harmless) by `valid`.
        let fixed = Side {
            state: 0,
            center: Vec2::ZERO,
            inv_mass: 0.0,
            inv_inertia: 0.0,
        };
        let lane = |i: usize| {
            lanes
                .get(i)
                .map_or((EMPTY, lanes[0].1, fixed, fixed), |l| *l)
        };
        let ls = [lane(0), lane(1), lane(2), lane(3)];
        let (zero, one, half) = (L::splat(0.0), L::splat(1.0), L::splat(0.5));
        let valid = L::from_array([0.0, 1.0, 2.0, 3.0]).lt(L::splat(count as f64));
        let has_two = gather::<L, _>(&ls, |l| if l.1.count == 2 { 1.0 } else { 0.0 }).gt(half);
        let (ima, iia): (L, L) = (
            gather(&ls, |l| l.2.inv_mass),
            gather(&ls, |l| l.2.inv_inertia),
        );
        let (imb, iib): (L, L) = (
            gather(&ls, |l| l.3.inv_mass),
            gather(&ls, |l| l.3.inv_inertia),
        );
        let (ca, cb) = (gather_v(&ls, |l| l.2.center), gather_v(&ls, |l| l.3.center));
        let a = [ls[0].2.state, ls[1].2.state, ls[2].2.state, ls[3].2.state];
        let b = [ls[0].3.state, ls[1].3.state, ls[2].3.state, ls[3].3.state];
        let (va, wa) = L::velocities(states, &a);
        let (vb, wb) = L::velocities(states, &b);
        let n = gather_v(&ls, |l| l.1.normal);
        let frame = Frame {
            n,
            t: tangent(n),
            m: ima + imb,
            iia,
            iib,
            ca,
            cb,
            va,
            wa,
            vb,
            wb,
            valid,
        };
        // Each of the contacts' two points in every lane (a one-point contact's second is
        // whatever it last held, and is not kept).
        let (first, k11, rn1a, rn1b, depth1): (_, L, L, L, L) = frame.point(&ls, 0);
        let (second, k22, rn2a, rn2b, depth2) = frame.point(&ls, 1);
        let k12 = frame.m + iia * rn1a * rn2a + iib * rn1b * rn2b;
        // Points nearly on top of each other make the matrix singular; one point (the
        // deeper) then stands for both.
        let (lhs, rhs) = (k11 * k11, L::splat(1000.0) * (k11 * k22 - k12 * k12));
        let two = valid & has_two & lhs.lt(rhs);
        let swap = valid & has_two & lhs.ge(rhs) & depth2.gt(depth1);
        self.points = [
            choose::<L>(swap, &second, &first),
            choose::<L>(two, &second, &PointLanes::default()),
        ];
        self.k11 = store(valid.select(swap.select(k22, k11).max(L::splat(f64::MIN_POSITIVE)), one));
        self.k12 = store(two.select(k12, zero));
        self.k22 = store(two.select(k22, one));
        self.two = store(two.select(one, zero));
        let swapped = store(swap.select(one, zero)).lanes();
        self.a = a;
        self.b = b;
        for (i, l) in ls.iter().enumerate() {
            self.contact[i] = l.0;
            self.source[i] = if swapped[i] > 0.5 { [1, 0] } else { [0, 1] };
        }
        self.inv_mass_a = store(ima);
        self.inv_inertia_a = store(iia);
        self.inv_mass_b = store(imb);
        self.inv_inertia_b = store(iib);
        self.normal = V4 {
            x: store(valid.select(n.x, zero)),
            y: store(valid.select(n.y, zero)),
        };
        self.friction = store(valid.select(gather(&ls, |l| l.1.friction), zero));
        self.restitution = store(valid.select(gather(&ls, |l| l.1.restitution), zero));
    }
}

/// One lane's constraint: the contact's index, the contact and its two sides.
pub(super) type Lanes<'c> = (u32, &'c Contact, Side, Side);

/// What every point of four constraints is measured against: the normal and tangent,
/// both sides' masses, centres and velocities, and which lanes hold a constraint.
struct Frame<L: Lane> {
    n: V4<L>,
    t: V4<L>,
    /// The sum of the inverse masses.
    m: L,
    iia: L,
    iib: L,
    ca: V4<L>,
    cb: V4<L>,
    va: V4<L>,
    wa: L,
    vb: V4<L>,
    wb: L,
    valid: L::Mask,
}

impl<L: Lane> Frame<L> {
    /// A point's lanes from its position, depth and impulses; also its normal mass
    /// before inversion and its arms' normal components, for the 2×2 block, and the depth.
    #[inline(always)]
    fn point(&self, ls: &[Lanes; 4], k: usize) -> (PointLanes, L, L, L, L) {
        let p = gather_v(ls, |l| l.1.points[k].point);
        let depth: L = gather(ls, |l| l.1.points[k].depth);
        let normal_impulse: L = gather(ls, |l| l.1.points[k].normal_impulse);
        let tangent_impulse: L = gather(ls, |l| l.1.points[k].tangent_impulse);
        let (zero, one, n) = (L::splat(0.0), L::splat(1.0), self.n);
        let (ra, rb) = (p - self.ca, p - self.cb);
        let (rna, rnb) = (ra.cross(n), rb.cross(n));
        let (rta, rtb) = (ra.cross(self.t), rb.cross(self.t));
        let k_normal = self.m + self.iia * rna * rna + self.iib * rnb * rnb;
        let k_tangent = self.m + self.iia * rta * rta + self.iib * rtb * rtb;
        let closing = (self.vb + spin(self.wb, rb)) - (self.va + spin(self.wa, ra));
        let lanes = PointLanes {
            ra: store_v(ra),
            rb: store_v(rb),
            base_separation: store(-depth - (rb - ra).dot(n)),
            normal_mass: store(k_normal.gt(zero).select(one / k_normal, zero)),
            tangent_mass: store(k_tangent.gt(zero).select(one / k_tangent, zero)),
            normal_impulse: store(self.valid.select(normal_impulse, zero)),
            tangent_impulse: store(self.valid.select(tangent_impulse, zero)),
            total_normal_impulse: F4::ZERO,
            max_normal_impulse: F4::ZERO,
            relative_velocity: store(closing.dot(n)),
        };
        (lanes, k_normal, rna, rnb, depth)
    }
}

/// `x` in the lanes of `mask`, `y` in the others.
#[inline(always)]
fn choose<L: Lane>(mask: L::Mask, x: &PointLanes, y: &PointLanes) -> PointLanes {
    #[inline(always)]
    fn pick<L: Lane>(mask: L::Mask, x: &F4, y: &F4) -> F4 {
        store(mask.select(L::load(x), L::load(y)))
    }
    PointLanes {
        ra: V4 {
            x: pick::<L>(mask, &x.ra.x, &y.ra.x),
            y: pick::<L>(mask, &x.ra.y, &y.ra.y),
        },
        rb: V4 {
            x: pick::<L>(mask, &x.rb.x, &y.rb.x),
            y: pick::<L>(mask, &x.rb.y, &y.rb.y),
        },
        base_separation: pick::<L>(mask, &x.base_separation, &y.base_separation),
        normal_mass: pick::<L>(mask, &x.normal_mass, &y.normal_mass),
        tangent_mass: pick::<L>(mask, &x.tangent_mass, &y.tangent_mass),
        normal_impulse: pick::<L>(mask, &x.normal_impulse, &y.normal_impulse),
        tangent_impulse: pick::<L>(mask, &x.tangent_impulse, &y.tangent_impulse),
        total_normal_impulse: F4::ZERO,
        max_normal_impulse: F4::ZERO,
        relative_velocity: pick::<L>(mask, &x.relative_velocity, &y.relative_velocity),
    }
}

/// One number of each of four lanes.
#[inline(always)]
fn gather<L: Lane, T>(lanes: &[T; 4], f: impl Fn(&T) -> f64) -> L {
    L::from_array([f(&lanes[0]), f(&lanes[1]), f(&lanes[2]), f(&lanes[3])])
}

/// One vector of each of four lanes.
#[inline(always)]
fn gather_v<L: Lane, T>(lanes: &[T; 4], f: impl Fn(&T) -> Vec2) -> V4<L> {
    V4 {
        x: gather(lanes, |l| f(l).x),
        y: gather(lanes, |l| f(l).y),
    }
}

/// Lanes as the constraints keep them.
#[inline(always)]
fn store<L: Lane>(x: L) -> F4 {
    let mut out = F4::ZERO;
    x.store(&mut out);
    out
}

/// A vector's lanes as the constraints keep them.
#[inline(always)]
fn store_v<L: Lane>(v: V4<L>) -> V4 {
    V4 {
        x: store(v.x),
        y: store(v.y),
    }
}

/// What the solver needs to know of one side of a contact.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side {
    /// Solver state (0 for anything that does not move).
    pub state: u32,
    /// Centre of mass at the start of the step. For a side that does not move any point
    /// will do: its anchor cancels out of the separation, and it has no velocity or mass.
    pub center: Vec2,
    pub inv_mass: f64,
    pub inv_inertia: f64,
}

/// `w × r`: the velocity a spin gives a point at `r`.
#[inline(always)]
pub(super) fn spin<L: Lane>(w: L, r: V4<L>) -> V4<L> {
    V4 {
        x: -(w * r.y),
        y: w * r.x,
    }
}

/// The tangent of a normal: the normal turned a quarter turn clockwise.
#[inline(always)]
pub(super) fn tangent<L: Lane>(n: V4<L>) -> V4<L> {
    V4 { x: n.y, y: -n.x }
}
