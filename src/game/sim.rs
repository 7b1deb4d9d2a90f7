//! The headless simulation: physics plus the ship, stepped at a fixed rate by actions.

use super::actions::Actions;
use super::hud::{Hud, Outcome};
use crate::geom::{ConvexPolygon, Shape, Vec2};
use crate::hash::Fnv1a;
use crate::physics::{
    Body, BodyDef, BodyHandle, ColliderDef, PhysicsSettings, PhysicsWorld, RockSegment,
};

/// How the ship flies. The defaults give the heavy, precise feel of Thrust: a thrust-to-
/// weight ratio near two under Earth gravity, quick but not instant turning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShipTuning {
    /// Main engine force, N.
    pub thrust_force: f64,
    /// Turning rate while a rotate key is held, rad/s.
    pub turn_rate: f64,
    /// How fast the ship reaches the turning rate (and stops turning), 1/s.
    pub turn_response: f64,
    /// Fuel at the start, in seconds of thrust.
    pub fuel_capacity: f64,
    /// Hull density, kg/m².
    pub density: f64,
    /// Linear drag, 1/s: a little, so the ship does not drift forever.
    pub drag: f64,
}

impl Default for ShipTuning {
    fn default() -> Self {
        ShipTuning {
            thrust_force: 18.0,
            turn_rate: 4.0,
            turn_response: 20.0,
            fuel_capacity: 60.0,
            density: 2.0,
            drag: 0.05,
        }
    }
}

impl ShipTuning {
    /// The hull outline, nose along +y.
    pub fn hull() -> ConvexPolygon {
        ConvexPolygon::new(&[
            Vec2::new(0.0, 0.6),
            Vec2::new(-0.45, -0.4),
            Vec2::new(0.45, -0.4),
        ])
        .expect("the built-in hull is a valid triangle")
    }
}

/// A loose convex piece placed in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DebrisSetup {
    /// Shape in the piece's frame.
    pub shape: Shape,
    /// Position.
    pub position: Vec2,
    /// Angle, radians.
    pub angle: f64,
    /// Initial velocity.
    pub velocity: Vec2,
    /// Initial angular velocity, rad/s.
    pub angular_velocity: f64,
    /// Density, kg/m².
    pub density: f64,
    /// Friction.
    pub friction: f64,
    /// Restitution.
    pub restitution: f64,
}

/// Everything needed to start a simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct SimSetup {
    /// Physics settings (gravity, sub-steps, contact method).
    pub physics: PhysicsSettings,
    /// The fixed step, seconds.
    pub time_step: f64,
    /// Rock chains (each chain's links are within it).
    pub rock: Vec<Vec<RockSegment>>,
    /// Loose debris.
    pub debris: Vec<DebrisSetup>,
    /// Where the ship starts, and its angle.
    pub player_start: (Vec2, f64),
    /// How the ship flies.
    pub ship: ShipTuning,
}

