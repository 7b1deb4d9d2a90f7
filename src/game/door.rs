//! Doors and lifts: kinematic boxes that move along a level mover's path and stop against
//! whatever is in their way instead of crushing it.
//!
//! A door rests closed at its path's first point or open at its last, and moves between
//! them at its speed when told; a lift shuttles from end to end without stopping. Each step
//! [`Door::step`] works out the move it wants along the path and clips it with the
//! axis-by-axis box stop ([`crate::collide::stop`]) against the boxes of the dynamic bodies
//! in its way (the ship, debris), so it halts touching them and goes on once the way is
//! clear.
//!
//! The body is [`BodyKind::Kinematic`] and is driven by its velocity, set to the clipped
//! move divided by `dt`, never by teleporting: the solver then sees a moving body, so a
//! box resting on a lift rides it (contact friction and the push match the lift's motion)
//! and a contact with a door that has just stopped is a resting one, with no overlap to
//! push out. The door keeps its place along the path itself and aims each step from where
//! the body really is, so rounding in the integration never accumulates.
//!
//! Bodies resting on top of a mover that moves up are its load, not obstacles: a lift
//! carries debris and the ship. The load's own room above is not checked: a lift that
//! rises into a low ceiling squeezes what it carries (the solver then pushes it out).

use crate::collide::stop::stop_move;
use crate::constants::LINEAR_SLOP;
use crate::geom::{Aabb, Vec2};
use crate::hash::Fnv1a;
use crate::level::{Mover, MoverKind};
use crate::physics::{BodyDef, BodyHandle, BodyKind, ColliderDef, PhysicsWorld};

/// How far (m) above a mover's top the bottom of a body may be, or how deep into it, for
/// the body to count as resting on it: a little more than the overlap resting contact
/// leaves. Larger lets a lift also carry bodies hovering just above it; smaller makes it
/// stop under a load that sinks a little.
const RIDE_TOLERANCE: f64 = 4.0 * LINEAR_SLOP;

/// Attempts at a shorter move when the stop clips one axis of a diagonal move, before the
/// door gives up moving this step.
const CLIP_ATTEMPTS: usize = 8;

/// A door this close (m) to its target has arrived: steps of `speed * dt` do not sum to
/// the path length exactly, and a door should not take one extra step for the last
/// femtometre.
const ARRIVAL_TOLERANCE: f64 = 1e-9;

/// A door or lift: a kinematic box body moving along a path.
#[derive(Clone, Debug, PartialEq)]
pub struct Door {
    body: BodyHandle,
    kind: MoverKind,
    path: Vec<Vec2>,
    /// Arc length from the first point to each point.
    lengths: Vec<f64>,
    half: Vec2,
    speed: f64,
    /// Where it is, as arc length along the path.
    at: f64,
    /// Where it is going, as arc length: 0 (closed) or the path length (open).
    target: f64,
    /// Whether something stopped it in the last step.
    blocked: bool,
}

impl Door {
    /// Creates the mover's kinematic body in `physics`, at the path's first point (the
    /// last for a door that starts open). An error, and no body, for a mover with fewer
    /// than two points, a size that is not positive, or numbers that are not finite.
    pub fn new(mover: &Mover, physics: &mut PhysicsWorld) -> Result<Door, String> {
        if mover.path.len() < 2 || mover.path.iter().any(|p| !p.is_finite()) {
            return Err(format!(
                "mover `{}`: expected a path of at least 2 finite points",
                mover.name
            ));
        }
        if !(mover.speed.is_finite() && mover.speed >= 0.0) {
            return Err(format!(
                "mover `{}`: expected a finite speed of at least 0, got {}",
                mover.name, mover.speed
            ));
        }
        let half = mover.size / 2.0;
        let shape = mover
            .shape()
            .map_err(|e| format!("mover `{}`: size: {e}", mover.name))?;
        let mut lengths = vec![0.0];
        for w in mover.path.windows(2) {
            lengths.push(lengths[lengths.len() - 1] + (w[1] - w[0]).length());
        }
        let total = lengths[lengths.len() - 1];
        let start_open = mover.kind == MoverKind::Door && mover.open;
        let at = if start_open { total } else { 0.0 };
        let target = if mover.kind == MoverKind::Lift || start_open {
            total
        } else {
            0.0
        };
        let body = physics.create_body(&BodyDef {
            kind: BodyKind::Kinematic,
            position: point_on(&mover.path, &lengths, at),
            fixed_rotation: true,
            ..BodyDef::default()
        });
        if physics
            .add_collider(body, &ColliderDef::new(shape))
            .is_none()
        {
            physics.remove_body(body);
            return Err(format!("mover `{}`: its box could not be made", mover.name));
        }
        Ok(Door {
            body,
            kind: mover.kind,
            path: mover.path.clone(),
            lengths,
            half,
            speed: mover.speed,
            at,
            target,
            blocked: false,
        })
    }

    /// The door's body.
    pub fn handle(&self) -> BodyHandle {
        self.body
    }

    /// Door or lift.
    pub fn kind(&self) -> MoverKind {
        self.kind
    }

    /// Start moving to the open end (the path's last point).
    pub fn open(&mut self) {
        self.target = self.length();
    }

    /// Start moving to the closed end (the path's first point).
    pub fn close(&mut self) {
        self.target = 0.0;
    }

