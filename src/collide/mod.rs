//! Narrow phase: contacts between pairs of placed shapes, distances, ray casts.
//!
//! Uses only [`crate::geom`]; knows nothing of bodies, the ECS, the GPU, audio or files.
//!
//! The entry point is [`contact`]. Its default method for polygons is GJK ([`gjk`]) for
//! distance and overlap, EPA ([`epa`]) for penetration, and the dual-edge manifold
//! ([`dual_edge`]) for one or two stable contact points. Circles use closed forms
//! ([`circles`]). Where one edge normal clearly separates two polygons best, a
//! separating-axis pass ([`shortcut`]) names the same closest features GJK and EPA would,
//! without their iterations; it gives the same manifold. A pair that barely moved since its
//! last query reuses that manifold, and a pair found apart is trusted apart while the proof
//! of it holds ([`persistent`], [`clearance`]).
//!
//! The other methods: the approximate clipping method ([`clip`]) and crossing pairs
//! ([`crossing`], which also takes concave outlines), selectable for body/body contacts
//! through [`contact_with`]; the exact separating-axis answer they are measured against
//! ([`sat`]); swept axis-aligned boxes for the continuous-collision pre-check ([`swept`]);
//! and the axis-by-axis box move that stops kinematic movers ([`stop`]).

pub mod circles;
pub mod clearance;
pub mod clip;
pub mod crossing;
pub mod dual_edge;
pub mod epa;
pub mod gjk;
mod incident;
mod manifold;
mod method;
pub mod persistent;
pub mod proxy;
pub mod ray;
pub mod sat;
pub mod shortcut;
pub mod stop;
pub mod swept;

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
    contact_tracked(a, xf_a, b, xf_b, margin, None, &mut None)
}

/// [`contact_within`] warm-started from `cache`: the GJK simplex this pair ended its last
/// query with (updated here). Pairs that move coherently from step to step converge in one
/// or two GJK iterations; the manifold is the one a cold query gives. Circles, which have
/// closed forms, ignore the cache.
pub fn contact_cached(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
    cache: &mut gjk::SimplexCache,
) -> Option<Manifold> {
    contact_tracked(a, xf_a, b, xf_b, margin, Some(cache), &mut None)
}

/// [`contact_within`], warm-started from `cache` when given, that also keeps the proof
/// when it finds the pair apart without asking GJK: `clearance` is set then (polygon and
/// segment pairs whose bounding circles or edge normals show them apart; see
/// [`clearance`]) and cleared otherwise. While the proof holds, the same query would find
/// the pair apart the same way and leave `cache` as it is.
pub fn contact_tracked(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
    cache: Option<&mut gjk::SimplexCache>,
    clearance: &mut Option<clearance::Clearance>,
) -> Option<Manifold> {
    *clearance = None;
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
            dual_edge::collide_tracked(a, xf_a, b, xf_b, margin, cache, clearance)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, ConvexPolygon, Vec2};

    fn boxed(hw: f64, hh: f64) -> Shape {
        ConvexPolygon::rect(hw, hh).unwrap().into()
    }

    #[test]
    fn every_method_finds_a_crate_sunk_into_a_ledge() {
        let (ledge, crate_) = (boxed(3.0, 0.5), boxed(0.5, 0.5));
        let xf = Transform::from_translation(Vec2::new(0.8, 0.99));
        for method in ContactMethod::ALL {
            let m = contact_with(method, &ledge, &Transform::IDENTITY, &crate_, &xf).unwrap();
            assert!((m.normal - Vec2::Y).length() < 1e-12, "{method:?}");
            assert!((m.max_depth() - 0.01).abs() < 1e-12, "{method:?}");
        }
    }

    #[test]
    fn crossing_pairs_falls_back_where_boundaries_do_not_cross() {
        // A crate wholly inside a boulder's outline: no crossings, the dual-edge answer.
        let (big, b) = (boxed(2.0, 2.0), boxed(0.5, 0.5));
        let xf = Transform::from_translation(Vec2::new(0.0, 1.2));
        let m = contact_with(
            ContactMethod::CrossingPairs,
            &big,
            &Transform::IDENTITY,
            &b,
            &xf,
        )
        .unwrap();
        assert!((m.normal - Vec2::Y).length() < 1e-12);
        assert!((m.max_depth() - 1.3).abs() < 1e-12);
        // Apart, within the speculative distance: no contact (no fallback to speculation).
        let near = Transform::from_translation(Vec2::new(0.0, 1.001));
        for method in [ContactMethod::Clipping, ContactMethod::CrossingPairs] {
            assert!(contact_with(method, &b, &Transform::IDENTITY, &b, &near).is_none());
        }
        assert!(contact(&b, &Transform::IDENTITY, &b, &near).is_some());
    }

    #[test]
    fn circles_use_the_closed_forms_whatever_the_method() {
        let c: Shape = Circle::new(Vec2::ZERO, 0.5).unwrap().into();
        let b = boxed(1.0, 1.0);
        let xf = Transform::from_translation(Vec2::new(0.0, 1.4));
        let exact = contact(&b, &Transform::IDENTITY, &c, &xf);
        for method in ContactMethod::ALL {
            assert_eq!(
                contact_with(method, &b, &Transform::IDENTITY, &c, &xf),
                exact
            );
        }
    }
}
