//! Contact events: what the game needs to deal damage, throw sparks and play sounds.

use super::body::BodyHandle;
use super::collider::ColliderHandle;
use crate::geom::Vec2;

/// One side of a contact: a body's collider, or a rock segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PartRef {
    /// A collider (part) of a body.
    Collider(ColliderHandle),
    /// A rock segment, by index.
    Rock(u32),
}

/// Whether a contact started, went on, or ended this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactEventKind {
    /// The parts started touching this step.
    Begin,
    /// The parts touched last step and still do.
    Persist,
    /// The parts touched last step and no longer do.
    End,
}

/// A contact between two parts during one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactEvent {
    /// Begin, persist or end.
    pub kind: ContactEventKind,
    /// Part A (the rock, for rock contacts).
    pub a: PartRef,
    /// Part B.
    pub b: PartRef,
    /// Body of part A (none for rock).
    pub body_a: Option<BodyHandle>,
    /// Body of part B.
    pub body_b: Option<BodyHandle>,
    /// Contact point (the deepest), world frame.
    pub point: Vec2,
    /// Normal from A to B.
    pub normal: Vec2,
    /// Total normal impulse the contact applied during the step, N·s.
    pub normal_impulse: f64,
    /// Relative velocity of B against A along the normal at the start of the step, m/s:
    /// negative when closing (an impact).
    pub normal_speed: f64,
    /// Relative sliding speed at the start of the step, m/s (for scraping).
    pub tangent_speed: f64,
}
