//! Presentation: the menus and the HUD, drawn with egui over the finished frame. Screens
//! are drawn from plain data — the shell's [`Flow`], the sim's [`Hud`], the settings — and
//! return what the player chose as an [`Intent`]; nothing here changes game state or
//! reaches into the simulation. [`layer`] joins egui to the window and the GPU.

pub mod designer;
pub mod hud;
pub mod keys;
pub mod layer;
pub mod match_menu;
pub mod menus;
pub mod notices;
pub mod online;
pub mod rebind;
pub mod settings_panel;
pub mod theme;
pub mod title;

use crate::game::Control;
use crate::game::Hud;
use crate::screens::flow::{Flow, Intent, Screen, SettingsBack};
use crate::screens::pad_bindings::PadInput;
use crate::screens::settings::Settings;
pub use layer::{UiInput, UiPainter};
pub use notices::Notices;
use rebind::{Capture, Press};
use settings_panel::BindingsTab;

/// What the UI keeps between frames.
#[derive(Debug, Default)]
pub struct UiState {
    /// Key rebinding in progress.
    pub capture: Capture,
    /// Gamepad rebinding in progress.
    pub pad_capture: Capture<PadInput>,
    /// What the last rebinding did.
    pub rebind_note: Option<String>,
    /// Whose keys or gamepad the settings screen shows and rebinds.
    pub tab: BindingsTab,
    /// Messages for the player.
    pub notices: Notices,
    /// The online form as typed, and whether leaving a match is being asked.
    pub online_form: online::OnlineForm,
    /// What the player chose on the online screens this frame (taken by the window).
    pub online_choice: Option<crate::screens::online::OnlineIntent>,
    /// The screen drawn last frame (a new screen puts focus on its first button).
    last_screen: Option<Screen>,
    /// The online step drawn last frame, likewise.
    last_online: Option<std::mem::Discriminant<crate::screens::online::OnlineScreen>>,
}

/// What one frame of UI shows.
pub struct UiFrame<'a> {
    /// The screens' state.
    pub flow: &'a Flow,
    /// The HUD of the level being played, if one is loaded.
    pub hud: Option<&'a Hud>,
    /// In a match, each player's HUD with their view's rectangle (pixels); when not
    /// empty it is drawn instead of `hud`.
    pub player_huds: &'a [(crate::render::ViewRect, Hud)],
    /// The settings (the settings screen edits them).
    pub settings: &'a mut Settings,
    /// Gamepads connected.
    pub pads: usize,
    /// Vsync is off for this run whatever the setting says.
    pub vsync_forced_off: bool,
    /// The glow is set for this run whatever the setting says.
    pub glow_forced: bool,
    /// Seconds since the game started (blinking, toasts).
    pub time: f64,
    /// The debug overlay and the view it is drawn in, when it is on.
    pub debug: Option<(
        &'a crate::render::debug_overlay::DebugOverlay,
        crate::render::View,
    )>,
    /// The errors of a level file that failed to reload.
    pub level_error: Option<&'a str>,
    /// Online play, while its screens show.
    pub online: Option<online::OnlineView<'a>>,
}

impl UiState {
    /// Whether a rebinding waits for a key or a pad input: key presses then go to
    /// [`UiState::rebind_key`] alone.
    pub fn capturing(&self) -> bool {
        self.capture.is_active() || self.pad_capture.is_active()
    }

