//! The level's scripts and goal in the sim: each step the zones see where everything is,
//! their commands are carried out (messages, spawns, doors, sounds, checkpoints, gravity,
//! the outcome), doors move, and the objective is checked.

use super::components::{user_data, Body, Name, Piece};
use super::events::GameEvent;
use super::hud::Outcome;
use super::setup::DebrisSetup;
use super::sim::Sim;
use crate::geom::Vec2;
use crate::level::{Enemy, Objective, Pickup, Template};
use crate::script::region::Region;
use crate::script::{DoorOp, ScriptCommand, ScriptInput, Tracked};

/// Points for winning, per ship left.
pub const WIN_SCORE_PER_LIFE: u64 = 250;
/// Points for winning, per second of fuel left.
pub const WIN_SCORE_PER_FUEL: f64 = 5.0;

/// The objective as the sim tracks it.
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    /// What the level asks.
    pub objective: Objective,
    /// The zone regions, by the level's zone names, for the objective's checks.
    pub zones: Vec<(String, Region)>,
    /// Seconds left to escape, once the countdown runs.
    pub countdown: Option<f64>,
}

impl Goal {
    fn zone(&self, name: &str) -> Option<&Region> {
        self.zones.iter().find(|(n, _)| n == name).map(|(_, r)| r)
    }
}

impl Sim {
    /// Runs the zones on where things were at the end of the last step, then carries out
    /// what they asked.
    pub(super) fn run_scripts(&mut self, dt: f64) {
        let Some(script) = self.script.as_mut() else {
            return;
        };
        let player = self
            .ship
            .as_ref()
            .and_then(|s| self.physics.body(s.body()))
            .map(|b| b.position());
        let mut debris: Vec<(u64, Option<String>, Vec2)> = self
            .world
            .query::<(hecs::Entity, &Body, &Piece)>()
            .iter()
            .filter_map(|(e, b, p)| {
                let at = self.physics.body(b.0)?.position();
                Some((user_data(e), p.name.clone(), at))
            })
            .collect();
        debris.sort_unstable_by_key(|d| d.0);
        let mut others: Vec<(u64, Vec2)> = self
            .world
            .query::<(hecs::Entity, &Body, &Name)>()
            .iter()
            .filter_map(|(e, b, _)| Some((user_data(e), self.physics.body(b.0)?.position())))
            .collect();
        others.extend(
            self.doors
                .iter()
                .enumerate()
                .map(|(i, d)| (u64::MAX - 1 - i as u64, d.position())),
        );
        others.sort_unstable_by_key(|o| o.0);
        let debris: Vec<Tracked> = debris
            .iter()
            .map(|(id, name, at)| Tracked {
                id: *id,
                name: name.as_deref(),
                position: *at,
            })
            .collect();
        let others: Vec<Tracked> = others
            .iter()
            .map(|&(id, position)| Tracked {
                id,
                name: None,
                position,
            })
            .collect();
        let input = ScriptInput {
            player,
            debris: &debris,
            others: &others,
        };
        let commands = script.step(dt, &input);
        for c in commands {
            self.carry_out(c);
        }
        for door in &mut self.doors {
            door.step(&mut self.physics, dt);
        }
    }

    fn carry_out(&mut self, command: ScriptCommand) {
        match command {
            // The runtime keeps the message for the HUD; nothing else to do.
            ScriptCommand::Message { .. } => {}
            ScriptCommand::Spawn {
                template,
                position,
                angle,
            } => {
                if let Some(t) = self.templates.get(template).cloned() {
                    self.spawn_template(&t, position, angle);
                }
            }
            ScriptCommand::Door { mover, op } => {
                if let Some(door) = self.doors.get_mut(mover) {
                    match op {
                        DoorOp::Open => door.open(),
                        DoorOp::Close => door.close(),
                        DoorOp::Toggle => door.toggle(),
                    }
                }
            }
            ScriptCommand::Sound { sound, cue, volume } => {
                let name = self.sound_names.get(sound).cloned().unwrap_or_default();
                self.events.push(GameEvent::Sound { name, cue, volume });
            }
            ScriptCommand::Checkpoint { position, angle } => self.checkpoint = (position, angle),
            ScriptCommand::Gravity(g) => self.physics.set_gravity(g),
            ScriptCommand::Win => self.finish(Outcome::Won),
            ScriptCommand::Lose => self.finish(Outcome::Lost),
            ScriptCommand::KillShip => {
                if let Some(ship) = self.ship.as_mut() {
                    ship.damage(super::ship_def::PartKind::Hull, f64::INFINITY);
                }
            }
        }
    }

