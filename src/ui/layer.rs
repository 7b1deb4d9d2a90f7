//! egui on top of the frame: [`UiInput`] turns the window's events into egui input
//! (egui-winit), and [`UiPainter`] draws egui's output as one extra render pass over the
//! finished frame, after the bloom (egui-wgpu), so menus and HUD are crisp and never glow.
//! The painter needs no window: it draws into any texture view (offscreen tests too).

use egui_wgpu::{Renderer, RendererOptions, ScreenDescriptor};

/// Draws egui output into a colour target of one format.
pub struct UiPainter {
    renderer: Renderer,
}

impl UiPainter {
    /// A painter for targets of `format`.
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> UiPainter {
        UiPainter {
            renderer: Renderer::new(device, format, RendererOptions::default()),
        }
    }

    /// Records the pass that draws `output` (from `ctx`) over `target` (`size` pixels),
    /// keeping what is already there.
    #[allow(clippy::too_many_arguments)]
    pub fn paint(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        size: (u32, u32),
        ctx: &egui::Context,
        output: egui::FullOutput,
    ) {
        let screen = ScreenDescriptor {
            size_in_pixels: [size.0, size.1],
            pixels_per_point: output.pixels_per_point,
        };
        let jobs = ctx.tessellate(output.shapes, output.pixels_per_point);
        self.upload_textures(device, queue, &output.textures_delta);
        let extra = self
            .renderer
            .update_buffers(device, queue, encoder, &jobs, &screen);
        if !extra.is_empty() {
            queue.submit(extra);
        }
        {
            let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("ui"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: target,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Load,
                        store: wgpu::StoreOp::Store,
                    },
                })],
                ..Default::default()
            });
            let mut pass = pass.forget_lifetime();
            self.renderer.render(&mut pass, &jobs, &screen);
        }
        self.finish_textures(output.textures_delta);
    }

    /// Keeps egui's textures (the font atlas) up to date for a frame that is not drawn
    /// (the window's surface was not ready), so the next frame still has them.
    pub fn skip(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, output: egui::FullOutput) {
        self.upload_textures(device, queue, &output.textures_delta);
        self.finish_textures(output.textures_delta);
    }

    fn upload_textures(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        delta: &egui::TexturesDelta,
    ) {
        for (id, deltas) in &delta.set {
            for d in deltas {
                self.renderer.update_texture(device, queue, *id, d);
            }
        }
    }

    /// Frees the textures egui let go of and marks the changes as applied.
    fn finish_textures(&mut self, mut delta: egui::TexturesDelta) {
        for id in &delta.free {
            self.renderer.free_texture(id);
        }
        delta.clear();
    }
}

/// egui's view of the window: its events, size and scale.
pub struct UiInput {
    state: egui_winit::State,
    /// When the input began: egui's clock.
    started: std::time::Instant,
}

impl UiInput {
    /// Input for `window`, feeding `ctx`.
    pub fn new(
        ctx: &egui::Context,
        window: &winit::window::Window,
        max_texture_side: usize,
    ) -> UiInput {
        let state = egui_winit::State::new(
            ctx.clone(),
            egui::ViewportId::ROOT,
            window,
            Some(window.scale_factor() as f32),
            None,
            Some(max_texture_side),
        );
        UiInput {
            state,
            started: std::time::Instant::now(),
        }
    }

    /// Passes a window event to egui; true if egui used it (a click on a button, typing
    /// into a field), so the game should not act on it too.
    pub fn on_window_event(
        &mut self,
        window: &winit::window::Window,
        event: &winit::event::WindowEvent,
    ) -> bool {
        self.state.on_window_event(window, event).consumed
    }

    /// Adds a synthetic key press (gamepad menu navigation).
    pub fn push_key(&mut self, key: egui::Key) {
        for pressed in [true, false] {
            self.state.egui_input_mut().events.push(egui::Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            });
        }
    }

    /// The input gathered since the last frame, for a window of `size` pixels as it was
    /// last reported. The window is not asked its size: asking a window that another
    /// program has just destroyed makes the windowing library panic, and that can happen
    /// between the last event and this frame.
    pub fn take(&mut self, window: &winit::window::Window, size: (u32, u32)) -> egui::RawInput {
        let pixels_per_point = egui_winit::pixels_per_point(self.state.egui_ctx(), window);
        let points = egui::vec2(size.0 as f32, size.1 as f32) / pixels_per_point;
        let time = self.started.elapsed().as_secs_f64();
        let input = self.state.egui_input_mut();
        input.time = Some(time);
        input.screen_rect = (points.x > 0.0 && points.y > 0.0)
            .then(|| egui::Rect::from_min_size(egui::Pos2::ZERO, points));
        input.viewport_id = egui::ViewportId::ROOT;
        let native = Some(window.scale_factor() as f32);
        input
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .native_pixels_per_point = native;
        input.take()
    }

    /// Applies what egui asked of the window (cursor shape, IME).
    pub fn handle_output(&mut self, window: &winit::window::Window, output: egui::PlatformOutput) {
        self.state.handle_platform_output(window, output);
    }
}
