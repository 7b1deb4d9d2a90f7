//! The world-space render pipelines and their vertex formats: sky, starfield, the far
//! silhouettes, rock fill,
//! filled triangles, bodies' glowing outlines, glowing lines and particles,
//! all drawing into the HDR scene target (or, for the halo glow, the output).
//! Lines and particles are drawn from records that come from storage buffers, or as instances
//! where the adapter has no storage buffers in vertex shaders (see [`super::quads`]).

use super::backdrop::BackdropVertex;
use super::outlines::OutlineVertex;
use super::quads::QuadSource;
use super::rock_field::FieldKit;
use super::rock_grain::RockGrain;
use bytemuck::{Pod, Zeroable};

use super::shader_source::{self, world_shader, PipelineSpec};
pub use super::shader_source::{
    raw_twin, view_as, SceneTarget, PACKED_SCENE_FORMAT, SCENE_FEATURES, SCENE_FORMAT,
};

/// Frame globals, as `common.wgsl` declares them.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
pub struct Globals {
    /// World point at the centre of the view.
    pub center: [f32; 2],
    /// Half the view's width and height, metres.
    pub half_extent: [f32; 2],
    /// Target size, pixels.
    pub viewport: [f32; 2],
    /// Simulated seconds.
    pub time: f32,
    /// Pixels per metre.
    pub pixels_per_metre: f32,
    /// The view's top-left corner in the target, pixels (non-zero when views share it).
    pub origin: [f32; 2],
    /// The whole target's size, pixels.
    pub frame_size: [f32; 2],
    /// Cells of each starfield layer across the screen (see [`super::stars::layer_cells`]).
    pub star_cols: [u32; 4],
    /// Cells of each starfield layer up the screen.
    pub star_rows: [u32; 4],
    /// The world's sky at the bottom of the view (linear RGB; the fourth value unused).
    pub sky_low: [f32; 4],
    /// The sky at the top of the view.
    pub sky_high: [f32; 4],
    /// The stars' first tint.
    pub star_tint_a: [f32; 4],
    /// The stars' second tint.
    pub star_tint_b: [f32; 4],
    /// The rock strata's dark band.
    pub rock_dark: [f32; 4],
    /// The rock strata's light band.
    pub rock_light: [f32; 4],
    /// The rock's mineral tint.
    pub mineral: [f32; 4],
    /// The lattice cell at the view's top-left pixel (see `rock_cache.rs`).
    pub cache_base: [i32; 2],
    /// The texel of the view's rock cache holding that cell.
    pub cache_offset: [i32; 2],
}

/// A vertex of a filled triangle: position and premultiplied colour.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
pub struct FillVertex {
    /// World position.
    pub pos: [f32; 2],
    /// Premultiplied colour (alpha 0 adds light); a triangle's is its first corner's.
    pub color: [f32; 4],
}

/// One glowing segment (laid out as `Line` in `shaders/line.wgsl`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
pub struct LineInstance {
    /// Start, world space.
    pub a: [f32; 2],
    /// End, world space.
    pub b: [f32; 2],
    /// Colour; alpha scales the light.
    pub color: [f32; 4],
    /// Core half-width and glow radius, pixels.
    pub width: [f32; 2],
    /// The halo drawn around it straight into the output: peak per unit of light and
    /// reach, pixels (`glow::StrokeShape::halo`; zero in the HDR scene, whose post pass
    /// makes the glow).
    pub halo: [f32; 2],
}

/// One particle (laid out as `Particle` in `shaders/particle.wgsl`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
pub struct ParticleInstance {
    /// Centre, world space.
    pub pos: [f32; 2],
    /// Radius, metres.
    pub size: f32,
    /// Padding to keep the colour aligned.
    pub pad: f32,
    /// Colour; alpha scales the light.
    pub color: [f32; 4],
}

