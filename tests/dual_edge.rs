//! Dual-edge contact points: stability of resting contact, invariance under rigid motion and
//! argument order, and every point inside both shapes.

mod common;

use cavefly::collide::{contact, Manifold};
use cavefly::constants::SPECULATIVE_DISTANCE;
use cavefly::geom::{ConvexPolygon, Rot, Shape, Transform, Vec2};
use common::*;
use proptest::prelude::*;

fn boxed(hw: f64, hh: f64) -> Shape {
    ConvexPolygon::rect(hw, hh).unwrap().into()
}

/// A 4 × 1 floor box at the origin and a 1 × 1 box resting on it, overlapping the floor's
/// right end, sunk 1 mm, and turned by `tilt` about its centre.
fn resting(tilt: f64) -> Manifold {
    let floor = boxed(2.0, 0.5);
    let top = boxed(0.5, 0.5);
    let xf_top = Transform::new(Vec2::new(1.8, 0.999), tilt);
    contact(&floor, &Transform::IDENTITY, &top, &xf_top).expect("touching")
}

fn sorted_x(m: &Manifold) -> Vec<Vec2> {
    let mut p: Vec<Vec2> = m.points().iter().map(|p| p.point).collect();
    p.sort_by(|a, b| a.x.total_cmp(&b.x));
    p
}

#[test]
fn box_resting_flat_gives_two_points_at_the_ends_of_the_overlap() {
    let m = resting(0.0);
    assert_eq!(m.points().len(), 2);
    assert!((m.normal - Vec2::Y).length() < 1e-12);
    // The overlap of [-2, 2] and [1.3, 2.3] is [1.3, 2.0]; points sit on the incident
    // (smaller) box's bottom face, 1 mm below the floor's top.
    let p = sorted_x(&m);
    assert!((p[0] - Vec2::new(1.3, 0.499)).length() < 1e-9, "{:?}", p[0]);
    assert!((p[1] - Vec2::new(2.0, 0.499)).length() < 1e-9, "{:?}", p[1]);
    for point in m.points() {
        assert!((point.depth - 0.001).abs() < 1e-9);
    }
}

#[test]
fn tiny_tilt_keeps_both_points_in_place() {
    let flat = sorted_x(&resting(0.0));
    for tilt in [1e-4, -1e-4] {
        let m = resting(tilt);
        assert_eq!(m.points().len(), 2, "tilt {tilt}");
        for (p, q) in sorted_x(&m).iter().zip(&flat) {
            assert!(
                (*p - *q).length() <= 1e-3,
                "tilt {tilt}: {p:?} moved from {q:?}"
            );
        }
    }
}

#[test]
fn tilted_box_feature_ids_stay_the_same_for_small_motion() {
    let ids = |m: &Manifold| {
        let mut k: Vec<u32> = m.points().iter().map(|p| p.id.key()).collect();
        k.sort();
        k
    };
    let a = resting(2e-4);
    let b = resting(3e-4);
    assert_eq!(ids(&a), ids(&b));
}

fn moved(m: &Manifold, xf: &Transform) -> Vec<Vec2> {
    let mut p: Vec<Vec2> = m.points().iter().map(|p| xf.apply(p.point)).collect();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p
}

fn sorted(m: &Manifold) -> Vec<Vec2> {
    moved(m, &Transform::IDENTITY)
}

proptest! {
    #![proptest_config(config(5_000))]

    #[test]
    fn manifold_moves_with_a_rigid_motion_of_the_pair(
        (a, xf_a, b, xf_b) in arb_pair(0.1, 10.0),
        (x, y, angle) in (-50.0f64..50.0, -50.0f64..50.0, -3.2f64..3.2),
    ) {
        let motion = Transform::new(Vec2::new(x, y), angle);
        let before = contact(&shape(&a), &xf_a, &shape(&b), &xf_b);
        let after = contact(&shape(&a), &(motion * xf_a), &shape(&b), &(motion * xf_b));
        let size = scale(&a, &b);
        match (before, after) {
            (Some(m0), Some(m1)) => {
                prop_assert_eq!(m0.points().len(), m1.points().len(), "{:?} vs {:?}", m0, m1);
                prop_assert!((motion.q.rotate(m0.normal) - m1.normal).length() < 1e-9, "{:?} vs {:?}", m0, m1);
                for (p, q) in moved(&m0, &motion).iter().zip(sorted(&m1)) {
                    prop_assert!((*p - q).length() < 1e-9 * size.max(50.0), "{:?} vs {:?}", m0, m1);
                }
            }
            (None, None) => {}
            (m0, m1) => {
                // Only allowed right at the edge of the speculative distance.
                let m = m0.or(m1).unwrap();
                prop_assert!((m.max_depth() + SPECULATIVE_DISTANCE).abs() < 1e-9 * size.max(50.0));
            }
        }
    }

    #[test]
    fn swapping_shapes_negates_the_normal_and_keeps_the_points(
        (a, xf_a, b, xf_b) in arb_pair(0.1, 10.0)
    ) {
        let ab = contact(&shape(&a), &xf_a, &shape(&b), &xf_b);
        let ba = contact(&shape(&b), &xf_b, &shape(&a), &xf_a);
        let size = scale(&a, &b);
        if let (Some(ab), Some(ba)) = (ab, ba) {
            prop_assert!((ab.normal + ba.normal).length() < 1e-6, "{:?} vs {:?}", ab.normal, ba.normal);
            prop_assert_eq!(ab.points().len(), ba.points().len());
            for (p, q) in sorted(&ab).iter().zip(sorted(&ba)) {
                prop_assert!((*p - q).length() < 1e-6 * size, "{:?} vs {:?}", p, q);
            }
        } else {
            prop_assert_eq!(ab.is_some(), ba.is_some());
        }
    }

    #[test]
    fn every_contact_point_lies_inside_both_shapes_grown_by_the_tolerance(
        (a, xf_a, b, xf_b) in arb_pair(0.01, 100.0)
    ) {
        if let Some(m) = contact(&shape(&a), &xf_a, &shape(&b), &xf_b) {
            let (wa, wb) = (world(&a, &xf_a), world(&b, &xf_b));
            let tol = SPECULATIVE_DISTANCE + 1e-9 * scale(&a, &b);
            for p in m.points() {
                prop_assert!(distance_to_polygon(&wa, p.point) <= tol, "{:?} outside A by {}", p, distance_to_polygon(&wa, p.point));
                prop_assert!(distance_to_polygon(&wb, p.point) <= tol, "{:?} outside B by {}", p, distance_to_polygon(&wb, p.point));
            }
        }
    }
}

#[test]
fn rotating_both_boxes_together_keeps_two_points() {
    let floor = boxed(2.0, 0.5);
    let top = boxed(0.5, 0.5);
    for k in 0..16 {
        let r = Rot::from_angle(k as f64 * 0.4);
        let xf_floor = Transform {
            p: Vec2::new(3.0, -1.0),
            q: r,
        };
        let xf_top = xf_floor * Transform::new(Vec2::new(1.8, 0.999), 0.0);
        let m = contact(&floor, &xf_floor, &top, &xf_top).unwrap();
        assert_eq!(m.points().len(), 2, "angle step {k}");
        assert!((m.normal - r.rotate(Vec2::Y)).length() < 1e-9);
    }
}
