//! Persistent contacts between parts, carried from step to step so the solver can warm
//! start, and turned into begin / persist / end events.

use crate::collide::gjk::SimplexCache;
use crate::collide::{FeatureId, Manifold, ManifoldPoint};
use crate::constants::LINEAR_SLOP;
use crate::geom::{Transform, Vec2};

/// A manifold is reused, instead of recomputed, while B has moved less than this relative
/// to A since it was computed (m)...
const REUSE_DISTANCE: f64 = 0.02 * LINEAR_SLOP;
/// ...and turned less than this (rad, compared through its sine). Resting and slowly
/// creeping contacts then cost a few multiplications per step; anything moving visibly is
/// recomputed.
const REUSE_ANGLE: f64 = 1e-4;

/// The last computed manifold in A's frame, with B's pose relative to A at that time.
#[derive(Clone, Debug)]
pub(crate) struct CachedManifold {
    relative: Transform,
    normal: Vec2,
    points: [ManifoldPoint; 2],
    count: usize,
    margin: f64,
}

impl CachedManifold {
    /// Caches `m` (world frame) computed with A at `xf_a` and B at `xf_b`.
    pub fn new(m: &Manifold, xf_a: &Transform, xf_b: &Transform, margin: f64) -> CachedManifold {
        let mut points = [ManifoldPoint {
            point: Vec2::ZERO,
            depth: 0.0,
            id: FeatureId::ROUND,
        }; 2];
        for (slot, p) in points.iter_mut().zip(m.points()) {
            *slot = ManifoldPoint {
                point: xf_a.apply_inv(p.point),
                ..*p
            };
        }
        CachedManifold {
            relative: xf_a.inv_mul(xf_b),
            normal: xf_a.q.inv_rotate(m.normal),
            points,
            count: m.points().len(),
            margin,
        }
    }

    /// The cached manifold moved to the new poses, if B has barely moved relative to A and
    /// the speculative margin has not grown: each depth changes by how far B's material at
    /// the point moved along the normal.
    pub fn reuse(&self, xf_a: &Transform, xf_b: &Transform, margin: f64) -> Option<Manifold> {
        let now = xf_a.inv_mul(xf_b);
        // The turn since caching, by its sine (the cosine must stay positive): no
        // trigonometry on this path, which every resting contact takes every step.
        let (c, s) = (
            now.q.c * self.relative.q.c + now.q.s * self.relative.q.s,
            now.q.s * self.relative.q.c - now.q.c * self.relative.q.s,
        );
        if (now.p - self.relative.p).length_squared() > REUSE_DISTANCE * REUSE_DISTANCE
            || c <= 0.0
            || s.abs() > REUSE_ANGLE
            || margin > self.margin
        {
            return None;
        }
        let mut points = [ManifoldPoint {
            point: Vec2::ZERO,
            depth: 0.0,
            id: FeatureId::ROUND,
        }; 2];
        for (slot, p) in points.iter_mut().zip(&self.points[..self.count]) {
            // Where B's material at this point is now, in A's frame.
            let moved = now.apply(self.relative.apply_inv(p.point));
            *slot = ManifoldPoint {
                point: xf_a.apply(moved),
                depth: p.depth - (moved - p.point).dot(self.normal),
                id: p.id,
            };
        }
        Some(Manifold::new(
            xf_a.q.rotate(self.normal),
            &points[..self.count],
        ))
    }
}

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
    /// The manifold as last computed, for reuse while the pair barely moves.
    pub cache: Option<CachedManifold>,
    /// The GJK simplex the pair's last full query ended with, to warm-start the next.
    pub simplex: SimplexCache,
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
            cache: None,
            simplex: SimplexCache::default(),
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
