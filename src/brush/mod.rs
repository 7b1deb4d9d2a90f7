//! World geometry: triangle meshes to outlines ([`outline`]), brush carving and merging
//! ([`Region`], through i_overlay), the world's one-sided collision segments grouped into
//! chains, and the triangles that draw the rock.
//!
//! Uses [`crate::geom`] only; must not depend on the ECS, the GPU, audio or files (levels
//! hand it meshes and brushes already loaded).

mod mesh;
pub mod noise;
pub mod outline;
mod region;
pub mod rough;
pub mod scatter;
mod shapes;
pub mod simplify;
pub mod triangulate;
pub mod tunnel;
mod world;

pub use mesh::{Mesh, Placement};
pub use outline::{mesh_outline, OutlineError, OutlinePolygon};
pub use region::Region;
pub use rough::Roughness;
pub use shapes::{circle_points, circle_sides, Brush};
pub use world::{carve_reach, Chain, RenderMesh, WorldBrushes, WorldGeometry, WorldSegment};
