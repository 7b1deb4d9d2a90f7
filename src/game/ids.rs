//! The one id scheme and the one fixed order.
//!
//! Every entity is a hecs [`Entity`]; its id is `Entity::to_bits`, and a physics body's user
//! data holds the id of the entity that owns it (ships and doors included), so contacts and
//! ray hits lead back to entities. hecs hands out ids deterministically: the same history of
//! spawns and despawns gives the same ids, on every run and after a snapshot is restored.
//!
//! hecs iterates in an order that depends on how its storage was filled, which differs
//! after a restore. So whenever order can matter — what reaches the state hash, the draw
//! order, a choice between equals, the order of spawns or of pushes — systems go through
//! [`ordered`], which lists entities in ascending id (`to_bits`) order. It is the only way
//! systems iterate when order matters.

use crate::physics::{BodyHandle, PhysicsWorld};
use hecs::{Entity, Query, World};

/// The user data that leads from a body back to its entity.
pub fn user_data(entity: Entity) -> u64 {
    entity.to_bits().get()
}

/// The entity that owns `body`, if it is still in `world`.
pub fn entity_of(physics: &PhysicsWorld, world: &World, body: BodyHandle) -> Option<Entity> {
    let data = physics.body(body)?.user_data();
    let entity = Entity::from_bits(data)?;
    world.contains(entity).then_some(entity)
}

/// Every entity that matches `Q`, in ascending id order.
pub fn ordered<Q: Query>(world: &World) -> Vec<Entity> {
    let mut found: Vec<Entity> = world.query::<Entity>().with::<Q>().iter().collect();
    found.sort_unstable_by_key(|e| e.to_bits());
    found
}
