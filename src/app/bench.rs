//! `cavefly shot --bench`: a stress scene — 2,000 tumbling debris polygons and 10,000
//! particles at 1280×720 — rendered offscreen for 300 frames, reporting CPU encode time,
//! whole frame time (encode, submit and wait for the GPU) and draw calls per frame, beside
//! the draw calls of a frame with nothing in it.

use crate::render::offscreen::OFFSCREEN_FORMAT;
use crate::render::snapshot::{Beam, Particle, ShipDraw};
use crate::render::{Camera, Gpu, Offscreen, Renderer, RockMesh, Snapshot};
use glam::Vec2;
use std::time::{Duration, Instant};

/// Debris in the stress scene.
pub const BENCH_DEBRIS: usize = 2_000;
/// Particles in the stress scene.
pub const BENCH_PARTICLES: usize = 10_000;
/// Frames rendered.
pub const BENCH_FRAMES: usize = 300;
/// Frames of the empty scene timed for comparison.
const EMPTY_FRAMES: usize = 30;
/// Frame size.
pub const BENCH_SIZE: (u32, u32) = (1280, 720);

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
    s.ship = Some(ShipDraw {
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

/// Runs the benchmark over `rock` and returns its report.
pub fn bench(rock: &RockMesh) -> Result<String, String> {
    let gpu = Gpu::headless()?;
    let (w, h) = BENCH_SIZE;
    let target = Offscreen::new(&gpu.device, w, h)?;
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, rock);
    let camera = Camera::new(Vec2::ZERO, None);
    let view = camera.view(w, h);
    let empty = target.render(&gpu, &mut renderer, &view, &Snapshot::default());
    let empty_start = Instant::now();
    for _ in 0..EMPTY_FRAMES {
        target.render(&gpu, &mut renderer, &view, &Snapshot::default());
    }
    let empty_ms = empty_start.elapsed().as_secs_f64() * 1000.0 / EMPTY_FRAMES as f64;
    // Warm up: the first frames compile shaders and grow the buffers.
    for i in 0..3 {
        target.render(
            &gpu,
            &mut renderer,
            &view,
            &stress_snapshot(i as f32 / 60.0, view.half_extent),
        );
    }
    let mut encode = Vec::with_capacity(BENCH_FRAMES);
    let mut total = Vec::with_capacity(BENCH_FRAMES);
    let mut draws = Vec::with_capacity(BENCH_FRAMES);
    for i in 0..BENCH_FRAMES {
        let start = Instant::now();
        let snap = stress_snapshot(i as f32 / 60.0, view.half_extent);
        let build = start.elapsed();
        let stats = target.render(&gpu, &mut renderer, &view, &snap);
        total.push(start.elapsed());
        encode.push(build + stats.encode_time);
        draws.push(stats.draw_calls);
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let stats = |v: &mut Vec<Duration>| {
        v.sort();
        let mean = v.iter().map(|d| ms(*d)).sum::<f64>() / v.len() as f64;
        (mean, ms(v[v.len() / 2]), ms(v[v.len() * 95 / 100]))
    };
    let (e_mean, e_med, e_p95) = stats(&mut encode);
    let (t_mean, t_med, t_p95) = stats(&mut total);
    let (dmin, dmax) = (
        draws.iter().min().copied().unwrap_or(0),
        draws.iter().max().copied().unwrap_or(0),
    );
    Ok(format!(
        "adapter: {}\n\
         scene: {BENCH_DEBRIS} debris, {BENCH_PARTICLES} particles, {w}x{h}, {BENCH_FRAMES} frames\n\
         cpu encode  (ms/frame): mean {e_mean:.2}  median {e_med:.2}  p95 {e_p95:.2}\n\
         frame total (ms/frame): mean {t_mean:.2}  median {t_med:.2}  p95 {t_p95:.2}  ({:.1} frames/s)\n\
         draw calls per frame: {dmin}..={dmax} (empty scene: {})\n\
         empty scene frame total (ms/frame): mean {empty_ms:.2}\n",
        gpu.describe(),
        1000.0 / t_mean,
        empty.draw_calls,
    ))
}
