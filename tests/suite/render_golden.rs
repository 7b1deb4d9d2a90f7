//! Golden frames: every shipped level, flown by `tests/golden/flight.inputs.ron` for 150
//! steps (an arena by its two-player replay in `tests/replays/`, for 900) and rendered
//! offscreen, must match its reference PNG in `tests/golden/` within a
//! per-pixel tolerance. On a mismatch the actual frame and a difference image are written
//! beside the reference. `CAVEFLY_BLESS=1` rewrites the references instead (say why in the
//! commit).
//!
//! A renderer is expected here (CI installs the software Vulkan driver): without a GPU
//! adapter the test fails and says so, unless `CAVEFLY_NO_GPU=1` marks a machine known to
//! have none.

use cavefly::app::shot::{render_shot, ShotOptions};
use cavefly::render::image::{compare, distinct_colors, read_png, write_png};
use cavefly::render::Gpu;
use std::path::{Path, PathBuf};

/// Largest difference of any channel that still counts as the same pixel: rasterisers may
/// round edges and blur taps a little differently.
const CHANNEL_TOLERANCE: u8 = 8;
/// Share of pixels that may exceed the channel tolerance.
const PIXEL_SHARE: f64 = 0.002;
const FRAME: u64 = 150;
const SIZE: (u32, u32) = (480, 270);

/// The frame an arena is rendered at, of its two-player replay: both ships under way.
const ARENA_FRAME: u64 = 900;

fn ron_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the levels folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    v.sort();
    v
}

/// Each shipped level with the inputs it is flown by and the frame rendered: a campaign
/// level by the shared flight inputs, an arena by its own two-player replay.
fn levels() -> Vec<(PathBuf, PathBuf, u64)> {
    let flight = PathBuf::from("tests/golden/flight.inputs.ron");
    let mut v: Vec<(PathBuf, PathBuf, u64)> = ron_files("levels")
        .into_iter()
        .map(|l| (l, flight.clone(), FRAME))
        .collect();
    for arena in ron_files("levels/arenas") {
        let replay = Path::new("tests/replays").join(arena.file_name().unwrap());
        v.push((arena, replay, ARENA_FRAME));
    }
    v
}

fn sibling(reference: &Path, suffix: &str) -> PathBuf {
    reference.with_extension(suffix)
}

#[test]
fn every_level_renders_like_its_golden_frame() {
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) if std::env::var_os("CAVEFLY_NO_GPU").is_some() => {
            eprintln!("golden frames skipped (CAVEFLY_NO_GPU is set): {e}");
            return;
        }
        Err(e) => panic!(
            "golden frames need a GPU adapter, and none opened: {e}. Run scripts/setup (it installs the software Vulkan driver), or set CAVEFLY_NO_GPU=1 on a machine known to have none"
        ),
    };
    let bless = std::env::var_os("CAVEFLY_BLESS").is_some();
    let mut failures = Vec::new();
    let levels = levels();
    assert!(!levels.is_empty(), "no levels found");
    assert!(
        levels.len() >= 8,
        "the campaign and the three arenas: {levels:?}"
    );
    for (level, inputs, frame) in levels {
        let stem = level.file_stem().unwrap().to_string_lossy().to_string();
        let reference = Path::new("tests/golden").join(format!("{stem}.png"));
        let options = ShotOptions {
            level: level.clone(),
            frame,
            inputs: Some(inputs),
            size: SIZE,
            // The references are the full look: the HDR scene and its bloom.
            glow: Some(cavefly::render::glow::Glow::Bloom),
        };
        let actual = render_shot(&gpu, &options).unwrap_or_else(|e| panic!("{stem}: {e}"));
        // A frame of one flat colour means nothing was drawn, whatever the reference says.
        assert!(
            distinct_colors(&actual, 64) >= 64,
            "{stem}: the frame is nearly blank"
        );
        if bless {
            write_png(&reference, &actual).unwrap();
            eprintln!("blessed {}", reference.display());
            continue;
        }
        let expected = read_png(&reference).unwrap_or_else(|e| {
            panic!(
                "{e} (render the references with CAVEFLY_BLESS=1 cargo test --test suite render_golden::)"
            )
        });
        let diff = compare(&actual, &expected, CHANNEL_TOLERANCE)
            .unwrap_or_else(|e| panic!("{stem}: {e}"));
        let allowed = (PIXEL_SHARE * (SIZE.0 * SIZE.1) as f64) as usize;
        if diff.pixels_over > allowed {
            let actual_path = sibling(&reference, "actual.png");
            let diff_path = sibling(&reference, "diff.png");
            write_png(&actual_path, &actual).unwrap();
            write_png(&diff_path, &diff.image).unwrap();
            failures.push(format!(
                "{stem}: {} pixels differ by more than {CHANNEL_TOLERANCE} (at most {allowed} may; largest difference {}); see {} and {}",
                diff.pixels_over,
                diff.max_channel,
                actual_path.display(),
                diff_path.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "on {}:\n{}",
        gpu.describe(),
        failures.join("\n")
    );
}

#[test]
fn draw_calls_do_not_grow_with_bodies_or_particles() {
    use cavefly::app::bench::stress_snapshot;
    use cavefly::render::offscreen::OFFSCREEN_FORMAT;
    use cavefly::render::{Camera, Offscreen, Renderer, RockMesh, Snapshot};
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) if std::env::var_os("CAVEFLY_NO_GPU").is_some() => {
            eprintln!("draw-call count skipped (CAVEFLY_NO_GPU is set): {e}");
            return;
        }
        Err(e) => panic!("this test needs a GPU adapter, and none opened: {e}"),
    };
    let level = cavefly::level::load_level(Path::new("levels/04_first_flight.ron")).unwrap();
    let rock = RockMesh::from_level(&level);
    let target = Offscreen::new(&gpu, 320, 180).unwrap();
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &rock);
    let view = Camera::new(glam::Vec2::ZERO, rock.bounds).view(320, 180);
    let empty = target.render(&gpu, &mut renderer, &view, &Snapshot::default());
    let full = stress_snapshot(0.5, view.half_extent);
    assert!(full.bodies.len() >= 2000 && full.particles.len() >= 10_000 && !full.beams.is_empty());
    let busy = target.render(&gpu, &mut renderer, &view, &full);
    assert_eq!(busy.draw_calls, empty.draw_calls);
    assert!(empty.draw_calls > 0);
}
