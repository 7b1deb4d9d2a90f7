//! The music: four themes (the title's and one per world), each a loop written by seeded
//! rules ([`super::score`]), played on the synthesised instruments
//! ([`super::instruments`]) and mixed through an echo and a reverb. A theme is rendered
//! once into a mono buffer that loops without a seam: notes that ring past the end of the
//! loop continue at its start, and the echo and reverb run round the loop twice so the
//! start hears the end's tails.

use super::dsp::{Echo, Reverb, Svf, RATE};
use super::instruments::Patch;
use super::score::{Harmony, Note, Part};
use crate::level::WorldKind;

/// A piece of music.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// The title screen and menus.
    Title,
    /// The mines: industrial, low, percussive.
    Mines,
    /// The ice caverns: sparse, glassy, reverberant.
    Ice,
    /// The reactor complex: driving, tense.
    Reactor,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 4] = [Theme::Title, Theme::Mines, Theme::Ice, Theme::Reactor];

    /// The theme of a world's levels.
    pub fn of_world(world: WorldKind) -> Theme {
        match world {
            WorldKind::Mines => Theme::Mines,
            WorldKind::Ice => Theme::Ice,
            WorldKind::Reactor => Theme::Reactor,
        }
    }

    /// Its place in [`Theme::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Samples in one loop.
    pub fn loop_samples(self) -> usize {
        let a = self.arrangement();
        a.harmony.steps() as usize * step_samples(a.bpm)
    }

    /// Length of one loop, s.
    pub fn seconds(self) -> f32 {
        self.loop_samples() as f32 / RATE
    }

    /// One loop, mono, at the effects' sample rate, peaking below 1; played end to start
    /// it joins without a click.
    pub fn render(self) -> Vec<f32> {
        mix(&self.arrangement())
    }
}

/// Samples in a sixteenth at `bpm` (every theme's tempo makes this whole).
pub fn step_samples(bpm: u32) -> usize {
    (RATE as usize * 60) / (bpm as usize * 4)
}

/// How much of each part goes where.
#[derive(Clone, Copy, Debug)]
pub struct Sends {
    /// Level of the bass, pads, arpeggio, lead and drums.
    pub parts: [f32; 5],
    /// Reverb length (s), its darkness (0 to 0.9) and how much of the mix goes into it.
    pub reverb: (f32, f32, f32),
    /// Echo delay (sixteenths), feedback, and how much of the lead and arpeggio go in.
    pub echo: (u32, f32, f32),
    /// Root-mean-square level of the finished loop.
    pub loudness: f32,
}

/// A theme, written out: its tempo, harmony, notes, instruments and mix.
#[derive(Clone, Debug)]
pub struct Arrangement {
    /// Beats a minute.
    pub bpm: u32,
    /// Key and chords.
    pub harmony: Harmony,
    /// Every note of the loop.
    pub notes: Vec<Note>,
    /// The bass, pad, arpeggio and lead instruments.
    pub patches: [Patch; 4],
    /// The mix.
    pub sends: Sends,
}

/// Plays the arrangement's notes into a loop and mixes it.
pub fn mix(a: &Arrangement) -> Vec<f32> {
    let step = step_samples(a.bpm);
    let len = a.harmony.steps() as usize * step;
    let mut dry = vec![0.0f32; len];
    let mut echo_in = vec![0.0f32; len];
    let s = &a.sends;
    for (i, n) in a.notes.iter().enumerate() {
        let at = n.step as usize * step;
        let held = n.len as f32 * step as f32 / RATE;
        let hz = super::dsp::midi_hz(n.pitch as f32);
        let (slot, patch) = match n.part {
            Part::Bass => (0, Some(&a.patches[0])),
            Part::Pad => (1, Some(&a.patches[1])),
            Part::Arp => (2, Some(&a.patches[2])),
            Part::Lead => (3, Some(&a.patches[3])),
            Part::Drum(_) => (4, None),
        };
        let gain = s.parts[slot] * n.vel;
        match (patch, n.part) {
            (Some(p), _) => {
                let target = if slot >= 2 { &mut echo_in } else { &mut dry };
                p.play(target, at, hz, held, gain);
            }
            (None, Part::Drum(d)) => d.play(&mut dry, at, gain, i as u32),
            (None, _) => {}
        }
    }
    let mut reverb = Reverb::new(s.reverb.0, s.reverb.1);
    let mut echo = Echo::new(s.echo.0 as usize * step, s.echo.1);
    let mut rumble = Svf::new(30.0, 0.7);
    let mut air = Svf::new(9_000.0, 0.6);
    let mut out = vec![0.0f32; len];
    // Twice round: the second pass starts with the tails the loop's end leaves, as it will
    // when it plays on repeat.
    for _ in 0..2 {
        for i in 0..len {
            let melodic = echo_in[i];
            let echoes = echo.run(melodic * s.echo.2);
            let sum = dry[i] + melodic + echoes;
            let wet = reverb.run(sum * s.reverb.2);
            let x = rumble.run(sum + wet).high;
            out[i] = air.run(x).low;
        }
    }
    level(&mut out, s.loudness);
    out
}

/// Brings a loop to `loudness` (root mean square), rounding off the rare peaks above 0.6
/// so that none reaches 0.9.
fn level(out: &mut [f32], loudness: f32) {
    let rms = super::synth::rms(out);
    if rms <= 0.0 {
        return;
    }
    let gain = loudness / rms;
    for x in out.iter_mut() {
        let y = *x * gain;
        let over = y.abs() - 0.6;
        *x = if over > 0.0 {
            y.signum() * (0.6 + 0.3 * (over / 0.3).tanh())
        } else {
            y
        };
    }
}
