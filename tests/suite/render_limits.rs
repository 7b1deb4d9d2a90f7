//! A frame holding more than the device's largest buffer is drawn as far as the buffer
//! reaches, never refused with a crash: a level of 80,000 debris in view once killed the
//! game asking for a 512 MiB outline buffer. On a device allowing 256 KiB a buffer, a grid
//! of octagons whose outlines need more is drawn with every fill and with the outlines of
//! the bodies that fit, in list order, and no others.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::render::offscreen::OFFSCREEN_FORMAT;
use cavefly::render::{Gpu, Offscreen, Renderer, Rgba8, RockMesh, Snapshot, View};
use glam::Vec2;

/// The most bytes one buffer may hold on the test's device.
const CAP: u64 = 256 * 1024;
/// Frame size, pixels (its read-back fits in one buffer); 10 pixels a metre.
const SIZE: (u32, u32) = (250, 140);
/// The grid: columns and rows of bodies, 12 pixels apart.
const COLS: u32 = 20;
const ROWS: u32 = 11;
/// Each body's corner radius, metres.
const RADIUS: f32 = 0.35;
/// Corners of each body.
const SIDES: usize = 8;
/// Bytes of one outline triangle: three corners of 64 bytes (`OutlineVertex`).
const OUTLINE_TRIANGLE: u64 = 3 * 64;
const FILL: [f32; 4] = [0.1, 0.3, 0.6, 1.0];
const EDGE: [f32; 4] = [0.95, 0.6, 0.3, 0.9];

/// A device from the first adapter that allows no buffer over [`CAP`].
fn capped_gpu() -> Option<Gpu> {
    let full = crate::common::headless_gpu("capped buffers")?;
    let own = full.adapter.limits();
    let mut limits = wgpu::Limits::downlevel_webgl2_defaults().using_resolution(own.clone());
    limits.max_buffer_size = CAP;
    limits.max_storage_buffers_per_shader_stage = own.max_storage_buffers_per_shader_stage.min(4);
    limits.max_storage_buffer_binding_size = own.max_storage_buffer_binding_size.min(CAP);
    let (device, queue) =
        pollster::block_on(full.adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("capped"),
            required_limits: limits,
            ..Default::default()
        }))
        .expect("a device with smaller limits than the adapter's");
    Some(Gpu {
        device,
        queue,
        ..full
    })
}

/// Body `i`'s centre, metres (row by row from the top left; the view is centred on 0): at
/// a pixel's centre, so that the points sampled lie at pixels' centres too.
fn centre(i: u32) -> Vec2 {
    let (col, row) = (i % COLS, i / COLS);
    Vec2::new(-11.35 + 1.2 * col as f32, 5.95 - 1.2 * row as f32)
}

fn scene() -> Snapshot {
    let mut snap = Snapshot::default();
    for i in 0..COLS * ROWS {
        let c = centre(i);
        let outline: Vec<Vec2> = (0..SIDES)
            .map(|k| {
                let a = std::f32::consts::TAU * (k as f32 + 0.5) / SIDES as f32;
                c + Vec2::new(a.cos(), a.sin()) * RADIUS
            })
            .collect();
        snap.push_body(&outline, FILL, EDGE);
    }
    snap
}

/// The pixel at world point `p`: its red, green and blue.
fn at(img: &Rgba8, p: Vec2) -> [u8; 3] {
    let x = (p.x * 10.0 + SIZE.0 as f32 / 2.0).floor() as u32;
    let y = (SIZE.1 as f32 / 2.0 - p.y * 10.0).floor() as u32;
    let i = ((y * img.width + x) * 4) as usize;
    [img.pixels[i], img.pixels[i + 1], img.pixels[i + 2]]
}

#[test]
fn a_frame_larger_than_the_devices_buffers_draws_what_fits_in_list_order() {
    let Some(gpu) = capped_gpu() else {
        return;
    };
    let snap = scene();
    let whole_outlines = SIDES as u64 * OUTLINE_TRIANGLE * (COLS * ROWS) as u64;
    assert!(whole_outlines > CAP, "the scene must overflow the cap");
    let view = View {
        center: Vec2::ZERO,
        half_extent: Vec2::new(12.5, 7.0),
    };
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default());
    let target = Offscreen::new(&gpu, SIZE.0, SIZE.1).unwrap();
    let img = target.capture(&gpu, &mut renderer, &view, &snap).unwrap();
    // Whole bodies' outlines that fit; the next one is cut part-way.
    let outlined = (CAP / (SIDES as u64 * OUTLINE_TRIANGLE)) as u32;
    assert!(outlined > 0 && outlined + 1 < COLS * ROWS);
    for i in 0..COLS * ROWS {
        let c = centre(i);
        // The centre: the body's own fill, blue, for every body (the fills all fit).
        let [r, g, b] = at(&img, c);
        assert!(
            b > r && b > 60,
            "body {i}'s fill at its centre: {:?}",
            [r, g, b]
        );
        // On the outline, midway along its right-hand edge: the orange stroke's core where
        // it was drawn, the fill's blue or the dark sky beside it where not.
        let edge = c + Vec2::X * RADIUS * (std::f32::consts::PI / SIDES as f32).cos();
        let [r, g, b] = at(&img, edge);
        if i < outlined {
            assert!(r > 200 && r > b, "body {i} is outlined: {:?}", [r, g, b]);
        } else if i > outlined {
            assert!(r < 120, "body {i} is past the cut: {:?}", [r, g, b]);
        }
    }
}
