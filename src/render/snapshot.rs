//! The frame snapshot: everything one frame draws, as plain data in world space, built from
//! the simulation by [`Snapshot::capture`]. The renderer reads only this, never physics.

use super::effects::Effects;
use crate::game::Sim;
use crate::geom::{Shape, Transform};
use crate::physics::BodyKind;
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

/// The ship's pose, parts and engine state.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipDraw {
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
    /// The player's ship, if it exists.
    pub ship: Option<ShipDraw>,
    /// Laser beams.
    pub beams: Vec<Beam>,
    /// Particles.
    pub particles: Vec<Particle>,
    /// Thin unlit lines of the debug overlay (empty unless it is on).
    pub debug_lines: Vec<Beam>,
}

/// Palette of debris fills, picked by a body's user data so pieces look varied but stable.
const DEBRIS_FILLS: [[f32; 3]; 4] = [
    [0.16, 0.12, 0.09],
    [0.10, 0.12, 0.15],
    [0.14, 0.10, 0.14],
    [0.09, 0.13, 0.11],
];

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

    /// The snapshot of `sim` at `alpha` (0 to 1) of the way from its previous step to its
    /// latest, with the particles of `effects`. Reads the sim; changes nothing in it.
    pub fn capture(sim: &Sim, alpha: f64, effects: &Effects) -> Snapshot {
        let alpha = alpha.clamp(0.0, 1.0);
        let mut snap = Snapshot {
            time: (sim.steps() as f64 * sim.time_step()) as f32,
            ..Snapshot::default()
        };
        let physics = sim.physics();
        let ship = sim.ship_handle();
        let mut outline = Vec::new();
        for (handle, body) in physics.bodies() {
            let xf = lerp_transform(&body.previous_transform(), &body.transform(), alpha);
            if Some(handle) == ship {
                snap.ship = ship_draw(sim, &xf, effects.throttle());
                continue;
            }
            for &c in body.colliders() {
                let Some(collider) = physics.collider(c) else {
                    continue;
                };
                Self::shape_outline(collider.shape(), &xf, &mut outline);
                let (fill, mut edge) = body_colors(body.kind(), body.user_data());
                if sim.is_enemy(handle) {
                    edge = [1.0, 0.3, 0.25, 1.0];
                }
                snap.push_body(&outline, fill, edge);
            }
        }
        super::game_draw::add_game_things(sim, &mut snap);
        snap.particles
            .extend(sim.particles().iter().map(particle_draw));
        snap.particles.extend(sim.bolts().iter().map(|b| Particle {
            position: to_f32(b.position),
            size: 0.18,
            color: [1.0, 0.2, 0.35, 2.5],
        }));
        snap.beams.extend(sim.beams().iter().map(|b| {
            let fade = (1.0 - b.age / crate::game::weapons::BEAM_GLOW).clamp(0.0, 1.0) as f32;
            Beam {
                from: to_f32(b.from),
                to: to_f32(b.to),
                color: [0.5, 1.0, 0.7, 1.5 * fade + 0.3],
            }
        }));
        snap
    }
}

/// How a sim particle is drawn: it shrinks and dims as it ages; sparks and flashes glow,
/// dust and smoke only tint.
fn particle_draw(p: &crate::game::particles::Particle) -> Particle {
    use crate::game::particles::ParticleKind;
    let k = (1.0 - p.life_fraction()).clamp(0.0, 1.0) as f32;
    let glow = match p.kind {
        ParticleKind::Spark | ParticleKind::Ember => 2.0 * k,
        ParticleKind::Flash => 3.0 * k,
        ParticleKind::Exhaust => 1.2 * k,
        ParticleKind::Dust | ParticleKind::Smoke => 0.6 * k,
    };
    Particle {
        position: to_f32(p.position),
        size: p.size as f32 * (0.5 + 0.5 * k),
        color: [
            p.color[0],
            p.color[1] * (0.6 + 0.4 * k),
            p.color[2] * (0.3 + 0.7 * k),
            glow,
        ],
    }
}

/// The ship at the interpolated pose `xf`: its parts from the ship's definition, their
/// health, and the nozzles of the engines that work.
fn ship_draw(sim: &Sim, xf: &Transform, throttle: f32) -> Option<ShipDraw> {
    use crate::game::PartKind;
    let state = sim.ship_state()?;
    let def = sim.ship_def();
    let mut parts = Vec::with_capacity(PartKind::ALL.len());
    let mut health = Vec::with_capacity(PartKind::ALL.len());
    let mut nozzles = Vec::new();
    for kind in PartKind::ALL {
        let part = def.part(kind)?;
        parts.push(part.points.iter().map(|&p| to_f32(xf.apply(p))).collect());
        health.push(state.health_fraction(kind) as f32);
        if matches!(kind, PartKind::LeftEngine | PartKind::RightEngine) && state.works(kind) {
            // The middle of the engine's lowest edge.
            let low = part
                .points
                .iter()
                .map(|p| p.y)
                .fold(f64::INFINITY, f64::min);
            let xs: Vec<f64> = part
                .points
                .iter()
                .filter(|p| p.y <= low + 1e-9)
                .map(|p| p.x)
                .collect();
            let x = xs.iter().sum::<f64>() / xs.len().max(1) as f64;
            nozzles.push(to_f32(xf.apply(crate::geom::Vec2::new(x, low))));
        }
    }
    Some(ShipDraw {
        parts,
        health,
        nozzles,
        position: to_f32(xf.p),
        nose: to_f32(xf.q.rotate(crate::geom::Vec2::Y)),
        throttle,
    })
}

/// Fill and outline colours of a body by its kind.
fn body_colors(kind: BodyKind, user_data: u64) -> ([f32; 4], [f32; 4]) {
    match kind {
        BodyKind::Dynamic => {
            let f = DEBRIS_FILLS[(user_data % DEBRIS_FILLS.len() as u64) as usize];
            ([f[0], f[1], f[2], 1.0], [0.95, 0.62, 0.28, 0.9])
        }
        BodyKind::Kinematic => ([0.08, 0.1, 0.14, 1.0], [0.35, 0.75, 1.0, 0.9]),
        BodyKind::Static => ([0.07, 0.07, 0.08, 1.0], [0.5, 0.5, 0.55, 0.7]),
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
