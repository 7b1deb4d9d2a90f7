//! The rock's fine grain, baked once per renderer into a tile that repeats every
//! `GRAIN_PERIOD` metres (`shaders/rock_grain.wgsl`), so that the rock shader reads it with
//! one filtered fetch instead of evaluating five noise octaves per pixel. Each level of its
//! mip chain averages the one above, and a zoomed-out view is given a coarser level, so the
//! grain neither shimmers nor costs a cache miss per pixel there. The renderer picks the
//! level per view and binds that level alone, which keeps the shader's read on the
//! rasterizer's fast path of a single-level texture. The grain does not depend on the
//! level, so one tile serves every level; it is baked into the first frame drawn, before
//! the scene pass that reads it.

use super::shader_source::{bake_pipeline, fragment_texture, world_shader};
use std::sync::atomic::{AtomicBool, Ordering};

/// Texels across (and up) the tile: 64 a metre over its 32 metres, at least two and a half
/// texels to a cell of the finest octave (19 cells a metre), so filtering keeps its shape.
pub const GRAIN_TEXELS: u32 = 2048;
/// Metres across the tile (`GRAIN_PERIOD` in `shaders/rock_grain.wgsl`).
pub const GRAIN_PERIOD: f32 = 32.0;
/// Levels of the tile's mip chain, the finest first: down to 64 texels across, two texels a
/// metre, which a view reads only when it shows a metre in less than a pixel.
pub const GRAIN_LEVELS: u32 = 6;
/// The tile's format: one channel, with headroom of precision over 8-bit colour.
const GRAIN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::R16Float;

/// The grain tile, its bake and group 2 of the rock pipeline that reads it.
#[derive(Debug)]
pub struct RockGrain {
    /// Group 2 of the rock pipeline: one level of the tile and its wrapping sampler.
    pub layout: wgpu::BindGroupLayout,
    /// The group reading each level.
    groups: Vec<wgpu::BindGroup>,
    texture: wgpu::Texture,
    /// One view per mip level, to render into and to read the next level from.
    levels: Vec<wgpu::TextureView>,
    /// Level `i + 1`'s source: level `i`.
    down_groups: Vec<wgpu::BindGroup>,
    bake: wgpu::RenderPipeline,
    down: wgpu::RenderPipeline,
    baked: AtomicBool,
}

impl RockGrain {
    /// Makes the tile (not yet baked) and its bake pipeline.
    pub fn new(device: &wgpu::Device) -> RockGrain {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("rock grain"),
            entries: &[
                fragment_texture(0, true),
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
            mip_level_count: GRAIN_LEVELS,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: GRAIN_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let levels: Vec<wgpu::TextureView> = (0..GRAIN_LEVELS)
            .map(|level| {
                texture.create_view(&wgpu::TextureViewDescriptor {
                    base_mip_level: level,
                    mip_level_count: Some(1),
                    ..Default::default()
                })
            })
            .collect();
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("rock grain"),
            address_mode_u: wgpu::AddressMode::Repeat,
            address_mode_v: wgpu::AddressMode::Repeat,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let groups = levels
            .iter()
            .map(|level| {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("rock grain"),
                    layout: &layout,
                    entries: &[
                        wgpu::BindGroupEntry {
                            binding: 0,
                            resource: wgpu::BindingResource::TextureView(level),
                        },
                        wgpu::BindGroupEntry {
                            binding: 1,
                            resource: wgpu::BindingResource::Sampler(&sampler),
                        },
                    ],
                })
            })
            .collect();
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
        let bake = bake_pipeline(
            device,
            "rock grain bake",
            &pipeline_layout,
            &module,
            GRAIN_FORMAT,
        );
        let down_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("rock grain mip"),
            entries: &[fragment_texture(0, false)],
        });
        let down_groups = levels[..levels.len() - 1]
            .iter()
            .map(|finer| {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("rock grain mip"),
                    layout: &down_layout,
                    entries: &[wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(finer),
                    }],
                })
            })
            .collect();
        let down_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("rock grain mip"),
            bind_group_layouts: &[Some(&down_layout)],
            immediate_size: 0,
        });
        let down_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("rock grain mip"),
            source: wgpu::ShaderSource::Wgsl(
                include_str!("../../shaders/rock_grain_down.wgsl").into(),
            ),
        });
        let down = bake_pipeline(
            device,
            "rock grain mip",
            &down_pipeline_layout,
            &down_module,
            GRAIN_FORMAT,
        );
        RockGrain {
            layout,
            groups,
            texture,
            levels,
            down_groups,
            bake,
            down,
            baked: AtomicBool::new(false),
        }
    }

    /// Records the bake of the finest level and of each coarser one from it into `encoder`,
    /// the first time it is called.
    pub fn bake_once(&self, encoder: &mut wgpu::CommandEncoder) {
        if self.baked.swap(true, Ordering::Relaxed) {
            return;
        }
        {
            let mut pass = super::clear_pass(encoder, "rock grain bake", &self.levels[0]);
            pass.set_pipeline(&self.bake);
            pass.draw(0..3, 0..1);
        }
        for (coarser, finer) in self.levels[1..].iter().zip(&self.down_groups) {
            let mut pass = super::clear_pass(encoder, "rock grain mip", coarser);
            pass.set_pipeline(&self.down);
            pass.set_bind_group(0, finer, &[]);
            pass.draw(0..3, 0..1);
        }
    }

    /// Binds mip level `level` of the tile (see [`grain_level`]) as group 2 of the rock
    /// pipeline.
    pub fn bind(&self, pass: &mut wgpu::RenderPass<'_>, level: u32) {
        let last = self.groups.len() - 1;
        pass.set_bind_group(2, &self.groups[(level as usize).min(last)], &[]);
    }
}

