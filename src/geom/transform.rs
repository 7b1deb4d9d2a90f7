//! Rotations and rigid transforms (rotation then translation).

use super::Vec2;
use serde::{Deserialize, Serialize};
use std::ops::Mul;

/// A rotation stored as its cosine and sine, so applying it needs no trigonometry. Laid
/// out as the two numbers in that order (`repr(C)`), as the solver's vector loads read it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[repr(C)]
pub struct Rot {
    /// Cosine of the angle.
    pub c: f64,
    /// Sine of the angle.
    pub s: f64,
}

impl Rot {
    /// No rotation.
    pub const IDENTITY: Rot = Rot { c: 1.0, s: 0.0 };

    /// The rotation by `angle` radians, counter-clockwise.
    #[inline]
    pub fn from_angle(angle: f64) -> Rot {
        let (s, c) = angle.sin_cos();
        Rot { c, s }
    }

    /// The angle in radians, in (-π, π].
    #[inline]
    pub fn angle(self) -> f64 {
        self.s.atan2(self.c)
    }

    /// Rotates `v`.
    #[inline]
    pub fn rotate(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x - self.s * v.y, self.s * v.x + self.c * v.y)
    }

    /// Rotates `v` by the inverse rotation.
    #[inline]
    pub fn inv_rotate(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x + self.s * v.y, -self.s * v.x + self.c * v.y)
    }

    /// The rotation `self⁻¹ * other`: `other` expressed relative to `self`.
    #[inline]
    pub fn inv_mul(self, other: Rot) -> Rot {
        Rot {
            c: self.c * other.c + self.s * other.s,
            s: self.c * other.s - self.s * other.c,
        }
    }

    /// Whether both components are finite.
    #[inline]
    pub fn is_finite(self) -> bool {
        self.c.is_finite() && self.s.is_finite()
    }
}

/// A rigid transform: rotate by `q`, then translate by `p`. Maps a shape's local frame to
/// the world.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Transform {
    /// Translation: where the local origin lands.
    pub p: Vec2,
    /// Rotation.
    pub q: Rot,
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

impl Transform {
    /// The identity transform.
    pub const IDENTITY: Transform = Transform {
        p: Vec2::ZERO,
        q: Rot::IDENTITY,
    };

    /// A transform from a position and an angle in radians.
    #[inline]
    pub fn new(p: Vec2, angle: f64) -> Transform {
        Transform {
            p,
            q: Rot::from_angle(angle),
        }
    }

    /// A pure translation.
    #[inline]
    pub fn from_translation(p: Vec2) -> Transform {
        Transform {
            p,
            q: Rot::IDENTITY,
        }
    }

    /// Maps a local point to the world.
    #[inline]
    pub fn apply(&self, v: Vec2) -> Vec2 {
        self.q.rotate(v) + self.p
    }

    /// Maps a world point into this transform's local frame.
    #[inline]
    pub fn apply_inv(&self, v: Vec2) -> Vec2 {
        self.q.inv_rotate(v - self.p)
    }

    /// The transform `self⁻¹ * other`: takes `other`'s local frame into `self`'s local frame.
    #[inline]
    pub fn inv_mul(&self, other: &Transform) -> Transform {
        Transform {
            p: self.q.inv_rotate(other.p - self.p),
            q: self.q.inv_mul(other.q),
        }
    }

    /// The inverse transform.
    #[inline]
    pub fn inverse(&self) -> Transform {
        self.inv_mul(&Transform::IDENTITY)
    }

    /// Whether every component is finite. Queries on non-finite transforms report nothing.
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.p.is_finite() && self.q.is_finite()
    }
}

/// The rotation `a * b`: apply `b`, then `a`.
impl Mul for Rot {
    type Output = Rot;
    #[inline]
    fn mul(self, other: Rot) -> Rot {
        Rot {
            c: self.c * other.c - self.s * other.s,
            s: self.s * other.c + self.c * other.s,
        }
    }
}

/// The composition `a * b`: apply `b`, then `a`.
impl Mul for Transform {
    type Output = Transform;
    #[inline]
    fn mul(self, other: Transform) -> Transform {
        Transform {
            p: self.q.rotate(other.p) + self.p,
            q: self.q * other.q,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_undoes_transform() {
        let xf = Transform::new(Vec2::new(3.0, -2.0), 0.7);
        let v = Vec2::new(1.5, 4.0);
        let back = xf.apply_inv(xf.apply(v));
        assert!((back - v).length() < 1e-12);
        let id = xf.inverse() * xf;
        assert!(id.p.length() < 1e-12 && (id.q.angle()).abs() < 1e-12);
    }

    #[test]
    fn inv_mul_expresses_one_frame_in_another() {
        let a = Transform::new(Vec2::new(1.0, 2.0), 0.3);
        let b = Transform::new(Vec2::new(-4.0, 0.5), -1.1);
        let rel = a.inv_mul(&b);
        let v = Vec2::new(0.25, -0.75);
        let direct = a.apply_inv(b.apply(v));
        assert!((rel.apply(v) - direct).length() < 1e-12);
        assert!((rel.q.angle() - (-1.4)).abs() < 1e-12);
    }
}
