//! Handles to bodies and colliders: the bottom of the physics layer, so that bodies and
//! colliders can name each other without importing each other.

/// A stable reference to a body: an index plus a generation, so a handle to a removed body
/// never silently reaches the body that reused its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BodyHandle {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

/// A stable reference to a collider (index plus generation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ColliderHandle {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}
