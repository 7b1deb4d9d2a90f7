//! GJK and EPA against the exact separating-axis answer on random convex polygon pairs
//! (sizes 0.01 to 100, random transforms), 100,000 pairs per run.

use crate::common::*;
use cavefly::collide::{epa, gjk, proxy::Proxy};
use proptest::prelude::*;

/// Pairs within this fraction of their size of touching may disagree on overlap.
const OVERLAP_BAND_REL: f64 = 1e-5;
/// EPA depth must match the exact depth within this fraction.
const DEPTH_REL: f64 = 1e-4;
/// EPA's normal must be within this angle of an exact minimum-overlap axis.
const NORMAL_RAD: f64 = 1e-3;

proptest! {
    #![proptest_config(config(100_000))]

    #[test]
    fn gjk_overlap_and_epa_depth_and_normal_match_separating_axes(
        (a, xf_a, b, xf_b) in arb_pair(0.01, 100.0)
    ) {
        let (wa, wb) = (world(&a, &xf_a), world(&b, &xf_b));
        let exact = sat(&wa, &wb);
        let size = scale(&a, &b);
        let pa = Proxy::from_shape_in(&shape(&a), &xf_a);
        let pb = Proxy::from_shape_in(&shape(&b), &xf_b);
        let g = gjk::distance_proxies(&pa, &pb, None);
        let gjk_overlaps = g.distance == 0.0;

        if exact.separation.abs() > OVERLAP_BAND_REL * size {
            prop_assert_eq!(gjk_overlaps, exact.separation < 0.0,
                "GJK overlap {} but exact separation {} (size {})", gjk_overlaps, exact.separation, size);
        }
        if exact.separation > 0.0 && !gjk_overlaps {
            // The separating-axis gap is a lower bound of the true distance, and the
            // vertex-to-edge brute force gives it exactly.
            prop_assert!(g.distance >= exact.separation - 1e-9 * size);
            let brute = brute_force_distance(&wa, &wb);
            prop_assert!((g.distance - brute).abs() <= 1e-9 * size, "GJK {} brute force {}", g.distance, brute);
        }
        if gjk_overlaps && exact.separation < -OVERLAP_BAND_REL * size {
            let depth = -exact.separation;
            let p = epa::penetration(&pa, &pb, &g.simplex);
            let tol = DEPTH_REL * depth + 1e-9 * size;
            prop_assert!((p.depth - depth).abs() <= tol,
                "EPA depth {} exact {} ({:?})", p.depth, depth, p.case);
            // Moving B by depth along the normal separates exactly: the overlap along the
            // normal equals the depth.
            let along = overlap_along(&wa, &wb, p.normal);
            prop_assert!((along - depth).abs() <= tol, "overlap along EPA normal {} vs {}", along, depth);
            // And the normal is one of the exact minimum axes (ties allowed).
            let best_angle = exact.axes.iter()
                .filter(|(_, o)| *o <= depth + tol)
                .map(|(n, _)| n.angle_to(p.normal).abs())
                .fold(f64::INFINITY, f64::min);
            prop_assert!(best_angle <= NORMAL_RAD, "normal {:?} is {} rad from every minimum axis", p.normal, best_angle);
        }
    }
}
