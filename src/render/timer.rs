//! Time per pass on the device: the renderer writes a timestamp where each of its stages
//! begins (stars, rock, bodies, lines, particles, the glow passes, the composite), and the
//! differences between consecutive timestamps are the stages' times. Only for measuring
//! (`cavefly shot --bench`): it needs timestamp queries inside render passes, which the game
//! never asks the device for.
//!
//! On a software rasterizer (lavapipe) a timestamp also makes the driver hand the work
//! recorded before it to its rasterizer threads, and the time is taken when those threads
//! reach it: after every earlier draw is binned and drawn. Its own work is bundled with the
//! draws that follow it, though, so it would wait for them to be binned as well; each mark
//! therefore writes a second timestamp straight after the first, which sends the first off
//! alone, and only the first is read. A stage's time is then the whole cost of its draws
//! (vertex work, binning and pixels) that did not overlap the stage before it. On a GPU the
//! second timestamp is merely redundant.

use super::gpu::Gpu;

/// The device features the timer needs.
pub const TIMER_FEATURES: wgpu::Features = wgpu::Features::TIMESTAMP_QUERY
    .union(wgpu::Features::TIMESTAMP_QUERY_INSIDE_ENCODERS)
    .union(wgpu::Features::TIMESTAMP_QUERY_INSIDE_PASSES);

/// Most marks one frame may write (two timestamps each).
const MAX_MARKS: u32 = 32;

/// Timestamps of one frame and where to read them back.
#[derive(Debug)]
pub struct GpuTimer {
    set: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    readback: wgpu::Buffer,
    period_ns: f64,
    /// `labels[i]` names the stage that begins at mark `i`; the last is the frame's end.
    labels: Vec<&'static str>,
}

/// Milliseconds spent in each stage of one frame, in the order the stages first ran; a
/// stage that ran more than once (the two blur passes) is summed.
pub type StageTimes = Vec<(&'static str, f64)>;

impl GpuTimer {
    /// A timer on `gpu`, or why there can be none (the device lacks the features).
    pub fn new(gpu: &Gpu) -> Result<GpuTimer, String> {
        let missing = TIMER_FEATURES - gpu.device.features();
        if !missing.is_empty() {
            return Err(format!(
                "{} has no timestamp queries inside passes ({missing:?} missing)",
                gpu.describe()
            ));
        }
        let bytes = 2 * MAX_MARKS as u64 * wgpu::QUERY_SIZE as u64;
        let buffer = |label, usage| {
            gpu.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: bytes,
                usage,
                mapped_at_creation: false,
            })
        };
        Ok(GpuTimer {
            set: gpu.device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("stage timestamps"),
                ty: wgpu::QueryType::Timestamp,
                count: 2 * MAX_MARKS,
            }),
            resolve: buffer(
                "timestamps",
                wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
            ),
            readback: buffer(
                "timestamps read back",
                wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            ),
            period_ns: gpu.queue.get_timestamp_period() as f64,
            labels: Vec::new(),
        })
    }

    /// Starts a frame: forgets the last frame's marks.
    pub fn begin_frame(&mut self) {
        self.labels.clear();
    }

    /// Writes a timestamp into `pass`: the stage `label` begins here (and the one before it
    /// ends). Marks past the set's size are dropped.
    pub fn mark(&mut self, pass: &mut wgpu::RenderPass<'_>, label: &'static str) {
        if let Some(first) = self.claim(label) {
            pass.write_timestamp(&self.set, first);
            pass.write_timestamp(&self.set, first + 1);
        }
    }

    /// Takes the next mark for `label`: the index of its first timestamp, or `None` once
    /// the set is full.
    fn claim(&mut self, label: &'static str) -> Option<u32> {
        let index = self.labels.len() as u32;
        (index < MAX_MARKS).then(|| {
            self.labels.push(label);
            2 * index
        })
    }

    /// Writes a timestamp between passes: the stage `label` begins here (with the next
    /// pass's start, such as clearing its target). Marks past the set's size are dropped.
    pub fn mark_between(&mut self, encoder: &mut wgpu::CommandEncoder, label: &'static str) {
        if let Some(first) = self.claim(label) {
            encoder.write_timestamp(&self.set, first);
            encoder.write_timestamp(&self.set, first + 1);
        }
    }

    /// Records the copy of this frame's timestamps to where [`GpuTimer::read`] finds them;
    /// call after the last mark, in the frame's encoder.
    pub fn finish(&self, encoder: &mut wgpu::CommandEncoder) {
        let count = 2 * self.labels.len() as u32;
        if count == 0 {
            return;
        }
        encoder.resolve_query_set(&self.set, 0..count, &self.resolve, 0);
        let bytes = count as u64 * wgpu::QUERY_SIZE as u64;
        encoder.copy_buffer_to_buffer(&self.resolve, 0, &self.readback, 0, bytes);
    }

    /// Waits for the frame whose encoder [`GpuTimer::finish`] was called on to be done, and
    /// returns its stage times.
    pub fn read(&self, gpu: &Gpu) -> Result<StageTimes, String> {
        let count = self.labels.len();
        if count < 2 {
            return Ok(Vec::new());
        }
        let bytes = (2 * count * wgpu::QUERY_SIZE as usize) as u64;
        let slice = self.readback.slice(..bytes);
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        gpu.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| format!("the device did not finish the frame: {e}"))?;
        rx.recv()
            .map_err(|_| "the timestamps' read-back was dropped".to_string())?
            .map_err(|e| format!("cannot read the timestamps back: {e}"))?;
        let ticks: Vec<u64> = {
            let data = slice
                .get_mapped_range()
                .map_err(|e| format!("cannot read the timestamps back: {e}"))?;
            let all: Vec<u64> = bytemuck::pod_collect_to_vec(&data);
            all.into_iter().step_by(2).collect()
        };
        self.readback.unmap();
        Ok(stage_times(&self.labels, &ticks, self.period_ns))
    }
}

/// Sums the time between consecutive timestamps per stage label, in milliseconds.
fn stage_times(labels: &[&'static str], ticks: &[u64], period_ns: f64) -> StageTimes {
    let mut out: StageTimes = Vec::new();
    for (i, pair) in ticks.windows(2).enumerate() {
        let ms = pair[1].saturating_sub(pair[0]) as f64 * period_ns / 1e6;
        match out.iter_mut().find(|(l, _)| *l == labels[i]) {
            Some((_, t)) => *t += ms,
            None => out.push((labels[i], ms)),
        }
    }
    out
}

/// Marks the start of the stage `label` in `pass`, when measuring.
pub(crate) fn mark(
    timer: &mut Option<GpuTimer>,
    pass: &mut wgpu::RenderPass<'_>,
    label: &'static str,
) {
    if let Some(t) = timer {
        t.mark(pass, label);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_are_the_gaps_between_timestamps_summed_by_name() {
        let labels = ["stars", "rock", "blur", "blur", "end"];
        let ticks = [1_000_000, 3_000_000, 3_500_000, 4_500_000, 6_000_000];
        let t = stage_times(&labels, &ticks, 2.0);
        assert_eq!(t, vec![("stars", 4.0), ("rock", 1.0), ("blur", 5.0)]);
        // A clock that steps backwards gives zero, not a huge wrapped number.
        assert_eq!(
            stage_times(&labels[..2], &[5, 3], 1.0),
            vec![("stars", 0.0)]
        );
    }
}
