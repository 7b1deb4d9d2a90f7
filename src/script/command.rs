//! What the runtime asks the game to do: the commands a step returns.

use crate::geom::Vec2;
use crate::level::SoundCue;

/// What to do with a door.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoorOp {
    /// Move to the open end (the path's last point).
    Open,
    /// Move to the closed end (the path's first point).
    Close,
    /// Open if closed or closing, else close.
    Toggle,
}

/// A command for the game, produced by a zone's actions. Flags and counters are not here:
/// the runtime changes them itself.
#[derive(Clone, Debug, PartialEq)]
pub enum ScriptCommand {
    /// Show `text` for `seconds` (the runtime also keeps it for the HUD: see
    /// [`super::ScriptRuntime::message`]).
    Message {
        /// The text.
        text: String,
        /// How long it stays, s.
        seconds: f64,
    },
    /// Create an entity from the level's template.
    Spawn {
        /// Index into the level's `templates`.
        template: usize,
        /// Where, m.
        position: Vec2,
        /// Angle, radians.
        angle: f64,
    },
    /// Open, close or toggle a door.
    Door {
        /// Index into the level's `movers` (always a door).
        mover: usize,
        /// What to do.
        op: DoorOp,
    },
    /// Play a sound.
    Sound {
        /// Index into the level's `sounds`.
        sound: usize,
        /// The built-in sound.
        cue: SoundCue,
        /// Loudness, 0 to 1.
        volume: f64,
    },
    /// Make this the place the ship restarts from.
    Checkpoint {
        /// Position, m.
        position: Vec2,
        /// Heading, radians (0 = nose up).
        angle: f64,
    },
    /// Change the world's gravity to this (m/s²).
    Gravity(Vec2),
    /// The level is won.
    Win,
    /// The level is lost.
    Lose,
    /// Destroy ships: those of `ships` (ids, as [`super::Tracked`] gives them), or every
    /// ship when it is empty. The runtime fills in the ships inside the zone whose action
    /// this is.
    KillShips {
        /// The ships' ids; empty for every ship.
        ships: Vec<u64>,
    },
}
