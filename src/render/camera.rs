//! The camera: follows a point (the ship) with smoothing and a look-ahead along its
//! velocity, zooms, and keeps the view inside the level's bounds.

use glam::Vec2;

/// Half the view height at zoom 1, metres.
pub const BASE_HALF_HEIGHT: f32 = 12.0;
/// Zoom limits (multiples of the base view height shown).
pub const ZOOM_RANGE: (f32, f32) = (0.35, 4.0);
/// Seconds of velocity the camera looks ahead.
const LOOK_AHEAD: f32 = 0.45;
/// Longest look-ahead, metres.
const MAX_LOOK_AHEAD: f32 = 6.0;
/// How quickly the camera closes on its goal, 1/s.
const FOLLOW_RATE: f32 = 5.0;

/// A rectangle in world space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// Lower-left corner.
    pub min: Vec2,
    /// Upper-right corner.
    pub max: Vec2,
}

/// What a frame shows: its centre and half extents in metres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// World point at the centre.
    pub center: Vec2,
    /// Half the width and height shown, metres.
    pub half_extent: Vec2,
}

/// The following camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Where it looks now.
    pub center: Vec2,
    /// Zoom factor: 1 shows [`BASE_HALF_HEIGHT`] metres above and below the centre; larger
    /// shows more.
    pub zoom: f32,
    /// The level's bounds, if any: the view never leaves them.
    pub bounds: Option<Bounds>,
}

impl Camera {
    /// A camera looking at `center`.
    pub fn new(center: Vec2, bounds: Option<Bounds>) -> Camera {
        Camera {
            center,
            zoom: 1.0,
            bounds,
        }
    }

    /// Multiplies the zoom by `factor`, within [`ZOOM_RANGE`].
    pub fn zoom_by(&mut self, factor: f32) {
        if factor.is_finite() && factor > 0.0 {
            self.zoom = (self.zoom * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        }
    }

    /// Where the camera wants to be for a target at `position` moving at `velocity`.
    pub fn goal(position: Vec2, velocity: Vec2) -> Vec2 {
        position + (velocity * LOOK_AHEAD).clamp_length_max(MAX_LOOK_AHEAD)
    }

    /// Moves towards the goal for `dt` seconds, smoothly (exponential approach).
    pub fn follow(&mut self, position: Vec2, velocity: Vec2, dt: f32) {
        let goal = Self::goal(position, velocity);
        let k = 1.0 - (-FOLLOW_RATE * dt.max(0.0)).exp();
        self.center += (goal - self.center) * k;
    }

    /// Jumps straight to the goal.
    pub fn snap(&mut self, position: Vec2, velocity: Vec2) {
        self.center = Self::goal(position, velocity);
    }

    /// The view for a target of `width` × `height` pixels, kept inside the bounds (centred
    /// on them along an axis where the view is larger than the level).
    pub fn view(&self, width: u32, height: u32) -> View {
        let aspect = width.max(1) as f32 / height.max(1) as f32;
        let half_h = BASE_HALF_HEIGHT * self.zoom;
        let half = Vec2::new(half_h * aspect, half_h);
        let mut center = self.center;
        if let Some(b) = self.bounds {
            for axis in 0..2 {
                let (lo, hi) = (b.min[axis] + half[axis], b.max[axis] - half[axis]);
                center[axis] = if lo > hi {
                    (b.min[axis] + b.max[axis]) * 0.5
                } else {
                    center[axis].clamp(lo, hi)
                };
            }
        }
        View {
            center,
            half_extent: half,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds() -> Option<Bounds> {
        Some(Bounds {
            min: Vec2::new(-100.0, -50.0),
            max: Vec2::new(100.0, 50.0),
        })
    }

    #[test]
    fn the_view_stays_inside_the_level() {
        let cam = Camera::new(Vec2::new(99.0, -49.0), bounds());
        let v = cam.view(1600, 900);
        assert!((v.center.x + v.half_extent.x - 100.0).abs() < 1e-4);
        assert!((v.center.y - v.half_extent.y + 50.0).abs() < 1e-4);
    }

    #[test]
    fn a_view_wider_than_the_level_is_centred() {
        let small = Bounds {
            min: Vec2::new(-40.0, -20.0),
            max: Vec2::new(40.0, 20.0),
        };
        let mut cam = Camera::new(Vec2::new(30.0, 10.0), Some(small));
        cam.zoom_by(100.0);
        assert_eq!(cam.zoom, ZOOM_RANGE.1);
        let v = cam.view(1600, 900);
        assert_eq!(v.center, Vec2::ZERO);
    }

    #[test]
    fn following_converges_and_looks_ahead() {
        let mut cam = Camera::new(Vec2::ZERO, None);
        for _ in 0..600 {
            cam.follow(Vec2::new(10.0, 0.0), Vec2::new(4.0, 0.0), 1.0 / 120.0);
        }
        assert!((cam.center.x - (10.0 + 4.0 * LOOK_AHEAD)).abs() < 1e-3);
        cam.snap(Vec2::ZERO, Vec2::new(0.0, -100.0));
        assert!((cam.center.y + MAX_LOOK_AHEAD).abs() < 1e-4);
    }
}
