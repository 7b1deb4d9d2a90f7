//! The shape enum: everything a collider can be.

use super::{Aabb, Circle, ConvexPolygon, MassProperties, Segment, Transform, Vec2};
use serde::{Deserialize, Serialize};

/// A collision shape in a local frame. Axis-aligned boxes ([`Aabb`]) are bounding volumes
/// and kinematic-mover boxes rather than collider shapes, because a rotated box is no longer
/// axis-aligned: a box collider is [`ConvexPolygon::rect`].
// Polygons are stored inline on purpose (no allocation, cache-friendly colliders), so the
// polygon variant is much larger than the others.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    /// A solid circle.
    Circle(Circle),
    /// A line segment (rock outline pieces; massless).
    Segment(Segment),
    /// A solid convex polygon.
    Polygon(ConvexPolygon),
}

impl Shape {
    /// Bounding box of the shape placed by `xf`.
    pub fn aabb(&self, xf: &Transform) -> Aabb {
        match self {
            Shape::Circle(c) => Aabb::from_center(xf.apply(c.center), Vec2::splat(c.radius)),
            Shape::Segment(s) => Aabb::new(xf.apply(s.a), xf.apply(s.b)),
            Shape::Polygon(p) => p.aabb(xf),
        }
    }

    /// Area (zero for a segment).
    pub fn area(&self) -> f64 {
        match self {
            Shape::Circle(c) => c.area(),
            Shape::Segment(_) => 0.0,
            Shape::Polygon(p) => p.mass(1.0).mass,
        }
    }

    /// Mass properties at `density` kg/m².
    pub fn mass(&self, density: f64) -> MassProperties {
        match self {
            Shape::Circle(c) => c.mass(density),
            Shape::Segment(s) => s.mass(density),
            Shape::Polygon(p) => p.mass(density),
        }
    }

    /// Centre of a circle containing the shape, and its radius (local frame).
    pub fn bounding_circle(&self) -> (Vec2, f64) {
        match self {
            Shape::Circle(c) => (c.center, c.radius),
            Shape::Segment(s) => (0.5 * (s.a + s.b), 0.5 * s.length()),
            Shape::Polygon(p) => (p.centroid(), p.radius()),
        }
    }
}

impl From<Circle> for Shape {
    fn from(c: Circle) -> Shape {
        Shape::Circle(c)
    }
}

impl From<Segment> for Shape {
    fn from(s: Segment) -> Shape {
        Shape::Segment(s)
    }
}

impl From<ConvexPolygon> for Shape {
    fn from(p: ConvexPolygon) -> Shape {
        Shape::Polygon(p)
    }
}
