//! The soft-step contact solver.
//!
//! Each step is split into sub-steps. A sub-step integrates velocities, re-applies last
//! impulses (warm start), solves joints and contacts with a soft position bias (a stiff,
//! heavily damped spring that pushes overlap out no faster than a set speed), integrates
//! positions, then solves again without bias ("relax") so the push-out leaves no velocity
//! behind. Restitution is applied once at the end from the closing speed recorded at the
//! start. Contacts keep their anchors fixed to the bodies through the step and track
//! separation from the bodies' accumulated motion, so narrow phase runs once per step.
//! This follows the design Erin Catto describes for Box2D v3.

use super::contact::Contact;
use super::joint::DistanceJoint;
use crate::constants::SPECULATIVE_THRESHOLD;
use crate::geom::{left_perp, right_perp, Rot, Vec2};

/// Velocity and accumulated motion of one body during a step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyState {
    pub v: Vec2,
    pub w: f64,
    /// Motion of the centre of mass since the step began.
    pub dp: Vec2,
    /// Rotation since the step began.
    pub dq: Rot,
    pub inv_mass: f64,
    pub inv_inertia: f64,
}

impl BodyState {
    /// An immovable body (static, rock).
    pub const FIXED: BodyState = BodyState {
        v: Vec2::ZERO,
        w: 0.0,
        dp: Vec2::ZERO,
        dq: Rot::IDENTITY,
        inv_mass: 0.0,
        inv_inertia: 0.0,
    };

    fn apply(&mut self, impulse: Vec2, r: Vec2, sign: f64) {
        self.v += sign * self.inv_mass * impulse;
        self.w += sign * self.inv_inertia * r.perp_dot(impulse);
    }

    fn velocity_at(&self, r: Vec2) -> Vec2 {
        self.v + self.w * left_perp(r)
    }
}

/// Stiffness of a soft constraint over one sub-step of length `h`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Softness {
    pub bias_rate: f64,
    pub mass_scale: f64,
    pub impulse_scale: f64,
}

