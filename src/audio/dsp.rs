//! The building blocks the music is made of: band-limited oscillators, envelopes, a
//! state-variable filter, noise, and the reverb and echo of the mix. Plain numbers in,
//! plain numbers out, the same on every machine.

use std::f32::consts::PI;

/// Sample rate of the music, Hz (the effects' rate).
pub const RATE: f32 = super::synth::SAMPLE_RATE as f32;

/// The frequency of MIDI note `note`, Hz (69 is A4, 440 Hz).
pub fn midi_hz(note: f32) -> f32 {
    440.0 * ((note - 69.0) / 12.0).exp2()
}

/// A phase that runs from 0 to 1 and wraps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Phase(pub f32);

impl Phase {
    /// Advances by `hz` for one sample; returns the phase before the step.
    pub fn tick(&mut self, hz: f32) -> f32 {
        let p = self.0;
        self.0 += hz / RATE;
        self.0 -= self.0.floor();
        p
    }
}

/// The polynomial correction that takes the alias out of a step at phase 0 (`dt` is the
/// phase step per sample).
fn blep(t: f32, dt: f32) -> f32 {
    if t < dt {
        let x = t / dt;
        2.0 * x - x * x - 1.0
    } else if t > 1.0 - dt {
        let x = (t - 1.0) / dt;
        x * x + 2.0 * x + 1.0
    } else {
        0.0
    }
}

/// A band-limited sawtooth at phase `p` for frequency `hz`, -1 to 1.
pub fn saw(p: f32, hz: f32) -> f32 {
    2.0 * p - 1.0 - blep(p, hz / RATE)
}

/// A band-limited pulse of duty `duty` at phase `p` for frequency `hz`, about -1 to 1.
pub fn pulse(p: f32, hz: f32, duty: f32) -> f32 {
    let dt = hz / RATE;
    let naive = if p < duty { 1.0 } else { -1.0 };
    let mut q = p + 1.0 - duty;
    q -= q.floor();
    naive + blep(p, dt) - blep(q, dt)
}

/// A triangle at phase `p`, -1 to 1 (its corners alias little).
pub fn triangle(p: f32) -> f32 {
    4.0 * (p - (p + 0.5).floor()).abs() - 1.0
}

/// A sine at phase `p`.
pub fn sine(p: f32) -> f32 {
    (2.0 * PI * p).sin()
}

/// An attack-decay-sustain-release level at `t` seconds into a note held `held` seconds.
#[derive(Clone, Copy, Debug)]
pub struct Adsr {
    /// Rise to full, s.
    pub attack: f32,
    /// Fall to the sustain level, s (an exponential's time constant).
    pub decay: f32,
    /// Level held while the note is down, 0 to 1.
    pub sustain: f32,
    /// Fall to silence after release, s (time constant).
    pub release: f32,
}

impl Adsr {
    /// The level at `t` s of a note held for `held` s.
    pub fn at(&self, t: f32, held: f32) -> f32 {
        let down = |t: f32| {
            if t < self.attack {
                // A smooth start: no click however short the attack.
                let x = t / self.attack.max(1e-4);
                x * x * (3.0 - 2.0 * x)
            } else {
                let d = (t - self.attack) / self.decay.max(1e-4);
                self.sustain + (1.0 - self.sustain) * (-d).exp()
            }
        };
        if t < held {
            down(t)
        } else {
            down(held) * (-(t - held) / self.release.max(1e-4)).exp()
        }
    }

    /// How long after release the level is below -60 dB, s.
    pub fn tail(&self) -> f32 {
        self.release * 6.91
    }
}

/// A state-variable filter (trapezoidal, stable at any cutoff): low-, band- and high-pass
/// outputs of one input.
#[derive(Clone, Copy, Debug, Default)]
pub struct Svf {
    ic1: f32,
    ic2: f32,
    a1: f32,
    a2: f32,
    a3: f32,
    k: f32,
}

/// One filtered sample: the three responses.
#[derive(Clone, Copy, Debug)]
pub struct SvfOut {
    /// Low-pass.
    pub low: f32,
    /// Band-pass.
    pub band: f32,
    /// High-pass.
    pub high: f32,
}

impl Svf {
    /// A filter at `hz` with resonance `q` (0.5 to about 10).
    pub fn new(hz: f32, q: f32) -> Svf {
        let mut f = Svf::default();
        f.set(hz, q);
        f
    }

    /// Moves the cutoff and resonance, keeping the filter's state.
    pub fn set(&mut self, hz: f32, q: f32) {
        let g = (PI * hz.clamp(10.0, RATE * 0.45) / RATE).tan();
        self.k = 1.0 / q.max(0.1);
        self.a1 = 1.0 / (1.0 + g * (g + self.k));
        self.a2 = g * self.a1;
        self.a3 = g * self.a2;
    }

    /// Filters one sample.
    pub fn run(&mut self, x: f32) -> SvfOut {
        let v3 = x - self.ic2;
        let v1 = self.a1 * self.ic1 + self.a2 * v3;
        let v2 = self.ic2 + self.a2 * self.ic1 + self.a3 * v3;
        self.ic1 = 2.0 * v1 - self.ic1;
        self.ic2 = 2.0 * v2 - self.ic2;
        SvfOut {
            low: v2,
            band: v1,
            high: x - self.k * v1 - v2,
        }
    }
}

/// Deterministic white noise, -1 to 1 (xorshift).
#[derive(Clone, Debug)]
pub struct Noise(u32);

impl Noise {
    /// Noise from `seed` (any value).
    pub fn new(seed: u32) -> Noise {
        Noise(seed.wrapping_mul(0x9E37_79B9) | 1)
    }

