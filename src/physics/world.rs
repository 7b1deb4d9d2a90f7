//! The physics world: storage with handles, and the step.

use super::body::{Body, BodyDef, BodyHandle, BodyKind};
use super::broad_phase::{Entry, GridBroadPhase};
use super::collider::{Collider, ColliderDef, ColliderHandle};
use super::contact::{CachedManifold, Contact, PairKey};
use super::events::{ContactEvent, ContactEventKind, PartRef};
use super::joint::{DistanceJoint, DistanceJointDef, JointHandle};
use super::rock::{offset_links, rock_contact, RockSegment};
use super::settings::PhysicsSettings;
use super::solver::{integrate_rotation, BodyState, Softness, Solver};
use crate::broad::LineTree;
use crate::collide::{contact_with, contact_within, ContactMethod};
use crate::constants::{
    FAT_MARGIN, SLEEP_ANGULAR_TOLERANCE, SLEEP_LINEAR_TOLERANCE, SPECULATIVE_DISTANCE,
    TIME_TO_SLEEP,
};
use crate::geom::{Aabb, MassProperties, Rot, Transform, Vec2};

/// Slots with generations: a removed item's slot is reused with a new generation, so old
/// handles to it stop working instead of reaching the new item.
#[derive(Clone, Debug)]
pub(crate) struct Slots<T> {
    pub items: Vec<Option<T>>,
    pub generations: Vec<u32>,
    free: Vec<u32>,
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
    fn insert(&mut self, item: T) -> (u32, u32) {
        if let Some(i) = self.free.pop() {
            self.items[i as usize] = Some(item);
            (i, self.generations[i as usize])
        } else {
            self.items.push(Some(item));
            self.generations.push(0);
            ((self.items.len() - 1) as u32, 0)
        }
    }

    fn remove(&mut self, index: u32, generation: u32) -> Option<T> {
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
    broad: GridBroadPhase,
    /// Contacts sorted by pair, so they are visited in the same order on every run.
    pub(crate) contacts: Vec<(PairKey, Contact)>,
    /// Candidate pairs from the last broad phase, still valid while every collider stays
    /// inside its loose box.
    pairs: Vec<PairKey>,
    pairs_valid: bool,
    events: Vec<ContactEvent>,
    broken: Vec<JointHandle>,
}

impl PhysicsWorld {
    /// An empty world.
    pub fn new(settings: PhysicsSettings) -> PhysicsWorld {
        PhysicsWorld {
            settings,
            bodies: Slots::default(),
            colliders: Slots::default(),
            joints: Slots::default(),
            rock: Vec::new(),
            rock_tree: LineTree::build(Vec::new()),
            broad: GridBroadPhase::default(),
            contacts: Vec::new(),
            pairs: Vec::new(),
            pairs_valid: false,
            events: Vec::new(),
            broken: Vec::new(),
        }
    }

    /// The settings in force.
    pub fn settings(&self) -> &PhysicsSettings {
        &self.settings
    }

    /// Changes gravity (zones can).
    pub fn set_gravity(&mut self, gravity: Vec2) {
        self.settings.gravity = gravity;
    }

    /// Adds a body (without colliders; it has no mass until one is added).
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

