//! What every scene pipeline shares: the scene's colour format, the assembly of a world
//! shader's source and the pipeline that bakes a texture. At the bottom of the renderer, so
//! pipelines, the rock field and the rock grain can all use it without importing each other.

/// The scene's colour format: linear, with headroom above 1 for the glow pass.
pub const SCENE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;

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

/// A pipeline that bakes a texture: one full-target triangle from `module`'s `vs_main` and
/// `fs_main`, written unblended into a target of `format`.
pub(crate) fn bake_pipeline(
    device: &wgpu::Device,
    label: &str,
    layout: &wgpu::PipelineLayout,
    module: &wgpu::ShaderModule,
    format: wgpu::TextureFormat,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module,
            entry_point: Some("vs_main"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: None,
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some("fs_main"),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend: None,
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}
