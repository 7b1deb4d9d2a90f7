//! Split-screen frames: two players in one window, each half with its own camera. A
//! two-player flight of the training cave (a second start added beside the first) is
//! rendered offscreen split side by side and top and bottom, and each must match its
//! reference PNG in `tests/golden/` within a per-pixel tolerance; `CAVEFLY_BLESS=1`
//! rewrites the references (say why in the commit). Also pinned here: each view's draw
//! calls stay the same however many bodies it shows, and frames of every awkward size
//! render without error.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::app::shot::SplitReplay;
use cavefly::game::Actions;
use cavefly::level::{load_level_source, LoadedLevel};
use cavefly::render::image::{compare, distinct_colors, read_png, write_png};
use cavefly::render::layout::split_views;
use cavefly::render::Rgba8;
use cavefly::render::{Gpu, RockMesh};
use std::path::Path;

const CHANNEL_TOLERANCE: u8 = 8;
const PIXEL_SHARE: f64 = 0.002;
const FRAMES: u64 = 150;

fn gpu() -> Option<Gpu> {
    crate::common::headless_gpu("split-screen frames")
}

/// The training cave with a second start on the midway pad, 31 m right of the first.
fn two_player_cave() -> LoadedLevel {
    let path = Path::new("levels/01_training_cave.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let one = "player_start: (position: (-31.0, -17.1), angle: 0.0),";
    assert!(
        text.contains(one),
        "the cave's start moved: update this test"
    );
    let two = "player_starts: [(position: (-31.0, -17.1), angle: 0.0), (position: (0.0, -17.1), angle: 0.0)],";
    load_level_source(&text.replace(one, two), path).unwrap()
}

/// Player 1 climbs and turns left; player 2 climbs, turns right and fires.
fn flight(step: u64) -> Vec<Actions> {
    let climbing = step < 90;
    vec![
        Actions {
            thrust: climbing,
            left: (40..70).contains(&step),
            ..Actions::default()
        },
        Actions {
            thrust: climbing,
            right: (30..50).contains(&step),
            fire: step > 100,
            ..Actions::default()
        },
    ]
}

fn check(name: &str, actual: &Rgba8) -> Option<String> {
    let reference = Path::new("tests/golden").join(format!("{name}.png"));
    if std::env::var_os("CAVEFLY_BLESS").is_some() {
        write_png(&reference, actual).unwrap();
        eprintln!("blessed {}", reference.display());
        return None;
    }
    let expected = read_png(&reference).unwrap_or_else(|e| {
        panic!("{e} (render the references with CAVEFLY_BLESS=1 cargo test --test suite render_split::)")
    });
    let diff = compare(actual, &expected, CHANNEL_TOLERANCE).unwrap_or_else(|e| panic!("{e}"));
    let allowed = (PIXEL_SHARE * (actual.width * actual.height) as f64) as usize;
    (diff.pixels_over > allowed).then(|| {
        let actual_path = reference.with_extension("actual.png");
        let diff_path = reference.with_extension("diff.png");
        write_png(&actual_path, actual).unwrap();
        write_png(&diff_path, &diff.image).unwrap();
        format!(
            "{name}: {} pixels differ by more than {CHANNEL_TOLERANCE} (at most {allowed} may); see {} and {}",
            diff.pixels_over,
            actual_path.display(),
            diff_path.display()
        )
    })
}

/// Mean brightness of the pixels in columns `x0..x1`, rows `y0..y1`.
fn brightness(img: &Rgba8, (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> f64 {
    let mut sum = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            let i = 4 * (y * img.width + x) as usize;
            sum += img.pixels[i..i + 3].iter().map(|&c| c as u64).sum::<u64>();
        }
    }
    sum as f64 / ((x1 - x0) * (y1 - y0) * 3).max(1) as f64
}

#[test]
fn a_two_player_frame_renders_like_its_golden_frames() {
    let Some(gpu) = gpu() else { return };
    let level = two_player_cave();
    let rock = RockMesh::from_level(&level);
    let replay = SplitReplay::run(&level, &rock, 2, FRAMES, flight).unwrap();
    let cams = replay.cameras.cameras();
    assert!(
        (cams[0].center - cams[1].center).length() > 10.0,
        "each view follows its own ship: {:?} and {:?}",
        cams[0].center,
        cams[1].center
    );
    let mut failures = Vec::new();
    for (name, size) in [
        ("split_side_by_side", (480, 270)),
        ("split_stacked", (270, 480)),
    ] {
        let frame = replay.render(&gpu, &rock, size).unwrap();
        assert!(distinct_colors(&frame, 64) >= 64, "{name}: nearly blank");
        // The divider between the views is left dark, and both views have content.
        let r = split_views(size.0, size.1, 2);
        let (divider, a, b) = if size.0 >= size.1 {
            let gap = (r[0].width, r[1].x);
            (
                brightness(&frame, gap, (0, size.1)),
                brightness(&frame, (0, r[0].width), (0, size.1)),
                brightness(&frame, (r[1].x, size.0), (0, size.1)),
            )
        } else {
            let gap = (r[0].height, r[1].y);
            (
                brightness(&frame, (0, size.0), gap),
                brightness(&frame, (0, size.0), (0, r[0].height)),
                brightness(&frame, (0, size.0), (r[1].y, size.1)),
            )
        };
        assert!(
            a > divider + 2.0 && b > divider + 2.0,
            "{name}: views {a:.1} and {b:.1}, divider {divider:.1}"
        );
        failures.extend(check(name, &frame));
    }
    assert!(
        failures.is_empty(),
        "on {}:\n{}",
        gpu.describe(),
        failures.join("\n")
    );
}

#[test]
fn each_views_draw_calls_do_not_grow_with_bodies_or_particles() {
    use cavefly::app::bench::stress_snapshot;
    use cavefly::render::offscreen::OFFSCREEN_FORMAT;
    use cavefly::render::{Camera, Offscreen, Renderer, Snapshot, ViewPass};
    let Some(gpu) = gpu() else { return };
    let level = two_player_cave();
    let rock = RockMesh::from_level(&level);
    let (w, h) = (320, 180);
    let target = Offscreen::new(&gpu, w, h).unwrap();
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &rock);
    let mut draws = |views: usize, snap: &Snapshot| {
        let passes: Vec<ViewPass> = split_views(w, h, views)
            .into_iter()
            .map(|rect| ViewPass {
                rect,
                view: Camera::new(glam::Vec2::ZERO, rock.bounds).view(rect.width, rect.height),
                snap,
            })
            .collect();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let stats = renderer.render_views(
            &gpu.device,
            &gpu.queue,
            &mut encoder,
            target.output(),
            &passes,
        );
        gpu.queue.submit([encoder.finish()]);
        stats.draw_calls
    };
    let full = stress_snapshot(0.5, glam::Vec2::new(20.0, 12.0));
    let (one_empty, one_busy) = (draws(1, &Snapshot::default()), draws(1, &full));
    let (two_empty, two_busy) = (draws(2, &Snapshot::default()), draws(2, &full));
    assert_eq!(one_busy, one_empty);
    assert_eq!(two_busy, two_empty);
    // A second view adds one scene pass's draws and one composite of the glow into its own
    // rectangle (so no view's glow spills over the divider); the glow is blurred once.
    let per_view = two_empty - one_empty;
    // Sky, stars, far silhouettes, rock fill, rock outline, body fills (opaque, then the
    // rest), body outlines, lines, particles, and its composite: eleven per view since the
    // opaque fills were drawn unblended (ten before, nine before bodies' outlines were
    // drawn apart from the other lines).
    assert_eq!(per_view, 11);
    assert!(
        per_view > 0 && per_view < one_empty,
        "{one_empty} then {two_empty}"
    );
    assert_eq!(draws(4, &full), one_empty + 3 * per_view);
}

#[test]
fn frames_of_every_size_render() {
    let Some(gpu) = gpu() else { return };
    let level = two_player_cave();
    let rock = RockMesh::from_level(&level);
    let replay = SplitReplay::run(&level, &rock, 2, 10, flight).unwrap();
    for size in [
        (1, 1),
        (1, 200),
        (400, 1),
        (2, 2),
        (7, 3),
        (4096, 8),
        (3, 900),
    ] {
        let frame = replay
            .render(&gpu, &rock, size)
            .unwrap_or_else(|e| panic!("{size:?}: {e}"));
        assert_eq!((frame.width, frame.height), size);
    }
}
