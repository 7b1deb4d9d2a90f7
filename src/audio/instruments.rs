//! The instruments the themes are played on: pitched patches (oscillators through a
//! filter under an envelope, or two sines in frequency modulation for glassy bells) and
//! the drums. Each adds one note into a buffer at a sample offset.

use super::dsp::{pulse, saw, sine, triangle, Adsr, Noise, Phase, Svf, RATE};

/// A pitched instrument's sound.
#[derive(Clone, Copy, Debug)]
pub struct Patch {
    /// Level of the sawtooth.
    pub saw: f32,
    /// Level of the pulse (its duty below).
    pub pulse: f32,
    /// Duty of the pulse, 0 to 1.
    pub duty: f32,
    /// Level of the triangle.
    pub tri: f32,
    /// Level of a sine an octave below.
    pub sub: f32,
    /// Two more voices this many cents either side (0 for one voice).
    pub detune: f32,
    /// Filter cutoff once the filter envelope has decayed, Hz.
    pub cutoff: f32,
    /// Added to the cutoff at the start of the note, Hz.
    pub sweep: f32,
    /// Time constant of the filter envelope, s.
    pub sweep_time: f32,
    /// Filter resonance (0.7 is flat).
    pub q: f32,
    /// The loudness envelope.
    pub amp: Adsr,
    /// Vibrato depth in semitones, after a quarter second.
    pub vibrato: f32,
    /// Frequency modulation: index at the start (0 for none).
    pub fm: f32,
    /// Modulator frequency over the note's.
    pub fm_ratio: f32,
}

impl Patch {
    /// A silent patch with a neutral filter and envelope, to build on.
    pub const BASE: Patch = Patch {
        saw: 0.0,
        pulse: 0.0,
        duty: 0.5,
        tri: 0.0,
        sub: 0.0,
        detune: 0.0,
        cutoff: 2_000.0,
        sweep: 0.0,
        sweep_time: 0.1,
        q: 0.707,
        amp: Adsr {
            attack: 0.005,
            decay: 0.2,
            sustain: 0.7,
            release: 0.1,
        },
        vibrato: 0.0,
        fm: 0.0,
        fm_ratio: 1.0,
    };

    /// Adds a note of `hz` held `held` s at level `vel`, starting at sample `at`; what
    /// runs past the end of `out` wraps round to its start (`out` is a loop).
    pub fn play(&self, out: &mut [f32], at: usize, hz: f32, held: f32, vel: f32) {
        let len = ((held + self.amp.tail()) * RATE) as usize;
        let spread = if self.detune > 0.0 { 3 } else { 1 };
        let mut phases: Vec<Phase> = (0..spread).map(|i| Phase(i as f32 * 0.37 % 1.0)).collect();
        let ratios: Vec<f32> = (0..spread)
            .map(|v| ((v as f32 - 1.0) * self.detune / 1_200.0).exp2())
            .collect();
        let mut sub = Phase::default();
        let mut modulator = Phase::default();
        let mut filter = Svf::new(self.cutoff + self.sweep, self.q);
        let n = out.len();
        for i in 0..len.min(n) {
            let t = i as f32 / RATE;
            if i % 16 == 0 {
                let cut = self.cutoff + self.sweep * (-t / self.sweep_time).exp();
                filter.set(cut, self.q);
            }
            let wobble = if self.vibrato > 0.0 {
                let depth = self.vibrato * ((t - 0.25) * 4.0).clamp(0.0, 1.0);
                (depth * sine(t * 5.5) / 12.0).exp2()
            } else {
                1.0
            };
            let fm = if self.fm > 0.0 {
                let index = self.fm * (-t * 3.0).exp();
                let m = sine(modulator.tick(hz * wobble * self.fm_ratio));
                index * m / (2.0 * std::f32::consts::PI)
            } else {
                0.0
            };
            let mut x = 0.0;
            for (p, ratio) in phases.iter_mut().zip(&ratios) {
                let f = hz * wobble * ratio;
                let ph = p.tick(f);
                if self.saw > 0.0 {
                    x += self.saw * saw(ph, f);
                }
                if self.pulse > 0.0 {
                    x += self.pulse * pulse(ph, f, self.duty);
                }
                if self.tri > 0.0 || self.fm > 0.0 {
                    let q = (ph + fm).rem_euclid(1.0);
                    x += self.tri * triangle(q);
                    if self.fm > 0.0 {
                        x += sine(q);
                    }
                }
            }
            x /= spread as f32;
            if self.sub > 0.0 {
                x += self.sub * sine(sub.tick(hz * 0.5));
            }
            // The last 10 ms fade to nothing: the note ends without a step.
            let end = ((len - i) as f32 / 441.0).min(1.0);
            out[(at + i) % n] += filter.run(x).low * self.amp.at(t, held) * vel * end;
        }
    }
}

