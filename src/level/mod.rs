//! Levels: the RON schema ([`Level`]), loading with validation, and errors that name the
//! file, the line and column, and the item path (`debris[3].shape`).
//!
//! Uses [`crate::geom`], [`crate::collide`], [`crate::brush`] and [`crate::broad`]; must not
//! depend on the GPU or audio. Loading reports every problem of a file, never only the
//! first, and never panics on bad bytes.

mod build;
mod entities;
mod error;
mod items;
mod load;
mod migrate;
mod ron_message;
mod scan;
mod schema;
mod script;
pub mod source_map;
pub mod starter;
mod templates;
mod validate;
mod validate_defs;
mod validate_script;
mod validate_shapes;
pub mod watch;

pub use build::{world_brushes, LoadedLevel};
pub use entities::{
    Debris, DebrisShape, DroneDef, Enemy, Flair, Material, MeshSource, Mover, MoverKind, TurretDef,
};
pub use error::{LevelErrors, Problem};
pub use items::{Pad, Pickup};
pub use load::{load_level, load_level_source, load_mesh_file, parse_ron};
pub use migrate::{version_problem, OLDEST_LEVEL_VERSION};
pub use schema::{default_gravity, Level, Physics, PlayerStart, Shape, World, LEVEL_VERSION};
pub use script::{Action, Compare, Condition, Counter, Objective, Trigger, Who, Zone, ZoneShape};
pub use templates::{Sound, SoundCue, Template};
pub use validate_defs::MAX_STARTS;
