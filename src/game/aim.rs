//! Enemy aiming and movement helpers: leading a moving target, turning a turret, seeing
//! through the cave, patrolling a path and steering a drone into the ship.
//!
//! Plain functions of positions and velocities (and a read-only physics world for sight),
//! so they can be tested in closed form and called from any system.

use crate::geom::Vec2;
use crate::physics::{BodyHandle, Filter, PhysicsWorld};
use std::f64::consts::{PI, TAU};

/// The unit direction to fire a projectile of `projectile_speed` (m/s, relative to the
/// world) from `shooter` so that it meets a target at `target_pos` moving at the constant
/// `target_vel`: the earliest positive root `t` of `|p + v t| = s t`. `None` when the
/// projectile can never catch the target, the target sits on the muzzle, or input is bad.
/// For projectiles that inherit the shooter's velocity, pass the target's velocity relative
/// to the shooter.
pub fn lead_direction(
    shooter: Vec2,
    projectile_speed: f64,
    target_pos: Vec2,
    target_vel: Vec2,
) -> Option<Vec2> {
    let t = intercept_time(shooter, projectile_speed, target_pos, target_vel)?;
    let aim = (target_pos + target_vel * t - shooter).normalize_or_zero();
    (aim != Vec2::ZERO).then_some(aim)
}

/// The earliest time at which a projectile of `speed` from `shooter` can meet the target;
/// see [`lead_direction`].
pub fn intercept_time(
    shooter: Vec2,
    speed: f64,
    target_pos: Vec2,
    target_vel: Vec2,
) -> Option<f64> {
    let p = target_pos - shooter;
    let finite = shooter.is_finite() && target_pos.is_finite() && target_vel.is_finite();
    if !(finite && speed.is_finite() && speed > 0.0) || p == Vec2::ZERO {
        return None;
    }
    // (v·v − s²) t² + 2 (p·v) t + p·p = 0
    let a = target_vel.length_squared() - speed * speed;
    let b = 2.0 * p.dot(target_vel);
    let c = p.length_squared();
    let scale = speed * speed;
    let t = if a.abs() <= 1e-12 * scale {
        // Equal speeds: the linear equation b t + c = 0.
        (b < 0.0).then(|| -c / b)?
    } else {
        let disc = b * b - 4.0 * a * c;
        if disc < 0.0 {
            return None;
        }
        // The numerically stable pair of roots.
        let q = -0.5 * (b + b.signum() * disc.sqrt());
        let roots = [q / a, if q != 0.0 { c / q } else { f64::INFINITY }];
        roots
            .into_iter()
            .filter(|t| t.is_finite() && *t > 0.0)
            .fold(None, |best: Option<f64>, t| {
                Some(best.map_or(t, |b| b.min(t)))
            })?
    };
    t.is_finite().then_some(t)
}

/// `angle` wrapped into (−π, π].
pub fn wrap_angle(angle: f64) -> f64 {
    let a = (angle + PI).rem_euclid(TAU) - PI;
    if a == -PI {
        PI
    } else {
        a
    }
}

/// Turns `angle` toward `target_angle` by at most `max_step` radians the short way round,
/// returning the new angle wrapped into (−π, π]. A negative or non-finite step turns by
/// nothing; non-finite angles give back `angle`.
pub fn turn_towards(angle: f64, target_angle: f64, max_step: f64) -> f64 {
    if !(angle.is_finite() && target_angle.is_finite()) {
        return angle;
    }
    let step = if max_step.is_finite() {
        max_step.max(0.0)
    } else {
        0.0
    };
    let delta = wrap_angle(target_angle - angle);
    wrap_angle(angle + delta.clamp(-step, step))
}

/// Whether `to` can be seen from `from`: no rock lies between, and, when `bodies` is given,
/// no body whose colliders that filter allows, other than those in `ignore` (the looker and
/// its target, usually). Rock is one-sided, so sight lines must start in open space.
pub fn line_of_sight(
    world: &PhysicsWorld,
    from: Vec2,
    to: Vec2,
    ignore: &[BodyHandle],
    bodies: Option<Filter>,
) -> bool {
    if !(from.is_finite() && to.is_finite()) {
        return false;
    }
    // A filter on no layer allows no collider: only rock is tested.
    let filter = bodies.unwrap_or(Filter { layer: 0, mask: 0 });
    world
        .ray_cast_excluding(from, to - from, filter, ignore)
        .is_none()
}

