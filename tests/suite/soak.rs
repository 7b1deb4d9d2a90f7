//! Soak: every shipped level flown for a long while with seeded random inputs — a million
//! steps in all — checked after every step: no panic, no number anywhere in the state that
//! is not finite, every body and bolt inside the level's bounds (what leaves them is
//! removed), the bodies' kinetic energy within what gravity and the engines could have
//! given them; and a second run gives the same hashes.
//!
//! The inputs are held for random stretches, as a player holds keys: mostly thrust, turning
//! either way, firing and pulling with the beam. A run restarts the level when it ends
//! (won or lost) or after [`EPISODE`] steps, so each level is flown from its start many
//! times. The test profile is optimised, so this runs in the normal suite, one test per
//! level so that they run side by side; each prints its steps and time.

use cavefly::game::audit::{non_finite, outside};
use cavefly::game::{Actions, Sim};
use cavefly::geom::Aabb;
use cavefly::hash::Fnv1a;
use cavefly::level::{load_level, LoadedLevel};
use cavefly::physics::BodyKind;
use cavefly::rng::Pcg32;
use std::path::Path;
use std::time::Instant;

/// Steps per level: the fifteen levels make a million (each flown twice).
const STEPS_PER_LEVEL: u64 = 70_000;
/// Most steps of one run before the level starts again (50 s).
const EPISODE: u64 = 6_000;
/// The shipped levels.
const LEVELS: [&str; 15] = [
    "levels/01_training_cave.ron",
    "levels/02_the_lock.ron",
    "levels/03_the_weighbridge.ron",
    "levels/04_first_flight.ron",
    "levels/05_crystal_mine.ron",
    "levels/06_glass_ledges.ron",
    "levels/07_crosswind.ron",
    "levels/08_against_the_current.ron",
    "levels/09_the_chute.ron",
    "levels/10_heart_of_the_glacier.ron",
    "levels/11_reactor.ron",
    "levels/12_drone_shaft.ron",
    "levels/13_turret_nest.ron",
    "levels/14_meltdown_run.ron",
    "levels/15_the_core.ron",
];

/// Random held inputs: a new set of keys every 4 to 90 steps.
struct Player {
    rng: Pcg32,
    held: Actions,
    left: u64,
}

impl Player {
    fn actions(&mut self) -> Actions {
        if self.left == 0 {
            let turn = self.rng.int(0, 2);
            let rng = &mut self.rng;
            let mut chance = |p: f64| rng.next_f64() < p;
            self.held = Actions {
                left: turn == 1,
                right: turn == 2,
                thrust: chance(0.6),
                fire: chance(0.3),
                tractor: chance(0.25),
            };
            self.left = self.rng.int(4, 90) as u64;
        }
        self.left -= 1;
        self.held
    }
}

/// What one soak of a level saw.
#[derive(Debug, PartialEq)]
struct Soaked {
    /// The state hash at the end of each run, in order.
    hashes: Vec<u64>,
    /// Runs that ended won, lost, or at the step limit.
    won: u32,
    lost: u32,
    /// The most kinetic energy seen, as a share of the bound.
    worst_energy: f64,
}

/// Energy per kilogram that gravity, the engines and the zones' pushes (all of them at
/// once, where they overlap) can give a body inside `bounds`: falling or being pushed at
/// most the bounds' diagonal, J/kg. Restitution and friction only take energy away; nothing
/// else in the game adds more than this in these levels.
fn energy_per_kg(level: &LoadedLevel, sim: &Sim, bounds: &Aabb) -> f64 {
    let ship = sim.ship().expect("a ship at the start");
    let engines = sim.ship_def().thrust / ship.mass();
    let pushes: f64 = level
        .level
        .zones
        .iter()
        .filter_map(|z| z.push)
        .map(|p| p.length())
        .sum();
    let diagonal = (bounds.max - bounds.min).length();
    (level.level.gravity.length() + engines + pushes) * diagonal
}

