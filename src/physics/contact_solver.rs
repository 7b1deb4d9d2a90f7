//! The contact solver: each step's contacts become constraints, four to a batch, one per
//! SIMD lane ([`super::lanes`]); the batches of one colour ([`super::graph`]) share no
//! moving body, so a batch is solved as four independent constraints at once.
//!
//! Per constraint, per pass: the separation of each point is tracked from the bodies'
//! accumulated motion (so the narrow phase runs once per step); each point's row is rigid
//! when the point is apart (speculative: it may close exactly its gap) or relaxing, and soft
//! when it pushes overlap out (a stiff, heavily damped spring, no faster than a set speed).
//! Both normal impulses of a two-point contact are solved together as a 2×2 complementarity
//! problem with the soft rows' compliance folded in; then friction, point by point. This is
//! the soft-step design Erin Catto describes for Box2D v3, with the block solve added for
//! stable resting.

use super::body_state::{BodyState, Softness};
use super::contact::{Contact, PairKey};
use super::contact_batch::{spin, tangent, ContactBatch, Lanes, PointLanes, Side, EMPTY};
use super::lanes::{Lane, LaneMask, Mask4, F4, V4};
use crate::constants::SPECULATIVE_THRESHOLD;

/// A point's anchors relative to each body, loaded.
#[derive(Clone, Copy)]
struct Arms<L> {
    ra: V4<L>,
    rb: V4<L>,
}

impl<L: Lane> Arms<L> {
    #[inline(always)]
    fn of(p: &PointLanes) -> Arms<L> {
        Arms {
            ra: V4::load(&p.ra),
            rb: V4::load(&p.rb),
        }
    }
}

/// Applies `impulse` at a point with arms `r`: to B as it is, to A reversed.
#[inline(always)]
fn push<L: Lane>(
    m: &Masses<L>,
    r: &Arms<L>,
    impulse: V4<L>,
    a: (&mut V4<L>, &mut L),
    b: (&mut V4<L>, &mut L),
) {
    *a.0 = *a.0 - impulse.scale(m.inv_mass_a);
    *a.1 = *a.1 - m.inv_inertia_a * r.ra.cross(impulse);
    *b.0 = *b.0 + impulse.scale(m.inv_mass_b);
    *b.1 = *b.1 + m.inv_inertia_b * r.rb.cross(impulse);
}

/// A batch's inverse masses and inertias, loaded.
struct Masses<L> {
    inv_mass_a: L,
    inv_inertia_a: L,
    inv_mass_b: L,
    inv_inertia_b: L,
}

impl<L: Lane> Masses<L> {
    #[inline(always)]
    fn of(c: &ContactBatch) -> Masses<L> {
        Masses {
            inv_mass_a: L::load(&c.inv_mass_a),
            inv_inertia_a: L::load(&c.inv_inertia_a),
            inv_mass_b: L::load(&c.inv_mass_b),
            inv_inertia_b: L::load(&c.inv_inertia_b),
        }
    }
}

/// The relative velocity at a contact point: B's material point against A's.
#[inline(always)]
fn relative_velocity<L: Lane>(va: V4<L>, wa: L, vb: V4<L>, wb: L, r: &Arms<L>) -> V4<L> {
    vb + spin(wb, r.rb) - va - spin(wa, r.ra)
}

/// `r` turned by the rotation `(c, s)`.
#[inline(always)]
fn rotate<L: Lane>(c: L, s: L, r: V4<L>) -> V4<L> {
    V4 {
        x: c * r.x - s * r.y,
        y: s * r.x + c * r.y,
    }
}

/// The numbers of one solving pass.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pass {
    /// Whether the pass pushes overlap out (false: relaxing).
    pub use_bias: bool,
    pub soft: Softness,
    pub inv_h: f64,
    pub max_push: f64,
}

/// Every contact constraint of a step, batched in solving order.
#[derive(Debug, Default)]
pub(crate) struct ContactSolver {
    batches: Vec<ContactBatch>,
}