/// The world-space pipelines.
#[derive(Debug)]
pub struct Pipelines {
    /// Binds the globals uniform.
    pub globals_layout: wgpu::BindGroupLayout,
    /// Binds a storage buffer of quad records (group 1), where they are read that way.
    pub records_layout: Option<wgpu::BindGroupLayout>,
    /// Where the quads' records come from.
    pub source: QuadSource,
    /// Where the scene is drawn.
    pub target: SceneTarget,
    /// The sky's gradient, a full-screen triangle.
    pub sky: wgpu::RenderPipeline,
    /// Star sprites, one quad per cell of the starfield's layers.
    pub stars: wgpu::RenderPipeline,
    /// The sky over the air's triangles alone (group 0; the rock's vertex layout).
    pub sky_on_air: wgpu::RenderPipeline,
    /// The far silhouettes: vertex-coloured triangles, moved by their parallax.
    pub backdrop: wgpu::RenderPipeline,
    /// Procedurally shaded rock triangles (group 1: the level's baked field; group 2: the
    /// grain tile).
    pub rock: wgpu::RenderPipeline,
    /// The rock drawn from each view's cache of shaded rock, where the scene is drawn
    /// straight into the output (none for the bloom).
    pub rock_cache: Option<RockCachePipelines>,
    /// The rock field's layouts and bake pipeline.
    pub rock_field: FieldKit,
    /// The rock's grain tile, its bake and its group.
    pub rock_grain: RockGrain,
    /// Filled triangles with a colour each (premultiplied), blended.
    pub fill: wgpu::RenderPipeline,
    /// The same for opaque triangles, unblended: each covers what lies under it, so the
    /// blend's result is the triangle's own colour (alpha 1 in, alpha 1 out) and the
    /// target need not be read.
    pub fill_opaque: wgpu::RenderPipeline,
    /// Bodies' glowing outlines, a triangle per edge (see [`super::outlines`]).
    pub outline: wgpu::RenderPipeline,
    /// Glowing segments.
    pub line: wgpu::RenderPipeline,
    /// The halos of bright segments, drawn straight into the output (none for the bloom).
    pub halo: Option<wgpu::RenderPipeline>,
    /// Additive particle quads.
    pub particle: wgpu::RenderPipeline,
}

/// The pipelines of the rock's per-view cache (`rock_cache.rs`).
#[derive(Debug)]
pub struct RockCachePipelines {
    /// Group 1 of `fill`: the view's cache texture.
    pub layout: wgpu::BindGroupLayout,
    /// Shades the cache's stale texels (groups as the rock pipeline's).
    pub refill: wgpu::RenderPipeline,
    /// The rock's triangles, each pixel read from the cache.
    pub fill: wgpu::RenderPipeline,
    /// Where the output is sRGB-encoded: the same fill into a view of the output without
    /// the encoding, reading the cache through such a view, so that its bytes are copied
    /// rather than decoded and encoded again; and that format.
    pub copy: Option<(wgpu::RenderPipeline, wgpu::TextureFormat)>,
}

/// Premultiplied alpha: colour with alpha 1 covers, alpha 0 adds.
const PREMULTIPLIED: wgpu::BlendState = wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
        operation: wgpu::BlendOperation::Add,
    },
    alpha: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
        operation: wgpu::BlendOperation::Add,
    },
};

/// Light added under the tone curve: `src * (1 - dst) + dst`. With a curve
/// `1 - exp(-k x)` that is the curve of the sum of the two lights, exactly.
const SCREEN: wgpu::BlendState = wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::OneMinusDst,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
    alpha: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::Zero,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
};

/// Brightest wins: where glowing strokes overlap (at every joint of a chain) the light is
/// that of the nearer stroke, not the sum, so outlines have no bright beads at their joints.
const BRIGHTEST: wgpu::BlendState = wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Max,
    },
    alpha: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Max,
    },
};

/// The device and the target every scene pipeline is built for.
struct Kit<'a> {
    device: &'a wgpu::Device,
    target: SceneTarget,
}

