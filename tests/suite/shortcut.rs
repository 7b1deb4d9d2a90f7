//! The separating-axis shortcut gives the dual-edge manifold that GJK and EPA give: the same
//! feature ids, and normal, points and depths to 1e-12 of the pair's size, on random pairs,
//! on resting pairs (edges lying on faces, flat or tilted, touching, sunk or hovering) and on
//! polygons against rock segments, and on awkward ones (slivers, a tiny edge, 100 km from
//! the origin, sizes from 0.1 mm to 10 km) — and it answers most of them without GJK and EPA.

use crate::common::*;
use cavefly::collide::dual_edge::{collide, collide_by_gjk_epa, collide_by_shortcut};
use cavefly::constants::SPECULATIVE_DISTANCE;
use cavefly::geom::{ConvexPolygon, Segment, Shape, Transform, Vec2};
use cavefly::rng::Pcg32;
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

/// A random outline for the adversarial pairs: ordinary, a sliver a thousandth as thick as
/// it is long, or one with an edge ten millionths of its size.
fn awkward_polygon(rng: &mut Pcg32, size: f64) -> ConvexPolygon {
    let n = rng.int(3, 8);
    let mut pts: Vec<Vec2> = (0..n)
        .map(|_| Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * size)
        .collect();
    match rng.int(0, 2) {
        0 => {}
        1 => pts.iter_mut().for_each(|p| p.y *= 1e-3),
        _ => {
            let p = pts[0];
            pts.push(p + Vec2::new(1e-7, 3e-8) * size);
        }
    }
    ConvexPolygon::hull(&pts)
        .or_else(|_| ConvexPolygon::regular(n, size))
        .expect("a regular polygon with a positive radius is valid")
}

#[test]
fn slivers_tiny_edges_far_places_and_extreme_sizes_agree() {
    let mut rng = Pcg32::new(99);
    let (mut contacts, mut pairs) = (0, 0);
    for i in 0..50_000 {
        let size_a = 10f64.powf(rng.range(-4.0, 4.0));
        let size_b = if rng.int(0, 1) == 0 {
            size_a * rng.range(0.5, 2.0)
        } else {
            10f64.powf(rng.range(-4.0, 4.0))
        };
        let a: Shape = if i % 5 == 0 {
            Segment::new(Vec2::new(-size_a, 0.0), Vec2::new(size_a, 0.0))
                .expect("a segment of positive length")
                .into()
        } else {
            awkward_polygon(&mut rng, size_a).into()
        };
        let b: Shape = awkward_polygon(&mut rng, size_b).into();
        let far = if rng.int(0, 1) == 0 {
            0.0
        } else {
            10f64.powf(rng.range(2.0, 5.0))
        };
        let xf_a = Transform::new(
            Vec2::new(
                far + rng.range(-1.0, 1.0),
                -0.7 * far + rng.range(-1.0, 1.0),
            ),
            rng.range(-3.2, 3.2),
        );
        let (ca, ra) = a.bounding_circle();
        let rb = b.bounding_circle().1;
        let dir = rng.range(0.0, std::f64::consts::TAU);
        let reach = rng.range(0.0, 1.2) * (ra + rb);
        let xf_b = Transform::new(
            xf_a.apply(ca) + Vec2::new(dir.cos(), dir.sin()) * reach,
            rng.range(-3.2, 3.2),
        );
        let margin = SPECULATIVE_DISTANCE;
        let reference = collide_by_gjk_epa(&a, &xf_a, &b, &xf_b, margin);
        assert_eq!(
            collide(&a, &xf_a, &b, &xf_b, margin),
            reference,
            "pair {i}: {a:?} at {xf_a:?}, {b:?} at {xf_b:?}"
        );
        contacts += usize::from(reference.is_some());
        pairs += 1;
    }
    assert!(contacts > pairs / 3, "{contacts} contacts in {pairs} pairs");
}
