//! `cavefly shot --bench LEVEL --inputs REPLAY`: a replay played at [`REPLAY_FPS`] frames
//! per second of game time, stepping the simulation as the window's clock would and
//! rendering every frame. It prints the frame times (simulation and rendering together,
//! and each alone) with one frame in flight, then plays the replay again timing the render
//! stages of every [`PROFILE_EVERY`]th frame, and prints their mean over those frames and
//! over the slowest tenth of them (what the slow frames spend their time on). Also the
//! entry of `cavefly shot --bench`, which without a replay runs the scene bench.

use super::bench::{
    bench, cores, load_line, whole, Bench, Spread, DEFAULT_LEVEL, REPLAY_FPS, WARM_UP_FRAMES,
};
use super::shot::ship_motion;
use super::thread_cpu;
use crate::game::{Actions, InputScript, Sim};
use crate::level::LoadedLevel;
use crate::render::player_views::PlayerCameras;
use crate::render::timer::{GpuTimer, StageTimes};
use crate::render::{Camera, Effects, RockMesh, Snapshot, View, ViewRect};
use glam::Vec2;
use std::fmt::Write;
use std::path::Path;
use std::time::Instant;

/// Every how many frames the profiling pass times the stages.
pub const PROFILE_EVERY: usize = 10;

/// A replay being played as the game plays it (`cavefly replay`): every player the replay
/// holds, one view following the ship alone, or one view per player sharing the frame;
/// stepped frame by frame at [`REPLAY_FPS`].
struct Playing {
    sim: Sim,
    effects: Effects,
    camera: Camera,
    /// Each player's camera, where the replay has more than one player.
    views: Option<PlayerCameras>,
    clock: super::clock::StepClock,
    actions: Vec<Vec<Actions>>,
    step: usize,
}

impl Playing {
    fn new(level: &LoadedLevel, script: &InputScript, rock: &RockMesh) -> Result<Self, String> {
        let players = script.players.len().max(1);
        let sim = Sim::from_level_for(level, players).map_err(|e| e.to_string())?;
        let start = ship_motion(&sim).map_or(Vec2::ZERO, |m| m.0);
        Ok(Playing {
            clock: super::clock::StepClock::new(sim.time_step()),
            views: (players > 1).then(|| PlayerCameras::new(&sim, rock.bounds)),
            sim,
            effects: Effects::new(),
            camera: Camera::new(start, rock.bounds),
            actions: script.steps().collect(),
            step: 0,
        })
    }

    /// Steps one frame's worth of game time and returns the frame to draw (each view's
    /// rectangle and what it shows), or `None` once the replay has ended or the level is
    /// decided.
    fn next_frame(&mut self) -> Option<(Vec<(ViewRect, View)>, Snapshot)> {
        if self.step >= self.actions.len() || self.sim.outcome().is_some() {
            return None;
        }
        for _ in 0..self.clock.advance(1.0 / REPLAY_FPS) {
            let Some(a) = self.actions.get(self.step) else {
                break;
            };
            self.sim.step(a);
            self.effects.after_steps(&self.sim, a);
            if let Some(v) = &mut self.views {
                v.follow(&self.sim);
            }
            if let Some((p, v)) = ship_motion(&self.sim) {
                self.camera.follow(p, v, self.sim.time_step() as f32);
            }
            self.step += 1;
        }
        let snap = Snapshot::capture(&self.sim, self.clock.alpha(), &self.effects);
        let (w, h) = super::bench::BENCH_SIZE;
        let views = match &self.views {
            Some(v) => v.views(w, h),
            None => whole(self.camera.view(w, h)),
        };
        Some((views, snap))
    }

    /// Players in the replay.
    fn players(&self) -> usize {
        self.views.as_ref().map_or(1, |v| v.cameras().len())
    }
}

