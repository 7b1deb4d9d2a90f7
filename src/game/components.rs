//! The components of the game's entities, kept in a hecs world. Each entity that has a
//! body records it, and the body's user data holds the entity's bits, so a contact or a
//! ray hit leads back to the entity.

use crate::geom::Vec2;
use crate::level::Material;
use crate::physics::{BodyHandle, PhysicsWorld};
use hecs::Entity;

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
}

/// An enemy's health, in hits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Health {
    /// Hits left.
    pub hits: f64,
    /// Hits when new.
    pub max: f64,
}

/// A fuel canister waiting to be picked up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FuelCan {
    /// Where it floats.
    pub position: Vec2,
    /// Fuel it holds, seconds of thrust.
    pub fuel: f64,
}

/// A named entity (enemies), so objectives and scripts can find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name(pub String);

/// The user data that leads from a body back to its entity.
pub fn user_data(entity: Entity) -> u64 {
    entity.to_bits().get()
}

/// The items of `keyed` (each with its entity's bits) in entity order. hecs iterates in an
/// order that depends on the world's history, so whatever reaches the hash, the draw order
/// or a choice between equals is put in this fixed order first.
pub fn in_entity_order<T>(mut keyed: Vec<(u64, T)>) -> Vec<T> {
    keyed.sort_unstable_by_key(|k| k.0);
    keyed.into_iter().map(|(_, t)| t).collect()
}

/// The entity that owns `body`, if it is one of the world's (the ship is not).
pub fn entity_of(physics: &PhysicsWorld, world: &hecs::World, body: BodyHandle) -> Option<Entity> {
    let data = physics.body(body)?.user_data();
    let entity = Entity::from_bits(data)?;
    world.contains(entity).then_some(entity)
}
