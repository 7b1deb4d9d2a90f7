//! The game's sounds, synthesised in code: no sound files. Each effect is rendered once, at
//! start-up, into a mono buffer; looping effects (engine, scrape, hum, drone) are rendered
//! so that their end joins their start without a click.

use std::f32::consts::TAU;

/// Sample rate of every effect, Hz.
pub const SAMPLE_RATE: u32 = 44_100;

/// A sound the game makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Effect {
    /// The engine: a low rumble, looped, its level following the throttle.
    ThrustRumble,
    /// The laser: a falling zap.
    LaserZap,
    /// Something heavy hitting something: a low thump, scaled by the collision's energy.
    ImpactThump,
    /// Metal dragged along rock, looped while scraping.
    MetalScrape,
    /// The tractor beam's hum, looped while it holds.
    TractorHum,
    /// An explosion: a burst of noise with a falling boom.
    Explosion,
    /// A menu click.
    UiBlip,
    /// The cave's quiet background drone, looped.
    AmbientDrone,
    /// A two-tone siren: the reactor is going.
    Alarm,
    /// A bell: something good happened.
    Chime,
    /// A heavy door grinding along its track.
    DoorGrind,
    /// A rising arpeggio: fuel picked up.
    Pickup,
}

impl Effect {
    /// Every effect.
    pub const ALL: [Effect; 12] = [
        Effect::ThrustRumble,
        Effect::LaserZap,
        Effect::ImpactThump,
        Effect::MetalScrape,
        Effect::TractorHum,
        Effect::Explosion,
        Effect::UiBlip,
        Effect::AmbientDrone,
        Effect::Alarm,
        Effect::Chime,
        Effect::DoorGrind,
        Effect::Pickup,
    ];

    /// Whether it plays as a loop.
    pub fn loops(self) -> bool {
        matches!(
            self,
            Effect::ThrustRumble | Effect::MetalScrape | Effect::TractorHum | Effect::AmbientDrone
        )
    }

    /// Length of its buffer, seconds.
    pub fn seconds(self) -> f32 {
        match self {
            Effect::ThrustRumble => 2.0,
            Effect::LaserZap => 0.18,
            Effect::ImpactThump => 0.35,
            Effect::MetalScrape => 1.0,
            Effect::TractorHum => 2.0,
            Effect::Explosion => 1.4,
            Effect::UiBlip => 0.06,
            Effect::AmbientDrone => 8.0,
            Effect::Alarm => 1.2,
            Effect::Chime => 0.9,
            Effect::DoorGrind => 0.8,
            Effect::Pickup => 0.3,
        }
    }