/// Plays `script` on `level` at [`REPLAY_FPS`] frames per second of game time, rendering
/// every frame with one in flight, then again to profile its stages; returns the report.
pub fn bench_replay(
    level: &LoadedLevel,
    script: &InputScript,
    glow: &str,
) -> Result<String, String> {
    let rock = RockMesh::from_level(level);
    let mut play = Playing::new(level, script, &rock)?;
    long_enough(play.actions.len(), play.sim.time_step())?;
    let mut b = Bench::open(glow)?;
    let (w, h) = super::bench::BENCH_SIZE;
    b.renderer.set_rock(&b.gpu.device, &rock);
    let (mut frames, mut sim_times, mut render_times) = (Vec::new(), Vec::new(), Vec::new());
    let mut in_flight = None;
    let cpu_before = thread_cpu::thread_times();
    let started = Instant::now();
    let mut last = started;
    let mut warm = 0;
    loop {
        let began = Instant::now();
        let Some((views, snap)) = play.next_frame() else {
            break;
        };
        let stepped = began.elapsed();
        let (_, _, index) = b.submit(&views, &snap);
        if let Some(previous) = in_flight.replace(index) {
            b.wait(previous)?;
        }
        let now = Instant::now();
        if warm < WARM_UP_FRAMES {
            warm += 1;
        } else {
            frames.push(now - last);
            sim_times.push(stepped);
            render_times.push((now - last).saturating_sub(stepped));
        }
        last = now;
    }
    if let Some(index) = in_flight {
        b.wait(index)?;
    }
    if frames.is_empty() {
        return Err(format!(
            "the level was decided within the first {WARM_UP_FRAMES} frames of the replay, which only warm up: nothing to time"
        ));
    }
    let wall = started.elapsed().as_secs_f64();
    let threads = thread_cpu::per_frame_since(&cpu_before, frames.len() + warm);
    let frame = Spread::of(&frames);
    let players = play.players();
    let mut out = format!("adapter: {}, {w}x{h}\nglow: {}\n", b.gpu_name(), b.glow());
    out.push_str(&load_line());
    let _ = writeln!(
        out,
        "replay: {} ({}), {} player{} ({}), {} steps ({:.1} s of play), {} frames at {REPLAY_FPS} frames/s of game time, outcome {:?}",
        level.level.name,
        level.file.display(),
        players,
        if players == 1 { "" } else { "s" },
        if players == 1 { "one view" } else { "a view each, sharing the frame" },
        play.step,
        play.step as f64 * play.sim.time_step(),
        frames.len() + warm,
        play.sim.outcome()
    );
    let _ = writeln!(
        out,
        "  frame time, simulation and rendering, one frame in flight (ms): {}  ({:.1} frames/s on average)",
        frame.line(),
        1000.0 / frame.mean.max(1e-9)
    );
    let _ = writeln!(
        out,
        "  of which simulation (ms): {}",
        Spread::of(&sim_times).line()
    );
    let _ = writeln!(
        out,
        "  of which rendering (ms): {}",
        Spread::of(&render_times).line()
    );
    let _ = writeln!(
        out,
        "  throughput: {:.1} frames/s ({:.1} s for the whole replay)",
        (frames.len() + warm) as f64 / wall,
        wall
    );
    let _ = writeln!(out, "{}", thread_cpu::line(&threads, cores()));
    match profile(&mut b, level, script, &rock) {
        Ok(samples) if samples.is_empty() => {
            let _ = writeln!(
                out,
                "  stage times: not measured: every {PROFILE_EVERY}th frame after the warm-up is timed, and the replay has too few"
            );
        }
        Ok(samples) => write_profile(&mut out, &samples),
        Err(why) => {
            let _ = writeln!(out, "  stage times: not measured: {why}");
        }
    }
    Ok(out)
}

/// Refuses a replay of `steps` steps of `time_step` seconds too short to time: at
/// [`REPLAY_FPS`] its frames must outnumber the warm-up's.
fn long_enough(steps: usize, time_step: f64) -> Result<(), String> {
    let frames = (steps as f64 * time_step * REPLAY_FPS).ceil();
    if frames > WARM_UP_FRAMES as f64 {
        return Ok(());
    }
    Err(format!(
        "the replay is too short to time: its {steps} steps make {frames} frames at {REPLAY_FPS} frames/s, and the first {WARM_UP_FRAMES} only warm up"
    ))
}

