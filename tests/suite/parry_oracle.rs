//! parry2d as a peer oracle: on 10,000 random convex polygon pairs, our GJK distance and EPA
//! penetration depth agree with parry2d's (which works in single precision). Where they
//! differ, the exact answer (brute force for distance, separating axes for depth) decides,
//! and it must always be ours that is right.

use crate::common::*;
use cavefly::collide::{epa, gjk, proxy::Proxy};
use cavefly::geom::{ConvexPolygon, Transform};
use parry2d::math::{Pose, Vector};
use parry2d::query;
use parry2d::shape::ConvexPolygon as ParryPolygon;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

/// parry2d computes in single precision and stops GJK at a relative tolerance; its distances
/// were seen up to about 1e-3 of the shapes' size off the brute-force answer.
const TOLERANCE_REL: f64 = 2e-3;
/// Pairs tested.
const PAIRS: usize = 10_000;

fn to_parry(p: &ConvexPolygon) -> ParryPolygon {
    let pts: Vec<Vector> = p
        .vertices()
        .iter()
        .map(|v| Vector::new(v.x as f32, v.y as f32))
        .collect();
    // Our polygons are already convex and counter-clockwise; parry2d's validating
    // constructors drop vertices with their own tolerances, so take the outline as it is.
    ParryPolygon::from_convex_polyline_unmodified(pts).expect("a convex outline")
}

fn pose(xf: &Transform) -> Pose {
    Pose::new(
        Vector::new(xf.p.x as f32, xf.p.y as f32),
        xf.q.angle() as f32,
    )
}

#[test]
fn distance_and_depth_agree_with_parry2d() {
    let mut runner = TestRunner::new(config(PAIRS as u32));
    let strategy = arb_pair(0.1, 10.0);
    let (mut agree, mut parry_wrong, mut overlapping) = (0, Vec::new(), 0);
    for _ in 0..PAIRS {
        let (a, xf_a, b, xf_b) = strategy.new_tree(&mut runner).expect("a pair").current();
        let size = scale(&a, &b);
        let tol = TOLERANCE_REL * size;
        let (wa, wb) = (world(&a, &xf_a), world(&b, &xf_b));
        let (qa, qb) = (to_parry(&a), to_parry(&b));
        let (pose_a, pose_b) = (pose(&xf_a), pose(&xf_b));
        let pa = Proxy::from_shape_in(&shape(&a), &xf_a);
        let pb = Proxy::from_shape_in(&shape(&b), &xf_b);
        let g = gjk::distance_proxies(&pa, &pb, None);

        let (ours, theirs, exact) = if g.distance > 0.0 {
            let theirs = query::distance(&pose_a, &qa, &pose_b, &qb)
                .expect("supported pair")
                .distance as f64;
            (g.distance, theirs, brute_force_distance(&wa, &wb))
        } else {
            overlapping += 1;
            let ours = epa::penetration(&pa, &pb, &g.simplex).depth;
            // parry2d reports penetration as a negative distance, or no contact right at
            // touching.
            let contact = query::contact(&pose_a, &qa, &pose_b, &qb, 0.0).expect("supported pair");
            (
                ours,
                contact.map_or(0.0, |c| -(c.dist as f64)),
                -sat(&wa, &wb).separation,
            )
        };
        assert!(
            (ours - exact).abs() <= 1e-9 * size + 1e-6 * tol,
            "ours {ours} exact {exact}"
        );
        if (ours - theirs).abs() <= tol {
            agree += 1;
        } else {
            assert!(
                (theirs - exact).abs() > tol,
                "parry2d {theirs} right, ours {ours} wrong"
            );
            parry_wrong.push((ours, theirs));
        }
    }
    eprintln!(
        "{agree} of {PAIRS} pairs agree ({overlapping} overlapping); parry2d is off the exact answer on {}: {:?}",
        parry_wrong.len(),
        &parry_wrong[..parry_wrong.len().min(5)]
    );
    assert!(
        overlapping > PAIRS / 4 && overlapping < 3 * PAIRS / 4,
        "both kinds of pair are tested"
    );
    assert!(
        agree * 100 >= PAIRS * 99,
        "agreement below 99%: {agree} of {PAIRS}"
    );
}
