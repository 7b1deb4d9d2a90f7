//! The two-player screens: the mode, the level for that mode, and the join screen where
//! each player presses fire on their device ("press fire to join"), with each side of the
//! keyboard's keys shown; and the notice over a match waiting for an unplugged gamepad.
//! Drawn from [`MatchMenu`]; choices go back as intents.

use super::keys::key_label;
use super::rebind::keys_of;
use super::theme::{self, AMBER, CYAN, DIM, GREEN};
use crate::game::{Bindings, Control};
use crate::screens::flow::Intent;
use crate::screens::match_menu::{MatchChoice, MatchMenu, MatchStep, MODES};
use crate::screens::seats::{Device, MAX_SEATS};
use crate::screens::settings::Settings;
use egui::RichText;

/// Draws the menu's current step; returns the player's choice.
pub fn draw(
    ctx: &egui::Context,
    menu: &MatchMenu,
    settings: &Settings,
    focus: bool,
) -> Option<Intent> {
    theme::veil(ctx);
    let title = match menu.step {
        MatchStep::Mode => "Two players".to_string(),
        MatchStep::Level(mode) => format!("{}: choose a level", mode.label()),
        MatchStep::Join { mode, level } => format!(
            "{} on {}",
            mode.label(),
            menu.levels.get(level).map_or("?", |l| l.name.as_str())
        ),
    };
    theme::menu_window(&title)
        .show(ctx, |ui| {
            let chosen = match menu.step {
                MatchStep::Mode => modes(ui, menu, focus),
                MatchStep::Level(mode) => levels(ui, menu, mode, focus),
                MatchStep::Join { .. } => {
                    join(ui, menu, settings);
                    None
                }
            };
            ui.separator();
            ui.vertical_centered(|ui| {
                if theme::menu_button(ui, "Back").clicked() {
                    return Some(Intent::Match(MatchChoice::Back));
                }
                ui.label(RichText::new("Esc goes back").small().color(DIM));
                chosen
            })
            .inner
        })
        .and_then(|r| r.inner.flatten())
}

fn modes(ui: &mut egui::Ui, menu: &MatchMenu, focus: bool) -> Option<Intent> {
    let mut chosen = None;
    ui.vertical_centered(|ui| {
        for (i, mode) in MODES.into_iter().enumerate() {
            let count = menu.levels_for(mode).len();
            let r = ui.add_enabled(
                count > 0,
                egui::Button::new(RichText::new(mode.label()).size(22.0))
                    .min_size(egui::vec2(theme::BUTTON_WIDTH, 36.0)),
            );
            if focus && i == 0 {
                r.request_focus();
            }
            if r.clicked() {
                chosen = Some(Intent::Match(MatchChoice::Mode(mode)));
            }
            let note = match count {
                0 => "no level for it yet".to_string(),
                1 => "1 level".to_string(),
                n => format!("{n} levels"),
            };
            ui.label(RichText::new(note).small().color(DIM));
        }
        for p in &menu.problems {
            ui.label(RichText::new(p).small().color(AMBER));
        }
    });
    chosen
}

fn levels(
    ui: &mut egui::Ui,
    menu: &MatchMenu,
    mode: crate::level::MatchMode,
    focus: bool,
) -> Option<Intent> {
    let mut chosen = None;
    ui.vertical_centered(|ui| {
        for (n, (i, level)) in menu.levels_for(mode).into_iter().enumerate() {
            let r = theme::menu_button(ui, &level.name);
            if focus && n == 0 {
                r.request_focus();
            }
            if r.clicked() {
                chosen = Some(Intent::Match(MatchChoice::Level(i)));
            }
        }
    });
    chosen
}

/// The keys of a control on one side, in words.
fn keys(b: &Bindings, control: Control) -> String {
    let names: Vec<String> = keys_of(b, control).iter().map(|k| key_label(k)).collect();
    if names.is_empty() {
        "(none)".to_string()
    } else {
        names.join(" or ")
    }
}

fn side(ui: &mut egui::Ui, name: &str, b: &Bindings) {
    ui.vertical(|ui| {
        ui.label(RichText::new(name).color(CYAN));
        for (label, control) in [
            ("fire / join", Control::Fire),
            ("thrust", Control::Thrust),
            ("rotate", Control::RotateLeft),
            ("", Control::RotateRight),
            ("tractor", Control::Tractor),
        ] {
            ui.label(
                RichText::new(format!("{label:<12} {}", keys(b, control)))
                    .monospace()
                    .small(),
            );
        }
    });
}

fn join(ui: &mut egui::Ui, menu: &MatchMenu, settings: &Settings) {
    let seats = menu.seats.devices();
    ui.vertical_centered(|ui| {
        for p in 0..MAX_SEATS {
            let (text, color) = match seats.get(p) {
                Some(d) => (format!("Player {}: {}", p + 1, d.label()), GREEN),
                None => (format!("Player {}: press fire to join", p + 1), AMBER),
            };
            ui.label(RichText::new(text).size(22.0).color(color));
        }
        ui.add_space(8.0);
        let hint = if menu.seats.is_full() {
            "Both in: press fire again to start."
        } else {
            "Each player presses fire on the keyboard side or gamepad they will fly with."
        };
        ui.label(RichText::new(hint).color(DIM));
    });
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        side(
            ui,
            Device::KeyboardLeft.label().as_str(),
            &settings.keyboard_left,
        );
        ui.add_space(24.0);
        side(
            ui,
            Device::KeyboardRight.label().as_str(),
            &settings.keyboard_right,
        );
    });
    ui.label(
        RichText::new("Gamepad: A, X or the right bumper joins; stick or d-pad rotates, A or the right trigger thrusts, X or the right bumper fires, B or the left trigger pulls.")
            .small()
            .color(DIM),
    );
}

/// The notice over a match waiting for a player's device.
pub fn waiting(ctx: &egui::Context, message: &str) {
    theme::veil(ctx);
    theme::menu_window("Waiting for a player").show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(RichText::new(message).size(20.0).color(AMBER));
            ui.label(RichText::new("Esc opens the menu").small().color(DIM));
        });
    });
}
