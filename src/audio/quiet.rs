//! Keeping the ALSA library quiet while the sound output is opened. Without a sound device
//! the library writes its own error lines to stderr ("ALSA lib confmisc.c:855:(parse_card)
//! cannot find card '0'" and several more) before rodio returns its error, and the player
//! should see only the game's one line saying it plays silent.
//!
//! ALSA's process-wide error handler is a C variadic function, which stable Rust cannot
//! define. Its per-thread handler (`snd_lib_error_set_local`) takes a `va_list` instead, so
//! it can be a plain `extern "C"` function: it is installed on the opening thread for the
//! duration of the opening and the previous one put back after. Messages are counted, not
//! shown. Off Linux there is no ALSA and [`quietly`] just runs its closure.

/// Runs `open` with the ALSA library's error lines on this thread swallowed; returns its
/// result and how many lines were swallowed.
pub fn quietly<T>(open: impl FnOnce() -> T) -> (T, u32) {
    imp::quietly(open)
}

#[cfg(target_os = "linux")]
mod imp {
    use alsa_sys::{__va_list_tag, snd_lib_error_set_local};
    use std::cell::Cell;
    use std::ffi::{c_char, c_int};

    thread_local! {
        /// Lines swallowed on this thread since [`quietly`] began.
        static SWALLOWED: Cell<u32> = const { Cell::new(0) };
    }

    /// ALSA's per-thread error handler: counts the line and drops it.
    unsafe extern "C" fn swallow(
        _file: *const c_char,
        _line: c_int,
        _function: *const c_char,
        _err: c_int,
        _fmt: *const c_char,
        _args: *mut __va_list_tag,
    ) {
        SWALLOWED.with(|n| n.set(n.get().saturating_add(1)));
    }

    pub fn quietly<T>(open: impl FnOnce() -> T) -> (T, u32) {
        SWALLOWED.with(|n| n.set(0));
        // SAFETY: `swallow` has the signature ALSA's local handler type requires and reads
        // none of its arguments; the handler is per thread and put back before returning.
        let previous = unsafe { snd_lib_error_set_local(Some(swallow)) };
        let result = open();
        // SAFETY: restores what was installed before (usually none: the default output).
        unsafe { snd_lib_error_set_local(previous) };
        (result, SWALLOWED.with(Cell::get))
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn alsa_errors_on_this_thread_are_swallowed_and_counted() {
            let name = std::ffi::CString::new("cavefly_no_such_pcm").unwrap();
            let (status, swallowed) = quietly(|| {
                let mut pcm = std::ptr::null_mut();
                // SAFETY: a valid out-pointer and a NUL-terminated name; on success the
                // handle is closed again.
                unsafe {
                    let status = alsa_sys::snd_pcm_open(
                        &mut pcm,
                        name.as_ptr(),
                        alsa_sys::SND_PCM_STREAM_PLAYBACK,
                        0,
                    );
                    if status == 0 {
                        alsa_sys::snd_pcm_close(pcm);
                    }
                    status
                }
            });
            assert!(status < 0, "no such device exists, so opening it fails");
            // ALSA reports "Unknown PCM cavefly_no_such_pcm" through its error handler: ours
            // took it, so the default handler did not print it.
            assert!(swallowed >= 1, "{swallowed}");
            // Outside `quietly` the handler is gone again.
            assert!(unsafe { snd_lib_error_set_local(None) }.is_none());
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    pub fn quietly<T>(open: impl FnOnce() -> T) -> (T, u32) {
        (open(), 0)
    }
}
