//! The static rock as the renderer draws it: the triangles of its fill, the segments of its
//! glowing outline, the level's bounds for the camera, its world (which picks the palette)
//! and the far silhouettes behind it. Built once per level.

use super::backdrop::{seed_of, Backdrop};
use super::camera::Bounds;
use crate::brush::WorldGeometry;
use crate::level::{LoadedLevel, WorldKind};
use glam::Vec2;

/// The rock's drawing data.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RockMesh {
    /// Fill triangles, three points each, world space.
    pub triangles: Vec<Vec2>,
    /// Outline segments (rock on the left of each).
    pub outline: Vec<(Vec2, Vec2)>,
    /// The bounds of the rock, if there is any.
    pub bounds: Option<Bounds>,
    /// The campaign's world: its palette colours everything drawn.
    pub world: WorldKind,
    /// The far silhouettes behind the rock.
    pub backdrop: Backdrop,
}

fn f32v(v: crate::geom::Vec2) -> Vec2 {
    Vec2::new(v.x as f32, v.y as f32)
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
        let mesh = world.render_mesh();
        let triangles = mesh
            .triangles
            .iter()
            .flat_map(|t| t.iter().map(|&i| f32v(mesh.vertices[i as usize])))
            .collect();
        let outline = world
            .segments
            .iter()
            .map(|s| (f32v(s.segment.a), f32v(s.segment.b)))
            .collect();
        let bounds = world.solid.bounds().map(|b| Bounds {
            min: f32v(b.min),
            max: f32v(b.max),
        });
        RockMesh {
            triangles,
            outline,
            bounds,
            ..RockMesh::default()
        }
    }
}
