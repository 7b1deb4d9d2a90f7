//! Swept rectangles against an exact slab-method time of impact and against brute-force
//! fine stepping, on random linear motions, including pass-throughs that a test of the
//! end-of-step positions misses.

use crate::common::config;
use cavefly::collide::swept::sweep_boxes;
use cavefly::geom::{Aabb, Vec2};
use proptest::prelude::*;

fn at(b: &Aabb, d: Vec2, t: f64) -> Aabb {
    Aabb {
        min: b.min + d * t,
        max: b.max + d * t,
    }
}

fn overlap(a: &Aabb, b: &Aabb) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

/// Exact first time of contact in [0, 1] by slabs: on each axis the times when the
/// intervals overlap form one interval of t (B relative to A moves by `v`); the contact
/// starts at the latest start and must come before the earliest end.
fn slab_time_of_impact(a: &Aabb, da: Vec2, b: &Aabb, db: Vec2) -> Option<f64> {
    let v = db - da;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        // Overlap on this axis: b.min + v t <= a.max and a.min <= b.max + v t.
        let (gap_hi, gap_lo) = (b.min[axis] - a.max[axis], a.min[axis] - b.max[axis]);
        let w = v[axis];
        if w == 0.0 {
            if gap_hi > 0.0 || gap_lo > 0.0 {
                return None;
            }
            continue;
        }
        // gap_hi + w t <= 0 and gap_lo - w t <= 0.
        let (t1, t2) = (-gap_hi / w, gap_lo / w);
        let (enter, leave) = if w > 0.0 { (t2, t1) } else { (t1, t2) };
        lo = lo.max(enter);
        hi = hi.min(leave);
    }
    (lo <= hi).then_some(lo)
}

fn arb_box() -> impl Strategy<Value = Aabb> {
    (-10.0f64..10.0, -10.0f64..10.0, 0.01f64..3.0, 0.01f64..3.0)
        .prop_map(|(x, y, w, h)| Aabb::new(Vec2::new(x, y), Vec2::new(x + w, y + h)))
}

fn arb_motion() -> impl Strategy<Value = Vec2> {
    (-30.0f64..30.0, -30.0f64..30.0).prop_map(|(x, y)| Vec2::new(x, y))
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn agrees_with_the_exact_slab_time_of_impact(
        a in arb_box(), da in arb_motion(), b in arb_box(), db in arb_motion()
    ) {
        let hit = sweep_boxes(&a, da, &b, db);
        let exact = slab_time_of_impact(&a, da, &b, db);
        match (hit, exact) {
            (Some(h), Some(t)) => {
                prop_assert!((h.time - t).abs() < 1e-9, "{:?} vs {}", h, t);
                // The normal is a unit axis, pointing from A toward B at that time.
                let (a_t, b_t) = (at(&a, da, t), at(&b, db, t));
                prop_assert_eq!(h.normal.length(), 1.0);
                prop_assert!(h.normal.x == 0.0 || h.normal.y == 0.0);
                prop_assert!(h.normal.dot(b_t.center() - a_t.center()) >= 0.0 || t == 0.0);
            }
            (None, None) => {}
            (h, t) => prop_assert!(false, "swept {:?} vs exact {:?}", h, t),
        }
    }

    #[test]
    fn catches_every_contact_that_fine_stepping_sees(
        a in arb_box(), da in arb_motion(), b in arb_box(), db in arb_motion()
    ) {
        const STEPS: usize = 400;
        let first = (0..=STEPS)
            .map(|k| k as f64 / STEPS as f64)
            .find(|&t| overlap(&at(&a, da, t), &at(&b, db, t)));
        let hit = sweep_boxes(&a, da, &b, db);
        if let Some(t) = first {
            let h = hit.expect("fine stepping found a contact");
            prop_assert!(h.time <= t + 1e-12, "{:?} after {}", h, t);
        }
        if let Some(h) = hit {
            // At the reported time the boxes touch (up to rounding).
            let (a_t, b_t) = (at(&a, da, h.time), at(&b, db, h.time));
            prop_assert!(overlap(&a_t.expanded(1e-9), &b_t), "{:?}", h);
        }
    }
}

/// A deterministic sample of fast motions: many hits are pass-throughs that neither the
/// start nor the end position shows, and the swept test finds each of them.
#[test]
fn pass_throughs_missed_at_the_end_of_the_step_are_caught() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut pass_throughs = 0;
    for _ in 0..20_000 {
        let a = Aabb::from_center(
            Vec2::new(next() * 4.0 - 2.0, next() * 4.0 - 2.0),
            Vec2::new(0.05 + next(), 0.05 + next()),
        );
        let b = Aabb::from_center(
            Vec2::new(next() * 20.0 - 10.0, next() * 20.0 - 10.0),
            Vec2::splat(0.02 + 0.1 * next()),
        );
        let db = Vec2::new(next() * 40.0 - 20.0, next() * 40.0 - 20.0);
        let ends_apart = !overlap(&a, &b) && !overlap(&a, &at(&b, db, 1.0));
        let exact = slab_time_of_impact(&a, Vec2::ZERO, &b, db);
        if let (true, Some(t)) = (ends_apart, exact) {
            pass_throughs += 1;
            let hit = sweep_boxes(&a, Vec2::ZERO, &b, db).expect("a pass-through is a hit");
            assert!((hit.time - t).abs() < 1e-9);
        }
    }
    assert!(
        pass_throughs > 200,
        "only {pass_throughs} pass-throughs sampled"
    );
}
