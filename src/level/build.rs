//! From a validated level to its world: brushes, flair outlines placed and merged, collision
//! segments and the line tree.

use super::rules::MatchMode;
use super::schema::{Level, Shape};
use super::script::Objective;
use crate::broad::LineTree;
use crate::brush::{Brush, OutlinePolygon, Placement, WorldBrushes, WorldGeometry};
use crate::geom::Vec2;
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

fn to_brush(shape: &Shape) -> Brush {
    match shape {
        Shape::Rect { min, max } => Brush::Polygon(vec![
            *min,
            Vec2::new(max.x, min.y),
            *max,
            Vec2::new(min.x, max.y),
        ]),
        Shape::Polygon { points } => Brush::Polygon(points.clone()),
        Shape::Circle { center, radius } => Brush::Circle {
            center: *center,
            radius: *radius,
        },
        Shape::Polyline { points, width } => Brush::Polyline {
            points: points.clone(),
            width: *width,
        },
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

/// Builds the world and its line tree.
pub fn build_world(
    level: &Level,
    flair_outlines: &[Vec<OutlinePolygon>],
) -> (WorldGeometry, LineTree) {
    let world = WorldGeometry::build(&world_brushes(level, flair_outlines));
    let tree = LineTree::build(world.segments.iter().map(|s| s.segment).collect());
    (world, tree)
}
