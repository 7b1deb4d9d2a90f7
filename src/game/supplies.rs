//! Fuel and checkpoints: canisters picked up by flying through them, and landing pads that
//! refuel a ship resting on them gently and become its player's checkpoint.

use super::components::{Body, FuelCan, PadSpot};
use super::events::GameEvent;
use super::ids::ordered;
use super::ship::Ship;
use super::ship_def::ShipDef;
use super::state::Run;
use crate::geom::Vec2;
use crate::physics::{BodyHandle, PartRef, PhysicsWorld};
use hecs::{Entity, World};

/// How close the ship's centre must pass to a canister, m.
pub const PICKUP_RADIUS: f64 = 1.0;
/// Points for a canister.
pub const PICKUP_SCORE: u64 = 25;
/// Fastest a landed ship may move, m/s.
pub const LANDED_SPEED: f64 = 0.6;
/// Fastest a landed ship may turn, rad/s.
pub const LANDED_SPIN: f64 = 0.5;
/// Least upward component of the nose for a landing (cos 20°).
pub const LANDED_UPRIGHT: f64 = 0.94;
/// How far above a pad's surface the ship's centre may be while landed, m.
pub const PAD_HEIGHT: f64 = 1.2;

/// Each ship, in id order, picks up every canister its centre is within reach of.
pub fn collect_fuel(
    world: &mut World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    events: &mut Vec<GameEvent>,
) {
    for ship in ordered::<(&Ship, &Body)>(world) {
        let Some(at) = world
            .get::<&Body>(ship)
            .ok()
            .and_then(|b| physics.body(b.0).map(|b| b.position()))
        else {
            continue;
        };
        for can in ordered::<&FuelCan>(world) {
            let Ok(c) = world.get::<&FuelCan>(can).map(|c| *c) else {
                continue;
            };
            if (c.position - at).length() > PICKUP_RADIUS {
                continue;
            }
            world.despawn(can).ok();
            if let Ok(mut s) = world.get::<&mut Ship>(ship) {
                s.refuel(c.fuel, def.fuel);
                events.push(GameEvent::Scored {
                    player: s.player(),
                    points: PICKUP_SCORE,
                });
            }
            events.push(GameEvent::Refuel);
        }
    }
}

/// The pad the ship with body `ship` rests on, if it has landed: touching rock, nearly
/// still, upright, and over the pad (the first in id order, which is the level's order).
pub fn landed_pad(world: &World, physics: &PhysicsWorld, ship: BodyHandle) -> Option<Entity> {
    let body = physics.body(ship)?;
    let touching = physics.contact_events().iter().any(|e| {
        (e.body_b == Some(ship) && matches!(e.a, PartRef::Rock(_)))
            || (e.body_a == Some(ship) && matches!(e.b, PartRef::Rock(_)))
    });
    let still = body.linear_velocity().length() <= LANDED_SPEED
        && body.angular_velocity().abs() <= LANDED_SPIN;
    let upright = body.rotation().rotate(Vec2::Y).y >= LANDED_UPRIGHT;
    if !(touching && still && upright) {
        return None;
    }
    let p = body.position();
    ordered::<&PadSpot>(world).into_iter().find(|&e| {
        world.get::<&PadSpot>(e).is_ok_and(|spot| {
            let pad = &spot.pad;
            (p.x - pad.position.x).abs() <= pad.width / 2.0
                && p.y >= pad.position.y - 0.2
                && p.y <= pad.position.y + PAD_HEIGHT
        })
    })
}

/// Refuels each landed ship and moves its player's checkpoint to the pad.
pub fn land_on_pads(
    world: &mut World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    run: &mut Run,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    for player in run.players.iter_mut() {
        let Some(ship) = player.ship else {
            player.landed_on = None;
            continue;
        };
        let body = world.get::<&Body>(ship).map(|b| b.0);
        let pad = body.ok().and_then(|b| landed_pad(world, physics, b));
        if let Some(spot) = pad.and_then(|p| world.get::<&PadSpot>(p).ok().map(|s| s.pad.clone())) {
            if let Ok(mut s) = world.get::<&mut Ship>(ship) {
                s.refuel(spot.refuel_rate * dt, def.fuel);
            }
            player.checkpoint = (spot.position + Vec2::new(0.0, 0.6), 0.0);
            if player.landed_on != pad {
                events.push(GameEvent::Refuel);
            }
        }
        player.landed_on = pad;
    }
}
