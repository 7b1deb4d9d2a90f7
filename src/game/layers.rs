//! Collision layers of the game's bodies, and the filters built from them.

use crate::physics::Filter;

/// The player's ship.
pub const SHIP: u32 = 1 << 0;
/// Loose debris, the ship's wreck included.
pub const DEBRIS: u32 = 1 << 1;
/// Turrets, drones and reactors.
pub const ENEMY: u32 = 1 << 2;
/// Doors and lifts.
pub const MOVER: u32 = 1 << 3;

/// The filter of a body on `layer`: it collides with everything.
pub fn filter(layer: u32) -> Filter {
    Filter {
        layer,
        mask: u32::MAX,
    }
}

/// A query filter that sees every layer except `except`.
pub fn all_but(except: u32) -> Filter {
    Filter {
        layer: u32::MAX,
        mask: !except,
    }
}
