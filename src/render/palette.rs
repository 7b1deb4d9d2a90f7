//! Each world's colours, in one place: the sky's gradient, the stars' tints, the rock's
//! strata, mineral tint and glowing edge, and the far silhouettes behind the caves. The
//! renderer takes the palette of the level's [`WorldKind`] whenever the rock is set, so a
//! new level or a reload that changes world changes the look.
//!
//! Every colour is linear RGB, as the scene target holds it. The game's own colours (ships,
//! bolts, pads, debris) stay the same in every world; the palettes are chosen so that those
//! keep their contrast against each world's rock and background (see the tests).

use crate::level::WorldKind;

/// A world's colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// The sky at the bottom of the view.
    pub sky_low: [f32; 3],
    /// The sky at the top of the view.
    pub sky_high: [f32; 3],
    /// The stars' two tints, mixed per star.
    pub stars: [[f32; 3]; 2],
    /// The rock's strata, dark band and light band.
    pub rock_dark: [f32; 3],
    /// The light band of the strata.
    pub rock_light: [f32; 3],
    /// Tint added where the mineral field runs high.
    pub mineral: [f32; 3],
    /// The rock's glowing edge; the fourth value scales its light.
    pub edge: [f32; 4],
    /// The far silhouettes: the farther layer's base and crest, then the nearer one's.
    pub far: [[f32; 3]; 4],
}

/// The mines: warm ochre and rust strata under a brown-black sky, lamp-lit edges, far
/// rust-brown spoil heaps and pit-heads.
const MINES: Palette = Palette {
    sky_low: [0.0050, 0.0026, 0.0016],
    sky_high: [0.0110, 0.0060, 0.0036],
    stars: [[1.0, 0.88, 0.70], [1.0, 0.75, 0.55]],
    rock_dark: [0.012, 0.007, 0.004],
    rock_light: [0.068, 0.040, 0.020],
    mineral: [0.030, 0.014, 0.002],
    edge: [1.0, 0.84, 0.58, 1.2],
    far: [
        [0.0080, 0.0042, 0.0026],
        [0.0300, 0.0160, 0.0085],
        [0.0042, 0.0022, 0.0014],
        [0.0220, 0.0115, 0.0060],
    ],
};

/// The ice caverns: pale blue-grey rock under a deep blue sky, ice-white edges, far blue
/// spires and icicles.
const ICE: Palette = Palette {
    sky_low: [0.0020, 0.0050, 0.0110],
    sky_high: [0.0045, 0.0110, 0.0240],
    stars: [[0.75, 0.88, 1.0], [0.92, 0.97, 1.0]],
    rock_dark: [0.010, 0.017, 0.028],
    rock_light: [0.042, 0.070, 0.100],
    mineral: [0.004, 0.022, 0.032],
    edge: [0.90, 0.96, 1.0, 0.85],
    far: [
        [0.0060, 0.0120, 0.0240],
        [0.0200, 0.0380, 0.0640],
        [0.0030, 0.0065, 0.0135],
        [0.0140, 0.0270, 0.0470],
    ],
};

/// The reactor complex: dark gunmetal rock with green veins, a sky lit red from below and
/// green from above, edges of hot steel, far cooling towers and stacks.
const REACTOR: Palette = Palette {
    sky_low: [0.0120, 0.0020, 0.0018],
    sky_high: [0.0020, 0.0075, 0.0050],
    stars: [[0.80, 1.0, 0.85], [1.0, 0.70, 0.60]],
    rock_dark: [0.008, 0.009, 0.011],
    rock_light: [0.036, 0.040, 0.046],
    mineral: [0.002, 0.030, 0.012],
    edge: [1.0, 0.80, 0.74, 1.0],
    far: [
        [0.0100, 0.0040, 0.0036],
        [0.0140, 0.0200, 0.0175],
        [0.0055, 0.0024, 0.0022],
        [0.0110, 0.0160, 0.0140],
    ],
};

impl Palette {
    /// The palette of `world`.
    pub fn of(world: WorldKind) -> Palette {
        match world {
            WorldKind::Mines => MINES,
            WorldKind::Ice => ICE,
            WorldKind::Reactor => REACTOR,
        }
    }
}

/// How the glow pass shows a linear scene colour of `light` (colour times its intensity) on
/// screen: the soft shoulder of `shaders/post.wgsl`, then sRGB encoding, each channel 0..1.
pub fn displayed(light: [f32; 3]) -> [f32; 3] {
    light.map(|c| {
        let m = 1.0 - (-c.max(0.0) * 1.2).exp();
        if m <= 0.003_130_8 {
            m * 12.92
        } else {
            1.055 * m.powf(1.0 / 2.4) - 0.055
        }
    })
}

/// The scene light of a colour with its intensity in the fourth value.
pub fn light_of(c: [f32; 4]) -> [f32; 3] {
    [c[0] * c[3], c[1] * c[3], c[2] * c[3]]
}

/// Relative luminance of an sRGB-encoded colour (WCAG 2's definition).
pub fn luminance(srgb: [f32; 3]) -> f32 {
    let lin = srgb.map(|c| {
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    });
    0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
}

/// WCAG 2 contrast ratio of two sRGB-encoded colours, 1 to 21.
pub fn contrast(a: [f32; 3], b: [f32; 3]) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// CIELAB (D65) of an sRGB-encoded colour.
pub fn lab(srgb: [f32; 3]) -> [f32; 3] {
    let l = srgb.map(|c| {
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    });
    let x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.950_47;
    let y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    let z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIE76 colour difference of two sRGB-encoded colours: about 2.3 is just noticeable.
pub fn delta_e(a: [f32; 3], b: [f32; 3]) -> f32 {
    let (p, q) = (lab(a), lab(b));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

#[cfg(test)]
#[path = "palette_tests.rs"]
mod tests;
