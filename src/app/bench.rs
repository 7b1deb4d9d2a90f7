//! `cavefly shot --bench`: frame times of the renderer, offscreen at 1280×720.
//!
//! With no replay it measures two scenes for [`BENCH_FRAMES`] frames each: the stress scene
//! (2,000 tumbling debris polygons, 10,000 particles and a fan of beams, no rock) and a real
//! level with its rock seen from the ship's start. For each it prints the time of every
//! render stage from device timestamps (each frame waited for, so stages do not overlap), then
//! frame times with one frame in flight (the next frame is encoded while the device draws
//! the last), the throughput, CPU encode time and draw calls.
//!
//! With `LEVEL --inputs REPLAY` it plays a replay instead (`bench_replay`).

use super::shot::Replay;
use super::thread_cpu;
use crate::level::LoadedLevel;
use crate::render::glow::Glow;
use crate::render::offscreen::OFFSCREEN_FORMAT;
use crate::render::snapshot::{Beam, Particle, ShipDraw};
use crate::render::timer::{GpuTimer, StageTimes, TIMER_FEATURES};
use crate::render::{
    Camera, Gpu, Offscreen, Renderer, RockMesh, Snapshot, View, ViewPass, ViewRect,
};
use glam::Vec2;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Debris in the stress scene.
pub const BENCH_DEBRIS: usize = 2_000;
/// Particles in the stress scene.
pub const BENCH_PARTICLES: usize = 10_000;
/// Frames measured per scene with one frame in flight.
pub const BENCH_FRAMES: usize = 300;
/// Frames whose stages are timed (each waited for).
const TIMED_FRAMES: usize = 60;
/// Frames drawn first and not counted: shaders compile and buffers grow.
pub(super) const WARM_UP_FRAMES: usize = 5;
/// Frame size.
pub const BENCH_SIZE: (u32, u32) = (1280, 720);
/// Frames per second of game time a replay is drawn at.
pub const REPLAY_FPS: f64 = 60.0;

/// A hash of `i` into 0..1, so the scene is the same every run.
fn unit(i: u32, salt: u32) -> f32 {
    let mut x = i.wrapping_mul(0x9E37_79B9) ^ salt.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x >> 8) as f32 / (1u32 << 24) as f32
}

/// The stress scene at time `t`: debris scattered over the view, each turning at its own
/// rate, and particles swirling around the ship.
pub fn stress_snapshot(t: f32, half: Vec2) -> Snapshot {
    let mut s = Snapshot {
        time: t,
        ..Snapshot::default()
    };
    let mut outline = Vec::with_capacity(8);
    for i in 0..BENCH_DEBRIS as u32 {
        let centre = Vec2::new(unit(i, 1) * 2.0 - 1.0, unit(i, 2) * 2.0 - 1.0) * half;
        let sides = 3 + (i % 6);
        let r = 0.3 + 0.5 * unit(i, 3);
        let spin = (unit(i, 4) - 0.5) * 4.0 * t;
        outline.clear();
        outline.extend((0..sides).map(|k| {
            let a = spin + std::f32::consts::TAU * k as f32 / sides as f32;
            centre + Vec2::new(a.cos(), a.sin()) * r
        }));
        let shade = 0.08 + 0.08 * unit(i, 5);
        s.push_body(
            &outline,
            [shade, shade * 0.9, shade * 0.8, 1.0],
            [0.95, 0.6, 0.3, 0.9],
        );
    }
    s.particles.extend((0..BENCH_PARTICLES as u32).map(|i| {
        let a = unit(i, 6) * std::f32::consts::TAU + t * (0.5 + unit(i, 7));
        let d = 2.0 + unit(i, 8) * half.y;
        Particle {
            position: Vec2::new(a.cos(), a.sin()) * d,
            size: 0.05 + 0.1 * unit(i, 9),
            color: [1.0, 0.5 + 0.4 * unit(i, 10), 0.2, 1.0],
        }
    }));
    // A fan of laser beams from the ship.
    s.beams.extend((0..8).map(|k| {
        let a = t + std::f32::consts::TAU * k as f32 / 8.0;
        Beam {
            from: Vec2::ZERO,
            to: Vec2::new(a.cos(), a.sin()) * half.y,
            color: [1.0, 0.25, 0.3, 1.0],
        }
    }));
    let nose = Vec2::new(0.0, 1.0);
    s.ships.push(ShipDraw {
        player: 0,
        parts: vec![vec![
            Vec2::new(0.0, 0.6),
            Vec2::new(-0.45, -0.4),
            Vec2::new(0.45, -0.4),
        ]],
        health: vec![1.0],
        nozzles: vec![Vec2::new(0.0, -0.4)],
        position: Vec2::ZERO,
        nose,
        throttle: 1.0,
    });
    s
}

