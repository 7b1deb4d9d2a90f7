//! Level fields for organic rock: roughness on any world shape and the dressing a shape
//! scatters along its ceilings or floors. Documented in `docs/levels.md` (world).

use crate::brush::scatter::{Facing, ScatterRule};
use crate::brush::Roughness;
use serde::{Deserialize, Serialize};

/// `rough: (amplitude: A, wavelength: W, seed: S)`: the shape's outline pushed in and out
/// along its normal by seeded fractal noise, before the boolean operations.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rough {
    /// Largest displacement (m, at least 0).
    pub amplitude: f64,
    /// Length of the coarsest bumps along the outline (m); the outline gets a point every
    /// quarter wavelength.
    pub wavelength: f64,
    /// Picks the pattern (default 0).
    #[serde(default)]
    pub seed: u64,
}

impl From<&Rough> for Roughness {
    fn from(r: &Rough) -> Roughness {
        Roughness {
            amplitude: r.amplitude,
            wavelength: r.wavelength,
            seed: r.seed,
        }
    }
}

/// Which rock faces a scatter follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Along {
    /// Faces that look down: the mesh hangs from them as it is drawn (a stalactite).
    Ceiling,
    /// Faces that look up: the mesh stands on them upside down (a stalactite becomes a
    /// stalagmite).
    Floor,
}

/// `scatter: (mesh: "stalactite.ron", along: Ceiling, every: D, scale: (min, max), seed: S)`:
/// copies of a mesh along the ceilings or floors of the rock within the shape, merged into
/// the rock like flair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scatter {
    /// The mesh file: a path as flair gives one, or a shipped mesh's file name.
    pub mesh: String,
    /// Ceilings or floors.
    pub along: Along,
    /// Mean distance between copies along the rock (m).
    pub every: f64,
    /// Smallest and largest scale (default `(1.0, 1.0)`).
    #[serde(default = "unit_scale")]
    pub scale: (f64, f64),
    /// Picks spacing and sizes (default 0).
    #[serde(default)]
    pub seed: u64,
}

fn unit_scale() -> (f64, f64) {
    (1.0, 1.0)
}

impl Scatter {
    /// The placement rule the brush layer follows.
    pub fn rule(&self) -> ScatterRule {
        ScatterRule {
            facing: match self.along {
                Along::Ceiling => Facing::Ceiling,
                Along::Floor => Facing::Floor,
            },
            every: self.every,
            scale: self.scale,
            seed: self.seed,
        }
    }
}
