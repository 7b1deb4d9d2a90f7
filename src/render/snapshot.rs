//! The frame snapshot: everything one frame draws, as plain data in world space, built from
//! the simulation by [`Snapshot::capture`] (in `capture.rs`). The renderer reads only this, never physics.

use crate::geom::{Shape, Transform};
use glam::Vec2;

/// How many sides a circle is drawn with.
const CIRCLE_SIDES: usize = 20;

/// One body's outline, drawn filled with an outline stroke: `points[first .. first + count]`
/// of [`Snapshot::points`], counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyDraw {
    /// Index of the first point.
    pub first: u32,
    /// Number of points (at least 3).
    pub count: u32,
    /// Fill colour, linear RGB with alpha (straight, not premultiplied).
    pub fill: [f32; 4],
    /// Outline colour, linear RGB; alpha scales its light.
    pub edge: [f32; 4],
}

/// A ship's pose, parts and engine state.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipDraw {
    /// Whose ship it is (0 for the first player): picks its colour.
    pub player: usize,
    /// Each component's outline, world space, counter-clockwise, hull first.
    pub parts: Vec<Vec<Vec2>>,
    /// Each component's health, 0 to 1, in the order of `parts`.
    pub health: Vec<f32>,
    /// Nozzles of the engines that still work, world space.
    pub nozzles: Vec<Vec2>,
    /// Position of the ship's origin.
    pub position: Vec2,
    /// Unit vector along the nose.
    pub nose: Vec2,
    /// Engine output, 0 (off) to 1 (full).
    pub throttle: f32,
}

/// A laser beam.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beam {
    /// Muzzle.
    pub from: Vec2,
    /// Where it stops.
    pub to: Vec2,
    /// Colour, linear RGB; alpha scales its light.
    pub color: [f32; 4],
}

/// A glowing spot: a spark, a grain of dust, a puff of exhaust.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Centre, world space.
    pub position: Vec2,
    /// Radius, metres.
    pub size: f32,
    /// Colour, linear RGB; alpha scales its light.
    pub color: [f32; 4],
}

/// Everything one frame draws besides the static rock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// Simulated seconds, for animation (star twinkle, flame flicker).
    pub time: f32,
    /// Outline points of every body, see [`BodyDraw`].
    pub points: Vec<Vec2>,
    /// The bodies.
    pub bodies: Vec<BodyDraw>,
    /// The players' ships that exist, in player order.
    pub ships: Vec<ShipDraw>,
    /// Laser beams.
    pub beams: Vec<Beam>,
    /// Particles.
    pub particles: Vec<Particle>,
    /// Thin unlit lines of the debug overlay (empty unless it is on).
    pub debug_lines: Vec<Beam>,
}

/// Interpolates between two transforms: `alpha` 0 gives `a`, 1 gives `b`. The angle takes
/// the short way round.
pub fn lerp_transform(a: &Transform, b: &Transform, alpha: f64) -> Transform {
    let p = a.p + (b.p - a.p) * alpha;
    let (a0, a1) = (a.q.angle(), b.q.angle());
    let mut d = a1 - a0;
    if d > std::f64::consts::PI {
        d -= std::f64::consts::TAU;
    } else if d < -std::f64::consts::PI {
        d += std::f64::consts::TAU;
    }
    Transform::new(p, a0 + d * alpha)
}

/// A world point in the renderer's single precision.
pub fn to_f32(v: crate::geom::Vec2) -> Vec2 {
    Vec2::new(v.x as f32, v.y as f32)
}

impl Snapshot {
    /// Adds a body outline (world space, counter-clockwise) with its colours.
    pub fn push_body(&mut self, outline: &[Vec2], fill: [f32; 4], edge: [f32; 4]) {
        if outline.len() < 3 {
            return;
        }
        self.bodies.push(BodyDraw {
            first: self.points.len() as u32,
            count: outline.len() as u32,
            fill,
            edge,
        });
        self.points.extend_from_slice(outline);
    }

    /// The outline of `shape` placed by `xf`, in world space.
    pub fn shape_outline(shape: &Shape, xf: &Transform, out: &mut Vec<Vec2>) {
        out.clear();
        match shape {
            Shape::Polygon(p) => out.extend(p.vertices().iter().map(|v| to_f32(xf.apply(*v)))),
            Shape::Circle(c) => {
                let centre = xf.apply(c.center);
                let start = xf.q.angle();
                out.extend((0..CIRCLE_SIDES).map(|i| {
                    let a = start + std::f64::consts::TAU * i as f64 / CIRCLE_SIDES as f64;
                    to_f32(centre + crate::geom::Vec2::new(a.cos(), a.sin()) * c.radius)
                }));
            }
            Shape::Segment(s) => {
                // A segment has no area: draw it as a sliver so it still shows.
                let (a, b) = (to_f32(xf.apply(s.a)), to_f32(xf.apply(s.b)));
                let n = (b - a).perp().normalize_or_zero() * 0.05;
                out.extend([a - n, b - n, b + n, a + n]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolation_takes_the_short_way_round() {
        let a = Transform::new(crate::geom::Vec2::ZERO, 3.0);
        let b = Transform::new(crate::geom::Vec2::new(2.0, 0.0), -3.0);
        let m = lerp_transform(&a, &b, 0.5);
        assert!((m.p.x - 1.0).abs() < 1e-12);
        // Halfway between 3 and -3 the short way is through pi, not through 0.
        assert!((m.q.angle().abs() - std::f64::consts::PI).abs() < 1e-9);
    }

    #[test]
    fn bodies_share_one_point_list() {
        let mut s = Snapshot::default();
        let tri = [Vec2::ZERO, Vec2::X, Vec2::Y];
        s.push_body(&tri, [1.0; 4], [1.0; 4]);
        s.push_body(&tri, [1.0; 4], [1.0; 4]);
        s.push_body(&tri[..2], [1.0; 4], [1.0; 4]);
        assert_eq!(s.bodies.len(), 2);
        assert_eq!(s.bodies[1].first, 3);
        assert_eq!(s.points.len(), 6);
    }
}
