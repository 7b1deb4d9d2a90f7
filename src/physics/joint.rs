//! The soft distance joint: a spring-damper between two anchor points, with a force limit
//! and a break force. The tractor beam is one.

use super::body::BodyHandle;
use crate::geom::Vec2;

/// A stable reference to a joint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct JointHandle {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

/// A spring-damper holding two anchor points `rest_length` apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceJointDef {
    /// First body.
    pub body_a: BodyHandle,
    /// Second body.
    pub body_b: BodyHandle,
    /// Anchor on A, in A's body frame.
    pub local_anchor_a: Vec2,
    /// Anchor on B, in B's body frame.
    pub local_anchor_b: Vec2,
    /// Length the spring pulls toward, m.
    pub rest_length: f64,
    /// Spring stiffness, N/m. Zero makes the joint rigid.
    pub stiffness: f64,
    /// Damping, N·s/m.
    pub damping: f64,
    /// Largest force the joint applies, N.
    pub max_force: f64,
    /// The joint breaks when its force exceeds this over a step, N.
    pub break_force: f64,
}

/// A joint in the world.
#[derive(Clone, Debug)]
pub(crate) struct DistanceJoint {
    pub def: DistanceJointDef,
    /// Impulse per sub-step, warm-started.
    pub impulse: f64,
    /// Largest force seen in the last step, N.
    pub force: f64,
}
