//! From a validated level to its world: brushes, flair outlines placed and merged, collision
//! segments and the line tree.

use super::organic::Scatter;
use super::rules::MatchMode;
use super::schema::{Level, Shape};
use super::script::Objective;
use crate::broad::LineTree;
use crate::brush::scatter::{near_region, place, spots_on, Faces};
use crate::brush::{
    carve_reach, Brush, OutlinePolygon, Placement, Region, WorldBrushes, WorldGeometry,
};
use crate::geom::{Aabb, Vec2};
use std::path::PathBuf;
use std::time::Duration;

/// A loaded, validated and built level.
#[derive(Clone, Debug)]
pub struct LoadedLevel {
    /// The file it came from.
    pub file: PathBuf,
    /// The level as written (with defaults filled in).
    pub level: Level,
    /// The rock, its segments and chains.
    pub world: WorldGeometry,
    /// The line tree over `world.segments` (same indices).
    pub tree: LineTree,
    /// How long parsing, outlining, merging and building the tree took. A report for
    /// people only: nothing in the simulation may read it.
    pub build_time: Duration,
    /// FNV-1a 64 of the level file's text and the mesh files it uses: replays recorded
    /// against other content are refused.
    pub content_hash: u64,
    /// The level file, then every mesh file it reads (what a live reload watches).
    pub sources: Vec<PathBuf>,
}

impl LoadedLevel {
    /// Bodies the level creates: the ship, debris, enemies and movers.
    pub fn body_count(&self) -> usize {
        1 + self.level.debris.len() + self.level.enemies.len() + self.level.movers.len()
    }

    /// The modes the level can be played in: an arena's own (its `rules`); a campaign
    /// level with an objective can be flown together ([`MatchMode::Coop`]); a level with
    /// neither is for one player only.
    pub fn modes(&self) -> Vec<MatchMode> {
        match &self.level.rules {
            Some(rules) => vec![rules.mode()],
            None if self.level.objective != Objective::Explore => vec![MatchMode::Coop],
            None => Vec::new(),
        }
    }
}

/// The brush a world shape stands for, roughened when it says so.
pub(super) fn to_brush(shape: &Shape) -> Brush {
    let plain = match shape {
        Shape::Rect { min, max, .. } => Brush::Polygon(vec![
            *min,
            Vec2::new(max.x, min.y),
            *max,
            Vec2::new(min.x, max.y),
        ]),
        Shape::Polygon { points, .. } => Brush::Polygon(points.clone()),
        Shape::Circle { center, radius, .. } => Brush::Circle {
            center: *center,
            radius: *radius,
        },
        Shape::Polyline { points, width, .. } => Brush::Polyline {
            points: points.clone(),
            width: *width,
        },
        Shape::Tunnel { points, width, .. } => Brush::Tunnel {
            points: points.clone(),
            widths: width.clone(),
        },
    };
    match shape.rough() {
        Some(r) => Brush::Rough {
            base: Box::new(plain),
            rough: r.into(),
        },
        None => plain,
    }
}

/// The world shapes that scatter dressing, in file order (rock, carve, add), each with its
/// item path (`world.carve[2]`).
pub(super) fn scattering(level: &Level) -> Vec<(String, &Shape, &Scatter)> {
    let w = &level.world;
    [("rock", &w.rock), ("carve", &w.carve), ("add", &w.add)]
        .into_iter()
        .flat_map(|(section, shapes)| {
            shapes.iter().enumerate().filter_map(move |(i, s)| {
                s.scatter()
                    .map(|sc| (format!("world.{section}[{i}]"), s, sc))
            })
        })
        .collect()
}

/// The rock with each scattering shape's dressing merged in: `meshes` holds the mesh
/// outline of each entry of [`scattering`], in order. Returns the rock and, per entry, how
/// many copies were placed. `reach` is the rock's [`carve_reach`], with which the world
/// left out a carving's far pieces.
pub(super) fn scatter_into(
    level: &Level,
    solid: Region,
    meshes: &[Vec<OutlinePolygon>],
    reach: Option<&Aabb>,
) -> (Region, Vec<usize>) {
    let mut placed = Vec::new();
    let mut counts = Vec::new();
    let scatters = scattering(level);
    let faces = if scatters.is_empty() {
        Faces::default()
    } else {
        Faces::of(&solid)
    };
    for ((item, shape, scatter), outline) in scatters.into_iter().zip(meshes) {
        // A carving's loops as the world carved them.
        let loops = match reach {
            Some(r) if item.starts_with("world.carve") => to_brush(shape).contours_within(r),
            _ => to_brush(shape).contours(),
        };
        let bounds = Aabb::from_points(&loops.concat());
        let rule = scatter.rule();
        let spots = spots_on(&faces, &rule, |p| near_region(&loops, bounds, p));
        counts.push(spots.len());
        placed.extend(place(outline, rule.facing, &spots));
    }
    if placed.is_empty() {
        (solid, counts)
    } else {
        (solid.union_contours(&placed), counts)
    }
}

/// The brushes of `level`, with each flair's outline (in its mesh's frame, one entry per
/// flair item) placed where the level puts it.
pub fn world_brushes(level: &Level, flair_outlines: &[Vec<OutlinePolygon>]) -> WorldBrushes {
    let mut flair = Vec::new();
    for (f, outline) in level.flair.iter().zip(flair_outlines) {
        let place = Placement {
            position: f.position,
            rotation: f.angle,
            scale: f.scale,
        };
        let moved = |c: &Vec<Vec2>| c.iter().map(|p| place.apply(*p)).collect::<Vec<_>>();
        flair.extend(outline.iter().map(|p| OutlinePolygon {
            outer: moved(&p.outer),
            holes: p.holes.iter().map(moved).collect(),
        }));
    }
    WorldBrushes {
        rock: level.world.rock.iter().map(to_brush).collect(),
        carve: level.world.carve.iter().map(to_brush).collect(),
        add: level.world.add.iter().map(to_brush).collect(),
        flair,
    }
}

/// Builds the world and its line tree; `scatter_meshes` holds the mesh outline of each
/// shape that scatters dressing (see [`scattering`]). A world built lately from the same
/// section, flair and meshes is reused (see `world_cache`).
pub fn build_world(
    level: &Level,
    flair_outlines: &[Vec<OutlinePolygon>],
    scatter_meshes: &[Vec<OutlinePolygon>],
) -> (WorldGeometry, LineTree) {
    // Debug prints every number in full (shortest text that reads back as the same bits),
    // so equal keys mean equal inputs.
    let key = format!(
        "{:?}\n{:?}\n{:?}\n{:?}",
        level.world, level.flair, flair_outlines, scatter_meshes
    );
    let built = super::world_cache::get_or_build(key, || {
        let brushes = world_brushes(level, flair_outlines);
        let solid = WorldGeometry::build_solid(&brushes);
        let reach = carve_reach(&brushes.rock);
        let (solid, _) = scatter_into(level, solid, scatter_meshes, reach.as_ref());
        let world = WorldGeometry::from_solid(solid);
        let tree = LineTree::build(world.segments.iter().map(|s| s.segment).collect());
        (world, tree)
    });
    (built.0.clone(), built.1.clone())
}
