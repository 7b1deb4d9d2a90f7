//! The ships' lasers: firing, impact sprays, and what a hit does — a debris piece shot
//! enough splits along the beam through the hit point (or crumbles when small), an enemy
//! loses health.

use super::actions::Actions;
use super::components::{Body, Health, Piece};
use super::damage::hurt_ship_part;
use super::events::GameEvent;
use super::ids::{entity_of, ordered, user_data};
use super::laser::{fire, spray_impact, ImpactTuning, LaserDamage};
use super::layers;
use super::ship::Ship;
use super::ship_def::ShipDef;
use super::spawn::piece_health;
use super::split::{split_body, world_outline, Cut, SplitOutcome};
use super::state::{BeamTrace, Fx};
use super::tractor::release_tows_of;
use super::versus::LASER_SHIP_DAMAGE;
use crate::geom::Vec2;
use crate::physics::{BodyHandle, PhysicsWorld};
use crate::rng::Pcg32;
use hecs::{Entity, World};

pub use super::effects::BEAM_GLOW;

/// Pieces smaller than this crumble to dust instead of splitting, m².
pub const MIN_PIECE_AREA: f64 = 0.12;
/// Points for splitting a piece.
pub const SPLIT_SCORE: u64 = 5;

/// Each ship whose player holds the trigger fires its laser if the gun is ready; in
/// `versus` the beam also hits the other ships.
#[allow(clippy::too_many_arguments)]
pub fn fire_lasers(
    world: &mut World,
    physics: &mut PhysicsWorld,
    def: &ShipDef,
    actions: &[Actions],
    fx: &mut Fx,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
    versus: bool,
) {
    for e in ordered::<&Ship>(world) {
        let Ok((ship, body)) = world.query_one_mut::<(&mut Ship, &Body)>(e) else {
            continue;
        };
        let player = ship.player();
        let trigger = actions.get(player).is_some_and(|a| a.fire);
        if !trigger || !ship.trigger_gun(def) {
            continue;
        }
        let body = body.0;
        let Some(xf) = physics.body(body).map(|b| b.transform()) else {
            continue;
        };
        let muzzle = xf.apply(def.gun.muzzle);
        let nose = xf.q.rotate(Vec2::Y);
        // In versus the beam hits the other ships (never the shooter's own).
        let filter = if versus {
            layers::all_but(0)
        } else {
            layers::all_but(layers::SHIP)
        };
        let Some(shot) = fire(physics, Some(body), muzzle, nose, def.gun.range, filter) else {
            continue;
        };
        events.push(GameEvent::LaserFired {
            from: shot.from,
            to: shot.to,
        });
        fx.beams.push(BeamTrace {
            from: shot.from,
            to: shot.to,
            age: 0.0,
        });
        let tuning = ImpactTuning {
            damage: def.gun.damage,
            ..ImpactTuning::default()
        };
        if let Some(hit) = spray_impact(&shot, &tuning, &mut fx.particles, rng) {
            laser_hit(world, physics, fx, rng, events, hit, player);
        }
    }
}

/// What a shot of `player`'s does to the thing it hit.
fn laser_hit(
    world: &mut World,
    physics: &mut PhysicsWorld,
    fx: &mut Fx,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
    hit: LaserDamage,
    player: usize,
) {
    let Some(entity) = entity_of(physics, world, hit.body) else {
        return;
    };
    let victim = world.get::<&Ship>(entity).map(|s| s.player());
    if let Ok(victim) = victim {
        let amount = hit.amount * LASER_SHIP_DAMAGE;
        hurt_ship_part(world, physics, events, hit.body, hit.collider, amount);
        events.push(GameEvent::ShipHurtBy {
            player: victim,
            by: player,
        });
        return;
    }
    if let Ok(mut h) = world.get::<&mut Health>(entity) {
        h.hits -= hit.amount;
        h.last_hit_by = Some(player);
        return;
    }
    let parent = match world.get::<&mut Piece>(entity) {
        Ok(mut piece) => {
            piece.health -= hit.amount;
            (*piece).clone()
        }
        Err(_) => return,
    };
    if parent.health > 0.0 {
        return;
    }
    let cut = Cut {
        point: hit.point,
        direction: hit.direction,
    };
    release_tows_of(world, physics, events, hit.body);
    match split_body(physics, hit.body, cut, MIN_PIECE_AREA) {
        SplitOutcome::Split(halves) => {
            world.despawn(entity).ok();
            for half in halves {
                let area = body_area(physics, half);
                let e = world.spawn((
                    Body(half),
                    Piece {
                        health: piece_health(area),
                        ..parent.clone()
                    },
                ));
                physics.set_user_data(half, user_data(e));
            }
            events.push(GameEvent::Scored {
                player,
                points: SPLIT_SCORE,
            });
            events.push(GameEvent::Split { point: hit.point });
        }
        SplitOutcome::Crumble | SplitOutcome::NotSplittable => {
            crumble(world, physics, fx, rng, events, entity, hit.body);
        }
        SplitOutcome::NoCut => {
            if let Ok(mut p) = world.get::<&mut Piece>(entity) {
                p.health = 1.0;
            }
        }
    }
}

/// Turns the piece `entity` with body `body` into dust.
pub fn crumble(
    world: &mut World,
    physics: &mut PhysicsWorld,
    fx: &mut Fx,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
    entity: Entity,
    body: BodyHandle,
) {
    let v = physics
        .body(body)
        .map_or(Vec2::ZERO, |b| b.linear_velocity());
    if let Some(outline) = world_outline(physics, body) {
        fx.particles.crumble(&outline, v, rng);
    }
    release_tows_of(world, physics, events, body);
    physics.remove_body(body);
    world.despawn(entity).ok();
}

fn body_area(physics: &PhysicsWorld, body: BodyHandle) -> f64 {
    let Some(b) = physics.body(body) else {
        return 0.0;
    };
    b.colliders()
        .iter()
        .filter_map(|&c| physics.collider(c))
        .map(|c| c.shape().area())
        .sum()
}
