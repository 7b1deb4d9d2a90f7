//! The window's input: keys (game controls by binding, Escape for the menus, fullscreen,
//! zoom) and gamepad news (connections, Start or a bound menu input, menu navigation, and
//! presses for the settings' gamepad rebinding). Flying itself reads the held keys and the
//! pads' state each step, in the window's loop.

use super::App;
use crate::app::flow::{Intent, Screen};
use crate::app::gamepad::{self, PadEvent};
use crate::game::Control;
use crate::screens::match_menu::{MatchChoice, MatchStep};
use crate::screens::seats::Device;
use winit::event_loop::ActiveEventLoop;
use winit::keyboard::KeyCode;
use winit::window::Fullscreen;

impl App {
    pub(super) fn toggle_fullscreen(&mut self) {
        self.shell.settings.fullscreen = !self.shell.settings.fullscreen;
        self.apply_display_settings();
        self.shell.save_settings(self.now());
    }

    /// Makes the window match the fullscreen, vsync and glow settings.
    pub(super) fn apply_display_settings(&mut self) {
        if let Some(g) = &mut self.graphics {
            let want = self.shell.settings.fullscreen;
            if g.window.fullscreen().is_some() != want {
                g.window
                    .set_fullscreen(want.then_some(Fullscreen::Borderless(None)));
            }
            g.set_vsync(self.shell.settings.vsync && self.options.vsync);
            let glow = self.options.glow.or(self.shell.settings.glow.glow());
            g.set_glow(glow);
        }
    }

    pub(super) fn key(
        &mut self,
        event_loop: &ActiveEventLoop,
        code: KeyCode,
        down: bool,
        repeat: bool,
    ) {
        let fresh = down && !repeat;
        let name = format!("{code:?}");
        match code {
            KeyCode::F11 if fresh => return self.toggle_fullscreen(),
            KeyCode::F1 if fresh => {
                self.debug_overlay = !self.debug_overlay;
                return;
            }
            KeyCode::F5 if fresh => return self.choose(event_loop, Intent::SaveReplay),
            KeyCode::Enter | KeyCode::NumpadEnter if fresh && self.modifiers.alt_key() => {
                return self.toggle_fullscreen()
            }
            KeyCode::KeyQ if fresh && self.shell.flow.screen == Screen::Paused => {
                return self.choose(event_loop, Intent::Quit)
            }
            _ => {}
        }
        if fresh && self.two_player_key(event_loop, &name) {
            return;
        }
        if self.shell.flow.screen == Screen::Online {
            if fresh && code == KeyCode::Escape {
                return self.online_escape(event_loop);
            }
            self.shell
                .held
                .key(&self.shell.settings.bindings, &name, down);
            return;
        }
        let flying = self.shell.flow.is_flying();
        let menu_key = code == KeyCode::Escape
            || self.shell.settings.bindings.control(&name) == Some(Control::Menu);
        if fresh && menu_key {
            if let Some(intent) = self.shell.flow.back_intent() {
                return self.choose(event_loop, intent);
            }
        }
        if !flying {
            return;
        }
        if let Some(s) = &mut self.shell.session {
            match code {
                KeyCode::Equal | KeyCode::NumpadAdd if fresh => s.zoom_by(1.0 / 1.2),
                KeyCode::Minus | KeyCode::NumpadSubtract if fresh => s.zoom_by(1.2),
                _ => {}
            }
        }
        self.shell
            .held
            .key(&self.shell.settings.bindings, &name, down);
    }

    /// A key pressed on the join screen, or while a match waits for a device: fire on a
    /// side of the keyboard joins (or takes the waiting seat) with that side. Returns
    /// whether the key was used.
    fn two_player_key(&mut self, event_loop: &ActiveEventLoop, name: &str) -> bool {
        let joining = self.shell.flow.screen == Screen::TwoPlayers
            && matches!(self.shell.flow.match_menu.step, MatchStep::Join { .. });
        let waiting = self.shell.flow.screen == Screen::WaitingForDevice;
        if !(joining || waiting) {
            return false;
        }
        let s = &self.shell.settings;
        let device = if s.keyboard_left.control(name) == Some(Control::Fire) {
            Device::KeyboardLeft
        } else if s.keyboard_right.control(name) == Some(Control::Fire) {
            Device::KeyboardRight
        } else {
            return false;
        };
        self.device_fire(event_loop, device);
        true
    }

