//! The heads-up display, drawn from the sim's [`Hud`] as it is: fuel and hull meters and
//! the ship's components top left, score and ships left top right, the objective under
//! them, a zone message across the upper middle and the countdown, when one runs, above
//! it; in a match, the match figures (points, or lap, lap times and the next checkpoint)
//! top middle and the winner across the middle. It reads the struct and nothing else; it
//! computes no game state.

use super::theme::{self, AMBER, CYAN, DIM, GREEN, RED};
use crate::game::{Hud, MatchHud};
use crate::level::MatchMode;
use egui::{Align2, Color32, RichText, Vec2};

/// Width of the big meters, points.
const METER_WIDTH: f32 = 180.0;
/// Width of a component's meter, points.
const COMPONENT_WIDTH: f32 = 110.0;
/// Seconds left under which the countdown turns red and pulses.
const COUNTDOWN_URGENT: f64 = 10.0;

/// Formats seconds as `M:SS.s` (or `S.s` under a minute); negative or non-finite as 0.
pub fn format_countdown(seconds: f64) -> String {
    let s = if seconds.is_finite() {
        seconds.max(0.0)
    } else {
        0.0
    };
    let tenths = (s * 10.0).floor() as u64;
    let (m, rest) = (tenths / 600, tenths % 600);
    if m > 0 {
        format!("{m}:{:02}.{}", rest / 10, rest % 10)
    } else {
        format!("{}.{}", rest / 10, rest % 10)
    }
}

fn panel() -> egui::Frame {
    egui::Frame::new()
        .fill(Color32::from_rgba_premultiplied(4, 8, 14, 160))
        .corner_radius(6)
        .inner_margin(10)
}

/// Most ship icons drawn; more lives are written as a number beside them.
const MAX_SHIP_ICONS: u32 = 6;

/// Ships left as small ship outlines (and `+N` past [`MAX_SHIP_ICONS`]).
fn ships(ui: &mut egui::Ui, lives: u32) {
    ui.horizontal(|ui| {
        let shown = lives.min(MAX_SHIP_ICONS);
        if lives > shown {
            ui.label(RichText::new(format!("+{}", lives - shown)).color(CYAN));
        }
        for _ in 0..shown {
            let (rect, _) = ui.allocate_exact_size(Vec2::new(14.0, 18.0), egui::Sense::hover());
            let c = rect.center();
            let points = vec![
                c + Vec2::new(0.0, -8.0),
                c + Vec2::new(6.0, 7.0),
                c + Vec2::new(-6.0, 7.0),
            ];
            ui.painter().add(egui::Shape::convex_polygon(
                points,
                Color32::from_rgb(10, 30, 24),
                egui::Stroke::new(1.5, GREEN),
            ));
        }
    });
}

/// The match figures as lines of text, top line first: in versus every player's points
/// (this view's marked) and the score that wins; in a race the lap, its time, the last
/// and best laps and the next checkpoint. Co-op has none of its own.
pub fn match_lines(m: &MatchHud) -> Vec<String> {
    let mut lines = Vec::new();
    match m.mode {
        Some(MatchMode::Versus) => {
            let points: Vec<String> = m
                .points
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let mark = if i == m.player { "▸" } else { "" };
                    format!("{mark}P{} {p}", i + 1)
                })
                .collect();
            lines.push(points.join("   "));
            lines.push(format!("first to {}", m.first_to));
        }
        Some(MatchMode::Race) => {
            lines.push(format!("LAP {}/{}", m.lap.max(1), m.laps));
            lines.push(format!("TIME {}", format_countdown(m.lap_time)));
            let or_dash = |t: Option<f64>| t.map_or("-".to_string(), format_countdown);
            lines.push(format!(
                "LAST {}   BEST {}",
                or_dash(m.last_lap),
                or_dash(m.best_lap)
            ));
            lines.push(format!("CHECKPOINT {}/{}", m.checkpoint.0, m.checkpoint.1));
        }
        Some(MatchMode::Coop) | None => {}
    }
    lines
}

/// The winner's banner, once the match is won: this view's player is told they won.
pub fn winner_line(m: &MatchHud) -> Option<String> {
    let w = m.winner?;
    Some(if w == m.player {
        "YOU WIN".to_string()
    } else {
        format!("PLAYER {} WINS", w + 1)
    })
}

