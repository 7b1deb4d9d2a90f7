//! Playing a synthesised buffer through rodio with volumes that change while it plays: a
//! [`Voice`] reads its gains from shared atomics on every sample.

use rodio::{ChannelCount, SampleRate, Source};
use std::num::NonZero;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
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

/// How many one-shot voices are sounding, shared with each of them: a voice holds a
/// [`VoicePlace`] while it sounds and gives it back when it ends.
#[derive(Clone, Debug, Default)]
pub struct VoiceCount(Arc<AtomicUsize>);

impl VoiceCount {
    /// A place for one more voice, if fewer than `most` are sounding.
    pub fn take(&self, most: usize) -> Option<VoicePlace> {
        self.0
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < most).then_some(n + 1)
            })
            .ok()
            .map(|_| VoicePlace(self.0.clone()))
    }

    /// How many are sounding.
    pub fn sounding(&self) -> usize {
        self.0.load(Ordering::Acquire)
    }
}

/// One voice's place among those sounding; given back when dropped.
#[derive(Debug)]
pub struct VoicePlace(Arc<AtomicUsize>);

impl Drop for VoicePlace {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
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
    /// Its place among the sounding one-shots, given back as it ends.
    place: Option<VoicePlace>,
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
            place: None,
        }
    }

    /// The same voice holding `place` while it sounds.
    pub fn holding(mut self, place: VoicePlace) -> Voice {
        self.place = Some(place);
        self
    }
}

impl Iterator for Voice {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        if self.at >= self.samples.len() {
            if !self.looping || self.samples.is_empty() {
                self.place = None;
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

    #[test]
    fn voices_past_the_most_get_no_place_until_one_ends() {
        let count = VoiceCount::default();
        let mut voices: Vec<Voice> = (0..3)
            .map(|_| {
                let place = count.take(3).expect("a place among the first three");
                Voice::new(Arc::from(vec![0.5f32; 2]), 100, false, 1.0, vec![]).holding(place)
            })
            .collect();
        assert_eq!(count.sounding(), 3);
        assert!(count.take(3).is_none(), "a fourth is refused");
        // One plays to its end: its place is given back as it ends, before it is dropped.
        assert_eq!(voices[0].by_ref().count(), 2);
        assert_eq!(count.sounding(), 2);
        let fourth = count.take(3).expect("the ended voice's place");
        // Dropped before their end (the output closing), voices give their places back
        // too: the fourth alone is left.
        voices.truncate(1);
        assert_eq!(count.sounding(), 1);
        drop(fourth);
        drop(voices);
        assert_eq!(count.sounding(), 0);
    }
}
