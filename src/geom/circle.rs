//! Circles.

use super::{ShapeError, Vec2};
use serde::{Deserialize, Serialize};

/// A solid circle in a body's local frame.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Circle {
    /// Centre in the local frame.
    pub center: Vec2,
    /// Radius, positive.
    pub radius: f64,
}

impl Circle {
    /// A circle; the radius must be positive and every number finite.
    pub fn new(center: Vec2, radius: f64) -> Result<Circle, ShapeError> {
        if !center.is_finite() {
            return Err(ShapeError::NonFinite { index: 0 });
        }
        if !radius.is_finite() {
            return Err(ShapeError::NonFinite { index: 1 });
        }
        if radius <= 0.0 {
            return Err(ShapeError::NotPositive {
                what: "radius",
                value: radius,
            });
        }
        Ok(Circle { center, radius })
    }
}
