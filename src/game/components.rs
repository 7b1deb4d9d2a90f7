//! The components of the game's entities, kept in one hecs world. Every thing in the game
//! is an entity: ships, doors and lifts, pads, fuel canisters, turrets, drones, reactors,
//! bolts and debris. An entity with a physics body has a [`Body`], and the body's user
//! data holds the entity's id (see [`super::ids`]), so a contact or a ray hit leads back
//! to it. Plain data only: the rules that change them are the systems.
//!
//! The ship's component (`Ship`, in `ship.rs`) and the movers' (`Door`, in `door.rs`)
//! carry enough behaviour of their own to live in their own files.

use super::aim::Patrol;
use crate::geom::Vec2;
use crate::level::Material;
use crate::physics::{BodyHandle, JointHandle};

/// The physics body of an entity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Body(pub BodyHandle);

/// A loose convex piece of debris.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// Its name in the level, if it has one (zones and objectives refer to it).
    pub name: Option<String>,
    /// What it is made of.
    pub material: Material,
    /// Laser hits left before it splits.
    pub health: f64,
    /// The player whose tractor beam held it last: they score if it destroys an enemy.
    pub thrown_by: Option<usize>,
}

/// An enemy's health, in hits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Health {
    /// Hits left.
    pub hits: f64,
    /// Hits when new.
    pub max: f64,
    /// The player who hurt it last, who scores for destroying it.
    pub last_hit_by: Option<usize>,
}

/// A fuel canister waiting to be picked up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FuelCan {
    /// Where it floats.
    pub position: Vec2,
    /// Fuel it holds, seconds of thrust.
    pub fuel: f64,
}

/// A landing pad: the level's pad, by its index in the level's `pads`.
#[derive(Clone, Debug, PartialEq)]
pub struct PadSpot {
    /// Its index in the level's `pads`.
    pub index: usize,
    /// The pad.
    pub pad: crate::level::Pad,
}

/// A named entity (enemies), so objectives and scripts can find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name(pub String);

/// A fixed gun.
#[derive(Clone, Debug, PartialEq)]
pub struct Turret {
    /// The barrel's direction, radians (0 is up).
    pub aim: f64,
    /// Its direction at rest.
    pub rest: f64,
    /// Seconds between shots.
    pub fire_interval: f64,
    /// Seconds until it may fire again.
    pub cooldown: f64,
    /// How far it sees, m.
    pub range: f64,
}

/// A flying enemy.
#[derive(Clone, Debug, PartialEq)]
pub struct Drone {
    /// Its patrol route.
    pub patrol: Patrol,
    /// Cruising speed, m/s.
    pub speed: f64,
}

/// The target of a destroy-and-escape objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reactor;

/// An enemy bolt in flight: a point swept by a ray each step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bolt {
    /// Where it is.
    pub position: Vec2,
    /// Its velocity.
    pub velocity: Vec2,
    /// Seconds it has left.
    pub life: f64,
    /// The body that fired it: never hit.
    pub owner: BodyHandle,
}

/// On a ship: the piece its tractor beam holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tow {
    /// The beam's joint.
    pub joint: JointHandle,
    /// The piece's body.
    pub body: BodyHandle,
}
