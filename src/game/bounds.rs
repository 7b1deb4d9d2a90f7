//! Leaving the level: a level's bounds are the box around its rock, widened by
//! [`super::setup::BOUNDS_MARGIN`] so that open sky above a surface stays in play. Whatever leaves them
//! is gone for good: a piece, a drone or a bolt is removed (a beam holding a piece lets go);
//! a ship is lost, without a wreck, and its player's next ship comes as after any loss. So
//! nothing flies on for ever, and every entity stays inside the bounds or is removed.

use super::components::{Body, Bolt};
use super::events::GameEvent;
use super::ids::ordered;
use super::lives::{lose_ship, Wreck};
use super::ship::Ship;
use super::ship_def::ShipDef;
use super::state::Run;
use super::tractor::release_tows_of;
use crate::geom::Aabb;
use crate::physics::{BodyKind, PhysicsWorld};
use crate::rng::Pcg32;
use hecs::World;

/// Removes every moving body and bolt outside `bounds`, in id order; a ship outside is
/// lost, and costs its player a life.
pub fn leave_level(
    world: &mut World,
    physics: &mut PhysicsWorld,
    (def, bounds): (&ShipDef, &Aabb),
    run: &mut Run,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
) {
    for e in ordered::<&Body>(world) {
        let Ok(body) = world.get::<&Body>(e).map(|b| b.0) else {
            continue;
        };
        // Only what moves freely can leave: doors, lifts, turrets and reactors stay put.
        let inside = physics
            .body(body)
            .is_none_or(|b| b.kind() != BodyKind::Dynamic || bounds.contains_point(b.position()));
        if inside {
            continue;
        }
        if world.get::<&Ship>(e).is_ok() {
            lose_ship(world, physics, def, run, rng, events, e, Wreck::Gone);
            continue;
        }
        release_tows_of(world, physics, events, body);
        physics.remove_body(body);
        world.despawn(e).ok();
    }
    for e in ordered::<&Bolt>(world) {
        if world
            .get::<&Bolt>(e)
            .is_ok_and(|b| !bounds.contains_point(b.position))
        {
            world.despawn(e).ok();
        }
    }
}