/// Mean, median and 95th percentile of a list of durations, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: f64,
    /// 95th percentile.
    pub p95: f64,
}

impl Spread {
    /// The spread of `samples` (all zero when there are none).
    pub fn of(samples: &[Duration]) -> Spread {
        if samples.is_empty() {
            return Spread::default();
        }
        let mut ms: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        Spread {
            mean: ms.iter().sum::<f64>() / ms.len() as f64,
            median: at(0.5),
            p95: at(0.95),
        }
    }

    pub(super) fn line(&self) -> String {
        format!(
            "mean {:.2}  median {:.2}  p95 {:.2}",
            self.mean, self.median, self.p95
        )
    }
}

/// What one frame of a scene shows: each view's rectangle and what it sees, and the
/// snapshot they all draw.
pub(super) type Frame = (Vec<(ViewRect, View)>, Snapshot);

/// One view filling the bench's frame.
pub(super) fn whole(view: View) -> Vec<(ViewRect, View)> {
    vec![(ViewRect::full(BENCH_SIZE.0, BENCH_SIZE.1), view)]
}

/// The renderer, its target and the device, shared by every scene of a run.
pub(super) struct Bench {
    pub(super) gpu: Gpu,
    target: Offscreen,
    pub(super) renderer: Renderer,
    /// Why stages cannot be timed, if they cannot.
    pub(super) no_timer: Option<String>,
}

/// What one scene measured.
pub(super) struct SceneFigures {
    stages: Result<StageTimes, String>,
    /// Frame times with one frame in flight.
    pub frame: Spread,
    encode: Spread,
    /// Frames per second over the whole run.
    pub throughput: f64,
    /// Fewest and most draw calls of a frame.
    pub draws: (u32, u32),
    /// CPU per frame of each thread (the driver's included), milliseconds.
    pub threads: Vec<(String, f64)>,
}

