//! Race: the level's checkpoint zones are flown in order. A ship passes a checkpoint when
//! its centre is inside the zone; only the next one in order counts, so cutting the track
//! gains nothing. Passing the first checkpoint (the start and finish line) after the last
//! completes a lap; each lap's time is kept, with the best. The first to fly the level's
//! laps wins. Lost ships come back at their start after [`super::matches::RACE_RESPAWN`],
//! keeping the checkpoints they passed (see `lives.rs`).

use super::components::Body;
use super::events::GameEvent;
use super::hud::Outcome;
use super::ids::ordered;
use super::ship::Ship;
use super::state::{Rules, Run};
use crate::level::MatchRules;
use crate::physics::PhysicsWorld;
use hecs::World;

/// Counts each player's lap time and moves them on through the checkpoints they pass.
pub fn race_checkpoints(
    world: &World,
    physics: &PhysicsWorld,
    rules: &Rules,
    run: &mut Run,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    let Some(m) = run.contest.as_mut() else {
        return;
    };
    let setup = m.setup.clone();
    let MatchRules::Race { laps, checkpoints } = &setup.rules else {
        return;
    };
    if m.winner.is_some() {
        return;
    }
    for c in &mut m.players {
        c.lap_steps += 1;
    }
    for e in ordered::<(&Ship, &Body)>(world) {
        let (Ok(ship), Ok(body)) = (world.get::<&Ship>(e), world.get::<&Body>(e)) else {
            continue;
        };
        let player = ship.player();
        let Some(at) = physics.body(body.0).map(|b| b.position()) else {
            continue;
        };
        let Some(c) = m.players.get_mut(player) else {
            continue;
        };
        let next = c.next_checkpoint;
        let inside = checkpoints
            .get(next)
            .and_then(|name| rules.zone(name))
            .is_some_and(|zone| zone.contains(at));
        if !inside {
            continue;
        }
        c.next_checkpoint = (next + 1) % checkpoints.len();
        events.push(GameEvent::Checkpoint {
            player,
            index: next,
        });
        if next != 0 {
            continue;
        }
        let seconds = c.lap_steps as f64 * dt;
        c.laps += 1;
        c.lap_steps = 0;
        c.last_lap = Some(seconds);
        c.best_lap = Some(c.best_lap.map_or(seconds, |b| b.min(seconds)));
        events.push(GameEvent::Lap { player, seconds });
        if c.laps >= *laps && m.winner.is_none() {
            m.winner = Some(player);
            events.push(GameEvent::MatchWon { player });
            run.outcome.get_or_insert(Outcome::Won);
            return;
        }
    }
}
