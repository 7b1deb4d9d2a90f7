//! Geometry across a view's edge: fill triangles crossing it are cut to the view on the
//! CPU, and outline triangles crossing it are drawn after the rest (a software rasterizer
//! clips such batches slowly). The frame must be the one drawn with everything whole and
//! in the snapshot's order, byte for byte: a cut triangle covers the same pixel centres,
//! and outlines keep the brightest, in any order.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::app::bench::stress_snapshot;
use cavefly::render::glow::Glow;
use cavefly::render::offscreen::OFFSCREEN_FORMAT;
use cavefly::render::{FrameStats, Gpu, Offscreen, Renderer, Rgba8, RockMesh, Snapshot, View};
use glam::Vec2;

const SIZE: (u32, u32) = (480, 270);

fn view() -> View {
    View {
        center: Vec2::new(0.3, -0.2),
        // 60 pixels a metre: the debris are 18 to 48 pixels across.
        half_extent: Vec2::new(4.0, 2.25),
    }
}

/// The stress scene's first 300 debris (scattered over the whole view and across its
/// edges), its particles and beams, and a second ship half out of the view's right edge,
/// its flame and parts crossing it.
fn scene() -> Snapshot {
    let stress = stress_snapshot(0.75, Vec2::new(4.0, 2.25));
    let first: Vec<usize> = (0..300).collect();
    let mut out = crate::render_fills::rebuilt(&stress, None, &first);
    let mut edge_ship = stress.ships[0].clone();
    let at = Vec2::new(view().center.x + view().half_extent.x, 0.4);
    for part in &mut edge_ship.parts {
        part.iter_mut().for_each(|p| *p += at);
    }
    edge_ship.nozzles.iter_mut().for_each(|p| *p += at);
    edge_ship.position = at;
    edge_ship.player = 1;
    out.ships.push(edge_ship);
    out
}

fn frame(gpu: &Gpu, glow: Glow, cut: bool, snap: &Snapshot) -> (FrameStats, Rgba8) {
    let mut renderer =
        Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default(), glow);
    renderer.set_cut_to_view(cut);
    let target = Offscreen::new(gpu, SIZE.0, SIZE.1).unwrap();
    let stats = target.render(gpu, &mut renderer, &view(), snap);
    let pixels = target.capture(gpu, &mut renderer, &view(), snap).unwrap();
    (stats, pixels)
}

/// Channels that differ between two frames of the same size.
fn differing(a: &Rgba8, b: &Rgba8) -> usize {
    assert_eq!((a.width, a.height), (b.width, b.height));
    crate::common::channels_off(a, b, 0)
}

#[test]
fn geometry_cut_to_the_view_draws_the_frame_drawn_whole() {
    let Some(gpu) = crate::common::headless_gpu("frames cut to the view") else {
        return;
    };
    let snap = scene();
    // The scene does cross the edges: debris with corners both in and out of the view.
    let half = view().half_extent;
    let outside = |p: &Vec2| ((*p - view().center).abs() - half).max_element() > 0.0;
    let crossing = snap.bodies.iter().filter(|b| {
        let pts = &snap.points[b.first as usize..(b.first + b.count) as usize];
        pts.iter().any(outside) && !pts.iter().all(outside)
    });
    assert!(crossing.count() > 20);
    for glow in [Glow::Halo, Glow::Bloom] {
        let (cut_stats, cut) = frame(&gpu, glow, true, &snap);
        let (whole_stats, whole) = frame(&gpu, glow, false, &snap);
        assert!(cut_stats.crossing > 100, "{glow:?}: {cut_stats:?}");
        assert_eq!(whole_stats.crossing, 0, "{glow:?}");
        assert_eq!(
            differing(&cut, &whole),
            0,
            "{glow:?}: geometry cut to the view changed the frame"
        );
        // The comparison sees the debris that cross the edge: without them the frame
        // differs in many channels.
        let mut inner = snap.clone();
        inner.bodies.retain(|b| {
            let pts = &snap.points[b.first as usize..(b.first + b.count) as usize];
            !pts.iter().any(outside)
        });
        let (_, without) = frame(&gpu, glow, true, &inner);
        let gone = differing(&cut, &without);
        assert!(gone > 5_000, "{glow:?}: {gone} channels");
    }
}
