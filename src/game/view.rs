//! Read-only views of the game state for drawing, the HUD and tools: plain functions over
//! [`State`], each listing entities in the fixed id order.

use super::components::{Body, Bolt, FuelCan, Health, PadSpot, Piece, Turret};
use super::door::Door;
use super::hud::{ComponentHealth, Hud};
use super::ids::{entity_of, ordered};
use super::objective::objective_text;
use super::ship::Ship;
use super::ship_def::PartKind;
use super::state::State;
use crate::geom::Vec2;
use crate::level::Pad;
use crate::physics::BodyHandle;
use hecs::World;

/// The ship entity of `player`, if it flies.
pub fn ship_entity(s: &State, player: usize) -> Option<hecs::Entity> {
    s.run.players.get(player)?.ship
}

/// The body of `player`'s ship, if it flies.
pub fn ship_body(s: &State, player: usize) -> Option<BodyHandle> {
    Some(s.world.get::<&Body>(ship_entity(s, player)?).ok()?.0)
}

/// The state of `player`'s ship (health, fuel, throttle), if it flies.
pub fn ship_state(s: &State, player: usize) -> Option<Ship> {
    Some((*s.world.get::<&Ship>(ship_entity(s, player)?).ok()?).clone())
}

/// The bodies of every entity with component `T` and a body, in id order.
fn bodies_of<T: hecs::Component>(world: &World) -> Vec<BodyHandle> {
    ordered::<(&T, &Body)>(world)
        .into_iter()
        .filter_map(|e| world.get::<&Body>(e).ok().map(|b| b.0))
        .collect()
}

/// The debris bodies, in id order.
pub fn debris(s: &State) -> Vec<BodyHandle> {
    bodies_of::<Piece>(&s.world)
}

/// Fuel canisters still waiting, in id order.
pub fn fuel_cans(s: &State) -> Vec<FuelCan> {
    ordered::<&FuelCan>(&s.world)
        .into_iter()
        .filter_map(|e| s.world.get::<&FuelCan>(e).ok().map(|c| *c))
        .collect()
}

/// The landing pads, in level order.
pub fn pads(s: &State) -> Vec<Pad> {
    ordered::<&PadSpot>(&s.world)
        .into_iter()
        .filter_map(|e| s.world.get::<&PadSpot>(e).ok().map(|p| p.pad.clone()))
        .collect()
}

/// Each turret's base and the direction its barrel points (radians, 0 is up).
pub fn turrets(s: &State) -> Vec<(Vec2, f64)> {
    ordered::<(&Turret, &Body)>(&s.world)
        .into_iter()
        .filter_map(|e| {
            let aim = s.world.get::<&Turret>(e).ok()?.aim;
            let at = s.physics.body(s.world.get::<&Body>(e).ok()?.0)?.position();
            Some((at, aim))
        })
        .collect()
}

/// Bolts in flight, in id order.
pub fn bolts(s: &State) -> Vec<Bolt> {
    ordered::<&Bolt>(&s.world)
        .into_iter()
        .filter_map(|e| s.world.get::<&Bolt>(e).ok().map(|b| *b))
        .collect()
}

/// The doors and lifts with their bodies, in level order.
pub fn doors(s: &State) -> Vec<(BodyHandle, Door)> {
    ordered::<(&Door, &Body)>(&s.world)
        .into_iter()
        .filter_map(|e| {
            let body = s.world.get::<&Body>(e).ok()?.0;
            Some((body, (*s.world.get::<&Door>(e).ok()?).clone()))
        })
        .collect()
}

/// Whether `body` is an enemy's.
pub fn is_enemy(s: &State, body: BodyHandle) -> bool {
    entity_of(&s.physics, &s.world, body).is_some_and(|e| s.world.get::<&Health>(e).is_ok())
}

/// What the HUD shows of `player` after the last step.
pub fn hud(s: &State, player: usize) -> Hud {
    let capacity = s.rules.ship.fuel;
    let ship = ship_state(s, player);
    let components = PartKind::ALL
        .iter()
        .map(|&k| ComponentHealth {
            name: k.label(),
            health: ship.as_ref().map_or(0.0, |s| s.health_fraction(k)),
        })
        .collect();
    let fuel = ship.as_ref().map_or(0.0, Ship::fuel);
    let p = s.run.players.get(player);
    Hud {
        fuel: if capacity > 0.0 { fuel / capacity } else { 0.0 },
        hull: ship
            .as_ref()
            .map_or(0.0, |s| s.health_fraction(PartKind::Hull)),
        components,
        score: p.map_or(0, |p| p.score),
        lives: p.map_or(0, |p| p.lives),
        message: s
            .script
            .as_ref()
            .and_then(|s| s.message())
            .map(|(m, _)| m.to_string()),
        objective: objective_text(&s.world, &s.rules, &s.run),
        countdown: s.run.countdown,
        contest: s
            .run
            .contest
            .as_ref()
            .map(|m| super::matches::MatchHud::of(m, player, s.clock.dt)),
    }
}
