//! Note patterns, written by seeded rules: a key and a chord for every bar, and from them
//! bass lines, chords, arpeggios and melodies in phrases that answer each other (a phrase,
//! the same again with a new ending, a contrast, the first again). The same seed always
//! writes the same notes.

use super::instruments::Drum;
use crate::rng::Pcg32;

/// Sixteenth notes in a bar (every theme is in 4/4).
pub const STEPS_PER_BAR: u32 = 16;

/// Who plays a note.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The bass line.
    Bass,
    /// Held chords.
    Pad,
    /// Broken chords, quick and quiet.
    Arp,
    /// The tune.
    Lead,
    /// A drum.
    Drum(Drum),
}

/// One note of a score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    /// Who plays it.
    pub part: Part,
    /// When it starts, in sixteenths from the start of the loop.
    pub step: u32,
    /// How long it is held, in sixteenths.
    pub len: u32,
    /// MIDI pitch (unused by drums).
    pub pitch: i32,
    /// Loudness, 0 to 1.
    pub vel: f32,
}

/// A key: a tonic and the scale's steps above it in semitones.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    /// MIDI pitch of the tonic in the bass register.
    pub tonic: i32,
    /// Semitones of the seven scale degrees above the tonic.
    pub scale: [i32; 7],
}

/// The natural minor scale.
pub const MINOR: [i32; 7] = [0, 2, 3, 5, 7, 8, 10];
/// The Phrygian mode: minor with a flat second, dark.
pub const PHRYGIAN: [i32; 7] = [0, 1, 3, 5, 7, 8, 10];
/// The Lydian mode: major with a sharp fourth, bright and floating.
pub const LYDIAN: [i32; 7] = [0, 2, 4, 6, 7, 9, 11];

impl Key {
    /// The MIDI pitch of scale degree `degree` (any integer: 7 is the tonic an octave up)
    /// counted from `octave` octaves above the tonic.
    pub fn pitch(&self, degree: i32, octave: i32) -> i32 {
        let n = degree.rem_euclid(7);
        let up = degree.div_euclid(7);
        self.tonic + self.scale[n as usize] + 12 * (up + octave)
    }

    /// Whether MIDI pitch `pitch` is in the key.
    pub fn contains(&self, pitch: i32) -> bool {
        let pc = (pitch - self.tonic).rem_euclid(12);
        self.scale.contains(&pc)
    }
}

/// A theme's harmony: a key and the scale degree of each bar's chord.
#[derive(Clone, Debug)]
pub struct Harmony {
    /// The key.
    pub key: Key,
    /// The root degree of each bar's triad, one entry per bar of the loop.
    pub chords: Vec<i32>,
}

impl Harmony {
    /// The bar a step falls in (wrapping round the loop).
    pub fn chord_at(&self, step: u32) -> i32 {
        self.chords[(step / STEPS_PER_BAR) as usize % self.chords.len()]
    }

    /// Whether scale degree `degree` belongs to the triad on `root`.
    pub fn in_chord(degree: i32, root: i32) -> bool {
        matches!((degree - root).rem_euclid(7), 0 | 2 | 4)
    }

    /// Sixteenths in the loop.
    pub fn steps(&self) -> u32 {
        self.chords.len() as u32 * STEPS_PER_BAR
    }
}

/// How a melody is written.
#[derive(Clone, Copy, Debug)]
pub struct MelodyStyle {
    /// Chance of a note on a beat, on an eighth off the beat, on a sixteenth in between.
    pub density: [f64; 3],
    /// Longest note, sixteenths.
    pub longest: u32,
    /// Lowest and highest degree (from the tonic of octave `octave`).
    pub range: (i32, i32),
    /// Octave above the key's tonic.
    pub octave: i32,
    /// Loudness.
    pub vel: f32,
}

fn chance(rng: &mut Pcg32, p: f64) -> bool {
    rng.next_f64() < p
}

