//! Snapshots: the time to save the whole game state and restore it, for every shipped
//! level part-way through a run (contacts, warm-start caches and particles alive), and for
//! caves of 500, 1,000 and 2,000 debris pieces settled in a heap, to show the cost grows
//! with the bodies and no faster.
//!
//! Rewinding rests on them: a frame of held rewind restores a keyframe and re-simulates
//! from it, so the rewind scenes time the worst frame (the first into a half-second, which
//! re-simulates it and leaves finer keyframes) and the frame after it.
//!
//! `cargo bench --bench snapshot` prints a table (bodies, entities, contacts, microseconds
//! per save + restore, and per body) and one of rewind frames, then criterion times each
//! scene.

use cavefly::game::timeline::Timeline;
use cavefly::game::{Actions, DebrisSetup, InputScript, Sim, SimSetup};
use cavefly::geom::{Circle, ConvexPolygon, Shape, Vec2};
use cavefly::level::load_level;
use cavefly::physics::RockSegment;
use criterion::{criterion_group, BatchSize, Criterion};
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

/// The shipped levels with their runs: file, inputs, and how far into the run to measure.
const LEVELS: [(&str, &str, usize); 5] = [
    (
        "levels/01_training_cave.ron",
        "tests/replays/01_training_cave.ron",
        1800,
    ),
    (
        "levels/02_the_lock.ron",
        "tests/replays/02_the_lock.ron",
        3000,
    ),
    (
        "levels/11_reactor.ron",
        "tests/replays/11_reactor.ron",
        3000,
    ),
    (
        "levels/04_first_flight.ron",
        "tests/inputs/first_flight_hop.ron",
        1000,
    ),
    (
        "levels/05_crystal_mine.ron",
        "tests/inputs/crystal_mine_descent.ron",
        910,
    ),
];

/// A shipped level played through a timeline to one step past a keyframe, about `steps`
/// into its run: the next rewind frame is the worst, re-simulating most of a half-second.
fn rewind_scene(file: &str, inputs: &str, steps: usize) -> (Sim, Timeline) {
    let level = load_level(Path::new(file)).unwrap();
    let mut sim = Sim::from_level(&level).unwrap();
    let mut timeline = Timeline::new(&sim);
    let script = InputScript::load(Path::new(inputs)).unwrap();
    let mut actions = script.steps();
    let every = (cavefly::game::timeline::KEYFRAME_SECONDS / sim.time_step()).round() as usize;
    for _ in 0..(steps / every * every + 1) {
        let a = actions.next().unwrap_or_else(|| vec![Actions::default()]);
        timeline.step(&mut sim, &a);
    }
    (sim, timeline)
}

/// Microseconds of the first rewind frame (two steps back) and of the frame after it, the
/// median of `rounds` rounds, each from the same state.
fn time_rewind(sim: &mut Sim, timeline: &Timeline, rounds: usize) -> (f64, f64) {
    let start = sim.save();
    let mut first = Vec::new();
    let mut next = Vec::new();
    for _ in 0..rounds {
        sim.restore(&start);
        let mut t = timeline.clone();
        let began = Instant::now();
        t.rewind(sim, 2);
        first.push(began.elapsed().as_secs_f64() * 1e6);
        let began = Instant::now();
        t.rewind(sim, 2);
        next.push(began.elapsed().as_secs_f64() * 1e6);
    }
    first.sort_by(f64::total_cmp);
    next.sort_by(f64::total_cmp);
    (first[rounds / 2], next[rounds / 2])
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

fn name_of(file: &str) -> String {
    Path::new(file)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

fn scenes() -> Vec<(String, Sim)> {
    let mut out: Vec<(String, Sim)> = LEVELS
        .iter()
        .map(|&(file, inputs, steps)| (name_of(file), level_scene(file, Some(inputs), steps)))
        .collect();
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
    println!("rewind frames, two steps back each (median of 20)");
    println!(
        "{:<18} {:>24} {:>18}",
        "scene", "into a half-second (µs)", "the next (µs)"
    );
    for (file, inputs, steps) in LEVELS {
        let (mut sim, timeline) = rewind_scene(file, inputs, steps);
        let (first, next) = time_rewind(&mut sim, &timeline, 20);
        println!("{:<18} {first:>24.1} {next:>18.1}", name_of(file));
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

fn bench_rewind(c: &mut Criterion) {
    let mut group = c.benchmark_group("rewind");
    group.sample_size(10);
    for (file, inputs, steps) in LEVELS {
        let (sim, timeline) = rewind_scene(file, inputs, steps);
        let start = sim.save();
        group.bench_function(format!("frame into a half-second {}", name_of(file)), |b| {
            b.iter_batched(
                || (Sim::from_snapshot(&start), timeline.clone()),
                |(mut s, mut t)| {
                    t.rewind(&mut s, 2);
                    (s, t)
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, bench_snapshot, bench_rewind);

fn main() {
    if std::env::args().any(|a| a == "--bench") {
        print_table();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
