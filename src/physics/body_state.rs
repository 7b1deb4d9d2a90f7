//! What the solver keeps for each moving body during one step: its velocity and how far it
//! has moved and turned since the step began (the state), and what it is made of and pushed
//! by (the sim). The solver reads and writes only these compact arrays, never the bodies.

use crate::geom::{Rot, Vec2};

/// Velocity and accumulated motion of one body during a step. Index 0 of the solver's
/// state array is a shared fixed state for everything that does not move (rock, static and
/// sleeping bodies); it is never written.
///
/// Laid out as eight doubles on one cache line (`repr(C)`, aligned to 64 bytes): `v.x`,
/// `v.y`, `w`, `dp.x`, then `dp.y`, `dq.c`, `dq.s` and a zero, so the AVX passes load four
/// bodies' numbers as eight 256-bit rows and turn them into lanes with a few shuffles.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(crate) struct BodyState {
    pub v: Vec2,
    pub w: f64,
    /// Motion of the centre of mass since the step began.
    pub dp: Vec2,
    /// Rotation since the step began.
    pub dq: Rot,
    /// Always zero: fills the line, so a row load never reads undefined bytes.
    pub pad: f64,
}

impl BodyState {
    /// A body at rest that has not moved.
    pub const FIXED: BodyState = BodyState {
        v: Vec2::ZERO,
        w: 0.0,
        dp: Vec2::ZERO,
        dq: Rot::IDENTITY,
        pad: 0.0,
    };
}

/// What the solver needs to integrate one moving body.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodySim {
    /// The body's slot in the world.
    pub slot: u32,
    /// Centre of mass at the start of the step.
    pub center: Vec2,
    pub inv_mass: f64,
    pub inv_inertia: f64,
    /// Gravity, forces and damping act on dynamic bodies only; kinematic ones keep their
    /// velocity.
    pub dynamic: bool,
    pub gravity_scale: f64,
    pub force: Vec2,
    pub torque: f64,
    pub linear_damping: f64,
    pub angular_damping: f64,
}

/// Integrates a rotation by `angle` radians without trigonometry, renormalising.
pub(crate) fn integrate_rotation(q: Rot, angle: f64) -> Rot {
    let c = q.c - angle * q.s;
    let s = q.s + angle * q.c;
    let mag = (c * c + s * s).sqrt();
    if mag > 0.0 {
        Rot {
            c: c / mag,
            s: s / mag,
        }
    } else {
        Rot::IDENTITY
    }
}

/// Stiffness of a soft constraint over one sub-step of length `h`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Softness {
    pub bias_rate: f64,
    pub mass_scale: f64,
    pub impulse_scale: f64,
}

impl Softness {
    /// A spring of `hertz` with damping ratio `zeta`, stepped implicitly at `h`.
    pub fn new(hertz: f64, zeta: f64, h: f64) -> Softness {
        if hertz <= 0.0 {
            return Softness {
                bias_rate: 0.0,
                mass_scale: 1.0,
                impulse_scale: 0.0,
            };
        }
        let omega = std::f64::consts::TAU * hertz;
        let a1 = 2.0 * zeta + h * omega;
        let a2 = h * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Softness {
            bias_rate: omega / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}
