//! Level sections for scripting: counters, zones with their conditions and actions, and the
//! objective.

use crate::geom::Vec2;
use serde::{Deserialize, Serialize};

/// An integer counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counter {
    /// Unique name.
    pub name: String,
    /// Value at the start (default 0).
    #[serde(default)]
    pub initial: i64,
}

/// A region that triggers actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    /// Unique name.
    pub name: String,
    /// The region.
    pub shape: ZoneShape,
    /// When it fires (default `Enter`).
    #[serde(default)]
    pub trigger: Trigger,
    /// What sets it off (default `Player`).
    #[serde(default)]
    pub who: Who,
    /// Fire only the first time (default true).
    #[serde(default = "yes")]
    pub once: bool,
    /// All must hold for the actions to run (default none).
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// What happens, in order.
    #[serde(default)]
    pub actions: Vec<Action>,
}

fn yes() -> bool {
    true
}

/// A zone's region.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ZoneShape {
    /// Axis-aligned rectangle between two corners.
    Rect {
        /// Lower-left corner.
        min: Vec2,
        /// Upper-right corner.
        max: Vec2,
    },
    /// Circle.
    Circle {
        /// Centre.
        center: Vec2,
        /// Radius.
        radius: f64,
    },
    /// Simple polygon.
    Polygon {
        /// Corners in order.
        points: Vec<Vec2>,
    },
}

/// When a zone fires.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// When something enters.
    #[default]
    Enter,
    /// When something leaves.
    Exit,
    /// Every step something is inside.
    Inside,
}

/// What a zone reacts to.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    /// The player's ship.
    #[default]
    Player,
    /// Any debris.
    AnyDebris,
    /// One named debris piece.
    Debris(String),
    /// Anything that moves.
    Anything,
}

/// A condition on the world state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Condition {
    /// The flag is set.
    FlagSet(String),
    /// The flag is clear.
    FlagClear(String),
    /// The counter is at least the value.
    CounterAtLeast(String, i64),
    /// The counter is below the value.
    CounterBelow(String, i64),
}

/// Something a zone does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Set a flag.
    SetFlag(String),
    /// Clear a flag.
    ClearFlag(String),
    /// Add to a counter (negative subtracts).
    AddCounter(String, i64),
    /// Open the named door.
    OpenDoor(String),
    /// Close the named door.
    CloseDoor(String),
    /// Show a message on screen.
    Message(String),
    /// Finish the level (won).
    Win,
    /// Destroy the ship.
    Kill,
}

/// What finishes the level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Objective {
    /// No goal: fly around (the default).
    #[default]
    Explore,
    /// Reach the named zone.
    ReachZone(String),
    /// Get the named flag set.
    SetFlag(String),
    /// Bring the named debris into the named zone.
    Deliver {
        /// Debris names.
        debris: Vec<String>,
        /// Zone name.
        zone: String,
    },
    /// Destroy every enemy.
    DestroyAllEnemies,
    /// Destroy the named enemy (a reactor), then reach the zone before the countdown ends.
    DestroyAndEscape {
        /// The enemy to destroy.
        target: String,
        /// The exit zone.
        zone: String,
        /// Seconds from the target's destruction to reach the zone.
        seconds: f64,
    },
}