    /// Its samples, mono, at [`SAMPLE_RATE`], peaking below 1.
    pub fn render(self) -> Vec<f32> {
        let n = (self.seconds() * SAMPLE_RATE as f32).round() as usize;
        let mut noise = Noise(0x2545_F491 ^ self as u32);
        let dt = 1.0 / SAMPLE_RATE as f32;
        let mut out = Vec::with_capacity(n);
        let mut lp = 0.0f32;
        let mut phase = 0.0f32;
        for i in 0..n {
            let t = i as f32 * dt;
            let u = i as f32 / n as f32;
            let s = match self {
                Effect::ThrustRumble => {
                    // Low-passed noise over a 40 Hz hum (80 whole cycles in 2 s loop cleanly).
                    lp += (noise.next() - lp) * 0.04;
                    lp * 2.5 + 0.25 * (TAU * 40.0 * t).sin()
                }
                Effect::LaserZap => {
                    let f = 1800.0 * (1.0 - 0.8 * u);
                    phase += TAU * f * dt;
                    let square = if phase.sin() >= 0.0 { 1.0 } else { -1.0 };
                    0.5 * square * (1.0 - u).powi(2)
                }
                Effect::ImpactThump => {
                    let f = 90.0 * (1.0 - 0.5 * u);
                    phase += TAU * f * dt;
                    lp += (noise.next() - lp) * 0.1;
                    (phase.sin() + 0.6 * lp) * (-t * 14.0).exp() * 0.9
                }
                Effect::MetalScrape => {
                    // Band-limited noise with a slow wobble: 4 Hz, 4 whole cycles per loop.
                    let raw = noise.next();
                    lp += (raw - lp) * 0.3;
                    (raw - lp) * 0.6 * (0.7 + 0.3 * (TAU * 4.0 * t).sin())
                }
                Effect::TractorHum => {
                    let wobble = 1.0 + 0.15 * (TAU * 3.0 * t).sin();
                    0.3 * (TAU * 110.0 * t).sin() * wobble + 0.12 * (TAU * 220.5 * t).sin()
                }
                Effect::Explosion => {
                    lp += (noise.next() - lp) * (0.5 - 0.45 * u);
                    let boom = (TAU * 55.0 * (1.0 - 0.5 * u) * t).sin() * (-t * 5.0).exp();
                    (lp * 1.8 * (-t * 3.0).exp() + 0.6 * boom) * (1.0 - u)
                }
                Effect::UiBlip => 0.35 * (TAU * 880.0 * t).sin() * (1.0 - u),
                Effect::AmbientDrone => {
                    // Two low tones a little apart beat slowly; all whole cycles in 8 s.
                    lp += (noise.next() - lp) * 0.01;
                    0.12 * (TAU * 55.0 * t).sin() + 0.1 * (TAU * 55.25 * t).sin() + lp * 0.8
                }
                Effect::Alarm => {
                    // Two tones, a fifth apart, swapping every 0.3 s.
                    let f = if ((t / 0.3) as u32).is_multiple_of(2) {
                        660.0
                    } else {
                        440.0
                    };
                    phase += TAU * f * dt;
                    let tri = (2.0 / std::f32::consts::PI) * phase.sin().asin();
                    0.45 * tri * (1.0 - u).sqrt()
                }
                Effect::Chime => {
                    // A bell: a fundamental and an inharmonic partial, ringing out.
                    let ring = (-t * 5.0).exp();
                    0.4 * ring * ((TAU * 988.0 * t).sin() + 0.5 * (TAU * 2_690.0 * t).sin())
                }
                Effect::DoorGrind => {
                    // Low-passed noise rattling at a falling rate.
                    lp += (noise.next() - lp) * 0.08;
                    let rattle = 0.6 + 0.4 * (TAU * (30.0 - 15.0 * u) * t).sin();
                    lp * 3.0 * rattle * (1.0 - u).sqrt()
                }
                Effect::Pickup => {
                    // Three rising notes.
                    let f = [523.0, 659.0, 784.0][((u * 3.0) as usize).min(2)];
                    let note = (u * 3.0).fract();
                    0.35 * (TAU * f * t).sin() * (1.0 - note) * (1.0 - u * 0.5)
                }
            };
            out.push(s);
        }
        if self.loops() {
            crossfade_ends(&mut out, SAMPLE_RATE as usize / 50);
        }
        let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        if peak > 0.95 {
            out.iter_mut().for_each(|s| *s *= 0.95 / peak);
        }
        out
    }
}

/// A deterministic white-noise generator, -1 to 1.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    }
}

/// Blends the last `len` samples into the first ones, so a loop's seam is smooth.
fn crossfade_ends(samples: &mut Vec<f32>, len: usize) {
    if samples.len() < 2 * len {
        return;
    }
    let tail: Vec<f32> = samples.split_off(samples.len() - len);
    for (i, t) in tail.into_iter().enumerate() {
        let k = i as f32 / len as f32;
        samples[i] = samples[i] * k + t * (1.0 - k);
    }
}

/// Peak level of a buffer.
pub fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0, |m, s| m.max(s.abs()))
}

/// Root-mean-square level of a buffer.
pub fn rms(samples: &[f32]) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_has_its_length_a_safe_peak_and_is_not_silent() {
        for e in Effect::ALL {
            let s = e.render();
            let expected = (e.seconds() * SAMPLE_RATE as f32).round() as usize;
            let len = if e.loops() {
                expected - SAMPLE_RATE as usize / 50
            } else {
                expected
            };
            assert_eq!(s.len(), len, "{e:?}");
            assert!(s.iter().all(|x| x.is_finite()), "{e:?}");
            let p = peak(&s);
            assert!(p > 0.05 && p <= 0.95 + 1e-6, "{e:?} peak {p}");
            assert!(rms(&s) > 0.01, "{e:?} rms {}", rms(&s));
        }
    }

    #[test]
    fn loops_join_without_a_click() {
        for e in Effect::ALL.into_iter().filter(|e| e.loops()) {
            let s = e.render();
            let seam = (s[s.len() - 1] - s[0]).abs();
            // No bigger than the largest step inside the buffer.
            let largest = s
                .windows(2)
                .map(|w| (w[1] - w[0]).abs())
                .fold(0.0, f32::max);
            assert!(
                seam <= largest + 1e-6,
                "{e:?}: seam {seam}, largest step {largest}"
            );
        }
    }

    #[test]
    fn one_shots_fade_out() {
        for e in Effect::ALL.into_iter().filter(|e| !e.loops()) {
            let s = e.render();
            let tail = &s[s.len() * 9 / 10..];
            assert!(peak(tail) < peak(&s) * 0.5, "{e:?}");
        }
    }
}
