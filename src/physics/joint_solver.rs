//! Solving the soft distance joints (the tractor beam): a few per world, solved one at a
//! time before the contacts in every pass.

use super::body_state::{BodyState, Softness};
use super::joint::DistanceJoint;
use crate::geom::{left_perp, Rot, Vec2};

/// One side of a joint as the step sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JointSide {
    /// Solver state (0 when the body does not move).
    pub state: u32,
    /// Centre of mass and rotation at the start of the step.
    pub center: Vec2,
    pub rot: Rot,
    /// The anchor relative to the centre of mass, in the body frame.
    pub local_anchor: Vec2,
    pub inv_mass: f64,
    pub inv_inertia: f64,
}

/// A joint prepared for the step: its two sides and where it lives in the world.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JointConstraint {
    /// The joint's slot in the world.
    pub slot: usize,
    pub a: JointSide,
    pub b: JointSide,
    /// Sum of the absolute impulses over the sub-steps, for the force it applied.
    pub impulse_sum: f64,
}

fn apply(s: &mut BodyState, side: &JointSide, impulse: Vec2, r: Vec2, sign: f64) {
    s.v += sign * side.inv_mass * impulse;
    s.w += sign * side.inv_inertia * r.perp_dot(impulse);
}

/// The anchors now, relative to each centre of mass, and the vector from anchor A to B.
fn anchors(c: &JointConstraint, states: &[BodyState]) -> (Vec2, Vec2, Vec2) {
    let (sa, sb) = (&states[c.a.state as usize], &states[c.b.state as usize]);
    let ra = sa.dq.rotate(c.a.rot.rotate(c.a.local_anchor));
    let rb = sb.dq.rotate(c.b.rot.rotate(c.b.local_anchor));
    let d = c.b.center + sb.dp + rb - (c.a.center + sa.dp + ra);
    (ra, rb, d)
}

/// Writes back both sides' states (the fixed state 0 is never written).
fn store(states: &mut [BodyState], c: &JointConstraint, sa: BodyState, sb: BodyState) {
    if c.a.state != 0 {
        states[c.a.state as usize] = sa;
    }
    if c.b.state != 0 {
        states[c.b.state as usize] = sb;
    }
}

/// Re-applies the joints' stored impulses.
pub(crate) fn warm_start(
    constraints: &[JointConstraint],
    joints: &mut [Option<DistanceJoint>],
    states: &mut [BodyState],
) {
    for c in constraints {
        let Some(j) = joints[c.slot].as_ref() else {
            continue;
        };
        let (mut sa, mut sb) = (states[c.a.state as usize], states[c.b.state as usize]);
        let (ra, rb, d) = anchors(c, states);
        if d.length() < 1e-9 {
            continue;
        }
        let impulse = j.impulse * d.normalize();
        apply(&mut sa, &c.a, impulse, ra, -1.0);
        apply(&mut sb, &c.b, impulse, rb, 1.0);
        store(states, c, sa, sb);
    }
}

/// One pass over the joints. `h` is the sub-step; `use_bias` pushes a rigid joint back to
/// its length (without it the pass only removes stretching velocity).
pub(crate) fn solve(
    constraints: &[JointConstraint],
    joints: &mut [Option<DistanceJoint>],
    states: &mut [BodyState],
    soft: &Softness,
    max_push: f64,
    h: f64,
    use_bias: bool,
) {
    for c in constraints {
        let Some(j) = joints[c.slot].as_mut() else {
            continue;
        };
        let (mut sa, mut sb) = (states[c.a.state as usize], states[c.b.state as usize]);
        let (ra, rb, d) = anchors(c, states);
        let len = d.length();
        if len < 1e-9 {
            continue;
        }
        let u = d / len;
        let k = c.a.inv_mass
            + c.b.inv_mass
            + c.a.inv_inertia * ra.perp_dot(u).powi(2)
            + c.b.inv_inertia * rb.perp_dot(u).powi(2);
        if k == 0.0 {
            continue;
        }
        let stretch = len - j.def.rest_length;
        // Implicit spring-damper (soft constraint): gamma softens, bias pulls.
        let (gamma, bias) = if j.def.stiffness > 0.0 {
            let g = h * (j.def.damping + h * j.def.stiffness);
            let gamma = if g > 0.0 { 1.0 / g } else { 0.0 };
            // A spring is a real force: it pulls in the relaxing pass too, or the
            // relaxation would undo it and the joint would sag far past its stretch.
            (gamma, stretch * h * j.def.stiffness * gamma)
        } else if use_bias {
            (0.0, (soft.bias_rate * stretch).clamp(-max_push, max_push))
        } else {
            (0.0, 0.0)
        };
        let mass = 1.0 / (k + gamma);
        let va = sa.v + sa.w * left_perp(ra);
        let vb = sb.v + sb.w * left_perp(rb);
        let vr = u.dot(vb - va);
        let max_impulse = j.def.max_force * h;
        let impulse = -mass * (vr + bias + gamma * j.impulse);
        let new_impulse = (j.impulse + impulse).clamp(-max_impulse, max_impulse);
        let applied = new_impulse - j.impulse;
        j.impulse = new_impulse;
        apply(&mut sa, &c.a, applied * u, ra, -1.0);
        apply(&mut sb, &c.b, applied * u, rb, 1.0);
        store(states, c, sa, sb);
    }
}
