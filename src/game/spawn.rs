//! Spawning: one function per kind of thing, used by the level's setup and by zone
//! templates alike. Each checks what it is given before it touches anything, and if the
//! physics refuses a part it takes back what it made: a spawn that fails leaves no
//! half-made body or entity behind.

use super::aim::{Patrol, PatrolMode};
use super::components::{Body, Drone, FuelCan, Health, Name, PadSpot, Piece, Reactor, Turret};
use super::door::Door;
use super::error::SpawnError;
use super::ids::user_data;
use super::layers;
use super::setup::DebrisSetup;
use super::ship::Ship;
use super::ship_def::{PartKind, ShipDef};
use crate::geom::{Circle, ConvexPolygon, Shape, Vec2};
use crate::level::{DroneDef, Enemy, Mover, Pad, Pickup, TurretDef};
use crate::physics::{BodyDef, BodyHandle, BodyKind, ColliderDef, PhysicsWorld};
use hecs::{DynamicBundle, Entity, World};

/// Laser hits a debris piece of `area` (m²) takes before it splits.
pub fn piece_health(area: f64) -> f64 {
    2.0 + 3.0 * area
}

/// Makes the body `def` with the parts `parts` for a new entity, or takes it back and
/// frees the entity if the physics refuses a part. Returns the body and each part's
/// handle.
fn build(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &BodyDef,
    parts: &[ColliderDef],
) -> Result<(Entity, BodyHandle, Vec<crate::physics::ColliderHandle>), SpawnError> {
    let entity = world.reserve_entity();
    let body = physics.create_body(&BodyDef {
        user_data: user_data(entity),
        ..*def
    });
    let mut handles = Vec::with_capacity(parts.len());
    for part in parts {
        match physics.add_collider(body, part) {
            Some(h) => handles.push(h),
            None => {
                physics.remove_body(body);
                world.despawn(entity).ok();
                return Err(SpawnError::Material);
            }
        }
    }
    Ok((entity, body, handles))
}

/// Gives a reserved entity its components.
fn finish(world: &mut World, entity: Entity, components: impl DynamicBundle) -> Entity {
    world
        .insert(entity, components)
        .expect("a reserved entity takes components");
    entity
}

/// Adds a debris piece.
pub fn spawn_debris(
    world: &mut World,
    physics: &mut PhysicsWorld,
    d: &DebrisSetup,
) -> Result<Entity, SpawnError> {
    let finite = d.position.is_finite()
        && d.angle.is_finite()
        && d.velocity.is_finite()
        && d.angular_velocity.is_finite();
    if !finite {
        return Err(SpawnError::NotFinite);
    }
    let mut c = ColliderDef::new(d.shape);
    c.density = d.density;
    c.friction = d.friction;
    c.restitution = d.restitution;
    c.filter = layers::filter(layers::DEBRIS);
    let def = BodyDef {
        position: d.position,
        angle: d.angle,
        linear_velocity: d.velocity,
        angular_velocity: d.angular_velocity,
        ..BodyDef::default()
    };
    let (entity, body, _) = build(world, physics, &def, &[c])?;
    let piece = Piece {
        name: d.name.clone(),
        material: d.material,
        health: piece_health(d.shape.area()),
        thrown_by: None,
    };
    Ok(finish(world, entity, (Body(body), piece)))
}

/// The body of an enemy of `kind` and `shape` at `position` and `angle`: it floats (no
/// gravity), is damped, and collides on the enemy layer.
fn enemy_body(
    kind: BodyKind,
    position: Vec2,
    angle: f64,
    shape: Shape,
) -> Result<(BodyDef, ColliderDef), SpawnError> {
    if !(position.is_finite() && angle.is_finite()) {
        return Err(SpawnError::NotFinite);
    }
    let body = BodyDef {
        kind,
        position,
        angle,
        gravity_scale: 0.0,
        linear_damping: 0.5,
        angular_damping: 2.0,
        ..BodyDef::default()
    };
    let mut c = ColliderDef::new(shape);
    c.filter = layers::filter(layers::ENEMY);
    c.density = 3.0;
    Ok((body, c))
}

fn health(hits: u32) -> Health {
    Health {
        hits: hits as f64,
        max: hits as f64,
        last_hit_by: None,
    }
}

/// Adds a turret of `def` at `position`, barrel at rest along `angle` (0 is up): the one
/// spawn for a turret placed in the level and one made by a zone's template.
pub fn spawn_turret(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &TurretDef,
    position: Vec2,
    angle: f64,
) -> Result<Entity, SpawnError> {
    let usable = def.fire_interval.is_finite()
        && def.fire_interval > 0.0
        && def.range.is_finite()
        && def.range > 0.0;
    if !usable {
        return Err(SpawnError::Turret(def.name.clone()));
    }
    let base = ConvexPolygon::new(&[
        Vec2::new(-0.7, -0.3),
        Vec2::new(0.7, -0.3),
        Vec2::new(0.45, 0.35),
        Vec2::new(-0.45, 0.35),
    ])?;
    let (body, part) = enemy_body(BodyKind::Static, position, angle, base.into())?;
    let (entity, body, _) = build(world, physics, &body, &[part])?;
    let turret = Turret {
        aim: angle,
        rest: angle,
        fire_interval: def.fire_interval,
        cooldown: def.fire_interval,
        range: def.range,
    };
    let name = Name(def.name.clone());
    Ok(finish(
        world,
        entity,
        (Body(body), health(def.health), name, turret),
    ))
}

