//! Physics: rigid bodies, colliders, the contact solver, continuous collision, the tractor
//! joint and contact events, with its own storage and handles (like Box2D and rapier).
//!
//! Uses [`crate::geom`] and [`crate::collide`]; knows nothing of the ECS, the GPU, audio or
//! files. Deterministic: no hash-map iteration, wall clock or threads; bodies, colliders and
//! contact pairs are processed in a fixed order, so the same inputs give the same bits.
//!
//! One step ([`PhysicsWorld::step`]): broad phase (a uniform grid over bodies, the rock's
//! segments) → narrow phase through [`crate::collide`] → soft-step solver (sub-steps with soft
//! contact constraints, warm started from last step's impulses, relaxation, restitution) →
//! continuous collision for fast bodies and bullets → contact events.

mod avx;
#[cfg(target_arch = "x86_64")]
mod avx_lanes;
mod body;
mod body_state;
mod broad_phase;
mod ccd;
mod collider;
mod contact;
mod contact_batch;
mod contact_data;
mod contact_solver;
mod emit;
mod events;
mod graph;
mod handles;
mod islands;
mod joint;
mod joint_solver;
mod lanes;
mod pipeline;
mod profile;
mod query;
mod rock;
mod settings;
mod solve;
mod solve_scratch;
mod world;

pub use body::{Body, BodyDef, BodyHandle, BodyKind};
pub use collider::{Collider, ColliderDef, ColliderHandle, Filter};
pub use contact::ContactPoint;
pub use contact_data::ContactData;
pub use events::{ContactEvent, ContactEventKind, PartRef};
pub use joint::{DistanceJointDef, JointHandle};
pub use profile::StepProfile;
pub use query::RayHitInfo;
pub use rock::RockSegment;
pub use settings::PhysicsSettings;
pub use world::PhysicsWorld;
