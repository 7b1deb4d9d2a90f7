//! Colliders: the shaped, material parts of a body.

use super::handles::BodyHandle;
pub use super::handles::ColliderHandle;
use crate::geom::{Aabb, Shape, Transform};

/// Which colliders may touch: two collide when each one's layer is in the other's mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// The layer bits this collider is on.
    pub layer: u32,
    /// The layer bits it collides with.
    pub mask: u32,
}

impl Default for Filter {
    fn default() -> Self {
        Filter {
            layer: 1,
            mask: u32::MAX,
        }
    }
}

impl Filter {
    /// Whether colliders with these filters collide.
    pub fn allows(&self, other: &Filter) -> bool {
        self.layer & other.mask != 0 && other.layer & self.mask != 0
    }
}

/// What a new collider is made of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColliderDef {
    /// Shape in the body frame.
    pub shape: Shape,
    /// Density, kg/m².
    pub density: f64,
    /// Coulomb friction coefficient; pairs mix by the geometric mean.
    pub friction: f64,
    /// Restitution (bounciness) from 0 to 1; pairs take the larger.
    pub restitution: f64,
    /// Collision filter.
    pub filter: Filter,
    /// Free for the game: the ship marks its components with it.
    pub tag: u64,
}

impl ColliderDef {
    /// A collider of `shape` with density 1, friction 0.6 and no bounce.
    pub fn new(shape: impl Into<Shape>) -> ColliderDef {
        ColliderDef {
            shape: shape.into(),
            density: 1.0,
            friction: 0.6,
            restitution: 0.0,
            filter: Filter::default(),
            tag: 0,
        }
    }
}

/// A collider attached to a body.
#[derive(Clone, Debug)]
pub struct Collider {
    pub(crate) body: BodyHandle,
    pub(crate) def: ColliderDef,
    /// Bounding box in the world at the current pose, grown by the speculative distance.
    pub(crate) aabb: Aabb,
    /// A looser box that `aabb` stays inside while the body moves a little; pairs are found
    /// again only when some collider leaves its loose box.
    pub(crate) fat: Aabb,
    /// Whether its body moved (was awake) when pairs were last found.
    pub(crate) was_active: bool,
}

impl Collider {
    /// The body it belongs to.
    pub fn body(&self) -> BodyHandle {
        self.body
    }

    /// Its shape in the body frame.
    pub fn shape(&self) -> &Shape {
        &self.def.shape
    }

    /// Its material, filter and tag as created.
    pub fn def(&self) -> &ColliderDef {
        &self.def
    }

    /// The game's tag.
    pub fn tag(&self) -> u64 {
        self.def.tag
    }

    pub(crate) fn compute_aabb(&self, body_xf: &Transform, margin: f64) -> Aabb {
        self.def.shape.aabb(body_xf).expanded(margin)
    }
}