/// Adds a drone of `def`: the one spawn for a drone placed in the level (`spawned_at`
/// `None`: its path is where it flies, and it starts at the first point) and one made by a
/// zone's template (`Some(point)`: it starts there, and its path is relative to it).
pub fn spawn_drone(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &DroneDef,
    spawned_at: Option<Vec2>,
) -> Result<Entity, SpawnError> {
    let points: Vec<Vec2> = match spawned_at {
        None => def.path.clone(),
        Some(at) => std::iter::once(at)
            .chain(def.path.iter().map(|p| at + *p))
            .collect(),
    };
    let patrol = Patrol::new(&points, PatrolMode::PingPong, def.speed)
        .ok_or_else(|| SpawnError::Patrol(def.name.clone()))?;
    let shape = Circle::new(Vec2::ZERO, 0.45)?;
    let (body, part) = enemy_body(BodyKind::Dynamic, points[0], 0.0, shape.into())?;
    let (entity, body, _) = build(world, physics, &body, &[part])?;
    let drone = Drone {
        patrol,
        speed: def.speed,
    };
    let name = Name(def.name.clone());
    Ok(finish(
        world,
        entity,
        (Body(body), health(def.health), name, drone),
    ))
}

/// Adds a reactor.
pub fn spawn_reactor(
    world: &mut World,
    physics: &mut PhysicsWorld,
    name: &str,
    position: Vec2,
    radius: f64,
    hits: u32,
) -> Result<Entity, SpawnError> {
    let shape = Circle::new(Vec2::ZERO, radius)?;
    let (body, part) = enemy_body(BodyKind::Static, position, 0.0, shape.into())?;
    let (entity, body, _) = build(world, physics, &body, &[part])?;
    let name = Name(name.to_string());
    Ok(finish(
        world,
        entity,
        (Body(body), health(hits), name, Reactor),
    ))
}

/// Adds an enemy placed in the level.
pub fn spawn_enemy(
    world: &mut World,
    physics: &mut PhysicsWorld,
    enemy: &Enemy,
) -> Result<Entity, SpawnError> {
    match enemy {
        Enemy::Turret {
            turret,
            position,
            angle,
        } => spawn_turret(world, physics, turret, *position, *angle),
        Enemy::Drone(drone) => spawn_drone(world, physics, drone, None),
        Enemy::Reactor {
            name,
            position,
            radius,
            health,
        } => spawn_reactor(world, physics, name, *position, *radius, *health),
    }
}

/// Adds a fuel canister.
pub fn spawn_pickup(world: &mut World, p: &Pickup) -> Entity {
    world.spawn((FuelCan {
        position: p.position,
        fuel: p.fuel,
    },))
}

/// Adds the level's landing pad number `index`.
pub fn spawn_pad(world: &mut World, index: usize, pad: &Pad) -> Entity {
    world.spawn((PadSpot {
        index,
        pad: pad.clone(),
    },))
}

/// Adds the level's mover number `index`: a door or a lift.
pub fn spawn_door(
    world: &mut World,
    physics: &mut PhysicsWorld,
    mover: &Mover,
    index: usize,
) -> Result<Entity, SpawnError> {
    let door = Door::new(mover, index)?;
    let (body, part) = door.body_def();
    let (entity, body, _) = build(world, physics, &body, &[part])?;
    Ok(finish(world, entity, (Body(body), door)))
}

/// Adds a ship of `def` for `player` at `position`, nose at `angle` (0 is up), at full
/// health with `fuel` seconds of thrust.
pub fn spawn_ship(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    player: usize,
    (position, angle): (Vec2, f64),
    fuel: f64,
) -> Result<Entity, SpawnError> {
    if !(position.is_finite() && angle.is_finite()) {
        return Err(SpawnError::NotFinite);
    }
    let mut parts = Vec::with_capacity(PartKind::ALL.len());
    let mut max_health = [0.0; 5];
    for kind in PartKind::ALL {
        let part = def
            .part(kind)
            .ok_or(SpawnError::MissingPart(kind.label()))?;
        let mut c = ColliderDef::new(ConvexPolygon::new(&part.points)?);
        c.density = def.density;
        c.friction = def.friction;
        c.restitution = def.restitution;
        c.filter = layers::filter(layers::SHIP);
        c.tag = kind.index() as u64;
        parts.push(c);
        max_health[kind.index()] = part.health;
    }
    let body = BodyDef {
        position,
        angle,
        linear_damping: def.drag,
        ..BodyDef::default()
    };
    let (entity, body, handles) = build(world, physics, &body, &parts)?;
    let colliders: [_; 5] = std::array::from_fn(|i| handles[i]);
    let ship = Ship::new(player, colliders, max_health, fuel);
    Ok(finish(world, entity, (Body(body), ship)))
}
