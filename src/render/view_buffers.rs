//! The buffers one view of a frame draws from: its camera globals and the vertex, index
//! and record lists rebuilt for it every frame. A frame with several views (players
//! sharing the window) keeps one set per view, since every view's data is uploaded before
//! the frame's passes run.

use super::dynamic_buffer::DynamicBuffer;
use super::pipelines::{Globals, Pipelines};
use super::quads::RecordBuffer;
use super::rock_cache::{Lattice, RockCache};

/// How much of each list one view recorded this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ViewCounts {
    /// Rock triangle indices in view.
    pub rock_indices: u32,
    /// The rock's outline segments, which start the line list.
    pub rock_lines: u32,
    /// Every line, the rock's included.
    pub lines: u32,
    /// Where the copies of the bright lines drawn again as halos end (they follow the
    /// lines; none for the bloom).
    pub halos: u32,
    /// Fill vertices.
    pub fill: u32,
    /// Of those, the opaque triangles' that start the list (drawn unblended).
    pub opaque_fill: u32,
    /// Corners of bodies' outlines' triangles.
    pub outlines: u32,
    /// Particles.
    pub particles: u32,
    /// Star quads.
    pub stars: u32,
    /// Whether the sky is drawn over the air's triangles alone (the view lies within
    /// them), rather than over the whole view.
    pub sky_on_air: bool,
    /// The rock grain's mip level for the view's scale.
    pub grain_level: u32,
}

/// One view's buffers.
#[derive(Debug)]
pub(crate) struct ViewBuffers {
    pub globals: wgpu::Buffer,
    pub globals_group: wgpu::BindGroup,
    pub rock_visible: DynamicBuffer,
    pub fill: DynamicBuffer,
    pub lines: RecordBuffer,
    /// Bodies' outlines' triangles.
    pub outlines: DynamicBuffer,
    pub particles: RecordBuffer,
    pub counts: ViewCounts,
    /// The view's lattice of pixel cells this frame.
    pub lattice: Lattice,
    /// The view's shaded rock, where the renderer keeps it.
    pub rock_cache: RockCache,
}

impl ViewBuffers {
    /// Empty buffers for one view, bound for `pipelines`.
    pub fn new(device: &wgpu::Device, pipelines: &Pipelines) -> ViewBuffers {
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("globals"),
            size: std::mem::size_of::<Globals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let globals_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("globals"),
            layout: &pipelines.globals_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            }],
        });
        let records = pipelines.records_layout.as_ref();
        let line_size = std::mem::size_of::<super::pipelines::LineInstance>() as u64;
        let particle_size = std::mem::size_of::<super::pipelines::ParticleInstance>() as u64;
        ViewBuffers {
            globals,
            globals_group,
            rock_visible: DynamicBuffer::new(
                device,
                "rock in view",
                wgpu::BufferUsages::INDEX,
                false,
            ),
            fill: DynamicBuffer::new(device, "fill", wgpu::BufferUsages::VERTEX, false),
            lines: RecordBuffer::new(device, "lines", line_size, records),
            outlines: DynamicBuffer::new(device, "outlines", wgpu::BufferUsages::VERTEX, false),
            particles: RecordBuffer::new(device, "particles", particle_size, records),
            counts: ViewCounts::default(),
            lattice: Lattice::default(),
            rock_cache: RockCache::default(),
        }
    }
}
