//! Render triangulation of the rock (through the i_triangle crate).

use super::{Region, RenderMesh};
use crate::geom::Vec2;
use i_triangle::float::triangulatable::Triangulatable;

/// Triangles covering `region`, counter-clockwise. An empty region gives an empty mesh.
pub fn triangulate(region: &Region) -> RenderMesh {
    let shapes: Vec<Vec<Vec<[f64; 2]>>> = region
        .polygons
        .iter()
        .map(|p| {
            std::iter::once(&p.outer)
                .chain(&p.holes)
                .map(|c| c.iter().map(|v| [v.x, v.y]).collect())
                .collect()
        })
        .collect();
    let finite = shapes
        .iter()
        .flatten()
        .flatten()
        .flatten()
        .all(|v| v.is_finite());
    if shapes.is_empty() || !finite {
        return RenderMesh::default();
    }
    let t = shapes.triangulate().to_triangulation::<u32>();
    RenderMesh {
        vertices: t.points.iter().map(|p| Vec2::new(p[0], p[1])).collect(),
        triangles: t
            .indices
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect(),
    }
}
