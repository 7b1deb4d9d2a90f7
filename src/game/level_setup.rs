//! From a loaded level to a running simulation.

use super::setup::{DebrisSetup, SimSetup};
use super::ship_def::ShipDef;
use super::sim::Sim;
use crate::geom::Shape;
use crate::level::{DebrisShape, LoadedLevel};
use crate::physics::{PhysicsSettings, RockSegment};
use crate::script::ScriptRuntime;

impl SimSetup {
    /// The setup a level describes: its gravity and physics settings, its rock (every world
    /// segment with its chain links), its debris and the player's start.
    pub fn from_level(loaded: &LoadedLevel) -> Result<SimSetup, String> {
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
        let rock: Vec<RockSegment> = loaded
            .world
            .segments
            .iter()
            .map(|s| RockSegment {
                prev: Some(s.prev),
                next: Some(s.next),
                ..RockSegment::new(s.segment)
            })
            .collect();
        let mut debris = Vec::with_capacity(level.debris.len());
        for (i, d) in level.debris.iter().enumerate() {
            let shape = debris_shape(&d.shape)
                .map_err(|e| format!("{}: debris[{i}].shape: {e}", loaded.file.display()))?;
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
            player_start: (level.player_start.position, level.player_start.angle),
            ship: ShipDef::builtin().map_err(|e| e.to_string())?,
        })
    }
}

impl Sim {
    /// The simulation of a loaded level, ready for its first step.
    ///
    /// Loading checks everything the sim needs, so this fails only on a level that did not
    /// come from the loader (a debug build asserts it).
    pub fn from_level(loaded: &LoadedLevel) -> Result<Sim, String> {
        let sim = SimSetup::from_level(loaded).and_then(|setup| Sim::new(&setup));
        debug_assert!(
            sim.is_ok(),
            "a loaded level failed to build: {}",
            sim.as_ref().err().map_or("", String::as_str)
        );
        sim
    }
}

/// The collision shape of a level's debris piece: the level's own construction, which
/// loading has already run on every piece and template, so it fails only on a level that
/// was not loaded.
pub(super) fn debris_shape(shape: &DebrisShape) -> Result<Shape, String> {
    shape.shape().map_err(|e| e.to_string())
}
