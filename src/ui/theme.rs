//! The look of the menus and HUD: dark translucent panels with the cyan and green glow of
//! the game's outlines, large type, and a few shared widgets (meter bars, menu buttons).

use egui::{Color32, CornerRadius, FontId, Stroke, Vec2};

/// The rock outline's cyan.
pub const CYAN: Color32 = Color32::from_rgb(90, 205, 255);
/// The ship's green.
pub const GREEN: Color32 = Color32::from_rgb(140, 255, 190);
/// Warnings: low fuel, a conflict, a locked level.
pub const AMBER: Color32 = Color32::from_rgb(255, 190, 80);
/// Danger: a failing hull, a running countdown.
pub const RED: Color32 = Color32::from_rgb(255, 90, 90);
/// Secondary text.
pub const DIM: Color32 = Color32::from_rgb(150, 165, 180);
/// Panel background.
pub const PANEL: Color32 = Color32::from_rgba_premultiplied(8, 14, 22, 225);
/// The veil over a frozen level behind a menu.
pub const VEIL: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 150);

/// Width of a meter's label, points: room for the longest component name ("right engine"),
/// so the bars line up.
const METER_LABEL_WIDTH: f32 = 96.0;

/// Width of a menu's buttons, points.
pub const BUTTON_WIDTH: f32 = 260.0;

/// Sets the game's style on `ctx`.
pub fn apply(ctx: &egui::Context) {
    ctx.set_visuals(egui::Visuals::dark());
    ctx.all_styles_mut(|style| {
        use egui::TextStyle::*;
        style.text_styles = [
            (Heading, FontId::proportional(30.0)),
            (Body, FontId::proportional(18.0)),
            (Button, FontId::proportional(20.0)),
            (Small, FontId::proportional(14.0)),
            (Monospace, FontId::monospace(16.0)),
        ]
        .into();
        style.spacing.item_spacing = Vec2::new(10.0, 10.0);
        style.spacing.button_padding = Vec2::new(14.0, 8.0);
        let v = &mut style.visuals;
        v.window_fill = PANEL;
        v.panel_fill = Color32::TRANSPARENT;
        v.window_stroke = Stroke::new(1.0, CYAN.gamma_multiply(0.6));
        v.window_corner_radius = CornerRadius::same(10);
        v.selection.bg_fill = CYAN.gamma_multiply(0.35);
        v.selection.stroke = Stroke::new(1.0, CYAN);
        v.widgets.hovered.bg_stroke = Stroke::new(1.5, CYAN);
        v.widgets.active.bg_stroke = Stroke::new(2.0, GREEN);
        v.widgets.inactive.weak_bg_fill = Color32::from_rgba_premultiplied(20, 34, 48, 230);
        v.widgets.hovered.weak_bg_fill = Color32::from_rgba_premultiplied(30, 60, 80, 240);
    });
}

/// A horizontal meter: `value` (0 to 1, clamped) of `width` points filled with `color`,
/// with `label` on the left and the percentage on the right.
pub fn meter(ui: &mut egui::Ui, label: &str, value: f64, color: Color32, width: f32) {
    let v = if value.is_finite() {
        value.clamp(0.0, 1.0) as f32
    } else {
        0.0
    };
    ui.horizontal(|ui| {
        ui.add_sized(
            [METER_LABEL_WIDTH, 18.0],
            egui::Label::new(egui::RichText::new(label).color(DIM).small()),
        );
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, 14.0), egui::Sense::hover());
        let painter = ui.painter();
        painter.rect_filled(rect, 3.0, Color32::from_rgba_premultiplied(10, 16, 24, 200));
        let mut fill = rect;
        fill.set_width(rect.width() * v);
        painter.rect_filled(fill, 3.0, color);
        painter.rect_stroke(
            rect,
            3.0,
            Stroke::new(1.0, color.gamma_multiply(0.7)),
            egui::StrokeKind::Inside,
        );
        ui.label(
            egui::RichText::new(format!("{:>3.0}%", v * 100.0))
                .monospace()
                .color(color),
        );
    });
}

/// The colour of a health or fuel level: green when high, amber when low, red when critical.
pub fn level_color(value: f64) -> Color32 {
    if value > 0.5 {
        GREEN
    } else if value > 0.2 {
        AMBER
    } else {
        RED
    }
}

/// A full-width menu button.
pub fn menu_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized([BUTTON_WIDTH, 40.0], egui::Button::new(text))
}

/// A centred, fixed panel with a title, for menus.
pub fn menu_window(title: &str) -> egui::Window<'static> {
    egui::Window::new(egui::RichText::new(title).heading().color(CYAN))
        .id(egui::Id::unique(("menu", title)))
        .collapsible(false)
        .resizable(false)
        .movable(false)
        .anchor(egui::Align2::CENTER_CENTER, Vec2::ZERO)
}

/// Darkens the whole screen (under a menu).
pub fn veil(ctx: &egui::Context) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    painter.rect_filled(ctx.content_rect(), 0.0, VEIL);
}
