//! Persistent contacts between parts, carried from step to step so the solver can warm
//! start, and turned into begin / persist / end events.

use crate::collide::persistent::PairCache;
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

/// One contact point with its impulses, as the solver last saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactPoint {
    /// World position when the manifold was found (before the step moved the bodies).
    pub point: Vec2,
    /// Penetration depth then: positive when overlapping, negative when speculative.
    pub depth: f64,
    /// Which features of the two shapes made it.
    pub id: FeatureId,
    /// Normal impulse per sub-step, warm-started from the last step, N·s.
    pub normal_impulse: f64,
    /// Friction impulse per sub-step, warm-started, N·s.
    pub tangent_impulse: f64,
    /// Normal impulse applied over the whole last step, N·s.
    pub total_normal_impulse: f64,
}

impl ContactPoint {
    const EMPTY: ContactPoint = ContactPoint {
        point: Vec2::ZERO,
        depth: 0.0,
        id: FeatureId::ROUND,
        normal_impulse: 0.0,
        tangent_impulse: 0.0,
        total_normal_impulse: 0.0,
    };
}

/// A contact between two parts: the latest manifold plus the impulses it carries.
///
/// Laid out in this order (`repr(C)`): the fields every pass over the contact list reads
/// (which bodies, how many points, touching) come first, together, so that a pass over the
/// many contacts without points touches one cache line of each rather than three.
#[derive(Clone, Debug)]
#[repr(C)]
pub(crate) struct Contact {
    /// How many of `points` are meaningful.
    pub count: usize,
    /// Body slot of part A; `None` for rock.
    pub body_a: Option<u32>,
    /// Body slot of part B.
    pub body_b: u32,
    /// Touching at the end of the last step.
    pub touching: bool,
    pub normal: Vec2,
    /// The points; only the first `count` are meaningful (inline: no allocation).
    pub points: [ContactPoint; 2],
    pub friction: f64,
    pub restitution: f64,
    /// Relative normal and tangential speed of B against A when the step began.
    pub normal_speed: f64,
    pub tangent_speed: f64,
    /// The pair's memory: the last computed manifold, reused while the pair barely
    /// moves, or the proof that it was apart, trusted while it holds; and the GJK simplex
    /// that warm-starts the next query.
    pub cache: PairCache,
}

impl Contact {
    /// A contact with no points yet.
    pub fn new(body_a: Option<u32>, body_b: u32, friction: f64, restitution: f64) -> Contact {
        Contact {
            body_a,
            body_b,
            normal: Vec2::ZERO,
            points: [ContactPoint::EMPTY; 2],
            count: 0,
            friction,
            restitution,
            touching: false,
            normal_speed: 0.0,
            tangent_speed: 0.0,
            cache: PairCache::default(),
        }
    }

    /// The meaningful points.
    #[inline]
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.count]
    }

    /// Takes the new manifold, carrying each point's impulses over when the same features
    /// still touch.
    pub fn update(&mut self, manifold: Option<&Manifold>) {
        let old = self.points;
        let old = &old[..self.count];
        self.count = 0;
        if let Some(m) = manifold {
            self.normal = m.normal;
            for p in m.points() {
                let carried = old.iter().find(|o| o.id == p.id);
                self.points[self.count] = ContactPoint {
                    point: p.point,
                    depth: p.depth,
                    id: p.id,
                    normal_impulse: carried.map_or(0.0, |o| o.normal_impulse),
                    tangent_impulse: carried.map_or(0.0, |o| o.tangent_impulse),
                    total_normal_impulse: 0.0,
                };
                self.count += 1;
            }
        }
    }

    /// Whether the parts touch: a point that overlaps, or one that pushed during the step.
    pub fn is_touching(&self) -> bool {
        self.points()
            .iter()
            .any(|p| p.depth >= 0.0 || p.total_normal_impulse > 0.0)
    }

    /// Total normal impulse over the step.
    pub fn total_impulse(&self) -> f64 {
        self.points().iter().map(|p| p.total_normal_impulse).sum()
    }

    /// The deepest point.
    pub fn deepest(&self) -> Option<&ContactPoint> {
        self.points()
            .iter()
            .max_by(|a, b| a.depth.total_cmp(&b.depth))
    }
}
