//! The rock's grain tile: what the device bakes is the noise the shader says it is (a
//! model written here in Rust, from its definition), its edges meet when it wraps, its
//! light and contrast are those of the grain that was computed per pixel before the tile,
//! and each level of its mip chain is the average of the one above.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::render::rock_grain::{RockGrain, GRAIN_LEVELS, GRAIN_PERIOD as PERIOD, GRAIN_TEXELS};
use cavefly::render::Gpu;

const N: usize = GRAIN_TEXELS as usize;

/// The tile's mip levels, the finest first.
fn tile() -> Option<Vec<Vec<f32>>> {
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) if std::env::var_os("CAVEFLY_NO_GPU").is_some() => {
            eprintln!("grain tile skipped (CAVEFLY_NO_GPU is set): {e}");
            return None;
        }
        Err(e) => panic!("the grain tile needs a GPU adapter, and none opened: {e}"),
    };
    let grain = RockGrain::new(&gpu.device);
    let levels: Vec<Vec<f32>> = (0..GRAIN_LEVELS)
        .map(|l| grain.read_back(&gpu, l).expect("the tile reads back"))
        .collect();
    assert!(grain.read_back(&gpu, GRAIN_LEVELS).is_err());
    Some(levels)
}

fn pcg(x: u32) -> u32 {
    let state = x.wrapping_mul(747_796_405).wrapping_add(2_891_336_453);
    let word = ((state >> ((state >> 28) + 4)) ^ state).wrapping_mul(277_803_737);
    (word >> 22) ^ word
}

fn smooth(f: f32) -> f32 {
    f * f * (3.0 - 2.0 * f)
}

/// One octave of the tile at tile point `t` (0..1 across), as the bake defines it.
fn octave(t: [f32; 2], per_metre: f32, seed: u32) -> f32 {
    let cells = (per_metre * PERIOD).round_ties_even().max(1.0);
    let value = |ix: f32, iy: f32| {
        let wrap = |i: f32| (i - cells * (i / cells).floor()) as u32;
        let h = pcg(wrap(ix).wrapping_add(pcg(wrap(iy).wrapping_add(pcg(seed)))));
        (h >> 8) as f32 / 16_777_215.0
    };
    let (qx, qy) = (t[0] * cells, t[1] * cells);
    let (ix, iy) = (qx.floor(), qy.floor());
    let (ux, uy) = (smooth(qx - ix), smooth(qy - iy));
    let lerp = |a: f32, b: f32, u: f32| a + (b - a) * u;
    let bottom = lerp(value(ix, iy), value(ix + 1.0, iy), ux);
    let top = lerp(value(ix, iy + 1.0), value(ix + 1.0, iy + 1.0), ux);
    lerp(bottom, top, uy)
}

fn model(t: [f32; 2]) -> f32 {
    let fine = 0.5 * octave(t, 2.3, 1)
        + 0.25 * octave(t, 4.669, 2)
        + 0.125 * octave(t, 9.478, 3)
        + 0.0625 * octave(t, 19.24, 4);
    0.6 * fine + 0.4 * octave(t, 9.0, 5)
}

/// The grain the rock shader computed per pixel before the tile (`fbm` and `value_noise`
/// of `shaders/common.wgsl`), at world point `p`.
fn old_grain(p: [f32; 2]) -> f32 {
    let fract = |x: f32| x - x.floor();
    let hash = |x: f32, y: f32| {
        let (qx, qy) = (fract(x * 123.34), fract(y * 456.21));
        let d = qx * (qx + 45.32) + qy * (qy + 45.32);
        fract((qx + d) * (qy + d))
    };
    let noise = |x: f32, y: f32| {
        let (ix, iy) = (x.floor(), y.floor());
        let (ux, uy) = (smooth(x - ix), smooth(y - iy));
        let lerp = |a: f32, b: f32, u: f32| a + (b - a) * u;
        let bottom = lerp(hash(ix, iy), hash(ix + 1.0, iy), ux);
        let top = lerp(hash(ix, iy + 1.0), hash(ix + 1.0, iy + 1.0), ux);
        lerp(bottom, top, uy)
    };
    let (mut x, mut y, mut amp, mut sum) = (p[0] * 2.3, p[1] * 2.3, 0.5, 0.0);
    for _ in 0..4 {
        sum += amp * noise(x, y);
        x = x * 2.03 + 17.0;
        y = y * 2.03 + 9.0;
        amp *= 0.5;
    }
    0.6 * sum + 0.4 * noise(p[0] * 9.0, p[1] * 9.0)
}

