//! The game window: a winit 0.30 application that opens a resizable window titled Cavefly,
//! flies the level with the keyboard through a fixed-step clock, and draws each frame with
//! the body transforms interpolated between the last two steps.
//!
//! Keys: arrows or WASD fly, Space fires, E pulls; Escape pauses and resumes, Q in the pause
//! quits; F11 or Alt+Enter toggles fullscreen; mouse wheel or +/- zoom. Losing focus pauses.

use super::clock::StepClock;
use super::settings::Settings;
use crate::audio::synth::Effect;
use crate::audio::Audio;
use crate::game::{Actions, Control, Held, Sim};
use crate::level::LoadedLevel;
use crate::render::gpu::{backend_names, instance_descriptor};
use crate::render::{Camera, Effects, Gpu, Renderer, RockMesh, Snapshot};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, ModifiersState, PhysicalKey};
use winit::window::{Fullscreen, Window, WindowId};

/// How to run the window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Wait for the display's refresh (on by default).
    pub vsync: bool,
    /// Quit by itself after this many frames (for tests).
    pub quit_after_frames: Option<u64>,
    /// Actions of every step, replayed instead of the keyboard (no input once they run out).
    pub replay: Option<Vec<Actions>>,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            vsync: true,
            quit_after_frames: None,
            replay: None,
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

struct Graphics {
    window: Arc<Window>,
    gpu: Gpu,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    renderer: Renderer,
}

struct Game {
    sim: Sim,
    effects: Effects,
    camera: Camera,
    clock: StepClock,
    rock: RockMesh,
}

struct App {
    options: PlayOptions,
    settings: Settings,
    settings_path: Option<PathBuf>,
    audio: Audio,
    game: Game,
    graphics: Option<Graphics>,
    held: Held,
    modifiers: ModifiersState,
    paused: bool,
    focused: bool,
    last_frame: Option<Instant>,
    report: PlayReport,
    error: Option<String>,
}

/// The sRGB format among those offered, else the first.
fn pick_format(formats: &[wgpu::TextureFormat]) -> Option<wgpu::TextureFormat> {
    formats
        .iter()
        .copied()
        .find(|f| f.is_srgb())
        .or_else(|| formats.first().copied())
}