impl Softness {
    /// A spring of `hertz` with damping ratio `zeta`, stepped implicitly at `h`.
    pub fn new(hertz: f64, zeta: f64, h: f64) -> Softness {
        if hertz <= 0.0 {
            return Softness {
                bias_rate: 0.0,
                mass_scale: 1.0,
                impulse_scale: 0.0,
            };
        }
        let omega = std::f64::consts::TAU * hertz;
        let a1 = 2.0 * zeta + h * omega;
        let a2 = h * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Softness {
            bias_rate: omega / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}

/// One contact point prepared for solving.
#[derive(Clone, Copy, Debug, Default)]
struct PointConstraint {
    ra: Vec2,
    rb: Vec2,
    /// Separation at the start minus the anchors' offset along the normal, so the current
    /// separation is a dot product away.
    adjusted_separation: f64,
    normal_mass: f64,
    tangent_mass: f64,
    normal_impulse: f64,
    tangent_impulse: f64,
    total_normal_impulse: f64,
    max_normal_impulse: f64,
    relative_velocity: f64,
}

/// A contact prepared for solving.
#[derive(Clone, Debug)]
pub(crate) struct ContactConstraint {
    /// Which contact (its place in the world's list) this constraint solves.
    contact: usize,
    a: usize,
    b: usize,
    normal: Vec2,
    friction: f64,
    restitution: f64,
    points: [PointConstraint; 2],
    count: usize,
    /// The 2×2 normal mass matrix of a two-point contact, when it is well conditioned:
    /// `[k11, k12, k22]`. Rigid passes solve both points at once with it.
    block: Option<[f64; 3]>,
}

/// Everything one step's solve works on.
pub(crate) struct Solver<'a> {
    pub states: &'a mut [BodyState],
    /// Centres of mass at the start of the step, by state index.
    pub centers: &'a [Vec2],
    pub rotations: &'a [Rot],
    pub constraints: Vec<ContactConstraint>,
    pub soft: Softness,
    pub inv_h: f64,
    pub max_push: f64,
}

fn cross2(a: Vec2, b: Vec2) -> f64 {
    a.perp_dot(b)
}

impl Solver<'_> {
    /// Prepares `contact` between state `a` and state `b`.
    pub fn add_contact(&mut self, index: usize, contact: &Contact, a: usize, b: usize) {
        let (sa, sb) = (self.states[a], self.states[b]);
        let (ca, cb) = (self.centers[a], self.centers[b]);
        let n = contact.normal;
        let t = right_perp(n);
        let mut c = ContactConstraint {
            contact: index,
            a,
            b,
            normal: n,
            friction: contact.friction,
            restitution: contact.restitution,
            points: [PointConstraint::default(); 2],
            count: contact.count,
            block: None,
        };
        for (pc, p) in c.points.iter_mut().zip(contact.points()) {
            let (ra, rb) = (p.point - ca, p.point - cb);
            let k_normal = sa.inv_mass
                + sb.inv_mass
                + sa.inv_inertia * cross2(ra, n).powi(2)
                + sb.inv_inertia * cross2(rb, n).powi(2);
            let k_tangent = sa.inv_mass
                + sb.inv_mass
                + sa.inv_inertia * cross2(ra, t).powi(2)
                + sb.inv_inertia * cross2(rb, t).powi(2);
            *pc = PointConstraint {
                ra,
                rb,
                adjusted_separation: -p.depth - (rb - ra).dot(n),
                normal_mass: if k_normal > 0.0 { 1.0 / k_normal } else { 0.0 },
                tangent_mass: if k_tangent > 0.0 {
                    1.0 / k_tangent
                } else {
                    0.0
                },
                normal_impulse: p.normal_impulse,
                tangent_impulse: p.tangent_impulse,
                total_normal_impulse: 0.0,
                max_normal_impulse: 0.0,
                relative_velocity: n.dot(sb.velocity_at(rb) - sa.velocity_at(ra)),
            };
        }
        if c.count == 2 {
            let (p1, p2) = (&c.points[0], &c.points[1]);
            let (rn1a, rn1b) = (cross2(p1.ra, n), cross2(p1.rb, n));
            let (rn2a, rn2b) = (cross2(p2.ra, n), cross2(p2.rb, n));
            let m = sa.inv_mass + sb.inv_mass;
            let k11 = m + sa.inv_inertia * rn1a * rn1a + sb.inv_inertia * rn1b * rn1b;
            let k22 = m + sa.inv_inertia * rn2a * rn2a + sb.inv_inertia * rn2b * rn2b;
            let k12 = m + sa.inv_inertia * rn1a * rn2a + sb.inv_inertia * rn1b * rn2b;
            // Nearly parallel rows (points close together) make the matrix singular.
            if k11 * k11 < 1000.0 * (k11 * k22 - k12 * k12) {
                c.block = Some([k11, k12, k22]);
            }
        }
        self.constraints.push(c);
    }

    /// Re-applies the stored impulses.
    pub fn warm_start(&mut self) {
        for c in &mut self.constraints {
            let t = right_perp(c.normal);
            let [sa, sb] = pair_mut(self.states, c.a, c.b);
            for p in &mut c.points[..c.count] {
                let impulse = p.normal_impulse * c.normal + p.tangent_impulse * t;
                p.total_normal_impulse += p.normal_impulse;
                sa.apply(impulse, p.ra, -1.0);
                sb.apply(impulse, p.rb, 1.0);
            }
        }
    }