/// A two-bar phrase starting at `bar`: onsets by the style's densities, pitches walking
/// by small steps and landing on chord tones on the strong beats.
fn phrase(rng: &mut Pcg32, h: &Harmony, bar: u32, s: &MelodyStyle, start: i32) -> Vec<(u32, i32)> {
    let mut notes = Vec::new();
    let mut degree = start;
    for local in 0..2 * STEPS_PER_BAR {
        let p = match local % 4 {
            0 => s.density[0],
            2 => s.density[1],
            _ => s.density[2],
        };
        // Every phrase opens on its downbeat; the last beat breathes.
        let last_beat = local >= 2 * STEPS_PER_BAR - 4;
        if !(local == 0 || (!last_beat && chance(rng, p))) {
            continue;
        }
        let step = bar * STEPS_PER_BAR + local;
        let root = h.chord_at(step);
        if local > 0 {
            let moves = [-2, -1, -1, 1, 1, 2, 0, 3, -3];
            degree += moves[(rng.next_u32() % moves.len() as u32) as usize];
        }
        degree = degree.clamp(s.range.0, s.range.1);
        if local % 8 == 0 {
            // A strong beat: the nearest chord tone.
            degree = [0, -1, 1, -2, 2]
                .iter()
                .map(|d| degree + d)
                .find(|&d| Harmony::in_chord(d, root) && (s.range.0..=s.range.1).contains(&d))
                .unwrap_or(degree);
        }
        notes.push((local, degree));
    }
    notes
}

/// Turns onsets into notes held until the next onset (at most `longest`).
fn hold(onsets: &[(u32, i32)], offset: u32, span: u32, s: &MelodyStyle, h: &Harmony) -> Vec<Note> {
    onsets
        .iter()
        .enumerate()
        .map(|(i, &(at, degree))| {
            let next = onsets.get(i + 1).map_or(span, |n| n.0);
            Note {
                part: Part::Lead,
                step: offset + at,
                len: (next - at).clamp(1, s.longest),
                pitch: h.key.pitch(degree, s.octave),
                vel: s.vel * if at % 8 == 0 { 1.0 } else { 0.8 },
            }
        })
        .collect()
}

/// A melody over bars `from..to` (a multiple of 8 bars long is best) in the form A A' B A'':
/// two-bar phrases, the second ending anew, the third a contrast, the fourth the first
/// with its ending moved to the tonic's chord.
pub fn melody(rng: &mut Pcg32, h: &Harmony, from: u32, to: u32, s: &MelodyStyle) -> Vec<Note> {
    let span = 2 * STEPS_PER_BAR;
    let a = phrase(rng, h, from, s, (s.range.0 + s.range.1) / 2);
    let b = phrase(rng, h, from + 4, s, a.last().map_or(0, |n| n.1) + 2);
    let mut out = Vec::new();
    let mut bar = from;
    let mut n = 0;
    while bar + 2 <= to {
        let mut ph = match n % 4 {
            2 => b.clone(),
            _ => a.clone(),
        };
        if n % 4 == 1 || n % 4 == 3 {
            // The answer: the same first bar, a new second one.
            let fresh = phrase(rng, h, bar, s, ph.last().map_or(0, |n| n.1));
            ph.retain(|&(at, _)| at < STEPS_PER_BAR);
            ph.extend(fresh.into_iter().filter(|&(at, _)| at >= STEPS_PER_BAR));
        }
        // Pitches are kept, but any that clash with this bar's chord on a strong beat move
        // to the nearest chord tone.
        for (at, d) in &mut ph {
            let root = h.chord_at(bar * STEPS_PER_BAR + *at);
            if *at % 8 == 0 && !Harmony::in_chord(*d, root) {
                *d += if Harmony::in_chord(*d + 1, root) {
                    1
                } else {
                    -1
                };
            }
        }
        out.extend(hold(&ph, bar * STEPS_PER_BAR, span, s, h));
        bar += 2;
        n += 1;
    }
    out
}

/// Each bar's chord held as a pad: its triad (and the seventh if `seventh`) in `octave`.
pub fn pads(
    h: &Harmony,
    octave: i32,
    seventh: bool,
    vel: f32,
    bars: std::ops::Range<u32>,
) -> Vec<Note> {
    let mut out = Vec::new();
    for bar in bars {
        let root = h.chord_at(bar * STEPS_PER_BAR);
        let tones: &[i32] = if seventh { &[0, 2, 4, 6] } else { &[0, 2, 4] };
        for &t in tones {
            out.push(Note {
                part: Part::Pad,
                step: bar * STEPS_PER_BAR,
                len: STEPS_PER_BAR,
                pitch: h.key.pitch(root + t, octave),
                vel,
            });
        }
    }
    out
}

/// A bass line: on each step of `pattern` (sixteenths in the bar, with an octave jump for
/// the ones flagged) the bar's root, the fifth when `rng` says so, `len` sixteenths long.
pub fn bass(
    rng: &mut Pcg32,
    h: &Harmony,
    pattern: &[(u32, bool)],
    len: u32,
    fifths: f64,
    vel: f32,
    bars: std::ops::Range<u32>,
) -> Vec<Note> {
    let mut out = Vec::new();
    for bar in bars {
        let root = h.chord_at(bar * STEPS_PER_BAR);
        for &(at, up) in pattern {
            let degree = if at > 0 && chance(rng, fifths) {
                root + 4
            } else {
                root
            };
            out.push(Note {
                part: Part::Bass,
                step: bar * STEPS_PER_BAR + at,
                len,
                pitch: h.key.pitch(degree, i32::from(up)),
                vel: vel * if at % 4 == 0 { 1.0 } else { 0.85 },
            });
        }
    }
    out
}

