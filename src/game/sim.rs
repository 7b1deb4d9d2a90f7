//! The headless simulation: physics, the ship and the game's entities, stepped at a fixed
//! rate by actions. One step runs: scripts → ship control → weapons and tractor → enemies →
//! physics → damage and effects → pickups and pads → respawn → objective.

use super::actions::Actions;
use super::components::Health;
use super::components::{in_entity_order, user_data, Body, FuelCan, Piece};
use super::door::Door;
use super::events::GameEvent;
use super::hud::Outcome;
use super::layers;
use super::particles::Particles;
use super::scripting::Goal;
use super::setup::{DebrisSetup, SimSetup};
use super::ship::Ship;
use super::ship_def::ShipDef;
use super::tractor::Tow;
use super::weapons::BeamTrace;
use crate::geom::Vec2;
use crate::level::Pad;
use crate::level::{Pickup, Template};
use crate::physics::{Body as PhysicsBody, BodyDef, BodyHandle, ColliderDef, PhysicsWorld};
use crate::rng::Pcg32;
use crate::script::region::Region;
use crate::script::ScriptRuntime;

/// Seconds between losing a ship and the next one appearing.
pub const RESPAWN_DELAY: f64 = 2.0;
/// Ships at the start of a level.
pub const LIVES: u32 = 3;
/// Most live particles.
pub const MAX_PARTICLES: usize = 20_000;
/// The seed of the sim's generator: fixed, so every run of a level is the same.
const SEED: u64 = 0x00C4_FEF1_7000_0001;

/// The running simulation.
pub struct Sim {
    pub(super) physics: PhysicsWorld,
    pub(super) world: hecs::World,
    pub(super) def: ShipDef,
    pub(super) ship: Option<Ship>,
    pub(super) tow: Option<Tow>,
    pub(super) rng: Pcg32,
    pub(super) events: Vec<GameEvent>,
    pub(super) pads: Vec<Pad>,
    pub(super) landed_on: Option<usize>,
    pub(super) checkpoint: (Vec2, f64),
    pub(super) time_step: f64,
    pub(super) steps: u64,
    pub(super) lives: u32,
    pub(super) score: u64,
    pub(super) outcome: Option<Outcome>,
    respawn_in: Option<f64>,
    pub(super) particles: Particles,
    pub(super) beams: Vec<BeamTrace>,
    /// Names of the enemies destroyed during the last step.
    pub(super) destroyed: Vec<String>,
    pub(super) script: Option<ScriptRuntime>,
    pub(super) doors: Vec<Door>,
    pub(super) templates: Vec<Template>,
    pub(super) sound_names: Vec<String>,
    pub(super) goal: Goal,
}

impl Sim {
    /// Builds the world from a setup.
    pub fn new(setup: &SimSetup) -> Result<Sim, String> {
        if !(setup.time_step.is_finite() && setup.time_step > 0.0) {
            return Err(format!(
                "the time step must be a positive number of seconds, got {}",
                setup.time_step
            ));
        }
        let mut physics = PhysicsWorld::new(setup.physics);
        for chain in &setup.rock {
            physics.add_rock(chain);
        }
        let mut sim = Sim {
            physics,
            world: hecs::World::new(),
            def: setup.ship.clone(),
            ship: None,
            tow: None,
            rng: Pcg32::new(SEED),
            events: Vec::new(),
            pads: setup.pads.clone(),
            landed_on: None,
            checkpoint: setup.player_start,
            time_step: setup.time_step,
            steps: 0,
            lives: LIVES,
            score: 0,
            outcome: None,
            respawn_in: None,
            particles: Particles::new(MAX_PARTICLES),
            beams: Vec::new(),
            destroyed: Vec::new(),
            script: setup.script.clone(),
            doors: Vec::new(),
            templates: setup.templates.clone(),
            sound_names: setup.sounds.clone(),
            goal: Goal {
                objective: setup.objective.clone(),
                zones: setup
                    .zones
                    .iter()
                    .map(|z| (z.name.clone(), Region::new(&z.shape)))
                    .collect(),
                countdown: None,
            },
        };
        for m in &setup.movers {
            let door = Door::new(m, &mut sim.physics)?;
            sim.doors.push(door);
        }
        for (i, d) in setup.debris.iter().enumerate() {
            sim.spawn_debris(d)
                .ok_or_else(|| format!("debris[{i}]: density, friction and restitution must be finite and not negative"))?;
        }
        for (i, e) in setup.enemies.iter().enumerate() {
            sim.spawn_enemy(e)
                .map_err(|m| format!("enemies[{i}]: {m}"))?;
        }
        for p in &setup.pickups {
            sim.spawn_pickup(p);
        }
        let (start, angle) = setup.player_start;
        let fuel = sim.def.fuel;
        sim.ship = Some(Ship::spawn(&sim.def, &mut sim.physics, start, angle, fuel)?);
        Ok(sim)
    }

