//! What each theme is: tempo, key, chords, which parts play where, their instruments and
//! the mix. The notes themselves are written by [`super::score`] from each theme's seed.

use super::dsp::Adsr;
use super::instruments::{Drum, Patch};
use super::music::{Arrangement, Sends, Theme};
use super::score::{
    arpeggio, bass, drums, melody, pads, Harmony, Key, MelodyStyle, LYDIAN, MINOR, PHRYGIAN,
};
use crate::rng::Pcg32;

const fn env(attack: f32, decay: f32, sustain: f32, release: f32) -> Adsr {
    Adsr {
        attack,
        decay,
        sustain,
        release,
    }
}

/// Every sixteenth of a bar, the off-beat eighths an octave up: a pulsing bass.
const PULSE: [(u32, bool); 16] = [
    (0, false),
    (1, false),
    (2, true),
    (3, false),
    (4, false),
    (5, false),
    (6, true),
    (7, false),
    (8, false),
    (9, false),
    (10, true),
    (11, false),
    (12, false),
    (13, false),
    (14, true),
    (15, false),
];

impl Theme {
    /// The theme written out.
    pub fn arrangement(self) -> Arrangement {
        match self {
            Theme::Title => title(),
            Theme::Mines => mines(),
            Theme::Ice => ice(),
            Theme::Reactor => reactor(),
        }
    }
}

/// A minor, unhurried: warm pads, a walking bass, a plucked arpeggio, a soft lead.
fn title() -> Arrangement {
    let mut rng = Pcg32::new(0x7171_1e00);
    let harmony = Harmony {
        key: Key {
            tonic: 45,
            scale: MINOR,
        },
        chords: vec![0, 5, 2, 6, 0, 5, 3, 4, 5, 6, 0, 2, 3, 5, 4, 4],
    };
    let h = &harmony;
    let lead = MelodyStyle {
        density: [0.85, 0.45, 0.1],
        longest: 8,
        range: (0, 9),
        octave: 2,
        vel: 0.6,
    };
    let mut notes = pads(h, 1, false, 0.35, 0..16);
    notes.extend(bass(
        &mut rng,
        h,
        &[(0, false), (6, false), (8, false), (14, true)],
        5,
        0.3,
        0.6,
        0..16,
    ));
    notes.extend(arpeggio(h, 2, 2, 0.22, 4..16));
    notes.extend(melody(&mut rng, h, 8, 16, &lead));
    notes.extend(drums(
        &mut rng,
        Drum::Shaker,
        "o.o.o.o.o.o.o.o.",
        0.3,
        0.1,
        0..16,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Kick,
        "x.......x.o.....",
        0.7,
        0.0,
        4..16,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Snare,
        "....o.......o...",
        0.35,
        0.0,
        8..16,
    ));
    Arrangement {
        bpm: 90,
        harmony,
        notes,
        patches: [
            Patch {
                saw: 0.6,
                sub: 0.6,
                cutoff: 300.0,
                sweep: 900.0,
                sweep_time: 0.12,
                q: 1.0,
                amp: env(0.005, 0.25, 0.6, 0.1),
                ..Patch::BASE
            },
            Patch {
                saw: 1.0,
                detune: 9.0,
                cutoff: 1_200.0,
                amp: env(0.6, 1.0, 0.9, 0.8),
                ..Patch::BASE
            },
            Patch {
                pulse: 0.8,
                duty: 0.3,
                cutoff: 1_800.0,
                sweep: 2_000.0,
                sweep_time: 0.05,
                amp: env(0.003, 0.15, 0.2, 0.12),
                ..Patch::BASE
            },
            Patch {
                tri: 0.8,
                pulse: 0.25,
                cutoff: 2_600.0,
                amp: env(0.02, 0.3, 0.75, 0.25),
                vibrato: 0.15,
                ..Patch::BASE
            },
        ],
        sends: Sends {
            parts: [0.5, 0.25, 0.25, 0.35, 0.6],
            reverb: (2.2, 0.4, 0.25),
            echo: (3, 0.35, 0.3),
            loudness: 0.12,
        },
    }
}

