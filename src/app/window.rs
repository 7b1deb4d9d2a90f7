//! The game window: a winit 0.30 application that opens on the title screen (or straight
//! into a level), flies levels with the keyboard and gamepads through a fixed-step clock,
//! draws each frame with the body transforms interpolated between the last two steps, and
//! the menus and HUD over it with egui.
//!
//! Holding the rewind key (Backspace, or a pad's North) runs the level back over its last
//! ten seconds, unless the settings turn rewind off; releasing it plays on from there.
//! Escape (or a pad's Start) pauses and resumes, and backs out of the settings; losing
//! focus pauses; Q quits from the pause menu; F11 or Alt+Enter toggles fullscreen; the
//! mouse wheel or +/- zoom.

mod input;
mod online;
use online::{online_scene, online_view};
mod step;

use super::flow::{Command, Intent, Screen};
use super::gamepad::Gamepads;
use super::graphics::Graphics;
use super::shell::Shell;
use crate::audio::synth::Effect;
use crate::game::Actions;
use crate::level::LoadedLevel;
use crate::render::debug_overlay::DebugOverlay;
use crate::render::{Camera, RockMesh, Snapshot, ViewPass, ViewRect};
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{ModifiersState, PhysicalKey};
use winit::window::WindowId;

/// How to run the window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Wait for the display's refresh (on by default).
    pub vsync: bool,
    /// Quit by itself after this many frames (for tests).
    pub quit_after_frames: Option<u64>,
    /// Quit by itself once this much time has passed on the clock (for tests).
    pub quit_after: Option<std::time::Duration>,
    /// Every player's actions of every step, replayed instead of the keyboard and gamepads
    /// (no input once they run out).
    pub replay: Option<Vec<Vec<Actions>>>,
    /// Start the level given as a match of two sharing the keyboard.
    pub two_players: bool,
    /// Start online play at once with this choice (host a level on a port, or join).
    pub online: Option<crate::screens::online::OnlineIntent>,
    /// How light glows; none lets the adapter decide (the halo on a software rasterizer).
    pub glow: Option<crate::render::glow::Glow>,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            vsync: true,
            quit_after_frames: None,
            quit_after: None,
            replay: None,
            two_players: false,
            online: None,
            glow: None,
        }
    }
}

/// What happened in a session, for the exit line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayReport {
    /// Frames drawn.
    pub frames: u64,
    /// Simulation steps taken.
    pub steps: u64,
}

struct App {
    shell: Shell,
    options: PlayOptions,
    graphics: Option<Graphics>,
    ctx: egui::Context,
    pads: Gamepads,
    /// The camera of the title screen, drifting over the stars.
    title_camera: Camera,
    modifiers: ModifiersState,
    focused: bool,
    started: Instant,
    last_frame: Option<Instant>,
    report: PlayReport,
    error: Option<String>,
    /// The designer's overlay (F1).
    debug_overlay: bool,
    /// Frames per second, smoothed, and the last step's time, for the overlay.
    timings: crate::render::debug_overlay::Timings,
    /// Online play, while its screens show.
    online: Option<super::online_play::OnlinePlay>,
}