    /// Adds a debris piece; `None` if its material numbers are invalid.
    pub fn spawn_debris(&mut self, d: &DebrisSetup) -> Option<hecs::Entity> {
        let entity = self.world.reserve_entity();
        let b = self.physics.create_body(&BodyDef {
            position: d.position,
            angle: d.angle,
            linear_velocity: d.velocity,
            angular_velocity: d.angular_velocity,
            user_data: user_data(entity),
            ..BodyDef::default()
        });
        let mut c = ColliderDef::new(d.shape);
        c.density = d.density;
        c.friction = d.friction;
        c.restitution = d.restitution;
        c.filter = layers::filter(layers::DEBRIS);
        if self.physics.add_collider(b, &c).is_none() {
            self.physics.remove_body(b);
            self.world.despawn(entity).ok();
            return None;
        }
        let health = super::damage::piece_health(d.shape.area());
        let piece = Piece {
            name: d.name.clone(),
            material: d.material,
            health,
        };
        self.world.insert(entity, (Body(b), piece)).ok()?;
        Some(entity)
    }

    /// Adds a fuel canister.
    pub fn spawn_pickup(&mut self, p: &Pickup) -> hecs::Entity {
        self.world.spawn((FuelCan {
            position: p.position,
            fuel: p.fuel,
        },))
    }

    /// Advances one fixed step with the player's actions.
    pub fn step(&mut self, actions: &Actions) {
        let dt = self.time_step;
        self.events.clear();
        self.destroyed.clear();
        let playing = self.outcome.is_none();
        let none = Actions::default();
        let actions = if playing { actions } else { &none };
        self.run_scripts(dt);
        if let Some(ship) = self.ship.as_mut() {
            ship.control(&self.def, &mut self.physics, actions, dt, &mut self.rng);
        }
        self.fire_laser(actions.fire);
        self.update_tractor(actions);
        self.run_enemies(dt);
        self.physics.step(dt);
        self.apply_contacts();
        self.move_bolts(dt);
        self.check_tow();
        self.reap_enemies();
        self.ship_lost();
        self.collect_fuel();
        self.land_on_pads(dt);
        self.respawn(dt);
        self.check_objective(dt);
        self.contact_sparks();
        self.engine_effects(dt);
        let gravity = self.physics.settings().gravity;
        self.particles.step(dt, gravity);
        self.steps += 1;
    }

