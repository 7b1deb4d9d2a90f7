//! Losing and getting ships: a ship whose hull is gone bursts into debris and costs its
//! player a life; the next one appears at the player's checkpoint after a moment. The
//! level is lost when no player has a ship left.

use super::components::Body;
use super::events::GameEvent;
use super::hud::Outcome;
use super::ids::ordered;
use super::setup::DebrisSetup;
use super::ship::Ship;
use super::ship_def::ShipDef;
use super::spawn::{spawn_debris, spawn_ship};
use super::state::{Player, Run};
use super::tractor::release_tow;
use crate::physics::PhysicsWorld;
use crate::rng::Pcg32;
use hecs::{Entity, World};

/// Seconds between losing a ship and the next one appearing.
pub const RESPAWN_DELAY: f64 = 2.0;

/// Each ship whose hull is gone bursts into its parts, flying outwards; its player loses
/// a life and gets the next ship after [`RESPAWN_DELAY`], or is out.
pub fn ships_lost(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    run: &mut Run,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
) {
    for e in ordered::<(&Ship, &Body)>(world) {
        if world.get::<&Ship>(e).is_ok_and(|s| s.destroyed()) {
            lose_ship(world, physics, def, run, rng, events, e, Wreck::Burst);
        }
    }
}

/// What is left of a lost ship.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wreck {
    /// Its parts, as debris flying outwards.
    Burst,
    /// Nothing: it is gone from the level.
    Gone,
}

/// Takes the ship `e` out of the game: its beam lets go, its body and entity go (leaving
/// `wreck`), and its player loses a life and gets the next ship after [`RESPAWN_DELAY`],
/// or is out; the level is lost when no player has a ship left. In versus the loss is
/// scored (`versus.rs`); in versus and in a race no life is lost and the next ship comes
/// after the match's delay.
#[allow(clippy::too_many_arguments)]
pub fn lose_ship(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    run: &mut Run,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
    e: Entity,
    wreck: Wreck,
) {
    let Ok((player, body)) = world
        .query_one_mut::<(&Ship, &Body)>(e)
        .map(|(ship, body)| (ship.player(), body.0))
    else {
        return;
    };
    let parts = match wreck {
        Wreck::Burst => Ship::wreck(body, def, physics),
        Wreck::Gone => Vec::new(),
    };
    let fallback = run
        .players
        .get(player)
        .map_or(Default::default(), |p| p.checkpoint.0);
    let at = physics.body(body).map_or(fallback, |b| b.position());
    release_tow(world, physics, events, e);
    physics.remove_body(body);
    world.despawn(e).ok();
    for (poly, xf, v, w) in parts {
        // Each piece flies outwards from the blast as well as with the ship's motion.
        let out = (xf.p - at).normalize_or_zero();
        let kick = 3.0 + 2.0 * rng.next_f64();
        let spin = (rng.next_f64() - 0.5) * 6.0;
        let piece = DebrisSetup {
            velocity: v + out * kick,
            angular_velocity: w + spin,
            name: None,
            material: crate::level::Material::Metal,
            density: def.density,
            friction: def.friction,
            restitution: def.restitution,
            ..DebrisSetup::new(poly.into(), xf.p, xf.q.angle())
        };
        spawn_debris(world, physics, &piece).ok();
    }
    events.push(GameEvent::Explosion {
        point: at,
        size: 2.0,
    });
    events.push(GameEvent::ShipLost);
    super::versus::score_kill(run, player, events);
    // In versus and in a race ships keep coming; in co-op and alone, each costs a life.
    let endless = run.contest.as_ref().filter(|m| !m.lives_count());
    let delay = endless.map(|m| m.respawn_delay());
    if let Some(p) = run.players.get_mut(player) {
        p.ship = None;
        if let Some(delay) = delay {
            p.respawn_in = Some(delay);
        } else {
            p.lives = p.lives.saturating_sub(1);
            if p.lives > 0 {
                p.respawn_in = Some(RESPAWN_DELAY);
            }
        }
    }
    if run.players.iter().all(|p| p.lives == 0 && p.ship.is_none()) {
        run.outcome.get_or_insert(Outcome::Lost);
    }
}

/// Counts down each waiting player's respawn and puts their next ship at their checkpoint.
pub fn respawn(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    run: &mut Run,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    for (i, player) in run.players.iter_mut().enumerate() {
        let Some(t) = player.respawn_in.as_mut() else {
            continue;
        };
        *t -= dt;
        if *t > 0.0 {
            continue;
        }
        player.respawn_in = None;
        if let Ok(ship) = spawn_ship(world, physics, def, i, player.checkpoint, def.fuel) {
            player.ship = Some(ship);
            events.push(GameEvent::Respawn);
        }
    }
}

/// Adds up the points scored during the step.
pub fn tally_scores(events: &[GameEvent], players: &mut [Player]) {
    for e in events {
        if let GameEvent::Scored { player, points } = e {
            if let Some(p) = players.get_mut(*player) {
                p.score += points;
            }
        }
    }
}
