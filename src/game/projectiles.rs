//! Enemy bolts: fast points swept by a ray each step (so they never pass through thin rock
//! or a ship), hurting the ship part they hit.

use super::components::{in_entity_order, user_data};
use super::events::GameEvent;
use super::particles::Spray;
use super::sim::Sim;
use crate::geom::Vec2;
use crate::physics::{BodyHandle, Filter, PartRef};

/// Health a bolt takes from the ship part it hits.
pub const BOLT_DAMAGE: f64 = 14.0;
/// Seconds a bolt flies before it fizzles.
pub const BOLT_LIFE: f64 = 4.0;
/// Push a bolt gives a body it hits, N·s.
pub const BOLT_IMPULSE: f64 = 0.4;

/// A bolt in flight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bolt {
    /// Where it is.
    pub position: Vec2,
    /// Its velocity.
    pub velocity: Vec2,
    /// Seconds it has left.
    pub life: f64,
    /// The body that fired it: never hit.
    pub owner: BodyHandle,
}

impl Bolt {
    /// A new bolt.
    pub fn new(position: Vec2, velocity: Vec2, owner: BodyHandle) -> Bolt {
        Bolt {
            position,
            velocity,
            life: BOLT_LIFE,
            owner,
        }
    }
}

impl Sim {
    /// Moves every bolt by one step; a bolt that hits something stops there.
    pub(super) fn move_bolts(&mut self, dt: f64) {
        let mut bolts: Vec<(hecs::Entity, Bolt)> = self
            .world
            .query::<(hecs::Entity, &Bolt)>()
            .iter()
            .map(|(e, b)| (e, *b))
            .collect();
        bolts.sort_unstable_by_key(|(e, _)| e.to_bits());
        let everything = Filter {
            layer: u32::MAX,
            mask: u32::MAX,
        };
        for (entity, bolt) in bolts {
            let travel = bolt.velocity * dt;
            let hit =
                self.physics
                    .ray_cast_excluding(bolt.position, travel, everything, &[bolt.owner]);
            let Some(hit) = hit else {
                if let Ok(mut b) = self.world.get::<&mut Bolt>(entity) {
                    b.position += travel;
                    b.life -= dt;
                    if b.life > 0.0 {
                        continue;
                    }
                }
                self.world.despawn(entity).ok();
                continue;
            };
            self.world.despawn(entity).ok();
            let spray = Spray {
                point: hit.point,
                direction: hit.normal,
                spread: 0.9,
                count: 8,
                speed: 2.0..5.0,
            };
            self.particles.sparks(&spray, &mut self.rng);
            let Some(body) = hit.body else {
                continue;
            };
            if Some(body) == self.ship_handle() {
                if let (PartRef::Collider(c), Some(ship)) = (hit.part, self.ship.as_mut()) {
                    if let Some(kind) = ship.part_of(c) {
                        let before = ship.health(kind);
                        ship.damage(kind, BOLT_DAMAGE);
                        self.events.push(GameEvent::PartDamaged {
                            part: kind.index(),
                            amount: before - ship.health(kind),
                        });
                    }
                }
            }
            let push = bolt.velocity.normalize_or_zero() * BOLT_IMPULSE;
            self.physics.apply_impulse(body, push, hit.point);
        }
    }

    /// Bolts in flight, for drawing.
    pub fn bolts(&self) -> Vec<Bolt> {
        in_entity_order(
            self.world
                .query::<(hecs::Entity, &Bolt)>()
                .iter()
                .map(|(e, b)| (user_data(e), *b))
                .collect(),
        )
    }
}
