//! Damage from collisions: each contact that begins with a closing speed carries an impact
//! energy, ½·m·v² with the pair's reduced mass; energy above a threshold hurts the ship
//! part that was hit, and a thrown piece (or a ship) hurts the enemy it hits. Ships
//! scraping along rock throw sparks.

use super::components::{Health, Piece};
use super::events::GameEvent;
use super::ids::entity_of;
use super::ship::Ship;
use super::ship_def::ShipDef;
use crate::physics::{
    BodyHandle, BodyKind, ColliderHandle, ContactEvent, ContactEventKind, PartRef, PhysicsWorld,
};
use hecs::World;

/// Impact energy below which an enemy takes no harm from a thrown piece, J.
pub const ENEMY_IMPACT_THRESHOLD: f64 = 12.0;
/// Impact energy per hit of enemy damage above the threshold, J.
pub const ENEMY_JOULES_PER_HIT: f64 = 12.0;
/// Impact energy worth a sound, J.
const AUDIBLE: f64 = 0.3;

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

/// The mass a collision sees of `body`: infinite for rock and for bodies that do not move
/// under forces.
fn impact_mass(physics: &PhysicsWorld, body: Option<BodyHandle>) -> f64 {
    match body.and_then(|b| physics.body(b)) {
        Some(b) if b.kind() == BodyKind::Dynamic => b.mass(),
        _ => f64::INFINITY,
    }
}

/// Turns the last physics step's contact events into damage, sounds and scrapes.
pub fn apply_contacts(
    world: &mut World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    events: &mut Vec<GameEvent>,
) {
    for e in physics.contact_events() {
        match e.kind {
            ContactEventKind::Begin if e.normal_speed < 0.0 => {
                impact(world, physics, def, events, e)
            }
            ContactEventKind::Persist => scrape(world, physics, def, events, e),
            _ => {}
        }
    }
}

/// Who is to blame for what `body` hits: the player of a ship, or of the beam that last
/// held a piece.
fn blame(world: &World, physics: &PhysicsWorld, body: Option<BodyHandle>) -> Option<usize> {
    let e = entity_of(physics, world, body?)?;
    if let Ok(ship) = world.get::<&Ship>(e) {
        return Some(ship.player());
    }
    world.get::<&Piece>(e).ok()?.thrown_by
}

fn impact(
    world: &mut World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    events: &mut Vec<GameEvent>,
    e: &ContactEvent,
) {
    let energy = impact_energy(
        impact_mass(physics, e.body_a),
        impact_mass(physics, e.body_b),
        e.normal_speed,
    );
    if energy > AUDIBLE {
        events.push(GameEvent::Impact {
            point: e.point,
            normal: e.normal,
            energy,
        });
    }
    for (part, body) in [(e.a, e.body_a), (e.b, e.body_b)] {
        hurt_ship(world, physics, def, events, part, body, energy);
    }
    // A piece (thrown, or falling) hurts an enemy it hits.
    if energy > ENEMY_IMPACT_THRESHOLD {
        let hits = (energy - ENEMY_IMPACT_THRESHOLD) / ENEMY_JOULES_PER_HIT;
        for (body, other) in [(e.body_a, e.body_b), (e.body_b, e.body_a)] {
            let Some(entity) = body.and_then(|b| entity_of(physics, world, b)) else {
                continue;
            };
            let by = blame(world, physics, other);
            if let Ok(mut h) = world.get::<&mut Health>(entity) {
                h.hits -= hits;
                h.last_hit_by = by.or(h.last_hit_by);
            }
        }
    }
}

/// Hurts the ship part `part` of `body`, if that is a ship's, by an impact of `energy`.
fn hurt_ship(
    world: &mut World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    events: &mut Vec<GameEvent>,
    part: PartRef,
    body: Option<BodyHandle>,
    energy: f64,
) {
    let amount = (energy - def.damage.threshold) * def.damage.per_joule;
    let (PartRef::Collider(c), Some(body)) = (part, body) else {
        return;
    };
    if amount <= 0.0 {
        return;
    }
    hurt_ship_part(world, physics, events, body, c, amount);
}

/// Takes `amount` of health from the part that collider `c` of `body` is, if `body` is a
/// ship, and says so with a `PartDamaged` event. Impacts and bolts both hurt ships here.
pub(crate) fn hurt_ship_part(
    world: &World,
    physics: &PhysicsWorld,
    events: &mut Vec<GameEvent>,
    body: BodyHandle,
    c: ColliderHandle,
    amount: f64,
) {
    let Some(e) = entity_of(physics, world, body) else {
        return;
    };
    let Ok(mut ship) = world.get::<&mut Ship>(e) else {
        return;
    };
    if let Some(kind) = ship.part_of(c) {
        let before = ship.health(kind);
        ship.damage(kind, amount);
        events.push(GameEvent::PartDamaged {
            player: ship.player(),
            part: kind.index(),
            amount: before - ship.health(kind),
        });
    }
}

/// A ship sliding along rock fast enough throws sparks.
fn scrape(
    world: &World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    events: &mut Vec<GameEvent>,
    e: &ContactEvent,
) {
    let is_ship = |body: Option<BodyHandle>| {
        body.and_then(|b| entity_of(physics, world, b))
            .is_some_and(|s| world.get::<&Ship>(s).is_ok())
    };
    let rock_and_ship = (matches!(e.a, PartRef::Rock(_)) && is_ship(e.body_b))
        || (matches!(e.b, PartRef::Rock(_)) && is_ship(e.body_a));
    if rock_and_ship && e.tangent_speed > def.damage.scrape_speed {
        // Rock is always part A, so the normal points out of it.
        events.push(GameEvent::Scrape {
            point: e.point,
            normal: e.normal,
            speed: e.tangent_speed,
        });
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