impl App {
    fn now(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Applies the player's choice and carries out what it asks for.
    fn choose(&mut self, event_loop: &ActiveEventLoop, intent: Intent) {
        let was_flying = self.shell.flow.is_flying();
        let leaving_settings = matches!(self.shell.flow.screen, Screen::Settings { .. })
            && intent == Intent::CloseSettings;
        let commands = self.shell.flow.apply(intent);
        if leaving_settings || intent == Intent::Quit {
            self.shell.save_settings(self.now());
        }
        if intent == Intent::QuitToTitle {
            self.shell.session = None;
            self.online = None;
            self.shell.audio.set_loop(Effect::ThrustRumble, 0.0);
            if let Some(g) = &mut self.graphics {
                g.renderer.set_rock(&g.gpu.device, &RockMesh::default());
            }
        }
        self.run_commands(event_loop, commands);
        if intent == Intent::Online && self.shell.flow.screen == Screen::Online {
            self.open_online();
        }
        self.shell.audio.play(Effect::UiBlip, 0.6);
        self.flying_changed(was_flying);
    }

    fn run_commands(&mut self, event_loop: &ActiveEventLoop, commands: Vec<Command>) {
        for c in commands {
            if c == Command::Exit {
                event_loop.exit();
            } else if let Some(rock) = self.shell.run(c, self.now()) {
                if let Some(g) = &mut self.graphics {
                    g.renderer.set_rock(&g.gpu.device, &rock);
                }
            }
        }
    }

    /// Silences the engine and lets go of every key when flying stops, and forgets the
    /// time spent in a menu when it starts again.
    fn flying_changed(&mut self, was_flying: bool) {
        let flying = self.shell.flow.is_flying();
        if flying != was_flying {
            self.shell.audio.set_loop(Effect::ThrustRumble, 0.0);
            self.shell.audio.set_loop(Effect::MetalScrape, 0.0);
            self.shell.audio.set_loop(Effect::TractorHum, 0.0);
            self.shell.held.release_all();
            if let Some(s) = &mut self.shell.session {
                s.clock.reset();
            }
        }
        if let Some(g) = &self.graphics {
            let title = match self.shell.flow.screen {
                Screen::Paused | Screen::Settings { .. } | Screen::WaitingForDevice
                    if self.shell.session.is_some() =>
                {
                    "Cavefly (paused)"
                }
                _ => "Cavefly",
            };
            g.window.set_title(title);
        }
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) -> Result<(), String> {
        self.pad_events(event_loop);
        if let Some(rock) = self.shell.session.as_mut().and_then(|s| s.poll_reload()) {
            if let Some(g) = &mut self.graphics {
                g.renderer.set_rock(&g.gpu.device, &rock);
            }
            self.shell
                .ui
                .notices
                .toast("Level reloaded".to_string(), self.now());
        }
        let elapsed = self.tick();
        self.step_game(event_loop, elapsed);
        self.step_online(event_loop, elapsed);
        let online_world = self.online.as_ref().and_then(|o| o.world());
        self.shell.music_frame(self.now(), online_world);
        let Some(g) = &mut self.graphics else {
            return Ok(());
        };
        g.prepare_frame();
        let (w, h) = g.size();
        let time = self.started.elapsed().as_secs_f64();
        let mut overlay = None;
        let mut level_error = None;
        let mut player_huds = Vec::new();
        let (view, snap, hud, cameras) = match &self.shell.session {
            Some(s) => {
                let mut snap = Snapshot::capture(s.sim(), s.clock.alpha(), &s.effects);
                if self.debug_overlay {
                    let mut o = DebugOverlay::build(s.sim(), s.level(), self.timings);
                    o.panel
                        .push(crate::ui::designer::rewind_line(&s.rewind_info()));
                    snap.debug_lines.extend_from_slice(&o.lines);
                    overlay = Some(o);
                }
                level_error = s.reload_error();
                if let Some(v) = &s.views {
                    for (i, (rect, _)) in v.views(w, h).into_iter().enumerate() {
                        player_huds.push((rect, s.sim().hud_of(i)));
                    }
                }
                (
                    s.camera.view(w, h),
                    snap,
                    Some(s.sim().hud()),
                    s.views.clone(),
                )
            }
            None => match online_scene(self.online.as_ref(), w, h) {
                Some((view, snap, hud)) => (view, snap, Some(hud), None),
                None => (
                    self.title_camera.view(w, h),
                    Snapshot {
                        time: time as f32,
                        ..Snapshot::default()
                    },
                    None,
                    None,
                ),
            },
        };
        let passes = match &cameras {
            Some(c) => c.passes(w, h, &snap),
            None => vec![ViewPass {
                rect: ViewRect::full(w, h),
                view,
                snap: &snap,
            }],
        };
        let before = self.shell.settings.clone();
        let raw = g.ui_input.take(&g.window, g.window_size());
        let shell = &mut self.shell;
        let mut chosen = None;
        let mut output = self.ctx.run_pass(raw, |ctx| {
            chosen = shell.ui.draw(
                ctx,
                crate::ui::UiFrame {
                    flow: &shell.flow,
                    hud: hud.as_ref(),
                    player_huds: &player_huds,
                    settings: &mut shell.settings,
                    pads: self.pads.connected(),
                    vsync_forced_off: !self.options.vsync,
                    glow_forced: self.options.glow.is_some(),
                    time,
                    debug: overlay.as_ref().map(|o| (o, view)),
                    level_error: level_error.as_deref(),
                    online: online_view(self.online.as_ref(), &shell.flow),
                },
            );
        });
        g.ui_input
            .handle_output(&g.window, std::mem::take(&mut output.platform_output));
        if g.draw(&passes, &self.ctx, output)? {
            self.report.frames += 1;
        }
        if self.shell.settings != before {
            self.shell.settings_changed(&before);
            self.apply_display_settings();
        }
        if let Some(intent) = chosen {
            self.choose(event_loop, intent);
        }
        if let Some(intent) = self.shell.ui.online_choice.take() {
            self.online_choose(event_loop, intent);
        }
        Ok(())
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.graphics.is_some() {
            return;
        }
        let rock = self
            .shell
            .session
            .as_ref()
            .map_or_else(RockMesh::default, |s| s.rock.clone());
        let vsync = self.options.vsync && self.shell.settings.vsync;
        match Graphics::open(
            event_loop,
            self.shell.settings.fullscreen,
            vsync,
            self.options.glow.or(self.shell.settings.glow.glow()),
            &rock,
            &self.ctx,
        ) {
            Ok(g) => {
                g.window.request_redraw();
                self.graphics = Some(g);
                if let Some(intent) = self.options.online.take() {
                    self.start_online(event_loop, intent);
                }
            }
            Err(e) => {
                self.error = Some(e);
                event_loop.exit();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        // While a key is being rebound, key presses go to the rebinding alone (egui must
        // not also press the focused button with them).
        if let WindowEvent::KeyboardInput { event: key, .. } = &event {
            if let PhysicalKey::Code(code) = key.physical_key {
                if self.shell.ui.capturing() {
                    if key.state == ElementState::Pressed && !key.repeat {
                        let name = format!("{code:?}");
                        self.shell.ui.rebind_key(&mut self.shell.settings, &name);
                    }
                    return;
                }
            }
        }
        if let WindowEvent::Destroyed = event {
            // Another program destroyed the window (a close request comes as
            // `CloseRequested`): nothing is left to draw into or ask the size of.
            self.graphics = None;
            self.shell.save_settings(self.now());
            event_loop.exit();
            return;
        }
        let used_by_ui = match &mut self.graphics {
            Some(g) => g.ui_input.on_window_event(&g.window, &event),
            None => false,
        };
        match event {
            WindowEvent::CloseRequested => {
                self.shell.save_settings(self.now());
                event_loop.exit()
            }
            WindowEvent::Resized(size) => {
                if let Some(g) = &mut self.graphics {
                    g.resize(size.width, size.height);
                }
            }
            WindowEvent::Focused(focused) => {
                // Only a loss of focus the window had pauses: some systems report "not
                // focused" for a window that was never focused to begin with.
                if self.focused && !focused && self.shell.flow.is_flying() {
                    self.choose(event_loop, Intent::Pause);
                }
                // An online match cannot pause: at least let go of the keys, whose
                // release this window will not hear.
                if !focused && self.shell.flow.screen == Screen::Online {
                    self.shell.held.release_all();
                }
                self.focused = focused;
            }
            WindowEvent::ModifiersChanged(m) => self.modifiers = m.state(),
            WindowEvent::KeyboardInput { event, .. } => {
                if let PhysicalKey::Code(code) = event.physical_key {
                    let down = event.state == ElementState::Pressed;
                    self.key(event_loop, code, down, event.repeat);
                }
            }
            WindowEvent::MouseWheel { delta, .. } if !used_by_ui => {
                let lines = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => p.y as f32 / 40.0,
                };
                if let Some(s) = self
                    .shell
                    .session
                    .as_mut()
                    .filter(|_| self.shell.flow.is_flying())
                {
                    s.zoom_by(0.9f32.powf(lines));
                }
            }
            WindowEvent::RedrawRequested => {
                if let Err(e) = self.frame(event_loop) {
                    self.error = Some(e);
                    event_loop.exit();
                    return;
                }
                if self
                    .options
                    .quit_after_frames
                    .is_some_and(|n| self.report.frames >= n)
                    || self
                        .options
                        .quit_after
                        .is_some_and(|d| self.started.elapsed() >= d)
                {
                    event_loop.exit();
                }
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if let Some(g) = &self.graphics {
            g.window.request_redraw();
        }
    }
}

/// The one line shown when there is no display to open a window on.
pub fn no_display_message(cause: &str) -> String {
    format!(
        "no display to open a window on ({cause}); without one, `cavefly sim` runs a level headless and `cavefly shot` renders its frames to PNG"
    )
}

/// Why no display could be opened, in words: the missing variables, or winit's reason
/// without the source location it prefixes.
fn display_problem(error: &str) -> String {
    let set = |v: &str| std::env::var_os(v).is_some_and(|x| !x.is_empty());
    if !set("DISPLAY") && !set("WAYLAND_DISPLAY") && !set("WAYLAND_SOCKET") {
        return "neither DISPLAY nor WAYLAND_DISPLAY is set".to_string();
    }
    match error.strip_prefix("os error at ") {
        Some(rest) => rest
            .split_once(": ")
            .map_or(rest, |(_, why)| why)
            .to_string(),
        None => error.to_string(),
    }
}

/// Opens the window on the title screen, or straight into `level` when one is given, and
/// runs until the player quits. Uses the player's settings and progress (vsync is on only
/// if both the settings and `options` want it).
pub fn play(level: Option<LoadedLevel>, options: PlayOptions) -> Result<PlayReport, String> {
    let event_loop =
        EventLoop::new().map_err(|e| no_display_message(&display_problem(&e.to_string())))?;
    let players = if options.two_players { 2 } else { 1 };
    let shell = Shell::open(level, players)?;
    let ctx = egui::Context::default();
    crate::ui::theme::apply(&ctx);
    let mut app = App {
        shell,
        options,
        graphics: None,
        ctx,
        pads: Gamepads::open(),
        title_camera: Camera::new(glam::Vec2::ZERO, None),
        modifiers: ModifiersState::empty(),
        focused: false,
        started: Instant::now(),
        last_frame: None,
        report: PlayReport::default(),
        error: None,
        debug_overlay: false,
        timings: Default::default(),
        online: None,
    };
    event_loop
        .run_app(&mut app)
        .map_err(|e| format!("the window's event loop failed: {e}"))?;
    match app.error {
        Some(e) => Err(e),
        None => Ok(app.report),
    }
}
