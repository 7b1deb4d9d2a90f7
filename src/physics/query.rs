//! Scene queries: ray casts and overlap tests against bodies and rock.

use super::body::BodyHandle;
use super::collider::{ColliderHandle, Filter};
use super::events::PartRef;
use super::world::PhysicsWorld;
use crate::collide::{ray_cast, RayCast};
use crate::geom::{Aabb, Shape, Transform, Vec2};

/// The first thing a ray hits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHitInfo {
    /// The part hit: a collider or a rock segment.
    pub part: PartRef,
    /// The body hit (none for rock).
    pub body: Option<BodyHandle>,
    /// Hit point.
    pub point: Vec2,
    /// Surface normal at the hit, facing the ray.
    pub normal: Vec2,
    /// Fraction of the ray's translation at the hit.
    pub fraction: f64,
}

impl PhysicsWorld {
    /// The first collider or rock segment hit by a ray from `origin` along `translation`,
    /// among colliders whose filter the query's `filter` allows. Rock is hit only from its
    /// open side. Ties go to the lower index, so the answer is the same on every run.
    pub fn ray_cast(&self, origin: Vec2, translation: Vec2, filter: Filter) -> Option<RayHitInfo> {
        let ray = RayCast {
            origin,
            translation,
            max_fraction: 1.0,
        };
        let ray_box = Aabb::new(origin, origin + translation);
        let mut best: Option<RayHitInfo> = None;
        let mut consider = |hit: RayHitInfo| {
            if best.is_none_or(|b| hit.fraction < b.fraction) {
                best = Some(hit);
            }
        };
        for i in self.rock_tree.query_aabb(&ray_box) {
            let s = &self.rock[i as usize];
            if s.segment.normal().dot(translation) >= 0.0 {
                continue;
            }
            if let Some(h) = ray_cast(&Shape::Segment(s.segment), &Transform::IDENTITY, &ray) {
                consider(RayHitInfo {
                    part: PartRef::Rock(i),
                    body: None,
                    point: h.point,
                    normal: h.normal,
                    fraction: h.fraction,
                });
            }
        }
        for (i, c) in self.colliders.items.iter().enumerate() {
            let Some(c) = c.as_ref() else { continue };
            if !c.aabb.overlaps(&ray_box) || !filter.allows(&c.def.filter) {
                continue;
            }
            let Some(body) = self.body(c.body) else {
                continue;
            };
            if let Some(h) = ray_cast(&c.def.shape, &body.transform(), &ray) {
                let handle = ColliderHandle {
                    index: i as u32,
                    generation: self.colliders.generations[i],
                };
                consider(RayHitInfo {
                    part: PartRef::Collider(handle),
                    body: Some(c.body),
                    point: h.point,
                    normal: h.normal,
                    fraction: h.fraction,
                });
            }
        }
        best
    }

    /// Colliders containing the point, in index order.
    pub fn query_point(&self, p: Vec2) -> Vec<ColliderHandle> {
        let probe = Shape::Circle(crate::geom::Circle {
            center: Vec2::ZERO,
            radius: 1e-9,
        });
        let xf = Transform::from_translation(p);
        self.overlapping(&Aabb::new(p, p), |shape, body_xf| {
            crate::collide::gjk::intersects(shape, body_xf, &probe, &xf)
        })
    }

    /// Colliders whose shapes overlap the box, in index order.
    pub fn query_aabb(&self, aabb: &Aabb) -> Vec<ColliderHandle> {
        let corners = aabb.corners();
        let Ok(poly) = crate::geom::ConvexPolygon::new(&corners) else {
            return Vec::new();
        };
        let probe = Shape::Polygon(poly);
        self.overlapping(aabb, |shape, body_xf| {
            crate::collide::gjk::intersects(shape, body_xf, &probe, &Transform::IDENTITY)
        })
    }

    fn overlapping(
        &self,
        bounds: &Aabb,
        test: impl Fn(&Shape, &Transform) -> bool,
    ) -> Vec<ColliderHandle> {
        let mut out = Vec::new();
        for (i, c) in self.colliders.items.iter().enumerate() {
            let Some(c) = c.as_ref() else { continue };
            let Some(body) = self.body(c.body) else {
                continue;
            };
            let xf = body.transform();
            if c.def.shape.aabb(&xf).overlaps(bounds) && test(&c.def.shape, &xf) {
                out.push(ColliderHandle {
                    index: i as u32,
                    generation: self.colliders.generations[i],
                });
            }
        }
        out
    }
}
