//! The headless simulation: the game state ([`State`]) stepped at a fixed rate by each
//! player's actions through the one schedule ([`super::schedule::step`]), with what the
//! presentation, the tools and the tests read of it. The reads without a player index are
//! about player 0, the one the window plays.

use super::actions::Actions;
use super::components::{Bolt, FuelCan, Tow};
use super::coop;
use super::door::Door;
use super::error::SetupError;
use super::events::GameEvent;
use super::hud::{Hud, Outcome};
use super::matches::{MatchRun, MatchSetup};
use super::objective::{enemies_left, objective_text};
use super::particles::Particles;
use super::placement::{self, ShipPlacement};
use super::schedule;
use super::setup::SimSetup;
use super::ship::Ship;
use super::ship_def::ShipDef;
use super::snapshot::{Snapshot, UnknownComponent};
use super::spawn::{spawn_debris, spawn_door, spawn_enemy, spawn_pad, spawn_pickup, spawn_ship};
use super::state::{
    BeamTrace, Clock, Fx, Player, Rules, Run, State, MAX_PARTICLES, MAX_PLAYERS, SEED,
};
use super::supplies::landed_pad;
use super::tractor::{tractor_candidate, tractor_origin};
use super::view;
use crate::geom::Vec2;
use crate::level::{LoadedLevel, MatchMode, Pad};
use crate::physics::{Body as PhysicsBody, BodyHandle, PhysicsWorld};
use crate::rng::Pcg32;
use crate::script::region::Region;
use crate::script::ScriptRuntime;
use std::sync::Arc;

pub use super::lives::RESPAWN_DELAY;
pub use super::state::LIVES;

/// The running simulation.
pub struct Sim {
    state: State,
}

impl Sim {
    /// Builds the world from a setup: the rock, then the doors, debris, enemies, canisters
    /// and pads of the level, then a ship for each player at their start.
    pub fn new(setup: &SimSetup) -> Result<Sim, SetupError> {
        if !(setup.time_step.is_finite() && setup.time_step > 0.0) {
            return Err(SetupError::TimeStep(setup.time_step));
        }
        if !(1..=MAX_PLAYERS).contains(&setup.players) {
            return Err(SetupError::Players {
                got: setup.players,
                max: MAX_PLAYERS,
            });
        }
        if setup.player_starts.len() < setup.players {
            return Err(SetupError::Starts {
                players: setup.players,
                starts: setup.player_starts.len(),
            });
        }
        let mut physics = PhysicsWorld::new(setup.physics);
        for chain in &setup.rock {
            physics.add_rock(chain);
        }
        let rules = Rules {
            ship: setup.ship.clone(),
            templates: setup.templates.clone(),
            sounds: setup.sounds.clone(),
            objective: setup.objective.clone(),
            zones: setup
                .zones
                .iter()
                .map(|z| (z.name.clone(), Region::new(&z.shape)))
                .collect(),
            pushes: setup
                .zones
                .iter()
                .filter_map(|z| Some((Region::new(&z.shape), z.push?)))
                .collect(),
            bounds: setup.bounds,
        };
        let players = setup.player_starts[..setup.players]
            .iter()
            .map(|&start| Player::new(start))
            .collect();
        let mut s = State {
            world: hecs::World::new(),
            physics,
            script: setup.script.clone(),
            rng: Pcg32::new(SEED),
            clock: Clock {
                steps: 0,
                dt: setup.time_step,
            },
            events: Vec::new(),
            run: Run {
                players,
                countdown: None,
                outcome: None,
                contest: setup.rules.clone().map(|rules| {
                    let starts = setup.player_starts.clone();
                    MatchRun::new(MatchSetup { rules, starts }, setup.players)
                }),
            },
            fx: Fx {
                particles: Particles::new(MAX_PARTICLES),
                beams: Vec::new(),
            },
            rules: Arc::new(rules),
        };
        let (world, physics) = (&mut s.world, &mut s.physics);
        let item = |what: &str, i: usize| {
            let item = format!("{what}[{i}]");
            move |error| SetupError::Spawn { item, error }
        };
        for (i, m) in setup.movers.iter().enumerate() {
            spawn_door(world, physics, m, i).map_err(item("movers", i))?;
        }
        for (i, d) in setup.debris.iter().enumerate() {
            spawn_debris(world, physics, d).map_err(item("debris", i))?;
        }
        for (i, e) in setup.enemies.iter().enumerate() {
            spawn_enemy(world, physics, e).map_err(item("enemies", i))?;
        }
        for p in &setup.pickups {
            spawn_pickup(world, p);
        }
        for (i, p) in setup.pads.iter().enumerate() {
            spawn_pad(world, i, p);
        }
        for (i, p) in s.run.players.iter_mut().enumerate() {
            let ship = spawn_ship(
                world,
                physics,
                &setup.ship,
                i,
                p.checkpoint,
                setup.ship.fuel,
            )
            .map_err(item("player_starts", i))?;
            p.ship = Some(ship);
        }
        Ok(Sim { state: s })
    }

