//! CPU time per thread of this process, for the render benches. On a CPU rasterizer the
//! driver's own threads do the drawing (its rasterizer threads shade pixels; a queue thread
//! runs the vertex shaders and sets triangles up), so their time per frame, against the
//! cores the machine has, says what bounds a frame: the work, or how it is spread.
//!
//! Read from Linux's `/proc/self/task/*/schedstat` (nanoseconds on a CPU) and `comm` (the
//! thread's name); elsewhere there is nothing to read and the report says so.

use std::time::Duration;

/// One thread of this process and the CPU time it had used when read.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreadTime {
    /// The thread's id.
    pub tid: u32,
    /// Its name (a thread nobody named carries the program's).
    pub name: String,
    /// CPU time used since it started.
    pub cpu: Duration,
}

/// Every thread of this process with its CPU time so far, by id; empty where the system
/// does not say (not Linux, or no scheduler statistics).
pub fn thread_times() -> Vec<ThreadTime> {
    let Ok(dir) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    let mut out: Vec<ThreadTime> = dir
        .flatten()
        .filter_map(|entry| {
            let tid = entry.file_name().to_str()?.parse().ok()?;
            let path = entry.path();
            let cpu = parse_schedstat(&std::fs::read_to_string(path.join("schedstat")).ok()?)?;
            let name = std::fs::read_to_string(path.join("comm")).ok()?;
            Some(ThreadTime {
                tid,
                name: name.trim().to_string(),
                cpu,
            })
        })
        .collect();
    out.sort_by_key(|t| t.tid);
    out
}

/// The time on a CPU from a `schedstat` line: its first number, in nanoseconds.
pub fn parse_schedstat(text: &str) -> Option<Duration> {
    text.split_whitespace()
        .next()?
        .parse()
        .ok()
        .map(Duration::from_nanos)
}

/// Milliseconds of CPU per frame each thread used between two readings, over `frames`
/// frames: the threads that ran, busiest first (a thread started in between counts from
/// zero; one that ended is left out). The thread whose id is `main` is named "main".
pub fn per_frame(
    before: &[ThreadTime],
    after: &[ThreadTime],
    frames: usize,
    main: u32,
) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = after
        .iter()
        .filter_map(|t| {
            let start = before
                .iter()
                .find(|b| b.tid == t.tid)
                .map_or(Duration::ZERO, |b| b.cpu);
            let used = t.cpu.checked_sub(start)?;
            let ms = used.as_secs_f64() * 1e3 / frames.max(1) as f64;
            let name = if t.tid == main {
                "main".to_string()
            } else {
                format!("{} ({})", t.name, t.tid)
            };
            (ms > 0.0).then_some((name, ms))
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}

/// [`per_frame`] from the reading `before` to now, this process's main thread named.
pub fn per_frame_since(before: &[ThreadTime], frames: usize) -> Vec<(String, f64)> {
    per_frame(before, &thread_times(), frames, std::process::id())
}

/// The report line of [`per_frame`]'s figures: each thread that used at least a tenth of
/// a millisecond a frame, the total, and the shortest frame the total allows on `cores`
/// cores (the work spread perfectly).
pub fn line(threads: &[(String, f64)], cores: usize) -> String {
    if threads.is_empty() {
        return "  cpu per frame by thread: not measured (no per-thread times here)".to_string();
    }
    let total: f64 = threads.iter().map(|t| t.1).sum();
    let shown: Vec<String> = threads
        .iter()
        .filter(|t| t.1 >= 0.1)
        .map(|(name, ms)| format!("{name} {ms:.1}"))
        .collect();
    format!(
        "  cpu per frame by thread (ms): {}; all {total:.1}, so at least {:.1} ms a frame on {cores} cores",
        shown.join(", "),
        total / cores.max(1) as f64
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(tid: u32, name: &str, ms: u64) -> ThreadTime {
        ThreadTime {
            tid,
            name: name.to_string(),
            cpu: Duration::from_millis(ms),
        }
    }

    #[test]
    fn schedstat_gives_its_first_number_in_nanoseconds() {
        assert_eq!(
            parse_schedstat("516297161 83885420 1470\n"),
            Some(Duration::from_nanos(516_297_161))
        );
        assert_eq!(parse_schedstat(""), None);
        assert_eq!(parse_schedstat("x 1 2"), None);
    }

    #[test]
    fn time_per_frame_is_the_difference_over_the_frames_busiest_first() {
        let before = [
            at(10, "bench", 100),
            at(11, "raster", 1000),
            at(12, "gone", 5),
        ];
        let after = [
            at(10, "bench", 120),
            at(11, "raster", 1400),
            at(13, "new", 40),
        ];
        let t = per_frame(&before, &after, 10, 10);
        assert_eq!(
            t,
            vec![
                ("raster (11)".to_string(), 40.0),
                ("new (13)".to_string(), 4.0),
                ("main".to_string(), 2.0),
            ]
        );
        let l = line(&t, 2);
        assert!(
            l.contains("raster (11) 40.0, new (13) 4.0, main 2.0"),
            "{l}"
        );
        assert!(
            l.contains("all 46.0, so at least 23.0 ms a frame on 2 cores"),
            "{l}"
        );
        assert!(line(&[], 2).contains("not measured"));
    }

    #[test]
    fn this_threads_busy_time_is_counted() {
        let before = thread_times();
        if before.is_empty() {
            return; // No per-thread times on this system.
        }
        // Work on a thread of our own for at least 20 ms of wall time, then read it back.
        let worker = std::thread::Builder::new()
            .name("busy-test".into())
            .spawn(|| {
                let start = std::time::Instant::now();
                let mut x = 1u64;
                while start.elapsed() < Duration::from_millis(20) {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                }
                let after = thread_times();
                (x, after)
            })
            .unwrap();
        let (_, after) = worker.join().unwrap();
        let busy = after
            .iter()
            .find(|t| t.name == "busy-test")
            .expect("the worker is listed by its name");
        // Spinning for 20 ms of wall time uses CPU time, if not all of it on a loaded
        // machine; it cannot use more than the wall time it ran.
        assert!(busy.cpu >= Duration::from_millis(2), "{busy:?}");
        assert!(busy.cpu <= Duration::from_secs(5), "{busy:?}");
    }
}
