//! Degenerate input never panics: bad polygons are refused at construction with the named
//! error, and non-finite transforms give no contact.

use cavefly::collide::{contact, gjk, ray_cast, RayCast};
use cavefly::geom::{Circle, ConvexPolygon, Segment, Shape, ShapeError, Transform, Vec2};

fn shapes() -> Vec<Shape> {
    vec![
        Circle::new(Vec2::ZERO, 0.5).unwrap().into(),
        Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0))
            .unwrap()
            .into(),
        ConvexPolygon::rect(0.5, 0.25).unwrap().into(),
        ConvexPolygon::regular(8, 0.7).unwrap().into(),
    ]
}

#[test]
fn zero_area_and_duplicate_vertex_polygons_are_refused_by_name() {
    let p = Vec2::new(1.0, 2.0);
    assert!(matches!(
        ConvexPolygon::new(&[p, p, p, p]),
        Err(ShapeError::Degenerate { .. })
    ));
    let line = [Vec2::ZERO, Vec2::new(1.0, 1.0), Vec2::new(3.0, 3.0)];
    assert!(matches!(
        ConvexPolygon::new(&line),
        Err(ShapeError::Degenerate { .. })
    ));
    let dup = [Vec2::ZERO, Vec2::ZERO, Vec2::X, Vec2::X];
    assert!(matches!(
        ConvexPolygon::new(&dup),
        Err(ShapeError::Degenerate { .. })
    ));
    assert!(matches!(
        ConvexPolygon::hull(&[p, p, p]),
        Err(ShapeError::Degenerate { .. })
    ));
    assert!(matches!(
        Circle::new(Vec2::ZERO, f64::NAN),
        Err(ShapeError::NonFinite { .. })
    ));
    assert!(matches!(
        Circle::new(Vec2::ZERO, -1.0),
        Err(ShapeError::NotPositive { .. })
    ));
}

#[test]
fn non_finite_transforms_give_none_for_every_pair() {
    let good = Transform::IDENTITY;
    let bad = [
        Transform::from_translation(Vec2::new(f64::NAN, 0.0)),
        Transform::from_translation(Vec2::new(0.0, f64::INFINITY)),
        Transform::new(Vec2::ZERO, f64::NAN),
    ];
    for a in shapes() {
        for b in shapes() {
            for xf in &bad {
                assert!(contact(&a, xf, &b, &good).is_none());
                assert!(contact(&a, &good, &b, xf).is_none());
                assert!(gjk::distance(&a, xf, &b, &good, None).is_none());
            }
        }
        let ray = RayCast {
            origin: Vec2::new(f64::NAN, 0.0),
            translation: Vec2::X,
            max_fraction: 1.0,
        };
        assert!(ray_cast(&a, &good, &ray).is_none());
    }
}

#[test]
fn coincident_shapes_still_give_a_finite_contact() {
    for a in shapes() {
        for b in shapes() {
            if let Some(m) = contact(&a, &Transform::IDENTITY, &b, &Transform::IDENTITY) {
                assert!(m.is_finite() && !m.points().is_empty());
                assert!((m.normal.length() - 1.0).abs() < 1e-9, "{a:?} {b:?} {m:?}");
            }
        }
    }
}
