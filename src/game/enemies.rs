//! Enemies: turrets on the rock that track the ship when they see it and fire bolts with
//! lead; drones that patrol a path and ram the ship when it comes near; reactors that only
//! wait to be destroyed. All die to lasers and to thrown debris.

use super::aim::{
    lead_direction, line_of_sight, pursue, turn_towards, Patrol, PatrolMode, Steering,
};
use super::components::{user_data, Body, Health, Name};
use super::events::GameEvent;
use super::layers;
use super::projectiles::Bolt;
use super::sim::Sim;
use crate::geom::{Circle, ConvexPolygon, Shape, Vec2};
use crate::level::Enemy;
use crate::physics::{BodyDef, BodyKind, ColliderDef};

/// Bolt speed, m/s.
pub const BOLT_SPEED: f64 = 14.0;
/// How fast a turret's barrel turns, rad/s.
pub const TURRET_TURN_RATE: f64 = 1.6;
/// Farthest a turret's barrel turns from its rest direction, radians (it cannot aim into
/// the rock it stands on).
pub const TURRET_ARC: f64 = 1.75;
/// Barrel length: bolts start here, m.
pub const BARREL: f64 = 0.9;
/// A drone gives chase inside this distance, m.
pub const DRONE_SIGHT: f64 = 12.0;
/// Points for destroying a turret or drone, and a reactor.
pub const ENEMY_SCORE: u64 = 100;
/// Points for a reactor.
pub const REACTOR_SCORE: u64 = 500;

/// A fixed gun.
#[derive(Clone, Debug, PartialEq)]
pub struct Turret {
    /// The barrel's direction, radians (0 is up).
    pub aim: f64,
    /// Its direction at rest.
    pub rest: f64,
    /// Seconds between shots.
    pub fire_interval: f64,
    /// Seconds until it may fire again.
    pub cooldown: f64,
    /// How far it sees, m.
    pub range: f64,
}

/// A flying enemy.
#[derive(Clone, Debug, PartialEq)]
pub struct Drone {
    /// Its patrol route.
    pub patrol: Patrol,
    /// Cruising speed, m/s.
    pub speed: f64,
}

/// The target of a destroy-and-escape objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reactor;

impl Sim {
    /// Adds a level's enemy.
    pub(super) fn spawn_enemy(&mut self, enemy: &Enemy) -> Result<hecs::Entity, String> {
        let entity = self.world.reserve_entity();
        let (kind, position, angle, shape, hits) = match enemy {
            Enemy::Turret {
                position,
                angle,
                health,
                ..
            } => (
                BodyKind::Static,
                *position,
                *angle,
                Shape::from(
                    ConvexPolygon::new(&[
                        Vec2::new(-0.7, -0.3),
                        Vec2::new(0.7, -0.3),
                        Vec2::new(0.45, 0.35),
                        Vec2::new(-0.45, 0.35),
                    ])
                    .map_err(|e| e.to_string())?,
                ),
                *health,
            ),
            Enemy::Drone { path, health, .. } => (
                BodyKind::Dynamic,
                path.first().copied().unwrap_or_default(),
                0.0,
                Shape::from(Circle::new(Vec2::ZERO, 0.45).map_err(|e| e.to_string())?),
                *health,
            ),
            Enemy::Reactor {
                position,
                radius,
                health,
                ..
            } => (
                BodyKind::Static,
                *position,
                0.0,
                Shape::from(Circle::new(Vec2::ZERO, *radius).map_err(|e| e.to_string())?),
                *health,
            ),
        };
        let body = self.physics.create_body(&BodyDef {
            kind,
            position,
            angle,
            gravity_scale: 0.0,
            linear_damping: 0.5,
            angular_damping: 2.0,
            user_data: user_data(entity),
            ..BodyDef::default()
        });
        let mut c = ColliderDef::new(shape);
        c.filter = layers::filter(layers::ENEMY);
        c.density = 3.0;
        self.physics
            .add_collider(body, &c)
            .ok_or_else(|| format!("enemy `{}`: its body could not be built", enemy.name()))?;
        let health = Health {
            hits: hits as f64,
            max: hits as f64,
        };
        let common = (Body(body), health, Name(enemy.name().to_string()));
        let done = match enemy {
            Enemy::Turret {
                angle,
                fire_interval,
                range,
                ..
            } => self.world.insert(
                entity,
                (Turret {
                    aim: *angle,
                    rest: *angle,
                    fire_interval: *fire_interval,
                    cooldown: *fire_interval,
                    range: *range,
                },),
            ),
            Enemy::Drone { path, speed, .. } => {
                let patrol = Patrol::new(path, PatrolMode::PingPong, *speed)
                    .ok_or_else(|| format!("drone `{}`: its path is not usable", enemy.name()))?;
                self.world.insert(
                    entity,
                    (Drone {
                        patrol,
                        speed: *speed,
                    },),
                )
            }
            Enemy::Reactor { .. } => self.world.insert(entity, (Reactor,)),
        };
        done.and_then(|_| self.world.insert(entity, common))
            .map_err(|e| e.to_string())?;
        Ok(entity)
    }

