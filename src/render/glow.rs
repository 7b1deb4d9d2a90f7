//! How light glows: the two ways the renderer can draw the soft light around bright strokes.
//!
//! [`Glow::Bloom`] draws the scene into an HDR target and runs the post pass (`bloom.rs`):
//! what is brighter than [`THRESHOLD`] is blurred at a quarter of the frame's size and added
//! back, and the sum is tone-mapped. That costs several full-frame passes, which a GPU does
//! in well under a millisecond but a software rasterizer spends most of its frame on.
//! [`Glow::Halo`] draws the scene straight into the output: every shader tone-maps its own
//! colour, and each stroke bright enough to glow draws that glow itself, as a Gaussian of the
//! blur's width around it, as bright as the post pass's blur of the stroke's light above the
//! threshold ([`stroke_halo`]). Software adapters get the halo; GPUs get the bloom.

use std::fmt;

/// Luminance above which light glows (the post pass's bright-pass threshold).
pub const THRESHOLD: f32 = 0.55;
/// How much of the blurred glow is added back.
pub const STRENGTH: f32 = 1.1;
/// The glow is computed at this fraction of the frame's size in the post pass.
pub const GLOW_SCALE: u32 = 4;
/// Around a thin stroke the post pass's glow (its 4×4 bright-pass average, its 9-tap blur
/// at a quarter of the size across and along, the bilinear read back) falls off as this
/// kernel, to within 2.5% of its peak: `(1 - (d / R)²)⁵` at `d` pixels, zero from `R` on.
/// Its standard deviation is 7.0 pixels, as the post pass's.
pub const KERNEL_RADIUS_PX: f32 = 24.5;
/// The kernel's integral across, pixels: `R` times the integral of `(1 - u²)⁵` over -1..1.
const KERNEL_AREA_PX: f32 = KERNEL_RADIUS_PX * 0.738_817_7;
/// How far a halo is drawn from its stroke, pixels: past it the kernel is below 0.15% of
/// its peak.
pub const HALO_REACH_PX: f32 = 21.0;
/// A stroke whose halo would peak below this (linear light) draws none.
const HALO_FLOOR: f32 = 1.0 / 512.0;
/// Where a stroke can fall in the bright pass's 4-pixel blocks: sampled at this many
/// offsets.
const PHASES: usize = 8;
/// Blocks either side of the stroke's own that its light can reach.
const BLOCKS: i32 = 4;

/// How the renderer draws glow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glow {
    /// The HDR scene, blurred bright pass and tone-mapping composite.
    Bloom,
    /// The scene straight into the output, each stroke with its own halo.
    Halo,
}

impl Glow {
    /// The glow for an adapter of `kind`: the halo on a software rasterizer, where the
    /// post pass would take most of the frame, else the bloom.
    pub fn for_adapter(kind: wgpu::DeviceType) -> Glow {
        if kind == wgpu::DeviceType::Cpu {
            Glow::Halo
        } else {
            Glow::Bloom
        }
    }

    /// Reads a choice: "bloom" or "halo", or "auto" (none: the adapter decides).
    pub fn parse(choice: &str) -> Result<Option<Glow>, String> {
        match choice.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(None),
            "bloom" => Ok(Some(Glow::Bloom)),
            "halo" => Ok(Some(Glow::Halo)),
            other => Err(format!(
                "unknown glow `{other}`: expected auto, bloom or halo"
            )),
        }
    }

    /// Its name as [`Glow::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Glow::Bloom => "bloom",
            Glow::Halo => "halo",
        }
    }

    /// `choice` ("auto", "bloom" or "halo") for an adapter of `kind`.
    pub fn choose(choice: &str, kind: wgpu::DeviceType) -> Result<Glow, String> {
        Ok(Glow::parse(choice)?.unwrap_or(Glow::for_adapter(kind)))
    }
}

impl fmt::Display for Glow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Glow::Bloom => "bloom (HDR scene, blurred bright pass, composite)",
            Glow::Halo => "halo (scene straight into the output, strokes draw their glow)",
        })
    }
}

