//! What the level designer sees: the debug overlay's labels and panel (F1) with the rewind
//! buffer, and the error of a level file that failed to reload, shown until the file is
//! fixed.

use super::theme::{AMBER, CYAN, PANEL, RED};
use crate::game::timeline::RewindInfo;
use crate::render::debug_overlay::DebugOverlay;
use crate::render::View;
use egui::{Align2, Color32, FontId, RichText};

/// Where world point `p` appears on a screen of `size` points showing `view`.
pub fn to_screen(p: glam::Vec2, view: &View, size: egui::Vec2) -> egui::Pos2 {
    let n = (p - view.center) / view.half_extent;
    egui::pos2((n.x + 1.0) * 0.5 * size.x, (1.0 - n.y) * 0.5 * size.y)
}

/// Cells of the rewind buffer's bar.
const BAR: usize = 20;

/// The rewind buffer as a line of the panel: a bar filled as far back as the run can go,
/// the seconds of the most it holds, the keyframes and the steps kept.
pub fn rewind_line(info: &RewindInfo) -> String {
    let filled = if info.capacity > 0.0 {
        ((info.seconds / info.capacity).clamp(0.0, 1.0) * BAR as f64).round() as usize
    } else {
        0
    };
    format!(
        "rewind [{}{}] {:.1}/{:.0} s, {} keys, {} steps kept",
        "#".repeat(filled),
        "-".repeat(BAR - filled),
        info.seconds,
        info.capacity,
        info.keyframes,
        info.steps
    )
}

/// Draws the overlay's zone labels where they are in the world, and its panel.
pub fn draw_debug(ctx: &egui::Context, overlay: &DebugOverlay, view: &View) {
    let size = ctx.content_rect().size();
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::unique("debug_labels"),
    ));
    for label in &overlay.labels {
        let c = label.color.map(|x| (x.clamp(0.0, 1.0) * 255.0) as u8);
        painter.text(
            to_screen(label.at, view, size),
            Align2::CENTER_CENTER,
            &label.text,
            FontId::monospace(12.0),
            Color32::from_rgb(c[0], c[1], c[2]),
        );
    }
    egui::Area::new(egui::Id::unique("debug_panel"))
        .anchor(Align2::RIGHT_TOP, [-12.0, 12.0])
        .show(ctx, |ui| {
            egui::Frame::NONE
                .fill(PANEL)
                .inner_margin(8.0)
                .show(ui, |ui| {
                    ui.label(RichText::new("Debug (F1)").color(CYAN).strong());
                    for line in &overlay.panel {
                        ui.label(RichText::new(line).monospace().size(12.0).color(AMBER));
                    }
                });
        });
}

/// Narrowest the error panel is made to fit between the HUD's corner panels, points;
/// where there is less room it goes below them at the screen's width.
const MIN_ERROR_WIDTH: f32 = 320.0;
/// Space kept between the panel and the screen's edges and the HUD's panels, points.
const ERROR_GAP: f32 = 12.0;

/// The error panel's margin inside its frame, points.
const ERROR_MARGIN: f32 = 10.0;

/// Where the error panel goes on `screen`, clear of the HUD's corner panels `hud`: the
/// middle of its top edge and the most width it may take. Between the panels at the top
/// where they leave room enough, else below them across the screen.
fn error_place(screen: egui::Rect, hud: &[egui::Rect]) -> (egui::Pos2, f32) {
    let mid = screen.center().x;
    let left = hud
        .iter()
        .filter(|r| r.center().x < mid)
        .map(|r| r.right())
        .fold(screen.left(), f32::max);
    let right = hud
        .iter()
        .filter(|r| r.center().x >= mid)
        .map(|r| r.left())
        .fold(screen.right(), f32::min);
    let between = right - left - 2.0 * ERROR_GAP;
    if between >= MIN_ERROR_WIDTH {
        return (
            egui::pos2((left + right) / 2.0, screen.top() + ERROR_GAP),
            between,
        );
    }
    let below = hud.iter().map(|r| r.bottom()).fold(screen.top(), f32::max);
    let width = (screen.width() - 2.0 * ERROR_GAP).max(1.0);
    (egui::pos2(screen.center().x, below + ERROR_GAP), width)
}

/// Most of the screen's height the error panel takes: the game stays in view below it.
const MOST_ERROR_HEIGHT: f32 = 0.45;

/// Draws a failed reload's problems at the top of the screen, clear of the HUD's corner
/// panels (drawn before it), long lines wrapped. The panel takes at most
/// [`MOST_ERROR_HEIGHT`] of the screen and never runs off it; what does not fit scrolls.
pub fn draw_level_error(ctx: &egui::Context, error: &str) {
    let screen = ctx.content_rect();
    let (at, width) = error_place(screen, &super::hud::corner_rects(ctx));
    // The frame's margin is inside the width and height given.
    let inner = (width - 2.0 * ERROR_MARGIN).max(1.0);
    let room = screen.bottom() - at.y - ERROR_GAP;
    let tallest = (room.min(screen.height() * MOST_ERROR_HEIGHT) - 2.0 * ERROR_MARGIN).max(1.0);
    egui::Area::new(egui::Id::unique("level_error"))
        .pivot(Align2::CENTER_TOP)
        .fixed_pos(at)
        .show(ctx, |ui| {
            egui::Frame::NONE
                .fill(PANEL)
                .inner_margin(ERROR_MARGIN)
                .show(ui, |ui| {
                    ui.set_max_width(inner);
                    egui::ScrollArea::vertical()
                        .max_height(tallest)
                        .min_scrolled_height(tallest)
                        .show(ui, |ui| error_lines(ui, error));
                });
        });
}

/// The error panel's heading and `error`'s lines, wrapped.
fn error_lines(ui: &mut egui::Ui, error: &str) {
    ui.add(
        egui::Label::new(
            RichText::new("The level file has errors; the last good version keeps running:")
                .color(RED)
                .strong(),
        )
        .wrap(),
    );
    for line in error.lines() {
        let text = RichText::new(line).monospace().size(13.0).color(AMBER);
        ui.add(egui::Label::new(text).wrap());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rewind_line_fills_its_bar_as_far_back_as_the_run_can_go() {
        let info = RewindInfo {
            seconds: 2.5,
            capacity: 10.0,
            keyframes: 6,
            steps: 300,
        };
        assert_eq!(
            rewind_line(&info),
            "rewind [#####---------------] 2.5/10 s, 6 keys, 300 steps kept"
        );
        let full = rewind_line(&RewindInfo {
            seconds: 10.0,
            ..info
        });
        assert!(
            full.starts_with(&format!("rewind [{}]", "#".repeat(BAR))),
            "{full}"
        );
    }

    #[test]
    fn world_points_map_to_the_screen_with_y_up() {
        let view = View {
            center: glam::Vec2::new(10.0, 5.0),
            half_extent: glam::Vec2::new(20.0, 10.0),
        };
        let size = egui::vec2(800.0, 400.0);
        assert_eq!(
            to_screen(view.center, &view, size),
            egui::pos2(400.0, 200.0)
        );
        // The top-left corner of the view is the screen's origin.
        assert_eq!(
            to_screen(glam::Vec2::new(-10.0, 15.0), &view, size),
            egui::pos2(0.0, 0.0)
        );
    }
}