/// The mip level of the grain tile a view of `pixels_per_metre` reads: the finest until a
/// pixel spans about three of its texels (at the default zoom of a 720-pixel-high view it
/// spans two), then each coarser level in turn, the nearest to a pixel spanning two.
pub fn grain_level(pixels_per_metre: f32) -> u32 {
    let texels_per_metre = GRAIN_TEXELS as f32 / GRAIN_PERIOD;
    let level = (texels_per_metre / pixels_per_metre).log2() - 1.0;
    if level.is_nan() || level <= 0.0 {
        return 0;
    }
    (level.round() as u32).min(GRAIN_LEVELS - 1)
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
    /// Bakes the tile if it is not yet baked and reads mip level `level` back, row by row
    /// from its first row (`GRAIN_TEXELS >> level` squared values): for tests and tools, not
    /// for frames.
    pub fn read_back(&self, gpu: &super::Gpu, level: u32) -> Result<Vec<f32>, String> {
        if level >= GRAIN_LEVELS {
            return Err(format!(
                "the grain tile has {GRAIN_LEVELS} levels, not {}",
                level + 1
            ));
        }
        let side = GRAIN_TEXELS >> level;
        let row = (side * 2).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("rock grain read-back"),
            size: u64::from(row * side),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        self.bake_once(&mut encoder);
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                mip_level: level,
                ..self.texture.as_image_copy()
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(row),
                    rows_per_image: Some(side),
                },
            },
            wgpu::Extent3d {
                width: side,
                height: side,
                depth_or_array_layers: 1,
            },
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
            .chunks(row as usize)
            .flat_map(|r| r[..(side * 2) as usize].chunks_exact(2))
            .map(|b| from_f16(u16::from_le_bytes([b[0], b[1]])))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::{from_f16, grain_level, GRAIN_LEVELS, GRAIN_PERIOD, GRAIN_TEXELS};

    #[test]
    fn the_shader_tiles_over_the_same_period() {
        let source = include_str!("../../shaders/rock_grain.wgsl");
        assert!(source.contains(&format!("const GRAIN_PERIOD: f32 = {GRAIN_PERIOD:.1};")));
    }

    #[test]
    fn each_scale_reads_the_level_whose_texels_are_about_two_to_a_pixel() {
        // A 720-pixel-high view at the default zoom shows 24 m: 30 pixels a metre.
        assert_eq!(grain_level(30.0), 0);
        assert_eq!(grain_level(1000.0), 0);
        assert_eq!(grain_level(0.0), GRAIN_LEVELS - 1);
        assert_eq!(grain_level(f32::NAN), 0);
        for k in 1..400 {
            let ppm = k as f32 * 0.25;
            let level = grain_level(ppm);
            let texels_per_pixel = GRAIN_TEXELS as f32 / GRAIN_PERIOD / ppm / (1 << level) as f32;
            if level > 0 && level < GRAIN_LEVELS - 1 {
                assert!(
                    (1.41..=2.83).contains(&texels_per_pixel),
                    "{ppm}: {texels_per_pixel}"
                );
            } else if level == 0 {
                assert!(texels_per_pixel <= 2.83, "{ppm}: {texels_per_pixel}");
            }
            // A finer view never reads a coarser level.
            assert!(grain_level(ppm + 0.25) <= level);
        }
    }

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
