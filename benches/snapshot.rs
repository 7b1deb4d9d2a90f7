//! Snapshots: the time to save the whole game state and restore it, for every shipped
//! level part-way through a run (contacts, warm-start caches and particles alive), and for
//! caves of 500, 1,000 and 2,000 debris pieces settled in a heap, to show the cost grows
//! with the bodies and no faster.
//!
//! `cargo bench --bench snapshot` prints a table (bodies, entities, contacts, microseconds
//! per save + restore, and per body), then criterion times each scene.

use cavefly::game::{Actions, DebrisSetup, InputScript, Sim, SimSetup};
use cavefly::geom::{Circle, ConvexPolygon, Shape, Vec2};
use cavefly::level::load_level;
use cavefly::physics::RockSegment;
use criterion::{criterion_group, Criterion};
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

/// A shipped level after `steps` steps of its run (its replay or pinned inputs, else
/// idle).
fn level_scene(file: &str, inputs: Option<&str>, steps: usize) -> Sim {
    let level = load_level(Path::new(file)).unwrap();
    let mut sim = Sim::from_level(&level).unwrap();
    let script = inputs.map(|p| InputScript::load(Path::new(p)).unwrap());
    let mut actions = script.iter().flat_map(|s| s.steps());
    for _ in 0..steps {
        let a = actions.next().unwrap_or_else(|| vec![Actions::default()]);
        sim.step(&a);
    }
    sim
}

/// `n` debris pieces dropped into a box cave and left to pile up for two seconds.
fn debris_scene(n: usize) -> Sim {
    let mut s = SimSetup::empty(Vec2::new(0.0, 60.0));
    s.physics.gravity = Vec2::new(0.0, -9.81);
    let half = 40.0;
    let corners = [
        Vec2::new(-half, -half),
        Vec2::new(-half, 80.0),
        Vec2::new(half, 80.0),
        Vec2::new(half, -half),
    ];
    s.rock = vec![RockSegment::chain(&corners, true)];
    for k in 0..n {
        let (col, row) = (k % 50, k / 50);
        let at = Vec2::new(-37.0 + col as f64 * 1.5, -30.0 + row as f64 * 1.3);
        let shape: Shape = if k % 3 == 0 {
            Circle::new(Vec2::ZERO, 0.45).unwrap().into()
        } else {
            ConvexPolygon::rect(0.5, 0.4).unwrap().into()
        };
        s.debris.push(DebrisSetup::new(shape, at, 0.1 * k as f64));
    }
    let mut sim = Sim::new(&s).unwrap();
    for _ in 0..240 {
        sim.step(&Actions::default());
    }
    sim
}

fn scenes() -> Vec<(String, Sim)> {
    let mut out = vec![
        (
            "01_training_cave".to_string(),
            level_scene(
                "levels/01_training_cave.ron",
                Some("tests/replays/01_training_cave.ron"),
                1800,
            ),
        ),
        (
            "02_the_lock".to_string(),
            level_scene(
                "levels/02_the_lock.ron",
                Some("tests/replays/02_the_lock.ron"),
                3000,
            ),
        ),
        (
            "03_reactor".to_string(),
            level_scene(
                "levels/03_reactor.ron",
                Some("tests/replays/03_reactor.ron"),
                3000,
            ),
        ),
        (
            "04_first_flight".to_string(),
            level_scene(
                "levels/04_first_flight.ron",
                Some("tests/inputs/first_flight_hop.ron"),
                1000,
            ),
        ),
        (
            "05_crystal_mine".to_string(),
            level_scene(
                "levels/05_crystal_mine.ron",
                Some("tests/inputs/crystal_mine_descent.ron"),
                910,
            ),
        ),
    ];
    for n in [500, 1000, 2000] {
        out.push((format!("{n} debris"), debris_scene(n)));
    }
    out
}

/// Microseconds per save + restore, the median of `rounds` rounds.
fn time_round_trip(sim: &mut Sim, rounds: usize) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            let snap = sim.save();
            sim.restore(black_box(&snap));
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[rounds / 2]
}

fn print_table() {
    println!("save + restore of the whole game state (median of 200)");
    println!(
        "{:<18} {:>7} {:>9} {:>9} {:>11} {:>11}",
        "scene", "bodies", "entities", "contacts", "µs", "µs / body"
    );
    for (name, mut sim) in scenes() {
        let bodies = sim.physics().body_count();
        let entities = sim.entities().len();
        let contacts = sim.physics().contact_events().len();
        let us = time_round_trip(&mut sim, 200);
        println!(
            "{name:<18} {bodies:>7} {entities:>9} {contacts:>9} {us:>11.1} {:>11.3}",
            us / bodies as f64
        );
    }
}

fn bench_snapshot(c: &mut Criterion) {
    let mut group = c.benchmark_group("snapshot");
    group.sample_size(20);
    for (name, mut sim) in scenes() {
        group.bench_function(format!("save + restore {name}"), |b| {
            b.iter(|| {
                let snap = sim.save();
                sim.restore(black_box(&snap));
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_snapshot);

fn main() {
    if std::env::args().any(|a| a == "--bench") {
        print_table();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
