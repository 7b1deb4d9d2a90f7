//! The static rock as the renderer draws it: the triangles of its fill, the segments of its
//! glowing outline, the level's bounds for the camera, its world (which picks the palette)
//! and the far silhouettes behind it. Built once per level.

use super::backdrop::{seed_of, Backdrop};
use super::camera::Bounds;
use crate::brush::triangulate::triangulate;
use crate::brush::{Region, RenderMesh, WorldGeometry};
use crate::geom::Vec2 as DVec2;
use crate::level::{LoadedLevel, WorldKind};
use glam::Vec2;

/// The rock's drawing data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RockMesh {
    /// Fill triangles, three points each, world space.
    pub triangles: Vec<Vec2>,
    /// The air's triangles, three points each: the rock's bounds grown by [`AIR_REACH`]
    /// on every side, less the rock. The sky is drawn over these alone, so no pixel of
    /// sky is shaded where the rock will cover it. Empty when there is no rock.
    pub air: Vec<Vec2>,
    /// Outline segments (rock on the left of each).
    pub outline: Vec<(Vec2, Vec2)>,
    /// The bounds of the rock, if there is any.
    pub bounds: Option<Bounds>,
    /// The campaign's world: its palette colours everything drawn.
    pub world: WorldKind,
    /// The far silhouettes behind the rock.
    pub backdrop: Backdrop,
}

/// How far past the rock's bounds the air reaches (m): beyond any view the camera, held
/// near the bounds, can show.
pub const AIR_REACH: f64 = 2000.0;

fn f32v(v: crate::geom::Vec2) -> Vec2 {
    Vec2::new(v.x as f32, v.y as f32)
}

/// A mesh's triangles as a list of their corners, three a triangle.
fn corners(mesh: &RenderMesh) -> Vec<Vec2> {
    mesh.triangles
        .iter()
        .flat_map(|t| t.iter().map(|&i| f32v(mesh.vertices[i as usize])))
        .collect()
}

impl RockMesh {
    /// The drawing data of a loaded level: its rock, in its world's colours, with the far
    /// silhouettes grown from its name.
    pub fn from_level(level: &LoadedLevel) -> RockMesh {
        let mut rock = RockMesh::from_world(&level.world);
        rock.world = level.level.world.kind;
        rock.backdrop = Backdrop::build(rock.world, seed_of(&level.level.name), rock.bounds);
        rock
    }

    /// The drawing data of a built world alone: the default world's colours and no far
    /// silhouettes (a level's own are made by [`RockMesh::from_level`]).
    pub fn from_world(world: &WorldGeometry) -> RockMesh {
        let triangles = corners(&world.render_mesh());
        let outline = world
            .segments
            .iter()
            .map(|s| (f32v(s.segment.a), f32v(s.segment.b)))
            .collect();
        let solid_bounds = world.solid.bounds();
        let air = solid_bounds.map_or_else(Vec::new, |b| {
            let (lo, hi) = (
                b.min - DVec2::splat(AIR_REACH),
                b.max + DVec2::splat(AIR_REACH),
            );
            let frame = [lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)];
            corners(&triangulate(
                &Region::from_contour(&frame).difference(&world.solid),
            ))
        });
        let bounds = solid_bounds.map(|b| Bounds {
            min: f32v(b.min),
            max: f32v(b.max),
        });
        RockMesh {
            triangles,
            outline,
            air,
            bounds,
            ..RockMesh::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(tris: &[Vec2]) -> f64 {
        tris.chunks_exact(3)
            .map(|t| 0.5 * f64::from((t[1] - t[0]).perp_dot(t[2] - t[0])))
            .sum()
    }

    #[test]
    fn the_air_and_the_rock_tile_the_frame_round_the_rock() {
        // A block of rock with a cave and a separate boulder inside the cave.
        let square = |c: (f64, f64), r: f64| {
            [(-r, -r), (r, -r), (r, r), (-r, r)].map(|(x, y)| DVec2::new(c.0 + x, c.1 + y))
        };
        let solid = Region::from_contour(&square((0.0, 0.0), 10.0))
            .difference(&Region::from_contour(&square((1.0, 0.0), 6.0)))
            .union(&Region::from_contour(&square((2.0, 1.0), 1.5)));
        let rock = RockMesh::from_world(&WorldGeometry::from_solid(solid.clone()));
        let side = 20.0 + 2.0 * AIR_REACH;
        let (air, fill) = (area(&rock.air), area(&rock.triangles));
        // The air is the frame less the rock (the cave and round the block), to f32 rounding.
        assert!(
            (air + fill - side * side).abs() < 1e-6 * side * side,
            "{air} + {fill}"
        );
        assert!((fill - solid.area()).abs() < 1e-4, "{fill}");
        assert!((air - (side * side - solid.area())).abs() < 1e-6 * side * side);
        // Every air triangle turns counter-clockwise and lies outside the rock: its
        // centre is not in the solid.
        for t in rock.air.chunks_exact(3) {
            assert!((t[1] - t[0]).perp_dot(t[2] - t[0]) > 0.0);
            let c = (t[0] + t[1] + t[2]) / 3.0;
            assert!(!solid.contains(DVec2::new(c.x.into(), c.y.into())), "{t:?}");
        }
        // No rock, no air: the sky is drawn over the whole view.
        assert!(
            RockMesh::from_world(&WorldGeometry::from_solid(Region::default()))
                .air
                .is_empty()
        );
    }
}
