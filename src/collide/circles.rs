//! Contacts involving circles, in closed form: circle/circle, segment/circle and
//! polygon/circle.

use super::{FeatureId, Manifold, ManifoldPoint};
use crate::geom::{Circle, ConvexPolygon, Segment, Transform, Vec2};

/// One-point manifold between a point `pa` on A's core (radius `ra`) and `pb` on B's core
/// (radius `rb`), with `fallback` as the normal when the cores coincide.
fn round_contact(
    pa: Vec2,
    ra: f64,
    pb: Vec2,
    rb: f64,
    fallback: Vec2,
    margin: f64,
) -> Option<Manifold> {
    let d = pb - pa;
    let dist = d.length();
    let separation = dist - ra - rb;
    if separation > margin {
        return None;
    }
    let normal = if dist > 1e-12 * (ra + rb) {
        d / dist
    } else {
        fallback
    };
    let on_a = pa + ra * normal;
    let on_b = pb - rb * normal;
    Some(Manifold::new(
        normal,
        &[ManifoldPoint {
            point: 0.5 * (on_a + on_b),
            depth: -separation,
            id: FeatureId::ROUND,
        }],
    ))
}

/// Circle A against circle B.
pub fn collide_circles(
    a: &Circle,
    xf_a: &Transform,
    b: &Circle,
    xf_b: &Transform,
    margin: f64,
) -> Option<Manifold> {
    round_contact(
        xf_a.apply(a.center),
        a.radius,
        xf_b.apply(b.center),
        b.radius,
        Vec2::Y,
        margin,
    )
}

/// Segment A against circle B: the circle's centre against the closest point of the segment,
/// end points included. A centre exactly on the segment is pushed along the segment normal.
pub fn collide_segment_circle(
    s: &Segment,
    xf_a: &Transform,
    c: &Circle,
    xf_b: &Transform,
    margin: f64,
) -> Option<Manifold> {
    let center = xf_a.apply_inv(xf_b.apply(c.center));
    let (closest, _) = s.closest_point(center);
    round_contact(closest, 0.0, center, c.radius, s.normal(), margin).map(|m| m.transformed(xf_a))
}

/// Polygon A against circle B. The edge of greatest separation from the centre decides:
/// a centre inside the polygon is pushed out through that edge; outside, the closest
/// feature is that edge or one of its end points (the Voronoi regions of a convex polygon).
pub fn collide_polygon_circle(
    p: &ConvexPolygon,
    xf_a: &Transform,
    c: &Circle,
    xf_b: &Transform,
    margin: f64,
) -> Option<Manifold> {
    let center = xf_a.apply_inv(xf_b.apply(c.center));
    let (vs, ns) = (p.vertices(), p.normals());
    let mut edge = 0;
    let mut separation = f64::NEG_INFINITY;
    for i in 0..vs.len() {
        let s = ns[i].dot(center - vs[i]);
        if s > separation {
            separation = s;
            edge = i;
        }
    }
    if separation - c.radius > margin {
        return None;
    }
    let (v1, v2) = (vs[edge], vs[(edge + 1) % vs.len()]);
    let n = ns[edge];
    let m = if separation <= 0.0 {
        // Centre inside: leave through the nearest edge.
        Manifold::new(
            n,
            &[ManifoldPoint {
                point: center - 0.5 * (separation + c.radius) * n,
                depth: c.radius - separation,
                id: FeatureId::ROUND,
            }],
        )
    } else if (center - v1).dot(v2 - v1) <= 0.0 {
        round_contact(v1, 0.0, center, c.radius, n, margin)?
    } else if (center - v2).dot(v1 - v2) <= 0.0 {
        round_contact(v2, 0.0, center, c.radius, n, margin)?
    } else {
        let foot = center - separation * n;
        round_contact(foot, 0.0, center, c.radius, n, margin)?
    };
    Some(m.transformed(xf_a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constants::SPECULATIVE_DISTANCE as M;

    fn circle(r: f64) -> Circle {
        Circle::new(Vec2::ZERO, r).unwrap()
    }

    #[test]
    fn overlapping_circles() {
        let m = collide_circles(
            &circle(1.0),
            &Transform::IDENTITY,
            &circle(0.5),
            &Transform::from_translation(Vec2::new(0.0, 1.25)),
            M,
        )
        .unwrap();
        assert_eq!(m.points().len(), 1);
        assert!((m.normal - Vec2::Y).length() < 1e-12);
        assert!((m.points()[0].depth - 0.25).abs() < 1e-12);
        assert!((m.points()[0].point - Vec2::new(0.0, 0.875)).length() < 1e-12);
        assert!(collide_circles(
            &circle(1.0),
            &Transform::IDENTITY,
            &circle(0.5),
            &Transform::from_translation(Vec2::new(2.0, 0.0)),
            M,
        )
        .is_none());
    }

    #[test]
    fn circle_against_segment_end_point() {
        let s = Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap();
        let m = collide_segment_circle(
            &s,
            &Transform::IDENTITY,
            &circle(0.5),
            &Transform::from_translation(Vec2::new(1.3, 0.4)),
            M,
        )
        .unwrap();
        assert!((m.normal - Vec2::new(0.6, 0.8)).length() < 1e-12);
        assert!((m.points()[0].depth - 0.0).abs() < 1e-12);
    }

    #[test]
    fn circle_against_box_face_corner_and_inside() {
        let b = ConvexPolygon::rect(1.0, 1.0).unwrap();
        let id = Transform::IDENTITY;
        let face = collide_polygon_circle(
            &b,
            &id,
            &circle(0.5),
            &Transform::from_translation(Vec2::new(0.2, 1.4)),
            M,
        )
        .unwrap();
        assert!((face.normal - Vec2::Y).length() < 1e-12);
        assert!((face.points()[0].depth - 0.1).abs() < 1e-12);
        let corner = collide_polygon_circle(
            &b,
            &id,
            &circle(0.5),
            &Transform::from_translation(Vec2::new(1.3, 1.4)),
            M,
        )
        .unwrap();
        assert!((corner.normal - Vec2::new(0.6, 0.8)).length() < 1e-12);
        let inside = collide_polygon_circle(
            &b,
            &id,
            &circle(0.5),
            &Transform::from_translation(Vec2::new(0.0, 0.8)),
            M,
        )
        .unwrap();
        assert!((inside.normal - Vec2::Y).length() < 1e-12);
        assert!((inside.points()[0].depth - 0.7).abs() < 1e-12);
    }
}
