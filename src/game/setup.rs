//! What a simulation starts from: plain data, filled in from a level or by a test.

use super::error::{SetupError, SpawnError};
use super::ship_def::ShipDef;
use crate::geom::{Aabb, Segment, Shape, ShapeError, Vec2};
use crate::level::{
    DebrisShape, Enemy, LoadedLevel, MatchRules, Material, Mover, Objective, Pad, Pickup, Template,
    Zone, ROCK_FRICTION,
};
use crate::physics::{PhysicsSettings, RockSegment};
use crate::script::ScriptRuntime;

/// How far past the rock's outer edge a level goes on, m: room to fly above an open
/// surface. What leaves the level's bounds is removed (`bounds.rs`).
pub const BOUNDS_MARGIN: f64 = 50.0;

/// The bounds of a level whose rock's outer box is `rock`.
pub fn level_bounds(rock: &Aabb) -> Aabb {
    rock.expanded(BOUNDS_MARGIN)
}

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
    /// How many players fly: 1 to [`super::state::MAX_PLAYERS`], each with a ship.
    pub players: usize,
    /// Where each player's ship starts, and its angle, by player (at least one per player).
    pub player_starts: Vec<(Vec2, f64)>,
    /// The ship.
    pub ship: ShipDef,
    /// Where the world ends: what leaves this box is removed; none for no edge.
    pub bounds: Option<Aabb>,
    /// The match rules of a level made for several players; none for a campaign level.
    pub rules: Option<MatchRules>,
}

impl SimSetup {
    /// An empty world for one player with the built-in ship at `start`: rock, debris and
    /// the rest are added by the caller.
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
            players: 1,
            player_starts: vec![(start, 0.0)],
            ship: ShipDef::builtin().expect("the built-in ship is checked by its tests"),
            bounds: None,
            rules: None,
        }
    }
}

impl SimSetup {
    /// The setup a level describes for one player: its gravity and physics settings, its
    /// rock (every world segment with its chain links), its entities and its player starts.
    pub fn from_level(loaded: &LoadedLevel) -> Result<SimSetup, SetupError> {
        let level = &loaded.level;
        let ph = &level.physics;
        let physics = PhysicsSettings {
            gravity: level.gravity,
            substeps: ph.substeps,
            iterations: ph.velocity_iterations,
            relax_iterations: ph.position_iterations,
            contact_method: ph.contact_method,
            ..PhysicsSettings::default()
        };
        let friction = level.world.rock_friction();
        let rock: Vec<RockSegment> = loaded
            .world
            .segments
            .iter()
            .map(|s| RockSegment {
                prev: Some(s.prev),
                next: Some(s.next),
                friction: if under_a_pad(&s.segment, &level.pads) {
                    friction.max(ROCK_FRICTION)
                } else {
                    friction
                },
                ..RockSegment::new(s.segment)
            })
            .collect();
        let mut debris = Vec::with_capacity(level.debris.len());
        for (i, d) in level.debris.iter().enumerate() {
            let shape = debris_shape(&d.shape).map_err(|e| SetupError::Spawn {
                item: format!("debris[{i}].shape"),
                error: SpawnError::Shape(e),
            })?;
            debris.push(DebrisSetup {
                name: Some(d.name.clone()),
                material: d.material,
                shape,
                position: d.position,
                angle: d.angle,
                velocity: d.velocity,
                angular_velocity: d.angular_velocity,
                density: d.density,
                friction: d.friction,
                restitution: d.restitution,
            });
        }
        Ok(SimSetup {
            physics,
            time_step: ph.time_step,
            rock: vec![rock],
            debris,
            enemies: level.enemies.clone(),
            movers: level.movers.clone(),
            templates: level.templates.clone(),
            sounds: level.sounds.iter().map(|s| s.name.clone()).collect(),
            objective: level.objective.clone(),
            zones: level.zones.clone(),
            script: Some(ScriptRuntime::new(level)),
            pads: level.pads.clone(),
            pickups: level.pickups.clone(),
            players: 1,
            player_starts: level
                .starts()
                .iter()
                .map(|s| (s.position, s.angle))
                .collect(),
            ship: ShipDef::builtin().map_err(|e| SetupError::Ship(e.to_string()))?,
            bounds: loaded.world.solid.bounds().map(|rock| level_bounds(&rock)),
            rules: level.rules.clone(),
        })
    }
}

/// How far from a pad's top a rock face may lie and still be under it, m.
const PAD_DEPTH: f64 = 0.3;

/// Whether `segment` is the floor a pad sits on: it faces up (within 25° of level) and its
/// middle lies on a pad's top, within its width. A pad's plate grips as dry rock does
/// ([`ROCK_FRICTION`]) in every world, so on ice the pads are the sure footing.
fn under_a_pad(segment: &Segment, pads: &[Pad]) -> bool {
    let middle = (segment.a + segment.b) * 0.5;
    segment.normal().y > 0.9
        && pads.iter().any(|pad| {
            (middle.x - pad.position.x).abs() <= pad.width / 2.0
                && (middle.y - pad.position.y).abs() <= PAD_DEPTH
        })
}

/// The collision shape of a level's debris piece: the level's own construction, which
/// loading has already run on every piece and template, so it fails only on a level that
/// was not loaded.
pub fn debris_shape(shape: &DebrisShape) -> Result<Shape, ShapeError> {
    shape.shape()
}
