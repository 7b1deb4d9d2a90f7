//! The whole game state: the hecs world of entities and a few named resources beside it.
//! Nothing that affects the future lives anywhere else, so a snapshot (`snapshot.rs`) can
//! save and restore all of it, and [`State::hash`] can pin all of it.
//!
//! The resources: the physics world, the zone scripts' state, the random generator, the
//! clock, the step's event queue, the run (the players with their lives, scores and
//! checkpoints, the escape countdown and the outcome), the effects (particles and beams, drawn but simulated
//! with the game), and the rules (what the level and the ship are: never changed while
//! playing, shared between snapshots).

use super::components::{Bolt, Drone, FuelCan, Health, Piece, Tow};
use super::door::Door;
use super::events::GameEvent;
use super::hud::Outcome;
use super::ids::{ordered, user_data};
use super::particles::Particles;
use super::ship::Ship;
use super::ship_def::ShipDef;
use crate::geom::{Aabb, Vec2};
use crate::hash::Fnv1a;
use crate::level::{Objective, Template};
use crate::physics::PhysicsWorld;
use crate::rng::Pcg32;
use crate::script::region::Region;
use crate::script::ScriptRuntime;
use hecs::{Entity, World};
use std::sync::Arc;

/// Most players in one sim.
pub const MAX_PLAYERS: usize = 4;
/// Ships each player has at the start of a level.
pub const LIVES: u32 = 3;
/// Most live particles.
pub const MAX_PARTICLES: usize = 20_000;
/// The seed of the sim's generator: fixed, so every run of a level is the same.
pub const SEED: u64 = 0x00C4_FEF1_7000_0001;

/// The fixed-step clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// Steps taken.
    pub steps: u64,
    /// The fixed step, seconds.
    pub dt: f64,
}

/// One player: what outlives their ships.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// Their ship's entity while it flies.
    pub ship: Option<Entity>,
    /// Ships left, the one flying included.
    pub lives: u32,
    /// Points scored.
    pub score: u64,
    /// Where their next ship appears, and its angle.
    pub checkpoint: (Vec2, f64),
    /// Seconds until their next ship appears, after one was lost.
    pub respawn_in: Option<f64>,
    /// The pad their ship rested on after the last step.
    pub landed_on: Option<Entity>,
}

impl Player {
    /// A player who starts at `start` with every life.
    pub fn new(start: (Vec2, f64)) -> Player {
        Player {
            ship: None,
            lives: LIVES,
            score: 0,
            checkpoint: start,
            respawn_in: None,
            landed_on: None,
        }
    }
}

/// The run through the level: the players, the escape countdown and the outcome.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    /// The players, by index.
    pub players: Vec<Player>,
    /// Seconds left to escape, once the countdown runs.
    pub countdown: Option<f64>,
    /// How the level ended, once it has.
    pub outcome: Option<Outcome>,
    /// The match of a level made for several players (versus, race, co-op), if it has
    /// rules; none for a campaign level.
    pub contest: Option<super::matches::MatchRun>,
}

/// Laser beams drawn for a moment after a shot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeamTrace {
    /// Muzzle.
    pub from: Vec2,
    /// Where it stopped.
    pub to: Vec2,
    /// Seconds since it fired.
    pub age: f64,
}

/// What the sim simulates for the eye: particles and beams. Nothing reads them back but the
/// renderer, yet they are part of the state, so a restored game looks the same.
#[derive(Clone, Debug)]
pub struct Fx {
    /// Sparks, dust, smoke, flashes, embers, exhaust.
    pub particles: Particles,
    /// Beams of the last moments.
    pub beams: Vec<BeamTrace>,
}

/// What the level and the ship are: read by the systems, never changed while playing.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The ship every player flies.
    pub ship: ShipDef,
    /// What scripts may spawn, by index.
    pub templates: Vec<Template>,
    /// The level's sound names, by index.
    pub sounds: Vec<String>,
    /// What finishes the level.
    pub objective: Objective,
    /// The zone regions by the level's zone names, for the objective's checks.
    pub(crate) zones: Vec<(String, Region)>,
    /// The zones that push (a current or a wind): their regions and accelerations, in the
    /// level's order.
    pub(crate) pushes: Vec<(Region, Vec2)>,
    /// Where the level ends: what leaves this box is removed (see `bounds.rs`); none for
    /// a world without edges.
    pub bounds: Option<Aabb>,
}

