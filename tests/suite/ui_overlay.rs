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

/// Lays out the HUD (the one view's, or two players' side by side) and a failed reload's
/// error on a screen of `size` points; returns the HUD's corner panels and the error
/// panel, as egui placed them.
fn error_over_hud(size: (f32, f32), players: bool, error: &str) -> (Vec<egui::Rect>, egui::Rect) {
    let hud = Hud {
        fuel: 1.0,
        hull: 1.0,
        lives: 3,
        objective: "Reach exit".to_string(),
        message: Some("Hold Up (or W) to thrust.".to_string()),
        ..Hud::default()
    };
    let ctx = egui::Context::default();
    theme::apply(&ctx);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
    let input = || egui::RawInput {
        screen_rect: Some(screen),
        ..Default::default()
    };
    let draw = |ctx: &egui::Context| {
        if players {
            let (left, right) = screen.split_left_right_at_fraction(0.5);
            for (player, area) in [left, right].into_iter().enumerate() {
                let tag = hud::PlayerTag {
                    player,
                    color: egui::Color32::WHITE,
                };
                hud::draw_in(ctx, &hud, area, Some(tag), 0.0);
            }
        } else {
            hud::draw(ctx, &hud, 0.0);
        }
        cavefly::ui::designer::draw_level_error(ctx, error);
    };
    // Areas are sized on their first pass and placed by that size on the next.
    for _ in 0..3 {
        // Nothing is painted: the pass's font textures are let go on purpose.
        ctx.run_pass(input(), draw).textures_delta.clear();
    }
    let panel = ctx
        .memory(|m| m.area_rect(egui::Id::unique("level_error")))
        .expect("the error panel was drawn");
    (hud::corner_rects(&ctx), panel)
}

/// Screens (points) the error panel is tried on, and whether two players share them.
const SCREENS: [((f32, f32), bool); 5] = [
    ((1280.0, 720.0), false),
    ((800.0, 450.0), false),
    ((1280.0, 720.0), true),
    ((640.0, 360.0), false),
    ((300.0, 900.0), false),
];

/// [`error_over_hud`], checked: the error panel covers none of the HUD's corner panels and
/// stays on the screen.
fn error_clear_of_hud(
    size: (f32, f32),
    players: bool,
    error: &str,
) -> (Vec<egui::Rect>, egui::Rect) {
    let (corners, panel) = error_over_hud(size, players, error);
    for c in &corners {
        assert!(!c.intersects(panel), "{size:?}: {panel:?} covers {c:?}");
    }
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
    assert!(
        screen.contains_rect(panel),
        "{size:?}: {panel:?} leaves the screen"
    );
    (corners, panel)
}

#[test]
fn a_reload_error_never_covers_the_huds_corner_panels_and_stays_on_screen() {
    let long = "levels/mine.ron:12:7: debris[3].shape: expected a number at least 0.1 and at most 100, got 1e-12 (a debris box's sides, a debris polygon's thickness)";
    let error = [long; 3].join("\n");
    for (size, players) in SCREENS {
        let (corners, panel) = error_clear_of_hud(size, players, &error);
        assert_eq!(corners.len(), if players { 4 } else { 2 }, "{size:?}");
        // Wrapped, not cut: the three long lines take more than three rows.
        assert!(panel.height() > 4.0 * 16.0, "{size:?}: {panel:?}");
    }
    // Where there is room, the panel stays at the top, between the corner panels.
    let (corners, panel) = error_over_hud((1280.0, 720.0), false, "levels/mine.ron:1:1: short");
    assert!(panel.top() < 20.0, "{panel:?}");
    assert!(corners.iter().any(|c| c.right() < panel.left()));
    assert!(corners.iter().any(|c| c.left() > panel.right()));
}

#[test]
fn a_reload_error_of_thousands_of_problems_keeps_the_game_in_view() {
    use cavefly::app::session::MOST_PROBLEMS_SHOWN;
    use cavefly::level::{LevelErrors, Problem};
    let errors = LevelErrors {
        problems: (1..=40_000)
            .map(|line| Problem {
                file: "levels/mine.ron".into(),
                line,
                col: 60,
                item: format!("debris[{line}].position"),
                message: "expected a finite point within ±100000 m on each axis, got (NaN, 0)"
                    .into(),
            })
            .collect(),
    };
    let error = errors.first_lines(MOST_PROBLEMS_SHOWN, std::path::Path::new("levels/mine.ron"));
    assert_eq!(error.lines().count(), MOST_PROBLEMS_SHOWN + 1);
    // The level format's reference tells designers how many the screen lists.
    let doc = std::fs::read_to_string("docs/levels.md")
        .unwrap()
        .replace('\n', " ");
    assert!(doc.contains(&format!(
        "The screen lists the first {MOST_PROBLEMS_SHOWN};"
    )));
    for (size, players) in SCREENS {
        let (_, panel) = error_clear_of_hud(size, players, &error);
        assert!(
            panel.height() <= 0.45 * size.1 + 0.5,
            "{size:?}: the panel is {} tall",
            panel.height()
        );
    }
}
