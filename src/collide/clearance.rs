//! What a query that found two shapes apart can vouch for afterwards.
//!
//! The dual-edge query proves a pair apart in one of two ways before it asks GJK anything:
//! the bounding circles are farther apart than the margin, or an edge normal of one shape
//! has every point of the other farther out than the margin. Either proof is a line fixed
//! to one shape with the other shape's points at least some distance beyond it. While the
//! other shape's points, seen from the first shape, have moved less than that distance
//! less the margin, the same proof still holds, so the query would again answer "apart"
//! the same way and leave the pair's GJK memory untouched: skipping it changes no bit.
//!
//! How far the points can have moved follows from B's pose relative to A then and now: a
//! point at distance `r` from B's origin (B's own point, or A's point as B saw it then)
//! moves, relative to the other shape, by at most B's shift plus `r` times the norm of
//! the change of rotation matrix.

use crate::geom::{Shape, Transform, Vec2};

/// A proof that two shapes were apart: the moving shape's points lay at least
/// `separation` beyond a line (or circle) fixed to the other shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clearance {
    /// How far beyond the line the nearest point lay (m).
    pub separation: f64,
    /// How far the moving shape's points lay from B's origin when the proof was made, at
    /// most (m): B's own extent, or A's points' distance from B.
    pub radius: f64,
}

impl Clearance {
    /// Whether the proof, made with B placed relative to A by `then`, still shows the
    /// shapes farther apart than `margin` with B placed by `now`. Conservative: rounding
    /// is given a billionth of the scale of the coordinates involved.
    #[inline]
    pub fn holds(&self, then: &Transform, now: &Transform, margin: f64) -> bool {
        // |R' - R| for two rotations is the length of the change of (cos, sin); the same
        // for their inverses.
        let turn = Vec2::new(now.q.c - then.q.c, now.q.s - then.q.s).length();
        let moved = (now.p - then.p).length() + turn * self.radius;
        let rounding = 1e-9 * (1.0 + then.p.length() + self.radius + self.separation.abs());
        self.separation - moved - rounding > margin
    }
}

/// How far a shape's points lie from its own origin, at most: the radius a turn of its
/// body swings them through.
pub fn extent(s: &Shape) -> f64 {
    let (c, r) = s.bounding_circle();
    c.length() + r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shift_or_a_turn_closes_the_gap_by_its_reach() {
        let c = Clearance {
            separation: 0.10,
            radius: 1.0,
        };
        let then = Transform::new(Vec2::new(2.0, 0.0), 0.3);
        let margin = 0.02;
        // 0.07 of room: a shift of 0.06 keeps it, 0.09 does not, whichever way.
        for dir in [Vec2::X, Vec2::Y, -Vec2::X] {
            let near = Transform::new(then.p + dir * 0.06, 0.3);
            let far = Transform::new(then.p + dir * 0.09, 0.3);
            assert!(c.holds(&then, &near, margin));
            assert!(!c.holds(&then, &far, margin));
        }
        // A turn of 0.06 rad sweeps a point 1 m out through about 0.06 m; 0.09 rad too far.
        assert!(c.holds(&then, &Transform::new(then.p, 0.36), margin));
        assert!(!c.holds(&then, &Transform::new(then.p, 0.39), margin));
        // A wider margin eats the room.
        assert!(!c.holds(&then, &then, 0.1));
    }

    #[test]
    fn a_turn_of_b_swings_what_lies_far_from_its_origin() {
        // B 2 m along A's x axis. Turning B about its own origin by 0.05 rad swings A's
        // origin, 2 m away as B sees it, through about 0.1 m: more than the 0.08 of room,
        // though B's origin has not moved at all.
        let c = Clearance {
            separation: 0.10,
            radius: 2.0,
        };
        let then = Transform::new(Vec2::new(2.0, 0.0), 0.0);
        assert!(!c.holds(&then, &Transform::new(then.p, 0.05), 0.02));
        assert!(c.holds(&then, &Transform::new(then.p, 0.02), 0.02));
        // Seen from A the same turn moves nothing of a point shape at B's origin.
        let on_a = Clearance { radius: 0.0, ..c };
        assert!(on_a.holds(&then, &Transform::new(then.p, 0.05), 0.02));
    }
}
