//! How much of a list the device can hold: no buffer may be larger than the device's
//! largest, and a buffer read as storage no larger than its largest storage binding. A
//! list longer than that is drawn as far as it fits, rather than refused with a crash.

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
