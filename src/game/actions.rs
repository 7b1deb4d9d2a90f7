//! Actions: what the simulation sees of a player, one set per player per fixed step.

use serde::{Deserialize, Serialize};

/// The player's controls during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Actions {
    /// Rotate counter-clockwise.
    pub left: bool,
    /// Rotate clockwise.
    pub right: bool,
    /// Fire the main engine.
    pub thrust: bool,
    /// Fire the laser.
    pub fire: bool,
    /// Hold the tractor beam.
    pub tractor: bool,
}

impl AsRef<[Actions]> for Actions {
    /// One player's actions as the actions of a one-player sim.
    fn as_ref(&self) -> &[Actions] {
        std::slice::from_ref(self)
    }
}