/// The running simulation.
#[derive(Clone, Debug)]
pub struct Sim {
    physics: PhysicsWorld,
    ship: BodyHandle,
    tuning: ShipTuning,
    fuel: f64,
    time_step: f64,
    steps: u64,
    debris: Vec<BodyHandle>,
    lives: u32,
    score: u64,
    outcome: Option<Outcome>,
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
        let mut debris = Vec::with_capacity(setup.debris.len());
        for (i, d) in setup.debris.iter().enumerate() {
            let b = physics.create_body(&BodyDef {
                position: d.position,
                angle: d.angle,
                linear_velocity: d.velocity,
                angular_velocity: d.angular_velocity,
                user_data: 1 + i as u64,
                ..BodyDef::default()
            });
            let mut c = ColliderDef::new(d.shape);
            c.density = d.density;
            c.friction = d.friction;
            c.restitution = d.restitution;
            physics
                .add_collider(b, &c)
                .ok_or_else(|| format!("debris[{i}]: density, friction and restitution must be finite and not negative"))?;
            debris.push(b);
        }
        let (start, angle) = setup.player_start;
        let ship = physics.create_body(&BodyDef {
            position: start,
            angle,
            linear_damping: setup.ship.drag,
            ..BodyDef::default()
        });
        let mut hull = ColliderDef::new(ShipTuning::hull());
        hull.density = setup.ship.density;
        hull.friction = 0.4;
        hull.restitution = 0.1;
        physics
            .add_collider(ship, &hull)
            .ok_or("ship: the hull density must be finite and not negative")?;
        Ok(Sim {
            physics,
            ship,
            tuning: setup.ship,
            fuel: setup.ship.fuel_capacity,
            time_step: setup.time_step,
            steps: 0,
            debris,
            lives: 3,
            score: 0,
            outcome: None,
        })
    }

    /// Advances one fixed step with the player's actions.
    pub fn step(&mut self, actions: &Actions) {
        let dt = self.time_step;
        if let Some(ship) = self.physics.body(self.ship) {
            let dir = actions.left as i32 - actions.right as i32;
            let target = self.tuning.turn_rate * dir as f64;
            let w = ship.angular_velocity();
            let blend = (self.tuning.turn_response * dt).min(1.0);
            let nose = ship.rotation().rotate(Vec2::Y);
            let center = ship.center_of_mass();
            self.physics
                .set_angular_velocity(self.ship, w + (target - w) * blend);
            if actions.thrust && self.fuel > 0.0 {
                self.physics
                    .apply_force(self.ship, nose * self.tuning.thrust_force, center);
                self.fuel = (self.fuel - dt).max(0.0);
            }
        }
        self.physics.step(dt);
        self.steps += 1;
    }

    /// The physics world (read only).
    pub fn physics(&self) -> &PhysicsWorld {
        &self.physics
    }

    /// The ship's body handle.
    pub fn ship_handle(&self) -> BodyHandle {
        self.ship
    }

    /// The ship's body.
    pub fn ship(&self) -> Option<&Body> {
        self.physics.body(self.ship)
    }

    /// The debris bodies, in level order.
    pub fn debris(&self) -> &[BodyHandle] {
        &self.debris
    }

    /// Fuel left, seconds of thrust.
    pub fn fuel(&self) -> f64 {
        self.fuel
    }

    /// What the HUD shows after the last step.
    pub fn hud(&self) -> Hud {
        let capacity = self.tuning.fuel_capacity;
        Hud {
            fuel: if capacity > 0.0 {
                self.fuel / capacity
            } else {
                0.0
            },
            hull: 1.0,
            components: Vec::new(),
            score: self.score,
            lives: self.lives,
            message: None,
            objective: String::new(),
            countdown: None,
        }
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

    /// The state hash: FNV-1a 64 over the raw bits of every body's position, rotation and
    /// velocities, plus the game state (fuel, step count).
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv1a::new();
        h.write_u64(self.physics.state_hash());
        h.write_f64(self.fuel);
        h.write_u64(self.steps);
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> SimSetup {
        let floor = RockSegment::chain(&[Vec2::new(20.0, 0.0), Vec2::new(-20.0, 0.0)], false);
        SimSetup {
            physics: PhysicsSettings::default(),
            time_step: 1.0 / 120.0,
            rock: vec![floor],
            debris: Vec::new(),
            player_start: (Vec2::new(0.0, 0.5), 0.0),
            ship: ShipTuning::default(),
        }
    }

    #[test]
    fn thrust_lifts_the_ship_and_burns_fuel() {
        let mut sim = Sim::new(&setup()).unwrap();
        let thrust = Actions {
            thrust: true,
            ..Actions::default()
        };
        for _ in 0..120 {
            sim.step(&thrust);
        }
        assert!(
            sim.ship().unwrap().position().y > 2.0,
            "climbed: {:?}",
            sim.ship().unwrap().position()
        );
        assert!((sim.fuel() - (60.0 - 1.0)).abs() < 1e-9);
    }

    #[test]
    fn no_fuel_no_thrust() {
        let mut s = setup();
        s.ship.fuel_capacity = 0.0;
        let mut sim = Sim::new(&s).unwrap();
        let thrust = Actions {
            thrust: true,
            ..Actions::default()
        };
        for _ in 0..120 {
            sim.step(&thrust);
        }
        assert!(
            sim.ship().unwrap().position().y < 0.7,
            "stayed down: {:?}",
            sim.ship().unwrap().position()
        );
    }

    #[test]
    fn rotate_keys_turn_the_ship_at_the_tuned_rate() {
        let mut sim = Sim::new(&setup()).unwrap();
        let mut s2 = setup();
        s2.player_start.0.y = 5.0;
        s2.physics.gravity = Vec2::ZERO;
        let mut sim2 = Sim::new(&s2).unwrap();
        let left = Actions {
            left: true,
            ..Actions::default()
        };
        for _ in 0..60 {
            sim2.step(&left);
            sim.step(&Actions::default());
        }
        assert!((sim2.ship().unwrap().angular_velocity() - 4.0).abs() < 1e-3);
        assert_ne!(sim.state_hash(), sim2.state_hash());
    }
}
