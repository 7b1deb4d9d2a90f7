//! World-wide physics settings.

use crate::collide::ContactMethod;
use crate::geom::Vec2;

/// Settings for a [`super::PhysicsWorld`]; a level's physics section fills these in. A
/// world takes a number that is not finite, or a negative stiffness, damping or speed, as
/// its default ([`PhysicsSettings::sanitized`]).
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

impl PhysicsSettings {
    /// These settings with each number that is not finite, and each negative stiffness,
    /// damping ratio or speed, replaced by its default: a gravity that is not a number
    /// would make every body's motion not one, and a negative push speed pulls overlapping
    /// bodies into each other.
    pub fn sanitized(&self) -> PhysicsSettings {
        let d = PhysicsSettings::default();
        let at_least_zero = |x: f64, or: f64| if x.is_finite() && x >= 0.0 { x } else { or };
        PhysicsSettings {
            gravity: if self.gravity.is_finite() {
                self.gravity
            } else {
                d.gravity
            },
            contact_hertz: at_least_zero(self.contact_hertz, d.contact_hertz),
            contact_damping_ratio: at_least_zero(
                self.contact_damping_ratio,
                d.contact_damping_ratio,
            ),
            max_push_speed: at_least_zero(self.max_push_speed, d.max_push_speed),
            restitution_threshold: at_least_zero(
                self.restitution_threshold,
                d.restitution_threshold,
            ),
            ccd_size_fraction: if self.ccd_size_fraction.is_finite() {
                self.ccd_size_fraction
            } else {
                d.ccd_size_fraction
            },
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_numbers_become_defaults_and_good_ones_stay() {
        let d = PhysicsSettings::default();
        let good = PhysicsSettings {
            gravity: Vec2::new(1.0, -3.0),
            substeps: 8,
            contact_hertz: 0.0,
            max_push_speed: 0.5,
            ccd_size_fraction: -1.0,
            ..d
        };
        assert_eq!(good.sanitized(), good);
        let bad = PhysicsSettings {
            gravity: Vec2::new(f64::NAN, -3.0),
            contact_hertz: f64::INFINITY,
            contact_damping_ratio: -1.0,
            max_push_speed: -1.0,
            restitution_threshold: f64::NAN,
            ccd_size_fraction: f64::NAN,
            substeps: 8,
            ..d
        };
        assert_eq!(bad.sanitized(), PhysicsSettings { substeps: 8, ..d });
    }
}
