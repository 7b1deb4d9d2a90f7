//! Every line-tree query equals brute force over every segment, on random segment soups and
//! carved worlds; and the per-segment casts agree with direct geometry.

use crate::common;

use cavefly::broad::{
    closest_distance, ray_segment, sweep_box_segment, sweep_circle_segment, LineTree, SegmentHit,
};
use cavefly::brush::{Brush, WorldBrushes, WorldGeometry};
use cavefly::geom::{Aabb, Segment, Vec2};
use proptest::prelude::*;

fn brute_first(
    segs: &[Segment],
    cast: impl Fn(&Segment) -> Option<(f64, Vec2)>,
) -> Option<SegmentHit> {
    let mut best: Option<SegmentHit> = None;
    for (i, s) in segs.iter().enumerate() {
        if let Some((fraction, normal)) = cast(s) {
            if best.is_none_or(|b| fraction < b.fraction) {
                best = Some(SegmentHit {
                    index: i as u32,
                    fraction,
                    normal,
                });
            }
        }
    }
    best
}

fn brute_closest(segs: &[Segment], p: Vec2) -> Option<(u32, f64)> {
    let mut best: Option<(u32, f64)> = None;
    for (i, s) in segs.iter().enumerate() {
        let d = closest_distance(s, p);
        if best.is_none_or(|(_, bd)| d < bd) {
            best = Some((i as u32, d));
        }
    }
    best
}

fn arb_soup() -> impl Strategy<Value = Vec<Segment>> {
    prop::collection::vec(
        ((-50.0f64..50.0, -50.0f64..50.0), (0.1f64..8.0, 0.0f64..6.3)),
        1..400,
    )
    .prop_map(|v| {
        v.into_iter()
            .map(|((x, y), (len, a))| {
                let p = Vec2::new(x, y);
                Segment {
                    a: p,
                    b: p + len * Vec2::new(a.cos(), a.sin()),
                }
            })
            .collect()
    })
}

fn arb_world() -> impl Strategy<Value = Vec<Segment>> {
    prop::collection::vec(((-40.0f64..40.0, -40.0f64..40.0), 1.0f64..10.0), 1..10).prop_map(
        |caves| {
            let brushes = WorldBrushes {
                rock: vec![Brush::Polygon(vec![
                    Vec2::new(-50.0, -50.0),
                    Vec2::new(50.0, -50.0),
                    Vec2::new(50.0, 50.0),
                    Vec2::new(-50.0, 50.0),
                ])],
                carve: caves
                    .iter()
                    .map(|&((x, y), radius)| Brush::Circle {
                        center: Vec2::new(x, y),
                        radius,
                    })
                    .collect(),
                ..Default::default()
            };
            WorldGeometry::build(&brushes)
                .segments
                .iter()
                .map(|s| s.segment)
                .collect()
        },
    )
}

fn arb_segments() -> impl Strategy<Value = Vec<Segment>> {
    prop_oneof![arb_soup(), arb_world()]
}

type Query = ((f64, f64), (f64, f64), f64);

fn arb_queries() -> impl Strategy<Value = Vec<Query>> {
    prop::collection::vec(
        (
            (-60.0f64..60.0, -60.0f64..60.0),
            (-60.0f64..60.0, -60.0f64..60.0),
            0.0f64..4.0,
        ),
        20,
    )
}

