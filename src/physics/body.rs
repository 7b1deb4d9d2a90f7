//! Rigid bodies: where they are, how they move, and what they weigh.

pub use super::handles::BodyHandle;
use super::handles::ColliderHandle;
use crate::geom::{Rot, Transform, Vec2};

/// How a body moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// Never moves; infinite mass.
    Static,
    /// Moves by its velocity, set by the game; pushes dynamic bodies, is never pushed.
    Kinematic,
    /// Moved by forces, gravity, contacts and joints.
    Dynamic,
}

/// What a new body starts as. A number that is not finite, or a negative damping, is taken
/// as its default when the body is made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyDef {
    /// How it moves.
    pub kind: BodyKind,
    /// Position of the body's origin.
    pub position: Vec2,
    /// Angle in radians.
    pub angle: f64,
    /// Initial velocity of the body's origin, m/s.
    pub linear_velocity: Vec2,
    /// Initial angular velocity, rad/s.
    pub angular_velocity: f64,
    /// Linear damping, 1/s: velocity decays as `v / (1 + h * damping)` per sub-step.
    pub linear_damping: f64,
    /// Angular damping, 1/s.
    pub angular_damping: f64,
    /// Multiplies the world's gravity for this body.
    pub gravity_scale: f64,
    /// Uses continuous collision against every body, not only rock (projectiles).
    pub bullet: bool,
    /// Never rotates (infinite inertia).
    pub fixed_rotation: bool,
    /// Free for the game (an entity id).
    pub user_data: u64,
}

impl Default for BodyDef {
    fn default() -> Self {
        BodyDef {
            kind: BodyKind::Dynamic,
            position: Vec2::ZERO,
            angle: 0.0,
            linear_velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            linear_damping: 0.0,
            angular_damping: 0.0,
            gravity_scale: 1.0,
            bullet: false,
            fixed_rotation: false,
            user_data: 0,
        }
    }
}

impl BodyDef {
    /// The definition with every number that is not finite replaced by its default, and
    /// negative damping by none: such a number would make the body's motion not a number
    /// (or, damped below zero, grow without end) from its first step.
    fn sanitized(&self) -> BodyDef {
        let d = BodyDef::default();
        let v2 = |v: Vec2, or: Vec2| if v.is_finite() { v } else { or };
        let num = |x: f64, or: f64| if x.is_finite() { x } else { or };
        BodyDef {
            position: v2(self.position, d.position),
            angle: num(self.angle, d.angle),
            linear_velocity: v2(self.linear_velocity, d.linear_velocity),
            angular_velocity: num(self.angular_velocity, d.angular_velocity),
            linear_damping: num(self.linear_damping, d.linear_damping).max(0.0),
            angular_damping: num(self.angular_damping, d.angular_damping).max(0.0),
            gravity_scale: num(self.gravity_scale, d.gravity_scale),
            ..*self
        }
    }
}

/// A rigid body. Read it through [`super::PhysicsWorld::body`]; change it through the world.
#[derive(Clone, Debug)]
pub struct Body {
    pub(crate) kind: BodyKind,
    /// Rotation of the body frame.
    pub(crate) rot: Rot,
    /// World position of the centre of mass.
    pub(crate) center: Vec2,
    /// Centre of mass in the body frame.
    pub(crate) local_center: Vec2,
    /// Pose at the start of the last step (for continuous collision and interpolation).
    pub(crate) rot0: Rot,
    pub(crate) center0: Vec2,
    /// Velocity of the centre of mass.
    pub(crate) v: Vec2,
    pub(crate) w: f64,
    pub(crate) force: Vec2,
    pub(crate) torque: f64,
    pub(crate) mass: f64,
    pub(crate) inv_mass: f64,
    pub(crate) inertia: f64,
    pub(crate) inv_inertia: f64,
    pub(crate) linear_damping: f64,
    pub(crate) angular_damping: f64,
    pub(crate) gravity_scale: f64,
    pub(crate) bullet: bool,
    pub(crate) fixed_rotation: bool,
    pub(crate) user_data: u64,
    pub(crate) colliders: Vec<ColliderHandle>,
    /// The smallest extent of the body's colliders: how far it may move in a step before
    /// it needs continuous collision.
    pub(crate) min_extent: f64,
    /// How long the body has been resting, s.
    pub(crate) sleep_time: f64,
    /// False while the body sleeps (it is then not simulated).
    pub(crate) awake: bool,
}

