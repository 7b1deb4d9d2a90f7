//! Level sections for things placed in the world: flair meshes, debris, enemies, movers.

use crate::brush::Mesh;
use crate::geom::{Circle, ConvexPolygon, Shape, ShapeError, Vec2};
use serde::{Deserialize, Serialize};

pub(super) fn one() -> f64 {
    1.0
}

/// A mesh placed in the world and merged into the rock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flair {
    /// Unique name.
    pub name: String,
    /// The mesh: a file or inline data.
    pub mesh: MeshSource,
    /// Where the mesh's origin goes (m).
    pub position: Vec2,
    /// Heading in radians, counter-clockwise (default 0). Version 1 files call it
    /// `rotation`.
    #[serde(default)]
    pub angle: f64,
    /// Uniform scale (default 1).
    #[serde(default = "one")]
    pub scale: f64,
}

/// Where a flair mesh comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MeshSource {
    /// A mesh file, relative to the level file's folder.
    File(String),
    /// A mesh written in the level.
    Inline(Mesh),
}

/// A loose convex piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Debris {
    /// Unique name.
    pub name: String,
    /// Its shape, in its own frame.
    pub shape: DebrisShape,
    /// Position (m).
    pub position: Vec2,
    /// Angle (radians, default 0).
    #[serde(default)]
    pub angle: f64,
    /// Initial velocity (m/s, default zero).
    #[serde(default)]
    pub velocity: Vec2,
    /// Initial angular velocity (rad/s, default 0).
    #[serde(default)]
    pub angular_velocity: f64,
    /// Density (kg/m², default 1).
    #[serde(default = "one")]
    pub density: f64,
    /// Friction coefficient (default 0.6).
    #[serde(default = "default_friction")]
    pub friction: f64,
    /// Restitution, 0 to 1 (default 0.1).
    #[serde(default = "default_restitution")]
    pub restitution: f64,
    /// What it is made of: sound, sparks, damage (default `Rock`).
    #[serde(default)]
    pub material: Material,
}

pub(super) fn default_friction() -> f64 {
    0.6
}

pub(super) fn default_restitution() -> f64 {
    0.1
}

/// A debris shape.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DebrisShape {
    /// A convex polygon of 3 to 8 points.
    Polygon {
        /// The corners.
        points: Vec<Vec2>,
    },
    /// A rectangle centred on the body.
    Box {
        /// Width (m).
        width: f64,
        /// Height (m).
        height: f64,
    },
    /// A circle centred on the body.
    Circle {
        /// Radius (m).
        radius: f64,
    },
}

impl DebrisShape {
    /// The collision shape, in the piece's frame: the one construction that both the
    /// validator and the game use, so a level that loads always builds. Polygons go through
    /// [`ConvexPolygon::new`] (duplicate and collinear points merged, as the engine does).
    pub fn shape(&self) -> Result<Shape, ShapeError> {
        match self {
            DebrisShape::Polygon { points } => ConvexPolygon::new(points).map(Shape::from),
            DebrisShape::Box { width, height } => {
                ConvexPolygon::rect(width / 2.0, height / 2.0).map(Shape::from)
            }
            DebrisShape::Circle { radius } => Circle::new(Vec2::ZERO, *radius).map(Shape::from),
        }
    }
}

/// What a piece is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Material {
    /// Stone: heavy thuds, grey sparks.
    #[default]
    Rock,
    /// Metal: clangs, bright sparks.
    Metal,
    /// Crystal: chimes, shatters.
    Crystal,
    /// Ice: slides and cracks.
    Ice,
    /// Wood: knocks, splinters.
    Wood,
}

/// An enemy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Enemy {
    /// A fixed gun that tracks the ship.
    Turret {
        /// Unique name.
        name: String,
        /// Position (m).
        position: Vec2,
        /// Direction it faces at rest (radians, default 0 = up).
        #[serde(default)]
        angle: f64,
        /// Seconds between shots (default 2).
        #[serde(default = "default_fire_interval")]
        fire_interval: f64,
        /// How far it sees (m, default 30).
        #[serde(default = "default_range")]
        range: f64,
        /// Hits to destroy (default 3).
        #[serde(default = "default_health")]
        health: u32,
    },
    /// The heart of an enemy base: it does not fight back, but destroying it may start the
    /// escape countdown.
    Reactor {
        /// Unique name.
        name: String,
        /// Centre (m).
        position: Vec2,
        /// Radius (m, default 1.5).
        #[serde(default = "default_reactor_radius")]
        radius: f64,
        /// Hits to destroy (default 12).
        #[serde(default = "default_reactor_health")]
        health: u32,
    },
    /// A flying enemy that patrols a path.
    Drone {
        /// Unique name.
        name: String,
        /// Patrol points (m), at least 1; the drone starts at the first.
        path: Vec<Vec2>,
        /// Speed (m/s, default 3).
        #[serde(default = "default_drone_speed")]
        speed: f64,
        /// Hits to destroy (default 2).
        #[serde(default = "default_drone_health")]
        health: u32,
    },
}

pub(super) fn default_fire_interval() -> f64 {
    2.0
}
pub(super) fn default_range() -> f64 {
    30.0
}
pub(super) fn default_health() -> u32 {
    3
}
fn default_reactor_radius() -> f64 {
    1.5
}
fn default_reactor_health() -> u32 {
    12
}
pub(super) fn default_drone_speed() -> f64 {
    3.0
}
pub(super) fn default_drone_health() -> u32 {
    2
}

impl Enemy {
    /// The enemy's name.
    pub fn name(&self) -> &str {
        match self {
            Enemy::Turret { name, .. }
            | Enemy::Drone { name, .. }
            | Enemy::Reactor { name, .. } => name,
        }
    }
}

/// A kinematic body moving along a path: a door or a lift.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mover {
    /// Unique name (zones open and close doors by name).
    pub name: String,
    /// Door (moves when told) or lift (shuttles along its path).
    pub kind: MoverKind,
    /// Width and height of its box (m).
    pub size: Vec2,
    /// Points its centre moves through, at least 2; a door is closed at the first and open
    /// at the last.
    pub path: Vec<Vec2>,
    /// Speed (m/s, default 2).
    #[serde(default = "default_mover_speed")]
    pub speed: f64,
    /// Whether a door starts open (default false).
    #[serde(default)]
    pub open: bool,
}

fn default_mover_speed() -> f64 {
    2.0
}

impl Mover {
    /// The mover's box, centred on its body: the one construction that both the validator
    /// and the game use.
    pub fn shape(&self) -> Result<ConvexPolygon, ShapeError> {
        ConvexPolygon::rect(self.size.x / 2.0, self.size.y / 2.0)
    }
}

/// What kind of mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoverKind {
    /// Moves between closed and open when a zone says so.
    Door,
    /// Moves back and forth along its path without stopping.
    Lift,
}
