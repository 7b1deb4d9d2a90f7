//! The window's drawing: the winit window, its wgpu surface, the game renderer and the egui
//! layer on top. A frame is the scene (with its bloom) and then one UI pass over it.
//!
//! The surface is only ever configured between frames, never while a frame acquired from
//! it is held: resizes and vsync changes are noted as they arrive and applied once, at the
//! start of the next frame (a storm of resize events costs one reconfiguration), and a
//! surface reported suboptimal is reconfigured after its frame has been presented.

use crate::render::glow::Glow;
use crate::render::gpu::{backend_names, instance_descriptor};
use crate::render::pipelines::{raw_twin, view_as, SCENE_FEATURES};
use crate::render::{Gpu, Output, Renderer, RockMesh, ViewPass};
use crate::ui::{UiInput, UiPainter};
use std::sync::Arc;
use winit::event_loop::ActiveEventLoop;
use winit::window::{Fullscreen, Window};

/// The window and everything that draws into it.
pub struct Graphics {
    /// The window.
    pub window: Arc<Window>,
    /// The GPU.
    pub gpu: Gpu,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    /// The window's size as last reported, applied at the start of the next frame.
    wanted_size: (u32, u32),
    /// The surface size last asked for: the window's, within the device's largest texture.
    /// The configured size is smaller where the driver refused this one.
    asked: (u32, u32),
    /// The surface must be configured again before the next frame.
    stale: bool,
    /// The game renderer.
    pub renderer: Renderer,
    painter: UiPainter,
    /// egui's view of the window's events.
    pub ui_input: UiInput,
}

/// The sRGB format among those offered, else the first.
fn pick_format(formats: &[wgpu::TextureFormat]) -> Option<wgpu::TextureFormat> {
    formats
        .iter()
        .copied()
        .find(|f| f.is_srgb())
        .or_else(|| formats.first().copied())
}

/// The surface's size for a window of `window` pixels: each side at least one pixel and at
/// most `max_side`, the device's largest texture (a wider window shows the frame stretched
/// or cut, as its platform does, rather than the driver refusing the surface).
fn surface_extent(window: (u32, u32), max_side: u32) -> (u32, u32) {
    let side = |s: u32| s.clamp(1, max_side.max(1));
    (side(window.0), side(window.1))
}

fn present_mode(vsync: bool) -> wgpu::PresentMode {
    if vsync {
        wgpu::PresentMode::AutoVsync
    } else {
        wgpu::PresentMode::AutoNoVsync
    }
}

