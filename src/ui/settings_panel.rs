//! The settings screen: master, effects and music volume, fullscreen and vsync, the gamepad dead
//! zone, rewind on or off, and the key bindings of the one player and of each side of a
//! keyboard two players share (click a slot, press a key; conflicts are shown and must be
//! confirmed). It edits the settings in place; the window applies and saves the changes.

use super::keys::{control_label, key_label};
use super::rebind::{keys_of, Capture, SLOTS};
use super::theme::{self, AMBER, CYAN, DIM, RED};
use crate::game::{Bindings, Control};
use crate::screens::flow::Intent;
use crate::screens::settings::{KeySet, Settings};
use egui::RichText;

/// What the settings screen needs besides the settings.
pub struct SettingsView<'a> {
    /// Rebinding in progress.
    pub capture: &'a mut Capture,
    /// Whose keys are shown.
    pub key_set: &'a mut KeySet,
    /// What the last rebinding did, in words.
    pub note: &'a mut Option<String>,
    /// Gamepads connected now.
    pub pads: usize,
    /// Vsync is off for this run whatever the setting says (`--no-vsync`).
    pub vsync_forced_off: bool,
}

fn percent(ui: &mut egui::Ui, label: &str, value: &mut f32, max: f32) {
    ui.label(label);
    ui.add(
        egui::Slider::new(value, 0.0..=max)
            .custom_formatter(|v, _| format!("{:.0}%", v * 100.0))
            .custom_parser(|t| {
                t.trim_end_matches('%')
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .map(|v| v / 100.0)
            }),
    );
    ui.end_row();
}

fn general(ui: &mut egui::Ui, settings: &mut Settings, view: &SettingsView<'_>) {
    egui::Grid::new("settings grid")
        .num_columns(2)
        .spacing([16.0, 10.0])
        .show(ui, |ui| {
            percent(ui, "Master volume", &mut settings.master_volume, 1.0);
            percent(ui, "Effects volume", &mut settings.effects_volume, 1.0);
            percent(ui, "Music volume", &mut settings.music_volume, 1.0);
            ui.label("Fullscreen");
            ui.checkbox(&mut settings.fullscreen, "F11 or Alt+Enter");
            ui.end_row();
            ui.label("Vsync");
            ui.checkbox(&mut settings.vsync, "wait for the display");
            ui.end_row();
            if view.vsync_forced_off {
                ui.label("");
                ui.label(
                    RichText::new("off for this run (--no-vsync)")
                        .small()
                        .color(DIM),
                );
                ui.end_row();
            }
            percent(ui, "Stick dead zone", &mut settings.gamepad_dead_zone, 0.9);
            ui.label("");
            let pads = match view.pads {
                0 => "no gamepad connected".to_string(),
                1 => "1 gamepad connected".to_string(),
                n => format!("{n} gamepads connected"),
            };
            ui.label(RichText::new(pads).small().color(DIM));
            ui.end_row();
            ui.label("Rewind");
            ui.checkbox(&mut settings.rewind, "hold to run time back (10 s)");
            ui.end_row();
        });
}

/// Draws the settings; returns [`Intent::CloseSettings`] when the player leaves.
pub fn draw(
    ctx: &egui::Context,
    settings: &mut Settings,
    view: SettingsView<'_>,
    focus: bool,
) -> Option<Intent> {
    theme::veil(ctx);
    let mut chosen = None;
    theme::menu_window("Settings").show(ctx, |ui| {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.label(RichText::new("Sound, display, gamepad").color(CYAN));
                general(ui, settings, &view);
            });
            ui.add_space(28.0);
            ui.vertical(|ui| {
                ui.label(RichText::new("Keys").color(CYAN));
                ui.horizontal(|ui| {
                    for set in KeySet::ALL {
                        let picked = *view.key_set == set;
                        if ui.selectable_label(picked, set.label()).clicked() && !picked {
                            *view.key_set = set;
                            *view.capture = Capture::Idle;
                            *view.note = None;
                        }
                    }
                });
                let set = *view.key_set;
                bindings(ui, settings.keys_mut(set), set, view.capture, view.note);
            });
        });
        ui.separator();
        ui.vertical_centered(|ui| {
            let back = theme::menu_button(ui, "Back");
            if focus {
                back.request_focus();
            }
            if back.clicked() && !view.capture.is_active() {
                chosen = Some(Intent::CloseSettings);
            }
        });
    });
    chosen
}

/// The controls a set of keys binds: a match has no rewind, and Escape pauses it.
fn controls_of(set: KeySet) -> &'static [Control] {
    match set {
        KeySet::Solo => &Control::ALL,
        KeySet::Left | KeySet::Right => &Control::ALL[..5],
    }
}

/// The keys of `set` before the player changed them.
fn defaults(set: KeySet) -> Bindings {
    match set {
        KeySet::Solo => Bindings::default(),
        KeySet::Left => Bindings::keyboard_left(),
        KeySet::Right => Bindings::keyboard_right(),
    }
}

fn bindings(
    ui: &mut egui::Ui,
    b: &mut Bindings,
    set: KeySet,
    capture: &mut Capture,
    note: &mut Option<String>,
) {
    ui.set_max_width(420.0);
    let conflicts = b.conflicts();
    egui::Grid::new("bindings grid")
        .num_columns(1 + SLOTS)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for &control in controls_of(set) {
                let keys = keys_of(b, control);
                let clash = conflicts.iter().any(|(_, cs)| cs.contains(&control));
                let color = if clash {
                    RED
                } else if keys.is_empty() {
                    AMBER
                } else {
                    ui.visuals().text_color()
                };
                ui.label(RichText::new(control_label(control)).color(color));
                for slot in 0..SLOTS {
                    let waiting = capture.target() == Some((control, slot));
                    let text = match (waiting, keys.get(slot)) {
                        (true, _) => RichText::new("press a key…").color(AMBER),
                        (false, Some(k)) => RichText::new(key_label(k)),
                        (false, None) => RichText::new("—").color(DIM),
                    };
                    let button = egui::Button::new(text)
                        .min_size(egui::vec2(120.0, 30.0))
                        .selected(waiting);
                    if ui.add(button).clicked() {
                        *capture = Capture::start(control, slot);
                        *note = None;
                    }
                }
                ui.end_row();
            }
        });
    if let Capture::Conflict {
        key,
        owner,
        control,
        ..
    } = capture
    {
        ui.label(
            RichText::new(format!(
                "{} is already {}. Press it again to move it to {}, or Esc to cancel.",
                key_label(key),
                control_label(*owner),
                control_label(*control)
            ))
            .color(AMBER),
        );
    } else if capture.is_active() {
        ui.label(RichText::new("Press a key. Delete clears the slot, Esc cancels.").color(DIM));
    } else if let Some(n) = note {
        ui.label(RichText::new(n.as_str()).color(DIM));
    } else {
        ui.label(
            RichText::new("Click a slot, then press a key. Esc always opens the menu.")
                .small()
                .color(DIM),
        );
    }
    for (key, controls) in &conflicts {
        let names: Vec<&str> = controls.iter().map(|c| control_label(*c)).collect();
        ui.label(
            RichText::new(format!(
                "Conflict: {} does {} (only the first acts).",
                key_label(key),
                names.join(" and ")
            ))
            .color(RED),
        );
    }
    if ui.button("Reset keys to defaults").clicked() {
        *b = defaults(set);
        *capture = Capture::Idle;
        *note = Some("Keys reset to the defaults.".to_string());
    }
}
