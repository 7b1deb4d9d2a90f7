//! Damage from collisions: each contact that begins with a closing speed carries an impact
//! energy, ½·m·v² with the pair's reduced mass; energy above a threshold hurts the ship
//! part that was hit, and a thrown piece hurts the enemy it hits. Scraping along rock
//! throws sparks.

use super::components::{entity_of, Health};
use super::events::GameEvent;
use super::sim::Sim;
use crate::physics::{BodyHandle, BodyKind, ContactEvent, ContactEventKind, PartRef};

/// Impact energy below which an enemy takes no harm from a thrown piece, J.
pub const ENEMY_IMPACT_THRESHOLD: f64 = 12.0;
/// Impact energy per hit of enemy damage above the threshold, J.
pub const ENEMY_JOULES_PER_HIT: f64 = 12.0;
/// Impact energy worth a sound, J.
const AUDIBLE: f64 = 0.3;

/// Laser hits a debris piece of `area` (m²) takes before it splits.
pub fn piece_health(area: f64) -> f64 {
    2.0 + 3.0 * area
}

/// The energy of an impact at closing speed `speed` between bodies of masses `a` and `b`
/// (infinite for rock, static and kinematic bodies): ½·μ·v² with μ the reduced mass.
pub fn impact_energy(a: f64, b: f64, speed: f64) -> f64 {
    let mu = match (a.is_finite(), b.is_finite()) {
        (true, true) => a * b / (a + b),
        (true, false) => a,
        (false, true) => b,
        (false, false) => 0.0,
    };
    0.5 * mu * speed * speed
}

impl Sim {
    /// The mass a collision sees of `body`: infinite for rock and for bodies that do not
    /// move under forces.
    fn impact_mass(&self, body: Option<BodyHandle>) -> f64 {
        match body.and_then(|b| self.physics.body(b)) {
            Some(b) if b.kind() == BodyKind::Dynamic => b.mass(),
            _ => f64::INFINITY,
        }
    }

    /// Turns the last step's contact events into damage, sounds and sparks.
    pub(super) fn apply_contacts(&mut self) {
        let events: Vec<ContactEvent> = self.physics.contact_events().to_vec();
        for e in &events {
            match e.kind {
                ContactEventKind::Begin if e.normal_speed < 0.0 => self.impact(e),
                ContactEventKind::Persist => self.scrape(e),
                _ => {}
            }
        }
    }

    fn impact(&mut self, e: &ContactEvent) {
        let energy = impact_energy(
            self.impact_mass(e.body_a),
            self.impact_mass(e.body_b),
            e.normal_speed,
        );
        if energy > AUDIBLE {
            self.events.push(GameEvent::Impact {
                point: e.point,
                normal: e.normal,
                energy,
            });
        }
        let ship_body = self.ship_handle();
        for (part, body) in [(e.a, e.body_a), (e.b, e.body_b)] {
            if body.is_some() && body == ship_body {
                self.hurt_ship(part, energy);
            }
        }
        // A piece (thrown, or falling) hurts an enemy it hits.
        if energy > ENEMY_IMPACT_THRESHOLD {
            let hits = (energy - ENEMY_IMPACT_THRESHOLD) / ENEMY_JOULES_PER_HIT;
            for body in [e.body_a, e.body_b].into_iter().flatten() {
                let Some(entity) = entity_of(&self.physics, &self.world, body) else {
                    continue;
                };
                if let Ok(mut h) = self.world.get::<&mut Health>(entity) {
                    h.hits -= hits;
                }
            }
        }
    }

    fn hurt_ship(&mut self, part: PartRef, energy: f64) {
        let damage = self.def.damage;
        let amount = (energy - damage.threshold) * damage.per_joule;
        if amount <= 0.0 {
            return;
        }
        let PartRef::Collider(c) = part else {
            return;
        };
        let Some(ship) = self.ship.as_mut() else {
            return;
        };
        if let Some(kind) = ship.part_of(c) {
            let before = ship.health(kind);
            ship.damage(kind, amount);
            self.events.push(GameEvent::PartDamaged {
                part: kind.index(),
                amount: before - ship.health(kind),
            });
        }
    }

    fn scrape(&mut self, e: &ContactEvent) {
        let ship_body = self.ship_handle();
        let rock_and_ship = (matches!(e.a, PartRef::Rock(_)) && e.body_b == ship_body)
            || (matches!(e.b, PartRef::Rock(_)) && e.body_a == ship_body);
        if ship_body.is_some() && rock_and_ship && e.tangent_speed > self.def.damage.scrape_speed {
            // Rock is always part A, so the normal points out of it.
            self.events.push(GameEvent::Scrape {
                point: e.point,
                normal: e.normal,
                speed: e.tangent_speed,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impact_energy_uses_the_reduced_mass() {
        assert_eq!(impact_energy(2.0, f64::INFINITY, 3.0), 9.0);
        assert_eq!(impact_energy(f64::INFINITY, 2.0, -3.0), 9.0);
        // Two equal masses: half the mass of either.
        assert_eq!(impact_energy(2.0, 2.0, 3.0), 4.5);
        assert_eq!(impact_energy(f64::INFINITY, f64::INFINITY, 3.0), 0.0);
    }
}
