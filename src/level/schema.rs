//! The level file's top-level struct and its world, physics and player sections.
//!
//! Every struct denies unknown fields, so a typo is an error that lists the valid names;
//! every optional field has a default, documented in `docs/levels.md`.

use super::entities::{Debris, Enemy, Flair, Mover};
use super::items::{Pad, Pickup};
use super::organic::{Rough, Scatter};
use super::rules::MatchRules;
use super::script::{Counter, Objective, Zone};
use super::templates::{Sound, Template};
use super::world_kind::WorldKind;
use super::written_bare::{bare, present};
use crate::collide::ContactMethod;
use crate::geom::Vec2;
use serde::{Deserialize, Serialize};

/// The level format version this build writes and reads; older files are upgraded on load
/// (see `migrate.rs` for what changed in each version).
pub const LEVEL_VERSION: u32 = 2;

/// A level: one RON file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// Format version: [`LEVEL_VERSION`] once loaded (older files are upgraded on load).
    pub version: u32,
    /// Name shown to the player.
    pub name: String,
    /// A line or two for the level menu.
    #[serde(default)]
    pub description: String,
    /// The par time (s): a win at or under it earns gold, within 1.25 times silver and
    /// within 1.5 times bronze; none for no medals.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none",
        serialize_with = "bare"
    )]
    pub par: Option<f64>,
    /// Gravity (m/s²). Default `(0, -4)`: lighter than Earth's, so a ship can hover on
    /// modest thrust and caves feel floaty, as in the classic cave flyers.
    #[serde(default = "default_gravity")]
    pub gravity: Vec2,
    /// Simulation settings.
    #[serde(default)]
    pub physics: Physics,
    /// The rock: solid region, carved caves and tunnels, added shapes.
    pub world: World,
    /// Meshes placed in the world and merged into the rock.
    #[serde(default)]
    pub flair: Vec<Flair>,
    /// Loose convex pieces the player can push, grab and throw.
    #[serde(default)]
    pub debris: Vec<Debris>,
    /// Where the ship appears, for a level of one start (the older form of
    /// `player_starts`); give one or the other.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none",
        serialize_with = "bare"
    )]
    pub player_start: Option<PlayerStart>,
    /// Where each player's ship appears, player 1 first: 1 to 4 starts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub player_starts: Vec<PlayerStart>,
    /// Turrets and drones.
    #[serde(default)]
    pub enemies: Vec<Enemy>,
    /// Doors and lifts.
    #[serde(default)]
    pub movers: Vec<Mover>,
    /// Names of the level's boolean flags (all start cleared).
    #[serde(default)]
    pub flags: Vec<String>,
    /// The level's integer counters.
    #[serde(default)]
    pub counters: Vec<Counter>,
    /// Entities that `Spawn` actions create, by name.
    #[serde(default)]
    pub templates: Vec<Template>,
    /// Sound cues that `Sound` actions play, by name.
    #[serde(default)]
    pub sounds: Vec<Sound>,
    /// Trigger regions and what they do.
    #[serde(default)]
    pub zones: Vec<Zone>,
    /// What finishes the level.
    #[serde(default)]
    pub objective: Objective,
    /// Landing pads that refuel the ship and become its checkpoint.
    #[serde(default)]
    pub pads: Vec<Pad>,
    /// Fuel canisters.
    #[serde(default)]
    pub pickups: Vec<Pickup>,
    /// The match rules of a level made for several players (an arena): versus, race or
    /// co-op, with their settings; none for a campaign level.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none",
        serialize_with = "bare"
    )]
    pub rules: Option<MatchRules>,
}

impl Level {
    /// The players' starts, player 1 first: `player_starts`, or the one `player_start`.
    pub fn starts(&self) -> Vec<PlayerStart> {
        if self.player_starts.is_empty() {
            self.player_start.iter().cloned().collect()
        } else {
            self.player_starts.clone()
        }
    }
}

/// The default gravity: 4 m/s² downwards.
pub fn default_gravity() -> Vec2 {
    Vec2::new(0.0, -4.0)
}

/// Simulation settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Physics {
    /// Fixed time step in seconds (default 1/120).
    pub time_step: f64,
    /// Sub-steps per time step (default 4).
    pub substeps: u32,
    /// Solver passes per sub-step that push overlap apart (default 1; more stiffens very
    /// tall stacks at proportional cost).
    pub velocity_iterations: u32,
    /// Relaxation passes per sub-step that remove the velocity the push-apart left behind
    /// (default 1; 0 lets pushed bodies keep a little bounce).
    pub position_iterations: u32,
    /// Body/body contact method (default `dual_edge`).
    pub contact_method: ContactMethod,
}

