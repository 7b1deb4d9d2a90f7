//! The AABB stop response: a box moved axis by axis against static boxes, stopping at
//! whatever blocks it.
//!
//! The move goes one axis at a time, y first, then x. On each axis, every static box that
//! overlaps the moving box on the other axis, and lies ahead in the direction of motion,
//! clips the delta to the free distance up to it; the box then moves along that axis and
//! the next axis starts from there. The caller zeroes the velocity on each clipped axis:
//! that is the "stop". Doors and lifts (kinematic movers) use it to halt at whatever is in
//! their way instead of pushing through it, and a ship settles on a landing pad with it.
//!
//! Limits: a static box that already overlaps the moving box at the start of an axis cannot
//! be resolved by clipping and is ignored on that axis (the mover may then pass through
//! it); boxes that merely touch along the other axis (a wall the box slides down) do not
//! block. The result never ends overlapping a static box that did not overlap at the start:
//! the free distance is rounded toward zero where floating point would leave a sliver of
//! overlap.

use crate::geom::{Aabb, Vec2};

/// The outcome of a stopped move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StopMove {
    /// The delta actually moved: the desired one, clipped.
    pub delta: Vec2,
    /// Whether the x motion was cut short (zero the x velocity).
    pub clipped_x: bool,
    /// Whether the y motion was cut short (zero the y velocity).
    pub clipped_y: bool,
}

/// Moves `moving` by `desired`, y then x, stopping at the static boxes. Non-finite input
/// moves nothing and reports no clipping.
pub fn stop_move(moving: &Aabb, desired: Vec2, statics: &[Aabb]) -> StopMove {
    if !moving.is_valid() || !desired.is_finite() {
        return StopMove {
            delta: Vec2::ZERO,
            clipped_x: false,
            clipped_y: false,
        };
    }
    let dy = clip_axis(moving, desired.y, statics, 1);
    let after_y = Aabb {
        min: moving.min + Vec2::new(0.0, dy),
        max: moving.max + Vec2::new(0.0, dy),
    };
    let dx = clip_axis(&after_y, desired.x, statics, 0);
    StopMove {
        delta: Vec2::new(dx, dy),
        clipped_x: dx != desired.x,
        clipped_y: dy != desired.y,
    }
}

/// Whether the open intervals `[a0, a1]` and `[b0, b1]` share more than an end point.
#[inline]
fn overlaps_open(a0: f64, a1: f64, b0: f64, b1: f64) -> bool {
    a0 < b1 && b0 < a1
}

/// The part of motion `d` along `axis` (0 = x, 1 = y) that `moving` can make before
/// touching a static box that overlaps it on the other axis.
fn clip_axis(moving: &Aabb, d: f64, statics: &[Aabb], axis: usize) -> f64 {
    let other = 1 - axis;
    let mut d = d;
    for s in statics.iter().filter(|s| s.is_valid()) {
        if !overlaps_open(
            moving.min[other],
            moving.max[other],
            s.min[other],
            s.max[other],
        ) {
            continue;
        }
        if d > 0.0 && s.min[axis] >= moving.max[axis] {
            d = d.min(s.min[axis] - moving.max[axis]);
            // Round the free distance down until the moved edge is not past the static one.
            while moving.max[axis] + d > s.min[axis] {
                d = next_toward_zero(d);
            }
        } else if d < 0.0 && s.max[axis] <= moving.min[axis] {
            d = d.max(s.max[axis] - moving.min[axis]);
            while moving.min[axis] + d < s.max[axis] {
                d = next_toward_zero(d);
            }
        }
    }
    d
}

/// The next float from `x` toward zero (zero stays zero).
fn next_toward_zero(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Aabb {
        Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
    }

    #[test]
    fn a_falling_ship_lands_on_the_pad_and_keeps_sliding_sideways() {
        let pad = rect(-2.0, -1.0, 2.0, 0.0);
        let ship = rect(-0.5, 0.3, 0.5, 1.0);
        let m = stop_move(&ship, Vec2::new(0.4, -0.5), &[pad]);
        assert_eq!(m.delta, Vec2::new(0.4, -0.3));
        assert!(m.clipped_y && !m.clipped_x);
    }

    #[test]
    fn y_goes_first_so_a_corner_is_not_snagged() {
        // Moving down-right into the corner between a floor and a wall.
        let floor = rect(-5.0, -1.0, 5.0, 0.0);
        let wall = rect(1.0, 0.0, 2.0, 5.0);
        let b = rect(0.0, 0.5, 0.5, 1.0);
        let m = stop_move(&b, Vec2::new(1.0, -1.0), &[floor, wall]);
        assert_eq!(m.delta, Vec2::new(0.5, -0.5));
        assert!(m.clipped_x && m.clipped_y);
    }

    #[test]
    fn touching_a_wall_does_not_block_sliding_along_it() {
        let wall = rect(1.0, -5.0, 2.0, 5.0);
        let b = rect(0.0, 0.0, 1.0, 1.0);
        let m = stop_move(&b, Vec2::new(0.0, -3.0), &[wall]);
        assert_eq!(m.delta, Vec2::new(0.0, -3.0));
        assert!(!m.clipped_x && !m.clipped_y);
    }

    #[test]
    fn rounding_never_leaves_a_sliver_of_overlap() {
        let b = rect(0.1, 0.0, 0.3, 0.7);
        let s = rect(-1.0, 0.7 + 0.2, 1.0, 2.0);
        let m = stop_move(&b, Vec2::new(0.0, 1.0), &[s]);
        assert!(b.max.y + m.delta.y <= s.min.y);
        assert!(m.clipped_y);
    }
}