impl Bench {
    /// Opens the device and a renderer drawing glow the `glow` way ("auto", "bloom" or
    /// "halo").
    pub(super) fn open(glow: &str) -> Result<Bench, String> {
        let gpu = Gpu::headless_with(TIMER_FEATURES)?;
        let (w, h) = BENCH_SIZE;
        let target = Offscreen::new(&gpu, w, h)?;
        let glow = Glow::choose(glow, gpu.adapter.get_info().device_type)?;
        let renderer =
            Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default(), glow);
        let no_timer = GpuTimer::new(&gpu).err();
        Ok(Bench {
            gpu,
            target,
            renderer,
            no_timer,
        })
    }

    /// Records frame `snap` through `views`, submits it, and returns the CPU time spent
    /// building and recording it, its draw calls and its submission.
    pub(super) fn submit(
        &mut self,
        views: &[(ViewRect, View)],
        snap: &Snapshot,
    ) -> (Duration, u32, wgpu::SubmissionIndex) {
        let passes: Vec<ViewPass> = views
            .iter()
            .map(|&(rect, view)| ViewPass { rect, view, snap })
            .collect();
        let start = Instant::now();
        let mut encoder = self
            .gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("bench"),
            });
        let stats = self.renderer.render_views(
            &self.gpu.device,
            &self.gpu.queue,
            &mut encoder,
            self.target.output(),
            &passes,
        );
        let index = self.gpu.queue.submit([encoder.finish()]);
        (start.elapsed(), stats.draw_calls, index)
    }

    /// The adapter, in words.
    pub(super) fn gpu_name(&self) -> String {
        self.gpu.describe()
    }

    /// How the renderer draws glow, in words.
    pub(super) fn glow(&self) -> String {
        format!(
            "{}, scene drawn in {:?}",
            self.renderer.glow(),
            self.renderer.scene_format()
        )
    }

    /// Where the renderer's quads get their records, in words.
    fn quads(&self) -> &'static str {
        match self.renderer.quad_source() {
            crate::render::quads::QuadSource::Storage => "storage buffers",
            crate::render::quads::QuadSource::Instanced => "instances",
        }
    }

    pub(super) fn wait(&self, index: wgpu::SubmissionIndex) -> Result<(), String> {
        self.gpu
            .device
            .poll(wgpu::PollType::Wait {
                submission_index: Some(index),
                timeout: None,
            })
            .map(|_| ())
            .map_err(|e| format!("the device did not finish a frame: {e}"))
    }

    /// Mean stage times over [`TIMED_FRAMES`] frames of `scene`.
    fn time_stages(&mut self, scene: &mut dyn FnMut(usize) -> Frame) -> Result<StageTimes, String> {
        if let Some(why) = &self.no_timer {
            return Err(why.clone());
        }
        self.renderer.set_timer(Some(GpuTimer::new(&self.gpu)?));
        let mut sum: StageTimes = Vec::new();
        let mut result = Ok(());
        for i in 0..TIMED_FRAMES {
            let (view, snap) = scene(i);
            self.submit(&view, &snap);
            match self.renderer.stage_times(&self.gpu) {
                Some(Ok(times)) => {
                    for (label, ms) in times {
                        match sum.iter_mut().find(|(l, _)| *l == label) {
                            Some((_, t)) => *t += ms / TIMED_FRAMES as f64,
                            None => sum.push((label, ms / TIMED_FRAMES as f64)),
                        }
                    }
                }
                Some(Err(e)) => {
                    result = Err(e);
                    break;
                }
                None => {}
            }
        }
        self.renderer.set_timer(None);
        result.map(|()| sum)
    }

    /// Measures `scene`: its stages, then [`BENCH_FRAMES`] frames with one in flight.
    pub(super) fn measure(
        &mut self,
        rock: &RockMesh,
        scene: &mut dyn FnMut(usize) -> Frame,
    ) -> Result<SceneFigures, String> {
        self.renderer.set_rock(&self.gpu.device, rock);
        for i in 0..WARM_UP_FRAMES {
            let (view, snap) = scene(i);
            let (_, _, index) = self.submit(&view, &snap);
            self.wait(index)?;
        }
        let stages = self.time_stages(scene);
        let mut frames = Vec::with_capacity(BENCH_FRAMES);
        let mut encode = Vec::with_capacity(BENCH_FRAMES);
        let mut draws = (u32::MAX, 0);
        let mut in_flight = None;
        let cpu_before = thread_cpu::thread_times();
        let start = Instant::now();
        let mut last = start;
        for i in 0..BENCH_FRAMES {
            let (view, snap) = scene(i);
            let (cpu, d, index) = self.submit(&view, &snap);
            // One frame in flight: wait for the one before this.
            if let Some(previous) = in_flight.replace(index) {
                self.wait(previous)?;
            }
            let now = Instant::now();
            frames.push(now - last);
            last = now;
            encode.push(cpu);
            draws = (draws.0.min(d), draws.1.max(d));
        }
        if let Some(index) = in_flight {
            self.wait(index)?;
        }
        let throughput = BENCH_FRAMES as f64 / start.elapsed().as_secs_f64();
        let threads = thread_cpu::per_frame_since(&cpu_before, BENCH_FRAMES);
        Ok(SceneFigures {
            stages,
            frame: Spread::of(&frames),
            encode: Spread::of(&encode),
            throughput,
            draws,
            threads,
        })
    }
}

