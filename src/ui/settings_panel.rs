//! The settings screen: master, effects and music volume, fullscreen and vsync, the gamepad dead
//! zone, rewind on or off, the key bindings of the one player and of each side of a
//! keyboard two players share, and each player's gamepad bindings (click a slot, press a
//! key or a pad input; conflicts are shown and must be confirmed). It edits the settings in
//! place; the window applies and saves the changes.

use super::keys::{control_label, key_label, pad_label};
use super::rebind::{inputs_of, Capture, SLOTS};
use super::theme::{self, AMBER, CYAN, DIM, RED};
use crate::game::{Bindings, Control};
use crate::screens::flow::Intent;
use crate::screens::pad_bindings::{PadBindings, PadInput, PAD_SLOTS};
use crate::screens::settings::{GlowChoice, KeySet, Settings};
use egui::RichText;

/// Which bindings the settings screen shows: a set of keys, or a player's gamepad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingsTab {
    /// A set of keys.
    Keys(KeySet),
    /// A player's gamepad, by 0-based seat (player 1's is the one player's too).
    Pad(usize),
}

impl Default for BindingsTab {
    fn default() -> BindingsTab {
        BindingsTab::Keys(KeySet::Solo)
    }
}

impl BindingsTab {
    /// Every tab, in the settings screen's order.
    pub const ALL: [BindingsTab; 5] = [
        BindingsTab::Keys(KeySet::Solo),
        BindingsTab::Keys(KeySet::Left),
        BindingsTab::Keys(KeySet::Right),
        BindingsTab::Pad(0),
        BindingsTab::Pad(1),
    ];

    /// The tab in words.
    pub fn label(self) -> String {
        match self {
            BindingsTab::Keys(set) => set.label().to_string(),
            BindingsTab::Pad(seat) => format!("Gamepad: player {}", seat + 1),
        }
    }
}

