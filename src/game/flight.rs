//! Flying: every ship turns and thrusts for its player's actions.

use super::actions::Actions;
use super::components::Body;
use super::ids::ordered;
use super::ship::Ship;
use super::ship_def::ShipDef;
use crate::physics::PhysicsWorld;
use crate::rng::Pcg32;
use hecs::World;

/// Each ship, in id order, flies by its player's actions for this step (a player without
/// actions holds nothing).
pub fn fly_ships(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    actions: &[Actions],
    dt: f64,
    rng: &mut Pcg32,
) {
    for e in ordered::<&Ship>(world) {
        let Ok((ship, body)) = world.query_one_mut::<(&mut Ship, &Body)>(e) else {
            continue;
        };
        let a = actions.get(ship.player()).copied().unwrap_or_default();
        ship.control(body.0, def, physics, &a, dt, rng);
    }
}
