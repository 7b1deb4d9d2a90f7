//! The far rock behind the caves: two layers of dark silhouettes — a band rising from the
//! level's floor, one hanging from its ceiling, and (in the farther layer) columns between
//! them — that scroll slower than the camera. Shaped by the world (see
//! [`super::backdrop_shapes`]), coloured from its palette, seeded from the level's name and
//! built once per level as one triangle list: the renderer draws it in one call per view
//! and never rebuilds it between frames.
//!
//! A layer with parallax factor `f` is laid out in its own space: the camera at `c` shows
//! its point `p` where it would show the world point `p + c * (1 - f)`, so the layer moves
//! across the screen at `f` times the rock's speed.

use super::backdrop_shapes::{ceiling, floor, pillar, Band, Stack};
use super::camera::Bounds;
use super::palette::Palette;
use crate::level::WorldKind;
use crate::rng::Pcg32;
use bytemuck::{Pod, Zeroable};

/// A vertex of the silhouettes (as `shaders/backdrop.wgsl` reads it).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
pub struct BackdropVertex {
    /// Position in its layer's space, metres.
    pub pos: [f32; 2],
    /// The layer's parallax factor: the share of the camera's motion it follows.
    pub parallax: f32,
    /// Padding to keep the colour aligned.
    pub pad: f32,
    /// Linear colour, opaque.
    pub color: [f32; 4],
}

/// One layer: its parallax factor, where its ground lines sit beyond the level's (metres,
/// in layer space: positive is further into the open) and whether it has columns.
struct Layer {
    parallax: f32,
    ground: f32,
    columns: bool,
}

/// Far to near.
const LAYERS: [Layer; 2] = [
    Layer {
        parallax: 0.3,
        ground: 1.0,
        columns: true,
    },
    Layer {
        parallax: 0.5,
        ground: -1.5,
        columns: false,
    },
];

/// Half the widest view the layers cover, metres: the camera's farthest zoom (4 × 12 m
/// high) at a wide aspect is 85 m, with room to spare.
const SIDE_MARGIN: f32 = 200.0;
/// How far a band's solid body runs beyond its ground line, metres.
const DEPTH: f32 = 200.0;
/// Height over which a band's colour rises from its base to its crest, metres.
const HAZE: f32 = 10.0;

/// The far silhouettes of one level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Backdrop {
    /// Triangles, three vertices each, far layer first.
    pub vertices: Vec<BackdropVertex>,
}

/// The seed a level's silhouettes grow from: FNV-1a of its name, so that editing the level
/// keeps its backdrop.
pub fn seed_of(name: &str) -> u64 {
    let mut h = crate::hash::Fnv1a::new();
    h.write(name.as_bytes());
    h.finish()
}

/// Writes one layer's triangles: maps band coordinates to layer space and colours them.
struct Painter<'a> {
    out: &'a mut Vec<BackdropVertex>,
    parallax: f32,
    base: [f32; 3],
    crest: [f32; 3],
}

impl Painter<'_> {
    /// A vertex at `x`, `y` metres out from the ground line `ground` (facing `up`),
    /// coloured as lying `haze` metres from the nearer ground.
    fn vertex(&mut self, (x, y): (f32, f32), haze: f32, ground: f32, up: f32) {
        let t = (haze / HAZE).clamp(0.0, 1.0);
        let c = [0, 1, 2].map(|i| self.base[i] + (self.crest[i] - self.base[i]) * t);
        self.out.push(BackdropVertex {
            pos: [x, ground + up * y],
            parallax: self.parallax,
            pad: 0.0,
            color: [c[0], c[1], c[2], 1.0],
        });
    }

    fn quad(&mut self, p: [(f32, f32); 4], ground: f32, up: f32) {
        for i in [0, 1, 2, 0, 2, 3] {
            self.vertex(p[i], p[i].1, ground, up);
        }
    }

    /// A band's body below its ground, its profile and its shapes.
    fn band(&mut self, band: &Band, span: (f32, f32), ground: f32, up: f32) {
        self.quad(
            [
                (span.0, -DEPTH),
                (span.1, -DEPTH),
                (span.1, 0.0),
                (span.0, 0.0),
            ],
            ground,
            up,
        );
        for w in band.profile.windows(2) {
            let ((xa, ha), (xb, hb)) = (w[0], w[1]);
            if xb > xa {
                self.quad([(xa, 0.0), (xb, 0.0), (xb, hb), (xa, ha)], ground, up);
            }
        }
        for s in &band.stacks {
            self.stack(s, ground, up, None);
        }
    }

    /// A stack's trapezoids; a column (`span_to`: the other ground) takes its colour from
    /// the nearer of its two grounds.
    fn stack(&mut self, s: &Stack, ground: f32, up: f32, span_to: Option<f32>) {
        let haze = |y: f32| span_to.map_or(y, |tall| y.min(tall - y));
        for w in s.slices.windows(2) {
            let ((ya, wa), (yb, wb)) = (w[0], w[1]);
            if yb <= ya {
                continue;
            }
            let pts = [
                (s.x - wa, ya),
                (s.x + wa, ya),
                (s.x + wb, yb),
                (s.x - wb, yb),
            ];
            for i in [0, 1, 2, 0, 2, 3] {
                self.vertex(pts[i], haze(pts[i].1), ground, up);
            }
        }
    }
}

impl Backdrop {
    /// The silhouettes of `world` for a level whose rock spans `bounds`, grown from `seed`.
    /// No bounds, no silhouettes.
    pub fn build(world: WorldKind, seed: u64, bounds: Option<Bounds>) -> Backdrop {
        let Some(b) = bounds.filter(|b| b.min.is_finite() && b.max.is_finite()) else {
            return Backdrop::default();
        };
        let palette = Palette::of(world);
        let mut vertices = Vec::new();
        for (i, layer) in LAYERS.iter().enumerate() {
            let f = layer.parallax;
            // A view of half width h held at the level's left side shows the layer from
            // f * min.x - (1 - f) * h; likewise at the right.
            let reach = (1.0 - f) * SIDE_MARGIN;
            let span = (f * b.min.x - reach, f * b.max.x + reach);
            let (low, high) = (f * b.min.y + layer.ground, f * b.max.y - layer.ground);
            let mut rng = Pcg32::new(seed ^ (0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i as u64 + 1)));
            let mut p = Painter {
                out: &mut vertices,
                parallax: f,
                base: palette.far[2 * i],
                crest: palette.far[2 * i + 1],
            };
            p.band(&floor(world, &mut rng, span), span, low, 1.0);
            p.band(&ceiling(world, &mut rng, span), span, high, -1.0);
            let tall = high - low;
            if layer.columns && tall > 12.0 {
                let mut x = span.0 + (rng.next_f64() * 40.0) as f32;
                while x < span.1 {
                    p.stack(&pillar(world, &mut rng, x, tall), low, 1.0, Some(tall));
                    x += 25.0 + (rng.next_f64() * 35.0) as f32;
                }
            }
        }
        Backdrop { vertices }
    }
}

#[cfg(test)]
#[path = "backdrop_tests.rs"]
mod tests;
