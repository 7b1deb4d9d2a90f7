//! Dual-edge contact points: stability of resting contact, invariance under rigid motion and
//! argument order, and every point inside both shapes.

use crate::common::*;
use cavefly::collide::{contact, Manifold};
use cavefly::constants::SPECULATIVE_DISTANCE;
use cavefly::geom::{ConvexPolygon, Rot, Shape, Transform, Vec2};
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

/// How far `p` lies inside `shape` (world vertices, counter-clockwise) past the face whose
/// outward normal is nearest `outward`: the overlap a contact point there carries.
fn depth_past_face(shape: &[Vec2], outward: Vec2, p: Vec2) -> f64 {
    let n = shape.len();
    let (face, normal) = (0..n)
        .map(|i| {
            let e = shape[(i + 1) % n] - shape[i];
            (i, Vec2::new(e.y, -e.x).normalize())
        })
        .max_by(|x, y| x.1.dot(outward).total_cmp(&y.1.dot(outward)))
        .unwrap();
    -normal.dot(p - shape[face])
}

/// Whether `p` lies on the outline of a convex polygon (world vertices, counter-clockwise):
/// its largest signed distance outside the edges' lines is zero.
fn on_outline(shape: &[Vec2], p: Vec2) -> bool {
    let n = shape.len();
    let outside = (0..n)
        .map(|i| {
            let e = shape[(i + 1) % n] - shape[i];
            Vec2::new(e.y, -e.x).normalize().dot(p - shape[i])
        })
        .fold(f64::NEG_INFINITY, f64::max);
    outside.abs() < 1e-9
}

#[test]
fn each_resting_point_carries_its_own_overlap() {
    // A box resting tilted on another, sunk a little: the two corners of the lower face sink
    // by different amounts, and each contact point must report its own (the deeper corner's
    // depth on the shallow point lifts that corner every step).
    let mut seed = 0x5eed_u64;
    let mut next = |lo: f64, hi: f64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + (hi - lo) * ((seed >> 11) as f64 / (1u64 << 53) as f64)
    };
    let mut two_point = 0;
    for case in 0..20_000 {
        let (hw_a, hh_a) = (next(0.3, 2.0), next(0.2, 1.0));
        let (hw_b, hh_b) = (next(0.2, 1.5), next(0.2, 1.0));
        let lower = ConvexPolygon::rect(hw_a, hh_a).unwrap();
        let upper = ConvexPolygon::rect(hw_b, hh_b).unwrap();
        let tilt = next(-0.03, 0.03);
        let sink = next(0.0, 0.01);
        // The upper box's lowest corner sinks `sink` below the lower box's top face.
        let half_drop = hw_b * tilt.abs().sin() + hh_b * tilt.cos();
        let x = next(-0.5, 0.5) * (hw_a - hw_b).abs();
        let turn = next(-3.0, 3.0);
        let xf_a = Transform::new(Vec2::new(next(-5.0, 5.0), next(-5.0, 5.0)), turn);
        let xf_b = Transform::new(
            xf_a.apply(Vec2::new(x, hh_a + half_drop - sink)),
            turn + tilt,
        );
        let flip = case % 2 == 1;
        let (sa, xa, sb, xb) = if flip {
            (&upper, xf_b, &lower, xf_a)
        } else {
            (&lower, xf_a, &upper, xf_b)
        };
        let (sa_s, sb_s): (Shape, Shape) = ((*sa).into(), (*sb).into());
        // A wider upper box can hang its low corner past the lower box's end and miss it.
        let Some(m) = contact(&sa_s, &xa, &sb_s, &xb) else {
            continue;
        };
        let (wa, wb) = (sa.transformed(&xa), sb.transformed(&xb));
        if m.points().len() == 2 {
            two_point += 1;
        }
        for p in m.points() {
            // The point lies on the incident shape's outline; it carries how far it is
            // inside the reference shape past the face the normal leaves through (negative
            // when still apart). Which shape is the reference is the manifold's to say.
            let (incident, own) = if p.id.reference_is_b {
                (
                    wa.vertices(),
                    depth_past_face(wb.vertices(), -m.normal, p.point),
                )
            } else {
                (
                    wb.vertices(),
                    depth_past_face(wa.vertices(), m.normal, p.point),
                )
            };
            assert!(
                on_outline(incident, p.point),
                "case {case}: a point off the outline"
            );
            assert!(
                (p.depth - own).abs() <= 1e-9,
                "case {case}: a point reports depth {} but its own overlap is {own}",
                p.depth
            );
        }
    }
    assert!(two_point > 10_000, "only {two_point} two-point manifolds");
}

#[test]
fn warm_started_contacts_match_cold_ones() {
    // Each random pair moves a little per step, like a pair of bodies in the world, and the
    // warm query (GJK from the pair's last simplex) must give the cold query's manifold:
    // the same normal, depths and points to 1e-12 of the size, and the same feature ids.
    use cavefly::collide::{contact_cached, contact_within, gjk::SimplexCache};
    let mut runner = proptest::test_runner::TestRunner::new(config(1));
    let pairs = proptest::collection::vec(arb_pair(0.05, 5.0), 2000);
    let pairs = {
        use proptest::strategy::ValueTree;
        pairs.new_tree(&mut runner).unwrap().current()
    };
    let (mut compared, mut touching) = (0, 0);
    for (k, (a, xf_a, b, xf_b)) in pairs.into_iter().enumerate() {
        let (sa, sb) = (shape(&a), shape(&b));
        let size = scale(&a, &b);
        let margin = SPECULATIVE_DISTANCE.max(0.05 * size);
        let mut cache = SimplexCache::default();
        // Fifty steps along a slow drift and turn.
        let drift = Vec2::new((k as f64).sin(), (k as f64 * 1.7).cos()) * (0.004 * size);
        for step in 0..50 {
            let t = step as f64;
            let xb = Transform {
                p: xf_b.p + drift * t,
                q: Rot::from_angle(xf_b.q.angle() + 0.003 * t),
            };
            let warm = contact_cached(&sa, &xf_a, &sb, &xb, margin, &mut cache);
            let cold = contact_within(&sa, &xf_a, &sb, &xb, margin);
            compared += 1;
            match (&warm, &cold) {
                (None, None) => {}
                (Some(w), Some(c)) => {
                    touching += 1;
                    let tol = 1e-12 * size.max(1.0);
                    assert!(
                        (w.normal - c.normal).length() <= 1e-12,
                        "pair {k} step {step}: normals {:?} {:?}",
                        w.normal,
                        c.normal
                    );
                    assert_eq!(w.points().len(), c.points().len(), "pair {k} step {step}");
                    for (pw, pc) in w.points().iter().zip(c.points()) {
                        assert_eq!(pw.id, pc.id, "pair {k} step {step}");
                        assert!(
                            (pw.point - pc.point).length() <= tol,
                            "pair {k} step {step}"
                        );
                        assert!((pw.depth - pc.depth).abs() <= tol, "pair {k} step {step}");
                    }
                }
                _ => panic!("pair {k} step {step}: warm {warm:?} cold {cold:?}"),
            }
        }
    }
    assert!(touching > compared / 4, "{touching} of {compared} touching");
}
