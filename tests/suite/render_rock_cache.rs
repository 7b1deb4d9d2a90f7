//! The rock drawn from each view's cache of shaded rock (the halo path, chosen for software
//! rasterizers) against the rock shaded live: where the view's pixels fall on the centres of
//! the world's pixel lattice the two are the same frame; as the camera moves only what it
//! uncovers is shaded again, and the frame is the one a freshly filled cache draws, moves,
//! zooms, resizes, level changes and shared windows included.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::render::glow::Glow;
use cavefly::render::offscreen::OFFSCREEN_FORMAT;
use cavefly::render::ViewRect;
use cavefly::render::{Gpu, Offscreen, Renderer, Rgba8, RockMesh, Snapshot, View, ViewPass};
use glam::Vec2;
use std::path::Path;

fn gpu() -> Option<Gpu> {
    crate::common::headless_gpu("rock cache frames")
}

/// A shipped level's rock and the frame 150 steps into its test flight, and the camera's
/// view then for a target of `size`.
fn scene(stem: &str, size: (u32, u32)) -> (RockMesh, Snapshot, View) {
    let level = cavefly::level::load_level(Path::new(&format!("levels/{stem}.ron"))).unwrap();
    let rock = RockMesh::from_level(&level);
    let script =
        cavefly::game::InputScript::load(Path::new("tests/golden/flight.inputs.ron")).unwrap();
    let replay = cavefly::app::shot::Replay::run(&level, &rock, 150, Some(&script)).unwrap();
    let snap = Snapshot::capture(&replay.sim, 1.0, &replay.effects);
    (rock, snap, replay.camera.view(size.0, size.1))
}

/// `view` moved by `(dx, dy)` pixels of a target `height` pixels high.
fn moved(view: View, height: u32, (dx, dy): (f32, f32)) -> View {
    let ppm = height as f32 / (2.0 * view.half_extent.y);
    View {
        center: view.center + Vec2::new(dx, dy) / ppm,
        ..view
    }
}

/// How many channel values differ, and by how much at most.
fn differences(a: &Rgba8, b: &Rgba8) -> (usize, u8) {
    assert_eq!((a.width, a.height), (b.width, b.height));
    a.pixels
        .iter()
        .zip(&b.pixels)
        .filter(|(x, y)| x != y)
        .fold((0, 0), |(n, worst), (x, y)| {
            (n + 1, worst.max(x.abs_diff(*y)))
        })
}

#[test]
fn on_the_lattice_the_cached_rock_is_the_live_rock() {
    let Some(gpu) = gpu() else { return };
    let size = (480, 270);
    for stem in ["11_reactor", "14_meltdown_run", "05_crystal_mine"] {
        let (rock, snap, view) = scene(stem, size);
        // The camera put where each pixel's centre is a cell's centre.
        let ppm = size.1 as f64 / (2.0 * view.half_extent.y as f64);
        let snap_to = |x: f32, half: f32| {
            let edge = ((x as f64 - half as f64) * ppm).round() / ppm;
            (edge + half as f64) as f32
        };
        let view = View {
            center: Vec2::new(
                snap_to(view.center.x, view.half_extent.x),
                snap_to(view.center.y, -view.half_extent.y),
            ),
            ..view
        };
        let target = Offscreen::new(&gpu, size.0, size.1).unwrap();
        let mut r = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Halo);
        assert!(r.rock_cache(), "the halo caches the rock by default");
        let cached = target.capture(&gpu, &mut r, &view, &snap).unwrap();
        r.set_rock_cache(false);
        assert!(!r.rock_cache());
        let live = target.capture(&gpu, &mut r, &view, &snap).unwrap();
        let (n, worst) = differences(&cached, &live);
        // The two shade the same world points, reached by different arithmetic (a cell's
        // index against interpolated vertices): at most a step of rounding, here and there.
        assert!(
            worst <= 2 && n < cached.pixels.len() / 50,
            "{stem}: {n} channel values differ, by up to {worst}"
        );
        // Off the lattice the pattern is at most half a pixel from the live one: close on
        // average, though the fine grain differs pixel by pixel.
        let off = moved(view, size.1, (0.37, -0.41));
        r.set_rock_cache(true);
        let cached = target.capture(&gpu, &mut r, &off, &snap).unwrap();
        r.set_rock_cache(false);
        let live = target.capture(&gpu, &mut r, &off, &snap).unwrap();
        let total: u64 = cached
            .pixels
            .iter()
            .zip(&live.pixels)
            .map(|(a, b)| a.abs_diff(*b) as u64)
            .sum();
        let mean = total as f64 / cached.pixels.len() as f64;
        assert!(
            mean < 2.0,
            "{stem}: off the lattice, mean difference {mean:.2}"
        );
    }
}