impl Default for Physics {
    fn default() -> Physics {
        Physics {
            time_step: 1.0 / 120.0,
            substeps: 4,
            velocity_iterations: 1,
            position_iterations: 1,
            contact_method: ContactMethod::DualEdge,
        }
    }
}

/// The world brush: `rock`, minus `carve`, plus `add` (and the flair outlines), and which
/// world of the campaign the level is in.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct World {
    /// The campaign's world: `Mines` (the default), `Ice` or `Reactor`.
    #[serde(default)]
    pub kind: WorldKind,
    /// Shapes whose union is the solid rock before carving.
    pub rock: Vec<Shape>,
    /// Shapes cut out of the rock: caves and tunnels.
    #[serde(default)]
    pub carve: Vec<Shape>,
    /// Shapes added back as rock after carving: pillars, ledges.
    #[serde(default)]
    pub add: Vec<Shape>,
    /// The rock's Coulomb friction coefficient, 0 to 10 (default by `kind`: see
    /// [`World::rock_friction`]).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none",
        serialize_with = "bare"
    )]
    pub friction: Option<f64>,
}

/// The rock's friction in the mines and the reactor: dry stone and steel.
pub const ROCK_FRICTION: f64 = 0.6;
/// The rock's friction in the ice caverns: against a piece of friction 0.6 the pair mixes
/// (geometric mean) to 0.17, so the piece slides down any slope steeper than about 10°.
pub const ICE_FRICTION: f64 = 0.05;

impl World {
    /// The rock's friction: the level's `friction`, or its world's default
    /// ([`ICE_FRICTION`] in the ice caverns, [`ROCK_FRICTION`] elsewhere).
    pub fn rock_friction(&self) -> f64 {
        self.friction.unwrap_or(match self.kind {
            WorldKind::Ice => ICE_FRICTION,
            WorldKind::Mines | WorldKind::Reactor => ROCK_FRICTION,
        })
    }
}

/// A brush shape in a level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Shape {
    /// An axis-aligned rectangle between two corners.
    Rect {
        /// Lower-left corner.
        min: Vec2,
        /// Upper-right corner.
        max: Vec2,
        /// Roughness of the outline (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        rough: Option<Rough>,
        /// Dressing along the rock's ceilings or floors within the shape (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        scatter: Option<Scatter>,
    },
    /// A simple polygon (at least 3 points, either winding, not self-intersecting).
    Polygon {
        /// The corners, in order.
        points: Vec<Vec2>,
        /// Roughness of the outline (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        rough: Option<Rough>,
        /// Dressing along the rock's ceilings or floors within the shape (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        scatter: Option<Scatter>,
    },
    /// A circle.
    Circle {
        /// Centre.
        center: Vec2,
        /// Radius (positive).
        radius: f64,
        /// Roughness of the outline (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        rough: Option<Rough>,
        /// Dressing along the rock's ceilings or floors within the shape (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        scatter: Option<Scatter>,
    },
    /// A thick line through the points, with round ends and joins: a tunnel.
    Polyline {
        /// The centre line, at least 2 points.
        points: Vec<Vec2>,
        /// Full width (positive).
        width: f64,
        /// Roughness of the outline (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        rough: Option<Rough>,
        /// Dressing along the rock's ceilings or floors within the shape (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        scatter: Option<Scatter>,
    },
    /// A smooth tunnel: a spline through the points, its width eased from point to point,
    /// with round ends.
    Tunnel {
        /// The points the centre line passes through, at least 2.
        points: Vec<Vec2>,
        /// Full width at each point, or one width for all (each positive).
        width: Vec<f64>,
        /// Roughness of the outline (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        rough: Option<Rough>,
        /// Dressing along the rock's ceilings or floors within the shape (default none).
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none",
            serialize_with = "bare"
        )]
        scatter: Option<Scatter>,
    },
}

impl Shape {
    /// The shape's roughness, if it has one.
    pub fn rough(&self) -> Option<&Rough> {
        match self {
            Shape::Rect { rough, .. }
            | Shape::Polygon { rough, .. }
            | Shape::Circle { rough, .. }
            | Shape::Polyline { rough, .. }
            | Shape::Tunnel { rough, .. } => rough.as_ref(),
        }
    }

    /// The shape's scattered dressing, if it has one.
    pub fn scatter(&self) -> Option<&Scatter> {
        match self {
            Shape::Rect { scatter, .. }
            | Shape::Polygon { scatter, .. }
            | Shape::Circle { scatter, .. }
            | Shape::Polyline { scatter, .. }
            | Shape::Tunnel { scatter, .. } => scatter.as_ref(),
        }
    }
}

/// Where the ship appears.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerStart {
    /// Position (m).
    pub position: Vec2,
    /// Heading in radians; 0 points the nose up (default 0).
    #[serde(default)]
    pub angle: f64,
}