    /// Turrets aim and fire, drones patrol or ram.
    pub(super) fn run_enemies(&mut self, dt: f64) {
        let target = self.ship().map(|b| (b.position(), b.linear_velocity()));
        let ship_body = self.ship_handle();
        let mut shots = Vec::new();
        for (turret, body) in self.world.query_mut::<(&mut Turret, &Body)>() {
            turret.cooldown = (turret.cooldown - dt).max(0.0);
            let Some(base) = self.physics.body(body.0).map(|b| b.position()) else {
                continue;
            };
            let Some((at, v)) = target else {
                continue;
            };
            let mut ignore = vec![body.0];
            ignore.extend(ship_body);
            if (at - base).length() > turret.range
                || !line_of_sight(&self.physics, base, at, &ignore, None)
            {
                continue;
            }
            let Some(dir) = lead_direction(base, BOLT_SPEED, at, v) else {
                continue;
            };
            // Angles count from up, counter-clockwise, like the ship's.
            let wanted = (-dir.x).atan2(dir.y);
            let off = super::aim::wrap_angle(wanted - turret.rest).clamp(-TURRET_ARC, TURRET_ARC);
            turret.aim = turn_towards(turret.aim, turret.rest + off, TURRET_TURN_RATE * dt);
            let aimed = super::aim::wrap_angle(turret.aim - wanted).abs() < 0.05;
            if aimed && turret.cooldown == 0.0 {
                turret.cooldown = turret.fire_interval;
                let barrel = Vec2::new(-turret.aim.sin(), turret.aim.cos());
                shots.push((base + barrel * BARREL, barrel * BOLT_SPEED, body.0));
            }
        }
        for (from, velocity, owner) in shots {
            self.world.spawn((Bolt::new(from, velocity, owner),));
            self.events.push(GameEvent::EnemyFired { from });
        }
        let mut pushes = Vec::new();
        for (drone, body) in self.world.query_mut::<(&mut Drone, &Body)>() {
            let Some(b) = self.physics.body(body.0) else {
                continue;
            };
            let (p, v) = (b.position(), b.linear_velocity());
            let chase = target.filter(|(at, _)| {
                (*at - p).length() < DRONE_SIGHT
                    && line_of_sight(&self.physics, p, *at, &[body.0], None)
            });
            let accel = match chase {
                Some((at, tv)) => {
                    let steer = Steering {
                        max_speed: drone.speed * 2.0,
                        max_accel: 9.0,
                        reaction_time: 0.3,
                    };
                    pursue(p, v, at, tv, &steer)
                }
                None => {
                    let want = drone.patrol.velocity(p, dt);
                    ((want - v) / 0.4).clamp_length_max(6.0)
                }
            };
            pushes.push((body.0, accel * b.mass(), b.center_of_mass()));
        }
        for (body, force, at) in pushes {
            self.physics.apply_force(body, force, at);
        }
    }

    /// Removes enemies whose health is gone, with an explosion and points.
    pub(super) fn reap_enemies(&mut self) {
        let dead: Vec<(hecs::Entity, crate::physics::BodyHandle, bool, String)> = self
            .world
            .query::<(hecs::Entity, &Health, &Body, &Name, Option<&Reactor>)>()
            .iter()
            .filter(|(_, h, ..)| h.hits <= 0.0)
            .map(|(e, _, b, n, r)| (e, b.0, r.is_some(), n.0.clone()))
            .collect();
        for (entity, body, reactor, name) in dead {
            let at = self.physics.body(body).map_or(Vec2::ZERO, |b| b.position());
            self.physics.remove_body(body);
            self.world.despawn(entity).ok();
            let size = if reactor { 4.0 } else { 1.5 };
            self.particles.explosion(at, size, &mut self.rng);
            self.events.push(GameEvent::EnemyDestroyed { point: at });
            self.events.push(GameEvent::Explosion { point: at, size });
            self.score += if reactor { REACTOR_SCORE } else { ENEMY_SCORE };
            self.destroyed.push(name);
        }
    }
}