    fn spawn_template(&mut self, t: &Template, at: Vec2, angle: f64) {
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
                let Ok(shape) = super::level_setup::debris_shape(shape) else {
                    return;
                };
                self.spawn_debris(&DebrisSetup {
                    velocity: *velocity,
                    angular_velocity: *angular_velocity,
                    density: *density,
                    friction: *friction,
                    restitution: *restitution,
                    material: *material,
                    ..DebrisSetup::new(shape, at, angle)
                });
            }
            Template::Turret {
                name,
                fire_interval,
                range,
                health,
            } => {
                let enemy = Enemy::Turret {
                    name: name.clone(),
                    position: at,
                    angle,
                    fire_interval: *fire_interval,
                    range: *range,
                    health: *health,
                };
                self.spawn_enemy(&enemy).ok();
            }
            Template::Drone {
                name,
                path,
                speed,
                health,
            } => {
                let mut points = vec![at];
                points.extend(path.iter().map(|p| at + *p));
                let enemy = Enemy::Drone {
                    name: name.clone(),
                    path: points,
                    speed: *speed,
                    health: *health,
                };
                self.spawn_enemy(&enemy).ok();
            }
            Template::Fuel { name, fuel } => {
                self.spawn_pickup(&Pickup {
                    name: name.clone(),
                    position: at,
                    fuel: *fuel,
                });
            }
        }
    }

    /// Ends the level, once; a win adds the bonus for ships and fuel left.
    pub(super) fn finish(&mut self, outcome: Outcome) {
        if self.outcome.is_some() {
            return;
        }
        self.outcome = Some(outcome);
        if outcome == Outcome::Won {
            self.score += WIN_SCORE_PER_LIFE * self.lives as u64
                + (self.fuel() * WIN_SCORE_PER_FUEL).round() as u64;
        }
    }

    /// Checks the objective after a step: reached, delivered, destroyed, escaped, or out of
    /// time.
    pub(super) fn check_objective(&mut self, dt: f64) {
        if self.outcome.is_some() {
            return;
        }
        let ship = self.ship().map(|b| b.position());
        let inside = |goal: &Goal, zone: &str, p: Option<Vec2>| {
            p.is_some_and(|p| goal.zone(zone).is_some_and(|r| r.contains(p)))
        };
        let won = match &self.goal.objective {
            Objective::Explore => false,
            Objective::ReachZone(z) => inside(&self.goal, z, ship),
            Objective::SetFlag(f) => self.script.as_ref().and_then(|s| s.flag(f)) == Some(true),
            Objective::Deliver { debris, zone } => debris.iter().all(|name| {
                let at = self.named_piece(name);
                inside(&self.goal, zone, at)
            }),
            Objective::DestroyAllEnemies => self.enemies_left() == 0,
            Objective::DestroyAndEscape {
                target,
                zone,
                seconds,
            } => {
                if self.goal.countdown.is_none() && self.destroyed.iter().any(|n| n == target) {
                    self.goal.countdown = Some(*seconds);
                }
                let escaped = self.goal.countdown.is_some() && inside(&self.goal, zone, ship);
                if let Some(t) = self.goal.countdown.as_mut() {
                    *t -= dt;
                    if *t <= 0.0 && !escaped {
                        *t = 0.0;
                        self.finish(Outcome::Lost);
                        return;
                    }
                }
                escaped
            }
        };
        if won {
            self.finish(Outcome::Won);
        }
    }

    fn named_piece(&self, name: &str) -> Option<Vec2> {
        self.world
            .query::<(&Body, &Piece)>()
            .iter()
            .filter(|(_, p)| p.name.as_deref() == Some(name))
            .find_map(|(b, _)| self.physics.body(b.0).map(|b| b.position()))
    }

    /// What the level asks of the player, in a short sentence for the HUD.
    pub fn objective_text(&self) -> String {
        match &self.goal.objective {
            Objective::Explore => "Explore the caves".to_string(),
            Objective::ReachZone(z) => format!("Reach {}", z.replace('_', " ")),
            Objective::SetFlag(f) => format!("Make {} happen", f.replace('_', " ")),
            Objective::Deliver { debris, zone } => format!(
                "Bring {} to {}",
                debris.join(", ").replace('_', " "),
                zone.replace('_', " ")
            ),
            Objective::DestroyAllEnemies => {
                format!("Destroy every enemy ({} left)", self.enemies_left())
            }
            Objective::DestroyAndEscape { target, zone, .. } => match self.goal.countdown {
                None => format!("Destroy {}", target.replace('_', " ")),
                Some(_) => format!("Escape to {}!", zone.replace('_', " ")),
            },
        }
    }
}