/// Rec. 709 luminance of linear RGB.
fn luma(c: [f32; 3]) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

/// A stroke's light across it, per unit of its colour's alpha, at `x` pixels from its centre
/// line (as `shaders/line.wgsl` draws it): a core of half-width `width[0]` with a
/// one-and-a-half-pixel edge, and a glow falling off over `width[1]` pixels.
pub fn stroke_profile(x: f32, width: [f32; 2]) -> f32 {
    let (w, g) = (width[0], width[1].max(0.001));
    let d = x.abs();
    let t = ((d - (w - 0.75)) / 1.5).clamp(0.0, 1.0);
    let core = 1.0 - t * t * (3.0 - 2.0 * t);
    let u = (d - w).max(0.0) / g;
    core + (-4.0 * u * u).exp() * 0.45
}

/// What a stroke's width means for its halo: for each place the stroke can take in the bright
/// pass's blocks, each block's mean of its light across (per unit of its colour), worked out
/// once per width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrokeShape {
    /// The width it was worked out for: core half-width and glow radius, pixels.
    pub width: [f32; 2],
    blocks: [[f32; 2 * BLOCKS as usize + 1]; PHASES],
    /// The largest of `blocks`: a stroke whose light times it stays under the threshold
    /// keeps nothing.
    brightest_block: f32,
}

impl StrokeShape {
    /// The shape of a stroke of `width` (core half-width and glow radius, pixels).
    pub fn of(width: [f32; 2]) -> StrokeShape {
        const STEPS: usize = 16;
        let mut blocks = [[0.0; 2 * BLOCKS as usize + 1]; PHASES];
        for (p, row) in blocks.iter_mut().enumerate() {
            // The stroke's centre line lies this far into its block.
            let centre = 4.0 * (p as f32 + 0.5) / PHASES as f32;
            for (j, b) in row.iter_mut().enumerate() {
                let start = 4.0 * (j as i32 - BLOCKS) as f32;
                *b = (0..STEPS)
                    .map(|i| {
                        let y = start + 4.0 * (i as f32 + 0.5) / STEPS as f32;
                        stroke_profile(y - centre, width)
                    })
                    .sum::<f32>()
                    / STEPS as f32;
            }
        }
        let brightest_block = blocks.iter().flatten().copied().fold(0.0, f32::max);
        StrokeShape {
            width,
            blocks,
            brightest_block,
        }
    }

    /// The halo a stroke of this shape and `color` (alpha scales the light) draws in
    /// [`Glow::Halo`]: its peak per unit of `color.rgb * color.a`, and how many pixels out
    /// from the centre line it is drawn (both zero for a stroke too dim to glow).
    ///
    /// It follows the post pass: each 4-pixel block the stroke crosses keeps the share of
    /// its mean light above [`THRESHOLD`] (by luminance), the blur spreads what all of them
    /// keep over the kernel ([`KERNEL_RADIUS_PX`]), and [`STRENGTH`] of it is added back;
    /// the stroke's place in the blocks is averaged over.
    pub fn halo(&self, color: [f32; 4]) -> [f32; 2] {
        let light = [
            color[0] * color[3],
            color[1] * color[3],
            color[2] * color[3],
        ];
        let l = luma(light);
        // Most strokes (every body's outline) are too dim to glow: no block to sum.
        if l.is_nan() || l * self.brightest_block <= THRESHOLD {
            return [0.0, 0.0];
        }
        let kept: f32 = self
            .blocks
            .iter()
            .flatten()
            .map(|&b| {
                let lit = l * b;
                if lit > THRESHOLD {
                    4.0 * b * (lit - THRESHOLD) / lit
                } else {
                    0.0
                }
            })
            .sum::<f32>()
            / PHASES as f32;
        let peak = STRENGTH * kept / KERNEL_AREA_PX;
        let brightest = light.iter().copied().fold(0.0, f32::max) * peak;
        if brightest.is_nan() || brightest <= HALO_FLOOR {
            return [0.0, 0.0];
        }
        [peak, HALO_REACH_PX]
    }
}

