//! What every scene pipeline shares: the scene's colour format, the assembly of a world
//! shader's source, the pipeline builder (and the one that bakes a texture) and the
//! fragment texture binding. At the bottom of the renderer, so
//! pipelines, the rock field and the rock grain can all use it without importing each other.

use super::glow::Glow;

/// The scene's colour format: linear, with headroom above 1 for the glow pass.
pub const SCENE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;
/// The scene's colour format where the device can draw into it: three small floats in 32
/// bits (no alpha, which no blend and no post pass reads), so every layer of the scene and
/// every read of it moves half the memory of [`SCENE_FORMAT`]. Each value keeps 6 (blue 5)
/// bits of mantissa, a step under one 8-bit sRGB step at the brightnesses it shows.
pub const PACKED_SCENE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rg11b10Ufloat;
/// The device feature that lets the scene be drawn in [`PACKED_SCENE_FORMAT`]: asked for
/// wherever the adapter has it.
pub const SCENE_FEATURES: wgpu::Features = wgpu::Features::RG11B10UFLOAT_RENDERABLE;

/// The HDR scene's format on `device`: packed where it can draw into it.
pub fn scene_format(device: &wgpu::Device) -> wgpu::TextureFormat {
    if device.features().contains(SCENE_FEATURES) {
        PACKED_SCENE_FORMAT
    } else {
        SCENE_FORMAT
    }
}

/// Where the scene's pipelines draw: the HDR scene target the glow post pass reads, or,
/// for the halo glow, the output itself, with the shaders tone-mapping (and, into an output
/// that is not sRGB, encoding) their own colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SceneTarget {
    /// The colour format drawn into.
    pub format: wgpu::TextureFormat,
    /// Drawing straight into the output.
    pub halo: bool,
}

impl SceneTarget {
    /// The scene target for `glow` and an output of `output` format on `device`.
    pub fn new(glow: Glow, output: wgpu::TextureFormat, device: &wgpu::Device) -> SceneTarget {
        match glow {
            Glow::Bloom => SceneTarget {
                format: scene_format(device),
                halo: false,
            },
            Glow::Halo => SceneTarget {
                format: output,
                halo: true,
            },
        }
    }

    /// The world shaders' overridable constants for this target (`shaders/common.wgsl`).
    pub fn constants(&self) -> [(&'static str, f64); 2] {
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        [
            ("HALO", flag(self.halo)),
            ("ENCODE_SRGB", flag(self.halo && !self.format.is_srgb())),
        ]
    }
}

/// Source of a world shader: the shared globals and helpers, then the shader's parts.
pub(crate) fn world_shader(
    device: &wgpu::Device,
    name: &str,
    parts: &[&str],
) -> wgpu::ShaderModule {
    let mut source = include_str!("../../shaders/common.wgsl").to_string();
    for part in parts {
        source.push('\n');
        source.push_str(part);
    }
    device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(name),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    })
}

/// What sets one render pipeline apart from the others the renderer builds: every one
/// runs one of `module`'s vertex entries and one of its fragment entries into a single
/// colour target, with no depth and no multisampling.
pub(crate) struct PipelineSpec<'a> {
    /// Debug label.
    pub label: &'a str,
    /// Bind group layouts.
    pub layout: &'a wgpu::PipelineLayout,
    /// The shader module holding both entries.
    pub module: &'a wgpu::ShaderModule,
    /// The vertex entry point.
    pub vertex: &'a str,
    /// The fragment entry point.
    pub fragment: &'a str,
    /// Vertex buffers (none for a full-target triangle or storage-read records).
    pub buffers: &'a [Option<wgpu::VertexBufferLayout<'a>>],
    /// The target's format.
    pub format: wgpu::TextureFormat,
    /// Blending into the target, or `None` to overwrite it.
    pub blend: Option<wgpu::BlendState>,
    /// Values of the shader's overridable constants (both stages).
    pub constants: &'a [(&'a str, f64)],
}

/// The render pipeline `spec` describes.
pub(crate) fn pipeline(device: &wgpu::Device, spec: &PipelineSpec) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(spec.label),
        layout: Some(spec.layout),
        vertex: wgpu::VertexState {
            module: spec.module,
            entry_point: Some(spec.vertex),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: spec.constants,
                ..Default::default()
            },
            buffers: spec.buffers,
        },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: None,
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module: spec.module,
            entry_point: Some(spec.fragment),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: spec.constants,
                ..Default::default()
            },
            targets: &[Some(wgpu::ColorTargetState {
                format: spec.format,
                blend: spec.blend,
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// A pipeline that bakes a texture: one full-target triangle from `module`'s `vs_main` and
/// `fs_main`, written unblended into a target of `format`.
pub(crate) fn bake_pipeline(
    device: &wgpu::Device,
    label: &str,
    layout: &wgpu::PipelineLayout,
    module: &wgpu::ShaderModule,
    format: wgpu::TextureFormat,
) -> wgpu::RenderPipeline {
    pipeline(
        device,
        &PipelineSpec {
            label,
            layout,
            module,
            vertex: "vs_main",
            fragment: "fs_main",
            buffers: &[],
            format,
            blend: None,
            constants: &[],
        },
    )
}

/// A 2D texture of `format` (`size` in texels, at least one each way) that passes draw
/// into and later passes read: its view.
pub(crate) fn target_texture(
    device: &wgpu::Device,
    label: &str,
    size: (u32, u32),
    format: wgpu::TextureFormat,
) -> wgpu::TextureView {
    texture_with_views(device, label, size, (format, &[]))
        .create_view(&wgpu::TextureViewDescriptor::default())
}

/// The format that stores the same bytes as `format` without its sRGB encoding, where
/// `format` has one.
pub fn raw_twin(format: wgpu::TextureFormat) -> Option<wgpu::TextureFormat> {
    let raw = format.remove_srgb_suffix();
    (raw != format).then_some(raw)
}

/// A view of `texture` in `format`, one of the formats it was made to be viewed as.
pub fn view_as(texture: &wgpu::Texture, format: wgpu::TextureFormat) -> wgpu::TextureView {
    texture.create_view(&wgpu::TextureViewDescriptor {
        format: Some(format),
        ..Default::default()
    })
}

/// A texture as [`target_texture`] makes, of `format`, that may also be viewed as each of
/// `views` (formats differing from it only in the sRGB encoding).
pub(crate) fn texture_with_views(
    device: &wgpu::Device,
    label: &str,
    (width, height): (u32, u32),
    (format, views): (wgpu::TextureFormat, &[wgpu::TextureFormat]),
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: width.max(1),
            height: height.max(1),
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: views,
    })
}

/// A texture a fragment shader reads at `binding` (2D, single-sampled, `f32`; filterable
/// when it is sampled rather than loaded).
pub(crate) fn fragment_texture(binding: u32, filterable: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Texture {
            sample_type: wgpu::TextureSampleType::Float { filterable },
            view_dimension: wgpu::TextureViewDimension::D2,
            multisampled: false,
        },
        count: None,
    }
}
