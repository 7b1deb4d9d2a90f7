//! The rock's slow shading, baked once per level: a texture over the rock's bounds holding
//! the strata and the large-scale noise fields of `shaders/rock_field.wgsl` (the cracks'
//! among them), so that the rock shader reads them with one filtered fetch; the fine grain
//! has its own tile (`rock_grain`). The bake is recorded into the first frame drawn after
//! the rock is set, before the scene pass that reads it.

use super::rock_mesh::RockMesh;
use super::shader_source::{
    bake_pipeline, fragment_texture, target_texture, world_shader, SCENE_FORMAT,
};
use bytemuck::{Pod, Zeroable};
use glam::Vec2;

/// Texels per metre of the baked fields. The finest of them, the crack noise's last octave,
/// has about three cells a metre; eight texels a metre keep its filtered value within a few
/// thousandths of the exact one (cracks are drawn where it is within 0.035 of one half).
const TEXELS_PER_METRE: f32 = 8.0;
/// Largest side of the baked texture: a larger level is baked at a lower density.
const MAX_SIDE: u32 = 4096;
/// Margin around the rock's bounds, metres, so that filtering at its edge reads baked texels.
const MARGIN: f32 = 1.0;

/// Where the field lies in the world, as `RockField` in the shader.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
struct FieldParams {
    origin: [f32; 2],
    size: [f32; 2],
}

/// The world rectangle (origin, size) the field covers and its texture's size in texels.
fn extent(rock: &RockMesh, max_side: u32) -> (Vec2, Vec2, (u32, u32)) {
    let (min, max) = match &rock.bounds {
        Some(b) => (b.min, b.max),
        None => rock.triangles.iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(lo, hi), &p| (lo.min(p), hi.max(p)),
        ),
    };
    if !(min.is_finite() && max.is_finite() && max.cmpge(min).all()) {
        return (Vec2::ZERO, Vec2::ONE, (1, 1));
    }
    let origin = min - Vec2::splat(MARGIN);
    let size = (max - min) + Vec2::splat(2.0 * MARGIN);
    let side = max_side.clamp(1, MAX_SIDE) as f32;
    let density = TEXELS_PER_METRE.min(side / size.max_element());
    let texels = |metres: f32| ((metres * density).ceil() as u32).clamp(1, side as u32);
    (origin, size, (texels(size.x), texels(size.y)))
}

/// The layouts, sampler and bake pipeline, shared by every level's field.
#[derive(Debug)]
pub struct FieldKit {
    /// Group 1 of the rock pipeline: the field's placement, texture and sampler.
    pub layout: wgpu::BindGroupLayout,
    bake_layout: wgpu::BindGroupLayout,
    bake: wgpu::RenderPipeline,
    sampler: wgpu::Sampler,
}

fn uniform_entry() -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding: 0,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

impl FieldKit {
    /// Builds the bake pipeline; `globals` is group 0 of every world shader.
    pub fn new(device: &wgpu::Device, globals: &wgpu::BindGroupLayout) -> FieldKit {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("rock field"),
            entries: &[
                uniform_entry(),
                fragment_texture(1, true),
                wgpu::BindGroupLayoutEntry {
                    binding: 2,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let bake_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("rock field bake"),
            entries: &[uniform_entry()],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("rock field bake"),
            bind_group_layouts: &[Some(globals), Some(&bake_layout)],
            immediate_size: 0,
        });
        let module = world_shader(
            device,
            "rock field bake",
            &[
                include_str!("../../shaders/rock_field.wgsl"),
                include_str!("../../shaders/rock_bake.wgsl"),
            ],
        );
        let bake = bake_pipeline(
            device,
            "rock field bake",
            &pipeline_layout,
            &module,
            SCENE_FORMAT,
        );
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("rock field"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        FieldKit {
            layout,
            bake_layout,
            bake,
            sampler,
        }
    }
}

/// One level's baked field.
#[derive(Debug)]
pub struct RockField {
    texture: wgpu::TextureView,
    group: wgpu::BindGroup,
    bake_group: wgpu::BindGroup,
    /// Texels across and up.
    pub texels: (u32, u32),
    baked: bool,
}

impl RockField {
    /// The field for `rock`, to be baked by [`RockField::bake_once`].
    pub fn new(device: &wgpu::Device, kit: &FieldKit, rock: &RockMesh) -> RockField {
        use wgpu::util::DeviceExt;
        let max_side = device.limits().max_texture_dimension_2d;
        let (origin, size, texels) = extent(rock, max_side);
        let params = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("rock field"),
            contents: bytemuck::bytes_of(&FieldParams {
                origin: origin.to_array(),
                size: size.to_array(),
            }),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let texture = target_texture(device, "rock field", texels, SCENE_FORMAT);
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("rock field"),
            layout: &kit.layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: params.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::TextureView(&texture),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: wgpu::BindingResource::Sampler(&kit.sampler),
                },
            ],
        });
        let bake_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("rock field bake"),
            layout: &kit.bake_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: params.as_entire_binding(),
            }],
        });
        RockField {
            texture,
            group,
            bake_group,
            texels,
            baked: false,
        }
    }

    /// Records the bake into `encoder` the first time it is called; `globals` is bound as
    /// group 0 (the bake reads none of it).
    pub fn bake_once(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        kit: &FieldKit,
        globals: &wgpu::BindGroup,
    ) {
        if self.baked {
            return;
        }
        let mut pass = super::clear_pass(encoder, "rock field bake", &self.texture);
        pass.set_pipeline(&kit.bake);
        pass.set_bind_group(0, globals, &[]);
        pass.set_bind_group(1, &self.bake_group, &[]);
        pass.draw(0..3, 0..1);
        self.baked = true;
    }

    /// Binds the field as group 1 of the rock pipeline.
    pub fn bind(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_bind_group(1, &self.group, &[]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Bounds;

    fn rock(min: Vec2, max: Vec2) -> RockMesh {
        RockMesh {
            bounds: Some(Bounds { min, max }),
            ..RockMesh::default()
        }
    }

    #[test]
    fn the_field_covers_the_rock_with_a_margin_at_its_density_or_the_largest_side() {
        let (origin, size, texels) =
            extent(&rock(Vec2::new(-70.0, -45.0), Vec2::new(70.0, 45.0)), 8192);
        assert_eq!(origin, Vec2::new(-71.0, -46.0));
        assert_eq!(size, Vec2::new(142.0, 92.0));
        assert_eq!(texels, (1136, 736));
        // A huge level is baked coarser, its longer side at the largest texture side.
        let (_, size, texels) = extent(&rock(Vec2::ZERO, Vec2::new(2000.0, 100.0)), 8192);
        assert_eq!(texels.0, MAX_SIDE);
        let density = MAX_SIDE as f32 / size.x;
        assert_eq!(texels.1, (size.y * density).ceil() as u32);
        // A device with smaller textures gets smaller ones.
        let (_, _, texels) = extent(&rock(Vec2::ZERO, Vec2::new(2000.0, 100.0)), 2048);
        assert_eq!(texels.0, 2048);
        // No rock: one texel.
        assert_eq!(extent(&RockMesh::default(), 8192).2, (1, 1));
    }
}