    /// The next sample.
    pub fn sample(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    }
}

/// A feedback comb with a damped (low-passed) loop.
struct Comb {
    line: Vec<f32>,
    at: usize,
    damp: f32,
    low: f32,
}

/// An all-pass diffuser.
struct AllPass {
    line: Vec<f32>,
    at: usize,
}

/// A small room-to-hall reverb: parallel damped combs into series all-passes.
pub struct Reverb {
    combs: Vec<Comb>,
    passes: Vec<AllPass>,
    feedback: f32,
}

impl Reverb {
    /// A reverb whose tail lasts about `seconds` (to -60 dB), its highs fading by
    /// `damp` (0 bright to 0.9 dark).
    pub fn new(seconds: f32, damp: f32) -> Reverb {
        // Mutually prime lengths (samples at 44.1 kHz) so the echoes never line up.
        let lengths = [1_117, 1_187, 1_277, 1_361, 1_423, 1_493];
        let mean = lengths.iter().sum::<usize>() as f32 / lengths.len() as f32 / RATE;
        // Each pass round the loop loses 60 dB * mean / seconds.
        let feedback = 10f32.powf(-3.0 * mean / seconds.max(0.1));
        Reverb {
            combs: lengths
                .iter()
                .map(|&n| Comb {
                    line: vec![0.0; n],
                    at: 0,
                    damp,
                    low: 0.0,
                })
                .collect(),
            passes: [557, 443, 341]
                .iter()
                .map(|&n| AllPass {
                    line: vec![0.0; n],
                    at: 0,
                })
                .collect(),
            feedback,
        }
    }

    /// The reverberated (wet only) sample for input `x`.
    pub fn run(&mut self, x: f32) -> f32 {
        let mut sum = 0.0;
        for c in &mut self.combs {
            let out = c.line[c.at];
            c.low = out * (1.0 - c.damp) + c.low * c.damp;
            c.line[c.at] = x + c.low * self.feedback;
            c.at = (c.at + 1) % c.line.len();
            sum += out;
        }
        let mut y = sum / self.combs.len() as f32;
        for a in &mut self.passes {
            let delayed = a.line[a.at];
            let input = y + delayed * 0.5;
            a.line[a.at] = input;
            a.at = (a.at + 1) % a.line.len();
            y = delayed - input * 0.5;
        }
        y
    }
}

/// A feedback echo with a darkening loop.
pub struct Echo {
    line: Vec<f32>,
    at: usize,
    feedback: f32,
    tone: Svf,
}

impl Echo {
    /// An echo every `samples` samples, each repeat `feedback` times the last.
    pub fn new(samples: usize, feedback: f32) -> Echo {
        Echo {
            line: vec![0.0; samples.max(1)],
            at: 0,
            feedback,
            tone: Svf::new(2_500.0, 0.7),
        }
    }

    /// The echoes (wet only) for input `x`.
    pub fn run(&mut self, x: f32) -> f32 {
        let out = self.line[self.at];
        self.line[self.at] = x + self.tone.run(out).low * self.feedback;
        self.at = (self.at + 1) % self.line.len();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_440_hz_saw_has_440_rising_ramps_a_second() {
        let mut p = Phase::default();
        let s: Vec<f32> = (0..RATE as usize)
            .map(|_| saw(p.tick(440.0), 440.0))
            .collect();
        // The ramp rises through zero once a cycle (the fall is the other way).
        let rises = s.windows(2).filter(|w| w[0] < 0.0 && w[1] >= 0.0).count();
        assert!((439..=441).contains(&rises), "{rises}");
        assert!(s.iter().all(|x| x.abs() <= 1.1));
    }

    #[test]
    fn the_low_pass_keeps_lows_and_cuts_highs() {
        let level = |hz: f32| {
            let mut f = Svf::new(500.0, 0.707);
            let mut p = Phase::default();
            let out: Vec<f32> = (0..8_820).map(|_| f.run(sine(p.tick(hz))).low).collect();
            out[4_410..].iter().fold(0.0f32, |m, x| m.max(x.abs()))
        };
        assert!(level(100.0) > 0.9, "{}", level(100.0));
        assert!(level(5_000.0) < 0.02, "{}", level(5_000.0));
        assert!((level(500.0) - 0.707).abs() < 0.05, "{}", level(500.0));
    }

    #[test]
    fn the_envelope_rises_holds_and_dies_away() {
        let e = Adsr {
            attack: 0.01,
            decay: 0.1,
            sustain: 0.5,
            release: 0.2,
        };
        assert_eq!(e.at(0.0, 1.0), 0.0);
        assert!((e.at(0.01, 1.0) - 1.0).abs() < 1e-3);
        assert!((e.at(0.9, 1.0) - 0.5).abs() < 1e-3);
        assert!(e.at(1.0 + e.tail(), 1.0) < 1e-3);
    }

    #[test]
    fn the_reverb_tail_dies_in_about_its_time() {
        let mut r = Reverb::new(1.0, 0.3);
        let mut out = vec![r.run(1.0)];
        out.extend((0..RATE as usize * 2).map(|_| r.run(0.0)));
        let energy = |s: &[f32]| s.iter().map(|x| x * x).sum::<f32>();
        let early = energy(&out[..4_410]);
        let late = energy(&out[RATE as usize..RATE as usize + 4_410]);
        // 1 s later: 60 dB down in amplitude (a million in energy), give or take.
        assert!(late < early * 1e-4 && late > early * 1e-8, "{early} {late}");
    }
}
