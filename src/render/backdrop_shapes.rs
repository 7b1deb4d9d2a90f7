//! The far silhouettes' shapes, one character per world: the mines' stepped strata and
//! pit-head frames, the ice caverns' spires and icicles, the reactor's cooling towers,
//! stacks and hanging pipes. Each band is drawn in its own frame: x along the layer, y
//! from the band's ground line out into the open (up from a floor, down from a ceiling).

use crate::level::WorldKind;
use crate::rng::Pcg32;

/// A shape made of horizontal slices: each `(y, half width)` about `x`, y rising; each
/// pair of neighbours bounds a trapezoid (a slice repeated at one height changes width).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Stack {
    pub x: f32,
    pub slices: Vec<(f32, f32)>,
}

/// One band: a height profile (x rising, heights at or above zero) over its ground line,
/// and the shapes standing on it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Band {
    pub profile: Vec<(f32, f32)>,
    pub stacks: Vec<Stack>,
}

fn r(rng: &mut Pcg32, lo: f32, hi: f32) -> f32 {
    rng.range(f64::from(lo), f64::from(hi)) as f32
}

fn chance(rng: &mut Pcg32, p: f64) -> bool {
    rng.next_f64() < p
}

/// Flat strata with steps between them, from `x0` to `x1`, heights within `lo..hi`;
/// `frames` is the chance of a pit-head frame on a stratum.
fn strata(rng: &mut Pcg32, (x0, x1): (f32, f32), (lo, hi): (f32, f32), frames: f64) -> Band {
    let mut band = Band::default();
    let (mut x, mut h) = (x0, r(rng, lo, hi));
    band.profile.push((x, h));
    while x < x1 {
        let run = r(rng, 2.5, 9.0);
        x += run;
        band.profile.push((x, h));
        if chance(rng, frames) {
            band.stacks.push(pit_head(rng, x - run * 0.5, h));
        }
        let step = rng.int(1, 3) as f32 * 1.1;
        let up = if h + step > hi {
            false
        } else {
            h - step < lo || chance(rng, 0.5)
        };
        h = if up { h + step } else { (h - step).max(lo) };
        x += r(rng, 0.15, 0.6);
        band.profile.push((x, h));
    }
    band
}

/// A pit-head: a tapering headframe, its cab and the winding wheel on top.
fn pit_head(rng: &mut Pcg32, x: f32, ground: f32) -> Stack {
    let tall = r(rng, 6.0, 8.5);
    let top = ground + tall;
    Stack {
        x,
        slices: vec![
            (ground, 1.7),
            (top, 0.5),
            (top, 0.95),
            (top + 0.7, 0.95),
            (top + 0.7, 0.0),
            (top + 1.5, 0.8),
            (top + 2.3, 0.0),
        ],
    }
}

/// Gentle mounds from `x0` to `x1` within `lo..hi`, a point every `step` range.
fn mounds(rng: &mut Pcg32, (x0, x1): (f32, f32), (lo, hi): (f32, f32), step: (f32, f32)) -> Band {
    let mut band = Band::default();
    let mut x = x0;
    while x < x1 + step.1 {
        band.profile.push((x, r(rng, lo, hi)));
        x += r(rng, step.0, step.1);
    }
    band
}

/// Spikes along a band, `spacing` apart, `length` long (biased short), `width` at the base.
fn spikes(
    rng: &mut Pcg32,
    (x0, x1): (f32, f32),
    spacing: (f32, f32),
    length: (f32, f32),
    width: (f32, f32),
) -> Vec<Stack> {
    let mut out = Vec::new();
    let mut x = x0 + r(rng, 0.0, spacing.1);
    while x < x1 {
        let u = r(rng, 0.0, 1.0);
        let long = length.0 + (length.1 - length.0) * u * u;
        let w = r(rng, width.0, width.1);
        out.push(Stack {
            x,
            slices: vec![(0.0, w), (long * 0.55, w * 0.45), (long, 0.0)],
        });
        x += r(rng, spacing.0, spacing.1);
    }
    out
}

