//! The tractor beam: hold it to lock the nearest debris piece in range, inside a cone ahead
//! of the nose and in line of sight; a soft distance joint with a force limit tows it, so
//! the ship feels the load and the swing; let go and the piece flies on with its own
//! velocity — thrown. Each ship has its own beam; the piece it holds is its [`Tow`].

use super::actions::Actions;
use super::components::{Body, Piece, Tow};
use super::events::GameEvent;
use super::ids::{entity_of, ordered};
use super::layers;
use super::ship::Ship;
use super::ship_def::{PartKind, ShipDef};
use crate::geom::Vec2;
use crate::physics::{BodyHandle, DistanceJointDef, PhysicsWorld};
use hecs::{Entity, World};

/// Shortest tow line, m: closer pieces are held at this distance.
pub const MIN_TOW_LENGTH: f64 = 1.5;

/// Each ship locks, keeps or releases its beam for its player's actions.
pub fn update_tractors(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    actions: &[Actions],
    events: &mut Vec<GameEvent>,
) {
    for e in ordered::<&Ship>(world) {
        let Ok(ship) = world.get::<&Ship>(e).map(|s| (*s).clone()) else {
            continue;
        };
        let held = actions.get(ship.player()).is_some_and(|a| a.tractor);
        if !(held && ship.works(PartKind::Tractor)) {
            release_tow(world, physics, events, e);
        } else if world.get::<&Tow>(e).is_err() {
            lock_tow(world, physics, def, events, e);
        }
    }
}

/// The emitter's position and the nose direction of the ship with body `ship`.
pub fn tractor_origin(
    physics: &PhysicsWorld,
    def: &ShipDef,
    ship: BodyHandle,
) -> Option<(Vec2, Vec2)> {
    let xf = physics.body(ship)?.transform();
    Some((xf.apply(def.tractor.emitter), xf.q.rotate(Vec2::Y)))
}

/// The piece the beam of the ship with body `ship` would lock now: the nearest in range
/// and in the cone whose centre the emitter can see (the first in id order among equals).
pub fn tractor_candidate(
    world: &World,
    physics: &PhysicsWorld,
    def: &ShipDef,
    ship: BodyHandle,
) -> Option<BodyHandle> {
    let (from, nose) = tractor_origin(physics, def, ship)?;
    let t = def.tractor;
    let mut best: Option<(f64, BodyHandle)> = None;
    for e in ordered::<(&Body, &Piece)>(world) {
        let Ok(handle) = world.get::<&Body>(e).map(|b| b.0) else {
            continue;
        };
        let Some(body) = physics.body(handle) else {
            continue;
        };
        let to = body.position() - from;
        let d = to.length();
        if d > t.range || d < 1e-9 || to.dot(nose) < d * t.cone.cos() {
            continue;
        }
        // Line of sight: the first thing the beam meets must be the piece itself.
        let hit = physics.ray_cast(from, to, layers::all_but(layers::SHIP));
        if hit.is_some_and(|h| h.body != Some(handle)) {
            continue;
        }
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, handle));
        }
    }
    best.map(|(_, h)| h)
}

fn lock_tow(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    events: &mut Vec<GameEvent>,
    ship: Entity,
) {
    let Ok((body, player)) = world
        .query_one_mut::<(&Body, &Ship)>(ship)
        .map(|(b, s)| (b.0, s.player()))
    else {
        return;
    };
    let Some(target) = tractor_candidate(world, physics, def, body) else {
        return;
    };
    let (Some((from, _)), Some(piece)) = (tractor_origin(physics, def, body), physics.body(target))
    else {
        return;
    };
    let t = def.tractor;
    let length = (piece.position() - from)
        .length()
        .clamp(MIN_TOW_LENGTH, t.range);
    let joint = physics.create_distance_joint(&DistanceJointDef {
        body_a: body,
        body_b: target,
        local_anchor_a: t.emitter,
        local_anchor_b: Vec2::ZERO,
        rest_length: length,
        stiffness: t.stiffness,
        damping: t.damping,
        max_force: t.max_force,
        break_force: t.break_force,
    });
    let Some(joint) = joint else {
        return;
    };
    if let Some(piece) = entity_of(physics, world, target) {
        if let Ok(mut p) = world.get::<&mut Piece>(piece) {
            p.thrown_by = Some(player);
        }
    }
    world
        .insert_one(
            ship,
            Tow {
                joint,
                body: target,
            },
        )
        .ok();
    events.push(GameEvent::Tractor { locked: true });
}

/// The ship `ship` lets go of its piece, if it holds one; the piece keeps its velocity.
pub fn release_tow(
    world: &mut World,
    physics: &mut PhysicsWorld,
    events: &mut Vec<GameEvent>,
    ship: Entity,
) {
    if let Ok(tow) = world.remove_one::<Tow>(ship) {
        physics.remove_joint(tow.joint);
        events.push(GameEvent::Tractor { locked: false });
    }
}

/// Every ship that holds `piece` lets go of it.
pub fn release_tows_of(
    world: &mut World,
    physics: &mut PhysicsWorld,
    events: &mut Vec<GameEvent>,
    piece: BodyHandle,
) {
    for e in ordered::<&Tow>(world) {
        if world.get::<&Tow>(e).is_ok_and(|t| t.body == piece) {
            release_tow(world, physics, events, e);
        }
    }
}

/// Drops each tow whose beam broke under load or whose piece is gone.
pub fn check_tows(world: &mut World, physics: &mut PhysicsWorld, events: &mut Vec<GameEvent>) {
    for e in ordered::<&Tow>(world) {
        let Ok(tow) = world.get::<&Tow>(e).map(|t| *t) else {
            continue;
        };
        let broken = physics.broken_joints().contains(&tow.joint)
            || physics.body(tow.body).is_none()
            || physics.joint_force(tow.joint).is_none();
        if broken {
            release_tow(world, physics, events, e);
        }
    }
}
