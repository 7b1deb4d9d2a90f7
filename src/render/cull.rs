//! Skipping what the view cannot show: a box around the view, widened by how far a thing's
//! glow reaches, tested against each body, segment and particle before it is drawn.

use super::camera::View;
use glam::Vec2;

/// The part of the world a frame shows, widened by a margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    /// Lower-left corner.
    pub min: Vec2,
    /// Upper-right corner.
    pub max: Vec2,
}

impl ViewBox {
    /// What `view` shows, widened by `margin` metres on every side.
    pub fn of(view: &View, margin: f32) -> ViewBox {
        let half = view.half_extent + Vec2::splat(margin.max(0.0));
        ViewBox {
            min: view.center - half,
            max: view.center + half,
        }
    }

    /// Whether the box `min`..`max` overlaps it.
    pub fn overlaps(&self, min: Vec2, max: Vec2) -> bool {
        min.x <= self.max.x && max.x >= self.min.x && min.y <= self.max.y && max.y >= self.min.y
    }

    /// Whether any of `points`, or the polygon they outline, may show.
    pub fn shows_points(&self, points: &[Vec2]) -> bool {
        let Some(&first) = points.first() else {
            return false;
        };
        let (min, max) = points
            .iter()
            .fold((first, first), |(lo, hi), &p| (lo.min(p), hi.max(p)));
        self.overlaps(min, max)
    }

    /// Whether the segment `a`–`b` may show (its bounding box overlaps).
    pub fn shows_segment(&self, a: Vec2, b: Vec2) -> bool {
        self.overlaps(a.min(b), a.max(b))
    }

    /// Whether a disc of radius `r` at `c` may show.
    pub fn shows_disc(&self, c: Vec2, r: f32) -> bool {
        self.overlaps(c - Vec2::splat(r), c + Vec2::splat(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        View {
            center: Vec2::new(10.0, 5.0),
            half_extent: Vec2::new(4.0, 2.0),
        }
    }

    #[test]
    fn things_inside_or_within_the_margin_show_and_others_do_not() {
        let b = ViewBox::of(&view(), 0.5);
        assert_eq!(b.min, Vec2::new(5.5, 2.5));
        assert_eq!(b.max, Vec2::new(14.5, 7.5));
        assert!(b.shows_disc(Vec2::new(10.0, 5.0), 0.1));
        // Just outside the view, but its glow reaches in.
        assert!(b.shows_disc(Vec2::new(14.8, 5.0), 0.4));
        assert!(!b.shows_disc(Vec2::new(14.8, 5.0), 0.2));
        // A segment crossing the whole view with both ends outside it still shows.
        assert!(b.shows_segment(Vec2::new(0.0, 5.0), Vec2::new(20.0, 5.0)));
        assert!(!b.shows_segment(Vec2::new(0.0, 9.0), Vec2::new(20.0, 9.0)));
        assert!(b.shows_points(&[
            Vec2::new(14.0, 7.0),
            Vec2::new(16.0, 9.0),
            Vec2::new(15.0, 10.0)
        ]));
        assert!(!b.shows_points(&[
            Vec2::new(15.0, 8.0),
            Vec2::new(16.0, 9.0),
            Vec2::new(15.0, 10.0)
        ]));
        assert!(!b.shows_points(&[]));
    }
}