/// Draws the match figures (top middle of `area`, below `down` points) and the winner's
/// banner (its centre); `key` tells one view's apart from another's.
fn draw_match(ctx: &egui::Context, m: &MatchHud, area: egui::Rect, key: usize, down: f32) {
    let lines = match_lines(m);
    if !lines.is_empty() {
        egui::Area::new(egui::Id::unique(("hud match", key)))
            .pivot(Align2::CENTER_TOP)
            .fixed_pos(corner(area, Align2::CENTER_TOP, 16.0) + Vec2::new(0.0, down))
            .constrain_to(area)
            .interactable(false)
            .show(ctx, |ui| {
                panel().show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        let (first, rest) = lines.split_at(1);
                        ui.label(
                            RichText::new(&first[0])
                                .size(24.0)
                                .monospace()
                                .strong()
                                .color(GREEN),
                        );
                        for line in rest {
                            ui.label(RichText::new(line).monospace().color(DIM));
                        }
                    });
                });
            });
    }
    if let Some(banner) = winner_line(m) {
        egui::Area::new(egui::Id::unique(("hud winner", key)))
            .pivot(Align2::CENTER_CENTER)
            .fixed_pos(area.center())
            .constrain_to(area)
            .interactable(false)
            .show(ctx, |ui| {
                panel().show(ui, |ui| {
                    ui.label(RichText::new(banner).size(44.0).strong().color(AMBER));
                });
            });
    }
}

/// The HUD's status meters' area (top left).
const STATUS_PANEL: &str = "hud status";
/// The HUD's score area (top right).
const SCORE_PANEL: &str = "hud score";
/// The HUD's corner panels, which stay on screen all through a level.
const CORNER_PANELS: [&str; 2] = [STATUS_PANEL, SCORE_PANEL];

/// Where the HUD's corner panels lie on screen as last laid out (this frame's where the HUD
/// was drawn first), for every view: the one view's and each player's.
pub fn corner_rects(ctx: &egui::Context) -> Vec<egui::Rect> {
    let keys = 0..=crate::level::MAX_STARTS;
    ctx.memory(|m| {
        keys.flat_map(|key| CORNER_PANELS.map(|name| egui::Id::unique((name, key))))
            .filter(|&id| {
                m.areas()
                    .is_visible(&egui::LayerId::new(egui::Order::Middle, id))
            })
            .filter_map(|id| m.area_rect(id))
            .collect()
    })
}

/// Draws the HUD over the whole window; `time` (seconds) drives the warnings' blinking.
pub fn draw(ctx: &egui::Context, hud: &Hud, time: f64) {
    draw_in(ctx, hud, ctx.content_rect(), None, time);
}

/// Whose HUD a view shows, when players share the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerTag {
    /// The player, 0 for the first.
    pub player: usize,
    /// Their ship's colour.
    pub color: Color32,
}

/// A corner of `area` (`align`), `inset` points inside it.
fn corner(area: egui::Rect, align: Align2, inset: f32) -> egui::Pos2 {
    let x = match align.x() {
        egui::Align::Min => area.left() + inset,
        egui::Align::Center => area.center().x,
        egui::Align::Max => area.right() - inset,
    };
    let y = match align.y() {
        egui::Align::Min => area.top() + inset,
        egui::Align::Center => area.center().y,
        egui::Align::Max => area.bottom() - inset,
    };
    egui::pos2(x, y)
}