/// Plays the replay again, every frame waited for, and returns the stage times of every
/// [`PROFILE_EVERY`]th frame.
fn profile(
    b: &mut Bench,
    level: &LoadedLevel,
    script: &InputScript,
    rock: &RockMesh,
) -> Result<Vec<StageTimes>, String> {
    if let Some(why) = &b.no_timer {
        return Err(why.clone());
    }
    b.renderer.set_rock(&b.gpu.device, rock);
    let mut play = Playing::new(level, script, rock)?;
    let mut samples = Vec::new();
    let mut i = 0;
    while let Some((views, snap)) = play.next_frame() {
        let timed = i >= WARM_UP_FRAMES && i % PROFILE_EVERY == 0;
        if timed {
            b.renderer.set_timer(Some(GpuTimer::new(&b.gpu)?));
        }
        let (_, _, index) = b.submit(&views, &snap);
        if timed {
            let times = b.renderer.stage_times(&b.gpu);
            b.renderer.set_timer(None);
            if let Some(t) = times {
                samples.push(t?);
            }
        } else {
            b.wait(index)?;
        }
        i += 1;
    }
    Ok(samples)
}

/// Mean stage times over `samples`, in the order stages first appear (a stage missing
/// from a frame counts as zero there).
fn mean_stages(samples: &[&StageTimes]) -> StageTimes {
    let mut sum: StageTimes = Vec::new();
    let n = samples.len().max(1) as f64;
    for times in samples {
        for &(label, ms) in times.iter() {
            match sum.iter_mut().find(|(l, _)| *l == label) {
                Some((_, t)) => *t += ms / n,
                None => sum.push((label, ms / n)),
            }
        }
    }
    sum
}

/// Sum of a frame's stages.
fn total(t: &StageTimes) -> f64 {
    t.iter().map(|(_, ms)| ms).sum()
}

/// Each stage's mean over all of `samples`, and over the slowest tenth of them (by
/// [`total`]; at least one frame).
fn profile_means(samples: &[StageTimes]) -> (StageTimes, StageTimes) {
    let mut by_cost: Vec<&StageTimes> = samples.iter().collect();
    by_cost.sort_by(|a, b| total(b).total_cmp(&total(a)));
    let slow = &by_cost[..by_cost.len().div_ceil(10)];
    (mean_stages(&by_cost), mean_stages(slow))
}

/// The profile's lines: each stage's mean over all sampled frames and over the slowest
/// tenth of them (by the sum of their stages).
fn write_profile(out: &mut String, samples: &[StageTimes]) {
    let (all, slowest) = profile_means(samples);
    let _ = writeln!(
        out,
        "  stage times (device timestamps, ms; every {PROFILE_EVERY}th frame of a second play, each waited for; {} frames):",
        samples.len()
    );
    let _ = writeln!(out, "    {:<14} {:>7} {:>14}", "", "mean", "slowest tenth");
    for &(label, ms) in &all {
        let s = slowest
            .iter()
            .find(|(l, _)| *l == label)
            .map_or(0.0, |p| p.1);
        let _ = writeln!(out, "    {label:<14} {ms:>7.2} {s:>14.2}");
    }
    let _ = writeln!(
        out,
        "    {:<14} {:>7.2} {:>14.2}",
        "all stages",
        total(&all),
        total(&slowest)
    );
}

