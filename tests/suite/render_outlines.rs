//! Bodies' glowing outlines as drawn: one fan of triangles per body, each pixel working out
//! its distance to the outline. Drawn on the GPU, a square's glow must fall off the same way
//! across each of its four sides, turn round its corners as a circle does (its light at a
//! distance from a corner what the sides' light is at that distance), run unbroken the
//! whole length of every side, and leave the body's inside, seams of the fan included, its
//! plain fill; either winding draws the same frame.
//!
//! A renderer is expected (CI installs the software Vulkan driver); `CAVEFLY_NO_GPU=1`
//! marks a machine known to have none.

use cavefly::render::offscreen::OFFSCREEN_FORMAT;
use cavefly::render::{Gpu, Offscreen, Renderer, Rgba8, RockMesh, Snapshot, View};
use glam::Vec2;

/// Frame size; the view shows 20 pixels a metre.
const SIZE: (u32, u32) = (640, 360);
/// The square's half-side, metres: 80 pixels, its sides on pixel boundaries.
const HALF: f32 = 4.0;
/// Its corners, pixels: left, top, right, bottom (exclusive).
const LEFT: i32 = 240;
const TOP: i32 = 100;
const RIGHT: i32 = 400;
const BOTTOM: i32 = 260;
const FILL: [f32; 4] = [0.12, 0.1, 0.08, 1.0];
/// A debris-like stroke, too dim for a halo.
const EDGE: [f32; 4] = [0.95, 0.6, 0.3, 0.9];

fn gpu() -> Option<Gpu> {
    crate::common::headless_gpu("outline frames")
}

fn frame(gpu: &Gpu, outline: &[Vec2]) -> Rgba8 {
    let view = View {
        center: Vec2::ZERO,
        half_extent: Vec2::new(16.0, 9.0),
    };
    let mut snap = Snapshot::default();
    snap.push_body(outline, FILL, EDGE);
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default());
    let target = Offscreen::new(gpu, SIZE.0, SIZE.1).unwrap();
    target.capture(gpu, &mut renderer, &view, &snap).unwrap()
}

fn square_ccw() -> Vec<Vec2> {
    vec![
        Vec2::new(-HALF, -HALF),
        Vec2::new(HALF, -HALF),
        Vec2::new(HALF, HALF),
        Vec2::new(-HALF, HALF),
    ]
}

/// The pixel's brightness: the mean of its red, green and blue, 0 to 255.
fn at(img: &Rgba8, x: i32, y: i32) -> f64 {
    let i = ((y as u32 * img.width + x as u32) * 4) as usize;
    img.pixels[i..i + 3].iter().map(|&c| c as f64).sum::<f64>() / 3.0
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2 - 1] + v[v.len() / 2]) / 2.0
}

/// The pixel `k` whole pixels out from (negative: in from) the middle stretch of each side,
/// at `t` along the side (0 to 1), its centre `|k + 0.5|` pixels from the side.
fn across_side(img: &Rgba8, side: usize, t: f64, k: i32) -> f64 {
    let along = |a: i32, b: i32| a + ((b - a) as f64 * t).floor() as i32;
    match side {
        0 => at(img, LEFT - 1 - k, along(TOP, BOTTOM)),
        1 => at(img, RIGHT + k, along(TOP, BOTTOM)),
        2 => at(img, along(LEFT, RIGHT), TOP - 1 - k),
        _ => at(img, along(LEFT, RIGHT), BOTTOM + k),
    }
}

/// The sides' light `k` pixels out: for each side the mean over its middle half, and the
/// median of the four (a star behind one side moves it little).
fn profile(img: &Rgba8, k: i32) -> (f64, [f64; 4]) {
    let sides = [0, 1, 2, 3].map(|s| {
        let ts = (0..80).map(|i| 0.25 + 0.5 * i as f64 / 80.0);
        ts.map(|t| across_side(img, s, t, k)).sum::<f64>() / 80.0
    });
    (median(sides.to_vec()), sides)
}