/// How a patrol walks its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatrolMode {
    /// To the last point, then back to the first, and again.
    PingPong,
    /// From the last point straight on to the first.
    Loop,
}

/// A patroller following a path of points at a steady speed.
#[derive(Clone, Debug, PartialEq)]
pub struct Patrol {
    points: Vec<Vec2>,
    mode: PatrolMode,
    speed: f64,
    target: usize,
    forward: bool,
}

impl Patrol {
    /// A patrol along `points` at `speed` m/s, heading first for the first point. `None` for
    /// no points, a non-finite point, or a speed that is not a positive number.
    pub fn new(points: &[Vec2], mode: PatrolMode, speed: f64) -> Option<Patrol> {
        let ok = !points.is_empty()
            && points.iter().all(|p| p.is_finite())
            && speed.is_finite()
            && speed > 0.0;
        ok.then(|| Patrol {
            points: points.to_vec(),
            mode,
            speed,
            target: 0,
            forward: true,
        })
    }

    /// The point it is heading for.
    pub fn target(&self) -> Vec2 {
        self.points[self.target]
    }

    /// The velocity it wants for the next `dt` seconds from `position`: toward its target
    /// at its speed, slowing so as to stop on the target rather than overshoot it. On
    /// arriving (within one step's travel) it heads for the next point. A path of one
    /// point is a post to hold.
    pub fn velocity(&mut self, position: Vec2, dt: f64) -> Vec2 {
        if !(dt.is_finite() && dt > 0.0 && position.is_finite()) {
            return Vec2::ZERO;
        }
        let reach = self.speed * dt;
        if (self.target() - position).length() <= reach * (1.0 + 1e-9) {
            self.advance();
        }
        let to = self.target() - position;
        let dist = to.length();
        if dist == 0.0 {
            return Vec2::ZERO;
        }
        to / dist * self.speed.min(dist / dt)
    }

    fn advance(&mut self) {
        let n = self.points.len();
        if n < 2 {
            return;
        }
        match self.mode {
            PatrolMode::Loop => self.target = (self.target + 1) % n,
            PatrolMode::PingPong => {
                if (self.forward && self.target + 1 == n) || (!self.forward && self.target == 0) {
                    self.forward = !self.forward;
                }
                self.target = if self.forward {
                    self.target + 1
                } else {
                    self.target - 1
                };
            }
        }
    }
}

/// How a ramming drone flies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Steering {
    /// Top speed, m/s.
    pub max_speed: f64,
    /// Strongest acceleration, m/s².
    pub max_accel: f64,
    /// How quickly it matches the velocity it wants, s: smaller is more twitchy.
    pub reaction_time: f64,
}

/// The acceleration a drone at `position` with `velocity` wants in order to ram a target at
/// `target_pos` moving at `target_vel`: it heads for where the target will be when it gets
/// there (pursuit), at full speed (no slowing: it means to hit), and its acceleration is
/// capped at `max_accel`. Zero for bad input.
pub fn pursue(
    position: Vec2,
    velocity: Vec2,
    target_pos: Vec2,
    target_vel: Vec2,
    steering: &Steering,
) -> Vec2 {
    let Steering {
        max_speed,
        max_accel,
        reaction_time,
    } = *steering;
    let finite = [position, velocity, target_pos, target_vel]
        .iter()
        .all(|v| v.is_finite());
    let tuned = [max_speed, max_accel, reaction_time]
        .iter()
        .all(|x| x.is_finite() && *x > 0.0);
    if !finite || !tuned {
        return Vec2::ZERO;
    }
    // Look ahead by the time it takes to cover the distance at top speed.
    let ahead = (target_pos - position).length() / max_speed;
    let predicted = target_pos + target_vel * ahead;
    let desired = (predicted - position).normalize_or_zero() * max_speed;
    ((desired - velocity) / reaction_time).clamp_length_max(max_accel)
}

#[cfg(test)]
#[path = "aim_tests.rs"]
mod tests;
