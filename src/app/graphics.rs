//! The window's drawing: the winit window, its wgpu surface, the game renderer and the egui
//! layer on top. A frame is the scene (with its bloom) and then one UI pass over it.

use crate::render::gpu::{backend_names, instance_descriptor};
use crate::render::{Gpu, Renderer, RockMesh, Snapshot, View};
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

fn present_mode(vsync: bool) -> wgpu::PresentMode {
    if vsync {
        wgpu::PresentMode::AutoVsync
    } else {
        wgpu::PresentMode::AutoNoVsync
    }
}

impl Graphics {
    /// Opens the window (fullscreen or not), the GPU and a surface, with `rock` loaded into
    /// the renderer and egui reading from `ctx`.
    pub fn open(
        event_loop: &ActiveEventLoop,
        fullscreen: bool,
        vsync: bool,
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
        let gpu = Gpu::open(instance, Some(&surface), &tried, wgpu::Features::empty())?;
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
            present_mode: present_mode(vsync),
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
        let renderer = Renderer::new(&gpu.device, format, rock);
        let painter = UiPainter::new(&gpu.device, format);
        let max_side = gpu.device.limits().max_texture_dimension_2d as usize;
        let ui_input = UiInput::new(ctx, &window, max_side);
        log::info!("rendering on {} into {format:?}", gpu.describe());
        Ok(Graphics {
            window,
            gpu,
            surface,
            config,
            renderer,
            painter,
            ui_input,
        })
    }

    /// The drawable size, pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.config.width, self.config.height)
    }

    /// Matches the surface to a new window size (a zero size is ignored: minimised).
    pub fn resize(&mut self, width: u32, height: u32) {
        if width > 0 && height > 0 {
            self.config.width = width;
            self.config.height = height;
            self.surface.configure(&self.gpu.device, &self.config);
        }
    }

    /// Turns waiting for the display's refresh on or off.
    pub fn set_vsync(&mut self, vsync: bool) {
        let mode = present_mode(vsync);
        if self.config.present_mode != mode {
            self.config.present_mode = mode;
            self.surface.configure(&self.gpu.device, &self.config);
        }
    }

    /// Draws `snap` seen through `view`, then the UI output `ui` of `ctx`, and presents.
    /// Returns whether a frame was presented (none while the window is hidden or its
    /// surface is being recreated).
    pub fn draw(
        &mut self,
        view: &View,
        snap: &Snapshot,
        ctx: &egui::Context,
        ui: egui::FullOutput,
    ) -> Result<bool, String> {
        let (device, queue) = (&self.gpu.device, &self.gpu.queue);
        let frame = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f) => f,
            wgpu::CurrentSurfaceTexture::Suboptimal(f) => {
                // Draw this one, then match the surface to the window again.
                self.surface.configure(device, &self.config);
                f
            }
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                self.surface.configure(device, &self.config);
                self.painter.skip(device, queue, ui);
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
        let size = self.size();
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("frame"),
        });
        self.renderer
            .render(device, queue, &mut encoder, &target, size, view, snap);
        self.painter
            .paint(device, queue, &mut encoder, &target, size, ctx, ui);
        queue.submit([encoder.finish()]);
        self.window.pre_present_notify();
        queue.present(frame);
        Ok(true)
    }
}
