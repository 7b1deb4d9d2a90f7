//! Playing the music: the themes are rendered on a background thread (the title's first),
//! so opening the sound costs the game's thread nothing but the thread's start; one
//! [`MusicMix`] source in the output mixes whichever themes have a gain, each from its own
//! place, smoothing the gains the director sets once a frame so that nothing steps.

use super::dsp::RATE;
use super::music::Theme;
use super::voice::Gain;
use rodio::{ChannelCount, SampleRate, Source};
use std::num::NonZero;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The rendered themes, by [`Theme::index`], each set once when ready.
pub type Rendered = Arc<[OnceLock<Arc<[f32]>>; 4]>;

/// Starts rendering every theme on a thread of its own; the slots fill as they finish.
pub fn render_in_background() -> Rendered {
    let rendered: Rendered = Arc::new(Default::default());
    let slots = rendered.clone();
    let spawned = std::thread::Builder::new()
        .name("music".into())
        .spawn(move || {
            for theme in Theme::ALL {
                let _ = slots[theme.index()].set(Arc::from(theme.render()));
            }
        });
    if let Err(e) = spawned {
        log::warn!("no thread to render the music on ({e}); playing without music");
    }
    rendered
}

/// Per-sample smoothing of a gain: reaches 63% of a change in 10 ms.
const SMOOTH: f32 = 1.0 / (0.010 * RATE);
/// A theme whose gain has fallen below this is stopped, and starts from its beginning
/// when it is next heard.
const STOPPED: f32 = 1e-4;

/// The music's source in the output: every theme at its own gain.
pub struct MusicMix {
    rendered: Rendered,
    gains: [Gain; 4],
    heard: [f32; 4],
    at: [usize; 4],
    /// Each theme's rise from its start (0 to 1 over [`START_RAMP`] samples): a loop's
    /// first sample carries its end's tails, so a theme started cold would click.
    ramp: [f32; 4],
}

/// Samples over which a theme starting from its beginning rises (5 ms).
const START_RAMP: f32 = 0.005 * RATE;

impl MusicMix {
    /// A mix of the themes in `rendered` at the gains the game sets in `gains`.
    pub fn new(rendered: Rendered, gains: [Gain; 4]) -> MusicMix {
        MusicMix {
            rendered,
            gains,
            heard: [0.0; 4],
            at: [0; 4],
            ramp: [0.0; 4],
        }
    }
}

impl Iterator for MusicMix {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        let mut sum = 0.0;
        for i in 0..4 {
            let target = self.gains[i].get();
            let heard = &mut self.heard[i];
            *heard += (target - *heard) * SMOOTH;
            if target == 0.0 && *heard < STOPPED {
                *heard = 0.0;
                self.at[i] = 0;
                self.ramp[i] = 0.0;
                continue;
            }
            // A theme still rendering waits at its start.
            if let Some(samples) = self.rendered[i].get().filter(|s| !s.is_empty()) {
                let ramp = &mut self.ramp[i];
                *ramp = (*ramp + 1.0 / START_RAMP).min(1.0);
                sum += samples[self.at[i]] * *heard * *ramp;
                self.at[i] = (self.at[i] + 1) % samples.len();
            }
        }
        Some(sum)
    }
}

impl Source for MusicMix {
    fn current_span_len(&self) -> Option<usize> {
        None
    }

    fn channels(&self) -> ChannelCount {
        NonZero::<u16>::MIN
    }

    fn sample_rate(&self) -> SampleRate {
        NonZero::new(super::synth::SAMPLE_RATE).unwrap_or(NonZero::<u32>::MIN)
    }

    fn total_duration(&self) -> Option<Duration> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mix_of(buffers: [Vec<f32>; 4]) -> (MusicMix, [Gain; 4]) {
        let rendered: Rendered = Arc::new(Default::default());
        for (slot, b) in rendered.iter().zip(buffers) {
            slot.set(Arc::from(b)).unwrap();
        }
        let gains: [Gain; 4] = Default::default();
        (MusicMix::new(rendered, gains.clone()), gains)
    }

    #[test]
    fn gains_glide_themes_loop_and_a_silenced_theme_starts_over() {
        let (mut mix, gains) = mix_of([vec![1.0; 3], vec![0.5; 5], vec![], vec![]]);
        assert_eq!(mix.next(), Some(0.0));
        // Started at full gain at once (the session's first theme), it still rises.
        let (mut cold, cold_gains) = mix_of([vec![], vec![], vec![], vec![1.0; 4]]);
        cold_gains[3].set(1.0);
        cold.heard[3] = 1.0;
        let start: Vec<f32> = cold.by_ref().take(221).collect();
        assert!(
            start[0] < 0.01 && start.windows(2).all(|w| w[1] > w[0]),
            "{start:?}"
        );
        assert!((cold.next().unwrap() - 1.0).abs() < 1e-6);
        gains[0].set(1.0);
        // No step: the gain rises over milliseconds, then holds.
        let first = mix.next().unwrap();
        assert!(first > 0.0 && first < 0.01, "{first}");
        let settled: Vec<f32> = mix.by_ref().skip(4_410).take(6).collect();
        assert!(
            settled.iter().all(|&x| (x - 1.0).abs() < 1e-3),
            "{settled:?}"
        );
        // Theme 1 comes in beside it; theme 2 has no samples and stays silent.
        gains[1].set(1.0);
        gains[2].set(1.0);
        let both = mix.by_ref().nth(4_410).unwrap();
        assert!((both - 1.5).abs() < 1e-3, "{both}");
        gains[0].set(0.0);
        let _ = mix.by_ref().nth(44_100);
        assert_eq!(mix.at[0], 0, "a silenced theme is rewound");
        assert!(mix.at[1] < 5);
    }
}
