//! Enemies: turrets on the rock that track the nearest ship they see and fire bolts with
//! lead; drones that patrol a path and ram a ship that comes near; reactors that only wait
//! to be destroyed. All die to lasers and to thrown debris.

use super::aim::{lead_direction, line_of_sight, pursue, turn_towards, wrap_angle, Steering};
use super::components::{Body, Bolt, Drone, Health, Name, Reactor, Turret};
use super::events::GameEvent;
use super::ids::ordered;
use super::ship::Ship;
use super::state::Fx;
use crate::geom::Vec2;
use crate::physics::{BodyHandle, PhysicsWorld};
use crate::rng::Pcg32;
use hecs::World;

/// Bolt speed, m/s.
pub const BOLT_SPEED: f64 = 14.0;
/// Seconds a bolt flies before it fizzles.
pub const BOLT_LIFE: f64 = 4.0;
/// How fast a turret's barrel turns, rad/s.
pub const TURRET_TURN_RATE: f64 = 1.6;
/// Farthest a turret's barrel turns from its rest direction, radians (it cannot aim into
/// the rock it stands on).
pub const TURRET_ARC: f64 = 1.75;
/// Barrel length: bolts start here, m.
pub const BARREL: f64 = 0.9;
/// A drone gives chase inside this distance, m.
pub const DRONE_SIGHT: f64 = 12.0;
/// Points for destroying a turret or drone.
pub const ENEMY_SCORE: u64 = 100;
/// Points for a reactor.
pub const REACTOR_SCORE: u64 = 500;

/// A ship an enemy may go for: its body, position and velocity.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Target {
    body: BodyHandle,
    at: Vec2,
    velocity: Vec2,
}

/// Every flying ship, in id order.
fn targets(world: &World, physics: &PhysicsWorld) -> Vec<Target> {
    ordered::<(&Ship, &Body)>(world)
        .into_iter()
        .filter_map(|e| {
            let body = world.get::<&Body>(e).ok()?.0;
            let b = physics.body(body)?;
            Some(Target {
                body,
                at: b.position(),
                velocity: b.linear_velocity(),
            })
        })
        .collect()
}

/// The nearest of `targets` to `from` that `sees` accepts (the first in id order among
/// equals).
fn nearest(targets: &[Target], from: Vec2, sees: impl Fn(&Target) -> bool) -> Option<Target> {
    let mut best: Option<(f64, Target)> = None;
    for t in targets {
        let d = (t.at - from).length();
        if best.is_none_or(|(bd, _)| d < bd) && sees(t) {
            best = Some((d, *t));
        }
    }
    best.map(|(_, t)| t)
}

/// Turrets turn toward the nearest ship in range and in sight and fire bolts with lead.
pub fn run_turrets(
    world: &mut World,
    physics: &PhysicsWorld,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    let ships = targets(world, physics);
    let mut shots = Vec::new();
    for e in ordered::<(&Turret, &Body)>(world) {
        let Ok((turret, body)) = world.query_one_mut::<(&mut Turret, &Body)>(e) else {
            continue;
        };
        turret.cooldown = (turret.cooldown - dt).max(0.0);
        let Some(base) = physics.body(body.0).map(|b| b.position()) else {
            continue;
        };
        let range = turret.range;
        let sees = |t: &Target| {
            (t.at - base).length() <= range
                && line_of_sight(physics, base, t.at, &[body.0, t.body], None)
        };
        let Some(target) = nearest(&ships, base, sees) else {
            continue;
        };
        let Some(dir) = lead_direction(base, BOLT_SPEED, target.at, target.velocity) else {
            continue;
        };
        // Angles count from up, counter-clockwise, like the ship's.
        let wanted = (-dir.x).atan2(dir.y);
        let off = wrap_angle(wanted - turret.rest).clamp(-TURRET_ARC, TURRET_ARC);
        turret.aim = turn_towards(turret.aim, turret.rest + off, TURRET_TURN_RATE * dt);
        let aimed = wrap_angle(turret.aim - wanted).abs() < 0.05;
        if aimed && turret.cooldown == 0.0 {
            turret.cooldown = turret.fire_interval;
            let barrel = Vec2::new(-turret.aim.sin(), turret.aim.cos());
            shots.push((base + barrel * BARREL, barrel * BOLT_SPEED, body.0));
        }
    }
    for (from, velocity, owner) in shots {
        world.spawn((Bolt {
            position: from,
            velocity,
            life: BOLT_LIFE,
            owner,
        },));
        events.push(GameEvent::EnemyFired { from });
    }
}

/// Drones chase the nearest ship they see within [`DRONE_SIGHT`], else patrol.
pub fn run_drones(world: &mut World, physics: &mut PhysicsWorld, dt: f64) {
    let ships = targets(world, physics);
    let mut pushes = Vec::new();
    for e in ordered::<(&Drone, &Body)>(world) {
        let Ok((drone, body)) = world.query_one_mut::<(&mut Drone, &Body)>(e) else {
            continue;
        };
        let Some(b) = physics.body(body.0) else {
            continue;
        };
        let (p, v) = (b.position(), b.linear_velocity());
        let sees = |t: &Target| {
            (t.at - p).length() < DRONE_SIGHT && line_of_sight(physics, p, t.at, &[body.0], None)
        };
        let accel = match nearest(&ships, p, sees) {
            Some(t) => {
                let steer = Steering {
                    max_speed: drone.speed * 2.0,
                    max_accel: 9.0,
                    reaction_time: 0.3,
                };
                pursue(p, v, t.at, t.velocity, &steer)
            }
            None => {
                let want = drone.patrol.velocity(p, dt);
                ((want - v) / 0.4).clamp_length_max(6.0)
            }
        };
        pushes.push((body.0, accel * b.mass(), b.center_of_mass()));
    }
    for (body, force, at) in pushes {
        physics.apply_force(body, force, at);
    }
}

/// Removes enemies whose health is gone, with an explosion, and scores them for the
/// player who hurt them last — or, when no player did (a rock fell on it), for every
/// player alike.
pub fn reap_enemies(
    world: &mut World,
    physics: &mut PhysicsWorld,
    fx: &mut Fx,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
    players: usize,
) {
    for e in ordered::<(&Health, &Body, &Name)>(world) {
        let mut q = world.query_one::<(&Health, &Body, &Name, Option<&Reactor>)>(e);
        let Ok((health, body, name, reactor)) = q.get() else {
            continue;
        };
        if health.hits > 0.0 {
            continue;
        }
        let (body, name, reactor, by) = (
            body.0,
            name.0.clone(),
            reactor.is_some(),
            health.last_hit_by,
        );
        drop(q);
        let at = physics.body(body).map_or(Vec2::ZERO, |b| b.position());
        physics.remove_body(body);
        world.despawn(e).ok();
        let size = if reactor { 4.0 } else { 1.5 };
        fx.particles.explosion(at, size, rng);
        events.push(GameEvent::EnemyDestroyed { point: at, name });
        events.push(GameEvent::Explosion { point: at, size });
        let points = if reactor { REACTOR_SCORE } else { ENEMY_SCORE };
        let scorers = match by {
            Some(player) => player..player + 1,
            None => 0..players,
        };
        for player in scorers {
            events.push(GameEvent::Scored { player, points });
        }
    }
}
