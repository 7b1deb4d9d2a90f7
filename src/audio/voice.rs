//! Playing a synthesised buffer through rodio with volumes that change while it plays: a
//! [`Voice`] reads its gains from shared atomics on every sample.

use rodio::{ChannelCount, SampleRate, Source};
use std::num::NonZero;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A gain shared between the game and the sound thread (an `f32` in an atomic).
#[derive(Clone, Debug, Default)]
pub struct Gain(Arc<AtomicU32>);

impl Gain {
    /// A gain starting at `value`.
    pub fn new(value: f32) -> Gain {
        Gain(Arc::new(AtomicU32::new(value.to_bits())))
    }

    /// Sets it (clamped to 0..=1; not-a-number counts as 0).
    pub fn set(&self, value: f32) {
        let v = if value.is_nan() {
            0.0
        } else {
            value.clamp(0.0, 1.0)
        };
        self.0.store(v.to_bits(), Ordering::Relaxed);
    }

    /// Reads it.
    pub fn get(&self) -> f32 {
        f32::from_bits(self.0.load(Ordering::Relaxed))
    }
}

/// A mono buffer played once or looped, scaled by its own level and shared gains.
pub struct Voice {
    samples: Arc<[f32]>,
    at: usize,
    looping: bool,
    level: f32,
    gains: Vec<Gain>,
    sample_rate: u32,
}

impl Voice {
    /// A voice over `samples` at `sample_rate`, scaled by `level` and by every gain.
    pub fn new(
        samples: Arc<[f32]>,
        sample_rate: u32,
        looping: bool,
        level: f32,
        gains: Vec<Gain>,
    ) -> Voice {
        Voice {
            samples,
            at: 0,
            looping,
            level,
            gains,
            sample_rate,
        }
    }
}

impl Iterator for Voice {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        if self.at >= self.samples.len() {
            if !self.looping || self.samples.is_empty() {
                return None;
            }
            self.at = 0;
        }
        let s = self.samples[self.at];
        self.at += 1;
        // Gains are read a few hundred times a second, not per sample, in effect: atomics
        // are cheap enough that reading them per sample keeps the code simple.
        let g: f32 = self.gains.iter().map(Gain::get).product();
        Some(s * self.level * g)
    }
}

impl Source for Voice {
    fn current_span_len(&self) -> Option<usize> {
        None
    }

    fn channels(&self) -> ChannelCount {
        NonZero::<u16>::MIN
    }

    fn sample_rate(&self) -> SampleRate {
        NonZero::new(self.sample_rate).unwrap_or(NonZero::<u32>::MIN)
    }

    fn total_duration(&self) -> Option<Duration> {
        if self.looping {
            None
        } else {
            Some(Duration::from_secs_f64(
                self.samples.len() as f64 / self.sample_rate.max(1) as f64,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gains_apply_live_and_loops_wrap() {
        let gain = Gain::new(1.0);
        let mut v = Voice::new(
            Arc::from(vec![0.5f32, -0.5]),
            100,
            true,
            0.5,
            vec![gain.clone()],
        );
        assert_eq!(v.next(), Some(0.25));
        gain.set(0.5);
        assert_eq!(v.next(), Some(-0.125));
        assert_eq!(v.next(), Some(0.125));
        gain.set(f32::NAN);
        assert_eq!(v.next(), Some(-0.0));
        let once = Voice::new(Arc::from(vec![1.0f32]), 100, false, 1.0, vec![]);
        assert_eq!(once.collect::<Vec<_>>(), vec![1.0]);
    }
}
