//! Each world of the campaign looks like its own place: the same cave rendered as the
//! mines, the ice caverns and the reactor differs over most of the frame, the far
//! silhouettes show behind the rock and drift slower than it, and a level's static look
//! (rock, palette, silhouettes) is uploaded once, not per frame.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::level::{load_level_source, LoadedLevel, WorldKind};
use cavefly::render::offscreen::OFFSCREEN_FORMAT;
use cavefly::render::{Camera, Gpu, Offscreen, Renderer, Rgba8, RockMesh, Snapshot, View};
use glam::Vec2;
use std::path::Path;

const SIZE: (u32, u32) = (256, 144);

fn gpu() -> Option<Gpu> {
    crate::common::headless_gpu("world frames")
}

/// The training cave, moved into `world`.
fn cave_in(world: WorldKind) -> LoadedLevel {
    let path = Path::new("levels/01_training_cave.ron");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text.contains("    world: ("),
        "the cave's world section moved"
    );
    // The cave says it is in the mines, or says nothing and is there by default.
    let text = if text.contains("kind: Mines") {
        text.replacen("kind: Mines", &format!("kind: {world:?}"), 1)
    } else {
        text.replacen("    world: (", &format!("    world: (kind: {world:?}, "), 1)
    };
    let level = load_level_source(&text, path).unwrap();
    assert_eq!(level.level.world.kind, world);
    level
}

fn frame(gpu: &Gpu, renderer: &mut Renderer, view: &View) -> Rgba8 {
    let target = Offscreen::new(gpu, SIZE.0, SIZE.1).unwrap();
    target
        .capture(gpu, renderer, view, &Snapshot::default())
        .unwrap()
}

/// Share of pixels whose colours differ by more than `tolerance` in some channel.
fn differing(a: &Rgba8, b: &Rgba8, tolerance: u8) -> f64 {
    let n = a
        .pixels
        .chunks(4)
        .zip(b.pixels.chunks(4))
        .filter(|(p, q)| {
            p.iter()
                .zip(q.iter())
                .any(|(x, y)| x.abs_diff(*y) > tolerance)
        })
        .count();
    n as f64 / (a.pixels.len() / 4) as f64
}

#[test]
fn each_world_colours_the_same_cave_its_own_way() {
    let Some(gpu) = gpu() else { return };
    let mut frames = Vec::new();
    for world in WorldKind::ALL {
        let level = cave_in(world);
        let rock = RockMesh::from_level(&level);
        assert_eq!(rock.world, world);
        let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &rock);
        let view = Camera::new(Vec2::new(-20.0, -10.0), rock.bounds).view(SIZE.0, SIZE.1);
        frames.push((world, frame(&gpu, &mut renderer, &view)));
    }
    for (i, (a, fa)) in frames.iter().enumerate() {
        for (b, fb) in &frames[i + 1..] {
            // Rock, sky and silhouettes all change colour: most of the frame differs.
            let share = differing(fa, fb, 2);
            assert!(
                share > 0.5,
                "{a:?} and {b:?} differ in only {share:.3} of the frame"
            );
        }
    }
}

#[test]
fn the_far_silhouettes_show_and_drift_slower_than_the_rock() {
    let Some(gpu) = gpu() else { return };
    let level = cave_in(WorldKind::Ice);
    let rock = RockMesh::from_level(&level);
    let bare = RockMesh {
        backdrop: Default::default(),
        ..rock.clone()
    };
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &rock);
    let view = Camera::new(Vec2::new(-20.0, -10.0), rock.bounds).view(SIZE.0, SIZE.1);
    let with = frame(&gpu, &mut renderer, &view);
    renderer.set_rock(&gpu.device, &bare);
    let without = frame(&gpu, &mut renderer, &view);
    // The open cave shows the silhouettes where the bare sky was.
    let share = differing(&with, &without, 2);
    assert!(
        share > 0.05,
        "the silhouettes cover only {share:.3} of the frame"
    );
    // Moving the camera by one view width moves the rock across a whole view and every
    // far layer across half a view or less (parallax 0.5 or less, never 0: they move).
    let dx = 2.0 * view.half_extent.x;
    for v in &rock.backdrop.vertices {
        let shift = dx * (1.0 - v.parallax);
        assert!(
            shift >= 0.5 * dx - 1e-3 && shift < dx,
            "parallax {}",
            v.parallax
        );
    }
}

#[test]
fn a_levels_look_is_uploaded_once_not_per_frame() {
    let Some(gpu) = gpu() else { return };
    let rock = RockMesh::from_level(&cave_in(WorldKind::Reactor));
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &rock);
    assert_eq!(renderer.uploads(), 1);
    let target = Offscreen::new(&gpu, SIZE.0, SIZE.1).unwrap();
    for i in 0..5 {
        let view = Camera::new(Vec2::new(-30.0 + 10.0 * i as f32, -10.0), rock.bounds)
            .view(SIZE.0, SIZE.1);
        target.render(&gpu, &mut renderer, &view, &Snapshot::default());
    }
    assert_eq!(
        renderer.uploads(),
        1,
        "frames uploaded the level's look again"
    );
    // A reload into another world switches the palette.
    let ice = RockMesh::from_level(&cave_in(WorldKind::Ice));
    renderer.set_rock(&gpu.device, &ice);
    assert_eq!(renderer.uploads(), 2);
    assert_eq!(
        *renderer.palette(),
        cavefly::render::palette::Palette::of(WorldKind::Ice)
    );
    // The mesh itself: the same level gives the same vertices, bit for bit.
    let again = RockMesh::from_level(&cave_in(WorldKind::Ice));
    let bits = |r: &RockMesh| bytemuck::cast_slice::<_, u32>(&r.backdrop.vertices).to_vec();
    assert_eq!(bits(&ice), bits(&again));
}
