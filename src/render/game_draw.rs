//! The game's own things in a frame: landing pads, fuel canisters, turret barrels and the
//! tractor beam, drawn from the sim's read-only views.

use super::snapshot::{to_f32, Beam, Particle, Snapshot};
use crate::game::Sim;
use glam::Vec2;

/// Adds the pads, canisters, barrels and the tractor beam of `sim` to `snap`.
pub fn add_game_things(sim: &Sim, snap: &mut Snapshot) {
    for pad in sim.pads() {
        let c = to_f32(pad.position);
        let half = pad.width as f32 / 2.0;
        let outline = [
            c + Vec2::new(-half, -0.05),
            c + Vec2::new(half, -0.05),
            c + Vec2::new(half, 0.12),
            c + Vec2::new(-half, 0.12),
        ];
        snap.push_body(&outline, [0.25, 0.18, 0.08, 1.0], [1.0, 0.7, 0.25, 1.2]);
    }
    // Canisters pulse gently so they catch the eye.
    let pulse = 0.75 + 0.25 * (snap.time * 4.0).sin();
    for can in sim.fuel_cans() {
        snap.particles.push(Particle {
            position: to_f32(can.position),
            size: 0.45,
            color: [0.3, 1.0, 0.45, 1.6 * pulse],
        });
    }
    for (base, aim) in sim.turrets() {
        let from = to_f32(base);
        let dir = Vec2::new(-(aim as f32).sin(), (aim as f32).cos());
        snap.beams.push(Beam {
            from,
            to: from + dir * crate::game::enemies::BARREL as f32,
            color: [1.0, 0.3, 0.25, 0.9],
        });
    }
    if let (Some((from, _)), Some((_, to))) = (sim.tractor_origin(), sim.tow()) {
        snap.beams.push(Beam {
            from: to_f32(from),
            to: to_f32(to),
            color: [0.35, 0.6, 1.0, 1.1 + 0.3 * (snap.time * 30.0).sin()],
        });
    }
}
