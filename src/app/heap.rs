//! Keeping freed memory for the next frame. A software rasterizer's driver allocates its
//! frame's working memory (binned triangles, shaded vertices) afresh every frame and frees
//! it at the end; the C library then hands the top of its heap back to the system, and the
//! next frame faults every page of it in again, zeroed. On a busy frame (2,000 bodies and
//! 10,000 particles) that was about a third of the driver's vertex thread. Told to keep
//! what it frees, the library reuses the same pages frame after frame; the process keeps
//! its busiest frame's memory, which a game that draws such frames again needs anyway.

/// Heap the C library may keep unused at its top before handing it back (bytes).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const KEEP_TOP: std::ffi::c_int = 1 << 30;
/// Blocks from this size up get their own mapping, returned when freed (bytes): the
/// library's largest setting, so a frame's large buffers come from the kept heap too.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const OWN_MAPPING_FROM: std::ffi::c_int = 32 << 20;

/// Tells the C library's allocator to keep freed memory for reuse; returns whether it
/// took both settings (false where there is no such library: not Linux with glibc).
pub fn keep_freed_memory() -> bool {
    imp::keep()
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod imp {
    use std::ffi::c_int;

    /// glibc's `mallopt` parameters (`malloc.h`).
    const M_TRIM_THRESHOLD: c_int = -1;
    const M_MMAP_THRESHOLD: c_int = -3;

    unsafe extern "C" {
        fn mallopt(param: c_int, value: c_int) -> c_int;
    }

    pub fn keep() -> bool {
        // SAFETY: `mallopt` only changes the allocator's tuning; any value is accepted or
        // refused (returning 0), never acted on unsafely.
        let trim = unsafe { mallopt(M_TRIM_THRESHOLD, super::KEEP_TOP) };
        // SAFETY: as above.
        let mmap = unsafe { mallopt(M_MMAP_THRESHOLD, super::OWN_MAPPING_FROM) };
        trim == 1 && mmap == 1
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod imp {
    pub fn keep() -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn the_allocator_takes_both_settings() {
        assert!(super::keep_freed_memory());
    }
}