/// What the settings screen needs besides the settings.
pub struct SettingsView<'a> {
    /// Key rebinding in progress.
    pub capture: &'a mut Capture,
    /// Gamepad rebinding in progress.
    pub pad_capture: &'a mut Capture<PadInput>,
    /// Whose bindings are shown.
    pub tab: &'a mut BindingsTab,
    /// What the last rebinding did, in words.
    pub note: &'a mut Option<String>,
    /// Gamepads connected now.
    pub pads: usize,
    /// Vsync is off for this run whatever the setting says (`--no-vsync`).
    pub vsync_forced_off: bool,
    /// The glow is set for this run whatever the setting says (`--glow`).
    pub glow_forced: bool,
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
            ui.label("Glow");
            egui::ComboBox::from_id_salt("glow")
                .selected_text(settings.glow.label())
                .show_ui(ui, |ui| {
                    for choice in GlowChoice::ALL {
                        ui.selectable_value(&mut settings.glow, choice, choice.label());
                    }
                });
            ui.end_row();
            if view.glow_forced {
                ui.label("");
                ui.label(
                    RichText::new("set for this run (--glow)")
                        .small()
                        .color(DIM),
                );
                ui.end_row();
            }
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
                ui.label(RichText::new("Keys and gamepads").color(CYAN));
                ui.horizontal_wrapped(|ui| {
                    ui.set_max_width(560.0);
                    for tab in BindingsTab::ALL {
                        let picked = *view.tab == tab;
                        if ui.selectable_label(picked, tab.label()).clicked() && !picked {
                            *view.tab = tab;
                            *view.capture = Capture::Idle;
                            *view.pad_capture = Capture::Idle;
                            *view.note = None;
                        }
                    }
                });
                match *view.tab {
                    BindingsTab::Keys(set) => {
                        keys(ui, settings.keys_mut(set), set, view.capture, view.note)
                    }
                    BindingsTab::Pad(seat) => pad(
                        ui,
                        settings.pad_mut(seat),
                        seat,
                        view.pad_capture,
                        view.note,
                    ),
                }
            });
        });
        ui.separator();
        ui.vertical_centered(|ui| {
            let back = theme::menu_button(ui, "Back");
            if focus {
                back.request_focus();
            }
            if back.clicked() && !view.capture.is_active() && !view.pad_capture.is_active() {
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

/// The words of a bindings table: what it binds, in the player's terms.
struct Words {
    /// Shown in the slot waiting for an input.
    waiting: &'static str,
    /// Shown while waiting.
    help: &'static str,
    /// Shown when nothing is going on.
    idle: &'static str,
    /// The reset button.
    reset: &'static str,
}

fn keys(
    ui: &mut egui::Ui,
    b: &mut Bindings,
    set: KeySet,
    capture: &mut Capture,
    note: &mut Option<String>,
) {
    let conflicts = b.conflicts();
    let words = Words {
        waiting: "press a key…",
        help: "Press a key. Delete clears the slot, Esc cancels.",
        idle: "Click a slot, then press a key. Esc always opens the menu.",
        reset: "Reset keys to defaults",
    };
    let label = |k: &String| key_label(k);
    let table = Table {
        controls: controls_of(set),
        slots: SLOTS,
        label: &label,
        words: &words,
    };
    if table.show(ui, &mut b.keys, &conflicts, capture, note) {
        *b = defaults(set);
        *note = Some("Keys reset to the defaults.".to_string());
    }
}

fn pad(
    ui: &mut egui::Ui,
    b: &mut PadBindings,
    seat: usize,
    capture: &mut Capture<PadInput>,
    note: &mut Option<String>,
) {
    let conflicts = b.conflicts();
    let words = Words {
        waiting: "press on the pad…",
        help: "Press a button, a trigger or a stick direction on the pad. Delete clears the slot, Esc cancels.",
        idle: "Click a slot, then press on the pad. Whatever the bindings, Start opens the menu and the d-pad, South (A) and East (B) work the menus.",
        reset: "Reset gamepad to defaults",
    };
    // A match has no rewind: player 2 never needs it.
    let controls: Vec<Control> = Control::ALL
        .into_iter()
        .filter(|c| seat == 0 || *c != Control::Rewind)
        .collect();
    let label = |i: &PadInput| pad_label(*i).to_string();
    let table = Table {
        controls: &controls,
        slots: PAD_SLOTS,
        label: &label,
        words: &words,
    };
    if seat == 0 {
        ui.label(
            RichText::new("Player 1's pad is the one player's too.")
                .small()
                .color(DIM),
        );
    }
    if table.show(ui, &mut b.inputs, &conflicts, capture, note) {
        *b = PadBindings::default();
        *note = Some("Gamepad reset to the defaults.".to_string());
    }
}

/// A grid of controls and their slots, for keys or pad inputs `K`.
struct Table<'a, K> {
    controls: &'a [Control],
    slots: usize,
    label: &'a dyn Fn(&K) -> String,
    words: &'a Words,
}

impl<K: Clone + PartialEq> Table<'_, K> {
    /// Draws the grid, the rebinding's state and the conflicts; returns whether the
    /// player asked for the defaults back (the capture is stopped then).
    fn show(
        &self,
        ui: &mut egui::Ui,
        pairs: &mut [(K, Control)],
        conflicts: &[(K, Vec<Control>)],
        capture: &mut Capture<K>,
        note: &mut Option<String>,
    ) -> bool {
        ui.set_max_width(140.0 + 130.0 * self.slots as f32);
        egui::Grid::new("bindings grid")
            .num_columns(1 + self.slots)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                for &control in self.controls {
                    let bound = inputs_of(pairs, control);
                    let clash = conflicts.iter().any(|(_, cs)| cs.contains(&control));
                    let color = if clash {
                        RED
                    } else if bound.is_empty() {
                        AMBER
                    } else {
                        ui.visuals().text_color()
                    };
                    ui.label(RichText::new(control_label(control)).color(color));
                    for slot in 0..self.slots {
                        let waiting = capture.target() == Some((control, slot));
                        let text = match (waiting, bound.get(slot)) {
                            (true, _) => RichText::new(self.words.waiting).color(AMBER),
                            (false, Some(k)) => RichText::new((self.label)(k)),
                            (false, None) => RichText::new("—").color(DIM),
                        };
                        let button = egui::Button::new(text)
                            .min_size(egui::vec2(120.0, 30.0))
                            .selected(waiting);
                        if ui.add(button).clicked() {
                            *capture = Capture::start_among(control, slot, self.slots);
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
                    (self.label)(key),
                    control_label(*owner),
                    control_label(*control)
                ))
                .color(AMBER),
            );
        } else if capture.is_active() {
            ui.label(RichText::new(self.words.help).color(DIM));
        } else if let Some(n) = note {
            ui.label(RichText::new(n.as_str()).color(DIM));
        } else {
            ui.label(RichText::new(self.words.idle).small().color(DIM));
        }
        for (key, controls) in conflicts {
            let names: Vec<&str> = controls.iter().map(|c| control_label(*c)).collect();
            ui.label(
                RichText::new(format!(
                    "Conflict: {} does {} (only the first acts).",
                    (self.label)(key),
                    names.join(" and ")
                ))
                .color(RED),
            );
        }
        let reset = ui.button(self.words.reset).clicked();
        if reset {
            *capture = Capture::Idle;
        }
        reset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text the settings screen draws in one pass, with `tab` shown and `pad_capture`
    /// under way.
    fn texts(settings: &mut Settings, tab: BindingsTab, pad_capture: Capture<PadInput>) -> String {
        let ctx = egui::Context::default();
        let (mut capture, mut pad_capture, mut tab, mut note) =
            (Capture::Idle, pad_capture, tab, None);
        // A window sizes itself on its first pass and is drawn from the second.
        let mut out = egui::FullOutput::default();
        for _ in 0..2 {
            out.textures_delta.clear();
            out = ctx.run_pass(egui::RawInput::default(), |ctx| {
                let view = SettingsView {
                    capture: &mut capture,
                    pad_capture: &mut pad_capture,
                    tab: &mut tab,
                    note: &mut note,
                    pads: 1,
                    vsync_forced_off: false,
                    glow_forced: false,
                };
                assert_eq!(draw(ctx, settings, view, true), None);
            });
        }
        fn collect(shape: &egui::Shape, into: &mut Vec<String>) {
            match shape {
                egui::Shape::Text(t) => into.push(t.galley.text().to_string()),
                egui::Shape::Vec(v) => v.iter().for_each(|s| collect(s, into)),
                _ => {}
            }
        }
        // No painter here: the font atlas is not uploaded anywhere.
        out.textures_delta.clear();
        let mut all = Vec::new();
        out.shapes.iter().for_each(|c| collect(&c.shape, &mut all));
        all.join("\n")
    }

    #[test]
    fn the_gamepad_tab_shows_the_pads_bindings_and_waits_for_a_press() {
        let mut s = Settings::default();
        s.gamepad_2
            .inputs
            .push((PadInput::RightStickUp, Control::Fire));
        let shown = texts(&mut s, BindingsTab::Pad(1), Capture::Idle);
        for tab in BindingsTab::ALL {
            assert!(
                shown.contains(&tab.label()),
                "{} missing:\n{shown}",
                tab.label()
            );
        }
        assert!(shown.contains("Right stick up") && shown.contains("West (X)"));
        assert!(shown.contains("Reset gamepad to defaults"));
        // Player 2 has no rewind to bind; player 1 has.
        assert!(!shown.contains("Rewind (hold)"));
        let waiting = Capture::start_among(Control::Thrust, 1, PAD_SLOTS);
        let shown = texts(&mut s, BindingsTab::Pad(0), waiting);
        assert!(shown.contains("Rewind (hold)") && shown.contains("North (Y)"));
        assert!(shown.contains("press on the pad…"), "{shown}");
        // The key tabs are as they were.
        let shown = texts(&mut s, BindingsTab::Keys(KeySet::Left), Capture::Idle);
        assert!(shown.contains("Reset keys to defaults") && !shown.contains("West (X)"));
    }

    #[test]
    fn the_glow_row_shows_the_players_choice() {
        let mut s = Settings::default();
        let shown = texts(&mut s, BindingsTab::Keys(KeySet::Solo), Capture::Idle);
        assert!(
            shown.contains("Glow") && shown.contains("Automatic"),
            "{shown}"
        );
        s.glow = GlowChoice::Halo;
        let shown = texts(&mut s, BindingsTab::Keys(KeySet::Solo), Capture::Idle);
        assert!(shown.contains("Halo (fast without a GPU)"), "{shown}");
    }
}
