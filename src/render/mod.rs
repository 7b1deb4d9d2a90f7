//! Presentation: the wgpu renderer. It draws a [`Snapshot`] — plain data captured from the
//! simulation — over the level's static [`RockMesh`]; it never reaches into physics and
//! nothing it does feeds back into the simulation. Works with a window or offscreen (on a
//! software adapter too); the WGSL lives in `shaders/`.

pub mod backdrop;
mod backdrop_shapes;
pub mod bloom;
pub mod camera;
mod capture;
pub mod cull;
pub mod debug_overlay;
mod dynamic_buffer;
pub mod effects;
pub mod game_draw;
pub mod glow;
pub mod gpu;
pub mod image;
pub mod layout;
pub mod offscreen;
pub mod outlines;
pub mod palette;
pub mod pipelines;
pub mod player_views;
pub mod quads;
pub mod renderer;
mod rock_cache;
pub mod rock_field;
pub mod rock_grain;
pub mod rock_mesh;
mod scene_pass;
mod shader_source;
pub mod snapshot;
pub mod stars;
pub mod timer;
mod view_buffers;
mod view_data;

pub use camera::{Bounds, Camera, View};

/// Begins a render pass into `view` that first clears it to black.
pub(crate) fn clear_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    label: &str,
    view: &wgpu::TextureView,
) -> wgpu::RenderPass<'e> {
    view_pass(
        encoder,
        label,
        view,
        wgpu::LoadOp::Clear(wgpu::Color::BLACK),
    )
}

/// Begins a render pass into `view` that starts from `load` (cleared, or kept).
pub(crate) fn view_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    label: &str,
    view: &wgpu::TextureView,
    load: wgpu::LoadOp<wgpu::Color>,
) -> wgpu::RenderPass<'e> {
    encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some(label),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view,
            depth_slice: None,
            resolve_target: None,
            ops: wgpu::Operations {
                load,
                store: wgpu::StoreOp::Store,
            },
        })],
        ..Default::default()
    })
}
pub use effects::Effects;
pub use gpu::Gpu;
pub use layout::ViewRect;
pub use offscreen::{Offscreen, Rgba8};
pub use renderer::{FrameStats, Output, Renderer, ViewPass};
pub use rock_mesh::RockMesh;
pub use snapshot::Snapshot;