/// The reactor's skyline: a jagged ground with cooling towers, stacks and blocks.
fn skyline(rng: &mut Pcg32, span: (f32, f32)) -> Band {
    let mut band = mounds(rng, span, (0.4, 2.4), (0.6, 2.2));
    let mut x = span.0 + r(rng, 0.0, 10.0);
    while x < span.1 {
        let pick = rng.next_f64();
        let slices = if pick < 0.35 {
            let (tall, b) = (r(rng, 7.0, 11.0), r(rng, 3.0, 4.2));
            vec![
                (0.0, b),
                (0.35 * tall, 0.78 * b),
                (0.7 * tall, 0.62 * b),
                (0.88 * tall, 0.66 * b),
                (tall, 0.74 * b),
            ]
        } else if pick < 0.7 {
            let (tall, w) = (r(rng, 9.0, 14.0), r(rng, 0.35, 0.55));
            vec![
                (0.0, w * 1.5),
                (1.0, w),
                (tall - 0.6, w),
                (tall - 0.6, w * 1.3),
                (tall, w * 1.3),
            ]
        } else {
            let (tall, w) = (r(rng, 2.0, 4.0), r(rng, 2.0, 4.0));
            vec![(0.0, w), (tall, w), (tall, 0.3), (tall + 1.2, 0.3)]
        };
        band.stacks.push(Stack { x, slices });
        x += r(rng, 8.0, 24.0);
    }
    band
}

/// Pipes hanging from the reactor's ceiling, each with a flange at its end.
fn pipes(rng: &mut Pcg32, (x0, x1): (f32, f32)) -> Vec<Stack> {
    let mut out = Vec::new();
    let mut x = x0 + r(rng, 0.0, 6.0);
    while x < x1 {
        let (long, w) = (r(rng, 2.0, 7.0), r(rng, 0.18, 0.32));
        out.push(Stack {
            x,
            slices: vec![(0.0, w), (long, w), (long, w * 1.8), (long + 0.4, w * 1.8)],
        });
        x += if chance(rng, 0.5) {
            r(rng, 0.6, 1.2)
        } else {
            r(rng, 5.0, 16.0)
        };
    }
    out
}

/// The band rising from the floor of `world`'s far rock, over `span`.
pub(super) fn floor(world: WorldKind, rng: &mut Pcg32, span: (f32, f32)) -> Band {
    match world {
        WorldKind::Mines => strata(rng, span, (0.6, 7.0), 0.12),
        WorldKind::Ice => {
            let mut band = mounds(rng, span, (0.3, 1.6), (1.0, 3.0));
            band.stacks = spikes(rng, span, (0.6, 3.0), (2.0, 11.0), (0.25, 0.9));
            band
        }
        WorldKind::Reactor => skyline(rng, span),
    }
}

/// The band hanging from the ceiling of `world`'s far rock, over `span`.
pub(super) fn ceiling(world: WorldKind, rng: &mut Pcg32, span: (f32, f32)) -> Band {
    match world {
        WorldKind::Mines => strata(rng, span, (0.5, 4.0), 0.0),
        WorldKind::Ice => {
            let mut band = mounds(rng, span, (0.3, 1.2), (0.8, 2.5));
            band.stacks = spikes(rng, span, (0.3, 2.0), (1.0, 8.0), (0.15, 0.5));
            band
        }
        WorldKind::Reactor => {
            let mut band = strata(rng, span, (0.8, 2.4), 0.0);
            band.stacks = pipes(rng, span);
            band
        }
    }
}

/// A far column at `x` from the floor's ground to the ceiling's, `tall` apart: a timber
/// shaft in the mines, an hourglass of ice, a flanged pipe in the reactor.
pub(super) fn pillar(world: WorldKind, rng: &mut Pcg32, x: f32, tall: f32) -> Stack {
    let slices = match world {
        WorldKind::Mines => {
            let w = r(rng, 0.7, 1.1);
            vec![(0.0, w * 1.6), (1.0, w), (tall - 1.0, w), (tall, w * 1.6)]
        }
        WorldKind::Ice => {
            let waist = r(rng, 0.4, 0.75);
            vec![
                (0.0, r(rng, 1.8, 2.8)),
                (tall * 0.45, waist),
                (tall * 0.55, waist),
                (tall, r(rng, 1.6, 2.6)),
            ]
        }
        WorldKind::Reactor => {
            let w = r(rng, 0.35, 0.6);
            let mut s = vec![(0.0, w)];
            let mut y = r(rng, 3.0, 6.0);
            while y + 0.4 < tall {
                s.extend([(y, w), (y, w * 1.5), (y + 0.4, w * 1.5), (y + 0.4, w)]);
                y += r(rng, 5.0, 9.0);
            }
            s.push((tall, w));
            s
        }
    };
    Stack { x, slices }
}