    /// Adds a force at a world point for the next step (cleared after it).
    pub fn apply_force(&mut self, handle: BodyHandle, force: Vec2, point: Vec2) {
        if let Some(b) = self
            .body_mut(handle)
            .filter(|b| b.is_dynamic() && force.is_finite())
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

    /// Changes a body's velocity at once by an impulse at a world point.
    pub fn apply_impulse(&mut self, handle: BodyHandle, impulse: Vec2, point: Vec2) {
        if let Some(b) = self
            .body_mut(handle)
            .filter(|b| b.is_dynamic() && impulse.is_finite())
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
            local_center_a: Vec2::ZERO,
            local_center_b: Vec2::ZERO,
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

    /// Advances the world by `dt` seconds.
    pub fn step(&mut self, dt: f64) {
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        for b in self.bodies.items.iter_mut().flatten() {
            b.center0 = b.center;
            b.rot0 = b.rot;
        }
        self.update_contacts(dt);
        self.update_islands();
        self.solve(dt);
        super::ccd::solve_continuous(self, dt);
        self.update_rest_times(dt);
        self.emit_events();
    }

    /// Broad and narrow phase: refreshes every contact's manifold.
    fn update_contacts(&mut self, dt: f64) {
        let margin = SPECULATIVE_DISTANCE;
        let mut stale = !self.pairs_valid;
        for c in self.colliders.items.iter_mut().flatten() {
            let Some(b) = self.bodies.get(c.body.index, c.body.generation) else {
                continue;
            };
            // Grow by the distance covered in a step, so approaching pairs get speculative
            // contacts before they meet.
            let reach = margin + b.v.length() * dt;
            c.aabb = c.compute_aabb(&b.transform(), reach);
            if !c.fat.contains(&c.aabb) || c.was_active != b.is_active() {
                c.fat = c.aabb.expanded(FAT_MARGIN);
                c.was_active = b.is_active();
                stale = true;
            }
        }
        if stale {
            self.find_pairs();
        }
        let live = std::mem::take(&mut self.pairs);
        debug_assert!(live.windows(2).all(|w| w[0] < w[1]), "pairs come sorted");
        let keys = live.clone();
        // Contacts whose pair is gone end (events are emitted from `ended`).
        let mut ended = Vec::new();
        let old = std::mem::take(&mut self.contacts);
        let mut old_iter = old.into_iter().peekable();
        for key in keys {
            while let Some((k, _)) = old_iter.peek() {
                if *k < key {
                    let (k, c) = old_iter.next().expect("peeked");
                    if self.asleep(&c) {
                        self.contacts.push((k, c)); // Sleeping pairs keep their contact.
                    } else {
                        ended.push((k, c));
                    }
                } else {
                    break;
                }
            }
            let existing = match old_iter.peek() {
                Some((k, _)) if *k == key => old_iter.next().map(|(_, c)| c),
                _ => None,
            };
            if let Some(contact) = self.narrow_phase(key, existing, dt) {
                self.contacts.push((key, contact));
            }
        }
        self.pairs = live;
        for (k, c) in old_iter {
            if self.asleep(&c) {
                self.contacts.push((k, c));
            } else {
                ended.push((k, c));
            }
        }
        self.events.clear();
        for (k, c) in ended {
            if c.touching {
                self.events.push(self.event(ContactEventKind::End, k, &c));
            }
        }
    }

    /// Finds candidate pairs from the colliders' loose boxes: body pairs from the grid, rock
    /// pairs for every moving dynamic collider. Sorted, bodies before rock.
    fn find_pairs(&mut self) {
        let entries: Vec<Option<Entry>> = self
            .colliders
            .items
            .iter()
            .map(|c| {
                let c = c.as_ref()?;
                let b = self.bodies.get(c.body.index, c.body.generation)?;
                Some(Entry {
                    aabb: c.fat,
                    body: c.body.index,
                    moving: b.is_active(),
                    dynamic: b.kind == BodyKind::Dynamic,
                })
            })
            .collect();
        let mut pairs = Vec::new();
        self.broad.pairs(&entries, &mut pairs);
        let mut live: Vec<PairKey> = pairs.iter().map(|&(a, b)| PairKey::Bodies(a, b)).collect();
        for (ci, e) in entries.iter().enumerate() {
            let Some(e) = e.as_ref().filter(|e| e.dynamic && e.moving) else {
                continue;
            };
            for si in self.rock_tree.query_aabb(&e.aabb) {
                live.push(PairKey::Rock(ci as u32, si));
            }
        }
        self.pairs = live;
        self.pairs_valid = true;
    }

    /// Whether neither side of a contact is simulated (asleep, static or rock).
    fn asleep(&self, c: &Contact) -> bool {
        let active = |i: u32| {
            self.bodies.items[i as usize]
                .as_ref()
                .is_some_and(|b| b.is_active())
        };
        let alive = |i: u32| self.bodies.items[i as usize].is_some();
        alive(c.body_b)
            && c.body_a.is_none_or(alive)
            && !active(c.body_b)
            && !c.body_a.is_some_and(active)
    }

    /// Groups bodies that touch (or are jointed) into islands; an island whose bodies have
    /// all rested for [`TIME_TO_SLEEP`] sleeps, and an island with any restless body wakes
    /// whole, so a sleeping stack never acts as rock under something awake.
    fn update_islands(&mut self) {
        let n = self.bodies.items.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let dynamic =
            |items: &[Option<Body>], i: usize| items[i].as_ref().is_some_and(|b| b.is_dynamic());
        let mut links: Vec<(usize, usize)> = Vec::new();
        for (_, c) in &self.contacts {
            if c.points.is_empty() {
                continue;
            }
            let b = c.body_b as usize;
            match c.body_a.map(|a| a as usize) {
                Some(a) if dynamic(&self.bodies.items, a) && dynamic(&self.bodies.items, b) => {
                    links.push((a, b))
                }
                Some(a) => {
                    // Touching a moving kinematic body keeps a body awake.
                    let moving = self.bodies.items[a].as_ref().is_some_and(|k| {
                        k.kind == BodyKind::Kinematic && (k.v != Vec2::ZERO || k.w != 0.0)
                    });
                    if moving {
                        if let Some(body) = self.bodies.items[b].as_mut() {
                            body.wake();
                        }
                    }
                }
                None => {}
            }
        }
        for j in self.joints.items.iter().flatten() {
            let (a, b) = (j.def.body_a.index as usize, j.def.body_b.index as usize);
            if dynamic(&self.bodies.items, a) && dynamic(&self.bodies.items, b) {
                links.push((a, b));
            }
        }
        for (a, b) in links {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
        let mut least_rest = vec![f64::INFINITY; n];
        for i in 0..n {
            if let Some(b) = self.bodies.items[i].as_ref().filter(|b| b.is_dynamic()) {
                let r = root(&mut parent, i);
                least_rest[r] = least_rest[r].min(b.sleep_time);
            }
        }
        for i in 0..n {
            let r = root(&mut parent, i);
            let Some(b) = self.bodies.items[i].as_mut().filter(|b| b.is_dynamic()) else {
                continue;
            };
            let sleep = self.settings.allow_sleep && least_rest[r] >= TIME_TO_SLEEP;
            if sleep && b.awake {
                b.awake = false;
                b.v = Vec2::ZERO;
                b.w = 0.0;
            } else if !sleep && !b.awake {
                b.awake = true;
            }
        }
    }

    /// Advances rest timers after a step.
    fn update_rest_times(&mut self, dt: f64) {
        for b in self.bodies.items.iter_mut().flatten() {
            if b.is_dynamic() && b.awake {
                let resting = b.v.length_squared()
                    <= SLEEP_LINEAR_TOLERANCE * SLEEP_LINEAR_TOLERANCE
                    && b.w.abs() <= SLEEP_ANGULAR_TOLERANCE;
                b.sleep_time = if resting { b.sleep_time + dt } else { 0.0 };
            }
        }
    }

    /// The contact for one pair, or `None` when the pair cannot collide.
    fn narrow_phase(&self, key: PairKey, existing: Option<Contact>, dt: f64) -> Option<Contact> {
        let collider = |i: u32| self.colliders.items[i as usize].as_ref();
        match key {
            PairKey::Bodies(ia, ib) => {
                let (ca, cb) = (collider(ia)?, collider(ib)?);
                if !ca.def.filter.allows(&cb.def.filter) {
                    return None;
                }
                let ba = self.bodies.items[ca.body.index as usize].as_ref()?;
                let bb = self.bodies.items[cb.body.index as usize].as_ref()?;
                let mut contact = existing.unwrap_or_else(|| {
                    let friction = (ca.def.friction * cb.def.friction).sqrt();
                    let restitution = ca.def.restitution.max(cb.def.restitution);
                    Contact::new(Some(ca.body.index), cb.body.index, friction, restitution)
                });
                let margin = SPECULATIVE_DISTANCE + (bb.v - ba.v).length() * dt;
                let (xf_a, xf_b) = (ba.transform(), bb.transform());
                let method = self.settings.contact_method;
                let compute = || match method {
                    ContactMethod::DualEdge => {
                        contact_within(&ca.def.shape, &xf_a, &cb.def.shape, &xf_b, margin)
                    }
                    // The other methods have no speculative margin: they report overlap only.
                    method => contact_with(method, &ca.def.shape, &xf_a, &cb.def.shape, &xf_b),
                };
                Self::refresh(&mut contact, &xf_a, &xf_b, margin, compute);
                Some(contact)
            }
            PairKey::Rock(ic, si) => {
                let c = collider(ic)?;
                let b = self.bodies.items[c.body.index as usize].as_ref()?;
                let s = &self.rock[si as usize];
                let mut contact = existing.unwrap_or_else(|| {
                    let friction = (c.def.friction * s.friction).sqrt();
                    Contact::new(
                        None,
                        c.body.index,
                        friction,
                        c.def.restitution.max(s.restitution),
                    )
                });
                let margin = SPECULATIVE_DISTANCE + b.v.length() * dt;
                let xf_b = b.transform();
                let compute = || rock_contact(&self.rock, si as usize, &c.def.shape, &xf_b, margin);
                Self::refresh(&mut contact, &Transform::IDENTITY, &xf_b, margin, compute);
                Some(contact)
            }
        }
    }

    /// Updates a contact's manifold: reused from its cache while the pair has barely moved,
    /// computed afresh otherwise.
    fn refresh(
        contact: &mut Contact,
        xf_a: &Transform,
        xf_b: &Transform,
        margin: f64,
        compute: impl FnOnce() -> Option<crate::collide::Manifold>,
    ) {
        if let Some(m) = contact
            .cache
            .as_ref()
            .and_then(|c| c.reuse(xf_a, xf_b, margin))
        {
            contact.update(Some(&m));
            return;
        }
        let m = compute();
        contact.cache = m
            .as_ref()
            .map(|m| CachedManifold::new(m, xf_a, xf_b, margin));
        contact.update(m.as_ref());
    }

    /// Runs the solver over every contact and joint, then moves the bodies.
    fn solve(&mut self, dt: f64) {
        let substeps = self.settings.substeps.max(1);
        let h = dt / substeps as f64;
        let n = self.bodies.items.len();
        let fixed = n; // State index of the rock and of missing bodies.
        let mut states: Vec<BodyState> = Vec::with_capacity(n + 1);
        let mut centers: Vec<Vec2> = Vec::with_capacity(n + 1);
        let mut rotations: Vec<Rot> = Vec::with_capacity(n + 1);
        for b in &self.bodies.items {
            match b {
                Some(b) => {
                    states.push(BodyState {
                        v: b.v,
                        w: b.w,
                        dp: Vec2::ZERO,
                        dq: Rot::IDENTITY,
                        // A sleeping body holds still like rock for whatever touches it.
                        inv_mass: if b.is_active() { b.inv_mass } else { 0.0 },
                        inv_inertia: if b.is_active() { b.inv_inertia } else { 0.0 },
                    });
                    centers.push(b.center);
                    rotations.push(b.rot);
                }
                None => {
                    states.push(BodyState::FIXED);
                    centers.push(Vec2::ZERO);
                    rotations.push(Rot::IDENTITY);
                }
            }
        }
        states.push(BodyState::FIXED);
        centers.push(Vec2::ZERO);
        rotations.push(Rot::IDENTITY);

        let hertz = self.settings.contact_hertz.min(0.25 / h);
        let mut solver = Solver {
            states: &mut states,
            centers: &centers,
            rotations: &rotations,
            constraints: Vec::with_capacity(self.contacts.len()),
            soft: Softness::new(hertz, self.settings.contact_damping_ratio, h),
            inv_h: 1.0 / h,
            max_push: self.settings.max_push_speed,
        };
        for (index, (_, c)) in self.contacts.iter_mut().enumerate() {
            let a = c.body_a.map_or(fixed, |i| i as usize);
            let b = c.body_b as usize;
            let (ba, bb) = (
                self.bodies.items[a.min(n - 1)].as_ref(),
                self.bodies.items[b].as_ref(),
            );
            if let (Some(bb), true) = (bb, c.body_a.is_none() || ba.is_some()) {
                let va = c
                    .body_a
                    .and_then(|_| ba.map(|b| (b.v, b.w, b.center)))
                    .unwrap_or((Vec2::ZERO, 0.0, Vec2::ZERO));
                let p = c.deepest().map_or(bb.center, |p| p.point);
                let rel = bb.velocity_at(p) - (va.0 + va.1 * crate::geom::left_perp(p - va.2));
                c.normal_speed = rel.dot(c.normal);
                c.tangent_speed = rel.dot(crate::geom::right_perp(c.normal));
            }
            let active = |i: usize| {
                self.bodies
                    .items
                    .get(i)
                    .and_then(|b| b.as_ref())
                    .is_some_and(|b| b.is_active())
            };
            if active(a) || active(b) {
                solver.add_contact(index, c, a, b);
            }
        }
        let mut joints: Vec<(usize, usize, &mut DistanceJoint)> = Vec::new();
        let mut joint_slots: Vec<usize> = Vec::new();
        for (slot, j) in self.joints.items.iter_mut().enumerate() {
            let Some(j) = j.as_mut() else { continue };
            let (a, b) = (j.def.body_a, j.def.body_b);
            let ba = self.bodies.get(a.index, a.generation);
            let bb = self.bodies.get(b.index, b.generation);
            if let (Some(ba), Some(bb)) = (ba, bb) {
                j.local_center_a = ba.local_center;
                j.local_center_b = bb.local_center;
                j.force = 0.0;
                joints.push((a.index as usize, b.index as usize, j));
                joint_slots.push(slot);
            }
        }
        let mut joint_impulse_sum = vec![0.0; joints.len()];
        let gravity = self.settings.gravity;
        for _ in 0..substeps {
            for (i, b) in self.bodies.items.iter().enumerate() {
                let Some(b) = b.as_ref().filter(|b| b.is_dynamic() && b.awake) else {
                    continue;
                };
                let s = &mut solver.states[i];
                s.v += h * (b.gravity_scale * gravity + b.inv_mass * b.force);
                s.w += h * b.inv_inertia * b.torque;
                s.v /= 1.0 + h * b.linear_damping;
                s.w /= 1.0 + h * b.angular_damping;
            }
            solver.warm_start_joints(&mut joints);
            solver.warm_start();
            for _ in 0..self.settings.iterations.max(1) {
                solver.solve_joints(&mut joints, h, true);
                solver.solve_contacts(true);
            }
            for (i, b) in self.bodies.items.iter().enumerate() {
                if b.as_ref().is_some_and(|b| b.is_active()) {
                    let s = &mut solver.states[i];
                    s.dp += h * s.v;
                    s.dq = integrate_rotation(s.dq, h * s.w);
                }
            }
            for _ in 0..self.settings.relax_iterations {
                solver.solve_joints(&mut joints, h, false);
                solver.solve_contacts(false);
            }
            for (sum, j) in joint_impulse_sum.iter_mut().zip(&joints) {
                *sum += j.2.impulse.abs();
            }
        }
        solver.apply_restitution(self.settings.restitution_threshold);
        solver.store_impulses(&mut self.contacts);
        let mut broken = Vec::new();
        for (((_, _, j), sum), slot) in joints.iter_mut().zip(&joint_impulse_sum).zip(&joint_slots)
        {
            j.force = sum / dt;
            if j.force > j.def.break_force {
                broken.push(*slot);
            }
        }
        drop(joints);
        for (i, b) in self.bodies.items.iter_mut().enumerate() {
            let Some(b) = b.as_mut() else { continue };
            if !b.is_active() {
                continue;
            }
            let s = states[i];
            b.v = s.v;
            b.w = s.w;
            b.center = b.center0 + s.dp;
            b.rot = integrate_rotation(s.dq * b.rot0, 0.0);
            b.force = Vec2::ZERO;
            b.torque = 0.0;
        }
        self.broken.clear();
        for slot in broken {
            let generation = self.joints.generations[slot];
            self.joints.remove(slot as u32, generation);
            self.broken.push(JointHandle {
                index: slot as u32,
                generation,
            });
        }
    }

    /// Begin and persist events, after the solve (so impulses are known).
    fn emit_events(&mut self) {
        let mut events = std::mem::take(&mut self.events);
        for (k, c) in self.contacts.iter_mut() {
            let k = &*k;
            let was = c.touching;
            c.touching = c.is_touching();
            let kind = match (was, c.touching) {
                (false, true) => ContactEventKind::Begin,
                (true, true) => ContactEventKind::Persist,
                (true, false) => ContactEventKind::End,
                (false, false) => continue,
            };
            let mut e = Self::event_of(&self.colliders, kind, *k, c);
            // The manifold was found before the bodies moved; carry its point along with
            // body B so the event says where the contact is now.
            if let Some(b) = self.bodies.items[c.body_b as usize].as_ref() {
                let local = b.rot0.inv_rotate(e.point - b.center0);
                e.point = b.center + b.rot.rotate(local);
                e.normal = match c
                    .body_a
                    .and_then(|a| self.bodies.items[a as usize].as_ref())
                {
                    Some(a) => a.rot.rotate(a.rot0.inv_rotate(e.normal)),
                    None => e.normal,
                };
            }
            events.push(e);
        }
        self.events = events;
    }

    fn event(&self, kind: ContactEventKind, key: PairKey, c: &Contact) -> ContactEvent {
        Self::event_of(&self.colliders, kind, key, c)
    }

    fn event_of(
        colliders: &Slots<Collider>,
        kind: ContactEventKind,
        key: PairKey,
        c: &Contact,
    ) -> ContactEvent {
        let part = |i: u32| {
            let generation = colliders.generations.get(i as usize).copied().unwrap_or(0);
            let handle = ColliderHandle {
                index: i,
                generation,
            };
            let body = colliders
                .items
                .get(i as usize)
                .and_then(|c| c.as_ref())
                .map(|c| c.body);
            (PartRef::Collider(handle), body)
        };
        let ((a, body_a), (b, body_b)) = match key {
            PairKey::Bodies(x, y) => (part(x), part(y)),
            PairKey::Rock(x, s) => ((PartRef::Rock(s), None), part(x)),
        };
        let deepest = c.deepest();
        ContactEvent {
            kind,
            a,
            b,
            body_a,
            body_b,
            point: deepest.map_or(Vec2::ZERO, |p| p.point),
            normal: c.normal,
            normal_impulse: c.total_impulse(),
            normal_speed: c.normal_speed,
            tangent_speed: c.tangent_speed,
        }
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
