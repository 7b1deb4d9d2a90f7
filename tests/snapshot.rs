//! Snapshots: restoring a saved state and stepping on gives, bit for bit, what stepping on
//! without the round trip gives — at many random points of every shipped level's runs,
//! restored over whatever state the sim was in.

use cavefly::game::{Actions, InputScript, Sim};
use cavefly::level::load_level;
use cavefly::rng::Pcg32;
use std::path::Path;

mod common;

/// Steps after each restore.
const K: usize = 90;
/// Random points per run.
const POINTS: usize = 24;

/// The runs to check: every winning replay, and the pinned runs of the levels without one.
fn runs() -> Vec<(String, Vec<Vec<Actions>>)> {
    let mut out = Vec::new();
    for f in common::shipped_replays() {
        let script = InputScript::load(&f).unwrap();
        let level = script.recorded.as_ref().unwrap().level.clone();
        out.push((level, script.steps().collect()));
    }
    for (level, inputs) in [
        (
            "levels/04_first_flight.ron",
            "tests/inputs/first_flight_hop.ron",
        ),
        (
            "levels/05_crystal_mine.ron",
            "tests/inputs/crystal_mine_descent.ron",
        ),
    ] {
        let script = InputScript::load(Path::new(inputs)).unwrap();
        let mut steps: Vec<Vec<Actions>> = script.steps().collect();
        // Then let the world run on, so drones, lifts and debris keep moving.
        steps.resize(steps.len() + 600, vec![Actions::default()]);
        out.push((level.to_string(), steps));
    }
    out
}

#[test]
fn restore_then_k_steps_equals_k_steps_at_random_points_of_every_level() {
    let runs = runs();
    let mut levels: Vec<&str> = runs.iter().map(|r| r.0.as_str()).collect();
    levels.sort();
    levels.dedup();
    let shipped = ["levels", "levels/arenas"]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .count();
    assert_eq!(
        levels.len(),
        shipped,
        "every shipped level, the arenas with their two-player replays: {levels:?}"
    );
    let mut rng = Pcg32::new(13);
    for (level, steps) in &runs {
        let loaded = load_level(Path::new(level)).unwrap();
        let players = steps[0].len();
        let mut sim = Sim::from_level_for(&loaded, players).unwrap();
        let mut points: Vec<usize> = (0..POINTS).map(|_| rng.int(0, steps.len() - 1)).collect();
        points.sort_unstable();
        points.dedup();
        let mut saved = Vec::new();
        let mut hashes = vec![sim.state_hash()];
        for (i, a) in steps.iter().enumerate() {
            if points.binary_search(&i).is_ok() {
                saved.push((i, sim.save()));
            }
            sim.step(a);
            hashes.push(sim.state_hash());
        }
        // One sim restored over and over, from whatever state the last check left it in.
        let mut other = Sim::from_level_for(&loaded, players).unwrap();
        for (i, snap) in &saved {
            other.restore(snap);
            assert_eq!(
                other.state_hash(),
                hashes[*i],
                "{level}: restored at step {i}"
            );
            let end = (*i + K).min(steps.len());
            for a in &steps[*i..end] {
                other.step(a);
            }
            assert_eq!(
                other.state_hash(),
                hashes[end],
                "{level}: {} steps after restoring step {i}",
                end - i
            );
        }
    }
}

#[test]
fn a_snapshot_restores_into_a_new_sim_and_can_be_restored_twice() {
    let level = load_level(Path::new("levels/03_reactor.ron")).unwrap();
    let script = InputScript::load(Path::new("tests/replays/03_reactor.ron")).unwrap();
    let steps: Vec<Vec<Actions>> = script.steps().collect();
    let mut sim = Sim::from_level(&level).unwrap();
    for a in &steps[..3000] {
        sim.step(a);
    }
    let snap = sim.save();
    assert_eq!(snap.steps(), 3000);
    let mut fresh = Sim::from_snapshot(&snap);
    for a in &steps[3000..3600] {
        sim.step(a);
        fresh.step(a);
    }
    assert_eq!(fresh.state_hash(), sim.state_hash());
    // The same snapshot again, over the state it has since moved on to.
    fresh.restore(&snap);
    for a in &steps[3000..3600] {
        fresh.step(a);
    }
    assert_eq!(fresh.state_hash(), sim.state_hash());
    assert_eq!(fresh.score(), sim.score());
    assert_eq!(fresh.particles().len(), sim.particles().len());
}
