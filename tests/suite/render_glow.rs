//! The halo glow against the full look. Drawn the halo way (the scene straight into the
//! output, each shader tone-mapping its own colour, each bright stroke drawing its own
//! glow) a frame must look like the bloom way (HDR scene, blurred bright pass, composite):
//! the glow around a bright stroke as bright, distance by distance, as the post pass's;
//! shipped levels alike over the whole frame; and the post pass's draws gone.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::app::shot::{render_shot, ShotOptions};
use cavefly::render::glow::Glow;
use cavefly::render::offscreen::OFFSCREEN_FORMAT;
use cavefly::render::renderer::SCENE_DRAWS;
use cavefly::render::snapshot::ShipDraw;
use cavefly::render::{Gpu, Offscreen, Renderer, Rgba8, RockMesh, Snapshot, View};
use glam::Vec2;
use std::path::PathBuf;

fn gpu() -> Option<Gpu> {
    crate::common::headless_gpu("glow frames")
}

/// Mean of the red, green and blue channels of row `y`, columns `xs`.
fn row_mean(img: &Rgba8, y: u32, xs: std::ops::Range<u32>) -> f64 {
    let n = xs.len() as f64;
    let sum: u32 = xs
        .map(|x| {
            let i = ((y * img.width + x) * 4) as usize;
            img.pixels[i..i + 3].iter().map(|&c| c as u32).sum::<u32>()
        })
        .sum();
    sum as f64 / (3.0 * n)
}

/// A ship part drawn as a wide triangle whose bottom edge runs level across the middle of
/// the frame, on the bare sky (no rock), in one glow or the other.
fn edge_frame(gpu: &Gpu, glow: Glow, size: (u32, u32)) -> (Rgba8, u32) {
    let half = Vec2::new(12.0 * size.0 as f32 / size.1 as f32, 12.0);
    let view = View {
        center: Vec2::ZERO,
        half_extent: half,
    };
    let mut snap = Snapshot::default();
    snap.ships.push(ShipDraw {
        player: 0,
        parts: vec![vec![
            Vec2::new(-8.0, -2.0),
            Vec2::new(8.0, -2.0),
            Vec2::new(0.0, 6.0),
        ]],
        health: vec![1.0],
        nozzles: vec![],
        position: Vec2::ZERO,
        nose: Vec2::Y,
        throttle: 0.0,
    });
    let mut renderer =
        Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default(), glow);
    let target = Offscreen::new(gpu, size.0, size.1).unwrap();
    let frame = target.capture(gpu, &mut renderer, &view, &snap).unwrap();
    // The edge's row: y = -2 m, pixels down from the top.
    let px_per_m = size.1 as f32 / (2.0 * half.y);
    let row = (size.1 as f32 * 0.5 + 2.0 * px_per_m).round() as u32;
    (frame, row)
}

#[test]
fn a_bright_strokes_halo_matches_the_bloom_distance_by_distance() {
    let Some(gpu) = gpu() else { return };
    let size = (640, 360);
    let (bloom, row) = edge_frame(&gpu, Glow::Bloom, size);
    let (halo, _) = edge_frame(&gpu, Glow::Halo, size);
    // The middle of the edge, away from the triangle's corners; below it is open sky.
    let xs = 220..420;
    let far = row_mean(&bloom, row + 40, xs.clone());
    assert!(
        (far - row_mean(&halo, row + 40, xs.clone())).abs() < 2.0,
        "the sky far from the stroke differs"
    );
    let mut glow_seen = 0.0f64;
    let mut table = String::new();
    let mut worst = 0.0f64;
    for d in 3..=24 {
        let b = row_mean(&bloom, row + d, xs.clone());
        let h = row_mean(&halo, row + d, xs.clone());
        glow_seen = glow_seen.max(b - far);
        // Within 8 of 255 at every distance (the halo is a model of the post pass's glow,
        // not the pass itself), or within a fifth of the glow.
        let allowed = 8.0f64.max(0.2 * (b - far));
        worst = worst.max((b - h).abs() / allowed);
        table.push_str(&format!("\n  {d:2} px: bloom {b:5.1}  halo {h:5.1}"));
    }
    assert!(
        worst <= 1.0,
        "below the stroke (sky {far:.1}), off by up to {worst:.2} of what is allowed:{table}"
    );
    // The comparison means something only where there is glow to compare.
    assert!(glow_seen > 20.0, "the bloom shows no glow: {glow_seen:.1}");
    let near = row_mean(&halo, row + 6, xs.clone());
    assert!(
        near - far > 15.0,
        "the halo shows no glow: {near:.1} vs {far:.1}"
    );
}

