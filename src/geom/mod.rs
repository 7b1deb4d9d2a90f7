//! Geometry: vectors, rigid transforms, shapes (circle, segment, convex polygon, AABB),
//! convex hulls and mass properties.
//!
//! This is the bottom layer: it depends on nothing else in the crate.

mod aabb;
mod circle;
mod error;
mod hull;
mod mass;
mod polygon;
mod segment;
mod shape;
mod transform;

pub use aabb::Aabb;
pub use circle::Circle;
pub use error::ShapeError;
pub use hull::{convex_hull, convex_hull_indices};
pub use mass::MassProperties;
pub(crate) use polygon::support_index;
pub use polygon::ConvexPolygon;
pub use segment::Segment;
pub use shape::Shape;
pub use transform::{Rot, Transform};

/// The engine's vector type: double precision, so that contact depths and normals stay exact
/// to well below a micrometre for shapes from a centimetre to a hundred metres.
pub type Vec2 = glam::DVec2;

/// The perpendicular of `v` rotated a quarter turn clockwise. For an edge of a
/// counter-clockwise polygon this is its outward direction.
#[inline]
pub fn right_perp(v: Vec2) -> Vec2 {
    Vec2::new(v.y, -v.x)
}

/// The perpendicular of `v` rotated a quarter turn counter-clockwise.
#[inline]
pub fn left_perp(v: Vec2) -> Vec2 {
    Vec2::new(-v.y, v.x)
}
