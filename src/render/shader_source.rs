//! What every scene pipeline shares: the scene's colour format and the assembly of a world
//! shader's source. At the bottom of the renderer, so pipelines and the rock field can both
//! use it without importing each other.

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