impl Rules {
    /// The region of the zone called `name`.
    pub(crate) fn zone(&self, name: &str) -> Option<&Region> {
        self.zones.iter().find(|(n, _)| n == name).map(|(_, r)| r)
    }
}

/// The world and the resources: everything a step reads and writes.
pub struct State {
    /// The entities and their components.
    pub world: World,
    /// Bodies, colliders, joints, contacts, the rock.
    pub physics: PhysicsWorld,
    /// The zone scripts' state, if the level has scripts.
    pub script: Option<ScriptRuntime>,
    /// Gameplay randomness.
    pub rng: Pcg32,
    /// Steps taken and the fixed step.
    pub clock: Clock,
    /// What happened during the last step.
    pub events: Vec<GameEvent>,
    /// The players, the countdown and the outcome.
    pub run: Run,
    /// Particles and beams.
    pub fx: Fx,
    /// The level and the ship, shared.
    pub rules: Arc<Rules>,
}

impl State {
    /// The state hash: FNV-1a 64 over the raw bits of every body's position, rotation and
    /// velocities (the physics hash), then of the game state in a fixed order: the players,
    /// the ships, the pieces, the enemies, the bolts, the canisters, the doors, the scripts,
    /// the countdown and outcome, the generator and the step count, and the match if one is
    /// played. Entities are visited in id order.
    pub fn hash(&self) -> u64 {
        let mut h = Fnv1a::new();
        h.write_u64(self.physics.state_hash());
        for p in &self.run.players {
            h.write_u64(p.ship.map_or(0, user_data));
            h.write_u64(p.lives as u64);
            h.write_u64(p.score);
            h.write_f64(p.checkpoint.0.x);
            h.write_f64(p.checkpoint.0.y);
            h.write_f64(p.checkpoint.1);
            h.write_f64(p.respawn_in.unwrap_or(-1.0));
            h.write_u64(p.landed_on.map_or(0, user_data));
        }
        let w = &self.world;
        for e in ordered::<&Ship>(w) {
            h.write_u64(user_data(e));
            if let Ok(ship) = w.get::<&Ship>(e) {
                ship.hash_into(&mut h);
            }
            h.write_u64(w.get::<&Tow>(e).is_ok() as u64);
        }
        for e in ordered::<&Piece>(w) {
            h.write_u64(user_data(e));
            h.write_f64(w.get::<&Piece>(e).map_or(0.0, |p| p.health));
        }
        for e in ordered::<&Health>(w) {
            h.write_u64(user_data(e));
            h.write_f64(w.get::<&Health>(e).map_or(0.0, |hp| hp.hits));
            if let Ok(t) = w.get::<&super::components::Turret>(e) {
                h.write_f64(t.aim);
                h.write_f64(t.cooldown);
            }
            if let Ok(d) = w.get::<&Drone>(e) {
                let target = d.patrol.target();
                h.write_f64(target.x);
                h.write_f64(target.y);
            }
        }
        for e in ordered::<&Bolt>(w) {
            if let Ok(b) = w.get::<&Bolt>(e) {
                h.write_f64(b.position.x);
                h.write_f64(b.position.y);
                h.write_f64(b.life);
            }
        }
        h.write_u64(ordered::<&FuelCan>(w).len() as u64);
        for e in ordered::<&Door>(w) {
            if let Ok(d) = w.get::<&Door>(e) {
                d.hash_into(&mut h);
            }
        }
        if let Some(script) = &self.script {
            script.hash_into(&mut h);
        }
        h.write_f64(self.run.countdown.unwrap_or(-1.0));
        h.write_u64(self.run.outcome.map_or(0, |o| 1 + o as u64));
        h.write_u64(self.rng.clone().next_u32() as u64);
        h.write_u64(self.clock.steps);
        // Written only where there is a match, so a campaign level hashes as it always has.
        if let Some(m) = &self.run.contest {
            m.hash_into(&mut h);
        }
        h.finish()
    }
}
