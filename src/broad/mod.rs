//! Broad phase: the static binary tree over the world's line segments ([`LineTree`]).
//!
//! Uses [`crate::geom`] and [`crate::collide`]; must not depend on the ECS, the GPU or audio.

mod line_tree;
mod segment_cast;

pub use line_tree::{LineTree, SegmentHit};
pub use segment_cast::{closest_distance, ray_segment, sweep_box_segment, sweep_circle_segment};
