//! What the runtime needs to know of the world each step: where things are.

use crate::geom::Vec2;

/// A thing that can set off a zone, as the game reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tracked<'a> {
    /// The game's stable id for it (an entity id): the same thing keeps the same id from
    /// step to step, so the runtime can tell who entered and who left.
    pub id: u64,
    /// Its level name, if it has one (debris from the level file does; spawned ones not).
    pub name: Option<&'a str>,
    /// Where it is (its centre), m.
    pub position: Vec2,
}

/// Positions of everything zones watch, for one step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ScriptInput<'a> {
    /// Every player's flying ship (a ship's id stays its own while it flies).
    pub players: &'a [Tracked<'a>],
    /// Every debris piece.
    pub debris: &'a [Tracked<'a>],
    /// Everything else that moves: enemies, movers.
    pub others: &'a [Tracked<'a>],
}

/// Who is inside a zone: ordered, so occupant lists sort and compare the same on every run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Occupant {
    /// A player's ship by its id.
    Player(u64),
    /// A debris piece by its id.
    Debris(u64),
    /// Something else by its id.
    Other(u64),
}

impl Occupant {
    /// A number for hashing: kind in the top bits' place, then the id.
    pub(crate) fn code(self) -> (u32, u64) {
        match self {
            Occupant::Player(id) => (0, id),
            Occupant::Debris(id) => (1, id),
            Occupant::Other(id) => (2, id),
        }
    }
}