    /// The simulation of a loaded level for one player, ready for its first step.
    ///
    /// Loading checks everything the sim needs, so this fails only on a level that did not
    /// come from the loader (a debug build asserts it).
    pub fn from_level(loaded: &LoadedLevel) -> Result<Sim, SetupError> {
        let sim = SimSetup::from_level(loaded).and_then(|setup| Sim::new(&setup));
        debug_assert!(
            sim.is_ok(),
            "a loaded level failed to build: {}",
            sim.as_ref().err().map_or(String::new(), |e| e.to_string())
        );
        sim
    }

    /// The simulation of a loaded level for `players` players. The level must give a
    /// start for each, except one that can be flown in co-op (a campaign level with an
    /// objective): there the missing starts are found beside its first (see
    /// [`coop::starts_for`]).
    pub fn from_level_for(loaded: &LoadedLevel, players: usize) -> Result<Sim, SetupError> {
        let setup = SimSetup::from_level(loaded)?;
        let setup = SimSetup {
            players,
            player_starts: if loaded.modes().contains(&MatchMode::Coop) {
                coop::starts_for(loaded, players)
            } else {
                setup.player_starts.clone()
            },
            ..setup
        };
        Sim::new(&setup)
    }

    /// Advances one fixed step with each player's actions: one [`Actions`] for one player,
    /// or a slice of them by player index (a missing player holds nothing).
    pub fn step<A: AsRef<[Actions]> + ?Sized>(&mut self, actions: &A) {
        schedule::step(&mut self.state, actions.as_ref());
    }

    /// The whole state as it is now.
    pub fn save(&self) -> Snapshot {
        Snapshot::save(&self.state).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The whole state, or which entity holds a component the snapshot does not know.
    pub fn try_save(&self) -> Result<Snapshot, UnknownComponent> {
        Snapshot::save(&self.state)
    }

    /// Puts the whole state back as `snapshot` holds it.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        snapshot.restore(&mut self.state);
    }

    /// A new sim in the state `snapshot` holds.
    pub fn from_snapshot(snapshot: &Snapshot) -> Sim {
        Sim {
            state: snapshot.to_state(),
        }
    }

    /// The state hash (see [`State::hash`]).
    pub fn state_hash(&self) -> u64 {
        self.state.hash()
    }

    /// The whole state (read only).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// How many players fly.
    pub fn players(&self) -> usize {
        self.state.run.players.len()
    }

    /// Player `i`: lives, score, checkpoint, ship.
    pub fn player(&self, i: usize) -> Option<&Player> {
        self.state.run.players.get(i)
    }

    /// What the HUD shows of player 0 after the last step.
    pub fn hud(&self) -> Hud {
        view::hud(&self.state, 0)
    }

    /// What the HUD shows of player `i`.
    pub fn hud_of(&self, i: usize) -> Hud {
        view::hud(&self.state, i)
    }

    /// What the level asks of the players, in a short sentence for the HUD.
    pub fn objective_text(&self) -> String {
        objective_text(&self.state.world, &self.state.rules, &self.state.run)
    }

