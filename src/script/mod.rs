//! Scripting: the runtime that executes a level's zones — triggers, conditions and action
//! sequences — over the world state (flags, counters, the level clock).
//!
//! Uses only [`crate::geom`], [`crate::level`] and [`crate::hash`]; it knows nothing of
//! physics or the game. Each fixed step the game hands [`ScriptRuntime::step`] where things
//! are ([`ScriptInput`]); the runtime keeps flags and counters itself and returns the
//! [`ScriptCommand`]s the game must carry out (messages, spawns, doors, sounds, checkpoints,
//! gravity, the outcome). Deterministic: zones run in declaration order, sequences in the
//! order they started, and no hash-map order reaches anything.

mod command;
mod input;
mod program;
pub(crate) mod region;
mod runtime;
mod state;
mod step;

pub use command::{DoorOp, ScriptCommand};
pub use input::{ScriptInput, Tracked};
pub use runtime::{ScriptRuntime, ZoneState, TIME_EPSILON};