    /// Close if open or opening, else open.
    pub fn toggle(&mut self) {
        if self.target > 0.0 {
            self.close();
        } else {
            self.open();
        }
    }

    /// Whether it is at the open end.
    pub fn is_open(&self) -> bool {
        self.at >= self.length()
    }

    /// Whether it is at the closed end.
    pub fn is_closed(&self) -> bool {
        self.at <= 0.0
    }

    /// Whether something in its way stopped it in the last step.
    pub fn is_blocked(&self) -> bool {
        self.blocked
    }

    /// Where its centre is meant to be: its place along the path.
    pub fn position(&self) -> Vec2 {
        self.point_at(self.at)
    }

    /// Its place along the path, from 0 (closed) to 1 (open).
    pub fn progress(&self) -> f64 {
        let total = self.length();
        if total > 0.0 {
            self.at / total
        } else {
            0.0
        }
    }

    /// Sets the body's velocity for the coming physics step: call once per step, before
    /// [`PhysicsWorld::step`] with the same `dt`. Does nothing if the body is gone or `dt`
    /// is not a positive finite number.
    pub fn step(&mut self, physics: &mut PhysicsWorld, dt: f64) {
        let Some(body) = physics.body(self.body) else {
            return;
        };
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        let now = body.position();
        if self.kind == MoverKind::Lift && self.at == self.target {
            self.target = if self.target > 0.0 {
                0.0
            } else {
                self.length()
            };
        }
        let wanted = (self.target - self.at).clamp(-self.speed * dt, self.speed * dt);
        let moving = Aabb::from_center(now, self.half);
        let aim = self.point_at(self.at + wanted);
        let obstacles = self.obstacles(physics, &moving, aim - now);
        // Shorten the move along the path until the stop lets all of it through, so the
        // door never leaves its path when only one axis of a diagonal move is blocked.
        let mut fraction = 1.0;
        let mut moved = None;
        for _ in 0..CLIP_ATTEMPTS {
            let delta = self.point_at(self.at + wanted * fraction) - now;
            let m = stop_move(&moving, delta, &obstacles);
            if !m.clipped_x && !m.clipped_y {
                moved = Some(delta);
                break;
            }
            let ratio = |got: f64, want: f64| if want != 0.0 { got / want } else { 1.0 };
            let shorter = ratio(m.delta.x, delta.x).min(ratio(m.delta.y, delta.y));
            fraction *= if shorter < 1.0 { shorter.max(0.0) } else { 0.5 };
        }
        let delta = match moved {
            Some(d) => d,
            None => {
                fraction = 0.0;
                // Stay put (aim at where the path says it is, if that is free).
                let back = self.point_at(self.at) - now;
                let m = stop_move(&moving, back, &obstacles);
                if m.clipped_x || m.clipped_y {
                    Vec2::ZERO
                } else {
                    back
                }
            }
        };
        self.blocked = fraction < 1.0;
        self.at = (self.at + wanted * fraction).clamp(0.0, self.length());
        if fraction == 1.0 && (self.target - self.at).abs() <= ARRIVAL_TOLERANCE {
            self.at = self.target;
        }
        physics.set_linear_velocity(self.body, delta / dt);
    }

    /// Boxes of the dynamic bodies near the move from `moving` by `delta`, less the load
    /// resting on top when the move goes up.
    fn obstacles(&self, physics: &PhysicsWorld, moving: &Aabb, delta: Vec2) -> Vec<Aabb> {
        let moved = Aabb::from_center(moving.center() + delta, self.half);
        let swept = moving.union(&moved).expanded(LINEAR_SLOP);
        let mut boxes = Vec::new();
        for (handle, body) in physics.bodies() {
            if handle == self.body || body.kind() != BodyKind::Dynamic {
                continue;
            }
            let xf = body.transform();
            let parts = body
                .colliders()
                .iter()
                .filter_map(|c| physics.collider(*c))
                .map(|c| c.shape().aabb(&xf));
            let Some(b) = parts.reduce(|a, b| a.union(&b)) else {
                continue;
            };
            let rides = delta.y > 0.0
                && (b.min.y - moving.max.y).abs() <= RIDE_TOLERANCE
                && b.min.x < moving.max.x
                && moving.min.x < b.max.x;
            if b.overlaps(&swept) && !rides {
                boxes.push(b);
            }
        }
        boxes
    }

    fn length(&self) -> f64 {
        self.lengths[self.lengths.len() - 1]
    }

    fn point_at(&self, s: f64) -> Vec2 {
        point_on(&self.path, &self.lengths, s)
    }

    /// Mixes the door's state into `h` (its body is in the physics hash).
    pub fn hash_into(&self, h: &mut Fnv1a) {
        h.write_f64(self.at);
        h.write_f64(self.target);
        h.write(&[self.blocked as u8]);
    }
}

/// The point at arc length `s` along `path` (clamped to its ends), whose points lie at the
/// arc lengths `lengths`.
fn point_on(path: &[Vec2], lengths: &[f64], s: f64) -> Vec2 {
    let total = lengths[lengths.len() - 1];
    let s = s.clamp(0.0, total);
    for (i, w) in path.windows(2).enumerate() {
        let (s0, s1) = (lengths[i], lengths[i + 1]);
        if s <= s1 && s1 > s0 {
            return w[0] + (w[1] - w[0]) * ((s - s0) / (s1 - s0));
        }
    }
    path[path.len() - 1]
}
