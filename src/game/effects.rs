//! Effects simulated with the game: exhaust from the engines, sparks where things hit and
//! scrape, and the fading of laser beams. They feed nothing back into play.

use super::components::Body;
use super::events::GameEvent;
use super::ids::ordered;
use super::particles::Spray;
use super::ship::Ship;
use super::ship_def::ShipDef;
use super::state::Fx;
use crate::physics::PhysicsWorld;
use crate::rng::Pcg32;
use hecs::World;

/// How long a beam stays drawn after a shot, s.
pub const BEAM_GLOW: f64 = 0.05;

/// Exhaust from each ship's working engines, out of each nozzle in proportion to that
/// engine's output, and the ageing of beams, once per step.
pub fn engine_exhaust(
    world: &World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    fx: &mut Fx,
    rng: &mut Pcg32,
    dt: f64,
) {
    for b in &mut fx.beams {
        b.age += dt;
    }
    fx.beams.retain(|b| b.age <= BEAM_GLOW);
    for e in ordered::<(&Ship, &Body)>(world) {
        let mut q = world.query_one::<(&Ship, &Body)>(e);
        let Ok((ship, body)) = q.get() else {
            continue;
        };
        let Some(body) = physics.body(body.0) else {
            continue;
        };
        let xf = body.transform();
        for (part, output) in ship.engine_outputs() {
            let Some(engine) = def.engine(part).filter(|_| output > 0.0) else {
                continue;
            };
            let spray = Spray {
                point: xf.apply(engine.at),
                direction: -xf.q.rotate(engine.direction),
                spread: 0.2,
                count: 1,
                speed: 6.0 * output..11.0 * output,
            };
            fx.particles.exhaust(&spray, rng);
        }
    }
}

/// Sparks for the last step's impacts and scrapes.
pub fn contact_sparks(events: &[GameEvent], fx: &mut Fx, rng: &mut Pcg32) {
    for e in events {
        let (point, direction, count) = match *e {
            GameEvent::Impact {
                point,
                normal,
                energy,
            } if energy > 2.0 => (point, normal, energy.sqrt() as usize * 2),
            GameEvent::Scrape {
                point,
                normal,
                speed,
            } => (point, normal, (speed as usize).clamp(1, 6)),
            _ => continue,
        };
        let spray = Spray {
            point,
            direction,
            spread: 1.2,
            count: count.min(40),
            speed: 2.0..6.0,
        };
        fx.particles.sparks(&spray, rng);
    }
}
