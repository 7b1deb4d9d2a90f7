//! The title screen: the game's name, the level list in play order (name, description, best
//! score; locked levels greyed with what unlocks them; unreadable files with the reason),
//! and Settings and Quit.

use super::menus::clock_time;
use super::theme::{self, AMBER, CYAN, DIM, GREEN, RED};
use crate::screens::flow::{Flow, Intent};
use crate::screens::progress::Medal;
use egui::{Align2, RichText, Vec2};

/// Width of the level list, points.
const LIST_WIDTH: f32 = 520.0;

/// Draws the title screen; returns what the player chose. `focus` puts keyboard focus on
/// the first playable level (the screen has just opened).
pub fn draw(ctx: &egui::Context, flow: &Flow, focus: bool) -> Option<Intent> {
    let mut chosen = None;
    egui::Area::new(egui::Id::unique("title"))
        .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(theme::PANEL)
                .corner_radius(12)
                .inner_margin(24)
                .stroke(egui::Stroke::new(1.0, CYAN.gamma_multiply(0.5)))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(RichText::new("CAVEFLY").size(56.0).strong().color(CYAN));
                        ui.label(RichText::new("thrust · rotate · survive").color(DIM));
                    });
                    ui.add_space(12.0);
                    chosen = level_list(ui, flow, focus);
                    ui.add_space(12.0);
                    ui.vertical_centered(|ui| {
                        if theme::menu_button(ui, "Two players").clicked() {
                            chosen = Some(Intent::TwoPlayers);
                        }
                        if theme::menu_button(ui, "Online").clicked() {
                            chosen = Some(Intent::Online);
                        }
                        if theme::menu_button(ui, "Settings").clicked() {
                            chosen = Some(Intent::OpenSettings);
                        }
                        if theme::menu_button(ui, "Quit").clicked() {
                            chosen = Some(Intent::Quit);
                        }
                    });
                });
        });
    chosen
}

fn level_list(ui: &mut egui::Ui, flow: &Flow, focus: bool) -> Option<Intent> {
    let levels = &flow.catalog.levels;
    if levels.is_empty() {
        ui.label(
            RichText::new(format!(
                "No levels found in {}.",
                flow.catalog.dir.display()
            ))
            .color(AMBER),
        );
        return None;
    }
    let mut chosen = None;
    let first_open = (0..levels.len())
        .find(|&i| flow.is_unlocked(i) && !flow.progress.won.contains(&levels[i].file));
    let focus_on = first_open.or(Some(0)).filter(|_| focus);
    let worlds = 1 + levels
        .windows(2)
        .filter(|w| w[0].world != w[1].world)
        .count();
    egui::ScrollArea::vertical()
        .max_height(360.0)
        .show(ui, |ui| {
            ui.set_width(LIST_WIDTH);
            for (i, level) in levels.iter().enumerate() {
                let open = flow.is_unlocked(i);
                // A heading where a world begins; a world opens with its first level, once
                // the last level of the world before it is won.
                let starts_world = i == 0 || levels[i - 1].world != level.world;
                if starts_world && worlds > 1 {
                    let heading = RichText::new(level.world.label().to_uppercase())
                        .size(16.0)
                        .strong()
                        .color(if open { CYAN } else { DIM });
                    ui.add_space(6.0);
                    ui.label(heading);
                }
                let title = format!("{:>2}  {}", i + 1, level.name);
                let button = egui::Button::new(RichText::new(title).size(22.0))
                    .min_size(Vec2::new(LIST_WIDTH, 36.0));
                let response = ui.add_enabled(open, button);
                if focus_on == Some(i) && open {
                    response.request_focus();
                }
                if response.clicked() {
                    chosen = Some(Intent::Play(i));
                }
                ui.indent(("level", i), |ui| {
                    let (note, color) = match (&level.problem, open) {
                        (Some(p), _) => (format!("This file cannot be read: {p}"), RED),
                        (None, false) => {
                            let before = levels.get(i.wrapping_sub(1)).map_or("", |l| &l.name);
                            (format!("Locked: win {before} to open it."), AMBER)
                        }
                        (None, true) => (level.description.clone(), DIM),
                    };
                    if !note.is_empty() {
                        ui.label(RichText::new(note).color(color));
                    }
                    let par = level.par_ms.map(|p| p as f64 / 1000.0);
                    if let Some(best) = flow.progress.best(&level.file) {
                        let mut text = format!("Won · best score {best}");
                        if let Some(t) = flow.progress.best_time(&level.file) {
                            let ms = (t * 1000.0).round() as u64;
                            text.push_str(&format!(" · best time {}", clock_time(ms)));
                            let medal = par.and_then(|p| Medal::for_time(t, p));
                            if let Some(m) = medal {
                                text.push_str(&format!(" · {}", m.label()));
                            }
                        }
                        ui.label(RichText::new(text).small().color(GREEN));
                    }
                    if let Some(p) = level.par_ms.filter(|_| open) {
                        let text = format!("Par {}", clock_time(p));
                        ui.label(RichText::new(text).small().color(DIM));
                    }
                });
                ui.add_space(4.0);
            }
        });
    chosen
}
