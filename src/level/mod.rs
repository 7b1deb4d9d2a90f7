//! Levels: the RON schema ([`Level`]), loading with validation, and errors that name the
//! file, the line and column, and the item path (`debris[3].shape`).
//!
//! Uses [`crate::geom`], [`crate::collide`], [`crate::brush`] and [`crate::broad`]; must not
//! depend on the GPU or audio. Loading reports every problem of a file, never only the
//! first, and never panics on bad bytes.

mod build;
mod entities;
mod error;
mod file_read;
mod items;
pub mod limits;
mod load;
mod mesh_path;
mod meshes;
mod migrate;
mod names;
mod organic;
mod read;
mod ron_message;
mod rules;
mod scan;
mod schema;
mod script;
pub mod shipped;
pub mod source_map;
pub mod starter;
mod templates;
mod validate;
mod validate_bodies;
mod validate_organic;
mod validate_rules;
mod validate_script;
mod validate_shapes;
pub mod watch;
mod world_cache;
mod world_kind;
mod written_bare;

pub use build::{world_brushes, LoadedLevel};
pub use entities::{
    Debris, DebrisShape, DroneDef, Enemy, Flair, Material, MeshSource, Mover, MoverKind, TurretDef,
};
pub use error::{LevelErrors, Problem};
pub use file_read::{read_file, read_text_file, MAX_FILE_BYTES};
pub use items::{Pad, Pickup};
pub use limits::MAX_STARTS;
pub use load::{load_level, load_level_source};
pub use mesh_path::MeshFolders;
pub use meshes::{load_mesh, load_mesh_file};
pub use migrate::{version_problem, OLDEST_LEVEL_VERSION};
pub use organic::{Along, Rough, Scatter};
pub use read::parse_ron;
pub use rules::{MatchMode, MatchRules, DEFAULT_FIRST_TO, DEFAULT_LAPS, DEFAULT_VERSUS_RESPAWN};
pub use schema::{
    default_gravity, Level, Physics, PlayerStart, Shape, World, ICE_FRICTION, LEVEL_VERSION,
    ROCK_FRICTION,
};
pub use script::{Action, Compare, Condition, Counter, Objective, Trigger, Who, Zone, ZoneShape};
pub use templates::{Sound, SoundCue, Template};
pub use world_cache::forget_built_worlds;
pub use world_kind::WorldKind;