fn mean_and_spread(v: &[f32]) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let var = v
        .iter()
        .map(|&x| (f64::from(x) - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, var.sqrt())
}

#[test]
fn the_baked_tile_is_the_noise_it_is_defined_as_seamless_and_as_grainy_as_before() {
    let Some(levels) = tile() else { return };
    let t = &levels[0];
    assert_eq!(t.len(), N * N);
    assert!(t.iter().all(|v| (0.0..=1.0).contains(v)));
    // Texel (column c, row r) holds the grain at its centre; each of 4,096 spread texels
    // matches the model within the tile's 16-bit precision.
    let mut worst = 0.0f32;
    for k in 0..4096usize {
        let (c, r) = ((k * 977 + 13) % N, (k * 1531 + 101) % N);
        let at = [(c as f32 + 0.5) / N as f32, (r as f32 + 0.5) / N as f32];
        worst = worst.max((t[r * N + c] - model(at)).abs());
    }
    assert!(worst < 1.5e-3, "largest difference from the model {worst}");
    // Wrapping: the step from the last column to the first (and the last row to the
    // first) is no bigger than a step between neighbours inside the tile; a lattice that
    // did not wrap would jump there between unrelated values, about ten times as far.
    let step = |a: (usize, usize), b: (usize, usize)| (t[a.1 * N + a.0] - t[b.1 * N + b.0]).abs();
    let inside: f32 = (0..N)
        .map(|i| step((N / 2, i), (N / 2 + 1, i)))
        .sum::<f32>()
        / N as f32;
    let across: f32 = (0..N).map(|i| step((N - 1, i), (0, i))).sum::<f32>() / N as f32;
    let up: f32 = (0..N).map(|i| step((i, N - 1), (i, 0))).sum::<f32>() / N as f32;
    assert!(inside > 0.0);
    assert!(
        across < 1.5 * inside && up < 1.5 * inside,
        "{inside} {across} {up}"
    );
    // Its light and contrast are the old grain's: mean and spread within 5% of the old
    // formula's over the same area of world.
    let old: Vec<f32> = (0..N * N / 16)
        .map(|k| {
            let (c, r) = (4 * (k % (N / 4)), 4 * (k / (N / 4)));
            old_grain([
                (c as f32 + 0.5) / N as f32 * PERIOD + 40.0,
                (r as f32 + 0.5) / N as f32 * PERIOD - 25.0,
            ])
        })
        .collect();
    let (m_new, s_new) = mean_and_spread(t);
    let (m_old, s_old) = mean_and_spread(&old);
    assert!(
        (m_new / m_old - 1.0).abs() < 0.05,
        "mean {m_new} against {m_old}"
    );
    assert!(
        (s_new / s_old - 1.0).abs() < 0.05,
        "spread {s_new} against {s_old}"
    );
}

#[test]
fn each_mip_level_of_the_tile_is_the_mean_of_the_one_above() {
    let Some(levels) = tile() else { return };
    for (k, pair) in levels.windows(2).enumerate() {
        let (fine, coarse) = (&pair[0], &pair[1]);
        let side = N >> (k + 1);
        assert_eq!(coarse.len(), side * side, "level {}", k + 1);
        let mut worst = 0.0f32;
        for r in 0..side {
            for c in 0..side {
                let at = |rr: usize, cc: usize| fine[rr * 2 * side + cc];
                let mean = 0.25
                    * (at(2 * r, 2 * c)
                        + at(2 * r, 2 * c + 1)
                        + at(2 * r + 1, 2 * c)
                        + at(2 * r + 1, 2 * c + 1));
                worst = worst.max((coarse[r * side + c] - mean).abs());
            }
        }
        assert!(worst < 1e-3, "level {}: {worst}", k + 1);
    }
    // Averaging keeps the grain's light and smooths its contrast away level by level.
    let (m0, s0) = mean_and_spread(&levels[0]);
    let (m_last, s_last) = mean_and_spread(levels.last().unwrap());
    assert!((m_last - m0).abs() < 2e-3, "{m0} against {m_last}");
    assert!(s_last < 0.5 * s0, "{s0} against {s_last}");
}
