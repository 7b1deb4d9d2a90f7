//! The clipping method against the exact separating-axis answer: a contact for every
//! overlapping pair and none for separated ones, symmetry under swapping the shapes, and
//! the source's claim that its normal always separates the shapes — which does not hold.

use crate::common::*;
use cavefly::collide::clip::collide_polygons;
use cavefly::geom::{ConvexPolygon, Transform, Vec2};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

proptest! {
    #![proptest_config(config(4_000))]

    #[test]
    fn finds_a_contact_exactly_for_the_overlapping_pairs(
        (a, xf_a, b, xf_b) in arb_pair(0.01, 100.0)
    ) {
        let exact = sat(&world(&a, &xf_a), &world(&b, &xf_b));
        let m = collide_polygons(&a, &xf_a, &b, &xf_b);
        // Within a hair of touching either answer is right.
        let tol = 1e-8 * scale(&a, &b);
        if exact.separation > tol {
            prop_assert!(m.is_none(), "separated by {} but {:?}", exact.separation, m);
        }
        if exact.separation < -tol {
            let m = m.expect("overlapping pairs have a contact");
            prop_assert_eq!(m.points().len(), 1);
            // The depth is the overlap's spread along the normal, so it is never more than
            // the exact overlap along that same normal.
            let along = overlap_along(&world(&a, &xf_a), &world(&b, &xf_b), m.normal);
            prop_assert!(m.max_depth() <= along + tol, "{} > {}", m.max_depth(), along);
            let p = m.points()[0].point;
            prop_assert!(distance_to_polygon(&world(&a, &xf_a), p) <= tol);
            prop_assert!(distance_to_polygon(&world(&b, &xf_b), p) <= tol);
        }
    }

    #[test]
    fn swapping_the_shapes_negates_the_normal_only(
        (a, xf_a, b, xf_b) in arb_pair(0.1, 10.0)
    ) {
        let ab = collide_polygons(&a, &xf_a, &b, &xf_b);
        let ba = collide_polygons(&b, &xf_b, &a, &xf_a);
        let tol = 1e-9 * scale(&a, &b);
        match (ab, ba) {
            (Some(ab), Some(ba)) => {
                prop_assert!((ab.normal + ba.normal).length() < 1e-9, "{:?} {:?}", ab, ba);
                prop_assert!((ab.points()[0].point - ba.points()[0].point).length() < tol);
                prop_assert!((ab.max_depth() - ba.max_depth()).abs() < tol);
            }
            (None, None) => {}
            (ab, ba) => {
                // Only at touching, where rounding may decide differently.
                let m = ab.or(ba).unwrap();
                prop_assert!(m.max_depth() < tol, "{:?}", m);
            }
        }
    }
}

/// A small box deep inside a large one: the weighted normals cancel, the centroid
/// direction is a guess, and the depth is the small box's own width.
#[test]
fn the_normal_does_not_separate_a_box_sunk_inside_another() {
    let big = ConvexPolygon::rect(2.0, 2.0).unwrap();
    let small = ConvexPolygon::rect(0.2, 0.2).unwrap();
    let xf = Transform::from_translation(Vec2::new(0.5, 0.3));
    let m = collide_polygons(&big, &Transform::IDENTITY, &small, &xf).unwrap();
    let (wa, wb) = (world(&big, &Transform::IDENTITY), world(&small, &xf));
    let after: Vec<Vec2> = wb.iter().map(|v| *v + m.normal * m.max_depth()).collect();
    assert!(sat(&wa, &after).separation < -1.0);
}

/// The source says the normal is "guaranteed to separate the two objects". Among ordinary
/// random overlapping pairs (no containment), some are not separated by moving B by the
/// depth along the normal.
#[test]
fn the_normal_is_not_always_separating_even_without_containment() {
    let runner_config = config(1);
    let mut runner = proptest::test_runner::TestRunner::new(runner_config);
    let strategy = arb_pair(0.1, 10.0);
    let (mut overlapping, mut failures) = (0, 0);
    for _ in 0..3_000 {
        let (a, xf_a, b, xf_b) = strategy.new_tree(&mut runner).unwrap().current();
        let (wa, wb) = (world(&a, &xf_a), world(&b, &xf_b));
        let contained = wb.iter().all(|v| distance_to_polygon(&wa, *v) == 0.0)
            || wa.iter().all(|v| distance_to_polygon(&wb, *v) == 0.0);
        if sat(&wa, &wb).separation >= 0.0 || contained {
            continue;
        }
        overlapping += 1;
        let m = collide_polygons(&a, &xf_a, &b, &xf_b).unwrap();
        let after: Vec<Vec2> = wb.iter().map(|v| *v + m.normal * m.max_depth()).collect();
        if sat(&wa, &after).separation < -1e-9 * scale(&a, &b) {
            failures += 1;
        }
    }
    assert!(overlapping > 500, "{overlapping}");
    assert!(
        failures > 0,
        "all {overlapping} overlapping pairs separated"
    );
    eprintln!("clipping normal failed to separate {failures} of {overlapping} pairs");
}