impl ContactSolver {
    /// Prepares the constraints: each colour's contacts four at a time, then each overflow
    /// contact alone. `sides` gives both sides of a contact by its index.
    pub fn prepare<'a>(
        &mut self,
        colors: impl Iterator<Item = &'a [u32]> + Clone,
        overflow: &[u32],
        contacts: &[(PairKey, Contact)],
        states: &[BodyState],
        sides: impl Fn(&Contact) -> (Side, Side),
    ) {
        // Every batch is filled whole where it lies: a batch is over a kilobyte, and the
        // list keeps its length from step to step.
        let total = colors.clone().map(|m| m.len().div_ceil(4)).sum::<usize>() + overflow.len();
        self.batches.resize(total, ContactBatch::empty());
        let mut batches = self.batches.iter_mut();
        let mut add = |members: &[u32]| {
            // Written out rather than built by `std::array::from_fn`, which did not inline.
            let lane = |i: u32| {
                let contact = &contacts[i as usize].1;
                let (a, b) = sides(contact);
                (i, contact, a, b)
            };
            let mut lanes: [Lanes<'_>; 4] = [lane(members[0]); 4];
            for (slot, &i) in lanes.iter_mut().zip(members).skip(1) {
                *slot = lane(i);
            }
            let batch = batches.next().expect("one batch for every four members");
            batch.fill_dispatch(&lanes[..members.len()], states);
        };
        for members in colors {
            members.chunks(4).for_each(&mut add);
        }
        overflow.chunks(1).for_each(&mut add);
    }

    /// Re-applies last step's impulses (called through the AVX dispatch in avx.rs).
    #[inline(always)]
    pub(super) fn warm_start_batches<L: Lane>(&mut self, states: &mut [BodyState]) {
        for c in &mut self.batches {
            let (mut va, mut wa) = L::velocities(states, &c.a);
            let (mut vb, mut wb) = L::velocities(states, &c.b);
            let n = V4::<L>::load(&c.normal);
            let t = tangent(n);
            let m = Masses::of(c);
            for p in &mut c.points {
                let (normal_impulse, tangent_impulse) =
                    (L::load(&p.normal_impulse), L::load(&p.tangent_impulse));
                let impulse = n.scale(normal_impulse) + t.scale(tangent_impulse);
                (L::load(&p.total_normal_impulse) + normal_impulse)
                    .store(&mut p.total_normal_impulse);
                let r = Arms::of(p);
                push(&m, &r, impulse, (&mut va, &mut wa), (&mut vb, &mut wb));
            }
            L::scatter(states, &c.a, va, wa);
            L::scatter(states, &c.b, vb, wb);
        }
        states[0] = BodyState::FIXED;
    }

    /// One pass over every constraint (called through the AVX dispatch in avx.rs).
    #[inline(always)]
    pub(super) fn solve_batches<L: Lane>(&mut self, states: &mut [BodyState], pass: &Pass) {
        let threshold = L::splat(SPECULATIVE_THRESHOLD);
        let inv_h = L::splat(pass.inv_h);
        let (bias_rate, max_push) = (L::splat(pass.soft.bias_rate), L::splat(-pass.max_push));
        // A soft row solves `v + bias + compliance · k · λ = 0` for its total impulse λ,
        // which is what one sequential soft update does for a single point.
        let compliance = L::splat(pass.soft.impulse_scale / pass.soft.mass_scale);
        let (zero, one, half) = (L::splat(0.0), L::splat(1.0), L::splat(0.5));
        for c in &mut self.batches {
            let (a, b) = (L::bodies(states, &c.a), L::bodies(states, &c.b));
            let (mut va, mut wa, dpa, ca, sa) = (a.v, a.w, a.dp, a.c, a.s);
            let (mut vb, mut wb, dpb, cb, sb) = (b.v, b.w, b.dp, b.c, b.s);
            let n = V4::<L>::load(&c.normal);
            let m = Masses::of(c);
            let moved = dpb - dpa;
            // Each point's separation now, and its row: apart, it may close exactly its gap,
            // rigidly; overlapping, it pushes out softly, or (relaxing) only stops approaching.
            let [p1, p2] = &mut c.points;
            let (r1, r2) = (Arms::of(p1), Arms::of(p2));
            let s1 = (moved + (rotate(cb, sb, r1.rb) - rotate(ca, sa, r1.ra))).dot(n)
                + L::load(&p1.base_separation);
            let s2 = (moved + (rotate(cb, sb, r2.rb) - rotate(ca, sa, r2.ra))).dot(n)
                + L::load(&p2.base_separation);
            let (apart1, apart2) = (s1.gt(threshold), s2.gt(threshold));
            let (bias1, bias2, soft1, soft2) = if pass.use_bias {
                (
                    apart1.select(s1 * inv_h, (bias_rate * s1).max(max_push)),
                    apart2.select(s2 * inv_h, (bias_rate * s2).max(max_push)),
                    apart1.select(zero, compliance),
                    apart2.select(zero, compliance),
                )
            } else {
                (
                    apart1.select(s1 * inv_h, zero),
                    apart2.select(s2 * inv_h, zero),
                    zero,
                    zero,
                )
            };
            let (old1, old2) = (L::load(&p1.normal_impulse), L::load(&p2.normal_impulse));
            let (k11, k12, k22) = (L::load(&c.k11), L::load(&c.k12), L::load(&c.k22));
            let vn1 = relative_velocity(va, wa, vb, wb, &r1).dot(n);
            let vn2 = relative_velocity(va, wa, vb, wb, &r2).dot(n);
            let b1 = vn1 + bias1 - (k11 * old1 + k12 * old2);
            // A one-point lane's second row is made to need nothing.
            let b2 = L::load(&c.two)
                .lt(half)
                .select(one, vn2 + bias2 - (k12 * old1 + k22 * old2));
            let (x1, x2) = solve_lcp(
                k11 * (one + soft1),
                k12,
                k22 * (one + soft2),
                b1,
                b2,
                old1,
                old2,
            );
            let (d1, d2) = (x1 - old1, x2 - old2);
            let impulse = n.scale(d1 + d2);
            va = va - impulse.scale(m.inv_mass_a);
            wa = wa - m.inv_inertia_a * (r1.ra.cross(n) * d1 + r2.ra.cross(n) * d2);
            vb = vb + impulse.scale(m.inv_mass_b);
            wb = wb + m.inv_inertia_b * (r1.rb.cross(n) * d1 + r2.rb.cross(n) * d2);
            x1.store(&mut p1.normal_impulse);
            x2.store(&mut p2.normal_impulse);
            L::load(&p1.max_normal_impulse)
                .max(d1)
                .store(&mut p1.max_normal_impulse);
            L::load(&p2.max_normal_impulse)
                .max(d2)
                .store(&mut p2.max_normal_impulse);
            (L::load(&p1.total_normal_impulse) + d1).store(&mut p1.total_normal_impulse);
            (L::load(&p2.total_normal_impulse) + d2).store(&mut p2.total_normal_impulse);
            // Friction, point by point, within the cone the new normal impulse allows.
            let t = tangent(n);
            let friction = L::load(&c.friction);
            for (p, r, normal_impulse) in [(p1, r1, x1), (p2, r2, x2)] {
                let vt = relative_velocity(va, wa, vb, wb, &r).dot(t);
                let limit = friction * normal_impulse;
                let old = L::load(&p.tangent_impulse);
                let new = (old - L::load(&p.tangent_mass) * vt).max(-limit).min(limit);
                let impulse = t.scale(new - old);
                new.store(&mut p.tangent_impulse);
                push(&m, &r, impulse, (&mut va, &mut wa), (&mut vb, &mut wb));
            }
            L::scatter(states, &c.a, va, wa);
            L::scatter(states, &c.b, vb, wb);
        }
        states[0] = BodyState::FIXED;
    }

    /// Bounces: points that closed faster than `threshold` and pushed have their normal
    /// velocity driven to `-restitution` times the closing speed.
    pub fn restitution(&mut self, states: &mut [BodyState], threshold: f64) {
        let threshold = F4::splat(-threshold);
        for c in &mut self.batches {
            let bouncy = c.restitution.gt(F4::ZERO);
            if !bouncy.any() {
                continue;
            }
            let (mut va, mut wa) = F4::velocities(states, &c.a);
            let (mut vb, mut wb) = F4::velocities(states, &c.b);
            let n = c.normal;
            let m = Masses::of(c);
            for p in &mut c.points {
                let act: Mask4 =
                    bouncy & p.relative_velocity.lt(threshold) & p.max_normal_impulse.gt(F4::ZERO);
                let r = Arms::of(p);
                let vn = relative_velocity(va, wa, vb, wb, &r).dot(n);
                let impulse = -(p.normal_mass * (vn + c.restitution * p.relative_velocity));
                let new = (p.normal_impulse + impulse).max(F4::ZERO);
                let d = act.select(new - p.normal_impulse, F4::ZERO);
                p.normal_impulse = p.normal_impulse + d;
                p.total_normal_impulse = p.total_normal_impulse + d;
                let impulse = n.scale(d);
                push(&m, &r, impulse, (&mut va, &mut wa), (&mut vb, &mut wb));
            }
            F4::scatter(states, &c.a, va, wa);
            F4::scatter(states, &c.b, vb, wb);
        }
        states[0] = BodyState::FIXED;
    }

    /// Copies the impulses back into the persistent contacts, for warm starting and events.
    pub fn store(&self, contacts: &mut [(PairKey, Contact)]) {
        for c in &self.batches {
            let lanes = |k: usize| {
                let p = &c.points[k];
                (
                    p.normal_impulse.lanes(),
                    p.tangent_impulse.lanes(),
                    p.total_normal_impulse.lanes(),
                )
            };
            let (two, first, second) = (c.two.lanes(), lanes(0), lanes(1));
            for i in 0..4 {
                if c.contact[i] == EMPTY {
                    continue;
                }
                let contact = &mut contacts[c.contact[i] as usize].1;
                let count = contact.count;
                for (k, (n, t, total)) in [first, second].iter().enumerate().take(count) {
                    let point = &mut contact.points[c.source[i][k] as usize];
                    let kept = k == 0 || two[i] > 0.5;
                    point.normal_impulse = if kept { n[i] } else { 0.0 };
                    point.tangent_impulse = if kept { t[i] } else { 0.0 };
                    point.total_normal_impulse = if kept { total[i] } else { 0.0 };
                }
            }
        }
    }
}

