//! The tractor beam: hold it to lock the nearest debris piece in range, inside a cone ahead
//! of the nose and in line of sight; a soft distance joint with a force limit tows it, so
//! the ship feels the load and the swing; let go and the piece flies on with its own
//! velocity — thrown.

use super::actions::Actions;
use super::events::GameEvent;
use super::layers;
use super::ship_def::PartKind;
use super::sim::Sim;
use crate::geom::Vec2;
use crate::physics::{BodyHandle, DistanceJointDef, JointHandle};

/// Shortest tow line, m: closer pieces are held at this distance.
pub const MIN_TOW_LENGTH: f64 = 1.5;

/// A locked piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tow {
    /// The beam's joint.
    pub joint: JointHandle,
    /// The piece's body.
    pub body: BodyHandle,
}

impl Sim {
    /// Locks, keeps or releases the beam for this step's actions.
    pub(super) fn update_tractor(&mut self, actions: &Actions) {
        let works = self
            .ship
            .as_ref()
            .is_some_and(|s| s.works(PartKind::Tractor));
        if !(actions.tractor && works) {
            self.release_tow();
            return;
        }
        if self.tow.is_none() {
            self.lock_tow();
        }
    }

    /// The emitter's position and the nose direction, if a ship flies.
    pub fn tractor_origin(&self) -> Option<(Vec2, Vec2)> {
        let body = self.ship()?;
        let xf = body.transform();
        Some((xf.apply(self.def.tractor.emitter), xf.q.rotate(Vec2::Y)))
    }

    /// The locked piece's body and where the beam ends on it, if the beam holds one.
    pub fn tow(&self) -> Option<(BodyHandle, Vec2)> {
        let tow = self.tow?;
        Some((tow.body, self.physics.body(tow.body)?.position()))
    }

    /// The piece the beam would lock now: the nearest in range and in the cone whose centre
    /// the emitter can see.
    pub fn tractor_candidate(&self) -> Option<BodyHandle> {
        let (from, nose) = self.tractor_origin()?;
        let t = self.def.tractor;
        let mut best: Option<(f64, BodyHandle)> = None;
        for handle in self.debris() {
            let Some(body) = self.physics.body(handle) else {
                continue;
            };
            let to = body.position() - from;
            let d = to.length();
            if d > t.range || d < 1e-9 || to.dot(nose) < d * t.cone.cos() {
                continue;
            }
            // Line of sight: the first thing the beam meets must be the piece itself.
            let hit = self
                .physics
                .ray_cast(from, to, layers::all_but(layers::SHIP));
            if hit.is_some_and(|h| h.body != Some(handle)) {
                continue;
            }
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, handle));
            }
        }
        best.map(|(_, h)| h)
    }

    fn lock_tow(&mut self) {
        let (Some(target), Some(ship)) = (self.tractor_candidate(), self.ship_handle()) else {
            return;
        };
        let (Some((from, _)), Some(piece)) = (self.tractor_origin(), self.physics.body(target))
        else {
            return;
        };
        let t = self.def.tractor;
        let length = (piece.position() - from)
            .length()
            .clamp(MIN_TOW_LENGTH, t.range);
        let joint = self.physics.create_distance_joint(&DistanceJointDef {
            body_a: ship,
            body_b: target,
            local_anchor_a: t.emitter,
            local_anchor_b: Vec2::ZERO,
            rest_length: length,
            stiffness: t.stiffness,
            damping: t.damping,
            max_force: t.max_force,
            break_force: t.break_force,
        });
        if let Some(joint) = joint {
            self.tow = Some(Tow {
                joint,
                body: target,
            });
            self.events.push(GameEvent::Tractor { locked: true });
        }
    }

    /// Lets go of the towed piece, if any; it keeps its velocity.
    pub(super) fn release_tow(&mut self) {
        if let Some(tow) = self.tow.take() {
            self.physics.remove_joint(tow.joint);
            self.events.push(GameEvent::Tractor { locked: false });
        }
    }

    /// Drops the tow if the beam broke under load or the piece is gone.
    pub(super) fn check_tow(&mut self) {
        let Some(tow) = self.tow else {
            return;
        };
        let broken = self.physics.broken_joints().contains(&tow.joint)
            || self.physics.body(tow.body).is_none()
            || self.physics.joint_force(tow.joint).is_none();
        if broken {
            self.release_tow();
        }
    }
}
