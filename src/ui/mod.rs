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

use crate::game::Hud;
use crate::screens::flow::{Flow, Intent, Screen, SettingsBack};
use crate::screens::settings::{KeySet, Settings};
pub use layer::{UiInput, UiPainter};
pub use notices::Notices;
use rebind::{Capture, Press};

/// What the UI keeps between frames.
#[derive(Debug, Default)]
pub struct UiState {
    /// Key rebinding in progress.
    pub capture: Capture,
    /// What the last rebinding did.
    pub rebind_note: Option<String>,
    /// Whose keys the settings screen shows and rebinds.
    pub key_set: KeySet,
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
    /// Offers a key press (physical key name) to the key rebinding; true if it was taken.
    pub fn rebind_key(&mut self, settings: &mut Settings, key: &str) -> bool {
        let target = self.capture.target();
        let set = self.key_set;
        match self.capture.press(settings.keys_mut(set), key) {
            Press::Ignored => false,
            Press::Bound { taken_from } => {
                let (control, _) = target.unwrap_or((crate::game::Control::Menu, 0));
                let other_side = settings.take_from_other_side(set, key);
                self.rebind_note = Some(match taken_from {
                    None if other_side.is_some() => format!(
                        "{} now does {} (taken from the other side's {}).",
                        keys::key_label(key),
                        keys::control_label(control),
                        keys::control_label(other_side.unwrap_or(control))
                    ),
                    Some(from) => format!(
                        "{} now does {} (taken from {}).",
                        keys::key_label(key),
                        keys::control_label(control),
                        keys::control_label(from)
                    ),
                    None => format!(
                        "{} now does {}.",
                        keys::key_label(key),
                        keys::control_label(control)
                    ),
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
                    key_set: &mut self.key_set,
                    note: &mut self.rebind_note,
                    pads: frame.pads,
                    vsync_forced_off: frame.vsync_forced_off,
                },
                focus,
            ),
            Screen::Won(info) => menus::won(ctx, &info, focus),
            Screen::Lost => menus::lost(ctx, focus),
        };
        if !matches!(screen, Screen::Settings { .. }) {
            self.capture = Capture::Idle;
        }
        self.notices.draw(ctx, frame.time);
        chosen
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