/// D Phrygian, low and heavy: a resonant plucked bass in eighths, metal clanks on the
/// backbeat, a dark pad, a low pulse lead in the second half.
fn mines() -> Arrangement {
    let mut rng = Pcg32::new(0x0317_e500);
    let harmony = Harmony {
        key: Key {
            tonic: 38,
            scale: PHRYGIAN,
        },
        chords: vec![0, 0, 1, 0, 0, 0, 6, 5, 0, 0, 1, 0, 5, 6, 1, 1],
    };
    let h = &harmony;
    let lead = MelodyStyle {
        density: [0.7, 0.35, 0.08],
        longest: 6,
        range: (0, 7),
        octave: 1,
        vel: 0.6,
    };
    let line = [
        (0, false),
        (2, false),
        (3, false),
        (6, true),
        (8, false),
        (10, false),
        (11, false),
        (14, true),
    ];
    let mut notes = bass(&mut rng, h, &line, 2, 0.1, 0.7, 0..16);
    notes.extend(pads(h, 1, false, 0.25, 0..16));
    notes.extend(melody(&mut rng, h, 8, 16, &lead));
    notes.extend(drums(
        &mut rng,
        Drum::Kick,
        "x.....x...x.....",
        0.9,
        0.0,
        0..16,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Clank,
        "....x.......x..o",
        0.45,
        0.03,
        0..16,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Hat,
        "o.o.o.o.o.o.o.o.",
        0.3,
        0.15,
        4..16,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Snare,
        "............o...",
        0.3,
        0.0,
        8..16,
    ));
    Arrangement {
        bpm: 100,
        harmony,
        notes,
        patches: [
            Patch {
                saw: 0.7,
                pulse: 0.3,
                sub: 0.5,
                cutoff: 220.0,
                sweep: 1_400.0,
                sweep_time: 0.06,
                q: 2.0,
                amp: env(0.003, 0.12, 0.4, 0.06),
                ..Patch::BASE
            },
            Patch {
                saw: 1.0,
                detune: 12.0,
                cutoff: 700.0,
                amp: env(0.4, 1.0, 0.9, 0.6),
                ..Patch::BASE
            },
            Patch::BASE,
            Patch {
                pulse: 0.7,
                duty: 0.25,
                saw: 0.3,
                cutoff: 1_400.0,
                sweep: 800.0,
                sweep_time: 0.2,
                amp: env(0.01, 0.3, 0.6, 0.15),
                vibrato: 0.1,
                ..Patch::BASE
            },
        ],
        sends: Sends {
            parts: [0.55, 0.25, 0.0, 0.3, 0.7],
            reverb: (1.4, 0.6, 0.18),
            echo: (2, 0.25, 0.15),
            loudness: 0.13,
        },
    }
}

/// E Lydian, slow and open: long glassy pads with sevenths, bell notes far apart, a music
/// box in the middle, almost no drums, a long reverb.
fn ice() -> Arrangement {
    let mut rng = Pcg32::new(0x01ce_ca7e);
    let harmony = Harmony {
        key: Key {
            tonic: 40,
            scale: LYDIAN,
        },
        chords: vec![0, 1, 0, 1, 5, 2, 4, 1, 0, 1, 5, 4],
    };
    let h = &harmony;
    let bells = MelodyStyle {
        density: [0.45, 0.25, 0.0],
        longest: 8,
        range: (2, 11),
        octave: 2,
        vel: 0.6,
    };
    let mut notes = pads(h, 1, true, 0.3, 0..12);
    notes.extend(bass(&mut rng, h, &[(0, false)], 16, 0.0, 0.5, 0..12));
    notes.extend(melody(&mut rng, h, 0, 12, &bells));
    notes.extend(arpeggio(h, 4, 2, 0.2, 4..12));
    notes.extend(drums(
        &mut rng,
        Drum::Kick,
        "x...............",
        0.35,
        0.0,
        4..12,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Shaker,
        "........o.......",
        0.25,
        0.03,
        4..12,
    ));
    Arrangement {
        bpm: 70,
        harmony,
        notes,
        patches: [
            Patch {
                tri: 0.5,
                sub: 0.5,
                cutoff: 400.0,
                amp: env(0.3, 1.5, 0.7, 0.8),
                ..Patch::BASE
            },
            Patch {
                tri: 0.6,
                saw: 0.3,
                detune: 6.0,
                cutoff: 1_500.0,
                amp: env(1.2, 2.0, 0.85, 1.0),
                ..Patch::BASE
            },
            Patch {
                fm: 1.2,
                fm_ratio: 2.0,
                cutoff: 6_000.0,
                amp: env(0.002, 0.5, 0.0, 0.4),
                ..Patch::BASE
            },
            Patch {
                fm: 2.2,
                fm_ratio: 3.5,
                cutoff: 5_000.0,
                amp: env(0.002, 0.9, 0.0, 0.6),
                ..Patch::BASE
            },
        ],
        sends: Sends {
            parts: [0.4, 0.3, 0.15, 0.35, 0.4],
            reverb: (4.0, 0.25, 0.45),
            echo: (6, 0.45, 0.35),
            loudness: 0.09,
        },
    }
}