    /// Fire pressed on `device` in the two-player screens.
    fn device_fire(&mut self, event_loop: &ActiveEventLoop, device: Device) {
        match self.shell.flow.screen {
            Screen::TwoPlayers => self.choose(event_loop, Intent::Match(MatchChoice::Fire(device))),
            Screen::WaitingForDevice => self.choose(event_loop, Intent::DeviceBack(device)),
            _ => {}
        }
    }

    pub(super) fn pad_events(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        let flow = &self.shell.flow;
        let events = self
            .pads
            .poll(&self.shell.settings, |id| gamepad::seat_of(flow, id));
        for e in events {
            let flying = self.shell.flow.is_flying();
            // While the settings wait for a pad input, the pads' presses go there alone.
            if self.shell.ui.pad_capture.is_active()
                && !matches!(e, PadEvent::Connected(..) | PadEvent::Disconnected(..))
            {
                if let PadEvent::Pressed(_, input) = e {
                    self.shell.ui.rebind_pad(&mut self.shell.settings, input);
                }
                continue;
            }
            match e {
                PadEvent::Connected(id, name) => {
                    self.shell
                        .ui
                        .notices
                        .toast(format!("Gamepad connected: {name}"), now);
                    if self.shell.flow.is_match() {
                        self.choose(event_loop, Intent::DeviceBack(Device::Gamepad(id)));
                    }
                }
                PadEvent::Disconnected(id, name) => {
                    self.shell
                        .ui
                        .notices
                        .toast(format!("Gamepad disconnected: {name}"), now);
                    let pad = Device::Gamepad(id);
                    let seated = self.shell.flow.match_menu.seats.player_of(pad).is_some();
                    if self.shell.flow.is_match() {
                        if seated {
                            self.choose(event_loop, Intent::DeviceLost(pad));
                        }
                    } else if self.shell.flow.screen == Screen::TwoPlayers {
                        if seated {
                            self.choose(event_loop, Intent::Match(MatchChoice::Leave(pad)));
                        }
                    } else if flying {
                        self.choose(event_loop, Intent::Pause);
                    }
                }
                PadEvent::Fire(id) => self.device_fire(event_loop, Device::Gamepad(id)),
                // Online, Start asks before leaving a match; East (often a game control)
                // goes back only outside one.
                PadEvent::Start if self.shell.flow.screen == Screen::Online => {
                    self.online_escape(event_loop);
                }
                PadEvent::Back
                    if self.shell.flow.screen == Screen::Online && !self.online_playing() =>
                {
                    self.online_escape(event_loop);
                }
                PadEvent::Start | PadEvent::Menu if flying || e == PadEvent::Start => {
                    if let Some(intent) = self.shell.flow.back_intent() {
                        self.choose(event_loop, intent);
                    }
                }
                PadEvent::Back if !flying => {
                    if let Some(intent) = self.shell.flow.back_intent() {
                        self.choose(event_loop, intent);
                    }
                }
                PadEvent::Confirm
                | PadEvent::Up
                | PadEvent::Down
                | PadEvent::Left
                | PadEvent::Right
                    if !flying =>
                {
                    if let Some(g) = &mut self.graphics {
                        g.ui_input.push_key(match e {
                            PadEvent::Up => egui::Key::ArrowUp,
                            PadEvent::Down => egui::Key::ArrowDown,
                            PadEvent::Left => egui::Key::ArrowLeft,
                            PadEvent::Right => egui::Key::ArrowRight,
                            _ => egui::Key::Enter,
                        });
                    }
                }
                _ => {}
            }
        }
    }
}