/// `cavefly shot --bench [LEVEL] [--inputs REPLAY]`: the two scenes (the level's scene is
/// LEVEL, else [`DEFAULT_LEVEL`]), or with a replay, the replay played on LEVEL (else on the
/// level the replay names), the glow drawn the `glow` way ("auto", "bloom" or "halo").
pub fn run(level: Option<&Path>, inputs: Option<&Path>, glow: &str) -> Result<String, String> {
    let load = |path: &Path| crate::level::load_level(path).map_err(|e| e.to_string());
    match (level, inputs) {
        (Some(level), Some(file)) => bench_replay(
            &load(level)?,
            &InputScript::load(file).map_err(|e| e.to_string())?,
            glow,
        ),
        (None, Some(file)) => {
            let (script, level) =
                crate::game::replay::load_replay(file).map_err(|e| e.to_string())?;
            bench_replay(&level, &script, glow)
        }
        (Some(level), None) => bench(&load(level)?, glow),
        (None, None) => bench(
            &load(&crate::level::shipped::resolve_level(Path::new(
                DEFAULT_LEVEL,
            )))?,
            glow,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_averages_every_frame_and_the_slowest_tenth() {
        // Twenty frames: eighteen of 1 ms sky and 2 ms rock, two slow ones with 9 ms of
        // rock, one of which also refilled the rock cache (a stage the others lack).
        let mut samples: Vec<StageTimes> =
            (0..18).map(|_| vec![("sky", 1.0), ("rock", 2.0)]).collect();
        samples.insert(3, vec![("sky", 1.0), ("rock", 9.0)]);
        samples.insert(11, vec![("cache", 4.0), ("sky", 1.0), ("rock", 9.0)]);
        let (all, slow) = profile_means(&samples);
        let at = |t: &StageTimes, l: &str| t.iter().find(|p| p.0 == l).map(|p| p.1);
        assert!((at(&all, "sky").unwrap() - 1.0).abs() < 1e-12);
        assert!((at(&all, "rock").unwrap() - (18.0 * 2.0 + 18.0) / 20.0).abs() < 1e-12);
        assert!((at(&all, "cache").unwrap() - 0.2).abs() < 1e-12);
        // The slowest tenth: the two slow frames, the cache counted where it is missing as 0.
        assert!((at(&slow, "rock").unwrap() - 9.0).abs() < 1e-12);
        assert!((at(&slow, "cache").unwrap() - 2.0).abs() < 1e-12);
        assert!((total(&slow) - 12.0).abs() < 1e-12);
        let mut out = String::new();
        write_profile(&mut out, &samples);
        assert!(out.contains("20 frames"), "{out}");
        assert!(out
            .lines()
            .any(|l| l.trim_start().starts_with("all stages")));
    }

    #[test]
    fn a_replay_too_short_to_time_is_refused_before_the_device_opens() {
        let step = 1.0 / 120.0;
        // Two steps a frame: ten steps are five frames, all of them warm-up.
        let err = long_enough(10, step).unwrap_err();
        assert!(err.contains("10 steps make 5 frames"), "{err}");
        assert!(long_enough(0, step).unwrap_err().contains("0 steps"));
        // Eleven steps make a sixth frame, past the warm-up.
        long_enough(11, step).unwrap();
        long_enough(4007, step).unwrap();
    }

    #[test]
    fn a_replay_is_played_as_the_game_plays_it_every_player_with_a_view_each() {
        // A two-player arena played by one player never reaches the recorded end: the
        // bench must play every track, and draw a view per player as the window does.
        for (file, players) in [
            ("tests/replays/coop_relay.ron", 2),
            ("tests/replays/01_training_cave.ron", 1),
        ] {
            let (script, level) = crate::game::replay::load_replay(Path::new(file)).unwrap();
            let rec = script.recorded.clone().unwrap();
            let rock = RockMesh::from_level(&level);
            let mut play = Playing::new(&level, &script, &rock).unwrap();
            assert_eq!(play.players(), players, "{file}");
            let (w, h) = super::super::bench::BENCH_SIZE;
            let expected = crate::render::layout::split_views(w, h, players);
            let mut frames = 0;
            while let Some((views, _)) = play.next_frame() {
                let rects: Vec<ViewRect> = views.iter().map(|v| v.0).collect();
                assert_eq!(rects, expected, "{file}");
                frames += 1;
            }
            assert_eq!(play.step as u64, rec.steps, "{file}");
            assert_eq!(format!("{:016x}", play.sim.state_hash()), rec.final_hash);
            let outcome = crate::game::replay::RecordedOutcome::of(play.sim.outcome());
            assert_eq!(outcome, rec.outcome, "{file}");
            // Two steps a frame at 120 steps a second and 60 frames a second.
            let per_frame = (1.0 / (REPLAY_FPS * play.sim.time_step())).round() as u64;
            assert_eq!(frames as u64, rec.steps.div_ceil(per_frame), "{file}");
        }
    }
}