/// A scene pipeline: `module`'s `vs_main` and `fs_main` into the scene's colour target,
/// blended by `blend`.
fn pipeline(
    kit: &Kit<'_>,
    layout: &wgpu::PipelineLayout,
    module: &wgpu::ShaderModule,
    name: &str,
    buffers: &[Option<wgpu::VertexBufferLayout<'_>>],
    blend: Option<wgpu::BlendState>,
) -> wgpu::RenderPipeline {
    entries_pipeline(
        kit,
        layout,
        (module, "vs_main", "fs_main"),
        name,
        buffers,
        blend,
    )
}

/// A scene pipeline from the entries (`module`, vertex entry, fragment entry).
fn entries_pipeline(
    kit: &Kit<'_>,
    layout: &wgpu::PipelineLayout,
    (module, vertex, fragment): (&wgpu::ShaderModule, &str, &str),
    name: &str,
    buffers: &[Option<wgpu::VertexBufferLayout<'_>>],
    blend: Option<wgpu::BlendState>,
) -> wgpu::RenderPipeline {
    let target = kit.target;
    shader_source::pipeline(
        kit.device,
        &PipelineSpec {
            label: name,
            layout,
            module,
            vertex,
            fragment,
            buffers,
            format: target.format,
            blend,
            constants: &target.constants(),
        },
    )
}

impl Pipelines {
    /// Compiles every world shader and builds the pipelines, reading quad records the
    /// `source` way and drawing into `target`.
    pub fn new(device: &wgpu::Device, source: QuadSource, target: SceneTarget) -> Pipelines {
        let globals_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("globals"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let records_layout = (source == QuadSource::Storage).then(|| {
            device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("quad records"),
                entries: &[wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::VERTEX,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Storage { read_only: true },
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                }],
            })
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("world"),
            bind_group_layouts: &[Some(&globals_layout)],
            immediate_size: 0,
        });
        let quad_layout = match &records_layout {
            Some(records) => device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some("quads"),
                bind_group_layouts: &[Some(&globals_layout), Some(records)],
                immediate_size: 0,
            }),
            None => layout.clone(),
        };
        let storage = source == QuadSource::Storage;
        let kit = Kit { device, target };
        let sky_src = world_shader(device, "sky", &[include_str!("../../shaders/sky.wgsl")]);
        let stars_src = world_shader(device, "stars", &[include_str!("../../shaders/stars.wgsl")]);
        let backdrop_src = world_shader(
            device,
            "backdrop",
            &[include_str!("../../shaders/backdrop.wgsl")],
        );
        let rock_field = FieldKit::new(device, &globals_layout);
        let rock_grain = RockGrain::new(device);
        let rock_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("rock"),
            bind_group_layouts: &[
                Some(&globals_layout),
                Some(&rock_field.layout),
                Some(&rock_grain.layout),
            ],
            immediate_size: 0,
        });
        let rock_src = world_shader(
            device,
            "rock",
            &[
                include_str!("../../shaders/rock_field.wgsl"),
                include_str!("../../shaders/rock_grain.wgsl"),
                include_str!("../../shaders/rock.wgsl"),
            ],
        );
        // The rock's vertices: world positions, read by the live fill and the cached one.
        let rock_attrs = wgpu::vertex_attr_array![0 => Float32x2];
        let rock_vertices = [Some(wgpu::VertexBufferLayout {
            array_stride: 8,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &rock_attrs,
        })];
        let rock_cache = target.halo.then(|| {
            let cache_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("rock cache"),
                entries: &[shader_source::fragment_texture(0, false)],
            });
            let fill_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some("rock from cache"),
                bind_group_layouts: &[Some(&globals_layout), Some(&cache_layout)],
                immediate_size: 0,
            });
            let cached_src = world_shader(
                device,
                "rock from cache",
                &[include_str!("../../shaders/rock_cached.wgsl")],
            );
            RockCachePipelines {
                refill: entries_pipeline(
                    &kit,
                    &rock_layout,
                    (&rock_src, "vs_cache", "fs_cache"),
                    "rock cache refill",
                    &[],
                    None,
                ),
                fill: pipeline(
                    &kit,
                    &fill_layout,
                    &cached_src,
                    "rock from cache",
                    &rock_vertices,
                    None,
                ),
                copy: raw_twin(target.format).map(|raw| {
                    let spec = PipelineSpec {
                        label: "rock copied from cache",
                        layout: &fill_layout,
                        module: &cached_src,
                        vertex: "vs_main",
                        fragment: "fs_main",
                        buffers: &rock_vertices,
                        format: raw,
                        blend: None,
                        constants: &[],
                    };
                    (shader_source::pipeline(device, &spec), raw)
                }),
                layout: cache_layout,
            }
        });
        let fill_src = world_shader(device, "fill", &[include_str!("../../shaders/fill.wgsl")]);
        let line_src = world_shader(
            device,
            "line",
            &[
                include_str!("../../shaders/line.wgsl"),
                if storage {
                    include_str!("../../shaders/line_storage.wgsl")
                } else {
                    include_str!("../../shaders/line_instanced.wgsl")
                },
            ],
        );
        let outline_src = world_shader(
            device,
            "outline",
            &[include_str!("../../shaders/outline.wgsl")],
        );
        let particle_src = world_shader(
            device,
            "particle",
            &[
                include_str!("../../shaders/particle.wgsl"),
                if storage {
                    include_str!("../../shaders/particle_storage.wgsl")
                } else {
                    include_str!("../../shaders/particle_instanced.wgsl")
                },
            ],
        );

        // Position, parallax factor, then the colour after the padding word.
        let backdrop_attrs = [
            wgpu::VertexAttribute {
                format: wgpu::VertexFormat::Float32x2,
                offset: 0,
                shader_location: 0,
            },
            wgpu::VertexAttribute {
                format: wgpu::VertexFormat::Float32,
                offset: 8,
                shader_location: 1,
            },
            wgpu::VertexAttribute {
                format: wgpu::VertexFormat::Float32x4,
                offset: 16,
                shader_location: 2,
            },
        ];
        let fill_attrs = wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x4];
        let fill_vertices = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<FillVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &fill_attrs,
        })];
        let line_attrs = wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x2, 2 => Float32x4, 3 => Float32x2, 4 => Float32x2];
        let line_instances = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<LineInstance>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &line_attrs,
        })];
        // A particle has the backdrop vertex's layout: position, a float, padding, colour.
        let particle_attrs = backdrop_attrs;
        let particle_instances = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<ParticleInstance>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: &particle_attrs,
        })];
        let outline_attrs = wgpu::vertex_attr_array![
            0 => Float32x2, 1 => Float32x3, 2 => Float32x3, 3 => Float32x4, 4 => Float32x4
        ];
        let outline_vertices = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<OutlineVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &outline_attrs,
        })];
        let (line_buffers, particle_buffers): (&[_], &[_]) = if storage {
            (&[], &[])
        } else {
            (&line_instances, &particle_instances)
        };
        Pipelines {
            sky: pipeline(&kit, &layout, &sky_src, "sky", &[], None),
            sky_on_air: entries_pipeline(
                &kit,
                &layout,
                (&sky_src, "vs_air", "fs_main"),
                "sky on air",
                &rock_vertices,
                None,
            ),
            stars: pipeline(&kit, &layout, &stars_src, "stars", &[], Some(PREMULTIPLIED)),
            backdrop: pipeline(
                &kit,
                &layout,
                &backdrop_src,
                "backdrop",
                &[Some(wgpu::VertexBufferLayout {
                    array_stride: std::mem::size_of::<BackdropVertex>() as u64,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &backdrop_attrs,
                })],
                None,
            ),
            rock: pipeline(&kit, &rock_layout, &rock_src, "rock", &rock_vertices, None),
            fill: pipeline(
                &kit,
                &layout,
                &fill_src,
                "fill",
                &fill_vertices,
                Some(PREMULTIPLIED),
            ),
            fill_opaque: pipeline(
                &kit,
                &layout,
                &fill_src,
                "opaque fill",
                &fill_vertices,
                None,
            ),
            outline: pipeline(
                &kit,
                &layout,
                &outline_src,
                "outline",
                &outline_vertices,
                Some(BRIGHTEST),
            ),
            line: pipeline(
                &kit,
                &quad_layout,
                &line_src,
                "line",
                line_buffers,
                Some(BRIGHTEST),
            ),
            halo: target.halo.then(|| {
                entries_pipeline(
                    &kit,
                    &quad_layout,
                    (&line_src, "vs_halo", "fs_halo"),
                    "halo",
                    line_buffers,
                    Some(SCREEN),
                )
            }),
            particle: pipeline(
                &kit,
                &quad_layout,
                &particle_src,
                "particle",
                particle_buffers,
                Some(PREMULTIPLIED),
            ),
            rock_cache,
            rock_field,
            rock_grain,
            globals_layout,
            records_layout,
            source,
            target,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_match_their_shader_layouts() {
        // WGSL rounds a struct holding a vec4 up to a multiple of 16 bytes.
        assert_eq!(std::mem::size_of::<LineInstance>(), 48);
        assert_eq!(std::mem::size_of::<ParticleInstance>(), 32);
        assert_eq!(std::mem::size_of::<OutlineVertex>(), 64);
        assert_eq!(std::mem::size_of::<Globals>(), 208);
        assert_eq!(std::mem::size_of::<BackdropVertex>(), 32);
    }
}
