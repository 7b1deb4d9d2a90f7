//! Quads drawn from lists of records (glowing segments, stars): four vertices and six
//! indices per quad, the record read in the vertex shader from a storage buffer; particles
//! are one triangle of three vertices each. A software rasterizer (lavapipe) sets up every
//! instance of an instanced draw as a draw of its own, so 20,000 instanced quads cost far
//! more than their pixels; as one plain draw they cost little more than their vertices.
//! Adapters without storage buffers in vertex shaders (some GL drivers) get the records as
//! instance attributes instead.

use super::dynamic_buffer::{byte_cap, DynamicBuffer};
use bytemuck::Pod;
use std::ops::Range;

/// How quads get their records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuadSource {
    /// From a storage buffer, indexed by the vertex index: one draw, no instancing.
    Storage,
    /// As per-instance vertex attributes (the fallback).
    Instanced,
}

impl QuadSource {
    /// The best source `device` allows.
    pub fn best(device: &wgpu::Device) -> QuadSource {
        if device.limits().max_storage_buffers_per_shader_stage >= 1 {
            QuadSource::Storage
        } else {
            QuadSource::Instanced
        }
    }
}

/// Indices of the two triangles of a quad whose corners are `4q .. 4q + 4`.
fn quad_indices(q: u32) -> [u32; 6] {
    let v = 4 * q;
    [v, v + 1, v + 2, v, v + 2, v + 3]
}

/// The shared index buffer: quads 0, 1, 2, … in order, grown as needed.
#[derive(Debug)]
pub struct QuadIndices {
    buffer: wgpu::Buffer,
    quads: u32,
}

impl QuadIndices {
    /// Indices for `quads` quads to start with.
    pub fn new(device: &wgpu::Device, quads: u32) -> QuadIndices {
        let quads = quads.max(1);
        QuadIndices {
            buffer: Self::make(device, quads),
            quads,
        }
    }

    fn make(device: &wgpu::Device, quads: u32) -> wgpu::Buffer {
        use wgpu::util::DeviceExt;
        let indices: Vec<u32> = (0..quads).flat_map(quad_indices).collect();
        device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("quad indices"),
            contents: bytemuck::cast_slice(&indices),
            usage: wgpu::BufferUsages::INDEX,
        })
    }

    /// Makes room for `quads` quads (doubling, so growth is rare), as many as the device
    /// allows.
    pub fn reserve(&mut self, device: &wgpu::Device, quads: u32) {
        let most = byte_cap(device, false) / std::mem::size_of::<[u32; 6]>() as u64;
        let most = u32::try_from(most).unwrap_or(u32::MAX);
        let quads = quads.min(most);
        if quads > self.quads {
            self.quads = quads
                .checked_next_power_of_two()
                .unwrap_or(u32::MAX)
                .min(most);
            self.buffer = Self::make(device, self.quads);
        }
    }

    /// Binds the indices for the quad draws that follow.
    pub fn bind(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_index_buffer(self.buffer.slice(..), wgpu::IndexFormat::Uint32);
    }
}

/// A list of records rewritten every frame (or once, for static ones), grown by doubling,
/// with the bind group that exposes it to a storage-reading vertex shader.
#[derive(Debug)]
pub struct RecordBuffer {
    records: DynamicBuffer,
    group: Option<wgpu::BindGroup>,
    /// The size of the buffer the group was made over, bytes.
    bound: u64,
    stride: u64,
    label: &'static str,
}

impl RecordBuffer {
    /// An empty list of records `stride` bytes each.
    pub fn new(
        device: &wgpu::Device,
        label: &'static str,
        stride: u64,
        layout: Option<&wgpu::BindGroupLayout>,
    ) -> RecordBuffer {
        let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::VERTEX;
        let records = DynamicBuffer::new(device, label, usage, layout.is_some());
        let mut r = RecordBuffer {
            bound: records.capacity(),
            records,
            group: None,
            stride,
            label,
        };
        r.bind_group(device, layout);
        r
    }

    fn bind_group(&mut self, device: &wgpu::Device, layout: Option<&wgpu::BindGroupLayout>) {
        self.group = layout.map(|layout| {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(self.label),
                layout,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: self.records.buffer.as_entire_binding(),
                }],
            })
        });
    }

    /// Replaces the records with as many of `records` as the device allows; `layout` is
    /// the storage bind group layout (none for the instanced fallback). Returns how many
    /// records it holds now.
    pub fn write<T: Pod>(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        records: &[T],
        layout: Option<&wgpu::BindGroupLayout>,
    ) -> u32 {
        let written = self.records.write(device, queue, records, 1);
        if self.records.capacity() != self.bound {
            self.bound = self.records.capacity();
            self.bind_group(device, layout);
        }
        written
    }

    /// Draws the quads of records `range` with the pipeline already set (and, from
    /// `source`, the quad indices bound): one draw call, even for an empty range.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, source: QuadSource, range: Range<u32>) {
        match (source, &self.group) {
            (QuadSource::Storage, Some(group)) => {
                pass.set_bind_group(1, group, &[]);
                pass.draw_indexed(6 * range.start..6 * range.end, 0, 0..1);
            }
            _ => {
                // Instances from the first record of the range: no base instance needed. An
                // empty range still binds a (non-empty) slice.
                let start = if range.is_empty() {
                    0
                } else {
                    range.start as u64 * self.stride
                };
                pass.set_vertex_buffer(0, self.records.buffer.slice(start..));
                pass.draw_indexed(0..6, 0, 0..range.end.saturating_sub(range.start));
            }
        }
    }

    /// Draws one triangle per record of `range` (its three corners from the vertex index,
    /// no index buffer) with the pipeline already set: one draw call, even for an empty
    /// range.
    pub fn draw_triangles(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        source: QuadSource,
        range: Range<u32>,
    ) {
        match (source, &self.group) {
            (QuadSource::Storage, Some(group)) => {
                pass.set_bind_group(1, group, &[]);
                pass.draw(3 * range.start..3 * range.end, 0..1);
            }
            _ => {
                let start = if range.is_empty() {
                    0
                } else {
                    range.start as u64 * self.stride
                };
                pass.set_vertex_buffer(0, self.records.buffer.slice(start..));
                pass.draw(0..3, 0..range.end.saturating_sub(range.start));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_quad_is_two_triangles_over_its_own_four_corners() {
        assert_eq!(quad_indices(0), [0, 1, 2, 0, 2, 3]);
        assert_eq!(quad_indices(3), [12, 13, 14, 12, 14, 15]);
    }
}
