//! The selectable contact methods for body/body contacts.

use serde::{Deserialize, Serialize};

/// Which narrow-phase method computes body/body contacts. A level's physics settings choose
/// one; the default is [`ContactMethod::DualEdge`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContactMethod {
    /// GJK and EPA for the normal and depth, dual-edge clipping for one or two stable points
    /// ([`super::dual_edge`]). Exact for convex polygons.
    #[default]
    DualEdge,
    /// The approximate clipping method: B's outline clipped to A, normal from the clipped
    /// pieces' length-weighted normals.
    Clipping,
    /// Boundary crossing pairs: works for simple polygons that need not be convex.
    CrossingPairs,
}

impl ContactMethod {
    /// Every method, in a fixed order (for tools that run them all).
    pub const ALL: [ContactMethod; 3] = [
        ContactMethod::DualEdge,
        ContactMethod::Clipping,
        ContactMethod::CrossingPairs,
    ];

    /// The name used in level files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ContactMethod::DualEdge => "dual_edge",
            ContactMethod::Clipping => "clipping",
            ContactMethod::CrossingPairs => "crossing_pairs",
        }
    }
}