#[test]
fn levels_look_alike_drawn_either_way() {
    let Some(gpu) = gpu() else { return };
    for stem in [
        "01_training_cave",
        "05_crystal_mine",
        "11_reactor",
        "14_meltdown_run",
    ] {
        let shot = |glow| {
            let options = ShotOptions {
                level: PathBuf::from(format!("levels/{stem}.ron")),
                frame: 150,
                inputs: Some(PathBuf::from("tests/golden/flight.inputs.ron")),
                size: (480, 270),
                glow: Some(glow),
            };
            render_shot(&gpu, &options).unwrap_or_else(|e| panic!("{stem}: {e}"))
        };
        let (bloom, halo) = (shot(Glow::Bloom), shot(Glow::Halo));
        let (mut total, mut far_off) = (0u64, 0usize);
        for (b, h) in bloom.pixels.chunks(4).zip(halo.pixels.chunks(4)) {
            let diff: Vec<u32> = (0..3).map(|k| b[k].abs_diff(h[k]) as u32).collect();
            total += diff.iter().sum::<u32>() as u64;
            if diff.iter().any(|&d| d > 24) {
                far_off += 1;
            }
        }
        let pixels = (bloom.width * bloom.height) as usize;
        let mean = total as f64 / (3 * pixels) as f64;
        let share = far_off as f64 / pixels as f64;
        assert!(
            mean < 2.5 && share < 0.015,
            "{stem}: mean difference {mean:.2} of 255, {:.2}% of pixels off by more than 24",
            100.0 * share
        );
    }
}

#[test]
fn the_halo_draws_the_scene_and_its_halos_and_the_bloom_adds_its_post_pass() {
    let Some(gpu) = gpu() else { return };
    let view = View {
        center: Vec2::ZERO,
        half_extent: Vec2::new(16.0, 9.0),
    };
    let target = Offscreen::new(&gpu, 320, 180).unwrap();
    // The halo: one more draw, the bright lines' halos; the bloom: its four post passes.
    for (glow, extra) in [(Glow::Halo, 1), (Glow::Bloom, 4)] {
        let mut r = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default(), glow);
        assert_eq!(r.glow(), glow);
        let stats = target.render(&gpu, &mut r, &view, &Snapshot::default());
        assert_eq!(stats.draw_calls, SCENE_DRAWS + extra, "{glow:?}");
    }
}

#[test]
fn into_an_output_that_is_not_srgb_the_halo_shaders_encode_it() {
    let Some(gpu) = gpu() else { return };
    let (w, h) = (480, 270);
    let options = ShotOptions {
        level: PathBuf::from("levels/07_crosswind.ron"),
        frame: 150,
        inputs: Some(PathBuf::from("tests/golden/flight.inputs.ron")),
        size: (w, h),
        glow: Some(Glow::Halo),
    };
    let srgb = render_shot(&gpu, &options).unwrap();
    // The same frame through a target that stores the shader's values as they are.
    let level = cavefly::level::load_level(&options.level).unwrap();
    let rock = RockMesh::from_level(&level);
    let script = cavefly::game::InputScript::load(options.inputs.as_ref().unwrap()).unwrap();
    let replay =
        cavefly::app::shot::Replay::run(&level, &rock, options.frame, Some(&script)).unwrap();
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let target = Offscreen::with_format(&gpu, w, h, format).unwrap();
    let mut renderer = Renderer::with_glow(&gpu.device, format, &rock, Glow::Halo);
    let snap = Snapshot::capture(&replay.sim, 1.0, &replay.effects);
    let plain = target
        .capture(&gpu, &mut renderer, &replay.camera.view(w, h), &snap)
        .unwrap();
    // Opaque colours (the sky, the rock, the far silhouettes: most of the frame) encode the
    // same either way; left unencoded, the dark cave would be tens of steps darker. Where
    // light is added (strokes, halos, stars) the blend runs on encoded values instead of
    // linear ones and comes out brighter: that is what an output without sRGB costs.
    let mut diffs: Vec<u8> = srgb
        .pixels
        .chunks(4)
        .zip(plain.pixels.chunks(4))
        .map(|(a, b)| (0..3).map(|k| a[k].abs_diff(b[k])).max().unwrap())
        .collect();
    diffs.sort_unstable();
    let at = |q: f64| diffs[((diffs.len() - 1) as f64 * q) as usize];
    assert!(
        at(0.5) <= 1 && at(0.7) <= 2,
        "median difference {}, 70th percentile {}",
        at(0.5),
        at(0.7)
    );
    // The added light is brighter, never darker, on encoded values.
    let (mut brighter, mut darker) = (0, 0);
    for (a, b) in srgb.pixels.chunks(4).zip(plain.pixels.chunks(4)) {
        brighter += (0..3).any(|k| b[k] as i32 - a[k] as i32 > 12) as usize;
        darker += (0..3).any(|k| a[k] as i32 - b[k] as i32 > 12) as usize;
    }
    assert!(
        darker * 20 < brighter.max(1),
        "{darker} darker, {brighter} brighter"
    );
}