    /// Offers a key press (physical key name) to the rebinding; true if it was taken. While
    /// a pad input is awaited, Escape cancels, Delete clears the slot and other keys do
    /// nothing.
    pub fn rebind_key(&mut self, settings: &mut Settings, key: &str) -> bool {
        if let BindingsTab::Pad(seat) = self.tab {
            let pad = settings.pad_mut(seat);
            return match key {
                _ if !self.pad_capture.is_active() => false,
                rebind::CANCEL_KEY => self.pad_capture.cancel() != Press::Ignored,
                rebind::CLEAR_KEY => {
                    self.pad_capture.clear(&mut pad.inputs);
                    self.rebind_note = Some("Slot cleared.".to_string());
                    true
                }
                _ => true,
            };
        }
        let BindingsTab::Keys(set) = self.tab else {
            return false;
        };
        let target = self.capture.target();
        match self.capture.press(settings.keys_mut(set), key) {
            Press::Ignored => false,
            Press::Bound { taken_from } => {
                let (control, _) = target.unwrap_or((Control::Menu, 0));
                let other_side = settings.take_from_other_side(set, key);
                self.rebind_note = Some(match taken_from {
                    None if other_side.is_some() => format!(
                        "{} now does {} (taken from the other side's {}).",
                        keys::key_label(key),
                        keys::control_label(control),
                        keys::control_label(other_side.unwrap_or(control))
                    ),
                    from => bound_note(&keys::key_label(key), control, from),
                });
                true
            }
            Press::Cleared => {
                self.rebind_note = Some("Slot cleared.".to_string());
                true
            }
            Press::Cancelled | Press::Conflict { .. } => true,
        }
    }

    /// Offers a pad input pressed on a gamepad to the gamepad rebinding; true if it was
    /// taken.
    pub fn rebind_pad(&mut self, settings: &mut Settings, input: PadInput) -> bool {
        let BindingsTab::Pad(seat) = self.tab else {
            return false;
        };
        let target = self.pad_capture.target();
        match self
            .pad_capture
            .press_input(&mut settings.pad_mut(seat).inputs, input)
        {
            Press::Ignored => false,
            Press::Bound { taken_from } => {
                let (control, _) = target.unwrap_or((Control::Menu, 0));
                self.rebind_note = Some(bound_note(keys::pad_label(input), control, taken_from));
                true
            }
            _ => true,
        }
    }
    /// Draws the screens of `frame`; returns what the player chose, if anything.
    pub fn draw(&mut self, ctx: &egui::Context, frame: UiFrame<'_>) -> Option<Intent> {
        let screen = frame.flow.screen;
        // A new screen, or a click that left nothing focused, puts keyboard and gamepad
        // focus back on the screen's first button.
        let focus = self.last_screen != Some(screen) || ctx.memory(|m| m.focused().is_none());
        self.last_screen = Some(screen);
        let in_level = !matches!(
            screen,
            Screen::Title
                | Screen::TwoPlayers
                | Screen::Settings {
                    back: SettingsBack::Title
                }
        );
        if in_level && !frame.player_huds.is_empty() {
            draw_player_huds(ctx, frame.player_huds, frame.time);
        } else if let Some(hud) = frame.hud.filter(|_| in_level) {
            hud::draw(ctx, hud, frame.time);
        }
        if let Some((overlay, view)) = frame.debug.filter(|_| in_level) {
            designer::draw_debug(ctx, overlay, &view);
        }
        if let Some(error) = frame.level_error.filter(|_| in_level) {
            designer::draw_level_error(ctx, error);
        }
        let chosen = match screen {
            Screen::Title => title::draw(ctx, frame.flow, focus),
            Screen::TwoPlayers => {
                match_menu::draw(ctx, &frame.flow.match_menu, frame.settings, focus)
            }
            Screen::WaitingForDevice => {
                if let Some(m) = frame.flow.match_menu.seats.waiting_message() {
                    match_menu::waiting(ctx, &m);
                }
                None
            }
            Screen::Online => {
                if let Some(view) = &frame.online {
                    let step = std::mem::discriminant(view.screen);
                    let fresh = focus || self.last_online != Some(step);
                    self.last_online = Some(step);
                    self.online_choice = online::draw(ctx, view, &mut self.online_form, fresh);
                }
                None
            }
            Screen::Playing => None,
            Screen::Paused => menus::pause(ctx, focus),
            Screen::Settings { .. } => settings_panel::draw(
                ctx,
                frame.settings,
                settings_panel::SettingsView {
                    capture: &mut self.capture,
                    pad_capture: &mut self.pad_capture,
                    tab: &mut self.tab,
                    note: &mut self.rebind_note,
                    pads: frame.pads,
                    vsync_forced_off: frame.vsync_forced_off,
                    glow_forced: frame.glow_forced,
                },
                focus,
            ),
            Screen::Won(info) => menus::won(ctx, &info, focus),
            Screen::Lost => menus::lost(ctx, focus),
        };
        if !matches!(screen, Screen::Settings { .. }) {
            self.capture = Capture::Idle;
            self.pad_capture = Capture::Idle;
        }
        self.notices.draw(ctx, frame.time);
        chosen
    }
}

