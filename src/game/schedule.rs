//! The step: every system, in the one order the game runs them. This is the only place
//! that order is written down.
//!
//! 1. `run_scripts` — zones see where things were after the last step; their commands
//!    (messages, spawns, doors, sounds, checkpoints, gravity, win or lose) are carried out;
//! 2. `move_doors` — doors and lifts set their velocities for the physics step;
//! 3. `fly_ships` — each ship turns and thrusts for its player's actions;
//! 4. `fire_lasers` — triggers fire; hits hurt enemies and split or crumble debris (and,
//!    in versus, the other ships);
//! 5. `update_tractors` — beams lock, hold or let go;
//! 6. `run_turrets`, `run_drones` — enemies aim and fire, patrol or ram; `drift` — zones
//!    that push (currents, wind) accelerate every dynamic body inside them;
//! 7. `physics.step` — forces, contacts, the solver, integration, contact events;
//! 8. `apply_contacts` — impacts hurt ships and enemies; scrapes are heard;
//!    `versus_blame` — in versus, who hurt each ship, and who handles which piece;
//! 9. `move_bolts` — bolts fly and hit;
//! 10. `leave_level` — what left the level's bounds is removed; a ship there is lost;
//! 11. `check_tows` — beams that broke, or whose piece is gone, let go;
//! 12. `reap_enemies` — the destroyed explode and score;
//! 13. `ships_lost` — ships without a hull burst; a life is lost (in versus, the kill is
//!     scored);
//! 14. `collect_fuel`, `land_on_pads` — canisters, refuelling, checkpoints;
//! 15. `versus_respawn_points`, `respawn` — the next ship appears when its time comes (in
//!     versus, at the start farthest from the other ship);
//! 16. `check_objective` — won, lost, the escape countdown; `race_checkpoints` — in a
//!     race, checkpoints passed in order, laps and their times, the winner;
//! 17. `contact_sparks`, `engine_exhaust`, particles — what the eye sees;
//! 18. `tally_scores` — the step's points are added to each player's score.
//!
//! Once the level has ended the players' actions are ignored (the world goes on).

use super::actions::Actions;
use super::bolts::move_bolts;
use super::bounds::leave_level;
use super::damage::apply_contacts;
use super::drift::drift;
use super::effects::{contact_sparks, engine_exhaust};
use super::enemies::{reap_enemies, run_drones, run_turrets};
use super::flight::fly_ships;
use super::lives::{respawn, ships_lost, tally_scores};
use super::objective::check_objective;
use super::race::race_checkpoints;
use super::scripting::{move_doors, run_scripts};
use super::state::State;
use super::supplies::{collect_fuel, land_on_pads};
use super::tractor::{check_tows, update_tractors};
use super::versus::{versus_blame, versus_respawn_points};
use super::weapons::fire_lasers;

/// Advances the game one fixed step with each player's actions (by player index; a player
/// without actions holds nothing).
pub fn step(s: &mut State, actions: &[Actions]) {
    let dt = s.clock.dt;
    let ship = &s.rules.ship;
    s.events.clear();
    let actions = if s.run.outcome.is_none() {
        actions
    } else {
        &[]
    };
    let (world, physics, events) = (&mut s.world, &mut s.physics, &mut s.events);
    run_scripts(
        world,
        physics,
        &mut s.script,
        &s.rules,
        &mut s.run,
        events,
        dt,
    );
    move_doors(world, physics, dt);
    fly_ships(world, physics, ship, actions, dt, &mut s.rng);
    let versus = s
        .run
        .contest
        .as_ref()
        .is_some_and(|m| m.mode() == crate::level::MatchMode::Versus);
    fire_lasers(
        world, physics, ship, actions, &mut s.fx, &mut s.rng, events, versus,
    );
    update_tractors(world, physics, ship, actions, events);
    run_turrets(world, physics, events, dt);
    run_drones(world, physics, dt);
    drift(physics, &s.rules.pushes);
    physics.step(dt);
    apply_contacts(world, physics, ship, events);
    versus_blame(world, physics, &mut s.run, events, dt);
    move_bolts(world, physics, &mut s.fx, &mut s.rng, events, dt);
    if let Some(bounds) = &s.rules.bounds {
        leave_level(
            world,
            physics,
            (ship, bounds),
            &mut s.run,
            &mut s.rng,
            events,
        );
    }
    check_tows(world, physics, events);
    reap_enemies(
        world,
        physics,
        &mut s.fx,
        &mut s.rng,
        events,
        s.run.players.len(),
    );
    ships_lost(world, physics, ship, &mut s.run, &mut s.rng, events);
    collect_fuel(world, physics, ship, events);
    land_on_pads(world, physics, ship, &mut s.run, events, dt);
    versus_respawn_points(world, physics, &mut s.run);
    respawn(world, physics, ship, &mut s.run, events, dt);
    let script = s.script.as_ref();
    check_objective(world, physics, &s.rules, script, &mut s.run, events, dt);
    race_checkpoints(world, physics, &s.rules, &mut s.run, events, dt);
    contact_sparks(events, &mut s.fx, &mut s.rng);
    engine_exhaust(world, physics, ship, &mut s.fx, &mut s.rng, dt);
    let gravity = physics.settings().gravity;
    s.fx.particles.step(dt, gravity);
    tally_scores(events, &mut s.run.players);
    s.clock.steps += 1;
}