#[test]
fn halos_read_from_instances_draw_as_from_storage() {
    use cavefly::render::quads::QuadSource;
    let Some(gpu) = gpu() else { return };
    let (w, h) = (480, 270);
    let level = cavefly::level::load_level(std::path::Path::new("levels/11_reactor.ron")).unwrap();
    let rock = RockMesh::from_level(&level);
    let script =
        cavefly::game::InputScript::load(std::path::Path::new("tests/golden/flight.inputs.ron"))
            .unwrap();
    let replay = cavefly::app::shot::Replay::run(&level, &rock, 150, Some(&script)).unwrap();
    let snap = Snapshot::capture(&replay.sim, 1.0, &replay.effects);
    let view = replay.camera.view(w, h);
    let target = Offscreen::new(&gpu, w, h).unwrap();
    let frame = |source| {
        let mut r =
            Renderer::with_options(&gpu.device, OFFSCREEN_FORMAT, &rock, source, Glow::Halo);
        target.capture(&gpu, &mut r, &view, &snap).unwrap()
    };
    let (storage, instanced) = (frame(QuadSource::Storage), frame(QuadSource::Instanced));
    let off = crate::common::channels_off(&storage, &instanced, 2);
    assert!(off < 50, "{off} channel values differ by more than 2");
}

/// The bloom draws its HDR scene in a packed format (three small floats in 32 bits) where
/// the device can, and in four half floats where it cannot: the two must give the same
/// frames to within a few steps of the 8-bit output, and those few pixels only.
#[test]
fn the_packed_scene_gives_the_wide_scenes_frames() {
    use cavefly::render::gpu::instance_descriptor;
    use cavefly::render::pipelines::{PACKED_SCENE_FORMAT, SCENE_FEATURES, SCENE_FORMAT};
    let Some(packed) = gpu() else { return };
    if !packed.adapter.features().contains(SCENE_FEATURES) {
        eprintln!("the adapter cannot draw into the packed format: nothing to compare");
        return;
    }
    let instance = wgpu::Instance::new(instance_descriptor());
    let wide = Gpu::open(instance, None, "the default", wgpu::Features::empty()).unwrap();
    let rock = RockMesh::default();
    let format = |gpu: &Gpu| {
        Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Bloom).scene_format()
    };
    assert_eq!(format(&packed), PACKED_SCENE_FORMAT);
    assert_eq!(format(&wide), SCENE_FORMAT);
    for stem in [
        "14_meltdown_run",
        "05_crystal_mine",
        "10_heart_of_the_glacier",
    ] {
        let options = ShotOptions {
            level: PathBuf::from(format!("levels/{stem}.ron")),
            frame: 150,
            inputs: Some(PathBuf::from("tests/golden/flight.inputs.ron")),
            size: (480, 270),
            glow: Some(Glow::Bloom),
        };
        let a = render_shot(&packed, &options).unwrap();
        let b = render_shot(&wide, &options).unwrap();
        let diffs: Vec<u8> = a
            .pixels
            .iter()
            .zip(&b.pixels)
            .map(|(x, y)| x.abs_diff(*y))
            .collect();
        let worst = diffs.iter().copied().max().unwrap_or(0);
        let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
        let over_two = diffs.iter().filter(|&&d| d > 2).count();
        assert!(worst <= 6, "{stem}: a channel off by {worst}");
        assert!(mean < 0.5, "{stem}: channels off by {mean:.3} on average");
        assert!(
            over_two * 500 < diffs.len(),
            "{stem}: {over_two} channels off by more than 2"
        );
        // Not the same frame by accident of a format never used: the packed one rounds.
        assert!(
            mean > 0.0,
            "{stem}: the two scenes gave the very same frame"
        );
    }
}