    /// One pass over every contact; `use_bias` pushes overlap out, without it the pass only
    /// removes approaching velocity (relaxation).
    pub fn solve_contacts(&mut self, use_bias: bool) {
        for c in &mut self.constraints {
            let [sa, sb] = pair_mut(self.states, c.a, c.b);
            let n = c.normal;
            let rows: [Row; 2] = std::array::from_fn(|k| {
                let p = &c.points[k];
                let d = sb.dp - sa.dp + sb.dq.rotate(p.rb) - sa.dq.rotate(p.ra);
                let s = d.dot(n) + p.adjusted_separation;
                if s > SPECULATIVE_THRESHOLD {
                    // Apart: let it close exactly the gap, rigidly.
                    Row::RIGID.with_bias(s * self.inv_h)
                } else if use_bias {
                    Row {
                        bias: (self.soft.bias_rate * s).max(-self.max_push),
                        mass_scale: self.soft.mass_scale,
                        impulse_scale: self.soft.impulse_scale,
                    }
                } else {
                    Row::RIGID
                }
            });
            match c.block {
                Some(k) => solve_block(c, k, &rows, sa, sb),
                None => {
                    for (p, row) in c.points[..c.count].iter_mut().zip(&rows) {
                        let vn = n.dot(sb.velocity_at(p.rb) - sa.velocity_at(p.ra));
                        let impulse = -p.normal_mass * row.mass_scale * (vn + row.bias)
                            - row.impulse_scale * p.normal_impulse;
                        let new_impulse = (p.normal_impulse + impulse).max(0.0);
                        p.apply_normal(new_impulse, n, sa, sb);
                    }
                }
            }
            let t = right_perp(n);
            for p in &mut c.points[..c.count] {
                let vt = t.dot(sb.velocity_at(p.rb) - sa.velocity_at(p.ra));
                let limit = c.friction * p.normal_impulse;
                let new_impulse = (p.tangent_impulse - p.tangent_mass * vt).clamp(-limit, limit);
                let applied = new_impulse - p.tangent_impulse;
                p.tangent_impulse = new_impulse;
                sa.apply(applied * t, p.ra, -1.0);
                sb.apply(applied * t, p.rb, 1.0);
            }
        }
    }

    /// Bounces: for points that closed faster than `threshold` and pushed, drive the normal
    /// velocity to `-restitution` times the closing speed.
    pub fn apply_restitution(&mut self, threshold: f64) {
        for c in &mut self.constraints {
            if c.restitution == 0.0 {
                continue;
            }
            let [sa, sb] = pair_mut(self.states, c.a, c.b);
            for p in &mut c.points[..c.count] {
                if p.relative_velocity > -threshold || p.max_normal_impulse == 0.0 {
                    continue;
                }
                let vn = c.normal.dot(sb.velocity_at(p.rb) - sa.velocity_at(p.ra));
                let impulse = -p.normal_mass * (vn + c.restitution * p.relative_velocity);
                let new_impulse = (p.normal_impulse + impulse).max(0.0);
                let applied = new_impulse - p.normal_impulse;
                p.normal_impulse = new_impulse;
                p.total_normal_impulse += applied;
                sa.apply(applied * c.normal, p.ra, -1.0);
                sb.apply(applied * c.normal, p.rb, 1.0);
            }
        }
    }

    /// Copies the impulses back into the persistent contacts.
    pub fn store_impulses<K>(&self, contacts: &mut [(K, Contact)]) {
        for c in &self.constraints {
            let contact = &mut contacts[c.contact].1;
            for (p, cp) in c.points[..c.count].iter().zip(&mut contact.points) {
                cp.normal_impulse = p.normal_impulse;
                cp.tangent_impulse = p.tangent_impulse;
                cp.total_normal_impulse = p.total_normal_impulse;
            }
        }
    }