#[test]
fn a_moving_camera_shades_only_what_it_uncovers_and_draws_a_fresh_caches_frame() {
    let Some(gpu) = gpu() else { return };
    let (w, h) = (320, 180);
    let (rock, snap, start) = scene("11_reactor", (w, h));
    let target = Offscreen::new(&gpu, w, h).unwrap();
    let mut kept = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Halo);
    let mut fresh = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Halo);
    let first = target.render(&gpu, &mut kept, &start, &snap);
    assert_eq!(
        first.rock_cells_shaded,
        u64::from(w * h),
        "the first frame fills it"
    );
    // Moves in pixels, with the cells each must shade at most (whole columns and rows
    // uncovered; a fraction of a pixel may round either way).
    let moves: [((f32, f32), u64); 9] = [
        ((0.2, 0.1), u64::from(w + h)),
        ((3.4, 0.0), 4 * u64::from(h)),
        ((0.0, -7.6), 8 * u64::from(w)),
        ((-12.0, 5.0), 13 * u64::from(h) + 6 * u64::from(w)),
        ((150.0, -80.0), 151 * u64::from(h) + 81 * u64::from(w)),
        // Past the cache's width: shaded whole.
        ((-400.0, 3.0), u64::from(w * h)),
        ((1.0, 179.0), u64::from(w * h)),
        ((0.0, 0.0), 0),
        ((-0.9, 0.9), u64::from(w + h)),
    ];
    let mut view = start;
    for (step, &(by, most)) in moves.iter().enumerate() {
        view = moved(view, h, by);
        let stats = target.render(&gpu, &mut kept, &view, &snap);
        assert!(
            stats.rock_cells_shaded <= most,
            "move {step} {by:?}: {} cells shaded, at most {most}",
            stats.rock_cells_shaded
        );
        // Drawn again at once, nothing is left to shade.
        let img = target.capture(&gpu, &mut kept, &view, &snap).unwrap();
        fresh.set_rock_cache(true);
        let whole = target.capture(&gpu, &mut fresh, &view, &snap).unwrap();
        let (n, worst) = differences(&img, &whole);
        assert_eq!(
            (n, worst),
            (0, 0),
            "move {step} {by:?} differs from a fresh cache"
        );
    }
    assert_eq!(
        target
            .render(&gpu, &mut kept, &view, &snap)
            .rock_cells_shaded,
        0
    );
    // A new zoom shades it whole and still draws the fresh frame.
    let zoomed = View {
        half_extent: view.half_extent * 1.2,
        ..view
    };
    let stats = target.render(&gpu, &mut kept, &zoomed, &snap);
    assert_eq!(stats.rock_cells_shaded, u64::from(w * h));
    fresh.set_rock_cache(true);
    assert_eq!(
        differences(
            &target.capture(&gpu, &mut kept, &zoomed, &snap).unwrap(),
            &target.capture(&gpu, &mut fresh, &zoomed, &snap).unwrap()
        ),
        (0, 0)
    );
    // A new level's rock is shaded anew, not read from the old level's cells.
    let (other, _, _) = scene("14_meltdown_run", (w, h));
    kept.set_rock(&gpu.device, &other);
    let changed = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &other, Glow::Halo);
    let mut changed = changed;
    assert_eq!(
        differences(
            &target.capture(&gpu, &mut kept, &zoomed, &snap).unwrap(),
            &target.capture(&gpu, &mut changed, &zoomed, &snap).unwrap()
        ),
        (0, 0),
        "after a level change"
    );
    // A larger target: a new cache, filled whole.
    let big = Offscreen::new(&gpu, 400, 240).unwrap();
    let stats = big.render(&gpu, &mut kept, &zoomed, &snap);
    assert_eq!(stats.rock_cells_shaded, 400 * 240);
}

#[test]
fn views_sharing_a_window_keep_a_cache_each() {
    let Some(gpu) = gpu() else { return };
    let (w, h) = (480, 180);
    let (rock, snap, view) = scene("11_reactor", (w / 2, h));
    let target = Offscreen::new(&gpu, w, h).unwrap();
    let left = ViewRect {
        x: 0,
        y: 0,
        width: w / 2,
        height: h,
    };
    let right = ViewRect { x: w / 2, ..left };
    let pair = |a: View, b: View| {
        [
            ViewPass {
                rect: left,
                view: a,
                snap: &snap,
            },
            ViewPass {
                rect: right,
                view: b,
                snap: &snap,
            },
        ]
    };
    let mut kept = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Halo);
    let mut fresh = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Halo);
    let other = moved(view, h, (90.0, 40.0));
    target
        .capture_views(&gpu, &mut kept, &pair(view, other))
        .unwrap();
    // Each view moves its own way; neither reads the other's cells.
    let (a, b) = (moved(view, h, (-6.0, 2.0)), moved(other, h, (11.0, -9.0)));
    let img = target.capture_views(&gpu, &mut kept, &pair(a, b)).unwrap();
    let whole = target.capture_views(&gpu, &mut fresh, &pair(a, b)).unwrap();
    assert_eq!(differences(&img, &whole), (0, 0));
}

