//! Swept rectangles: when two axis-aligned boxes moving linearly over a step first touch.
//!
//! The test works on outcodes, as in line clipping: each box side gets a bit saying "B lies
//! wholly beyond A on this side". From the codes at the start and the end of the step:
//!
//! - no bit at the start: the boxes already overlap, a hit at time 0;
//! - a bit set at both start and end: B stays beyond that side the whole step (the gap along
//!   one axis changes linearly), no hit;
//! - otherwise B crosses every side it started beyond. For each, the time the two facing
//!   edges line up is `c = (b0 − a0) / ((a1 − a0) − (b1 − b0))`, with `a0, a1` A's edge and
//!   `b0, b1` B's facing edge at the start and end. The latest of these is when B has come
//!   within every side it started beyond; at that time the boxes touch unless B has by then
//!   gone beyond a side it started within (it slipped past a corner), which is a miss.
//!
//! Unlike a test of the end positions, this catches a thin or fast box passing right
//! through another within one step. It is the cheap pre-check of continuous collision for
//! fast bodies and projectiles: boxes bound the shapes, so a miss here is a miss for the
//! shapes, while a hit only says the exact shape test is worth running.
//!
//! Limits: the boxes translate linearly and do not grow or turn during the step; touching
//! counts as overlapping.

use crate::geom::{Aabb, Vec2};

/// B lies wholly left of A (beyond A's min x).
const LEFT: u8 = 1;
/// B lies wholly right of A.
const RIGHT: u8 = 2;
/// B lies wholly below A.
const BELOW: u8 = 4;
/// B lies wholly above A.
const ABOVE: u8 = 8;

/// When and where two swept boxes first touch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweptHit {
    /// Fraction of the step, in `[0, 1]`, at which they first touch.
    pub time: f64,
    /// Unit axis normal from A to B at that moment: the side of A that B came in through.
    /// For boxes that overlap at the start, the axis of least overlap.
    pub normal: Vec2,
}

/// Where B lies relative to A, as outcode bits.
fn outcode(a: &Aabb, b: &Aabb) -> u8 {
    let mut code = 0;
    if b.max.x < a.min.x {
        code |= LEFT;
    }
    if b.min.x > a.max.x {
        code |= RIGHT;
    }
    if b.max.y < a.min.y {
        code |= BELOW;
    }
    if b.min.y > a.max.y {
        code |= ABOVE;
    }
    code
}

/// The box moved by `d`.
fn moved(b: &Aabb, d: Vec2) -> Aabb {
    Aabb {
        min: b.min + d,
        max: b.max + d,
    }
}

/// The first time in the step at which box `a`, moving by `da`, and box `b`, moving by
/// `db`, touch, or `None` when they stay apart. Non-finite input gives `None`.
pub fn sweep_boxes(a: &Aabb, da: Vec2, b: &Aabb, db: Vec2) -> Option<SweptHit> {
    if !(a.is_valid() && b.is_valid() && da.is_finite() && db.is_finite()) {
        return None;
    }
    let (a1, b1) = (moved(a, da), moved(b, db));
    let start = outcode(a, b);
    if start == 0 {
        return Some(SweptHit {
            time: 0.0,
            normal: least_overlap_axis(a, b),
        });
    }
    if start & outcode(&a1, &b1) != 0 {
        return None;
    }
    // For each side B starts beyond, the time the facing edges line up; keep the latest.
    let mut latest = (f64::NEG_INFINITY, Vec2::ZERO);
    for (bit, a0, a_end, b0, b_end, normal) in [
        (LEFT, a.min.x, a1.min.x, b.max.x, b1.max.x, -Vec2::X),
        (RIGHT, a.max.x, a1.max.x, b.min.x, b1.min.x, Vec2::X),
        (BELOW, a.min.y, a1.min.y, b.max.y, b1.max.y, -Vec2::Y),
        (ABOVE, a.max.y, a1.max.y, b.min.y, b1.min.y, Vec2::Y),
    ] {
        if start & bit != 0 {
            let c = (b0 - a0) / ((a_end - a0) - (b_end - b0));
            if c > latest.0 {
                latest = (c, normal);
            }
        }
    }
    let (c, normal) = latest;
    if !(0.0..=1.0).contains(&c) {
        return None;
    }
    // At time c B has come within every side it started beyond (those bits may still read
    // as set by rounding on the side just reached, so only the others are checked).
    let at_c = outcode(&moved(a, da * c), &moved(b, db * c));
    (at_c & !start == 0).then_some(SweptHit { time: c, normal })
}

/// For overlapping boxes, the axis direction (from A to B) along which B leaves A soonest.
fn least_overlap_axis(a: &Aabb, b: &Aabb) -> Vec2 {
    let candidates = [
        (a.max.x - b.min.x, Vec2::X),
        (b.max.x - a.min.x, -Vec2::X),
        (a.max.y - b.min.y, Vec2::Y),
        (b.max.y - a.min.y, -Vec2::Y),
    ];
    candidates
        .into_iter()
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map_or(Vec2::Y, |(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Aabb {
        Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
    }

    #[test]
    fn a_thin_fast_bullet_passing_through_a_wall_is_caught() {
        let wall = rect(0.0, -2.0, 0.1, 2.0);
        let bullet = rect(-1.0, 0.0, -0.98, 0.02);
        let hit = sweep_boxes(&wall, Vec2::ZERO, &bullet, Vec2::new(5.0, 0.0)).unwrap();
        // The bullet's right edge (x = -0.98) reaches the wall (x = 0) after 0.98 / 5.
        assert!((hit.time - 0.196).abs() < 1e-12, "{hit:?}");
        assert_eq!(hit.normal, -Vec2::X);
        // At the end of the step the two do not overlap: an end-of-step test misses it.
        assert!(!wall.overlaps(&moved(&bullet, Vec2::new(5.0, 0.0))));
    }

    #[test]
    fn slipping_past_a_corner_is_a_miss() {
        let a = rect(0.0, 0.0, 1.0, 1.0);
        // Starts left and a little below, ends right and far above: it reaches x = 0 only
        // after it is already above the box.
        let b = rect(-2.0, -0.5, -1.5, -0.2);
        assert!(sweep_boxes(&a, Vec2::ZERO, &b, Vec2::new(4.0, 6.0)).is_none());
        // The same start, moving flat, hits.
        assert!(sweep_boxes(&a, Vec2::ZERO, &b, Vec2::new(4.0, 0.5)).is_some());
    }

    #[test]
    fn both_moving_and_starting_inside() {
        let a = rect(0.0, 0.0, 1.0, 1.0);
        let b = rect(3.0, 0.0, 4.0, 1.0);
        // Closing at 4 m per step from a 2 m gap: touch at half the step.
        let hit = sweep_boxes(&a, Vec2::new(2.0, 0.0), &b, Vec2::new(-2.0, 0.0)).unwrap();
        assert!((hit.time - 0.5).abs() < 1e-12);
        assert_eq!(hit.normal, Vec2::X);
        let inside = sweep_boxes(&a, Vec2::ZERO, &rect(0.5, 0.9, 2.0, 3.0), Vec2::X).unwrap();
        assert_eq!((inside.time, inside.normal), (0.0, Vec2::Y));
        assert!(sweep_boxes(&a, Vec2::new(f64::NAN, 0.0), &b, Vec2::ZERO).is_none());
    }
}
