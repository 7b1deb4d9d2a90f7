//! Read-only views of the game's entities for drawing and the HUD, in a fixed order.

use super::components::{in_entity_order, user_data, Body, FuelCan};
use super::enemies::Turret;
use super::sim::Sim;
use crate::geom::Vec2;
use crate::level::Pad;

impl Sim {
    /// The landing pads.
    pub fn pads(&self) -> &[Pad] {
        &self.pads
    }

    /// Fuel canisters still waiting, oldest first.
    pub fn fuel_cans(&self) -> Vec<FuelCan> {
        in_entity_order(
            self.world
                .query::<(hecs::Entity, &FuelCan)>()
                .iter()
                .map(|(e, c)| (user_data(e), *c))
                .collect(),
        )
    }

    /// Each turret's base and the direction its barrel points (radians, 0 is up).
    pub fn turrets(&self) -> Vec<(Vec2, f64)> {
        in_entity_order(
            self.world
                .query::<(hecs::Entity, &Turret, &Body)>()
                .iter()
                .filter_map(|(e, t, b)| {
                    Some((user_data(e), (self.physics.body(b.0)?.position(), t.aim)))
                })
                .collect(),
        )
    }

    /// Whether `body` is an enemy's.
    pub fn is_enemy(&self, body: crate::physics::BodyHandle) -> bool {
        super::components::entity_of(&self.physics, &self.world, body)
            .is_some_and(|e| self.world.get::<&super::components::Health>(e).is_ok())
    }
}
