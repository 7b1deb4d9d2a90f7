//! Level sections for the ship's supplies: landing pads that refuel and set the
//! checkpoint, and fuel pickups floating in the caves.

use super::validate_shapes::{Checker, MAX_BODY_SIZE};
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

/// Checks the pads and pickups, and that their names are unique among themselves.
pub fn validate_items(c: &mut Checker, pads: &[Pad], pickups: &[Pickup]) {
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut name = |c: &mut Checker, path: String, n: &str| {
        if n.trim().is_empty() {
            c.fail(format!("{path}.name"), "expected a non-empty name");
        } else if let Some((_, first)) = seen.iter().find(|(s, _)| *s == n) {
            c.fail(
                format!("{path}.name"),
                format!("duplicate name `{n}`: already used by {first}"),
            );
        } else {
            seen.push((n.to_string(), path));
        }
    };
    for (i, p) in pads.iter().enumerate() {
        let path = format!("pads[{i}]");
        name(c, path.clone(), &p.name);
        c.point(&format!("{path}.position"), p.position);
        c.number(&format!("{path}.width"), p.width, 0.0, MAX_BODY_SIZE, true);
        c.number(
            &format!("{path}.refuel_rate"),
            p.refuel_rate,
            0.0,
            1.0e4,
            true,
        );
    }
    for (i, p) in pickups.iter().enumerate() {
        let path = format!("pickups[{i}]");
        name(c, path.clone(), &p.name);
        c.point(&format!("{path}.position"), p.position);
        c.number(&format!("{path}.fuel"), p.fuel, 0.0, 1.0e4, true);
    }
}