/// Draws one HUD inside `area` (points): the whole window, or one player's view with
/// `tag` naming the player (bottom middle). A player's view is smaller, so its HUD is
/// compact: meters sized to the view, only the hurt components listed, no objective line,
/// and the message wrapped to the view's width.
pub fn draw_in(
    ctx: &egui::Context,
    hud: &Hud,
    area: egui::Rect,
    tag: Option<PlayerTag>,
    time: f64,
) {
    let blink = (time * 4.0).sin() > 0.0;
    let key = tag.map_or(0, |t| t.player + 1);
    if let Some(m) = &hud.contest {
        draw_match(ctx, m, area, key, 0.0);
    }
    let place = |name: &str, align: Align2, down: f32| {
        egui::Area::new(egui::Id::unique((name, key)))
            .pivot(align)
            .fixed_pos(corner(area, align, 16.0) + Vec2::new(0.0, down))
            .constrain_to(area)
    };
    let compact = tag.is_some();
    let meter_width = if compact {
        (area.width() * 0.22).clamp(48.0, METER_WIDTH)
    } else {
        METER_WIDTH
    };
    let component_width = meter_width.min(COMPONENT_WIDTH);
    if let Some(t) = tag {
        place("hud player", Align2::CENTER_BOTTOM, 0.0)
            .interactable(false)
            .show(ctx, |ui| {
                panel().show(ui, |ui| {
                    let text = format!("PLAYER {}", t.player + 1);
                    ui.label(RichText::new(text).strong().color(t.color));
                });
            });
    }
    place(STATUS_PANEL, Align2::LEFT_TOP, 0.0)
        .interactable(false)
        .show(ctx, |ui| {
            panel().show(ui, |ui| {
                let fuel_color = if hud.fuel < 0.2 && !blink {
                    AMBER.gamma_multiply(0.4)
                } else {
                    theme::level_color(hud.fuel)
                };
                theme::meter(ui, "FUEL", hud.fuel, fuel_color, meter_width);
                theme::meter(
                    ui,
                    "HULL",
                    hud.hull,
                    theme::level_color(hud.hull),
                    meter_width,
                );
                // The hull has its own meter above; the rest are listed small.
                let others = hud
                    .components
                    .iter()
                    .filter(|c| !c.name.eq_ignore_ascii_case("hull"))
                    .filter(|c| !compact || c.health < 1.0);
                for c in others {
                    theme::meter(
                        ui,
                        c.name,
                        c.health,
                        theme::level_color(c.health),
                        component_width,
                    );
                }
            });
        });
    place(SCORE_PANEL, Align2::RIGHT_TOP, 0.0)
        .interactable(false)
        .show(ctx, |ui| {
            panel().show(ui, |ui| {
                ui.vertical(|ui| {
                    ui.label(
                        RichText::new(format!("{}", hud.score))
                            .size(28.0)
                            .monospace()
                            .color(GREEN),
                    );
                    ships(ui, hud.lives);
                    if !hud.objective.is_empty() && !compact {
                        ui.label(RichText::new(&hud.objective).small().color(DIM));
                    }
                });
            });
        });
    if let Some(left) = hud.countdown {
        let urgent = left < COUNTDOWN_URGENT;
        let color = if urgent && !blink {
            RED.gamma_multiply(0.6)
        } else if urgent {
            RED
        } else {
            AMBER
        };
        let below_match = if hud.contest.is_some() { 110.0 } else { 0.0 };
        place("hud countdown", Align2::CENTER_TOP, below_match)
            .interactable(false)
            .show(ctx, |ui| {
                ui.label(
                    RichText::new(format_countdown(left))
                        .size(40.0)
                        .monospace()
                        .strong()
                        .color(color),
                );
            });
    }
    if let Some(message) = hud.message.as_deref().filter(|m| !m.is_empty()) {
        let (align, down) = if compact {
            (Align2::CENTER_BOTTOM, -52.0)
        } else {
            (Align2::CENTER_TOP, 90.0)
        };
        place("hud message", align, down)
            .interactable(false)
            .show(ctx, |ui| {
                panel().show(ui, |ui| {
                    let size = if compact { 18.0 } else { 24.0 };
                    ui.set_max_width((area.width() - 56.0).max(40.0));
                    ui.add(egui::Label::new(RichText::new(message).size(size).color(CYAN)).wrap());
                });
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_figures_read_as_points_or_laps_and_the_winner_is_named() {
        let versus = MatchHud {
            mode: Some(MatchMode::Versus),
            player: 1,
            points: vec![3, 1],
            first_to: 5,
            ..MatchHud::default()
        };
        assert_eq!(match_lines(&versus), ["P1 3   ▸P2 1", "first to 5"]);
        assert_eq!(winner_line(&versus), None);
        let race = MatchHud {
            mode: Some(MatchMode::Race),
            lap: 2,
            laps: 3,
            lap_time: 12.34,
            last_lap: Some(65.0),
            checkpoint: (3, 4),
            winner: Some(0),
            ..MatchHud::default()
        };
        assert_eq!(
            match_lines(&race),
            [
                "LAP 2/3",
                "TIME 12.3",
                "LAST 1:05.0   BEST -",
                "CHECKPOINT 3/4"
            ]
        );
        assert_eq!(winner_line(&race).as_deref(), Some("YOU WIN"));
        let coop = MatchHud {
            mode: Some(MatchMode::Coop),
            winner: Some(1),
            ..MatchHud::default()
        };
        assert!(match_lines(&coop).is_empty());
        assert_eq!(winner_line(&coop).as_deref(), Some("PLAYER 2 WINS"));
    }

    #[test]
    fn countdowns_read_as_minutes_seconds_and_tenths() {
        assert_eq!(format_countdown(83.47), "1:23.4");
        assert_eq!(format_countdown(9.96), "9.9");
        assert_eq!(format_countdown(0.04), "0.0");
        assert_eq!(format_countdown(-3.0), "0.0");
        assert_eq!(format_countdown(f64::NAN), "0.0");
        assert_eq!(format_countdown(600.0), "10:00.0");
    }
}
