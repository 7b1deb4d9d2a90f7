//! Level sections for scripting: counters, zones with their triggers, conditions and
//! actions, and the objective. `docs/levels.md` describes the language with examples; the
//! runtime that executes it is [`crate::script`].

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

/// A region with a trigger, conditions and a sequence of actions.
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
    /// What sets off `Enter`, `Exit` and `Inside` (default `Player`).
    #[serde(default)]
    pub who: Who,
    /// Fire only the first time (default true).
    #[serde(default = "yes")]
    pub once: bool,
    /// All must hold, when it fires, for the actions to run (default none).
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// What happens, in order; `Wait` delays the rest of the sequence.
    #[serde(default)]
    pub actions: Vec<Action>,
    /// A steady current (m/s²): every dynamic body whose centre of mass is inside is
    /// accelerated by it each step, as gravity would (default none).
    #[serde(
        default,
        deserialize_with = "super::written_bare::present",
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::written_bare::bare"
    )]
    pub push: Option<Vec2>,
}

fn yes() -> bool {
    true
}

fn three() -> f64 {
    3.0
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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Trigger {
    /// When something (see [`Zone::who`]) enters: once per thing that enters.
    #[default]
    Enter,
    /// When something leaves: once per thing that leaves.
    Exit,
    /// Every step something is inside.
    Inside,
    /// The step after the named flag changed (set or cleared).
    FlagChanged(String),
    /// Once, this many seconds after the level starts.
    Timer(f64),
    /// Every this many seconds after the level starts (first at that time, not at 0).
    Every(f64),
}

/// What sets off a zone's `Enter`, `Exit` and `Inside` triggers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    /// The player's ship.
    #[default]
    Player,
    /// Any debris.
    AnyDebris,
    /// One named debris piece.
    Debris(String),
    /// Anything that moves: the ship, debris, enemies, movers.
    Anything,
}

/// How a counter compares with a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Compare {
    /// Equal (`==`).
    Eq,
    /// Not equal (`!=`).
    Ne,
    /// Less than (`<`).
    Lt,
    /// At most (`<=`).
    Le,
    /// Greater than (`>`).
    Gt,
    /// At least (`>=`).
    Ge,
}

impl Compare {
    /// Whether `left` compares so with `right`.
    pub fn holds(self, left: i64, right: i64) -> bool {
        match self {
            Compare::Eq => left == right,
            Compare::Ne => left != right,
            Compare::Lt => left < right,
            Compare::Le => left <= right,
            Compare::Gt => left > right,
            Compare::Ge => left >= right,
        }
    }
}

/// A condition on the world state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Condition {
    /// The flag is set.
    FlagSet(String),
    /// The flag is clear.
    FlagClear(String),
    /// The counter compares so with the value: `Counter("crystals", Ge, 3)`.
    Counter(String, Compare, i64),
    /// The counter is at least the value (short for `Counter(name, Ge, value)`).
    CounterAtLeast(String, i64),
    /// The counter is below the value (short for `Counter(name, Lt, value)`).
    CounterBelow(String, i64),
}

/// Something a zone does. Actions run in order; `Wait` pauses the rest of the sequence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Set a flag.
    SetFlag(String),
    /// Clear a flag.
    ClearFlag(String),
    /// Set a clear flag, clear a set one.
    ToggleFlag(String),
    /// Add to a counter (negative subtracts).
    AddCounter(String, i64),
    /// Open the named door.
    OpenDoor(String),
    /// Close the named door.
    CloseDoor(String),
    /// Open the named door if it is closed or closing, else close it.
    ToggleDoor(String),
    /// Show a message on screen.
    Message {
        /// The text.
        text: String,
        /// How long it stays, seconds (default 3).
        #[serde(default = "three")]
        seconds: f64,
    },
    /// Create an entity from a template.
    Spawn {
        /// The template's name (see `templates`).
        template: String,
        /// Where (m).
        at: Vec2,
        /// Its angle, radians (default 0).
        #[serde(default)]
        angle: f64,
    },
    /// Play a sound cue by its name in `sounds`.
    Sound(String),
    /// Make this the place the ship restarts from.
    Checkpoint {
        /// Position (m).
        position: Vec2,
        /// Heading, radians; 0 points the nose up (default 0).
        #[serde(default)]
        angle: f64,
    },
    /// Change the world's gravity (m/s²).
    Gravity(Vec2),
    /// Wait this many seconds before the rest of the sequence.
    Wait(f64),
    /// Finish the level (won).
    Win,
    /// Finish the level (lost).
    Lose,
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