fn soak(path: &str, steps: u64) -> Soaked {
    let level = load_level(Path::new(path)).unwrap();
    let rock = level.world.solid.bounds().expect("rock has bounds");
    let bounds = Sim::from_level(&level).unwrap().state().rules.bounds;
    // The level's bounds: its rock and the room around it that the game keeps in play.
    let bounds = bounds.expect("a level has bounds");
    assert!(
        bounds.contains(&rock),
        "{path}: {bounds:?} holds the rock {rock:?}"
    );
    let mut seed = Fnv1a::new();
    seed.write(path.as_bytes());
    let mut player = Player {
        rng: Pcg32::new(seed.finish()),
        held: Actions::default(),
        left: 0,
    };
    let mut out = Soaked {
        hashes: Vec::new(),
        won: 0,
        lost: 0,
        worst_energy: 0.0,
    };
    let mut done = 0;
    while done < steps {
        let mut sim = Sim::from_level(&level).unwrap();
        let per_kg = energy_per_kg(&level, &sim, &bounds);
        let run = EPISODE.min(steps - done);
        let mut taken = 0;
        while taken < run && sim.outcome().is_none() {
            sim.step(&player.actions());
            taken += 1;
            let at = || format!("{path}, run {}, step {taken}", out.hashes.len());
            if let Some(bad) = non_finite(sim.state()) {
                panic!("{}: not finite: {bad}", at());
            }
            if let Some(bad) = outside(sim.state(), &bounds) {
                panic!("{}: outside the level {bounds:?}: {bad}", at());
            }
            let physics = sim.physics();
            let mass: f64 = physics
                .bodies()
                .filter(|(_, b)| b.kind() == BodyKind::Dynamic)
                .map(|(_, b)| b.mass())
                .sum();
            let share = physics.kinetic_energy() / (mass * per_kg);
            assert!(
                share <= 1.0,
                "{}: kinetic energy at {share} of the bound",
                at()
            );
            out.worst_energy = out.worst_energy.max(share);
        }
        done += taken;
        match sim.outcome() {
            Some(cavefly::game::Outcome::Won) => out.won += 1,
            Some(_) => out.lost += 1,
            None => {}
        }
        out.hashes.push(sim.state_hash());
    }
    out
}

fn soak_twice(path: &str) {
    let began = Instant::now();
    let first = soak(path, STEPS_PER_LEVEL);
    let took = began.elapsed();
    let second = soak(path, STEPS_PER_LEVEL);
    assert_eq!(first, second, "{path}: a second run differs");
    println!(
        "{path}: {STEPS_PER_LEVEL} steps in {:.1} s, {} runs ({} won, {} lost), kinetic energy at most {:.3} of the bound",
        took.as_secs_f64(),
        first.hashes.len(),
        first.won,
        first.lost,
        first.worst_energy
    );
}

#[test]
fn every_shipped_level_is_soaked_for_a_million_steps_in_all() {
    let mut shipped: Vec<String> = std::fs::read_dir("levels")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| p.display().to_string())
        .collect();
    shipped.sort();
    assert_eq!(shipped, LEVELS, "the soak flies every shipped level");
    assert!(STEPS_PER_LEVEL * LEVELS.len() as u64 >= 1_000_000);
}

#[test]
fn soak_01_training_cave() {
    soak_twice(LEVELS[0]);
}

#[test]
fn soak_02_the_lock() {
    soak_twice(LEVELS[1]);
}

#[test]
fn soak_03_the_weighbridge() {
    soak_twice(LEVELS[2]);
}

#[test]
fn soak_04_first_flight() {
    soak_twice(LEVELS[3]);
}

#[test]
fn soak_05_crystal_mine() {
    soak_twice(LEVELS[4]);
}

#[test]
fn soak_06_glass_ledges() {
    soak_twice(LEVELS[5]);
}

#[test]
fn soak_07_crosswind() {
    soak_twice(LEVELS[6]);
}

#[test]
fn soak_08_against_the_current() {
    soak_twice(LEVELS[7]);
}

#[test]
fn soak_09_the_chute() {
    soak_twice(LEVELS[8]);
}

#[test]
fn soak_10_heart_of_the_glacier() {
    soak_twice(LEVELS[9]);
}

#[test]
fn soak_11_reactor() {
    soak_twice(LEVELS[10]);
}

#[test]
fn soak_12_drone_shaft() {
    soak_twice(LEVELS[11]);
}

#[test]
fn soak_13_turret_nest() {
    soak_twice(LEVELS[12]);
}

#[test]
fn soak_14_meltdown_run() {
    soak_twice(LEVELS[13]);
}

#[test]
fn soak_15_the_core() {
    soak_twice(LEVELS[14]);
}
