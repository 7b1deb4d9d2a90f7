//! The physics world: storage with handles, and the step.

use super::body::{Body, BodyDef, BodyHandle, BodyKind};
use super::broad_phase::{Entry, GridBroadPhase};
use super::collider::{Collider, ColliderDef, ColliderHandle};
use super::contact::{Contact, PairKey};
use super::events::ContactEvent;
use super::joint::{DistanceJoint, DistanceJointDef, JointHandle};
use super::profile::StepProfile;
use super::rock::{offset_links, RockSegment};
use super::settings::PhysicsSettings;
use super::solve_scratch::SolveScratch;
use crate::broad::LineTree;
use crate::geom::{Aabb, MassProperties, Rot, Vec2};

/// Slots with generations: a removed item's slot is reused with a new generation, so old
/// handles to it stop working instead of reaching the new item.
#[derive(Clone, Debug)]
pub(crate) struct Slots<T> {
    pub items: Vec<Option<T>>,
    pub generations: Vec<u32>,
    pub(crate) free: Vec<u32>,
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots {
            items: Vec::new(),
            generations: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<T> Slots<T> {
    pub(crate) fn insert(&mut self, item: T) -> (u32, u32) {
        if let Some(i) = self.free.pop() {
            self.items[i as usize] = Some(item);
            (i, self.generations[i as usize])
        } else {
            self.items.push(Some(item));
            self.generations.push(0);
            ((self.items.len() - 1) as u32, 0)
        }
    }

    pub(crate) fn remove(&mut self, index: u32, generation: u32) -> Option<T> {
        let i = index as usize;
        if self.generations.get(i) != Some(&generation) {
            return None;
        }
        let item = self.items[i].take()?;
        self.generations[i] = self.generations[i].wrapping_add(1);
        self.free.push(index);
        Some(item)
    }

    pub(crate) fn get(&self, index: u32, generation: u32) -> Option<&T> {
        let i = index as usize;
        (self.generations.get(i) == Some(&generation)).then(|| self.items[i].as_ref())?
    }

    pub(crate) fn get_mut(&mut self, index: u32, generation: u32) -> Option<&mut T> {
        let i = index as usize;
        (self.generations.get(i) == Some(&generation)).then(|| self.items[i].as_mut())?
    }
}

/// Working memory kept in the world so that steps do not allocate. It is not state: a copy
/// of the world starts with it empty.
#[derive(Debug, Default)]
pub(crate) struct Scratch<T>(pub T);

impl<T: Default> Clone for Scratch<T> {
    fn clone(&self) -> Self {
        Scratch(T::default())
    }
}

/// The broad phase's working memory.
#[derive(Debug, Default)]
pub(crate) struct BroadScratch {
    /// The entries the grid holds now, and the ones being compared with them.
    pub entries: Vec<Option<Entry>>,
    pub next: Vec<Option<Entry>>,
    /// Colliders whose entry changed since the grid last saw them, ascending.
    pub changed: Vec<u32>,
    pub pairs: Vec<(u32, u32)>,
    pub rock: Vec<u32>,
    /// Candidate pairs found again, and the merged list being built.
    pub fresh: Vec<super::contact::PairKey>,
    pub merged: Vec<super::contact::PairKey>,
}

/// The islands' working memory.
#[derive(Debug, Default)]
pub(crate) struct IslandScratch {
    pub parent: Vec<usize>,
    pub links: Vec<(usize, usize)>,
    pub least_rest: Vec<f64>,
}

impl Slots<Collider> {
    /// A live collider's shape.
    pub(crate) fn get_shape(&self, index: u32, generation: u32) -> Option<crate::geom::Shape> {
        self.get(index, generation).map(|c| c.def.shape)
    }
}

/// Bodies, colliders, joints and rock, stepped together.
#[derive(Clone, Debug)]
pub struct PhysicsWorld {
    pub(crate) settings: PhysicsSettings,
    pub(crate) bodies: Slots<Body>,
    pub(crate) colliders: Slots<Collider>,
    pub(crate) joints: Slots<DistanceJoint>,
    pub(crate) rock: Vec<RockSegment>,
    /// The line tree over the rock's segments (same indices).
    pub(crate) rock_tree: LineTree,
    pub(crate) broad: GridBroadPhase,
    /// Contacts sorted by pair, so they are visited in the same order on every run.
    pub(crate) contacts: Vec<(PairKey, Contact)>,
    /// The buffer the next step's contact list is built in (empty between steps).
    pub(crate) contacts_spare: Vec<(PairKey, Contact)>,
    /// Contacts that ended in the last step (working memory for their events).
    pub(crate) ended: Vec<(PairKey, Contact)>,
    /// Candidate pairs from the last broad phase, still valid while every collider stays
    /// inside its loose box.
    pub(crate) pairs: Vec<PairKey>,
    pub(crate) pairs_valid: bool,
    /// Whether the candidate pairs were found again since the contacts were last matched to
    /// them (otherwise each contact is refreshed where it lies).
    pub(crate) pairs_changed: bool,
    pub(crate) events: Vec<ContactEvent>,
    pub(crate) broken: Vec<JointHandle>,
    /// The solver's working memory (not state: empty in a copy).
    pub(crate) scratch: SolveScratch,
    /// Where the last step's time went (measured, never read by the simulation).
    pub(crate) profile: StepProfile,
    pub(crate) broad_scratch: Scratch<BroadScratch>,
    pub(crate) island_scratch: Scratch<IslandScratch>,
}

impl PhysicsWorld {
    /// An empty world, with `settings` [sanitized](PhysicsSettings::sanitized).
    pub fn new(settings: PhysicsSettings) -> PhysicsWorld {
        PhysicsWorld {
            settings: settings.sanitized(),
            bodies: Slots::default(),
            colliders: Slots::default(),
            joints: Slots::default(),
            rock: Vec::new(),
            rock_tree: LineTree::build(Vec::new()),
            broad: GridBroadPhase::default(),
            contacts: Vec::new(),
            pairs: Vec::new(),
            pairs_valid: false,
            pairs_changed: false,
            events: Vec::new(),
            broken: Vec::new(),
            scratch: SolveScratch::default(),
            profile: StepProfile::default(),
            contacts_spare: Vec::new(),
            ended: Vec::new(),
            broad_scratch: Scratch::default(),
            island_scratch: Scratch::default(),
        }
    }

    /// The settings in force.
    pub fn settings(&self) -> &PhysicsSettings {
        &self.settings
    }

    /// Changes gravity (zones can); a gravity that is not finite is ignored.
    pub fn set_gravity(&mut self, gravity: Vec2) {
        if gravity.is_finite() {
            self.settings.gravity = gravity;
        }
    }

    /// Adds a body (without colliders; it has no mass until one is added). A number of
    /// `def` that is not finite, or a negative damping, is taken as its default (see
    /// [`BodyDef`]).
    pub fn create_body(&mut self, def: &BodyDef) -> BodyHandle {
        let (index, generation) = self.bodies.insert(Body::new(def));
        BodyHandle { index, generation }
    }

    /// Adds a collider to a body and updates the body's mass. `None` if the body is gone or
    /// the collider's numbers are not finite or negative.
    pub fn add_collider(&mut self, body: BodyHandle, def: &ColliderDef) -> Option<ColliderHandle> {
        let valid = def.density.is_finite()
            && def.density >= 0.0
            && def.friction.is_finite()
            && def.friction >= 0.0
            && def.restitution.is_finite()
            && def.restitution >= 0.0;
        if !valid || self.bodies.get(body.index, body.generation).is_none() {
            return None;
        }
        let xf = self.bodies.get(body.index, body.generation)?.transform();
        let aabb = def.shape.aabb(&xf);
        let collider = Collider {
            body,
            def: *def,
            aabb,
            fat: aabb,
            was_active: false,
        };
        self.pairs_valid = false;
        let (index, generation) = self.colliders.insert(collider);
        let handle = ColliderHandle { index, generation };
        self.bodies
            .get_mut(body.index, body.generation)?
            .colliders
            .push(handle);
        self.update_mass(body);
        Some(handle)
    }

    /// Recomputes a body's mass, centre of mass and inertia from its colliders, keeping its
    /// frame where it is.
    fn update_mass(&mut self, handle: BodyHandle) {
        let parts: Vec<(MassProperties, f64)> =
            match self.bodies.get(handle.index, handle.generation) {
                Some(b) => b
                    .colliders
                    .iter()
                    .filter_map(|c| self.colliders.get(c.index, c.generation))
                    .map(|c| {
                        let (_, r) = c.def.shape.bounding_circle();
                        (c.def.shape.mass(c.def.density), r)
                    })
                    .collect(),
                None => return,
            };
        let Some(body) = self.bodies.get_mut(handle.index, handle.generation) else {
            return;
        };
        let xf = body.transform();
        let total = MassProperties::combine(&parts.iter().map(|p| p.0).collect::<Vec<_>>());
        body.min_extent = parts.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        if body.kind == BodyKind::Dynamic && total.mass > 0.0 {
            body.mass = total.mass;
            body.inv_mass = 1.0 / total.mass;
            body.inertia = if body.fixed_rotation {
                0.0
            } else {
                total.inertia
            };
            body.inv_inertia = if body.inertia > 0.0 {
                1.0 / body.inertia
            } else {
                0.0
            };
            body.local_center = total.center;
        } else {
            body.mass = 0.0;
            body.inv_mass = 0.0;
            body.inertia = 0.0;
            body.inv_inertia = 0.0;
            body.local_center = if total.mass > 0.0 {
                total.center
            } else {
                Vec2::ZERO
            };
        }
        body.center = xf.apply(body.local_center);
        body.center0 = body.center;
    }

    /// Removes a body with its colliders, contacts and joints. False if it was already gone.
    pub fn remove_body(&mut self, handle: BodyHandle) -> bool {
        let Some(body) = self.bodies.remove(handle.index, handle.generation) else {
            return false;
        };
        self.pairs_valid = false;
        let removed: Vec<u32> = body.colliders.iter().map(|c| c.index).collect();
        for c in &body.colliders {
            self.colliders.remove(c.index, c.generation);
        }
        self.contacts.retain(|(k, _)| match *k {
            PairKey::Bodies(a, b) => !removed.contains(&a) && !removed.contains(&b),
            PairKey::Rock(a, _) => !removed.contains(&a),
        });
        for i in 0..self.joints.items.len() {
            let touches = self.joints.items[i]
                .as_ref()
                .is_some_and(|j| j.def.body_a == handle || j.def.body_b == handle);
            if touches {
                let generation = self.joints.generations[i];
                self.joints.remove(i as u32, generation);
            }
        }
        true
    }

    /// A body, if it still exists.
    pub fn body(&self, handle: BodyHandle) -> Option<&Body> {
        self.bodies.get(handle.index, handle.generation)
    }

    /// A collider, if it still exists.
    pub fn collider(&self, handle: ColliderHandle) -> Option<&Collider> {
        self.colliders.get(handle.index, handle.generation)
    }

    /// Every body with its handle, in slot order.
    pub fn bodies(&self) -> impl Iterator<Item = (BodyHandle, &Body)> {
        self.bodies.items.iter().enumerate().filter_map(|(i, b)| {
            b.as_ref().map(|b| {
                let handle = BodyHandle {
                    index: i as u32,
                    generation: self.bodies.generations[i],
                };
                (handle, b)
            })
        })
    }

    /// Number of live bodies.
    pub fn body_count(&self) -> usize {
        self.bodies.items.iter().filter(|b| b.is_some()).count()
    }

    fn body_mut(&mut self, handle: BodyHandle) -> Option<&mut Body> {
        self.bodies.get_mut(handle.index, handle.generation)
    }

    /// Sets a body's velocity (of its centre of mass).
    pub fn set_linear_velocity(&mut self, handle: BodyHandle, v: Vec2) {
        if let Some(b) = self.body_mut(handle).filter(|_| v.is_finite()) {
            b.v = v;
            b.wake();
        }
    }

    /// Sets a body's angular velocity.
    pub fn set_angular_velocity(&mut self, handle: BodyHandle, w: f64) {
        if let Some(b) = self.body_mut(handle).filter(|_| w.is_finite()) {
            b.w = w;
            b.wake();
        }
    }

    /// Sets the game data a body carries (which entity owns it).
    pub fn set_user_data(&mut self, handle: BodyHandle, data: u64) {
        if let Some(b) = self.body_mut(handle) {
            b.user_data = data;
        }
    }

    /// Moves a body's frame to `position` and `angle` (teleport; velocities kept).
    pub fn set_transform(&mut self, handle: BodyHandle, position: Vec2, angle: f64) {
        if let Some(b) = self
            .body_mut(handle)
            .filter(|_| position.is_finite() && angle.is_finite())
        {
            b.rot = Rot::from_angle(angle);
            b.center = position + b.rot.rotate(b.local_center);
            b.rot0 = b.rot;
            b.center0 = b.center;
            b.wake();
        }
    }

    /// Adds a force at a world point for the next step (cleared after it); ignored unless
    /// both are finite.
    pub fn apply_force(&mut self, handle: BodyHandle, force: Vec2, point: Vec2) {
        if let Some(b) = self
            .body_mut(handle)
            .filter(|b| b.is_dynamic() && force.is_finite() && point.is_finite())
        {
            b.force += force;
            b.torque += (point - b.center).perp_dot(force);
            b.wake();
        }
    }

    /// Adds a torque for the next step.
    pub fn apply_torque(&mut self, handle: BodyHandle, torque: f64) {
        if let Some(b) = self
            .body_mut(handle)
            .filter(|b| b.is_dynamic() && torque.is_finite())
        {
            b.torque += torque;
            b.wake();
        }
    }

    /// Changes a body's velocity at once by an impulse at a world point; ignored unless both
    /// are finite.
    pub fn apply_impulse(&mut self, handle: BodyHandle, impulse: Vec2, point: Vec2) {
        if let Some(b) = self
            .body_mut(handle)
            .filter(|b| b.is_dynamic() && impulse.is_finite() && point.is_finite())
        {
            b.v += b.inv_mass * impulse;
            b.w += b.inv_inertia * (point - b.center).perp_dot(impulse);
            b.wake();
        }
    }

    /// Appends rock segments (one chain or several; links are within `segments`) and
    /// returns the index of the first.
    pub fn add_rock(&mut self, segments: &[RockSegment]) -> u32 {
        let base = self.rock.len() as u32;
        let mut chain = segments.to_vec();
        offset_links(&mut chain, base);
        self.pairs_valid = false;
        self.rock.extend(chain);
        self.rock_tree = LineTree::build(self.rock.iter().map(|s| s.segment).collect());
        base
    }

    /// The rock segments.
    pub fn rock(&self) -> &[RockSegment] {
        &self.rock
    }

    /// Adds a soft distance joint. `None` if either body is gone or the numbers are bad.
    pub fn create_distance_joint(&mut self, def: &DistanceJointDef) -> Option<JointHandle> {
        let numbers = [
            def.rest_length,
            def.stiffness,
            def.damping,
            def.max_force,
            def.break_force,
        ];
        if numbers
            .iter()
            .any(|x| !(x.is_finite() || *x == f64::INFINITY) || *x < 0.0)
            || !def.local_anchor_a.is_finite()
            || !def.local_anchor_b.is_finite()
        {
            return None;
        }
        self.body_mut(def.body_a)?.wake();
        self.body_mut(def.body_b)?.wake();
        let (index, generation) = self.joints.insert(DistanceJoint {
            def: *def,
            impulse: 0.0,
            force: 0.0,
        });
        Some(JointHandle { index, generation })
    }

    /// Removes a joint; false if it was already gone (or broke).
    pub fn remove_joint(&mut self, handle: JointHandle) -> bool {
        self.joints
            .remove(handle.index, handle.generation)
            .is_some()
    }

    /// The force a joint applied in the last step, N, or `None` if it is gone.
    pub fn joint_force(&self, handle: JointHandle) -> Option<f64> {
        self.joints
            .get(handle.index, handle.generation)
            .map(|j| j.force)
    }

    /// Contact events of the last step, in a fixed order.
    pub fn contact_events(&self) -> &[ContactEvent] {
        &self.events
    }

    /// Joints that broke in the last step (already removed).
    pub fn broken_joints(&self) -> &[JointHandle] {
        &self.broken
    }

    /// Total kinetic energy of the dynamic bodies, J.
    pub fn kinetic_energy(&self) -> f64 {
        self.bodies().map(|(_, b)| b.kinetic_energy()).sum()
    }

    /// Bounding boxes of live colliders with their handles (for queries and debugging).
    pub fn collider_aabbs(&self) -> impl Iterator<Item = (ColliderHandle, Aabb)> + '_ {
        self.colliders
            .items
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                c.as_ref().map(|c| {
                    let handle = ColliderHandle {
                        index: i as u32,
                        generation: self.colliders.generations[i],
                    };
                    (handle, c.aabb)
                })
            })
    }

    /// A hash of the world state: every body's position, rotation, velocities and rest
    /// state, bit for bit, in slot order (FNV-1a, 64 bits).
    pub fn state_hash(&self) -> u64 {
        let mut h = crate::hash::Fnv1a::new();
        for (handle, b) in self.bodies() {
            h.write_u32(handle.index);
            for x in [
                b.center.x,
                b.center.y,
                b.rot.c,
                b.rot.s,
                b.v.x,
                b.v.y,
                b.w,
                b.sleep_time,
            ] {
                h.write_f64(x);
            }
            h.write_u32(b.awake as u32);
        }
        h.finish()
    }
}
