//! The rock's fine grain, baked once per renderer into a tile that repeats every
//! `GRAIN_PERIOD` metres (`shaders/rock_grain.wgsl`), so that the rock shader reads it with
//! one filtered fetch instead of evaluating five noise octaves per pixel. The grain does not
//! depend on the level, so one tile serves every level; it is baked into the first frame
//! drawn, before the scene pass that reads it.

use super::shader_source::world_shader;
use std::sync::atomic::{AtomicBool, Ordering};

/// Texels across (and up) the tile: 64 a metre over its 32 metres, at least two and a half
/// texels to a cell of the finest octave (19 cells a metre), so filtering keeps its shape.
pub const GRAIN_TEXELS: u32 = 2048;
/// The tile's format: one channel, with headroom of precision over 8-bit colour.
const GRAIN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::R16Float;

/// The grain tile, its bake and group 2 of the rock pipeline that reads it.
#[derive(Debug)]
pub struct RockGrain {
    /// Group 2 of the rock pipeline: the tile and its wrapping sampler.
    pub layout: wgpu::BindGroupLayout,
    group: wgpu::BindGroup,
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    bake: wgpu::RenderPipeline,
    baked: AtomicBool,
}

impl RockGrain {
    /// Makes the tile (not yet baked) and its bake pipeline.
    pub fn new(device: &wgpu::Device) -> RockGrain {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("rock grain"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("rock grain"),
            size: wgpu::Extent3d {
                width: GRAIN_TEXELS,
                height: GRAIN_TEXELS,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: GRAIN_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("rock grain"),
            address_mode_u: wgpu::AddressMode::Repeat,
            address_mode_v: wgpu::AddressMode::Repeat,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("rock grain"),
            layout: &layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(&view),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::Sampler(&sampler),
                },
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("rock grain bake"),
            bind_group_layouts: &[],
            immediate_size: 0,
        });
        let module = world_shader(
            device,
            "rock grain bake",
            &[
                include_str!("../../shaders/rock_grain.wgsl"),
                include_str!("../../shaders/rock_grain_bake.wgsl"),
            ],
        );
        let bake = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("rock grain bake"),
            layout: Some(&pipeline_layout),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs_main"),
                compilation_options: Default::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs_main"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format: GRAIN_FORMAT,
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        RockGrain {
            layout,
            group,
            texture,
            view,
            bake,
            baked: AtomicBool::new(false),
        }
    }

    /// Records the bake into `encoder` the first time it is called.
    pub fn bake_once(&self, encoder: &mut wgpu::CommandEncoder) {
        if self.baked.swap(true, Ordering::Relaxed) {
            return;
        }
        let mut pass = super::clear_pass(encoder, "rock grain bake", &self.view);
        pass.set_pipeline(&self.bake);
        pass.draw(0..3, 0..1);
    }

    /// Binds the tile as group 2 of the rock pipeline.
    pub fn bind(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_bind_group(2, &self.group, &[]);
    }
}

/// A 16-bit float's value.
fn from_f16(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f32::from(h & 0x3ff);
    match exp {
        0 => sign * frac * 2f32.powi(-24),
        31 if frac == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + frac / 1024.0) * 2f32.powi(exp - 15),
    }
}

impl RockGrain {
    /// Bakes the tile if it is not yet baked and reads it back, row by row from the tile's
    /// first row ([`GRAIN_TEXELS`] squared values): for tests and tools, not for frames.
    pub fn read_back(&self, gpu: &super::Gpu) -> Result<Vec<f32>, String> {
        let row = GRAIN_TEXELS * 2;
        let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("rock grain read-back"),
            size: u64::from(row * GRAIN_TEXELS),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        self.bake_once(&mut encoder);
        encoder.copy_texture_to_buffer(
            self.texture.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(row),
                    rows_per_image: Some(GRAIN_TEXELS),
                },
            },
            self.texture.size(),
        );
        gpu.queue.submit([encoder.finish()]);
        let slice = buffer.slice(..);
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        gpu.device
            .poll(wgpu::PollType::Wait {
                submission_index: None,
                timeout: None,
            })
            .map_err(|e| format!("the GPU did not finish the bake: {e}"))?;
        rx.recv()
            .map_err(|_| "the tile's read-back was dropped".to_string())?
            .map_err(|e| format!("cannot read the tile back: {e}"))?;
        let data = slice
            .get_mapped_range()
            .map_err(|e| format!("cannot read the tile back: {e}"))?;
        Ok(data
            .chunks_exact(2)
            .map(|b| from_f16(u16::from_le_bytes([b[0], b[1]])))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::from_f16;

    #[test]
    fn half_floats_decode_to_their_values() {
        assert_eq!(from_f16(0x0000), 0.0);
        assert_eq!(from_f16(0x3c00), 1.0);
        assert_eq!(from_f16(0x3800), 0.5);
        assert_eq!(from_f16(0xc000), -2.0);
        assert_eq!(from_f16(0x3555), 0.333_251_95);
        assert_eq!(from_f16(0x0001), 2f32.powi(-24));
        assert_eq!(from_f16(0x7c00), f32::INFINITY);
        assert!(from_f16(0x7e00).is_nan());
    }
}
