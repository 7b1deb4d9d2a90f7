//! Every theme renders to a loop of the length it declares, at a sensible level, never
//! silent for long, never clipped, in its key, the same every time, and joining its end to
//! its start without a click.

use cavefly::audio::music::{step_samples, Theme};
use cavefly::audio::score::{Part, STEPS_PER_BAR};
use cavefly::audio::synth::{peak, rms, SAMPLE_RATE};
use cavefly::level::WorldKind;
use std::sync::OnceLock;

const RATE: usize = SAMPLE_RATE as usize;

/// Every theme rendered once, shared by the tests (each render takes a second or more).
fn rendered(theme: Theme) -> &'static [f32] {
    static ALL: OnceLock<Vec<Vec<f32>>> = OnceLock::new();
    &ALL.get_or_init(|| Theme::ALL.iter().map(|t| t.render()).collect())[theme.index()]
}

/// The absolute differences between neighbouring samples, sorted.
fn steps(s: &[f32]) -> Vec<f32> {
    let mut d: Vec<f32> = s.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
    d.sort_by(f32::total_cmp);
    d
}

#[test]
fn every_theme_is_a_clean_loop_of_its_declared_length_and_level() {
    for theme in Theme::ALL {
        let a = theme.arrangement();
        let s = rendered(theme);
        // Length: bars of 4/4 at the tempo, to the sample.
        let bars = a.harmony.steps() / STEPS_PER_BAR;
        let expected = bars as usize * 4 * RATE * 60 / a.bpm as usize;
        assert_eq!(
            step_samples(a.bpm) * 4 * a.bpm as usize,
            RATE * 60,
            "{theme:?}"
        );
        assert_eq!(s.len(), expected, "{theme:?}");
        assert_eq!(s.len(), theme.loop_samples(), "{theme:?}");
        let seconds = theme.seconds();
        assert!((30.0..=90.0).contains(&seconds), "{theme:?}: {seconds} s");
        assert!(s.iter().all(|x| x.is_finite()), "{theme:?}");
        // Level: a root-mean-square level of -26 to -14 dB full scale, and no clipping.
        let level = rms(s);
        assert!((0.05..=0.2).contains(&level), "{theme:?}: rms {level}");
        let p = peak(s);
        assert!(p < 1.0 && p > 2.0 * level, "{theme:?}: peak {p}");
        // The mix's peak rounding (above 0.6) touches hardly any sample: the loop is not
        // squashed into distortion.
        let rounded = s.iter().filter(|x| x.abs() > 0.6).count();
        assert!(
            rounded * 1_000 < s.len(),
            "{theme:?}: {rounded} samples rounded"
        );
        // Never silent: every quarter second holds sound above -50 dB.
        for (i, w) in s.chunks(RATE / 4).enumerate() {
            assert!(rms(w) > 0.003, "{theme:?}: silent at {} s", i as f32 / 4.0);
        }
        // The seam: the step from the last sample to the first is an ordinary step, not
        // above the 99th percentile of the steps inside the loop (a click is far above).
        let d = steps(s);
        let p99 = d[d.len() * 99 / 100];
        let seam = (s[0] - s[s.len() - 1]).abs();
        assert!(
            seam <= p99,
            "{theme:?}: seam {seam}, 99th percentile step {p99}"
        );
        // ...and the loop played twice reads the same round the seam as inside: the
        // second difference there is no larger than the loop's typical largest.
        let curve = |i: usize| {
            let at = |k: usize| s[k % s.len()];
            (at(i + 2) - 2.0 * at(i + 1) + at(i)).abs()
        };
        let mut bends: Vec<f32> = (0..s.len()).map(curve).collect();
        let around_seam = (s.len() - 2..s.len()).map(curve).fold(0.0, f32::max);
        bends.sort_by(f32::total_cmp);
        assert!(
            around_seam <= bends[bends.len() * 99 / 100],
            "{theme:?}: bend at the seam {around_seam}"
        );
    }
}

#[test]
fn every_note_is_in_the_themes_key_and_the_themes_differ() {
    let mut tempos = Vec::new();
    for theme in Theme::ALL {
        let a = theme.arrangement();
        let pitched: Vec<_> = a
            .notes
            .iter()
            .filter(|n| !matches!(n.part, Part::Drum(_)))
            .collect();
        assert!(pitched.len() > 50, "{theme:?}: {} notes", pitched.len());
        for n in pitched {
            assert!(
                a.harmony.key.contains(n.pitch),
                "{theme:?}: {n:?} out of key"
            );
            // From a low E (28) to a high C (96): nothing rumbles or shrieks.
            assert!((28..=96).contains(&n.pitch), "{theme:?}: {n:?}");
        }
        // Bass, chords, tune and drums all play.
        for part in [Part::Bass, Part::Pad, Part::Lead] {
            assert!(
                a.notes.iter().any(|n| n.part == part),
                "{theme:?} lacks {part:?}"
            );
        }
        assert!(a.notes.iter().any(|n| matches!(n.part, Part::Drum(_))));
        tempos.push((a.bpm, a.harmony.key.tonic));
    }
    tempos.sort();
    tempos.dedup();
    assert_eq!(tempos.len(), 4, "each theme has its own tempo and key");
}

#[test]
fn a_theme_renders_the_same_every_time_and_each_world_has_its_own() {
    assert_eq!(rendered(Theme::Ice), Theme::Ice.render());
    let worlds: Vec<Theme> = WorldKind::ALL.iter().map(|&w| Theme::of_world(w)).collect();
    assert_eq!(worlds, [Theme::Mines, Theme::Ice, Theme::Reactor]);
}