#[test]
fn a_squares_glow_falls_off_alike_across_every_side_and_round_every_corner() {
    let Some(gpu) = gpu() else { return };
    let img = frame(&gpu, &square_ccw());
    // Out from the sides: the same on all four, brightest at the outline, fading to the sky
    // (which grows lighter up the frame) within the glow's reach.
    let outside: Vec<f64> = (0..12).map(|k| profile(&img, k).0).collect();
    let skies = profile(&img, 11).1;
    for k in 0..12 {
        let (m, sides) = profile(&img, k);
        for (s, sky) in sides.into_iter().zip(skies) {
            if k <= 2 {
                assert!((s - m).abs() < 2.0, "{k} px out: sides {sides:?}");
            } else {
                // Core 0.9 px, glow 2.5 px: 3.5 px out nothing much is left.
                assert!(
                    (s - sky).abs() < 3.0,
                    "{k} px out: sides {sides:?}, skies {skies:?}"
                );
            }
        }
    }
    assert!(outside[0] - outside[11] > 80.0, "no stroke: {outside:?}");
    assert!(outside[2] - outside[11] > 20.0, "no glow: {outside:?}");
    for k in 1..=3 {
        assert!(outside[k] < outside[k - 1] - 10.0, "{outside:?}");
    }
    // Round the corners: the pixel j steps out along a corner's diagonal lies √2 (j + ½)
    // pixels from the corner, and shows what the sides show at that distance — not what
    // they show j + ½ pixels out, as a square end would.
    let side_at = |d: f64| {
        let x = (d - 0.5).clamp(0.0, 10.0);
        let k = x.floor() as usize;
        outside[k] + (outside[k + 1] - outside[k]) * (x - k as f64)
    };
    for j in 0..4 {
        let corners = vec![
            at(&img, LEFT - 1 - j, TOP - 1 - j),
            at(&img, RIGHT + j, TOP - 1 - j),
            at(&img, LEFT - 1 - j, BOTTOM + j),
            at(&img, RIGHT + j, BOTTOM + j),
        ];
        let d = std::f64::consts::SQRT_2 * (j as f64 + 0.5);
        let (got, want) = (median(corners.clone()), side_at(d));
        let square = outside[j as usize];
        assert!(
            (got - want).abs() < 15.0,
            "{j} steps out of the corners ({d:.2} px): {corners:?} against {want:.1}"
        );
        if (1..=2).contains(&j) {
            assert!(
                got < square - 25.0,
                "{j} steps out of the corners: {got:.1}, as bright as a square end ({square:.1})"
            );
        }
    }
}

#[test]
fn every_side_glows_its_whole_length_and_the_inside_is_its_plain_fill() {
    let Some(gpu) = gpu() else { return };
    let img = frame(&gpu, &square_ccw());
    // Along every side, just outside it and just inside it, corner to corner: no pixel
    // darker than the side's middle (a gap between the fan's triangles would be).
    for k in [0, -1] {
        let (middle, _) = profile(&img, k);
        for side in 0..4 {
            for i in 0..160 {
                let v = across_side(&img, side, i as f64 / 160.0, k);
                assert!(
                    v > middle - 3.0,
                    "side {side}, {i} px along, {k}: {v} vs {middle}"
                );
            }
        }
    }
    // Deep inside (more than 6 px from every side), along the fan's seams from the centre
    // to each corner and everywhere else: the fill, one colour.
    let fill = at(&img, 320, 180);
    for y in TOP + 6..BOTTOM - 6 {
        for x in LEFT + 6..RIGHT - 6 {
            let v = at(&img, x, y);
            assert!(
                (v - fill).abs() <= 1.0,
                "({x}, {y}): {v} inside a fill of {fill}"
            );
        }
    }
    // The fill is what was asked for, darker than the stroke by far.
    assert!(fill < 0.5 * profile(&img, 0).0, "{fill}");
}

#[test]
fn either_winding_draws_the_same_frame() {
    let Some(gpu) = gpu() else { return };
    let ccw = square_ccw();
    let cw: Vec<Vec2> = ccw.iter().rev().copied().collect();
    let (a, b) = (frame(&gpu, &ccw), frame(&gpu, &cw));
    let off = crate::common::channels_off(&a, &b, 1);
    assert_eq!(off, 0, "{off} channels differ");
}