    /// Where player `i`'s camera looks: their ship, or while they wait for the next one,
    /// their checkpoint.
    pub fn camera_target(&self, i: usize) -> Option<Vec2> {
        let ship = view::ship_body(&self.state, i).and_then(|b| self.state.physics.body(b));
        match ship {
            Some(b) => Some(b.position()),
            None => self.player(i).map(|p| p.checkpoint.0),
        }
    }

    /// Live particles (sparks, dust, exhaust, explosions), for drawing.
    pub fn particles(&self) -> &Particles {
        &self.state.fx.particles
    }

    /// Laser beams fired in the last moments, for drawing.
    pub fn beams(&self) -> &[BeamTrace] {
        &self.state.fx.beams
    }

    /// The zone scripts' state (flags, counters, zones), if the level has scripts.
    pub fn script(&self) -> Option<&ScriptRuntime> {
        self.state.script.as_ref()
    }

    /// The doors and lifts with their bodies, in level order.
    pub fn doors(&self) -> Vec<(BodyHandle, Door)> {
        view::doors(&self.state)
    }

    /// Enemies left: turrets, drones and reactors together.
    pub fn enemies_left(&self) -> usize {
        enemies_left(&self.state.world)
    }

    /// The physics world (read only).
    pub fn physics(&self) -> &PhysicsWorld {
        &self.state.physics
    }

    /// The entity world (read only).
    pub fn entities(&self) -> &hecs::World {
        &self.state.world
    }

    /// The ship's definition.
    pub fn ship_def(&self) -> &ShipDef {
        &self.state.rules.ship
    }

    /// Player 0's ship while it flies.
    pub fn ship_state(&self) -> Option<Ship> {
        view::ship_state(&self.state, 0)
    }

    /// Player `i`'s ship while it flies.
    pub fn ship_state_of(&self, i: usize) -> Option<Ship> {
        view::ship_state(&self.state, i)
    }

    /// Player 0's ship's body handle, while it flies.
    pub fn ship_handle(&self) -> Option<BodyHandle> {
        view::ship_body(&self.state, 0)
    }

    /// Player `i`'s ship's body handle, while it flies.
    pub fn ship_handle_of(&self, i: usize) -> Option<BodyHandle> {
        view::ship_body(&self.state, i)
    }

    /// Player 0's ship's body, while it flies.
    pub fn ship(&self) -> Option<&PhysicsBody> {
        self.ship_of(0)
    }

    /// Player `i`'s ship's body, while it flies.
    pub fn ship_of(&self, i: usize) -> Option<&PhysicsBody> {
        self.state.physics.body(self.ship_handle_of(i)?)
    }

    /// What the level's currents and winds add to gravity at `at` (m/s²): the sum of the
    /// pushes of the zones there, zero outside them.
    pub fn push_at(&self, at: Vec2) -> Vec2 {
        super::drift::push_at(&self.state.rules.pushes, at)
    }

    /// The debris bodies, in id order.
    pub fn debris(&self) -> Vec<BodyHandle> {
        view::debris(&self.state)
    }

    /// Fuel canisters still waiting, in id order.
    pub fn fuel_cans(&self) -> Vec<FuelCan> {
        view::fuel_cans(&self.state)
    }

    /// The landing pads, in level order.
    pub fn pads(&self) -> Vec<Pad> {
        view::pads(&self.state)
    }

    /// Each turret's base and the direction its barrel points (radians, 0 is up).
    pub fn turrets(&self) -> Vec<(Vec2, f64)> {
        view::turrets(&self.state)
    }

    /// Bolts in flight, for drawing.
    pub fn bolts(&self) -> Vec<Bolt> {
        view::bolts(&self.state)
    }

    /// Whether `body` is an enemy's.
    pub fn is_enemy(&self, body: BodyHandle) -> bool {
        view::is_enemy(&self.state, body)
    }

    /// What happened during the last step.
    pub fn events(&self) -> &[GameEvent] {
        &self.state.events
    }

    /// Player 0's fuel, seconds of thrust (0 while no ship flies).
    pub fn fuel(&self) -> f64 {
        self.ship_state().map_or(0.0, |s| s.fuel())
    }

