//! Enemy bolts: fast points swept by a ray each step (so they never pass through thin rock
//! or a ship), hurting the ship part they hit.

use super::components::Bolt;
use super::damage::hurt_ship_part;
use super::events::GameEvent;
use super::ids::ordered;
use super::particles::Spray;
use super::state::Fx;
use crate::physics::{Filter, PartRef, PhysicsWorld};
use crate::rng::Pcg32;
use hecs::World;

/// Health a bolt takes from the ship part it hits.
pub const BOLT_DAMAGE: f64 = 14.0;
/// Push a bolt gives a body it hits, N·s.
pub const BOLT_IMPULSE: f64 = 0.4;

/// Moves every bolt by one step, in id order; a bolt that hits something stops there.
pub fn move_bolts(
    world: &mut World,
    physics: &mut PhysicsWorld,
    fx: &mut Fx,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    let everything = Filter {
        layer: u32::MAX,
        mask: u32::MAX,
    };
    for entity in ordered::<&Bolt>(world) {
        let Ok(bolt) = world.get::<&Bolt>(entity).map(|b| *b) else {
            continue;
        };
        let travel = bolt.velocity * dt;
        let hit = physics.ray_cast_excluding(bolt.position, travel, everything, &[bolt.owner]);
        let Some(hit) = hit else {
            if let Ok(mut b) = world.get::<&mut Bolt>(entity) {
                b.position += travel;
                b.life -= dt;
                if b.life > 0.0 {
                    continue;
                }
            }
            world.despawn(entity).ok();
            continue;
        };
        world.despawn(entity).ok();
        let spray = Spray {
            point: hit.point,
            direction: hit.normal,
            spread: 0.9,
            count: 8,
            speed: 2.0..5.0,
        };
        fx.particles.sparks(&spray, rng);
        let Some(body) = hit.body else {
            continue;
        };
        if let PartRef::Collider(c) = hit.part {
            hurt_ship_part(world, physics, events, body, c, BOLT_DAMAGE);
        }
        let push = bolt.velocity.normalize_or_zero() * BOLT_IMPULSE;
        physics.apply_impulse(body, push, hit.point);
    }
}
