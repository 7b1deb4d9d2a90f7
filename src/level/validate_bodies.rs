//! Checks on the bodies a level places and a script spawns alike: a debris piece's shape,
//! motion and material, and a turret's numbers.

use super::entities::{Debris, DebrisShape};
use super::limits::{
    MAX_BRUSH_SIZE, MAX_DENSITY, MAX_FIRE_INTERVAL, MAX_FRICTION, MAX_SPEED, MAX_SPIN, MIN_DENSITY,
};
use super::validate_shapes::{show, Checker};
use crate::geom::Vec2;

/// The fields of a debris piece that a template shares, as the validator sees them.
pub(super) struct DebrisBody<'a> {
    /// Its shape.
    pub shape: &'a DebrisShape,
    /// Initial velocity.
    pub velocity: Vec2,
    /// Initial spin.
    pub angular_velocity: f64,
    /// Density.
    pub density: f64,
    /// Friction.
    pub friction: f64,
    /// Restitution.
    pub restitution: f64,
}

impl<'a> From<&'a Debris> for DebrisBody<'a> {
    fn from(d: &'a Debris) -> DebrisBody<'a> {
        DebrisBody {
            shape: &d.shape,
            velocity: d.velocity,
            angular_velocity: d.angular_velocity,
            density: d.density,
            friction: d.friction,
            restitution: d.restitution,
        }
    }
}

/// Checks a debris piece's body (a level's or a template's): its shape as the game builds it,
/// its motion and its material.
pub(super) fn debris_body(c: &mut Checker, p: &str, d: &DebrisBody) {
    c.debris_shape(&format!("{p}.shape"), d.shape);
    if !d.velocity.is_finite() || d.velocity.length() > MAX_SPEED {
        c.fail(
            format!("{p}.velocity"),
            format!(
                "expected a finite speed of at most {MAX_SPEED} m/s, got {}",
                show(d.velocity)
            ),
        );
    }
    c.finite(
        &format!("{p}.angular_velocity"),
        d.angular_velocity,
        MAX_SPIN,
    );
    c.number(
        &format!("{p}.density"),
        d.density,
        MIN_DENSITY,
        MAX_DENSITY,
        false,
    );
    c.number(
        &format!("{p}.friction"),
        d.friction,
        0.0,
        MAX_FRICTION,
        false,
    );
    c.number(&format!("{p}.restitution"), d.restitution, 0.0, 1.0, false);
}

/// Checks a turret's numbers (a level's or a template's).
pub(super) fn turret(c: &mut Checker, p: &str, fire_interval: f64, range: f64) {
    c.number(
        &format!("{p}.fire_interval"),
        fire_interval,
        0.0,
        MAX_FIRE_INTERVAL,
        true,
    );
    c.number(&format!("{p}.range"), range, 0.0, MAX_BRUSH_SIZE, true);
}