/// A frame whose one view fills the target is not cleared first (its sky and rock cover
/// every pixel): drawn over another level's frame it must be exactly the frame drawn into
/// a fresh target, on both glow paths, with the view inside the air's frame and reaching
/// past it (where the sky is one full-screen triangle).
#[test]
fn a_frame_drawn_over_another_is_the_frame_drawn_fresh() {
    let Some(gpu) = gpu() else { return };
    let size = (320, 180);
    let (other_rock, other_snap, other_view) = scene("05_crystal_mine", size);
    for glow in [Glow::Halo, Glow::Bloom] {
        for stem in [
            "14_meltdown_run",
            "04_first_flight",
            "10_heart_of_the_glacier",
        ] {
            let (rock, snap, view) = scene(stem, size);
            // Far out, the view reaches past the air's triangles.
            let outside = View {
                center: view.center + Vec2::new(4000.0, 0.0),
                ..view
            };
            for v in [view, outside] {
                let fresh_target = Offscreen::new(&gpu, size.0, size.1).unwrap();
                let mut r = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, glow);
                let fresh = fresh_target.capture(&gpu, &mut r, &v, &snap).unwrap();
                let target = Offscreen::new(&gpu, size.0, size.1).unwrap();
                let mut o = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &other_rock, glow);
                target
                    .capture(&gpu, &mut o, &other_view, &other_snap)
                    .unwrap();
                let mut r = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, glow);
                let over = target.capture(&gpu, &mut r, &v, &snap).unwrap();
                assert_eq!(
                    differences(&fresh, &over),
                    (0, 0),
                    "{stem} ({glow:?}, view at {:?}): pixels left from the last frame",
                    v.center
                );
            }
        }
    }
}

/// Where the output offers a view without its sRGB encoding, the rock's fill copies the
/// cache's bytes through it in a pass of its own; without one, the fill decodes each texel
/// and the target encodes it again. Both must give the same frame, byte for byte: one view
/// and two sharing the target, as the camera moves (the caches refilled in strips) and when
/// the same renderer goes from one kind of output to the other.
#[test]
fn the_copied_rock_is_the_decoded_rock_byte_for_byte() {
    let Some(gpu) = gpu() else { return };
    let (w, h) = (480, 270);
    let copying = Offscreen::new(&gpu, w, h).unwrap();
    assert_eq!(
        copying.has_raw_view(),
        gpu.texture_view_formats(),
        "an sRGB offscreen target has its raw view wherever the adapter allows one"
    );
    if !copying.has_raw_view() {
        eprintln!("the adapter allows no second view of a texture: nothing to compare");
        return;
    }
    let mut decoding = Offscreen::new(&gpu, w, h).unwrap();
    decoding.drop_raw_view();
    for stem in ["14_meltdown_run", "05_crystal_mine"] {
        let (rock, snap, start) = scene(stem, (w, h));
        let mut a = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Halo);
        let mut b = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, Glow::Halo);
        let mut view = start;
        for by in [(0.0, 0.0), (3.4, -1.2), (-40.0, 17.0), (0.6, 0.3)] {
            view = moved(view, h, by);
            let copied = copying.capture(&gpu, &mut a, &view, &snap).unwrap();
            let decoded = decoding.capture(&gpu, &mut b, &view, &snap).unwrap();
            assert_eq!(differences(&copied, &decoded), (0, 0), "{stem} at {by:?}");
        }
        // The renderer that copied now draws into the target without the raw view, and
        // back: each time its caches are remade for the other fill, and the frame holds.
        let decoded = decoding.capture(&gpu, &mut b, &view, &snap).unwrap();
        for target in [&decoding, &copying] {
            let frame = target.capture(&gpu, &mut a, &view, &snap).unwrap();
            assert_eq!(differences(&frame, &decoded), (0, 0), "{stem}, switched");
        }
        // Two views sharing the target, each with its own cache.
        let half = ViewRect {
            x: 0,
            y: 0,
            width: w / 2,
            height: h,
        };
        let views = [
            ViewPass {
                rect: half,
                view: moved(start, h, (-30.0, 5.0)),
                snap: &snap,
            },
            ViewPass {
                rect: ViewRect { x: w / 2, ..half },
                view: moved(start, h, (55.0, -12.0)),
                snap: &snap,
            },
        ];
        let copied = copying.capture_views(&gpu, &mut a, &views).unwrap();
        let decoded = decoding.capture_views(&gpu, &mut b, &views).unwrap();
        assert_eq!(differences(&copied, &decoded), (0, 0), "{stem}, two views");
    }
}