    /// When the hull is gone: the ship bursts into pieces, a life is lost, and the next
    /// ship is due at the checkpoint (or the level is lost).
    fn ship_lost(&mut self) {
        let Some(ship) = self.ship.as_ref() else {
            return;
        };
        if !ship.destroyed() {
            return;
        }
        let wreck = ship.wreck(&self.def, &self.physics);
        let body = ship.body();
        let at = self
            .physics
            .body(body)
            .map_or(self.checkpoint.0, |b| b.position());
        self.release_tow();
        self.physics.remove_body(body);
        self.ship = None;
        for (poly, xf, v, w) in wreck {
            // Each piece flies outwards from the blast as well as with the ship's motion.
            let out = (xf.p - at).normalize_or_zero();
            let kick = 3.0 + 2.0 * self.rng.next_f64();
            let spin = (self.rng.next_f64() - 0.5) * 6.0;
            self.spawn_debris(&DebrisSetup {
                velocity: v + out * kick,
                angular_velocity: w + spin,
                name: None,
                material: crate::level::Material::Metal,
                density: self.def.density,
                friction: self.def.friction,
                restitution: self.def.restitution,
                ..DebrisSetup::new(poly.into(), xf.p, xf.q.angle())
            });
        }
        self.events.push(GameEvent::Explosion {
            point: at,
            size: 2.0,
        });
        self.events.push(GameEvent::ShipLost);
        self.lives = self.lives.saturating_sub(1);
        if self.lives == 0 {
            self.outcome.get_or_insert(Outcome::Lost);
        } else {
            self.respawn_in = Some(RESPAWN_DELAY);
        }
    }

    fn respawn(&mut self, dt: f64) {
        let Some(t) = self.respawn_in.as_mut() else {
            return;
        };
        *t -= dt;
        if *t > 0.0 {
            return;
        }
        self.respawn_in = None;
        let (at, angle) = self.checkpoint;
        if let Ok(ship) = Ship::spawn(&self.def, &mut self.physics, at, angle, self.def.fuel) {
            self.ship = Some(ship);
            self.events.push(GameEvent::Respawn);
        }
    }

    /// Live particles (sparks, dust, exhaust, explosions), for drawing.
    pub fn particles(&self) -> &Particles {
        &self.particles
    }

    /// Laser beams fired in the last moments, for drawing.
    pub fn beams(&self) -> &[BeamTrace] {
        &self.beams
    }

    /// The zone scripts' state (flags, counters, zones), if the level has scripts.
    pub fn script(&self) -> Option<&ScriptRuntime> {
        self.script.as_ref()
    }

    /// The doors and lifts, in level order.
    pub fn doors(&self) -> &[Door] {
        &self.doors
    }

    /// Enemies left, by kind: turrets, drones and reactors together.
    pub fn enemies_left(&self) -> usize {
        self.world.query::<&Health>().iter().count()
    }

    /// The physics world (read only).
    pub fn physics(&self) -> &PhysicsWorld {
        &self.physics
    }

    /// The entity world (read only): debris pieces, enemies, pickups.
    pub fn entities(&self) -> &hecs::World {
        &self.world
    }

    /// The ship's definition.
    pub fn ship_def(&self) -> &ShipDef {
        &self.def
    }

    /// The ship while it flies.
    pub fn ship_state(&self) -> Option<&Ship> {
        self.ship.as_ref()
    }

    /// The ship's body handle, if a ship is flying.
    pub fn ship_handle(&self) -> Option<BodyHandle> {
        self.ship.as_ref().map(Ship::body)
    }

    /// The ship's body, if a ship is flying.
    pub fn ship(&self) -> Option<&PhysicsBody> {
        self.physics.body(self.ship_handle()?)
    }

    /// The debris bodies, oldest first.
    pub fn debris(&self) -> Vec<BodyHandle> {
        in_entity_order(
            self.world
                .query::<(hecs::Entity, &Body, &Piece)>()
                .iter()
                .map(|(e, b, _)| (user_data(e), b.0))
                .collect(),
        )
    }

    /// What happened during the last step.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// Fuel left, seconds of thrust (0 while no ship flies).
    pub fn fuel(&self) -> f64 {
        self.ship.as_ref().map_or(0.0, Ship::fuel)
    }

    /// Ships left, the one flying included.
    pub fn lives(&self) -> u32 {
        self.lives
    }

    /// Points scored.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// Where the next ship appears, and its angle.
    pub fn checkpoint(&self) -> (Vec2, f64) {
        self.checkpoint
    }

    /// How the level ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The fixed step, seconds.
    pub fn time_step(&self) -> f64 {
        self.time_step
    }
}