impl Graphics {
    /// Opens the window (fullscreen or not), the GPU and a surface, with `rock` loaded into
    /// the renderer (drawing glow the `glow` way, else the adapter's) and egui reading from
    /// `ctx`.
    pub fn open(
        event_loop: &ActiveEventLoop,
        fullscreen: bool,
        vsync: bool,
        glow: Option<Glow>,
        rock: &RockMesh,
        ctx: &egui::Context,
    ) -> Result<Graphics, String> {
        let attrs = Window::default_attributes()
            .with_title("Cavefly")
            .with_resizable(true)
            .with_inner_size(winit::dpi::LogicalSize::new(1280.0, 720.0))
            .with_fullscreen(fullscreen.then_some(Fullscreen::Borderless(None)));
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
        let gpu = Gpu::open(instance, Some(&surface), &tried, SCENE_FEATURES)?;
        let caps = surface.get_capabilities(&gpu.adapter);
        let format = pick_format(&caps.formats).ok_or_else(|| {
            format!(
                "the adapter {} cannot draw into this window",
                gpu.describe()
            )
        })?;
        let size = window.inner_size();
        let max_side = gpu.device.limits().max_texture_dimension_2d;
        let (width, height) = surface_extent((size.width, size.height), max_side);
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width,
            height,
            present_mode: present_mode(vsync),
            desired_maximum_frame_latency: 2,
            alpha_mode: caps
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            // Where the format is sRGB, its twin without the encoding too, for the rock's
            // byte-for-byte copy (see `render::Output`), where the surface allows it.
            view_formats: raw_twin(format)
                .filter(|_| gpu.surface_view_formats())
                .into_iter()
                .collect(),
            color_space: Default::default(),
        };
        let glow = gpu.glow(glow);
        let renderer = Renderer::with_glow(&gpu.device, format, rock, glow);
        let painter = UiPainter::new(&gpu.device, format);
        let ui_input = UiInput::new(ctx, &window, max_side as usize);
        log::info!(
            "rendering on {} into {format:?} (also viewed as {:?}), {} glow",
            gpu.describe(),
            config.view_formats,
            glow.name()
        );
        let mut graphics = Graphics {
            window,
            gpu,
            surface,
            wanted_size: (config.width, config.height),
            asked: (config.width, config.height),
            stale: false,
            config,
            renderer,
            painter,
            ui_input,
        };
        graphics.configure();
        Ok(graphics)
    }

    /// Configures the surface as `config` says. Where the driver refuses (a window too large
    /// for its memory), it tries again at half the size each time, down to a pixel, so that
    /// the game keeps drawing (the window shows the smaller frame) instead of stopping.
    fn configure(&mut self) {
        let device = &self.gpu.device;
        loop {
            let memory = device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
            let invalid = device.push_error_scope(wgpu::ErrorFilter::Validation);
            self.surface.configure(device, &self.config);
            let refused = pollster::block_on(invalid.pop()).or(pollster::block_on(memory.pop()));
            let Some(e) = refused else {
                return;
            };
            let (w, h) = (self.config.width, self.config.height);
            if w == 1 && h == 1 {
                log::error!("the window's surface cannot be configured even at 1x1: {e}");
                return;
            }
            self.config.width = (w / 2).max(1);
            self.config.height = (h / 2).max(1);
            log::warn!(
                "the window's surface cannot be {w}x{h} ({e}); drawing at {}x{}",
                self.config.width,
                self.config.height
            );
        }
    }

    /// The drawable size, pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.config.width, self.config.height)
    }

    /// Notes a new window size; the surface follows at the start of the next frame. A zero
    /// side (minimised) draws nothing until the window has a size again.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.wanted_size = (width, height);
    }

    /// The window's size as last reported, pixels (zero while minimised).
    pub fn window_size(&self) -> (u32, u32) {
        self.wanted_size
    }

    /// The surface size for the window's size as last reported.
    fn wanted_extent(&self) -> (u32, u32) {
        let max_side = self.gpu.device.limits().max_texture_dimension_2d;
        surface_extent(self.wanted_size, max_side)
    }

    /// Draws glow the `glow` way from the next frame (none: as the adapter suits), remaking
    /// the renderer's pipelines if that changes it.
    pub fn set_glow(&mut self, glow: Option<Glow>) {
        let glow = self.gpu.glow(glow);
        if self.renderer.glow() != glow {
            self.renderer.set_glow(&self.gpu.device, glow);
            log::info!("glow: {}", glow.name());
        }
    }

    /// Turns waiting for the display's refresh on or off (from the next frame).
    pub fn set_vsync(&mut self, vsync: bool) {
        let mode = present_mode(vsync);
        if self.config.present_mode != mode {
            self.config.present_mode = mode;
            self.stale = true;
        }
    }

    /// Whether the window has an area to draw into.
    fn visible(&self) -> bool {
        self.wanted_size.0 > 0 && self.wanted_size.1 > 0
    }

    /// Configures the surface if the window's size or the present mode changed since it was
    /// last configured; call at the start of a frame, before reading [`Graphics::size`] (a
    /// frame is never held then). [`Graphics::draw`] calls it too.
    pub fn prepare_frame(&mut self) {
        if self.visible() && self.wanted_extent() != self.asked {
            self.asked = self.wanted_extent();
            (self.config.width, self.config.height) = self.asked;
            self.stale = true;
        }
        if self.stale {
            self.configure();
            self.stale = false;
        }
    }

    /// Draws the game views `views` (one, or one per player), then the UI output `ui` of `ctx`, and presents.
    /// Returns whether a frame was presented (none while the window is hidden or its
    /// surface is being recreated).
    pub fn draw(
        &mut self,
        views: &[ViewPass<'_>],
        ctx: &egui::Context,
        ui: egui::FullOutput,
    ) -> Result<bool, String> {
        self.prepare_frame();
        let (device, queue) = (&self.gpu.device, &self.gpu.queue);
        if !self.visible() {
            self.painter.skip(device, queue, ui);
            return Ok(false);
        }
        let (frame, suboptimal) = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f) => (f, false),
            // Draw and present this one, then match the surface to the window again.
            wgpu::CurrentSurfaceTexture::Suboptimal(f) => (f, true),
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                // No frame is held: configure now, draw next time.
                self.configure();
                self.painter.skip(&self.gpu.device, &self.gpu.queue, ui);
                return Ok(false);
            }
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => {
                self.painter.skip(device, queue, ui);
                return Ok(false);
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                self.painter.skip(device, queue, ui);
                return Err("the window's surface was rejected by the GPU driver".into());
            }
        };
        let target = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let formats = &self.config.view_formats;
        let raw = formats.first().map(|&f| view_as(&frame.texture, f));
        let size = self.size();
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("frame"),
        });
        let output = Output {
            view: &target,
            raw: raw.as_ref(),
            size,
        };
        self.renderer
            .render_views(device, queue, &mut encoder, output, views);
        self.painter
            .paint(device, queue, &mut encoder, &target, size, ctx, ui);
        queue.submit([encoder.finish()]);
        self.window.pre_present_notify();
        queue.present(frame);
        // The frame is gone: now the surface may be configured again.
        self.stale |= suboptimal;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_surface_stays_within_the_largest_texture_and_a_pixel() {
        assert_eq!(surface_extent((1280, 720), 16384), (1280, 720));
        assert_eq!(surface_extent((17000, 200), 16384), (16384, 200));
        assert_eq!(surface_extent((0, 40000), 8192), (1, 8192));
        assert_eq!(surface_extent((5, 5), 0), (1, 1));
    }
}
