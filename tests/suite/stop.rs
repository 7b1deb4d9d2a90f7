//! The AABB stop response on random scenes: the moving box never ends overlapping a static
//! box, its path is free, and an axis is reported clipped exactly when the box was stopped
//! short on it by touching something (checked by stepping the path, not by the algorithm).

use crate::common::config;
use cavefly::collide::stop::stop_move;
use cavefly::geom::{Aabb, Vec2};
use proptest::prelude::*;

fn shifted(b: &Aabb, d: Vec2) -> Aabb {
    Aabb {
        min: b.min + d,
        max: b.max + d,
    }
}

/// Overlap with positive area (touching does not count).
fn overlaps(a: &Aabb, b: &Aabb) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

fn arb_box(spread: f64, size: f64) -> impl Strategy<Value = Aabb> {
    (-spread..spread, -spread..spread, 0.05..size, 0.05..size)
        .prop_map(|(x, y, w, h)| Aabb::new(Vec2::new(x, y), Vec2::new(x + w, y + h)))
}

/// Checks one axis of a move from `from` by `d` (wanted `want`): every sampled point of
/// the path is free, and when `clipped` the box touches a static box that a little more
/// motion would overlap.
fn check_axis(
    from: &Aabb,
    d: f64,
    want: f64,
    clipped: bool,
    axis: usize,
    statics: &[Aabb],
) -> Result<(), TestCaseError> {
    let dir = |x: f64| {
        let mut v = Vec2::ZERO;
        v[axis] = x;
        v
    };
    prop_assert!(
        d.abs() <= want.abs() && d * want >= 0.0,
        "{} vs {}",
        d,
        want
    );
    for k in 0..=64 {
        let b = shifted(from, dir(d * k as f64 / 64.0));
        prop_assert!(
            !statics.iter().any(|s| overlaps(&b, s)),
            "path blocked at {}/64",
            k
        );
    }
    prop_assert_eq!(clipped, d != want);
    if clipped {
        let further = shifted(from, dir(d + want.signum() * 1e-7));
        prop_assert!(
            statics.iter().any(|s| overlaps(&further, s)),
            "stopped short of nothing"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(4_000))]

    #[test]
    fn never_ends_overlapping_and_reports_exactly_the_clipped_axes(
        moving in arb_box(1.0, 1.5),
        statics in prop::collection::vec(arb_box(4.0, 3.0), 1..8),
        (dx, dy) in (-5.0f64..5.0, -5.0f64..5.0),
    ) {
        // Only scenes where the mover starts free.
        let statics: Vec<Aabb> = statics.into_iter().filter(|s| !overlaps(&moving, s)).collect();
        let desired = Vec2::new(dx, dy);
        let m = stop_move(&moving, desired, &statics);
        let end = shifted(&moving, m.delta);
        prop_assert!(!statics.iter().any(|s| overlaps(&end, s)));
        check_axis(&moving, m.delta.y, dy, m.clipped_y, 1, &statics)?;
        let after_y = shifted(&moving, Vec2::new(0.0, m.delta.y));
        check_axis(&after_y, m.delta.x, dx, m.clipped_x, 0, &statics)?;
    }
}

#[test]
fn a_lift_stops_under_a_crate_and_a_door_stops_at_a_ship() {
    let lift = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.2));
    let crate_ = Aabb::new(Vec2::new(0.5, 1.0), Vec2::new(1.5, 2.0));
    let m = stop_move(&lift, Vec2::new(0.0, 1.5), &[crate_]);
    assert_eq!(m.delta, Vec2::new(0.0, 0.8));
    assert!(m.clipped_y && !m.clipped_x);
    let door = Aabb::new(Vec2::new(-0.25, 3.0), Vec2::new(0.25, 6.0));
    let ship = Aabb::new(Vec2::new(-0.5, 0.0), Vec2::new(0.5, 1.0));
    let m = stop_move(&door, Vec2::new(0.0, -4.0), &[ship]);
    assert_eq!(m.delta, Vec2::new(0.0, -2.0));
    assert!(m.clipped_y);
}
