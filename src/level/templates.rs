//! Level sections that scripts refer to by name: entity templates (what `Spawn` creates)
//! and sound cues (what `Sound` plays).

use super::entities::{
    default_drone_health, default_drone_speed, default_fire_interval, default_friction,
    default_health, default_range, default_restitution, one, DebrisShape, Material,
};
use crate::geom::Vec2;
use serde::{Deserialize, Serialize};

/// An entity that `Spawn` actions create, at the point and angle the action gives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Template {
    /// A loose convex piece, like an entry of `debris`.
    Debris {
        /// Unique template name.
        name: String,
        /// Its shape, in its own frame.
        shape: DebrisShape,
        /// Initial velocity (m/s, default zero).
        #[serde(default)]
        velocity: Vec2,
        /// Initial angular velocity (rad/s, default 0).
        #[serde(default)]
        angular_velocity: f64,
        /// Density (kg/m², default 1).
        #[serde(default = "one")]
        density: f64,
        /// Friction coefficient (default 0.6).
        #[serde(default = "default_friction")]
        friction: f64,
        /// Restitution, 0 to 1 (default 0.1).
        #[serde(default = "default_restitution")]
        restitution: f64,
        /// What it is made of (default `Rock`).
        #[serde(default)]
        material: Material,
    },
    /// A fixed gun, like a `Turret` in `enemies`.
    Turret {
        /// Unique template name.
        name: String,
        /// Seconds between shots (default 2).
        #[serde(default = "default_fire_interval")]
        fire_interval: f64,
        /// How far it sees (m, default 30).
        #[serde(default = "default_range")]
        range: f64,
        /// Hits to destroy (default 3).
        #[serde(default = "default_health")]
        health: u32,
    },
    /// A patrolling drone, like a `Drone` in `enemies`.
    Drone {
        /// Unique template name.
        name: String,
        /// Patrol points relative to the spawn point (m, default: only the spawn point).
        #[serde(default)]
        path: Vec<Vec2>,
        /// Speed (m/s, default 3).
        #[serde(default = "default_drone_speed")]
        speed: f64,
        /// Hits to destroy (default 2).
        #[serde(default = "default_drone_health")]
        health: u32,
    },
    /// A fuel canister the ship collects by flying into it.
    Fuel {
        /// Unique template name.
        name: String,
        /// Fuel it holds, seconds of thrust (default 20, as a level's `pickups`).
        #[serde(default = "default_fuel")]
        fuel: f64,
    },
}

fn default_fuel() -> f64 {
    20.0
}

impl Template {
    /// The template's name.
    pub fn name(&self) -> &str {
        match self {
            Template::Debris { name, .. }
            | Template::Turret { name, .. }
            | Template::Drone { name, .. }
            | Template::Fuel { name, .. } => name,
        }
    }
}

/// A named sound cue: one of the built-in synthesised sounds at a volume.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sound {
    /// Unique name that `Sound` actions use.
    pub name: String,
    /// Which built-in sound.
    pub cue: SoundCue,
    /// Loudness from 0 to 1 (default 1).
    #[serde(default = "one")]
    pub volume: f64,
}

/// The built-in sounds a level may play; audio maps each to a synthesised effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SoundCue {
    /// A warning siren.
    Alarm,
    /// A bright bell: something good happened.
    Chime,
    /// Heavy machinery: a door or lift starting to move.
    Door,
    /// A blast.
    Explosion,
    /// Something collected.
    Pickup,
    /// A short electronic beep.
    Blip,
}

impl SoundCue {
    /// Every cue, in declaration order.
    pub const ALL: [SoundCue; 6] = [
        SoundCue::Alarm,
        SoundCue::Chime,
        SoundCue::Door,
        SoundCue::Explosion,
        SoundCue::Pickup,
        SoundCue::Blip,
    ];
}
