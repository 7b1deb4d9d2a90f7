//! The level's objective: checked after each step — reached, delivered, destroyed,
//! escaped, or out of time — and the end of the level, with the bonus for a win.

use super::components::{Body, Health, Piece};
use super::events::GameEvent;
use super::hud::Outcome;
use super::ids::ordered;
use super::ship::Ship;
use super::state::{Rules, Run};
use crate::geom::Vec2;
use crate::level::Objective;
use crate::physics::PhysicsWorld;
use crate::script::ScriptRuntime;
use hecs::World;

/// Points for winning, per ship left.
pub const WIN_SCORE_PER_LIFE: u64 = 250;
/// Points for winning, per second of fuel left.
pub const WIN_SCORE_PER_FUEL: f64 = 5.0;

/// Ends the level, once; a win gives each player the bonus for their ships and fuel left.
pub fn finish(world: &World, run: &mut Run, events: &mut Vec<GameEvent>, outcome: Outcome) {
    if run.outcome.is_some() {
        return;
    }
    run.outcome = Some(outcome);
    if outcome != Outcome::Won {
        return;
    }
    for (i, p) in run.players.iter().enumerate() {
        let fuel = p
            .ship
            .and_then(|s| world.get::<&Ship>(s).ok().map(|s| s.fuel()))
            .unwrap_or(0.0);
        let points =
            WIN_SCORE_PER_LIFE * p.lives as u64 + (fuel * WIN_SCORE_PER_FUEL).round() as u64;
        events.push(GameEvent::Scored { player: i, points });
    }
}

/// Enemies left: turrets, drones and reactors together.
pub fn enemies_left(world: &World) -> usize {
    world.query::<&Health>().iter().count()
}

/// Where the piece called `name` is (the first in id order, if it split).
fn named_piece(world: &World, physics: &PhysicsWorld, name: &str) -> Option<Vec2> {
    ordered::<(&Body, &Piece)>(world).into_iter().find_map(|e| {
        let piece = world.get::<&Piece>(e).ok()?;
        if piece.name.as_deref() != Some(name) {
            return None;
        }
        physics
            .body(world.get::<&Body>(e).ok()?.0)
            .map(|b| b.position())
    })
}

/// Checks the objective after a step.
pub fn check_objective(
    world: &World,
    physics: &PhysicsWorld,
    rules: &Rules,
    script: Option<&ScriptRuntime>,
    run: &mut Run,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    if run.outcome.is_some() {
        return;
    }
    let ships: Vec<Vec2> = ordered::<(&Ship, &Body)>(world)
        .into_iter()
        .filter_map(|e| {
            physics
                .body(world.get::<&Body>(e).ok()?.0)
                .map(|b| b.position())
        })
        .collect();
    let inside = |zone: &str, p: Option<Vec2>| {
        p.is_some_and(|p| rules.zone(zone).is_some_and(|r| r.contains(p)))
    };
    let any_ship_inside = |zone: &str| ships.iter().any(|p| inside(zone, Some(*p)));
    let won = match &rules.objective {
        Objective::Explore => false,
        Objective::ReachZone(z) => any_ship_inside(z),
        Objective::SetFlag(f) => script.and_then(|s| s.flag(f)) == Some(true),
        Objective::Deliver { debris, zone } => debris
            .iter()
            .all(|name| inside(zone, named_piece(world, physics, name))),
        Objective::DestroyAllEnemies => enemies_left(world) == 0,
        Objective::DestroyAndEscape {
            target,
            zone,
            seconds,
        } => {
            let destroyed = events
                .iter()
                .any(|e| matches!(e, GameEvent::EnemyDestroyed { name, .. } if name == target));
            if run.countdown.is_none() && destroyed {
                run.countdown = Some(*seconds);
            }
            let escaped = run.countdown.is_some() && any_ship_inside(zone);
            if let Some(t) = run.countdown.as_mut() {
                *t -= dt;
                if *t <= 0.0 && !escaped {
                    *t = 0.0;
                    finish(world, run, events, Outcome::Lost);
                    return;
                }
            }
            escaped
        }
    };
    if won {
        finish(world, run, events, Outcome::Won);
    }
}

/// What the level asks of the players, in a short sentence for the HUD.
pub fn objective_text(world: &World, rules: &Rules, run: &Run) -> String {
    match &rules.objective {
        Objective::Explore => "Explore the caves".to_string(),
        Objective::ReachZone(z) => format!("Reach {}", z.replace('_', " ")),
        Objective::SetFlag(f) => format!("Make {} happen", f.replace('_', " ")),
        Objective::Deliver { debris, zone } => format!(
            "Bring {} to {}",
            debris.join(", ").replace('_', " "),
            zone.replace('_', " ")
        ),
        Objective::DestroyAllEnemies => {
            format!("Destroy every enemy ({} left)", enemies_left(world))
        }
        Objective::DestroyAndEscape { target, zone, .. } => match run.countdown {
            None => format!("Destroy {}", target.replace('_', " ")),
            Some(_) => format!("Escape to {}!", zone.replace('_', " ")),
        },
    }
}
