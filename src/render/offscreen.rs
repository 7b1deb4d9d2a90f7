//! Offscreen frames: render into a texture with no window and read the pixels back.

use super::camera::View;
use super::gpu::Gpu;
use super::pipelines::{raw_twin, view_as};
use super::renderer::{FrameStats, Output, Renderer};
use super::snapshot::Snapshot;

/// The offscreen colour format: 8-bit sRGB, as a PNG stores it.
pub const OFFSCREEN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8UnormSrgb;

/// Largest offscreen side, pixels (within every adapter's texture limit).
pub const MAX_SIDE: u32 = 4096;

/// An RGBA8 image, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgba8 {
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub pixels: Vec<u8>,
}

/// A texture to render into and a buffer to read it back through.
#[derive(Debug)]
pub struct Offscreen {
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    /// The same texels without the sRGB encoding, where the format has it and the adapter
    /// allows the second view.
    raw: Option<wgpu::TextureView>,
    readback: wgpu::Buffer,
    width: u32,
    height: u32,
    padded_row: u32,
}

impl Offscreen {
    /// A `width` × `height` target of [`OFFSCREEN_FORMAT`]; each side 1 to [`MAX_SIDE`].
    pub fn new(gpu: &Gpu, width: u32, height: u32) -> Result<Offscreen, String> {
        Self::with_format(gpu, width, height, OFFSCREEN_FORMAT)
    }

    /// A `width` × `height` target of `format`: 8-bit RGBA, sRGB-encoded by the target
    /// ([`OFFSCREEN_FORMAT`]) or not (`Rgba8Unorm`, as some windows' surfaces are, where
    /// the renderer's shaders encode). Read back, both give the stored bytes.
    pub fn with_format(
        gpu: &Gpu,
        width: u32,
        height: u32,
        format: wgpu::TextureFormat,
    ) -> Result<Offscreen, String> {
        if !matches!(
            format,
            wgpu::TextureFormat::Rgba8UnormSrgb | wgpu::TextureFormat::Rgba8Unorm
        ) {
            return Err(format!(
                "an offscreen frame of {format:?}: expected Rgba8UnormSrgb or Rgba8Unorm"
            ));
        }
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(format!(
                "a frame of {width}x{height} pixels: expected each side from 1 to {MAX_SIDE}"
            ));
        }
        let device = &gpu.device;
        let twin: Vec<wgpu::TextureFormat> = raw_twin(format)
            .filter(|_| gpu.texture_view_formats())
            .into_iter()
            .collect();
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("offscreen"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &twin,
        });
        let raw = twin.first().map(|&format| view_as(&texture, format));
        let padded_row = (width * 4).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: padded_row as u64 * height as u64,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        Ok(Offscreen {
            view: texture.create_view(&wgpu::TextureViewDescriptor::default()),
            raw,
            texture,
            readback,
            width,
            height,
            padded_row,
        })
    }

    /// The texture view frames are drawn into.
    pub fn view(&self) -> &wgpu::TextureView {
        &self.view
    }

    /// Where frames are drawn, with the view without the sRGB encoding where there is one.
    pub fn output(&self) -> Output<'_> {
        Output {
            view: &self.view,
            raw: self.raw.as_ref(),
            size: (self.width, self.height),
        }
    }

    /// Whether frames are drawn with a view without the sRGB encoding as well.
    pub fn has_raw_view(&self) -> bool {
        self.raw.is_some()
    }

    /// Draws from now on with the one view only, as where an adapter allows no second
    /// view of a texture.
    pub fn drop_raw_view(&mut self) {
        self.raw = None;
    }

    /// Renders one frame and waits for the GPU to finish it (no read-back).
    pub fn render(
        &self,
        gpu: &Gpu,
        renderer: &mut Renderer,
        view: &View,
        snap: &Snapshot,
    ) -> FrameStats {
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        let stats = renderer.render(
            &gpu.device,
            &gpu.queue,
            &mut encoder,
            self.output(),
            view,
            snap,
        );
        gpu.queue.submit([encoder.finish()]);
        let _ = gpu.device.poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: None,
        });
        stats
    }

    /// Renders one frame and reads its pixels back.
    pub fn capture(
        &self,
        gpu: &Gpu,
        renderer: &mut Renderer,
        view: &View,
        snap: &Snapshot,
    ) -> Result<Rgba8, String> {
        self.capture_with(gpu, renderer, view, snap, |_, _| {})
    }

    /// Renders one frame, lets `overlay` record more passes over it (the UI), and reads
    /// its pixels back.
    pub fn capture_with(
        &self,
        gpu: &Gpu,
        renderer: &mut Renderer,
        view: &View,
        snap: &Snapshot,
        overlay: impl FnOnce(&mut wgpu::CommandEncoder, &wgpu::TextureView),
    ) -> Result<Rgba8, String> {
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("capture"),
            });
        renderer.render(
            &gpu.device,
            &gpu.queue,
            &mut encoder,
            self.output(),
            view,
            snap,
        );
        overlay(&mut encoder, &self.view);
        self.read_back(gpu, encoder)
    }

    /// Renders one frame of several views (see [`Renderer::render_views`]) and reads its
    /// pixels back.
    pub fn capture_views(
        &self,
        gpu: &Gpu,
        renderer: &mut Renderer,
        views: &[super::ViewPass<'_>],
    ) -> Result<Rgba8, String> {
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("capture"),
            });
        renderer.render_views(&gpu.device, &gpu.queue, &mut encoder, self.output(), views);
        self.read_back(gpu, encoder)
    }

    /// Copies the frame recorded in `encoder` out of the texture, submits, and returns
    /// its pixels.
    fn read_back(&self, gpu: &Gpu, mut encoder: wgpu::CommandEncoder) -> Result<Rgba8, String> {
        encoder.copy_texture_to_buffer(
            self.texture.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &self.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(self.padded_row),
                    rows_per_image: Some(self.height),
                },
            },
            wgpu::Extent3d {
                width: self.width,
                height: self.height,
                depth_or_array_layers: 1,
            },
        );
        gpu.queue.submit([encoder.finish()]);
        let slice = self.readback.slice(..);
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        gpu.device
            .poll(wgpu::PollType::Wait {
                submission_index: None,
                timeout: None,
            })
            .map_err(|e| format!("the GPU did not finish the frame: {e}"))?;
        rx.recv()
            .map_err(|_| "the frame's read-back was dropped".to_string())?
            .map_err(|e| format!("cannot read the frame back: {e}"))?;
        let mut pixels = Vec::with_capacity((self.width * self.height * 4) as usize);
        {
            let data = slice
                .get_mapped_range()
                .map_err(|e| format!("cannot read the frame back: {e}"))?;
            for row in data.chunks(self.padded_row as usize) {
                pixels.extend_from_slice(&row[..(self.width * 4) as usize]);
            }
        }
        self.readback.unmap();
        Ok(Rgba8 {
            width: self.width,
            height: self.height,
            pixels,
        })
    }
}
