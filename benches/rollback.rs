//! Rollback: the worst correction an online match makes in one frame — the peer's input for
//! the oldest predicted step arrives and differs, so the session restores the state of that
//! step and re-simulates the whole prediction window (8 steps) with two players, saving each
//! step again as it goes. Target: under 2 ms, so online play never drops a frame for it.
//!
//! Scenes: every arena in `levels/arenas/*.ron`, and the shipped levels 01 and 03 with a
//! second pilot started 3 m to the right of the first, each part-way through a run (both
//! pilots flying the level's replay) so contacts, debris and particles are alive.
//!
//! `cargo bench --bench rollback` prints a table (bodies, microseconds per worst rollback,
//! per re-simulated step), then criterion times each scene.

use cavefly::game::{Actions, InputScript, Sim, SimSetup, Snapshot};
use cavefly::level::load_level;
use cavefly::net::rollback::RollbackGame;
use cavefly::net::session::MAX_PREDICTION;
use cavefly::net::PackedActions;
use criterion::{criterion_group, Criterion};
use ggrs::{GameStateCell, InputStatus};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How far into a run each scene is measured.
const STEPS_IN: usize = 1500;

/// A scene: its name, the game, and the inputs of each step from the measured one on.
struct Scene {
    name: String,
    game: RollbackGame,
    inputs: Vec<[Actions; 2]>,
}

/// Both pilots' actions at every step: each player's track of `script`, or (a one-player
/// replay) the first track for both.
fn two_tracks(script: Option<&InputScript>, steps: usize) -> Vec<[Actions; 2]> {
    let mut per_step: Vec<Vec<Actions>> = script.map(|s| s.steps().collect()).unwrap_or_default();
    per_step.resize(steps, Vec::new());
    per_step
        .into_iter()
        .map(|a| {
            let p1 = a.first().copied().unwrap_or_default();
            [p1, a.get(1).copied().unwrap_or(p1)]
        })
        .collect()
}

/// Builds a scene from a two-player sim and its run, stepped to [`STEPS_IN`].
fn scene(name: String, sim: Sim, script: Option<&InputScript>) -> Scene {
    let mut inputs = two_tracks(script, STEPS_IN + MAX_PREDICTION + 1);
    let mut game = RollbackGame::new(sim);
    for a in inputs.drain(..STEPS_IN) {
        game.advance(&packed(&a));
    }
    Scene { name, game, inputs }
}

fn packed(a: &[Actions; 2]) -> [(PackedActions, InputStatus); 2] {
    a.map(|x| (PackedActions::pack(&x), InputStatus::Confirmed))
}

/// The arenas (two starts each) and the shipped levels 01 and 03 with a second start.
fn scenes() -> Vec<Scene> {
    let mut out = Vec::new();
    let mut arenas: Vec<PathBuf> = std::fs::read_dir("levels/arenas")
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    arenas.retain(|p| p.extension().is_some_and(|e| e == "ron"));
    arenas.sort();
    for file in arenas {
        let level = load_level(&file).unwrap();
        let sim = Sim::from_level_for(&level, 2).unwrap();
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        out.push(scene(name, sim, None));
    }
    for (file, replay) in [
        (
            "levels/01_training_cave.ron",
            "tests/replays/01_training_cave.ron",
        ),
        ("levels/11_reactor.ron", "tests/replays/11_reactor.ron"),
    ] {
        let level = load_level(Path::new(file)).unwrap();
        let mut setup = SimSetup::from_level(&level).unwrap();
        let (at, angle) = setup.player_starts[0];
        setup
            .player_starts
            .push((at + cavefly::geom::Vec2::new(3.0, 0.0), angle));
        setup.players = 2;
        let sim = Sim::new(&setup).unwrap();
        let script = InputScript::load(Path::new(replay)).unwrap();
        let name = format!(
            "{} (2 pilots)",
            Path::new(file).file_stem().unwrap().to_string_lossy()
        );
        out.push(scene(name, sim, Some(&script)));
    }
    out
}

/// The cells of the prediction window, saved from the scene's current step on, and the
/// state the window ends in.
fn window(scene: &mut Scene) -> (Vec<GameStateCell<Snapshot>>, Snapshot) {
    let start = scene.game.sim().steps() as i32;
    let cells: Vec<GameStateCell<Snapshot>> = (0..=MAX_PREDICTION)
        .map(|_| GameStateCell::default())
        .collect();
    for (k, cell) in cells.iter().enumerate() {
        scene.game.save(cell, start + k as i32).unwrap();
        if k < MAX_PREDICTION {
            scene.game.advance(&packed(&scene.inputs[k]));
        }
    }
    (cells, scene.game.sim().save())
}

/// The worst rollback: load the window's first state, then step and save to its end.
fn rollback(scene: &mut Scene, cells: &[GameStateCell<Snapshot>]) {
    let start = scene.game.sim().steps() as i32 - MAX_PREDICTION as i32;
    scene.game.load(&cells[0], start).unwrap();
    for k in 0..MAX_PREDICTION {
        scene.game.advance(&packed(&scene.inputs[k]));
        scene
            .game
            .save(&cells[k + 1], start + k as i32 + 1)
            .unwrap();
    }
}

fn print_table() {
    println!("worst rollback: restore + {MAX_PREDICTION} steps re-simulated and saved, two players (median of 50)");
    println!(
        "{:<28} {:>7} {:>12} {:>12} {:>8}",
        "scene", "bodies", "µs", "µs / step", "< 2 ms"
    );
    for mut s in scenes() {
        let (cells, end) = window(&mut s);
        let mut times: Vec<f64> = (0..50)
            .map(|_| {
                let t = Instant::now();
                rollback(&mut s, &cells);
                t.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        // Re-simulating the same inputs lands on the same state, bit for bit.
        assert_eq!(
            s.game.sim().state_hash(),
            Sim::from_snapshot(&end).state_hash()
        );
        times.sort_by(f64::total_cmp);
        let us = times[times.len() / 2];
        println!(
            "{:<28} {:>7} {us:>12.1} {:>12.1} {:>8}",
            s.name,
            s.game.sim().physics().body_count(),
            us / MAX_PREDICTION as f64,
            if us < 2000.0 { "yes" } else { "NO" }
        );
    }
}

fn bench_rollback(c: &mut Criterion) {
    let mut group = c.benchmark_group("rollback");
    group.sample_size(20);
    for mut s in scenes() {
        let (cells, end) = window(&mut s);
        // Each rollback ends where the window ended: the same work every iteration.
        let name = format!("worst rollback {}", s.name);
        group.bench_function(name, |b| {
            b.iter(|| rollback(&mut s, &cells));
        });
        assert_eq!(s.game.sim().save().steps(), end.steps());
    }
    group.finish();
}

criterion_group!(benches, bench_rollback);

fn main() {
    if std::env::args().any(|a| a == "--bench") {
        print_table();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
