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
        self.ray_cast_excluding(origin, translation, filter, &[])
    }

    /// As [`PhysicsWorld::ray_cast`], but the colliders of the bodies in `exclude` are never
    /// hit: a gun's ray starts inside its own ship, and a sight line must not be blocked by
    /// the looker or the target.
    pub fn ray_cast_excluding(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: Filter,
        exclude: &[BodyHandle],
    ) -> Option<RayHitInfo> {
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
            if !c.aabb.overlaps(&ray_box)
                || !filter.allows(&c.def.filter)
                || exclude.contains(&c.body)
            {
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

#[cfg(test)]
mod tests {
    use crate::geom::{ConvexPolygon, Vec2};
    use crate::physics::{
        BodyDef, ColliderDef, Filter, PartRef, PhysicsSettings, PhysicsWorld, RockSegment,
    };

    #[test]
    fn excluded_bodies_are_passed_through_but_rock_is_not() {
        let mut w = PhysicsWorld::new(PhysicsSettings::default());
        // A wall at x = 5 whose open side faces the origin.
        w.add_rock(&RockSegment::chain(
            &[Vec2::new(5.0, 5.0), Vec2::new(5.0, -5.0)],
            false,
        ));
        let near = w.create_body(&BodyDef {
            position: Vec2::new(1.0, 0.0),
            ..BodyDef::default()
        });
        let far = w.create_body(&BodyDef {
            position: Vec2::new(3.0, 0.0),
            ..BodyDef::default()
        });
        let square = ColliderDef::new(ConvexPolygon::rect(0.25, 0.25).unwrap());
        w.add_collider(near, &square).unwrap();
        w.add_collider(far, &square).unwrap();
        let ray = |exclude: &[_]| {
            w.ray_cast_excluding(Vec2::ZERO, Vec2::new(10.0, 0.0), Filter::default(), exclude)
        };
        assert_eq!(ray(&[]).unwrap().body, Some(near));
        assert!((ray(&[]).unwrap().point.x - 0.75).abs() < 1e-12);
        assert_eq!(ray(&[near]).unwrap().body, Some(far));
        let rock = ray(&[near, far]).unwrap();
        assert_eq!((rock.part, rock.body), (PartRef::Rock(0), None));
        assert!((rock.point.x - 5.0).abs() < 1e-12);
    }

    #[test]
    fn bodies_report_the_damping_and_gravity_they_were_made_with() {
        let mut w = PhysicsWorld::new(PhysicsSettings::default());
        let b = w.create_body(&BodyDef {
            linear_damping: 0.25,
            angular_damping: 0.5,
            gravity_scale: -2.0,
            fixed_rotation: true,
            ..BodyDef::default()
        });
        let body = w.body(b).unwrap();
        assert_eq!(body.linear_damping(), 0.25);
        assert_eq!(body.angular_damping(), 0.5);
        assert_eq!(body.gravity_scale(), -2.0);
        assert!(body.is_fixed_rotation());
    }
}
