//! A player's [`Actions`] packed into one byte: the only game data that crosses the network.

use crate::game::Actions;
use serde::{Deserialize, Serialize};

/// One player's actions for one step, one bit per control. Unknown bits are ignored when
/// unpacked, so any byte is a valid input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PackedActions(pub u8);

const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const THRUST: u8 = 4;
const FIRE: u8 = 8;
const TRACTOR: u8 = 16;

impl PackedActions {
    /// Packs `a`.
    pub fn pack(a: &Actions) -> PackedActions {
        let bit = |on: bool, b: u8| if on { b } else { 0 };
        PackedActions(
            bit(a.left, LEFT)
                | bit(a.right, RIGHT)
                | bit(a.thrust, THRUST)
                | bit(a.fire, FIRE)
                | bit(a.tractor, TRACTOR),
        )
    }

    /// The actions this byte holds.
    pub fn unpack(self) -> Actions {
        let on = |b: u8| self.0 & b != 0;
        Actions {
            left: on(LEFT),
            right: on(RIGHT),
            thrust: on(THRUST),
            fire: on(FIRE),
            tractor: on(TRACTOR),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_of_controls_survives_a_round_trip_in_one_byte() {
        for bits in 0u8..32 {
            let a = PackedActions(bits).unpack();
            assert_eq!(PackedActions::pack(&a), PackedActions(bits));
        }
        assert_eq!(PackedActions(0xe0).unpack(), Actions::default());
        assert_eq!(bincode::serialized_size(&PackedActions(31)).unwrap(), 1);
    }
}
