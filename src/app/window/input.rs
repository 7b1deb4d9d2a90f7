//! The window's input: keys (game controls by binding, Escape for the menus, fullscreen,
//! zoom) and gamepad news (connections, Start, menu navigation). Flying itself reads the
//! held keys and the pads' state each step, in the window's loop.

use super::App;
use crate::app::flow::{Intent, Screen};
use crate::app::gamepad::PadEvent;
use crate::game::Control;
use winit::event_loop::ActiveEventLoop;
use winit::keyboard::KeyCode;
use winit::window::Fullscreen;

impl App {
    pub(super) fn toggle_fullscreen(&mut self) {
        self.shell.settings.fullscreen = !self.shell.settings.fullscreen;
        self.apply_display_settings();
        self.shell.save_settings(self.now());
    }

    /// Makes the window match the fullscreen and vsync settings.
    pub(super) fn apply_display_settings(&mut self) {
        if let Some(g) = &mut self.graphics {
            let want = self.shell.settings.fullscreen;
            if g.window.fullscreen().is_some() != want {
                g.window
                    .set_fullscreen(want.then_some(Fullscreen::Borderless(None)));
            }
            g.set_vsync(self.shell.settings.vsync && self.options.vsync);
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
                KeyCode::Equal | KeyCode::NumpadAdd if fresh => s.camera.zoom_by(1.0 / 1.2),
                KeyCode::Minus | KeyCode::NumpadSubtract if fresh => s.camera.zoom_by(1.2),
                _ => {}
            }
        }
        self.shell
            .held
            .key(&self.shell.settings.bindings, &name, down);
    }

    pub(super) fn pad_events(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        for e in self.pads.poll() {
            let flying = self.shell.flow.is_flying();
            match e {
                PadEvent::Connected(name) => self
                    .shell
                    .ui
                    .notices
                    .toast(format!("Gamepad connected: {name}"), now),
                PadEvent::Disconnected(name) => {
                    self.shell
                        .ui
                        .notices
                        .toast(format!("Gamepad disconnected: {name}"), now);
                    if flying {
                        self.choose(event_loop, Intent::Pause);
                    }
                }
                PadEvent::Start => {
                    if let Some(intent) = self.shell.flow.back_intent() {
                        self.choose(event_loop, intent);
                    }
                }
                PadEvent::Back if !flying => {
                    if let Some(intent) = self.shell.flow.back_intent() {
                        self.choose(event_loop, intent);
                    }
                }
                PadEvent::Confirm | PadEvent::Up | PadEvent::Down if !flying => {
                    if let Some(g) = &mut self.graphics {
                        g.ui_input.push_key(match e {
                            PadEvent::Up => egui::Key::ArrowUp,
                            PadEvent::Down => egui::Key::ArrowDown,
                            _ => egui::Key::Enter,
                        });
                    }
                }
                _ => {}
            }
        }
    }
}