/// Solves the 2×2 complementarity problem `A x + b ≥ 0`, `x ≥ 0`, `x · (A x + b) = 0` with
/// `A = [[a11, a12], [a12, a22]]`, trying the four cases of which points push in turn; where
/// rounding leaves no case consistent the impulses stay at `old`.
#[inline(always)]
fn solve_lcp<L: Lane>(a11: L, a12: L, a22: L, b1: L, b2: L, old1: L, old2: L) -> (L, L) {
    let zero = L::splat(0.0);
    let det = a11 * a22 - a12 * a12;
    let both1 = (a12 * b2 - a22 * b1) / det;
    let both2 = (a12 * b1 - a11 * b2) / det;
    let both_ok = both1.ge(zero) & both2.ge(zero);
    let first = -b1 / a11;
    let first_ok = first.ge(zero) & (a12 * first + b2).ge(zero);
    let second = -b2 / a22;
    let second_ok = second.ge(zero) & (a12 * second + b1).ge(zero);
    let none_ok = b1.ge(zero) & b2.ge(zero);
    let x1 = none_ok.select(zero, old1);
    let x2 = none_ok.select(zero, old2);
    let x1 = second_ok.select(zero, x1);
    let x2 = second_ok.select(second, x2);
    let x1 = first_ok.select(first, x1);
    let x2 = first_ok.select(zero, x2);
    (both_ok.select(both1, x1), both_ok.select(both2, x2))
}
