//! Level sections for the ship's supplies: landing pads that refuel and set the
//! checkpoint, and fuel pickups floating in the caves.

use crate::geom::Vec2;
use serde::{Deserialize, Serialize};

/// A landing pad: land on it gently to refuel; it becomes the checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pad {
    /// Unique name.
    pub name: String,
    /// Middle of the pad's top surface (m); place it on flat rock.
    pub position: Vec2,
    /// Width (m, default 3).
    #[serde(default = "default_pad_width")]
    pub width: f64,
    /// Fuel refilled per second while landed, seconds of thrust (default 15).
    #[serde(default = "default_refuel_rate")]
    pub refuel_rate: f64,
}

fn default_pad_width() -> f64 {
    3.0
}
fn default_refuel_rate() -> f64 {
    15.0
}

/// A fuel canister: fly through it to pick it up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pickup {
    /// Unique name.
    pub name: String,
    /// Position (m).
    pub position: Vec2,
    /// Fuel it holds, seconds of thrust (default 20).
    #[serde(default = "default_fuel")]
    pub fuel: f64,
}

fn default_fuel() -> f64 {
    20.0
}
