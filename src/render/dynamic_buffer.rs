//! The buffers the renderer rewrites every frame, and how much of a list the device lets
//! them hold: no buffer may be larger than the device's largest, and a buffer read as
//! storage no larger than its largest storage binding. A list longer than that is drawn as
//! far as it fits, rather than refused with a crash.

use bytemuck::Pod;

/// The most bytes one buffer may hold on `device` (where shaders read it as `storage`, one
/// storage binding may), rounded down to a multiple of 256, which any copy's alignment
/// divides: a device refuses a larger buffer outright.
pub(crate) fn byte_cap(device: &wgpu::Device, storage: bool) -> u64 {
    let limits = device.limits();
    let mut cap = limits.max_buffer_size;
    if storage {
        cap = cap.min(limits.max_storage_buffer_binding_size);
    }
    cap / 256 * 256
}

/// The leading part of `items` that fits in `cap` bytes, cut after a whole group of `group`
/// items (a triangle's three corners): what is drawn of a list too long for the device.
pub(crate) fn fitting<T: Pod>(items: &[T], group: usize, cap: u64) -> &[T] {
    let size = std::mem::size_of::<T>().max(1) as u64;
    let group = group.max(1);
    let most = usize::try_from(cap / size).unwrap_or(usize::MAX) / group * group;
    &items[..items.len().min(most)]
}

/// A buffer rewritten every frame (vertices, indices or records), grown by doubling when
/// too small, up to the most the device allows.
#[derive(Debug)]
pub(crate) struct DynamicBuffer {
    pub(crate) buffer: wgpu::Buffer,
    capacity: u64,
    /// The most bytes the device allows it.
    cap: u64,
    usage: wgpu::BufferUsages,
    label: &'static str,
}

impl DynamicBuffer {
    /// An empty buffer for `usage`; `storage`: shaders read it as a storage buffer, so one
    /// storage binding's limit holds it too.
    pub(crate) fn new(
        device: &wgpu::Device,
        label: &'static str,
        usage: wgpu::BufferUsages,
        storage: bool,
    ) -> Self {
        let capacity = 4096;
        DynamicBuffer {
            buffer: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: capacity,
                usage: usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            capacity,
            cap: byte_cap(device, storage),
            usage,
            label,
        }
    }

    /// Replaces the contents with as much of `items` as the device allows, whole groups of
    /// `group` items; returns how many items it holds now.
    pub(crate) fn write<T: Pod>(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        items: &[T],
        group: usize,
    ) -> u32 {
        let items = fitting(items, group, self.cap);
        let bytes: &[u8] = bytemuck::cast_slice(items);
        let need = bytes.len() as u64;
        if need > self.capacity {
            self.capacity = need.next_power_of_two().min(self.cap);
            self.buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(self.label),
                size: self.capacity,
                usage: self.usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
        }
        if need > 0 {
            queue.write_buffer(&self.buffer, 0, bytes);
        }
        u32::try_from(items.len()).unwrap_or(u32::MAX)
    }

    /// Its size, bytes: it changes only where [`DynamicBuffer::write`] made the buffer
    /// anew, and bind groups over the old one must be made again.
    pub(crate) fn capacity(&self) -> u64 {
        self.capacity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_cut_after_the_last_whole_group_that_fits() {
        let corners = [[0.0f32; 4]; 10];
        // 16 bytes a corner: 100 bytes hold 6 corners, two whole triangles.
        assert_eq!(fitting(&corners, 3, 100).len(), 6);
        assert_eq!(fitting(&corners, 1, 100).len(), 6);
        assert_eq!(fitting(&corners, 3, 47).len(), 0);
        assert_eq!(fitting(&corners, 3, 48).len(), 3);
        // All of it where there is room, and a group of none counts as one.
        assert_eq!(fitting(&corners, 3, 1 << 20).len(), 10);
        assert_eq!(fitting(&corners, 0, 40).len(), 2);
        assert_eq!(fitting(&corners, 3, 0).len(), 0);
    }
}
