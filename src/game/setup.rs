//! What a simulation starts from: plain data, filled in from a level or by a test.

use super::ship_def::ShipDef;
use crate::geom::{Shape, Vec2};
use crate::level::{Enemy, Material, Mover, Objective, Pad, Pickup, Template, Zone};
use crate::physics::{PhysicsSettings, RockSegment};
use crate::script::ScriptRuntime;

/// A loose convex piece placed in the world.
#[derive(Clone, Debug, PartialEq)]
pub struct DebrisSetup {
    /// Its name, if the level gives one.
    pub name: Option<String>,
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
    /// What it is made of.
    pub material: Material,
}

impl DebrisSetup {
    /// A resting rock piece of `shape` at `position`, turned by `angle`.
    pub fn new(shape: Shape, position: Vec2, angle: f64) -> DebrisSetup {
        DebrisSetup {
            name: None,
            shape,
            position,
            angle,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            density: 1.0,
            friction: 0.6,
            restitution: 0.1,
            material: Material::Rock,
        }
    }
}

/// Everything needed to start a simulation.
#[derive(Clone, Debug)]
pub struct SimSetup {
    /// Physics settings (gravity, sub-steps, contact method).
    pub physics: PhysicsSettings,
    /// The fixed step, seconds.
    pub time_step: f64,
    /// Rock chains (each chain's links are within it).
    pub rock: Vec<Vec<RockSegment>>,
    /// Loose debris.
    pub debris: Vec<DebrisSetup>,
    /// Turrets, drones and reactors.
    pub enemies: Vec<Enemy>,
    /// Doors and lifts, in level order (scripts refer to them by index).
    pub movers: Vec<Mover>,
    /// What scripts may spawn.
    pub templates: Vec<Template>,
    /// The level's sound names, by index.
    pub sounds: Vec<String>,
    /// What finishes the level.
    pub objective: Objective,
    /// The level's zones (the objective's checks use their regions).
    pub zones: Vec<Zone>,
    /// The zone scripts, if any.
    pub script: Option<ScriptRuntime>,
    /// Landing pads.
    pub pads: Vec<Pad>,
    /// Fuel canisters.
    pub pickups: Vec<Pickup>,
    /// Where the ship starts, and its angle.
    pub player_start: (Vec2, f64),
    /// The ship.
    pub ship: ShipDef,
}

impl SimSetup {
    /// An empty world with the built-in ship at `start`: rock, debris and the rest are
    /// added by the caller.
    pub fn empty(start: Vec2) -> SimSetup {
        SimSetup {
            physics: PhysicsSettings::default(),
            time_step: 1.0 / 120.0,
            rock: Vec::new(),
            debris: Vec::new(),
            enemies: Vec::new(),
            movers: Vec::new(),
            templates: Vec::new(),
            sounds: Vec::new(),
            objective: Objective::Explore,
            zones: Vec::new(),
            script: None,
            pads: Vec::new(),
            pickups: Vec::new(),
            player_start: (start, 0.0),
            ship: ShipDef::builtin().expect("the built-in ship is checked by its tests"),
        }
    }
}