/// The cores this process may run on.
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The machine's load averages over 1, 5 and 15 minutes, where the system tells them
/// (Linux): frame times on a software rasterizer scale with the cores left to it, so a
/// figure is only comparable with one taken under a similar load.
pub(super) fn load_line() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .map_or_else(String::new, |l| {
            let cores = cores();
            format!("machine load (1, 5, 15 min): {l} on {cores} cores\n")
        })
}

/// The report lines of one scene.
pub(super) fn write_scene(out: &mut String, title: &str, f: &SceneFigures) {
    let _ = writeln!(out, "{title}");
    match &f.stages {
        Ok(stages) => {
            let _ = writeln!(
                out,
                "  stage times (device timestamps, ms per frame, mean of {TIMED_FRAMES} frames each waited for):"
            );
            for (label, ms) in stages {
                let _ = writeln!(out, "    {label:<14} {ms:>7.2}");
            }
            let total: f64 = stages.iter().map(|(_, ms)| ms).sum();
            let _ = writeln!(out, "    {:<14} {total:>7.2}", "all stages");
        }
        Err(why) => {
            let _ = writeln!(out, "  stage times: not measured: {why}");
        }
    }
    let _ = writeln!(
        out,
        "  frame time, one frame in flight (ms): {}  ({:.1} frames/s)",
        f.frame.line(),
        f.throughput
    );
    let _ = writeln!(out, "  cpu encode (ms): {}", f.encode.line());
    let _ = writeln!(out, "{}", thread_cpu::line(&f.threads, cores()));
    let _ = writeln!(out, "  draw calls per frame: {}..={}", f.draws.0, f.draws.1);
}

/// The view and snapshot of `level` at its start, the camera on the ship.
fn level_scene(level: &LoadedLevel, rock: &RockMesh) -> Result<(View, Snapshot), String> {
    let replay = Replay::run(level, rock, 0, None)?;
    let (w, h) = BENCH_SIZE;
    let snap = Snapshot::capture(&replay.sim, 1.0, &replay.effects);
    Ok((replay.camera.view(w, h), snap))
}

/// Runs the two scenes — the stress scene, and `level` from its start — and returns the
/// report.
pub fn bench(level: &LoadedLevel, glow: &str) -> Result<String, String> {
    let mut b = Bench::open(glow)?;
    let (w, h) = BENCH_SIZE;
    let mut out = format!(
        "adapter: {}, {w}x{h}, quads from {}\nglow: {}\n",
        b.gpu.describe(),
        b.quads(),
        b.glow()
    );
    out.push_str(&load_line());
    let half = Camera::new(Vec2::ZERO, None).view(w, h);
    let mut stress = |i: usize| {
        (
            whole(half),
            stress_snapshot(i as f32 / 60.0, half.half_extent),
        )
    };
    let figures = b.measure(&RockMesh::default(), &mut stress)?;
    write_scene(
        &mut out,
        &format!("stress scene: {BENCH_DEBRIS} debris, {BENCH_PARTICLES} particles, beams, no rock; {BENCH_FRAMES} frames"),
        &figures,
    );
    let rock = RockMesh::from_level(level);
    let (view, snap) = level_scene(level, &rock)?;
    let mut scene = |i: usize| {
        let mut s = snap.clone();
        s.time += i as f32 / 60.0;
        (whole(view), s)
    };
    let figures = b.measure(&rock, &mut scene)?;
    write_scene(
        &mut out,
        &format!(
            "level scene: {} ({}) from the ship's start, its rock of {} triangles and {} outline segments; {BENCH_FRAMES} frames",
            level.level.name,
            level.file.display(),
            rock.triangles.len() / 3,
            rock.outline.len()
        ),
        &figures,
    );
    Ok(out)
}

/// The level the plain bench draws when none is named (a shipped level).
pub const DEFAULT_LEVEL: &str = "11_reactor.ron";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_takes_mean_median_and_p95() {
        let ms: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        let s = Spread::of(&ms);
        assert!((s.mean - 50.5).abs() < 1e-9);
        assert_eq!(s.median, 51.0);
        assert_eq!(s.p95, 95.0);
        assert_eq!(Spread::of(&[]), Spread::default());
    }
}