    /// One pass over the distance joints. `h` is the sub-step; `use_bias` as for contacts.
    pub fn solve_joints(
        &mut self,
        joints: &mut [(usize, usize, &mut DistanceJoint)],
        h: f64,
        use_bias: bool,
    ) {
        for (a, b, j) in joints.iter_mut() {
            let (a, b) = (*a, *b);
            let (mut sa, mut sb) = (self.states[a], self.states[b]);
            let (ra, rb, d) = self.joint_anchors(a, b, j);
            let len = d.length();
            if len < 1e-9 {
                continue;
            }
            let u = d / len;
            let k = sa.inv_mass
                + sb.inv_mass
                + sa.inv_inertia * cross2(ra, u).powi(2)
                + sb.inv_inertia * cross2(rb, u).powi(2);
            if k == 0.0 {
                continue;
            }
            let c = len - j.def.rest_length;
            // Implicit spring-damper (soft constraint): gamma softens, bias pulls.
            let (gamma, bias) = if j.def.stiffness > 0.0 {
                let g = h * (j.def.damping + h * j.def.stiffness);
                let gamma = if g > 0.0 { 1.0 / g } else { 0.0 };
                // A spring is a real force: it pulls in the relaxing pass too, or the
                // relaxation would undo it and the joint would sag far past its stretch.
                (gamma, c * h * j.def.stiffness * gamma)
            } else {
                (
                    0.0,
                    if use_bias {
                        (self.soft.bias_rate * c).clamp(-self.max_push, self.max_push)
                    } else {
                        0.0
                    },
                )
            };
            let mass = 1.0 / (k + gamma);
            let vr = u.dot(sb.velocity_at(rb) - sa.velocity_at(ra));
            let max_impulse = j.def.max_force * h;
            let impulse = -mass * (vr + bias + gamma * j.impulse);
            let new_impulse = (j.impulse + impulse).clamp(-max_impulse, max_impulse);
            let applied = new_impulse - j.impulse;
            j.impulse = new_impulse;
            sa.apply(applied * u, ra, -1.0);
            sb.apply(applied * u, rb, 1.0);
            let [sa_out, sb_out] = pair_mut(self.states, a, b);
            (*sa_out, *sb_out) = (sa, sb);
        }
    }

    /// A joint's anchors now, relative to each body's centre of mass, and the vector from
    /// anchor A to anchor B.
    fn joint_anchors(&self, a: usize, b: usize, j: &DistanceJoint) -> (Vec2, Vec2, Vec2) {
        let (sa, sb) = (&self.states[a], &self.states[b]);
        let ra = sa
            .dq
            .rotate(self.rotations[a].rotate(j.def.local_anchor_a - j.local_center_a));
        let rb = sb
            .dq
            .rotate(self.rotations[b].rotate(j.def.local_anchor_b - j.local_center_b));
        let d = self.centers[b] + sb.dp + rb - (self.centers[a] + sa.dp + ra);
        (ra, rb, d)
    }

    /// Re-applies the joints' stored impulses.
    pub fn warm_start_joints(&mut self, joints: &mut [(usize, usize, &mut DistanceJoint)]) {
        for (a, b, j) in joints.iter_mut() {
            let (a, b) = (*a, *b);
            let (mut sa, mut sb) = (self.states[a], self.states[b]);
            let (ra, rb, d) = self.joint_anchors(a, b, j);
            if d.length() < 1e-9 {
                continue;
            }
            let impulse = j.impulse * d.normalize();
            sa.apply(impulse, ra, -1.0);
            sb.apply(impulse, rb, 1.0);
            let [sa_out, sb_out] = pair_mut(self.states, a, b);
            (*sa_out, *sb_out) = (sa, sb);
        }
    }
}

/// Both bodies' states at once. The two indices always differ: a pair never joins a body to
/// itself, and the rock's state has an index of its own.
fn pair_mut(states: &mut [BodyState], a: usize, b: usize) -> [&mut BodyState; 2] {
    states
        .get_disjoint_mut([a, b])
        .expect("a contact joins two different bodies")
}

/// How one contact point is solved in a pass: the velocity bias, and the soft constraint's
/// mass and impulse scales (1 and 0 for a rigid row).
#[derive(Clone, Copy, Debug)]
struct Row {
    bias: f64,
    mass_scale: f64,
    impulse_scale: f64,
}

