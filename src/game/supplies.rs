//! Fuel and checkpoints: canisters picked up by flying through them, and landing pads that
//! refuel a ship resting on them gently and become its checkpoint.

use super::components::FuelCan;
use super::events::GameEvent;
use super::sim::Sim;
use crate::geom::Vec2;
use crate::physics::PartRef;

/// How close the ship's centre must pass to a canister, m.
pub const PICKUP_RADIUS: f64 = 1.0;
/// Points for a canister.
pub const PICKUP_SCORE: u64 = 25;
/// Fastest a landed ship may move, m/s.
pub const LANDED_SPEED: f64 = 0.6;
/// Fastest a landed ship may turn, rad/s.
pub const LANDED_SPIN: f64 = 0.5;
/// Least upward component of the nose for a landing (cos 20°).
pub const LANDED_UPRIGHT: f64 = 0.94;
/// How far above a pad's surface the ship's centre may be while landed, m.
pub const PAD_HEIGHT: f64 = 1.2;

impl Sim {
    /// Picks up every canister the ship's centre is within reach of.
    pub(super) fn collect_fuel(&mut self) {
        let Some(at) = self.ship().map(|b| b.position()) else {
            return;
        };
        let taken: Vec<(hecs::Entity, f64)> = self
            .world
            .query::<(hecs::Entity, &FuelCan)>()
            .iter()
            .filter(|(_, c)| (c.position - at).length() <= PICKUP_RADIUS)
            .map(|(e, c)| (e, c.fuel))
            .collect();
        for (entity, fuel) in taken {
            self.world.despawn(entity).ok();
            let capacity = self.def.fuel;
            if let Some(ship) = self.ship.as_mut() {
                ship.refuel(fuel, capacity);
            }
            self.score += PICKUP_SCORE;
            self.events.push(GameEvent::Refuel);
        }
    }

    /// The pad the ship rests on, if it has landed: touching rock, nearly still, upright,
    /// and over the pad.
    pub fn landed_pad(&self) -> Option<usize> {
        let handle = self.ship_handle()?;
        let body = self.physics.body(handle)?;
        let touching = self.physics.contact_events().iter().any(|e| {
            (e.body_b == Some(handle) && matches!(e.a, PartRef::Rock(_)))
                || (e.body_a == Some(handle) && matches!(e.b, PartRef::Rock(_)))
        });
        let still = body.linear_velocity().length() <= LANDED_SPEED
            && body.angular_velocity().abs() <= LANDED_SPIN;
        let upright = body.rotation().rotate(Vec2::Y).y >= LANDED_UPRIGHT;
        if !(touching && still && upright) {
            return None;
        }
        let p = body.position();
        self.pads.iter().position(|pad| {
            (p.x - pad.position.x).abs() <= pad.width / 2.0
                && p.y >= pad.position.y - 0.2
                && p.y <= pad.position.y + PAD_HEIGHT
        })
    }

    /// Refuels a landed ship and moves the checkpoint to its pad.
    pub(super) fn land_on_pads(&mut self, dt: f64) {
        let pad = self.landed_pad();
        if let Some(i) = pad {
            let (rate, at) = (self.pads[i].refuel_rate, self.pads[i].position);
            let capacity = self.def.fuel;
            if let Some(ship) = self.ship.as_mut() {
                ship.refuel(rate * dt, capacity);
            }
            self.checkpoint = (at + Vec2::new(0.0, 0.6), 0.0);
            if self.landed_on != Some(i) {
                self.events.push(GameEvent::Refuel);
            }
        }
        self.landed_on = pad;
    }
}