/// The post pass's glow kernel at `d` pixels from a thin stroke, relative to its peak.
pub fn kernel(d: f32) -> f32 {
    let u = (d / KERNEL_RADIUS_PX).clamp(-1.0, 1.0);
    (1.0 - u * u).powi(5)
}

/// The share of the kernel's area from its far left up to `d` pixels (0 to 1).
pub fn kernel_share(d: f32) -> f32 {
    let u = (d / KERNEL_RADIUS_PX).clamp(-1.0, 1.0);
    let u2 = u * u;
    // The integral of (1 - u²)⁵ from 0 to u.
    let half = u
        * (1.0
            + u2 * (-5.0 / 3.0 + u2 * (2.0 + u2 * (-10.0 / 7.0 + u2 * (5.0 / 9.0 - u2 / 11.0)))));
    0.5 + half / 0.738_817_7
}

/// The halos of strokes drawn straight into the output, each width's shape worked out the
/// first time it is met (a renderer draws a handful of widths); none when drawing for the
/// post pass, whose blur makes the glow.
#[derive(Clone, Debug, Default)]
pub struct Halos {
    on: bool,
    shapes: Vec<StrokeShape>,
}

impl Halos {
    /// Halos for a renderer drawing glow the `glow` way.
    pub fn new(glow: Glow) -> Halos {
        Halos {
            on: glow == Glow::Halo,
            shapes: Vec::new(),
        }
    }

    /// The halo of a stroke of `color` and `width` ([`StrokeShape::halo`]; zero without
    /// halos).
    pub fn of(&mut self, color: [f32; 4], width: [f32; 2]) -> [f32; 2] {
        if !self.on {
            return [0.0; 2];
        }
        let shape = match self.shapes.iter().find(|s| s.width == width) {
            Some(s) => *s,
            None => {
                let s = StrokeShape::of(width);
                self.shapes.push(s);
                s
            }
        };
        shape.halo(color)
    }
}

