//! Capturing a [`Snapshot`] from the simulation: the one place the renderer's data is read
//! out of the game, so the snapshot types stay free of the game's drawing rules.

use super::effects::Effects;
use super::game_draw::add_game_things;
use super::snapshot::{lerp_transform, to_f32, Beam, Particle, ShipDraw, Snapshot};
use crate::game::Sim;
use crate::geom::Transform;
use crate::physics::BodyKind;

/// A bolt's colour; the fourth value scales its light.
pub const BOLT_COLOR: [f32; 4] = [1.0, 0.2, 0.35, 2.5];

/// Palette of debris fills, picked by a body's user data so pieces look varied but stable.
const DEBRIS_FILLS: [[f32; 3]; 4] = [
    [0.16, 0.12, 0.09],
    [0.10, 0.12, 0.15],
    [0.14, 0.10, 0.14],
    [0.09, 0.13, 0.11],
];

impl Snapshot {
    /// The snapshot of `sim` at `alpha` (0 to 1) of the way from its previous step to its
    /// latest, with the particles of `effects`. Reads the sim; changes nothing in it.
    pub fn capture(sim: &Sim, alpha: f64, effects: &Effects) -> Snapshot {
        let alpha = alpha.clamp(0.0, 1.0);
        let mut snap = Snapshot {
            time: (sim.steps() as f64 * sim.time_step()) as f32,
            ..Snapshot::default()
        };
        let physics = sim.physics();
        let ships: Vec<_> = (0..sim.players()).map(|i| sim.ship_handle_of(i)).collect();
        let mut outline = Vec::new();
        for (handle, body) in physics.bodies() {
            let xf = lerp_transform(&body.previous_transform(), &body.transform(), alpha);
            if let Some(player) = ships.iter().position(|&s| s == Some(handle)) {
                snap.ships
                    .extend(ship_draw(sim, player, &xf, effects.throttle_of(player)));
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
        snap.ships.sort_by_key(|s| s.player);
        add_game_things(sim, &mut snap);
        snap.particles
            .extend(sim.particles().iter().map(particle_draw));
        snap.particles.extend(sim.bolts().iter().map(|b| Particle {
            position: to_f32(b.position),
            size: 0.18,
            color: BOLT_COLOR,
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

/// Player `player`'s ship at the interpolated pose `xf`: its parts from the ship's
/// definition, their health, and the nozzles of the engines that work.
fn ship_draw(sim: &Sim, player: usize, xf: &Transform, throttle: f32) -> Option<ShipDraw> {
    use crate::game::PartKind;
    let state = sim.ship_state_of(player)?;
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
        player,
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
