//! Triangle meshes: the flair art (rock spires, hulls, crystals) that is outlined and merged
//! into the rock.

use crate::geom::Vec2;
use serde::{Deserialize, Serialize};

/// A triangle mesh as stored in `assets/meshes/*.ron` or inline in a level: vertex
/// positions and triangles as triples of vertex indices. Triangles may be wound either way;
/// the outline is found from the geometry, not from index order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mesh {
    /// Vertex positions in the mesh's own frame (metres).
    pub vertices: Vec<Vec2>,
    /// Triangles, each three indices into `vertices`.
    pub triangles: Vec<[u32; 3]>,
}

/// Where a mesh is placed: scaled about its origin, rotated, then translated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Translation (metres).
    pub position: Vec2,
    /// Rotation (radians, counter-clockwise).
    pub rotation: f64,
    /// Uniform scale factor (positive).
    pub scale: f64,
}

impl Placement {
    /// The identity placement.
    pub const IDENTITY: Placement = Placement {
        position: Vec2::ZERO,
        rotation: 0.0,
        scale: 1.0,
    };

    /// A point of the mesh's frame, placed in the world.
    pub fn apply(&self, p: Vec2) -> Vec2 {
        let (s, c) = self.rotation.sin_cos();
        let q = p * self.scale;
        self.position + Vec2::new(c * q.x - s * q.y, s * q.x + c * q.y)
    }
}

impl Mesh {
    /// Signed area summed over the triangles, each taken as positive: the area the mesh
    /// covers when its triangles do not overlap.
    pub fn triangle_area(&self) -> f64 {
        self.triangles
            .iter()
            .filter_map(|t| {
                let p = |i: u32| self.vertices.get(i as usize).copied();
                Some(0.5 * (p(t[1])? - p(t[0])?).perp_dot(p(t[2])? - p(t[0])?).abs())
            })
            .sum()
    }
}