/// The halo of a stroke of `color` and `width` (see [`StrokeShape::halo`]).
pub fn stroke_halo(color: [f32; 4], width: [f32; 2]) -> [f32; 2] {
    StrokeShape::of(width).halo(color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_is_the_core_then_the_falloff() {
        let w = [1.1, 7.0];
        // Inside the core: full core plus the glow's peak.
        assert!((stroke_profile(0.0, w) - 1.45).abs() < 1e-6);
        // Well outside the core's edge: the glow alone, exp(-4 u²) * 0.45.
        let x = 1.1 + 3.5;
        let expected = (-4.0f32 * 0.25).exp() * 0.45;
        assert!((stroke_profile(x, w) - expected).abs() < 1e-6);
        assert!(stroke_profile(-x, w) == stroke_profile(x, w));
    }

    #[test]
    fn dim_strokes_do_not_glow_and_bright_ones_do_in_proportion() {
        let w = [1.1, 7.0];
        // Luminance 0.3 at full alpha: no block's mean reaches the threshold.
        assert_eq!(stroke_halo([0.3, 0.3, 0.3, 1.0], w), [0.0, 0.0]);
        let bright = stroke_halo([1.0, 1.0, 1.0, 1.5], w);
        let brighter = stroke_halo([1.0, 1.0, 1.0, 3.0], w);
        assert_eq!(bright[1], HALO_REACH_PX);
        // Twice the light keeps a larger share above the threshold: a larger peak per unit.
        assert!(brighter[0] > bright[0] && bright[0] > 0.0);
        // The kept share tends to one: the peak per unit of light tends to the kernel's
        // spread of the stroke's whole light across.
        const STEPS: usize = 4000;
        let step = 60.0 / STEPS as f32;
        let across: f32 = (0..STEPS)
            .map(|i| stroke_profile(-30.0 + step * (i as f32 + 0.5), w) * step)
            .sum();
        let bound = STRENGTH * across / KERNEL_AREA_PX;
        let huge = stroke_halo([1.0, 1.0, 1.0, 1000.0], w);
        assert!(
            huge[0] < bound * 1.001 && huge[0] > bound * 0.99,
            "{huge:?} vs {bound}"
        );
    }

    #[test]
    fn the_kernel_and_its_share_agree() {
        assert_eq!(kernel(0.0), 1.0);
        assert_eq!(kernel(KERNEL_RADIUS_PX), 0.0);
        assert_eq!(kernel(-40.0), 0.0);
        assert!(kernel_share(-KERNEL_RADIUS_PX).abs() < 1e-6);
        assert!((kernel_share(0.0) - 0.5).abs() < 1e-6);
        assert!((kernel_share(KERNEL_RADIUS_PX) - 1.0).abs() < 1e-5);
        // The share grows by the kernel over its area, and the area is the kernel's sum.
        let mut area = 0.0;
        for i in -250..250 {
            let d = i as f32 * 0.1;
            let slope = (kernel_share(d + 0.01) - kernel_share(d - 0.01)) / 0.02;
            assert!((slope - kernel(d) / KERNEL_AREA_PX).abs() < 1e-3, "at {d}");
            area += kernel(d + 0.05) * 0.1;
        }
        assert!((area - KERNEL_AREA_PX).abs() < 1e-2, "{area}");
    }

    /// The post pass's response across a thin line of unit light (per pixel of distance),
    /// worked out from its steps: the 4×4 average, the 9-tap blur of quarter-size texels
    /// (the shader's five linear taps are these nine weights) and the bilinear read back,
    /// averaged over where the line falls in its block.
    fn post_pass_response(d: f32) -> f32 {
        const W: [f32; 5] = [0.227_027, 0.194_594_6, 0.121_621_6, 0.054_054, 0.016_216];
        const PHASES: usize = 64;
        let mut sum = 0.0;
        for p in 0..PHASES {
            let y0 = 4.0 * (p as f32 + 0.5) / PHASES as f32;
            let j0 = (y0 / 4.0).floor() as i32;
            // The line's block keeps a quarter of it (its mean over four rows); the blur
            // spreads that over the texels around.
            let texel = |j: i32| {
                let k = (j - j0).unsigned_abs() as usize;
                if k < W.len() {
                    0.25 * W[k]
                } else {
                    0.0
                }
            };
            let u = (y0 + d) / 4.0 - 0.5;
            let j = u.floor();
            let f = u - j;
            sum += (1.0 - f) * texel(j as i32) + f * texel(j as i32 + 1);
        }
        sum / PHASES as f32
    }

    #[test]
    fn the_kernel_follows_the_post_pass() {
        let peak = post_pass_response(0.0);
        let mut variance = 0.0;
        for i in -300..=300 {
            let d = i as f32 * 0.1;
            let pass = post_pass_response(d);
            let ours = kernel(d) / KERNEL_AREA_PX;
            assert!(
                (pass - ours).abs() < 0.025 * peak,
                "at {d} px: {pass} vs {ours}"
            );
            variance += pass * d * d * 0.1;
        }
        assert!((variance.sqrt() - 7.0).abs() < 0.1, "{}", variance.sqrt());
        // Past the halo's reach the post pass adds nothing visible.
        assert!(post_pass_response(HALO_REACH_PX) < 0.01 * peak);
    }

    #[test]
    fn choice_names_and_the_adapter_default() {
        use wgpu::DeviceType::{Cpu, DiscreteGpu, IntegratedGpu};
        assert_eq!(Glow::choose("auto", Cpu), Ok(Glow::Halo));
        assert_eq!(Glow::choose("Auto", DiscreteGpu), Ok(Glow::Bloom));
        assert_eq!(Glow::choose("", IntegratedGpu), Ok(Glow::Bloom));
        assert_eq!(Glow::choose("halo", DiscreteGpu), Ok(Glow::Halo));
        assert_eq!(Glow::choose(" bloom ", Cpu), Ok(Glow::Bloom));
        let err = Glow::choose("sparkle", Cpu).unwrap_err();
        assert!(
            err.contains("sparkle") && err.contains("auto, bloom or halo"),
            "{err}"
        );
    }
}