impl Row {
    const RIGID: Row = Row {
        bias: 0.0,
        mass_scale: 1.0,
        impulse_scale: 0.0,
    };

    fn with_bias(self, bias: f64) -> Row {
        Row { bias, ..self }
    }

    /// The row's compliance per unit of effective mass: a soft row solves
    /// `v + bias + compliance · k · λ = 0` for its total impulse `λ`, which is what one
    /// sequential soft update does for a single point.
    fn compliance(&self) -> f64 {
        self.impulse_scale / self.mass_scale
    }
}

impl PointConstraint {
    /// Sets the accumulated normal impulse to `new_impulse` and applies the change.
    fn apply_normal(&mut self, new_impulse: f64, n: Vec2, sa: &mut BodyState, sb: &mut BodyState) {
        let applied = new_impulse - self.normal_impulse;
        self.normal_impulse = new_impulse;
        self.max_normal_impulse = self.max_normal_impulse.max(applied);
        self.total_normal_impulse += applied;
        sa.apply(applied * n, self.ra, -1.0);
        sb.apply(applied * n, self.rb, 1.0);
    }
}

/// Solves both normal impulses of a two-point contact at once, so that neither point is
/// solved against a stale picture of the other: an off-centre landing then does not leave
/// the body spinning the way one-point-at-a-time solving does.
///
/// Each point's row may be rigid (speculative or relaxing) or soft (pushing overlap out).
/// With the new total impulses `x`, the rows ask `(K + C) x + b` to be zero where `x > 0`
/// and not negative where `x = 0`, where `K` is the 2×2 effective-mass matrix, `C` the
/// diagonal compliance of the soft rows and `b` the velocities (with bias) before the
/// change. The four cases of which points push are tried in turn; the first consistent one
/// is applied.
fn solve_block(
    c: &mut ContactConstraint,
    k: [f64; 3],
    rows: &[Row; 2],
    sa: &mut BodyState,
    sb: &mut BodyState,
) {
    let [k11, k12, k22] = k;
    let n = c.normal;
    let old = [c.points[0].normal_impulse, c.points[1].normal_impulse];
    let vn: [f64; 2] = std::array::from_fn(|i| {
        let p = &c.points[i];
        n.dot(sb.velocity_at(p.rb) - sa.velocity_at(p.ra)) + rows[i].bias
    });
    let a11 = k11 * (1.0 + rows[0].compliance());
    let a22 = k22 * (1.0 + rows[1].compliance());
    let b = [
        vn[0] - (k11 * old[0] + k12 * old[1]),
        vn[1] - (k12 * old[0] + k22 * old[1]),
    ];
    let det = a11 * a22 - k12 * k12;
    let both = [
        (-a22 * b[0] + k12 * b[1]) / det,
        (k12 * b[0] - a11 * b[1]) / det,
    ];
    let x = if both[0] >= 0.0 && both[1] >= 0.0 {
        both
    } else if -b[0] / a11 >= 0.0 && k12 * (-b[0] / a11) + b[1] >= 0.0 {
        [-b[0] / a11, 0.0]
    } else if -b[1] / a22 >= 0.0 && k12 * (-b[1] / a22) + b[0] >= 0.0 {
        [0.0, -b[1] / a22]
    } else if b[0] >= 0.0 && b[1] >= 0.0 {
        [0.0, 0.0]
    } else {
        return; // Rounding left no consistent case: keep the impulses as they are.
    };
    for (p, xi) in c.points.iter_mut().zip(x) {
        p.apply_normal(xi, n, sa, sb);
    }
}

/// Integrates a rotation by `angle` radians without trigonometry, renormalising.
pub(crate) fn integrate_rotation(q: Rot, angle: f64) -> Rot {
    let c = q.c - angle * q.s;
    let s = q.s + angle * q.c;
    let mag = (c * c + s * s).sqrt();
    if mag > 0.0 {
        Rot {
            c: c / mag,
            s: s / mag,
        }
    } else {
        Rot::IDENTITY
    }
}