impl App {
    fn open(&mut self, event_loop: &ActiveEventLoop) -> Result<Graphics, String> {
        let attrs = Window::default_attributes()
            .with_title("Cavefly")
            .with_resizable(true)
            .with_inner_size(winit::dpi::LogicalSize::new(1280.0, 720.0))
            .with_fullscreen(
                self.settings
                    .fullscreen
                    .then_some(Fullscreen::Borderless(None)),
            );
        let window = Arc::new(
            event_loop
                .create_window(attrs)
                .map_err(|e| format!("cannot open a window: {e}"))?,
        );
        // GL needs the display connection at instance creation; Vulkan ignores it.
        let desc =
            instance_descriptor().with_display_handle(Box::new(event_loop.owned_display_handle()));
        let tried = backend_names(&desc);
        let instance = wgpu::Instance::new(desc);
        let surface = instance
            .create_surface(window.clone())
            .map_err(|e| format!("cannot draw into the window: {e}"))?;
        let gpu = Gpu::open(instance, Some(&surface), &tried)?;
        let caps = surface.get_capabilities(&gpu.adapter);
        let format = pick_format(&caps.formats).ok_or_else(|| {
            format!(
                "the adapter {} cannot draw into this window",
                gpu.describe()
            )
        })?;
        let size = window.inner_size();
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: if self.options.vsync {
                wgpu::PresentMode::AutoVsync
            } else {
                wgpu::PresentMode::AutoNoVsync
            },
            desired_maximum_frame_latency: 2,
            alpha_mode: caps
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            view_formats: vec![],
            color_space: Default::default(),
        };
        surface.configure(&gpu.device, &config);
        let renderer = Renderer::new(&gpu.device, format, &self.game.rock);
        log::info!("rendering on {} into {format:?}", gpu.describe());
        Ok(Graphics {
            window,
            gpu,
            surface,
            config,
            renderer,
        })
    }

    fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        self.audio.set_loop(Effect::ThrustRumble, 0.0);
        self.audio.set_loop(Effect::MetalScrape, 0.0);
        self.audio.play(Effect::UiBlip, 0.6);
        self.held.release_all();
        self.game.clock.reset();
        self.last_frame = None;
        if let Some(g) = &self.graphics {
            g.window.set_title(if paused {
                "Cavefly (paused: Esc resumes, Q quits)"
            } else {
                "Cavefly"
            });
        }
    }

    fn toggle_fullscreen(&mut self) {
        if let Some(g) = &self.graphics {
            let next = match g.window.fullscreen() {
                Some(_) => None,
                None => Some(Fullscreen::Borderless(None)),
            };
            self.settings.fullscreen = next.is_some();
            g.window.set_fullscreen(next);
            if let Some(path) = &self.settings_path {
                if let Err(e) = self.settings.save(path) {
                    eprintln!("cavefly: {e}");
                }
            }
        }
    }

    fn key(
        &mut self,
        event_loop: &ActiveEventLoop,
        code: KeyCode,
        state: ElementState,
        repeat: bool,
    ) {
        let down = state == ElementState::Pressed;
        let fresh = down && !repeat;
        match code {
            KeyCode::F11 if fresh => return self.toggle_fullscreen(),
            KeyCode::Enter | KeyCode::NumpadEnter if fresh && self.modifiers.alt_key() => {
                return self.toggle_fullscreen()
            }
            KeyCode::Equal | KeyCode::NumpadAdd if fresh => {
                return self.game.camera.zoom_by(1.0 / 1.2)
            }
            KeyCode::Minus | KeyCode::NumpadSubtract if fresh => {
                return self.game.camera.zoom_by(1.2)
            }
            KeyCode::KeyQ if fresh && self.paused => return event_loop.exit(),
            _ => {}
        }
        let name = format!("{code:?}");
        if self.paused {
            if fresh && self.settings.bindings.control(&name) == Some(Control::Menu) {
                self.set_paused(false);
            }
            return;
        }
        if self.held.key(&self.settings.bindings, &name, down) == Some(Control::Menu) && fresh {
            self.set_paused(true);
        }
    }

    fn step_game(&mut self) {
        let now = Instant::now();
        let elapsed = self.last_frame.map_or(0.0, |t| (now - t).as_secs_f64());
        self.last_frame = Some(now);
        if self.paused {
            return;
        }
        let g = &mut self.game;
        for _ in 0..g.clock.advance(elapsed) {
            let actions: Actions = match &self.options.replay {
                Some(script) => script
                    .get(g.sim.steps() as usize)
                    .copied()
                    .unwrap_or_default(),
                None => self.held.actions(&self.settings.bindings),
            };
            g.sim.step(&actions);
            g.effects.after_step(&g.sim, &actions);
            if let Some(ship) = g.sim.ship() {
                let (p, v) = (ship.position(), ship.linear_velocity());
                g.camera.follow(
                    glam::Vec2::new(p.x as f32, p.y as f32),
                    glam::Vec2::new(v.x as f32, v.y as f32),
                    g.sim.time_step() as f32,
                );
            }
            self.report.steps += 1;
            sound_step(&self.audio, &g.sim);
        }
        self.audio
            .set_loop(Effect::ThrustRumble, 0.8 * g.effects.throttle());
    }

    fn draw(&mut self) -> Result<(), String> {
        let Some(g) = &mut self.graphics else {
            return Ok(());
        };
        let frame = match g.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f) => f,
            wgpu::CurrentSurfaceTexture::Suboptimal(f) => {
                // Draw this one, then match the surface to the window again.
                g.surface.configure(&g.gpu.device, &g.config);
                f
            }
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                g.surface.configure(&g.gpu.device, &g.config);
                return Ok(());
            }
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => {
                return Ok(())
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                return Err("the window's surface was rejected by the GPU driver".into())
            }
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let size = (g.config.width, g.config.height);
        let snap = Snapshot::capture(&self.game.sim, self.game.clock.alpha(), &self.game.effects);
        let camera_view = self.game.camera.view(size.0, size.1);
        let mut encoder = g
            .gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        g.renderer.render(
            &g.gpu.device,
            &g.gpu.queue,
            &mut encoder,
            &view,
            size,
            &camera_view,
            &snap,
        );
        g.gpu.queue.submit([encoder.finish()]);
        g.window.pre_present_notify();
        g.gpu.queue.present(frame);
        self.report.frames += 1;
        Ok(())
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.graphics.is_some() {
            return;
        }
        match self.open(event_loop) {
            Ok(g) => {
                g.window.request_redraw();
                self.graphics = Some(g);
            }
            Err(e) => {
                self.error = Some(e);
                event_loop.exit();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => {
                if let Some(g) = &mut self.graphics {
                    if size.width > 0 && size.height > 0 {
                        g.config.width = size.width;
                        g.config.height = size.height;
                        g.surface.configure(&g.gpu.device, &g.config);
                    }
                }
            }
            WindowEvent::Focused(focused) => {
                // Only a loss of focus the window had pauses: some systems report "not
                // focused" for a window that was never focused to begin with.
                if self.focused && !focused && !self.paused {
                    self.set_paused(true);
                }
                self.focused = focused;
            }
            WindowEvent::ModifiersChanged(m) => self.modifiers = m.state(),
            WindowEvent::KeyboardInput { event, .. } => {
                if let PhysicalKey::Code(code) = event.physical_key {
                    self.key(event_loop, code, event.state, event.repeat);
                }
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let lines = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => p.y as f32 / 40.0,
                };
                self.game.camera.zoom_by(0.9f32.powf(lines));
            }
            WindowEvent::RedrawRequested => {
                self.step_game();
                if let Err(e) = self.draw() {
                    self.error = Some(e);
                    event_loop.exit();
                    return;
                }
                if self
                    .options
                    .quit_after_frames
                    .is_some_and(|n| self.report.frames >= n)
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

/// Closing speed (m/s) at which an impact is heard at full level.
const LOUDEST_IMPACT: f64 = 12.0;

/// Sliding speed (m/s) at which scraping is heard at full level.
const LOUDEST_SCRAPE: f64 = 6.0;

/// The sounds of one step: a thump for each new contact, louder the harder it struck, and
/// a scrape as loud as the fastest slide among lasting contacts.
fn sound_step(audio: &Audio, sim: &Sim) {
    use crate::physics::ContactEventKind;
    let mut slide: f64 = 0.0;
    for e in sim.physics().contact_events() {
        let speed = -e.normal_speed;
        match e.kind {
            ContactEventKind::Begin if speed > 1.0 => {
                audio.play(
                    Effect::ImpactThump,
                    (speed / LOUDEST_IMPACT).min(1.0) as f32,
                );
            }
            ContactEventKind::Persist => slide = slide.max(e.tangent_speed.abs()),
            _ => {}
        }
    }
    let scrape = ((slide - 0.5) / LOUDEST_SCRAPE).clamp(0.0, 1.0);
    audio.set_loop(Effect::MetalScrape, scrape as f32);
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

/// Opens the window and plays `level` until the player quits, with the player's settings
/// (vsync is on only if both the settings and `options` want it).
pub fn play(level: &LoadedLevel, mut options: PlayOptions) -> Result<PlayReport, String> {
    let settings_path = super::settings::settings_path();
    let settings = match &settings_path {
        Some(path) => {
            let loaded = Settings::load(path);
            if let Some(notice) = loaded.notice {
                eprintln!("cavefly: {notice}");
            }
            loaded.settings
        }
        None => Settings::default(),
    };
    options.vsync &= settings.vsync;
    let sim = Sim::from_level(level)?;
    let rock = RockMesh::from_world(&level.world);
    let start = sim.ship().map_or(glam::Vec2::ZERO, |s| {
        glam::Vec2::new(s.position().x as f32, s.position().y as f32)
    });
    let event_loop =
        EventLoop::new().map_err(|e| no_display_message(&display_problem(&e.to_string())))?;
    let mut app = App {
        options,
        audio: Audio::open(settings.master_volume, settings.effects_volume),
        settings,
        settings_path,
        game: Game {
            clock: StepClock::new(sim.time_step()),
            camera: Camera::new(start, rock.bounds),
            effects: Effects::new(),
            sim,
            rock,
        },
        graphics: None,
        held: Held::default(),
        modifiers: ModifiersState::empty(),
        paused: false,
        focused: false,
        last_frame: None,
        report: PlayReport::default(),
        error: None,
    };
    event_loop
        .run_app(&mut app)
        .map_err(|e| format!("the window's event loop failed: {e}"))?;
    match app.error {
        Some(e) => Err(e),
        None => Ok(app.report),
    }
}
