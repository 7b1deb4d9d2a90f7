//! The game's errors, typed so that callers can tell them apart: a sim that cannot be built
//! from its setup, and a thing that cannot be spawned.

use crate::geom::ShapeError;
use thiserror::Error;

/// Why an entity could not be spawned. A failed spawn leaves nothing behind: no body, no
/// entity.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum SpawnError {
    /// Density, friction or restitution is not a finite number of at least 0.
    #[error("density, friction and restitution must be finite and not negative")]
    Material,
    /// A shape could not be built.
    #[error("its shape: {0}")]
    Shape(#[from] ShapeError),
    /// A position, angle or velocity is not finite.
    #[error("its position, angle and velocity must be finite")]
    NotFinite,
    /// A drone's patrol path is not usable.
    #[error("drone `{0}`: expected a patrol path of finite points and a positive speed")]
    Patrol(String),
    /// A turret's numbers are out of range.
    #[error("turret `{0}`: expected a positive fire interval and range")]
    Turret(String),
    /// A door or lift is not usable.
    #[error("mover `{name}`: {message}")]
    Mover {
        /// The mover's name.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// The ship's definition lacks a part.
    #[error("the ship has no {0} part")]
    MissingPart(&'static str),
}

/// Why a simulation could not be built from its setup.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum SetupError {
    /// The fixed step is not a positive number of seconds.
    #[error("the time step must be a positive number of seconds, got {0}")]
    TimeStep(f64),
    /// Too few or too many players.
    #[error("expected 1 to {max} players, got {got}")]
    Players {
        /// Players asked for.
        got: usize,
        /// Most players a sim takes.
        max: usize,
    },
    /// Fewer starts than players.
    #[error("{players} players need a start each, and the level gives {starts}")]
    Starts {
        /// Players asked for.
        players: usize,
        /// Starts the setup has.
        starts: usize,
    },
    /// An item of the setup could not be spawned.
    #[error("{item}: {error}")]
    Spawn {
        /// The item's path, such as `debris[3]` or `enemies[0]`.
        item: String,
        /// Why.
        error: SpawnError,
    },
    /// The ship's definition does not load.
    #[error("the ship: {0}")]
    Ship(String),
}
