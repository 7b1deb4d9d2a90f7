//! Narrow phase: contacts between pairs of placed shapes, distances, ray casts.
//!
//! Uses only [`crate::geom`]; knows nothing of bodies, the ECS, the GPU, audio or files.
//!
//! The entry point is [`contact`]. Its default method for polygons is GJK ([`gjk`]) for
//! distance and overlap, EPA ([`epa`]) for penetration, and the dual-edge manifold
//! ([`dual_edge`]) for one or two stable contact points. Circles use closed forms
//! ([`circles`]).
//!
//! The other methods: the approximate clipping method ([`clip`]) and crossing pairs
//! ([`crossing`], which also takes concave outlines), selectable for body/body contacts
//! through [`contact_with`]; the exact separating-axis answer they are measured against
//! ([`sat`]); swept axis-aligned boxes for the continuous-collision pre-check ([`swept`]);
//! and the axis-by-axis box move that stops kinematic movers ([`stop`]).

pub mod circles;
pub mod clip;
pub mod crossing;
pub mod dual_edge;
pub mod epa;
pub mod gjk;
mod manifold;
mod method;
pub mod proxy;
pub mod ray;
pub mod sat;
pub mod stop;
pub mod swept;

pub use manifold::{FeatureId, FeatureKind, Manifold, ManifoldPoint};
pub use method::ContactMethod;
pub use ray::{ray_cast, RayCast, RayHit};

use crate::geom::{Shape, Transform};

/// The contact manifold between shape `a` placed by `xf_a` and shape `b` placed by `xf_b`,
/// or `None` when they are farther apart than
/// [`SPECULATIVE_DISTANCE`](crate::constants::SPECULATIVE_DISTANCE).
///
/// The normal points from A to B: moving B by `normal * depth` separates them. Points that
/// are near but not yet touching have negative depth (speculative contacts). Two segments
/// never collide (segments are massless rock). Non-finite transforms give `None`.
pub fn contact(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Option<Manifold> {
    if !xf_a.is_finite() || !xf_b.is_finite() {
        return None;
    }
    let m = match (a, b) {
        (Shape::Circle(ca), Shape::Circle(cb)) => circles::collide_circles(ca, xf_a, cb, xf_b),
        (Shape::Segment(s), Shape::Circle(c)) => circles::collide_segment_circle(s, xf_a, c, xf_b),
        (Shape::Circle(c), Shape::Segment(s)) => {
            circles::collide_segment_circle(s, xf_b, c, xf_a).map(Manifold::flipped)
        }
        (Shape::Polygon(p), Shape::Circle(c)) => circles::collide_polygon_circle(p, xf_a, c, xf_b),
        (Shape::Circle(c), Shape::Polygon(p)) => {
            circles::collide_polygon_circle(p, xf_b, c, xf_a).map(Manifold::flipped)
        }
        (Shape::Segment(_), Shape::Segment(_)) => None,
        (Shape::Polygon(_) | Shape::Segment(_), Shape::Polygon(_) | Shape::Segment(_)) => {
            dual_edge::collide(a, xf_a, b, xf_b)
        }
    }?;
    m.is_finite().then_some(m)
}

/// The contact manifold by a chosen method (a level's physics settings choose it).
///
/// - [`ContactMethod::DualEdge`]: the default, [`contact`].
/// - [`ContactMethod::Clipping`]: for two polygons, [`clip::collide_polygons`]. No
///   speculative contacts: separated polygons give `None`.
/// - [`ContactMethod::CrossingPairs`]: for two polygons, [`crossing::collide_polygons`].
///   When the boundaries do not cross transversally but the polygons overlap (one wholly
///   inside the other, or edges lying exactly along each other, as in a stack of equal
///   boxes), crossing pairs has no answer and the overlapping dual-edge contact is used
///   instead, so a body cannot hide inside another. Separated polygons give `None`.
///
/// Pairs other than polygon/polygon (circles, segments) use [`contact`] whatever the
/// method: circles have exact closed forms, and rock segments have their own one-sided
/// treatment. The normal points from A to B, as for [`contact`].
pub fn contact_with(
    method: ContactMethod,
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
) -> Option<Manifold> {
    let (Shape::Polygon(pa), Shape::Polygon(pb)) = (a, b) else {
        return contact(a, xf_a, b, xf_b);
    };
    if !xf_a.is_finite() || !xf_b.is_finite() {
        return None;
    }
    let m = match method {
        ContactMethod::DualEdge => return contact(a, xf_a, b, xf_b),
        ContactMethod::Clipping => clip::collide_polygons(pa, xf_a, pb, xf_b),
        ContactMethod::CrossingPairs => crossing::collide_polygons(pa, xf_a, pb, xf_b)
            .or_else(|| contact(a, xf_a, b, xf_b).filter(|m| m.max_depth() > 0.0)),
    }?;
    m.is_finite().then_some(m)
}
