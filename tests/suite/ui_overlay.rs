//! The egui layer drawn offscreen over a rendered frame: the HUD's meters appear over the
//! scene, and the share of their bright green fill follows the fuel the HUD is given.
//!
//! Needs a GPU adapter like the golden frames (the software Vulkan driver will do);
//! `CAVEFLY_NO_GPU=1` skips it on a machine known to have none.

use cavefly::game::Hud;
use cavefly::render::offscreen::{Rgba8, OFFSCREEN_FORMAT};
use cavefly::render::{Camera, Gpu, Offscreen, Renderer, RockMesh, Snapshot};
use cavefly::ui::{hud, theme, UiPainter};

const SIZE: (u32, u32) = (480, 270);

/// Renders an empty scene and, when `hud` is given, the HUD over it.
fn frame(gpu: &Gpu, hud: Option<&Hud>) -> Rgba8 {
    let (w, h) = SIZE;
    let target = Offscreen::new(gpu, w, h).unwrap();
    let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, &RockMesh::default());
    let mut painter = UiPainter::new(&gpu.device, OFFSCREEN_FORMAT);
    let ctx = egui::Context::default();
    theme::apply(&ctx);
    ctx.all_styles_mut(|s| s.animation_time = 0.0);
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(w as f32, h as f32),
        )),
        ..Default::default()
    };
    let draw = |ctx: &egui::Context| {
        if let Some(hud) = hud {
            hud::draw(ctx, hud, 0.0);
        }
    };
    // egui lays new areas out on their first pass and shows them from the second; the
    // first pass's textures (the font atlas) are still uploaded.
    let first = ctx.run_pass(input(), draw);
    painter.skip(&gpu.device, &gpu.queue, first);
    let output = ctx.run_pass(input(), draw);
    let view = Camera::new(glam::Vec2::ZERO, None).view(w, h);
    target
        .capture_with(
            gpu,
            &mut renderer,
            &view,
            &Snapshot::default(),
            |enc, tv| painter.paint(&gpu.device, &gpu.queue, enc, tv, SIZE, &ctx, output),
        )
        .unwrap()
}

/// Pixels of the meters' bright green in the top-left panel (left of the score).
fn green_pixels(image: &Rgba8) -> usize {
    let mut n = 0;
    for y in 0..image.height / 2 {
        for x in 0..image.width * 3 / 4 {
            let i = ((y * image.width + x) * 4) as usize;
            let (r, g, b) = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]);
            if g > 220 && r > 100 && r < 180 && b > 150 && b < 230 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn the_hud_meters_are_drawn_over_the_frame_and_follow_the_fuel() {
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) if std::env::var_os("CAVEFLY_NO_GPU").is_some() => {
            eprintln!("UI overlay skipped (CAVEFLY_NO_GPU is set): {e}");
            return;
        }
        Err(e) => panic!("the UI overlay test needs a GPU adapter, and none opened: {e}"),
    };
    let full = Hud {
        fuel: 1.0,
        hull: 1.0,
        lives: 3,
        ..Hud::default()
    };
    let three_quarters = Hud {
        fuel: 0.75,
        ..full.clone()
    };
    let bare = green_pixels(&frame(&gpu, None));
    let full_green = green_pixels(&frame(&gpu, Some(&full)));
    let partial_green = green_pixels(&frame(&gpu, Some(&three_quarters)));
    assert_eq!(bare, 0, "the scene alone has no meter green");
    // Two full meters of 180 x 14 points each, at one pixel per point, less their border
    // and rounded corners, plus their green "100%" labels.
    assert!(
        (4000..6000).contains(&full_green),
        "full meters: {full_green} green pixels"
    );
    // Fuel at three quarters: the fuel meter loses a quarter of its fill, so the two meters
    // together show about 7/8 of the green.
    let ratio = partial_green as f64 / full_green as f64;
    assert!((0.82..0.93).contains(&ratio), "ratio {ratio}");
}
