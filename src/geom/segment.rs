//! Line segments: the pieces of the cave's outline.

use super::{right_perp, ShapeError, Vec2};
use serde::{Deserialize, Serialize};

/// A segment from `a` to `b`. As world rock, its solid side is on the left of `a → b` and
/// its normal (see [`Segment::normal`]) points right, out of the rock into open space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// Start point.
    pub a: Vec2,
    /// End point.
    pub b: Vec2,
}

impl Segment {
    /// A segment; the end points must be finite and distinct.
    pub fn new(a: Vec2, b: Vec2) -> Result<Segment, ShapeError> {
        if !a.is_finite() {
            return Err(ShapeError::NonFinite { index: 0 });
        }
        if !b.is_finite() {
            return Err(ShapeError::NonFinite { index: 1 });
        }
        let len = (b - a).length();
        if len <= 0.0 {
            return Err(ShapeError::NotPositive {
                what: "segment length",
                value: len,
            });
        }
        Ok(Segment { a, b })
    }

    /// Length.
    #[inline]
    pub fn length(&self) -> f64 {
        (self.b - self.a).length()
    }

    /// Unit normal on the right of `a → b`: out of the rock for a world segment.
    #[inline]
    pub fn normal(&self) -> Vec2 {
        right_perp(self.b - self.a).normalize_or_zero()
    }

    /// The point of the segment closest to `p` (end points included) and its parameter
    /// `t` in `[0, 1]` from `a` to `b`.
    #[inline]
    pub fn closest_point(&self, p: Vec2) -> (Vec2, f64) {
        let e = self.b - self.a;
        let ee = e.dot(e);
        let t = if ee > 0.0 {
            ((p - self.a).dot(e) / ee).clamp(0.0, 1.0)
        } else {
            0.0
        };
        (self.a + e * t, t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_point_clamps_to_end_points() {
        let s = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0)).unwrap();
        assert_eq!(
            s.closest_point(Vec2::new(1.0, 3.0)),
            (Vec2::new(1.0, 0.0), 0.5)
        );
        assert_eq!(
            s.closest_point(Vec2::new(-1.0, 3.0)),
            (Vec2::new(0.0, 0.0), 0.0)
        );
        assert_eq!(
            s.closest_point(Vec2::new(5.0, -1.0)),
            (Vec2::new(2.0, 0.0), 1.0)
        );
        assert_eq!(s.normal(), Vec2::new(0.0, -1.0));
    }

    #[test]
    fn zero_length_and_non_finite_segments_are_refused() {
        let p = Vec2::new(1.0, 1.0);
        assert!(matches!(
            Segment::new(p, p),
            Err(ShapeError::NotPositive { .. })
        ));
        assert!(matches!(
            Segment::new(p, Vec2::new(f64::NAN, 0.0)),
            Err(ShapeError::NonFinite { index: 1 })
        ));
    }
}
