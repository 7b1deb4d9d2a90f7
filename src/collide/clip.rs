//! The clipping method: an approximate polygon contact from the pieces of each outline that
//! lie inside the other shape.
//!
//! B's outline is clipped against every edge line (half-plane) of A, keeping what lies
//! inside A, and A's outline is clipped against B the same way. Nothing left on either side
//! means no collision. What is left is the boundary of the overlap A ∩ B, in two kinds of
//! piece: pieces of B's outline inside A, and pieces of A's outline inside B.
//!
//! - **Point**: the centroid of the overlap's vertices (B's vertices inside A, A's vertices
//!   inside B, and the crossing points), a single point.
//! - **Normal**: the normalised sum of the pieces' outward normals, each weighted by its
//!   length: the two-dimensional form of summing area-weighted face normals. The outline of
//!   a closed region integrates its outward normal to zero, so the weighted normals of B's
//!   pieces are exactly minus those of A's pieces. This module sums A's pieces minus B's
//!   pieces, which points from A to B and is symmetric: swapping the shapes negates the
//!   normal and keeps the point and depth.
//! - **Depth**: the spread of the overlap's vertices along that normal.
//!
//! Limits, measured by `cavefly lab`: the normal is a weighted average, not the minimum
//! translation, so for corners and deep overlaps it tilts away from the exact axis and
//! moving B by depth along it does not always separate the shapes. When one shape lies wholly
//! inside the other, its pieces' normals cancel to nothing; the method then falls back to the
//! direction between the centroids, which is a guess. There are no speculative contacts:
//! separated shapes give `None`.

use super::{FeatureId, FeatureKind, Manifold, ManifoldPoint};
use crate::geom::{ConvexPolygon, Transform, Vec2};

/// A point this far (relative to the shapes' size) outside an edge line still counts as
/// inside it, so that a vertex lying on the other shape's edge is not lost to rounding.
/// Larger reports touching shapes as overlapping from farther apart; smaller lets a resting
/// contact flicker in and out as rounding moves the vertex by an ulp.
pub const CLIP_PLANE_TOLERANCE_REL: f64 = 1e-9;

/// When the length-weighted normal sum is shorter than this fraction of the shapes' size,
/// the pieces' normals have cancelled (one shape inside the other) and the normal is
/// undefined: the direction between the centroids is used instead. Larger gives up on
/// genuine but thin overlaps; smaller trusts a direction made of rounding noise.
pub const CLIP_NORMAL_MIN_REL: f64 = 1e-9;

/// What clipping found, in one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipContact {
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// Spread of the overlap's vertices along the normal.
    pub depth: f64,
    /// Centroid of the overlap's vertices.
    pub point: Vec2,
    /// Whether the weighted normals cancelled and the centroid direction was used.
    pub fallback_normal: bool,
    /// A's edge with the longest piece inside B (0 when none).
    pub edge_a: usize,
    /// B's edge with the longest piece inside A (0 when none).
    pub edge_b: usize,
}

/// Contact between two placed convex polygons by clipping, or `None` when nothing of
/// either outline lies inside the other.
pub fn collide_polygons(
    a: &ConvexPolygon,
    xf_a: &Transform,
    b: &ConvexPolygon,
    xf_b: &Transform,
) -> Option<Manifold> {
    // Work in A's frame, where A's vertices and normals are used as stored.
    let rel = xf_a.inv_mul(xf_b);
    let bv: Vec<Vec2> = b.vertices().iter().map(|v| rel.apply(*v)).collect();
    let bn: Vec<Vec2> = b.normals().iter().map(|n| rel.q.rotate(*n)).collect();
    let scale = a.radius().max(b.radius());
    let c = clip_outlines(a.vertices(), a.normals(), &bv, &bn, scale)?;
    let id = FeatureId {
        reference_is_b: false,
        reference_edge: c.edge_a as u8,
        incident: c.edge_b as u8,
        kind: FeatureKind::Centroid,
    };
    let point = ManifoldPoint {
        point: c.point,
        depth: c.depth,
        id,
    };
    Some(Manifold::new(c.normal, &[point]).transformed(xf_a))
}

/// Clips two convex counter-clockwise outlines (vertices and outward edge normals, one
/// frame) against each other. `scale` is the shapes' size, for the relative tolerances.
pub fn clip_outlines(
    av: &[Vec2],
    an: &[Vec2],
    bv: &[Vec2],
    bn: &[Vec2],
    scale: f64,
) -> Option<ClipContact> {
    let tol = CLIP_PLANE_TOLERANCE_REL * scale;
    let mut verts: Vec<Vec2> = Vec::with_capacity(2 * (av.len() + bv.len()));
    let b_side = clip_boundary(bv, bn, av, an, tol, &mut verts, true);
    let a_side = clip_boundary(av, an, bv, bn, tol, &mut verts, false);
    if verts.is_empty() {
        return None;
    }
    let sum = a_side.weighted_normal - b_side.weighted_normal;
    let centroid_gap = centroid(bv) - centroid(av);
    let (normal, fallback_normal) = if sum.length() > CLIP_NORMAL_MIN_REL * scale {
        (sum.normalize(), false)
    } else {
        (centroid_gap.try_normalize().unwrap_or(Vec2::Y), true)
    };
    let (lo, hi) = verts
        .iter()
        .map(|v| v.dot(normal))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), d| {
            (lo.min(d), hi.max(d))
        });
    Some(ClipContact {
        normal,
        depth: hi - lo,
        point: centroid(&verts),
        fallback_normal,
        edge_a: a_side.longest_edge,
        edge_b: b_side.longest_edge,
    })
}

/// The pieces of one outline inside the other shape, summarised.
struct Side {
    /// Sum of the pieces' outward normals weighted by their lengths.
    weighted_normal: Vec2,
    /// The edge with the longest piece.
    longest_edge: usize,
}

