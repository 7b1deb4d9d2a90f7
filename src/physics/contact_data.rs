//! A read-only view of the world's contacts, for tools, debugging and tests.

use super::collider::ColliderHandle;
use super::contact::{ContactPoint, PairKey};
use super::events::PartRef;
use super::world::PhysicsWorld;
use crate::geom::Vec2;

/// One contact between two parts, as the last step left it.
#[derive(Clone, Copy, Debug)]
pub struct ContactData<'a> {
    /// Part A (the rock, for rock contacts).
    pub a: PartRef,
    /// Part B.
    pub b: PartRef,
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// The manifold's points with their impulses (none when the parts are apart).
    pub points: &'a [ContactPoint],
    /// Whether the parts touched at the end of the step.
    pub touching: bool,
}

impl PhysicsWorld {
    /// Every contact the broad phase keeps (touching or speculative), in the fixed order the
    /// solver visits them.
    pub fn contacts(&self) -> impl Iterator<Item = ContactData<'_>> + '_ {
        let part = move |i: u32| {
            PartRef::Collider(ColliderHandle {
                index: i,
                generation: self
                    .colliders
                    .generations
                    .get(i as usize)
                    .copied()
                    .unwrap_or(0),
            })
        };
        self.contacts.iter().map(move |(key, c)| {
            let (a, b) = match *key {
                PairKey::Bodies(x, y) => (part(x), part(y)),
                PairKey::Rock(x, s) => (PartRef::Rock(s), part(x)),
            };
            ContactData {
                a,
                b,
                normal: c.normal,
                points: c.points(),
                touching: c.touching,
            }
        })
    }
}