impl Body {
    pub(crate) fn new(def: &BodyDef) -> Body {
        let def = &def.sanitized();
        let rot = Rot::from_angle(def.angle);
        Body {
            kind: def.kind,
            rot,
            center: def.position,
            local_center: Vec2::ZERO,
            rot0: rot,
            center0: def.position,
            v: def.linear_velocity,
            w: def.angular_velocity,
            force: Vec2::ZERO,
            torque: 0.0,
            mass: 0.0,
            inv_mass: 0.0,
            inertia: 0.0,
            inv_inertia: 0.0,
            linear_damping: def.linear_damping,
            angular_damping: def.angular_damping,
            gravity_scale: def.gravity_scale,
            bullet: def.bullet,
            fixed_rotation: def.fixed_rotation,
            user_data: def.user_data,
            colliders: Vec::new(),
            min_extent: f64::INFINITY,
            sleep_time: 0.0,
            awake: true,
        }
    }

    /// How the body moves.
    pub fn kind(&self) -> BodyKind {
        self.kind
    }

    /// The body frame: maps collider shapes to the world.
    pub fn transform(&self) -> Transform {
        Transform {
            p: self.center - self.rot.rotate(self.local_center),
            q: self.rot,
        }
    }

    /// The body frame at the start of the last step, for interpolating between steps.
    pub fn previous_transform(&self) -> Transform {
        Transform {
            p: self.center0 - self.rot0.rotate(self.local_center),
            q: self.rot0,
        }
    }

    /// Position of the body's origin.
    pub fn position(&self) -> Vec2 {
        self.transform().p
    }

    /// Angle in radians, in (-π, π].
    pub fn angle(&self) -> f64 {
        self.rot.angle()
    }

    /// Rotation.
    pub fn rotation(&self) -> Rot {
        self.rot
    }

    /// World position of the centre of mass.
    pub fn center_of_mass(&self) -> Vec2 {
        self.center
    }

    /// Velocity of the centre of mass, m/s.
    pub fn linear_velocity(&self) -> Vec2 {
        self.v
    }

    /// Angular velocity, rad/s.
    pub fn angular_velocity(&self) -> f64 {
        self.w
    }

    /// Velocity of the material point at world position `p`.
    pub fn velocity_at(&self, p: Vec2) -> Vec2 {
        let r = p - self.center;
        self.v + self.w * Vec2::new(-r.y, r.x)
    }

    /// Mass, kg (zero for static and kinematic bodies).
    pub fn mass(&self) -> f64 {
        self.mass
    }

    /// Moment of inertia about the centre of mass, kg·m².
    pub fn inertia(&self) -> f64 {
        self.inertia
    }

    /// Linear damping, 1/s, as created.
    pub fn linear_damping(&self) -> f64 {
        self.linear_damping
    }

    /// Angular damping, 1/s, as created.
    pub fn angular_damping(&self) -> f64 {
        self.angular_damping
    }

    /// How strongly the world's gravity pulls this body.
    pub fn gravity_scale(&self) -> f64 {
        self.gravity_scale
    }

    /// Whether the body never rotates.
    pub fn is_fixed_rotation(&self) -> bool {
        self.fixed_rotation
    }

    /// Whether it uses continuous collision against every body.
    pub fn is_bullet(&self) -> bool {
        self.bullet
    }

    /// The game's value given at creation.
    pub fn user_data(&self) -> u64 {
        self.user_data
    }

    /// The body's colliders, in the order they were added.
    pub fn colliders(&self) -> &[ColliderHandle] {
        &self.colliders
    }

    /// Whether the body is simulated; a resting group of bodies falls asleep and wakes
    /// when something awake touches it or the game moves it.
    pub fn is_awake(&self) -> bool {
        self.awake
    }

    /// Whether this body moves during a step: awake dynamic bodies and kinematic bodies.
    pub(crate) fn is_active(&self) -> bool {
        match self.kind {
            BodyKind::Static => false,
            BodyKind::Kinematic => true,
            BodyKind::Dynamic => self.awake,
        }
    }

    pub(crate) fn wake(&mut self) {
        self.awake = true;
        self.sleep_time = 0.0;
    }

    /// Kinetic energy, J.
    pub fn kinetic_energy(&self) -> f64 {
        0.5 * self.mass * self.v.length_squared() + 0.5 * self.inertia * self.w * self.w
    }

    pub(crate) fn is_dynamic(&self) -> bool {
        self.kind == BodyKind::Dynamic
    }
}
