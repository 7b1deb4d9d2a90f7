//! Level sections that scripts refer to by name: entity templates (what `Spawn` creates)
//! and sound cues (what `Sound` plays).

use super::entities::{
    default_drone_health, default_drone_speed, default_fire_interval, default_friction,
    default_health, default_range, default_restitution, one, DebrisShape, DroneDef, Material,
    TurretDef,
};
use crate::geom::Vec2;
use serde::{Deserialize, Serialize};

/// An entity that `Spawn` actions create, at the point and angle the action gives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "RawTemplate", into = "RawTemplate")]
pub enum Template {
    /// A loose convex piece, like an entry of `debris`.
    Debris {
        /// Unique template name.
        name: String,
        /// Its shape, in its own frame.
        shape: DebrisShape,
        /// Initial velocity (m/s, default zero).
        velocity: Vec2,
        /// Initial angular velocity (rad/s, default 0).
        angular_velocity: f64,
        /// Density (kg/m², default 1).
        density: f64,
        /// Friction coefficient (default 0.6).
        friction: f64,
        /// Restitution, 0 to 1 (default 0.1).
        restitution: f64,
        /// What it is made of (default `Rock`).
        material: Material,
    },
    /// A fixed gun: the same definition as a `Turret` in `enemies`.
    Turret(TurretDef),
    /// A patrolling drone: the same definition as a `Drone` in `enemies`, its path relative
    /// to the spawn point (default: only the spawn point).
    Drone(DroneDef),
    /// A fuel canister the ship collects by flying into it.
    Fuel {
        /// Unique template name.
        name: String,
        /// Fuel it holds, seconds of thrust (default 20, as a level's `pickups`).
        fuel: f64,
    },
}

/// A template as the level file writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Template")]
enum RawTemplate {
    Debris {
        name: String,
        shape: DebrisShape,
        #[serde(default)]
        velocity: Vec2,
        #[serde(default)]
        angular_velocity: f64,
        #[serde(default = "one")]
        density: f64,
        #[serde(default = "default_friction")]
        friction: f64,
        #[serde(default = "default_restitution")]
        restitution: f64,
        #[serde(default)]
        material: Material,
    },
    Turret {
        name: String,
        #[serde(default = "default_fire_interval")]
        fire_interval: f64,
        #[serde(default = "default_range")]
        range: f64,
        #[serde(default = "default_health")]
        health: u32,
    },
    Drone {
        name: String,
        #[serde(default)]
        path: Vec<Vec2>,
        #[serde(default = "default_drone_speed")]
        speed: f64,
        #[serde(default = "default_drone_health")]
        health: u32,
    },
    Fuel {
        name: String,
        #[serde(default = "default_fuel")]
        fuel: f64,
    },
}

impl From<RawTemplate> for Template {
    fn from(raw: RawTemplate) -> Template {
        match raw {
            RawTemplate::Debris {
                name,
                shape,
                velocity,
                angular_velocity,
                density,
                friction,
                restitution,
                material,
            } => Template::Debris {
                name,
                shape,
                velocity,
                angular_velocity,
                density,
                friction,
                restitution,
                material,
            },
            RawTemplate::Turret {
                name,
                fire_interval,
                range,
                health,
            } => Template::Turret(TurretDef {
                name,
                fire_interval,
                range,
                health,
            }),
            RawTemplate::Drone {
                name,
                path,
                speed,
                health,
            } => Template::Drone(DroneDef {
                name,
                path,
                speed,
                health,
            }),
            RawTemplate::Fuel { name, fuel } => Template::Fuel { name, fuel },
        }
    }
}

impl From<Template> for RawTemplate {
    fn from(t: Template) -> RawTemplate {
        match t {
            Template::Debris {
                name,
                shape,
                velocity,
                angular_velocity,
                density,
                friction,
                restitution,
                material,
            } => RawTemplate::Debris {
                name,
                shape,
                velocity,
                angular_velocity,
                density,
                friction,
                restitution,
                material,
            },
            Template::Turret(d) => RawTemplate::Turret {
                name: d.name,
                fire_interval: d.fire_interval,
                range: d.range,
                health: d.health,
            },
            Template::Drone(d) => RawTemplate::Drone {
                name: d.name,
                path: d.path,
                speed: d.speed,
                health: d.health,
            },
            Template::Fuel { name, fuel } => RawTemplate::Fuel { name, fuel },
        }
    }
}

fn default_fuel() -> f64 {
    20.0
}

impl Template {
    /// The template's name.
    pub fn name(&self) -> &str {
        match self {
            Template::Debris { name, .. } | Template::Fuel { name, .. } => name,
            Template::Turret(d) => &d.name,
            Template::Drone(d) => &d.name,
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
