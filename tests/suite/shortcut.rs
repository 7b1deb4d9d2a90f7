//! The separating-axis shortcut gives the dual-edge manifold that GJK and EPA give: the same
//! feature ids, and normal, points and depths to 1e-12 of the pair's size, on random pairs,
//! on resting pairs (edges lying on faces, flat or tilted, touching, sunk or hovering) and on
//! polygons against rock segments — and it answers most of them without GJK and EPA.

use crate::common::*;
use cavefly::collide::dual_edge::{collide, collide_by_gjk_epa, collide_by_shortcut};
use cavefly::constants::SPECULATIVE_DISTANCE;
use cavefly::tools::lab_shortcut::{
    compare, random_placed_pairs, resting_pairs, segment_pairs, Agreement,
};
use proptest::prelude::*;

fn assert_agrees(a: &Agreement, least_share_by_shortcut: f64) {
    assert_eq!(
        a.agree, a.pairs,
        "first disagreement: {:?}",
        a.first_mismatch
    );
    assert_eq!(a.shortcut_wrong, 0);
    // The manifolds are equal to the bit, not only within the tolerance.
    assert_eq!(a.identical, a.pairs);
    let share = a.shortcut as f64 / a.pairs as f64;
    assert!(
        share >= least_share_by_shortcut,
        "the shortcut answered only {share:.3} of the pairs"
    );
}

#[test]
fn random_polygon_pairs_agree() {
    let a = compare(&random_placed_pairs(40_000, 11));
    // About half of them touch: the comparison is not only of empty answers.
    assert!(a.contacts > a.pairs / 3, "{a:?}");
    // Only pairs tied to rounding (none expected at random) go to GJK and EPA.
    assert_agrees(&a, 0.99);
}

#[test]
fn resting_pairs_agree() {
    let a = compare(&resting_pairs(40_000, 12));
    assert!(a.contacts > a.pairs / 2, "{a:?}");
    // Corners over the ends of faces and ties are left to GJK and EPA; the rest is most.
    assert_agrees(&a, 0.8);
}

#[test]
fn polygons_on_rock_segments_agree() {
    let a = compare(&segment_pairs(20_000, 13));
    assert!(a.contacts > a.pairs / 3, "{a:?}");
    assert_agrees(&a, 0.9);
}

proptest! {
    #![proptest_config(config(20_000))]

    /// Sizes from 1 cm (smaller than the speculative distance, so whole edges fall within
    /// it) to 100 m.
    #[test]
    fn pairs_of_every_size_agree((a, xf_a, b, xf_b) in arb_pair(0.01, 100.0)) {
        let (a, b) = (shape(&a), shape(&b));
        let margin = SPECULATIVE_DISTANCE;
        let reference = collide_by_gjk_epa(&a, &xf_a, &b, &xf_b, margin);
        prop_assert_eq!(collide(&a, &xf_a, &b, &xf_b, margin), reference);
        if let Some(own) = collide_by_shortcut(&a, &xf_a, &b, &xf_b, margin) {
            prop_assert_eq!(own, reference);
        }
    }
}