    /// Player 0's ships left, the one flying included.
    pub fn lives(&self) -> u32 {
        self.player(0).map_or(0, |p| p.lives)
    }

    /// Player 0's points.
    pub fn score(&self) -> u64 {
        self.player(0).map_or(0, |p| p.score)
    }

    /// Where player 0's next ship appears, and its angle.
    pub fn checkpoint(&self) -> (Vec2, f64) {
        self.player(0).map_or((Vec2::ZERO, 0.0), |p| p.checkpoint)
    }

    /// How the level ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.run.outcome
    }

    /// The match of a level made for several players, if it has rules.
    pub fn contest(&self) -> Option<&MatchRun> {
        self.state.run.contest.as_ref()
    }

    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.state.clock.steps
    }

    /// The fixed step, seconds.
    pub fn time_step(&self) -> f64 {
        self.state.clock.dt
    }

    /// Player 0's emitter position and nose direction, if their ship flies.
    pub fn tractor_origin(&self) -> Option<(Vec2, Vec2)> {
        tractor_origin(&self.state.physics, self.ship_def(), self.ship_handle()?)
    }

    /// The piece player 0's beam holds and where the beam ends on it.
    pub fn tow(&self) -> Option<(BodyHandle, Vec2)> {
        self.tow_of(0)
    }

    /// The piece player `i`'s beam holds and where the beam ends on it.
    pub fn tow_of(&self, i: usize) -> Option<(BodyHandle, Vec2)> {
        let ship = view::ship_entity(&self.state, i)?;
        let tow = *self.state.world.get::<&Tow>(ship).ok()?;
        Some((tow.body, self.state.physics.body(tow.body)?.position()))
    }

    /// The piece player 0's beam would lock now.
    pub fn tractor_candidate(&self) -> Option<BodyHandle> {
        let s = &self.state;
        tractor_candidate(&s.world, &s.physics, &s.rules.ship, self.ship_handle()?)
    }

    /// The index of the pad player 0's ship rests on, if it has landed.
    pub fn landed_pad(&self) -> Option<usize> {
        self.landed_pad_of(0)
    }

    /// The index of the pad player `i`'s ship rests on, if it has landed.
    pub fn landed_pad_of(&self, i: usize) -> Option<usize> {
        let s = &self.state;
        let pad = landed_pad(&s.world, &s.physics, self.ship_handle_of(i)?)?;
        let spot = s.world.get::<&super::components::PadSpot>(pad).ok()?;
        Some(spot.index)
    }

    /// Where player 0's ship is and how it moves; `None` while no ship flies.
    pub fn ship_placement(&self) -> Option<ShipPlacement> {
        placement::ship_placement(&self.state, 0)
    }

    /// Moves player 0's ship to `place` (see [`placement::place_ship`]).
    pub fn place_ship(&mut self, place: &ShipPlacement) -> bool {
        placement::place_ship(&mut self.state, 0, place)
    }

    /// Moves player `i`'s ship to `place` (see [`placement::place_ship`]).
    pub fn place_ship_of(&mut self, i: usize, place: &ShipPlacement) -> bool {
        placement::place_ship(&mut self.state, i, place)
    }

    /// The corners of player 0's ship's parts, world frame.
    pub fn ship_corners(&self) -> Vec<Vec2> {
        placement::ship_corners(&self.state, 0)
    }

    /// Whether player 0's ship touches rock or another body.
    pub fn ship_overlaps(&self) -> bool {
        placement::ship_overlaps(&self.state, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_component_the_snapshot_does_not_know_is_an_error_not_a_silent_loss() {
        let mut sim = Sim::new(&SimSetup::empty(Vec2::ZERO)).unwrap();
        assert!(sim.try_save().is_ok());
        struct Stray;
        let stray = sim.state.world.spawn((Stray,));
        let e = sim.try_save().unwrap_err();
        assert_eq!(e.entity, stray.to_bits().get());
        assert_eq!((e.found, e.copied), (1, 0));
    }
}