/// Broken chords: every `every` sixteenths the next tone of the bar's chord, rising over
/// two octaves and falling back.
pub fn arpeggio(
    h: &Harmony,
    every: u32,
    octave: i32,
    vel: f32,
    bars: std::ops::Range<u32>,
) -> Vec<Note> {
    let order = [0, 2, 4, 7, 9, 7, 4, 2];
    let mut out = Vec::new();
    for bar in bars {
        let root = h.chord_at(bar * STEPS_PER_BAR);
        for (i, at) in (0..STEPS_PER_BAR).step_by(every as usize).enumerate() {
            out.push(Note {
                part: Part::Arp,
                step: bar * STEPS_PER_BAR + at,
                len: every,
                pitch: h.key.pitch(root + order[i % order.len()], octave),
                vel: vel * if at % 4 == 0 { 1.0 } else { 0.75 },
            });
        }
    }
    out
}

/// A drum pattern: hits of drum `drum` on the steps of a bar where `pattern` has an `x`
/// (accent) or `o` (softer), with an extra hit by chance `fill` on the empty steps.
pub fn drums(
    rng: &mut Pcg32,
    drum: Drum,
    pattern: &str,
    vel: f32,
    fill: f64,
    bars: std::ops::Range<u32>,
) -> Vec<Note> {
    let mut out = Vec::new();
    for bar in bars {
        for (at, c) in pattern.chars().take(STEPS_PER_BAR as usize).enumerate() {
            let level = match c {
                'x' => Some(1.0),
                'o' => Some(0.6),
                _ if chance(rng, fill) => Some(0.4),
                _ => None,
            };
            if let Some(l) = level {
                out.push(Note {
                    part: Part::Drum(drum),
                    step: bar * STEPS_PER_BAR + at as u32,
                    len: 1,
                    pitch: 0,
                    vel: vel * l,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn harmony() -> Harmony {
        Harmony {
            key: Key {
                tonic: 45,
                scale: MINOR,
            },
            chords: vec![0, 5, 2, 6, 0, 5, 3, 4],
        }
    }

    #[test]
    fn degrees_map_to_pitches_of_the_key() {
        let k = harmony().key;
        assert_eq!(k.pitch(0, 0), 45);
        assert_eq!(k.pitch(7, 0), 57);
        assert_eq!(k.pitch(-1, 0), 43);
        assert_eq!(k.pitch(2, 1), 60);
        assert!(k.contains(60) && !k.contains(61));
    }

    #[test]
    fn a_melody_is_in_key_in_range_on_chord_tones_and_repeatable() {
        let h = harmony();
        let style = MelodyStyle {
            density: [0.9, 0.5, 0.2],
            longest: 6,
            range: (0, 9),
            octave: 2,
            vel: 0.7,
        };
        let m = melody(&mut Pcg32::new(3), &h, 0, 8, &style);
        assert_eq!(m, melody(&mut Pcg32::new(3), &h, 0, 8, &style));
        assert_ne!(m, melody(&mut Pcg32::new(4), &h, 0, 8, &style));
        assert!(m.len() >= 8, "{}", m.len());
        let (lo, hi) = (h.key.pitch(-1, 2), h.key.pitch(10, 2));
        for n in &m {
            assert!(h.key.contains(n.pitch), "{n:?}");
            assert!((lo..=hi).contains(&n.pitch), "{n:?}");
            assert!(n.step + n.len <= 8 * STEPS_PER_BAR, "{n:?}");
            if n.step % 8 == 0 {
                let root = h.chord_at(n.step);
                let pc = (n.pitch - h.key.pitch(root, 2)).rem_euclid(12);
                // A triad's third (minor or major) or fifth, or its root.
                assert!([0, 3, 4, 7].contains(&pc), "{n:?} over degree {root}");
            }
        }
        // Phrases 1 and 3 (A and A'') open alike; phrase 2's first bar repeats A's.
        let bar = |b: u32| -> Vec<(u32, i32)> {
            m.iter()
                .filter(|n| n.step / 16 == b)
                .map(|n| (n.step % 16, n.pitch))
                .collect()
        };
        assert_eq!(bar(0).len(), bar(2).len());
    }
}
