//! Bodies' fills as drawn: the opaque triangles that lead the fill list are drawn without
//! blending, and from the first triangle that lets light through on, the rest are blended
//! in their order. Covering what lies under them, the unblended triangles must give every
//! pixel the blend would have: the stress scene (overlapping debris, the ship and its flame,
//! particles and beams) drawn both ways must be the same frame, byte for byte, with either
//! glow.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::app::bench::stress_snapshot;
use cavefly::render::glow::Glow;
use cavefly::render::offscreen::OFFSCREEN_FORMAT;
use cavefly::render::{Gpu, Offscreen, Renderer, Rgba8, RockMesh, Snapshot, View};
use glam::Vec2;

const SIZE: (u32, u32) = (480, 270);

fn gpu() -> Option<Gpu> {
    crate::common::headless_gpu("fill frames")
}

fn view() -> View {
    View {
        center: Vec2::ZERO,
        // Close enough that the ship (a metre long) and its flame are more than their
        // glow: 60 pixels a metre.
        half_extent: Vec2::new(4.0, 2.25),
    }
}

fn frame(gpu: &Gpu, glow: Glow, snap: &Snapshot) -> Rgba8 {
    let mut renderer =
        Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default(), glow);
    let target = Offscreen::new(gpu, SIZE.0, SIZE.1).unwrap();
    target.capture(gpu, &mut renderer, &view(), snap).unwrap()
}

/// `snap`'s bodies in `order`, after `lead` (outline, fill, edge) when there is one; the
/// ships, beams and particles as they were.
pub(crate) fn rebuilt(
    snap: &Snapshot,
    lead: Option<(&[Vec2], [f32; 4], [f32; 4])>,
    order: &[usize],
) -> Snapshot {
    let mut out = Snapshot {
        time: snap.time,
        ships: snap.ships.clone(),
        beams: snap.beams.clone(),
        particles: snap.particles.clone(),
        ..Snapshot::default()
    };
    if let Some((outline, fill, edge)) = lead {
        out.push_body(outline, fill, edge);
    }
    for &i in order {
        let b = &snap.bodies[i];
        let pts = &snap.points[b.first as usize..(b.first + b.count) as usize];
        out.push_body(pts, b.fill, b.edge);
    }
    out
}

/// Channels that differ between two frames of the same size.
fn differing(a: &Rgba8, b: &Rgba8) -> usize {
    assert_eq!((a.width, a.height), (b.width, b.height));
    crate::common::channels_off(a, b, 0)
}

#[test]
fn opaque_fills_drawn_unblended_give_the_blended_frame_byte_for_byte() {
    let Some(gpu) = gpu() else { return };
    let stress = stress_snapshot(0.75, view().half_extent);
    // Fewer of them, in this closer view: 2,000 would leave no pixel outside some
    // body's glow, which outshines every fill.
    let n = 150;
    let forward: Vec<usize> = (0..n).collect();
    let backward: Vec<usize> = (0..n).rev().collect();
    // A debris body led by one that lets through the least light an `f32` alpha can: it
    // looks the same as the opaque one, but from it on every fill is blended, as all were
    // before.
    let shard = [
        Vec2::new(-2.0, -1.0),
        Vec2::new(1.5, -1.5),
        Vec2::new(0.5, 1.8),
    ];
    let edge = [0.95, 0.6, 0.3, 0.9];
    let clear = 1.0 - f32::EPSILON;
    let opaque = Some((&shard[..], [0.12, 0.1, 0.08, 1.0], edge));
    let seen_through = Some((&shard[..], [0.12, 0.1, 0.08, clear], edge));
    for glow in [Glow::Halo, Glow::Bloom] {
        let unblended = frame(&gpu, glow, &rebuilt(&stress, opaque, &forward));
        let blended = frame(&gpu, glow, &rebuilt(&stress, seen_through, &forward));
        assert_eq!(
            differing(&unblended, &blended),
            0,
            "{glow:?}: the opaque fills drawn unblended changed the frame"
        );
        // The debris overlap, so the order they are drawn in shows: the comparison above
        // would have seen opaque fills drawn out of order.
        let reversed = frame(&gpu, glow, &rebuilt(&stress, opaque, &backward));
        let changed = differing(&unblended, &reversed);
        assert!(
            changed > 10_000,
            "{glow:?}: reversing the debris changed only {changed} channels"
        );
    }
}
