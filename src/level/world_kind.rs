//! Which world of the campaign a level belongs to: it picks the level's music (and, as the
//! campaign grows, its palette and background). Written `kind: Mines` in the level's
//! `world` section; a level that leaves it out is in the mines.

use serde::{Deserialize, Serialize};

/// A world of the campaign.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum WorldKind {
    /// The mines: industrial, towing and switches. The default.
    #[default]
    Mines,
    /// The ice caverns: low friction, drifting.
    Ice,
    /// The reactor complex: turrets, drones, timed escapes.
    Reactor,
}

impl WorldKind {
    /// Every world, in campaign order.
    pub const ALL: [WorldKind; 3] = [WorldKind::Mines, WorldKind::Ice, WorldKind::Reactor];

    /// The world's name, for the player.
    pub fn label(self) -> &'static str {
        match self {
            WorldKind::Mines => "The Mines",
            WorldKind::Ice => "Ice Caverns",
            WorldKind::Reactor => "The Reactor",
        }
    }
}