fn check_all(segs: Vec<Segment>, queries: Vec<Query>) -> Result<(), TestCaseError> {
    let tree = LineTree::build(segs.clone());
    for ((x, y), (dx, dy), r) in queries {
        let (p, d) = (Vec2::new(x, y), Vec2::new(dx, dy));
        let b = Aabb::new(p, p + 0.2 * d);
        let brute: Vec<u32> = (0..segs.len() as u32)
            .filter(|&i| Aabb::new(segs[i as usize].a, segs[i as usize].b).overlaps(&b))
            .collect();
        prop_assert_eq!(tree.query_aabb(&b), brute);
        prop_assert_eq!(
            tree.ray_cast(p, d, 1.0),
            brute_first(&segs, |s| ray_segment(s, p, d, 1.0))
        );
        prop_assert_eq!(
            tree.sweep_circle(p, r, d),
            brute_first(&segs, |s| sweep_circle_segment(s, p, r, d))
        );
        let half = Vec2::new(r, 0.5 * r + 0.1);
        prop_assert_eq!(
            tree.sweep_box(p, half, d),
            brute_first(&segs, |s| sweep_box_segment(s, p, half, d))
        );
        prop_assert_eq!(tree.closest(p), brute_closest(&segs, p));
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::config(48))]

    #[test]
    fn tree_queries_equal_brute_force(segs in arb_segments(), queries in arb_queries()) {
        check_all(segs, queries)?;
    }

    #[test]
    fn swept_circle_touches_at_the_reported_fraction(
        seg in ((-5.0f64..5.0, -5.0f64..5.0), (-5.0f64..5.0, -5.0f64..5.0)),
        start in (-10.0f64..10.0, -10.0f64..10.0),
        motion in (-20.0f64..20.0, -20.0f64..20.0),
        r in 0.1f64..2.0,
    ) {
        let s = Segment { a: Vec2::new(seg.0 .0, seg.0 .1), b: Vec2::new(seg.1 .0, seg.1 .1) };
        prop_assume!(s.length() > 1e-3);
        let (c, d) = (Vec2::new(start.0, start.1), Vec2::new(motion.0, motion.1));
        prop_assume!(closest_distance(&s, c) > r);
        // Sample the motion: the first sample closer than r must come after the hit.
        let first_touch = (0..=2000).map(|k| k as f64 / 2000.0).find(|&t| closest_distance(&s, c + t * d) <= r);
        match sweep_circle_segment(&s, c, r, d) {
            Some((t, n)) => {
                prop_assert!((closest_distance(&s, c + t * d) - r).abs() < 1e-6 * (1.0 + d.length()));
                prop_assert!((n.length() - 1.0).abs() < 1e-9);
                prop_assert!(first_touch.is_none_or(|ft| ft + 1e-9 >= t));
            }
            None => prop_assert!(first_touch.is_none(), "missed a touch at {first_touch:?}"),
        }
    }

    #[test]
    fn swept_box_touches_at_the_reported_fraction(
        seg in ((-5.0f64..5.0, -5.0f64..5.0), (-5.0f64..5.0, -5.0f64..5.0)),
        start in (-10.0f64..10.0, -10.0f64..10.0),
        motion in (-20.0f64..20.0, -20.0f64..20.0),
        half in (0.1f64..2.0, 0.1f64..2.0),
    ) {
        let s = Segment { a: Vec2::new(seg.0 .0, seg.0 .1), b: Vec2::new(seg.1 .0, seg.1 .1) };
        let (c, d, h) = (Vec2::new(start.0, start.1), Vec2::new(motion.0, motion.1), Vec2::new(half.0, half.1));
        // Independent overlap test: does the segment meet the box (separating axes)?
        let touches = |center: Vec2| {
            let (a, b) = (s.a - center, s.b - center);
            let axes = [Vec2::X, Vec2::Y, cavefly::geom::right_perp(b - a)];
            axes.iter().all(|&ax| {
                let r = h.x * ax.x.abs() + h.y * ax.y.abs();
                let (p, q) = (a.dot(ax), b.dot(ax));
                p.min(q) <= r + 1e-9 && p.max(q) >= -r - 1e-9
            })
        };
        prop_assume!(!touches(c));
        let first_touch = (0..=2000).map(|k| k as f64 / 2000.0).find(|&t| touches(c + t * d));
        match sweep_box_segment(&s, c, h, d) {
            Some((t, _)) => {
                prop_assert!(touches(c + t * d));
                prop_assert!(first_touch.is_none_or(|ft| ft + 1e-9 >= t));
            }
            None => prop_assert!(first_touch.is_none(), "missed a touch at {first_touch:?}"),
        }
    }
}

#[test]
fn empty_tree_answers_nothing() {
    let tree = LineTree::build(Vec::new());
    assert_eq!(tree.ray_cast(Vec2::ZERO, Vec2::X, 1.0), None);
    assert_eq!(tree.closest(Vec2::ZERO), None);
    assert!(tree
        .query_aabb(&Aabb::new(Vec2::splat(-1.0), Vec2::ONE))
        .is_empty());
}

#[test]
fn ray_reports_the_nearest_wall_and_its_normal() {
    let segs = vec![
        Segment {
            a: Vec2::new(5.0, -1.0),
            b: Vec2::new(5.0, 1.0),
        },
        Segment {
            a: Vec2::new(3.0, 1.0),
            b: Vec2::new(3.0, -1.0),
        },
    ];
    let hit = LineTree::build(segs)
        .ray_cast(Vec2::ZERO, Vec2::new(10.0, 0.0), 1.0)
        .unwrap();
    assert_eq!(hit.index, 1);
    assert!((hit.fraction - 0.3).abs() < 1e-12);
    assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
}