/// A drum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Drum {
    /// A bass drum: a sine falling in pitch.
    Kick,
    /// A snare: a short tone under band-passed noise.
    Snare,
    /// A closed hi-hat: a tick of high noise.
    Hat,
    /// An open hi-hat: a longer hiss.
    OpenHat,
    /// Metal struck in a mine: a few inharmonic partials ringing.
    Clank,
    /// A soft shaker of band-passed noise.
    Shaker,
}

impl Drum {
    /// Adds a hit at level `vel` starting at sample `at`, wrapping round the end of `out`
    /// as [`Patch::play`] does; `seed` varies the noise.
    pub fn play(self, out: &mut [f32], at: usize, vel: f32, seed: u32) {
        let seconds = match self {
            Drum::Kick => 0.5,
            Drum::Snare => 0.35,
            Drum::Hat => 0.08,
            Drum::OpenHat => 0.4,
            Drum::Clank => 0.9,
            Drum::Shaker => 0.12,
        };
        let n = out.len();
        let len = ((seconds * RATE) as usize).min(n);
        let mut noise = Noise::new(seed);
        let mut phase = Phase::default();
        let mut filter = match self {
            Drum::Snare => Svf::new(1_800.0, 0.8),
            Drum::Hat | Drum::OpenHat => Svf::new(7_000.0, 0.8),
            Drum::Shaker => Svf::new(5_000.0, 1.5),
            _ => Svf::new(1_000.0, 0.7),
        };
        let mut partials = [Phase::default(); 4];
        for i in 0..len {
            let t = i as f32 / RATE;
            // A 1 ms rise so no hit starts with a step.
            let rise = (t / 0.001).min(1.0);
            let x = match self {
                Drum::Kick => {
                    let hz = 48.0 + 110.0 * (-t / 0.03).exp();
                    sine(phase.tick(hz)) * (-t / 0.16).exp()
                }
                Drum::Snare => {
                    let tone = sine(phase.tick(185.0)) * (-t / 0.04).exp() * 0.6;
                    let hiss = filter.run(noise.sample()).band * (-t / 0.07).exp() * 1.6;
                    tone + hiss
                }
                Drum::Hat => filter.run(noise.sample()).high * (-t / 0.018).exp() * 0.7,
                Drum::OpenHat => filter.run(noise.sample()).high * (-t / 0.11).exp() * 0.5,
                Drum::Shaker => {
                    let swell = (t / 0.03).min(1.0) * (-t / 0.04).exp();
                    filter.run(noise.sample()).band * swell * 1.2
                }
                Drum::Clank => {
                    let ratios = [1.0, 2.76, 5.40, 8.93];
                    let mut s = 0.0;
                    for (k, p) in partials.iter_mut().enumerate() {
                        let decay = 0.35 / (1.0 + k as f32);
                        s +=
                            sine(p.tick(310.0 * ratios[k])) * (-t / decay).exp() / (1.0 + k as f32);
                    }
                    s * 0.6 + filter.run(noise.sample()).band * (-t / 0.01).exp() * 0.5
                }
            };
            out[(at + i) % n] += x * rise * vel;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_lasts_its_envelope_and_stays_in_range() {
        let mut patch = Patch::BASE;
        patch.saw = 1.0;
        patch.detune = 8.0;
        let mut out = vec![0.0; RATE as usize * 2];
        patch.play(&mut out, 100, 220.0, 0.5, 0.8);
        assert!(out[..100].iter().all(|&x| x == 0.0));
        // A note near the end of a loop rings on at its start.
        let mut ring = vec![0.0; 4_410];
        patch.play(&mut ring, 4_000, 220.0, 0.05, 0.8);
        assert!(ring[..400].iter().any(|x| x.abs() > 0.01));
        let held = &out[100 + 4_410..100 + 22_050];
        let peak = held.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(peak > 0.3 && peak < 1.0, "{peak}");
        let after = &out[100 + (1.5 * RATE) as usize..];
        assert!(after.iter().all(|x| x.abs() < 1e-3));
    }

    #[test]
    fn every_drum_sounds_and_dies_away() {
        for d in [
            Drum::Kick,
            Drum::Snare,
            Drum::Hat,
            Drum::OpenHat,
            Drum::Clank,
            Drum::Shaker,
        ] {
            let mut out = vec![0.0; RATE as usize];
            d.play(&mut out, 0, 1.0, 7);
            let peak = out.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.05 && peak < 1.5, "{d:?} {peak}");
            assert_eq!(out[0], 0.0, "{d:?} starts from silence");
            let tail = out[out.len() - 100..]
                .iter()
                .fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(tail < 1e-3, "{d:?} {tail}");
        }
    }
}
