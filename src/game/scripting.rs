//! The level's scripts in the sim: each step the zones see where everything is, and what
//! they ask is carried out — messages, spawns, doors, sounds, checkpoints, gravity, the
//! outcome, destroying ships. Then the doors and lifts move.

use super::components::{Body, Name, Piece};
use super::door::Door;
use super::events::GameEvent;
use super::hud::Outcome;
use super::ids::{ordered, user_data};
use super::objective::finish;
use super::setup::{debris_shape, DebrisSetup};
use super::ship::Ship;
use super::ship_def::PartKind;
use super::spawn::{spawn_debris, spawn_drone, spawn_pickup, spawn_turret};
use super::state::{Rules, Run};
use crate::geom::Vec2;
use crate::level::{Pickup, Template};
use crate::physics::PhysicsWorld;
use crate::script::{DoorOp, ScriptCommand, ScriptInput, ScriptRuntime, Tracked};
use hecs::World;

/// A script's `Spawn` is skipped while the level holds this many entities (its debris,
/// enemies, pickups, bolts in flight, ships, doors and pads): a zone that spawns on a timer
/// can then never fill the memory, nor slow every step without end.
pub const MOST_ENTITIES_TO_SPAWN: u32 = 10_000;

/// Where `body` is, if it exists.
fn position(physics: &PhysicsWorld, body: Option<hecs::Ref<'_, Body>>) -> Option<Vec2> {
    Some(physics.body(body?.0)?.position())
}

/// Runs the zones on where things were at the end of the last step, then carries out what
/// they asked.
pub fn run_scripts(
    world: &mut World,
    physics: &mut PhysicsWorld,
    script: &mut Option<ScriptRuntime>,
    rules: &Rules,
    run: &mut Run,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    let Some(script) = script.as_mut() else {
        return;
    };
    let tracked = |q: Vec<hecs::Entity>, named: bool| -> Vec<(u64, Option<String>, Vec2)> {
        q.into_iter()
            .filter_map(|e| {
                let at = position(physics, world.get::<&Body>(e).ok())?;
                let name = if named {
                    world.get::<&Piece>(e).ok().and_then(|p| p.name.clone())
                } else {
                    None
                };
                Some((user_data(e), name, at))
            })
            .collect()
    };
    let ships = tracked(ordered::<(&Ship, &Body)>(world), false);
    let debris = tracked(ordered::<(&Piece, &Body)>(world), true);
    let mut others = tracked(ordered::<(&Name, &Body)>(world), false);
    others.extend(tracked(ordered::<(&Door, &Body)>(world), false));
    others.sort_unstable_by_key(|o| o.0);
    let (ships_v, debris_v, others_v) =
        (as_tracked(&ships), as_tracked(&debris), as_tracked(&others));
    let input = ScriptInput {
        players: &ships_v,
        debris: &debris_v,
        others: &others_v,
    };
    let commands = script.step(dt, &input);
    for c in commands {
        carry_out(world, physics, rules, run, events, c);
    }
}

/// Ids, names and positions as the scripts take them.
fn as_tracked(list: &[(u64, Option<String>, Vec2)]) -> Vec<Tracked<'_>> {
    list.iter()
        .map(|(id, name, at)| Tracked {
            id: *id,
            name: name.as_deref(),
            position: *at,
        })
        .collect()
}

/// Carries out one command of the scripts.
fn carry_out(
    world: &mut World,
    physics: &mut PhysicsWorld,
    rules: &Rules,
    run: &mut Run,
    events: &mut Vec<GameEvent>,
    command: ScriptCommand,
) {
    match command {
        // The runtime keeps the message for the HUD; nothing else to do.
        ScriptCommand::Message { .. } => {}
        ScriptCommand::Spawn {
            template,
            position,
            angle,
        } => {
            if world.len() >= MOST_ENTITIES_TO_SPAWN {
                return;
            }
            if let Some(t) = rules.templates.get(template) {
                spawn_template(world, physics, t, position, angle);
            }
        }
        ScriptCommand::Door { mover, op } => {
            for e in ordered::<&Door>(world) {
                if let Ok(mut door) = world.get::<&mut Door>(e) {
                    if door.index() == mover {
                        match op {
                            DoorOp::Open => door.open(),
                            DoorOp::Close => door.close(),
                            DoorOp::Toggle => door.toggle(),
                        }
                    }
                }
            }
        }
        ScriptCommand::Sound { sound, cue, volume } => {
            let name = rules.sounds.get(sound).cloned().unwrap_or_default();
            events.push(GameEvent::Sound { name, cue, volume });
        }
        ScriptCommand::Checkpoint { position, angle } => {
            for p in &mut run.players {
                p.checkpoint = (position, angle);
            }
        }
        ScriptCommand::Gravity(g) => physics.set_gravity(g),
        ScriptCommand::Win => finish(world, run, events, Outcome::Won),
        ScriptCommand::Lose => finish(world, run, events, Outcome::Lost),
        ScriptCommand::KillShips { ships } => {
            for e in ordered::<&Ship>(world) {
                if ships.is_empty() || ships.contains(&user_data(e)) {
                    if let Ok(mut ship) = world.get::<&mut Ship>(e) {
                        ship.damage(PartKind::Hull, f64::INFINITY);
                    }
                }
            }
        }
    }
}

/// Spawns what template `t` makes at `at`, turned by `angle`.
fn spawn_template(
    world: &mut World,
    physics: &mut PhysicsWorld,
    t: &Template,
    at: Vec2,
    angle: f64,
) {
    match t {
        Template::Debris {
            shape,
            velocity,
            angular_velocity,
            density,
            friction,
            restitution,
            material,
            ..
        } => {
            let Ok(shape) = debris_shape(shape) else {
                return;
            };
            let piece = DebrisSetup {
                velocity: *velocity,
                angular_velocity: *angular_velocity,
                density: *density,
                friction: *friction,
                restitution: *restitution,
                material: *material,
                ..DebrisSetup::new(shape, at, angle)
            };
            spawn_debris(world, physics, &piece).ok();
        }
        Template::Turret(turret) => {
            spawn_turret(world, physics, turret, at, angle).ok();
        }
        Template::Drone(drone) => {
            spawn_drone(world, physics, drone, Some(at)).ok();
        }
        Template::Fuel { name, fuel } => {
            spawn_pickup(
                world,
                &Pickup {
                    name: name.clone(),
                    position: at,
                    fuel: *fuel,
                },
            );
        }
    }
}

/// Each door and lift, in level order, sets its velocity for the coming physics step.
pub fn move_doors(world: &mut World, physics: &mut PhysicsWorld, dt: f64) {
    for e in ordered::<(&Door, &Body)>(world) {
        if let Ok((door, body)) = world.query_one_mut::<(&mut Door, &Body)>(e) {
            door.step(body.0, physics, dt);
        }
    }
}
