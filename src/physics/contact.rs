//! Persistent contacts between parts, carried from step to step so the solver can warm
//! start, and turned into begin / persist / end events.

use crate::collide::{FeatureId, Manifold};
use crate::geom::Vec2;

/// Which two parts a contact is between. Ordered, so contacts are visited in the same order
/// on every run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum PairKey {
    /// Two colliders, by index, smaller first.
    Bodies(u32, u32),
    /// A collider and a rock segment.
    Rock(u32, u32),
}

/// One contact point with its impulses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ContactPoint {
    pub point: Vec2,
    pub depth: f64,
    pub id: FeatureId,
    /// Normal impulse per sub-step, warm-started from the last step.
    pub normal_impulse: f64,
    /// Friction impulse per sub-step, warm-started.
    pub tangent_impulse: f64,
    /// Normal impulse applied over the whole last step.
    pub total_normal_impulse: f64,
}

/// A contact between two parts: the latest manifold plus the impulses it carries.
#[derive(Clone, Debug)]
pub(crate) struct Contact {
    /// Body slot of part A; `None` for rock.
    pub body_a: Option<u32>,
    /// Body slot of part B.
    pub body_b: u32,
    pub normal: Vec2,
    pub points: Vec<ContactPoint>,
    pub friction: f64,
    pub restitution: f64,
    /// Touching at the end of the last step.
    pub touching: bool,
    /// Relative normal and tangential speed of B against A when the step began.
    pub normal_speed: f64,
    pub tangent_speed: f64,
}

impl Contact {
    /// A contact with no points yet.
    pub fn new(body_a: Option<u32>, body_b: u32, friction: f64, restitution: f64) -> Contact {
        Contact {
            body_a,
            body_b,
            normal: Vec2::ZERO,
            points: Vec::with_capacity(2),
            friction,
            restitution,
            touching: false,
            normal_speed: 0.0,
            tangent_speed: 0.0,
        }
    }

    /// Takes the new manifold, carrying each point's impulses over when the same features
    /// still touch.
    pub fn update(&mut self, manifold: Option<&Manifold>) {
        // Keep the allocation: a manifold has at most two points.
        let old = [self.points.first().copied(), self.points.get(1).copied()];
        self.points.clear();
        if let Some(m) = manifold {
            self.normal = m.normal;
            for p in m.points() {
                let carried = old.iter().flatten().find(|o| o.id == p.id);
                self.points.push(ContactPoint {
                    point: p.point,
                    depth: p.depth,
                    id: p.id,
                    normal_impulse: carried.map_or(0.0, |o| o.normal_impulse),
                    tangent_impulse: carried.map_or(0.0, |o| o.tangent_impulse),
                    total_normal_impulse: 0.0,
                });
            }
        }
    }

    /// Whether the parts touch: a point that overlaps, or one that pushed during the step.
    pub fn is_touching(&self) -> bool {
        self.points
            .iter()
            .any(|p| p.depth >= 0.0 || p.total_normal_impulse > 0.0)
    }

    /// Total normal impulse over the step.
    pub fn total_impulse(&self) -> f64 {
        self.points.iter().map(|p| p.total_normal_impulse).sum()
    }

    /// The deepest point.
    pub fn deepest(&self) -> Option<&ContactPoint> {
        self.points
            .iter()
            .max_by(|a, b| a.depth.total_cmp(&b.depth))
    }
}
