//! World-wide physics settings.

use crate::collide::ContactMethod;
use crate::geom::Vec2;

/// Settings for a [`super::PhysicsWorld`]; a level's physics section fills these in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhysicsSettings {
    /// Gravity, m/s².
    pub gravity: Vec2,
    /// Sub-steps per step. More gives stiffer stacks and joints at proportional cost.
    pub substeps: u32,
    /// Solver passes per sub-step that push overlap apart. One is enough with sub-steps;
    /// more stiffens very tall stacks.
    pub iterations: u32,
    /// Relaxation passes per sub-step that remove the velocity the push left behind.
    pub relax_iterations: u32,
    /// Contact stiffness in hertz, capped at a quarter of the sub-step rate. Stiffer pushes
    /// overlap out faster but can ring.
    pub contact_hertz: f64,
    /// Contact damping ratio: far above 1 so that overlap is pushed out without bounce.
    pub contact_damping_ratio: f64,
    /// Fastest speed, m/s, at which overlap is pushed apart: deep overlap resolves gently
    /// instead of launching bodies.
    pub max_push_speed: f64,
    /// Closing speeds below this, m/s, do not bounce; resting contact would jitter otherwise.
    pub restitution_threshold: f64,
    /// Bodies faster than this many of their own sizes per step use continuous collision
    /// against rock.
    pub ccd_size_fraction: f64,
    /// Which contact method body/body pairs use.
    pub contact_method: ContactMethod,
    /// Whether resting groups of bodies fall asleep.
    pub allow_sleep: bool,
    /// Whether the step reports begin / persist / end contact events. A world nobody reads
    /// events from (a benchmark, a headless replay checker) can skip building them.
    pub contact_events: bool,
}

impl Default for PhysicsSettings {
    fn default() -> Self {
        PhysicsSettings {
            gravity: Vec2::new(0.0, -9.81),
            substeps: 4,
            iterations: 1,
            relax_iterations: 1,
            contact_hertz: 30.0,
            contact_damping_ratio: 10.0,
            max_push_speed: 3.0,
            restitution_threshold: 1.0,
            ccd_size_fraction: 0.25,
            contact_method: ContactMethod::DualEdge,
            allow_sleep: true,
            contact_events: true,
        }
    }
}
