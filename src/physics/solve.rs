//! Runs the soft-step solver over the world's contacts and joints and moves the bodies.

use super::joint::{DistanceJoint, JointHandle};
use super::solver::{integrate_rotation, BodyState, Softness, Solver};
use super::world::PhysicsWorld;
use crate::geom::{Rot, Vec2};

impl PhysicsWorld {
    /// Runs the solver over every contact and joint, then moves the bodies.
    pub(crate) fn solve(&mut self, dt: f64) {
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
        let mut pending: Vec<(usize, usize, usize)> = Vec::with_capacity(self.contacts.len());
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
                pending.push((index, a, b));
            }
        }
        // Contacts that hold a body against something fixed (rock, a static or sleeping
        // body) are solved after those between moving bodies, as Box2D's graph colouring
        // does: solved first, the ground would lift the bottom of a stack on every impact
        // before the boxes above had pushed down on it.
        let fixed_side = |s: &BodyState| s.inv_mass == 0.0 && s.inv_inertia == 0.0;
        for last in [false, true] {
            for &(index, a, b) in &pending {
                let fixed = fixed_side(&solver.states[a]) || fixed_side(&solver.states[b]);
                if fixed == last {
                    solver.add_contact(index, &self.contacts[index].1, a, b);
                }
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
}