/// Clips every edge of outline `pv` (normals `pn`) to the convex shape `(cv, cn)`, adds the
/// kept pieces' weighted normals, and pushes the overlap's vertices that this side owns: the
/// outline's own vertices inside the shape, and, when `with_crossings`, the points where an
/// edge crosses into or out of it (the crossings are shared, so only one side adds them).
fn clip_boundary(
    pv: &[Vec2],
    pn: &[Vec2],
    cv: &[Vec2],
    cn: &[Vec2],
    tol: f64,
    verts: &mut Vec<Vec2>,
    with_crossings: bool,
) -> Side {
    let mut side = Side {
        weighted_normal: Vec2::ZERO,
        longest_edge: 0,
    };
    let mut longest = 0.0;
    for i in 0..pv.len() {
        let (p0, p1) = (pv[i], pv[(i + 1) % pv.len()]);
        let Some((t0, t1)) = clip_segment(p0, p1, cv, cn, tol) else {
            continue;
        };
        let length = (t1 - t0) * (p1 - p0).length();
        side.weighted_normal += pn[i] * length;
        if length > longest {
            longest = length;
            side.longest_edge = i;
        }
        if t0 == 0.0 {
            verts.push(p0);
        } else if with_crossings {
            verts.push(p0.lerp(p1, t0));
        }
        if with_crossings && t1 < 1.0 {
            verts.push(p0.lerp(p1, t1));
        }
    }
    side
}

/// The parameter range `[t0, t1]` of the segment `p0 → p1` that lies inside every half-plane
/// `n · (x − v) <= tol` of the convex shape (Liang–Barsky), or `None` when none of it does.
/// Crossing points are placed on the edge lines themselves; `tol` only decides what counts.
fn clip_segment(p0: Vec2, p1: Vec2, cv: &[Vec2], cn: &[Vec2], tol: f64) -> Option<(f64, f64)> {
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (v, n) in cv.iter().zip(cn) {
        let d0 = n.dot(p0 - *v);
        let d1 = n.dot(p1 - *v);
        if d0 > tol && d1 > tol {
            return None;
        }
        if d0 > tol {
            // Enters the half-plane where the signed distance is zero, or at its end point
            // when that is only within the tolerance.
            t0 = t0.max(if d1 < 0.0 { d0 / (d0 - d1) } else { 1.0 });
        } else if d1 > tol {
            t1 = t1.min(if d0 < 0.0 { d0 / (d0 - d1) } else { 0.0 });
        }
        if t0 > t1 {
            return None;
        }
    }
    Some((t0, t1))
}

/// The mean of a set of points (the vertex centroid, not the area centroid).
fn centroid(points: &[Vec2]) -> Vec2 {
    points.iter().copied().sum::<Vec2>() / points.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(hw: f64, hh: f64) -> ConvexPolygon {
        ConvexPolygon::rect(hw, hh).unwrap()
    }

    #[test]
    fn box_sunk_into_a_floor_gives_the_face_normal_and_overlap_depth() {
        let floor = boxed(2.0, 0.5);
        let top = boxed(0.5, 0.5);
        let xf = Transform::from_translation(Vec2::new(0.3, 0.99));
        let m = collide_polygons(&floor, &Transform::IDENTITY, &top, &xf).unwrap();
        assert!((m.normal - Vec2::Y).length() < 1e-12, "{:?}", m.normal);
        assert_eq!(m.points().len(), 1);
        assert!((m.points()[0].depth - 0.01).abs() < 1e-12);
        // The overlap is [-0.2, 0.8] × [0.49, 0.5]; its four corners average to its middle.
        assert!((m.points()[0].point - Vec2::new(0.3, 0.495)).length() < 1e-12);
    }

    #[test]
    fn swapping_the_shapes_negates_the_normal_and_keeps_point_and_depth() {
        let a = ConvexPolygon::regular(5, 1.0).unwrap();
        let b = boxed(0.7, 0.3);
        let (xf_a, xf_b) = (
            Transform::new(Vec2::new(0.2, -0.1), 0.4),
            Transform::new(Vec2::new(1.1, 0.6), -0.9),
        );
        let ab = collide_polygons(&a, &xf_a, &b, &xf_b).unwrap();
        let ba = collide_polygons(&b, &xf_b, &a, &xf_a).unwrap();
        assert!((ab.normal + ba.normal).length() < 1e-12);
        assert!((ab.points()[0].point - ba.points()[0].point).length() < 1e-12);
        assert!((ab.points()[0].depth - ba.points()[0].depth).abs() < 1e-12);
    }

    #[test]
    fn a_shape_wholly_inside_falls_back_to_the_centroid_direction() {
        let big = boxed(2.0, 2.0);
        let small = boxed(0.2, 0.2);
        let xf = Transform::from_translation(Vec2::new(0.5, 0.0));
        let c = clip_outlines(
            big.vertices(),
            big.normals(),
            &small
                .vertices()
                .iter()
                .map(|v| xf.apply(*v))
                .collect::<Vec<_>>(),
            small.normals(),
            2.0,
        )
        .unwrap();
        assert!(c.fallback_normal);
        assert!((c.normal - Vec2::X).length() < 1e-12);
        // The spread of the small box along x is its width, not the 1.7 m needed to clear.
        assert!((c.depth - 0.4).abs() < 1e-12);
    }

    #[test]
    fn separated_boxes_have_no_contact() {
        let a = boxed(1.0, 1.0);
        let xf = Transform::from_translation(Vec2::new(2.0 + 1e-6, 0.0));
        assert!(collide_polygons(&a, &Transform::IDENTITY, &a, &xf).is_none());
    }
}
