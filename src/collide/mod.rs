//! Narrow phase: contacts between pairs of placed shapes, distances, ray casts.
//!
//! Uses only [`crate::geom`]; knows nothing of bodies, the ECS, the GPU, audio or files.
//!
//! The entry point is [`contact`]. Its default method for polygons is GJK ([`gjk`]) for
//! distance and overlap, EPA ([`epa`]) for penetration, and the dual-edge manifold
//! ([`dual_edge`]) for one or two stable contact points. Circles use closed forms
//! ([`circles`]).

pub mod circles;
pub mod dual_edge;
pub mod epa;
pub mod gjk;
mod manifold;
mod method;
pub mod proxy;
pub mod ray;

pub use manifold::{FeatureId, FeatureKind, Manifold, ManifoldPoint};
pub use method::ContactMethod;
pub use ray::{ray_cast, RayCast, RayHit};

use crate::constants::SPECULATIVE_DISTANCE;
use crate::geom::{Shape, Transform};

/// The contact manifold between shape `a` placed by `xf_a` and shape `b` placed by `xf_b`,
/// or `None` when they are farther apart than
/// [`SPECULATIVE_DISTANCE`](crate::constants::SPECULATIVE_DISTANCE).
///
/// The normal points from A to B: moving B by `normal * depth` separates them. Points that
/// are near but not yet touching have negative depth (speculative contacts). Two segments
/// never collide (segments are massless rock). Non-finite transforms give `None`.
pub fn contact(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Option<Manifold> {
    contact_within(a, xf_a, b, xf_b, SPECULATIVE_DISTANCE)
}

/// [`contact`] reporting points up to `margin` apart instead of the default speculative
/// distance. The solver widens the margin by how far a pair can close in one step, so a
/// fast body is caught by a speculative contact before it sinks in.
pub fn contact_within(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
) -> Option<Manifold> {
    if !xf_a.is_finite() || !xf_b.is_finite() || !margin.is_finite() {
        return None;
    }
    let m = match (a, b) {
        (Shape::Circle(ca), Shape::Circle(cb)) => {
            circles::collide_circles(ca, xf_a, cb, xf_b, margin)
        }
        (Shape::Segment(s), Shape::Circle(c)) => {
            circles::collide_segment_circle(s, xf_a, c, xf_b, margin)
        }
        (Shape::Circle(c), Shape::Segment(s)) => {
            circles::collide_segment_circle(s, xf_b, c, xf_a, margin).map(Manifold::flipped)
        }
        (Shape::Polygon(p), Shape::Circle(c)) => {
            circles::collide_polygon_circle(p, xf_a, c, xf_b, margin)
        }
        (Shape::Circle(c), Shape::Polygon(p)) => {
            circles::collide_polygon_circle(p, xf_b, c, xf_a, margin).map(Manifold::flipped)
        }
        (Shape::Segment(_), Shape::Segment(_)) => None,
        (Shape::Polygon(_) | Shape::Segment(_), Shape::Polygon(_) | Shape::Segment(_)) => {
            dual_edge::collide(a, xf_a, b, xf_b, margin)
        }
    }?;
    m.is_finite().then_some(m)
}