/// C minor at 126: a pulsing sixteenth bass, four on the floor, an arpeggio, and from the
/// ninth bar a pad and a bright lead.
fn reactor() -> Arrangement {
    let mut rng = Pcg32::new(0x0ea0_7012);
    let harmony = Harmony {
        key: Key {
            tonic: 36,
            scale: MINOR,
        },
        chords: vec![
            0, 0, 5, 6, 0, 0, 5, 4, 3, 3, 0, 0, 5, 5, 6, 6, 5, 6, 0, 0, 5, 6, 4, 4,
        ],
    };
    let h = &harmony;
    let lead = MelodyStyle {
        density: [0.9, 0.6, 0.25],
        longest: 4,
        range: (0, 9),
        octave: 2,
        vel: 0.55,
    };
    let mut notes = bass(&mut rng, h, &PULSE, 1, 0.0, 0.55, 0..24);
    notes.extend(pads(h, 1, false, 0.2, 8..24));
    notes.extend(arpeggio(h, 2, 2, 0.18, 0..24));
    notes.extend(melody(&mut rng, h, 8, 24, &lead));
    notes.extend(drums(
        &mut rng,
        Drum::Kick,
        "x...x...x...x...",
        0.9,
        0.0,
        0..24,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Snare,
        "....x.......x...",
        0.5,
        0.02,
        4..24,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::Hat,
        "..x...x...x...x.",
        0.3,
        0.25,
        0..24,
    ));
    notes.extend(drums(
        &mut rng,
        Drum::OpenHat,
        "..............o.",
        0.25,
        0.0,
        8..24,
    ));
    Arrangement {
        bpm: 126,
        harmony,
        notes,
        patches: [
            Patch {
                saw: 1.0,
                sub: 0.4,
                cutoff: 350.0,
                sweep: 1_200.0,
                sweep_time: 0.05,
                q: 1.5,
                amp: env(0.002, 0.08, 0.5, 0.03),
                ..Patch::BASE
            },
            Patch {
                saw: 1.0,
                detune: 14.0,
                cutoff: 900.0,
                amp: env(0.8, 1.0, 0.9, 0.6),
                ..Patch::BASE
            },
            Patch {
                pulse: 0.8,
                cutoff: 2_200.0,
                sweep: 2_500.0,
                sweep_time: 0.04,
                amp: env(0.002, 0.1, 0.15, 0.08),
                ..Patch::BASE
            },
            Patch {
                saw: 0.6,
                pulse: 0.4,
                duty: 0.4,
                detune: 5.0,
                cutoff: 2_000.0,
                sweep: 1_500.0,
                sweep_time: 0.15,
                amp: env(0.01, 0.2, 0.7, 0.12),
                vibrato: 0.12,
                ..Patch::BASE
            },
        ],
        sends: Sends {
            parts: [0.45, 0.2, 0.2, 0.35, 0.7],
            reverb: (1.6, 0.5, 0.15),
            echo: (3, 0.3, 0.2),
            loudness: 0.14,
        },
    }
}