/// What a rebinding did, in words: `input` now does `control`, taken from `from`.
fn bound_note(input: &str, control: Control, from: Option<Control>) -> String {
    match from {
        Some(from) => format!(
            "{input} now does {} (taken from {}).",
            keys::control_label(control),
            keys::control_label(from)
        ),
        None => format!("{input} now does {}.", keys::control_label(control)),
    }
}

/// Each player's HUD inside their view, tagged with their ship's colour.
fn draw_player_huds(ctx: &egui::Context, huds: &[(crate::render::ViewRect, Hud)], time: f64) {
    let per_point = ctx.pixels_per_point().max(1e-3);
    for (player, (r, h)) in huds.iter().enumerate() {
        if r.is_empty() {
            continue;
        }
        let area = egui::Rect::from_min_size(
            egui::pos2(r.x as f32, r.y as f32) / per_point,
            egui::vec2(r.width as f32, r.height as f32) / per_point,
        );
        let c = crate::render::renderer::SHIP_COLORS[player % 4];
        let color = egui::Color32::from_rgb(
            (c[0].min(1.0) * 255.0) as u8,
            (c[1].min(1.0) * 255.0) as u8,
            (c[2].min(1.0) * 255.0) as u8,
        );
        let tag = hud::PlayerTag { player, color };
        hud::draw_in(ctx, h, area, Some(tag), time);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::pad_bindings::PadBindings;
    use crate::screens::settings::KeySet;

    #[test]
    fn a_pad_input_rebinds_player_2s_pad_alone_and_the_note_says_from_where() {
        let mut ui = UiState {
            tab: BindingsTab::Pad(1),
            pad_capture: Capture::start_among(Control::Fire, 0, 3),
            ..UiState::default()
        };
        let mut s = Settings::default();
        assert!(ui.capturing());
        // South is thrust's: a conflict, then taken on the second press.
        assert!(ui.rebind_pad(&mut s, PadInput::South));
        assert_eq!(s.gamepad_2, PadBindings::default());
        assert!(ui.rebind_pad(&mut s, PadInput::South));
        assert_eq!(s.gamepad_2.control(PadInput::South), Some(Control::Fire));
        assert_eq!(s.gamepad_1, PadBindings::default());
        assert_eq!(
            ui.rebind_note.as_deref(),
            Some("South (A) now does Fire laser (taken from Thrust).")
        );
        assert!(!ui.capturing());
        // Not waiting: a pad press is not the rebinding's.
        assert!(!ui.rebind_pad(&mut s, PadInput::North));
    }

    #[test]
    fn escape_and_delete_work_the_pad_rebinding_and_other_keys_do_nothing() {
        let mut ui = UiState {
            tab: BindingsTab::Pad(0),
            pad_capture: Capture::start_among(Control::Tractor, 0, 3),
            ..UiState::default()
        };
        let mut s = Settings::default();
        assert!(ui.rebind_key(&mut s, "KeyW"));
        assert!(ui.capturing());
        assert_eq!(s, Settings::default());
        assert!(ui.rebind_key(&mut s, "Escape"));
        assert!(!ui.capturing());
        assert_eq!(s, Settings::default());
        ui.pad_capture = Capture::start_among(Control::Tractor, 0, 3);
        assert!(ui.rebind_key(&mut s, "Delete"));
        assert_eq!(
            s.gamepad_1.inputs_of(Control::Tractor),
            [PadInput::LeftTrigger, PadInput::LeftBumper]
        );
        assert!(!ui.rebind_key(&mut s, "Escape"));
        // The key tabs still rebind keys.
        ui.tab = BindingsTab::Keys(KeySet::Solo);
        ui.capture = Capture::start(Control::Fire, 1);
        assert!(ui.rebind_key(&mut s, "KeyK"));
        assert_eq!(s.bindings.control("KeyK"), Some(Control::Fire));
        assert_eq!(ui.rebind_note.as_deref(), Some("K now does Fire laser."));
    }
}
