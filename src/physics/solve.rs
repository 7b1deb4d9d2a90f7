//! The solve stage of a step: gather the moving bodies into compact states, colour and batch
//! the contacts, run the sub-steps (integrate velocities, warm start, push out, integrate
//! positions, relax), bounce, and write the bodies back.

use super::body_state::{integrate_rotation, BodySim, BodyState, Softness};
use super::contact_batch::Side;
use super::contact_solver::Pass;
use super::graph::Edge;
use super::joint::JointHandle;
use super::joint_solver::{self, JointConstraint, JointSide};
use super::profile::Stopwatch;
use super::solve_scratch::SolveScratch;
use super::world::PhysicsWorld;
use crate::geom::{left_perp, right_perp, Vec2};

/// A fixed body's sim: nothing moves it.
const FIXED_SIM: BodySim = BodySim {
    slot: u32::MAX,
    center: Vec2::ZERO,
    inv_mass: 0.0,
    inv_inertia: 0.0,
    dynamic: false,
    gravity_scale: 0.0,
    force: Vec2::ZERO,
    torque: 0.0,
    linear_damping: 0.0,
    angular_damping: 0.0,
};

impl PhysicsWorld {
    /// Runs the solver over every contact and joint, then moves the bodies. Returns the
    /// milliseconds spent integrating, for the profile.
    pub(crate) fn solve(&mut self, dt: f64) -> f64 {
        let mut s = std::mem::take(&mut self.scratch);
        self.gather_states(&mut s);
        if self.settings.contact_events {
            // The speeds are read by the events alone.
            self.measure_contact_speeds();
        }
        self.prepare_contacts(&mut s);
        self.prepare_joints(&mut s);
        let integrate = self.run_substeps(&mut s, dt);
        self.write_back(&mut s, dt);
        self.scratch = s;
        integrate
    }

    /// One state per moving body (awake dynamic and kinematic), after the fixed state 0.
    fn gather_states(&self, s: &mut SolveScratch) {
        s.states.clear();
        s.sims.clear();
        s.state_of.clear();
        s.state_of.resize(self.bodies.items.len(), 0);
        s.states.push(BodyState::FIXED);
        s.sims.push(FIXED_SIM);
        for (slot, b) in self.bodies.items.iter().enumerate() {
            let Some(b) = b.as_ref().filter(|b| b.is_active()) else {
                continue;
            };
            s.state_of[slot] = s.states.len() as u32;
            s.states.push(BodyState {
                v: b.v,
                w: b.w,
                ..BodyState::FIXED
            });
            s.sims.push(BodySim {
                slot: slot as u32,
                center: b.center,
                inv_mass: b.inv_mass,
                inv_inertia: b.inv_inertia,
                dynamic: b.is_dynamic(),
                gravity_scale: b.gravity_scale,
                force: b.force,
                torque: b.torque,
                linear_damping: b.linear_damping,
                angular_damping: b.angular_damping,
            });
        }
    }

    /// Records each contact's closing and sliding speed at the start of the step (impacts
    /// and scraping in the events).
    fn measure_contact_speeds(&mut self) {
        for (_, c) in self.contacts.iter_mut() {
            if c.count == 0 && !c.touching {
                // No point and no end to report: its speeds are read by nothing (a begin
                // event measures them afresh in the step it comes).
                continue;
            }
            let Some(bb) = self.bodies.items[c.body_b as usize].as_ref() else {
                continue;
            };
            let va = match c.body_a {
                None => (Vec2::ZERO, 0.0, Vec2::ZERO),
                Some(a) => match self.bodies.items[a as usize].as_ref() {
                    Some(ba) => (ba.v, ba.w, ba.center),
                    None => continue,
                },
            };
            let p = c.deepest().map_or(bb.center, |p| p.point);
            let rel = bb.velocity_at(p) - (va.0 + va.1 * left_perp(p - va.2));
            c.normal_speed = rel.dot(c.normal);
            c.tangent_speed = rel.dot(right_perp(c.normal));
        }
    }

    /// Colours the contacts that touch something moving and prepares their constraints.
    fn prepare_contacts(&self, s: &mut SolveScratch) {
        let fixed = |state: u32, sims: &[BodySim]| {
            state == 0
                || (sims[state as usize].inv_mass == 0.0 && sims[state as usize].inv_inertia == 0.0)
        };
        s.edges.clear();
        for (index, (_, c)) in self.contacts.iter().enumerate() {
            if c.count == 0 {
                continue;
            }
            let a = c.body_a.map_or(0, |a| s.state_of[a as usize]);
            let b = s.state_of[c.body_b as usize];
            if a != 0 || b != 0 {
                s.edges.push(Edge {
                    index: index as u32,
                    a,
                    b,
                    a_fixed: fixed(a, &s.sims),
                    b_fixed: fixed(b, &s.sims),
                });
            }
        }
        s.colors.assign(s.states.len(), &s.edges);
        let (state_of, sims) = (&s.state_of, &s.sims);
        let side = |slot: u32| {
            let state = state_of[slot as usize];
            let sim = &sims[state as usize];
            Side {
                state,
                center: sim.center,
                inv_mass: sim.inv_mass,
                inv_inertia: sim.inv_inertia,
            }
        };
        let fixed = Side {
            state: 0,
            center: Vec2::ZERO,
            inv_mass: 0.0,
            inv_inertia: 0.0,
        };
        s.contacts.prepare(
            s.colors.colors(),
            &s.colors.overflow,
            &self.contacts,
            &s.states,
            |c| (c.body_a.map_or(fixed, side), side(c.body_b)),
        );
    }

    /// Prepares the joints whose bodies both exist and one of which moves. A joint between
    /// sleeping bodies keeps holding with the force it last reported.
    fn prepare_joints(&mut self, s: &mut SolveScratch) {
        s.joints.clear();
        for (slot, j) in self.joints.items.iter().enumerate() {
            let Some(j) = j.as_ref() else { continue };
            let (a, b) = (j.def.body_a, j.def.body_b);
            let (Some(ba), Some(bb)) = (
                self.bodies.get(a.index, a.generation),
                self.bodies.get(b.index, b.generation),
            ) else {
                continue;
            };
            let side = |i: u32, body: &super::body::Body, anchor: Vec2| {
                let state = s.state_of[i as usize];
                let sim = &s.sims[state as usize];
                JointSide {
                    state,
                    center: body.center,
                    rot: body.rot,
                    local_anchor: anchor - body.local_center,
                    inv_mass: sim.inv_mass,
                    inv_inertia: sim.inv_inertia,
                }
            };
            let (sa, sb) = (
                side(a.index, ba, j.def.local_anchor_a),
                side(b.index, bb, j.def.local_anchor_b),
            );
            if sa.state != 0 || sb.state != 0 {
                s.joints.push(JointConstraint {
                    slot,
                    a: sa,
                    b: sb,
                    impulse_sum: 0.0,
                });
            }
        }
    }

    /// The sub-steps, then restitution. Returns the milliseconds spent integrating.
    fn run_substeps(&mut self, s: &mut SolveScratch, dt: f64) -> f64 {
        let mut integrate = 0.0;
        let substeps = self.settings.substeps.max(1);
        let h = dt / substeps as f64;
        let hertz = self.settings.contact_hertz.min(0.25 / h);
        let soft = Softness::new(hertz, self.settings.contact_damping_ratio, h);
        let push = Pass {
            use_bias: true,
            soft,
            inv_h: 1.0 / h,
            max_push: self.settings.max_push_speed,
        };
        let relax = Pass {
            use_bias: false,
            ..push
        };
        let gravity = self.settings.gravity;
        let joints = &mut self.joints.items;
        for _ in 0..substeps {
            let mut clock = Stopwatch::start();
            for (state, sim) in s.states.iter_mut().zip(&s.sims).skip(1) {
                if sim.dynamic {
                    state.v += h * (sim.gravity_scale * gravity + sim.inv_mass * sim.force);
                    state.w += h * sim.inv_inertia * sim.torque;
                    state.v /= 1.0 + h * sim.linear_damping;
                    state.w /= 1.0 + h * sim.angular_damping;
                }
            }
            integrate += clock.lap();
            joint_solver::warm_start(&s.joints, joints, &mut s.states);
            s.contacts.warm_start(&mut s.states);
            for _ in 0..self.settings.iterations.max(1) {
                joint_solver::solve(
                    &s.joints,
                    joints,
                    &mut s.states,
                    &soft,
                    push.max_push,
                    h,
                    true,
                );
                s.contacts.solve(&mut s.states, &push);
            }
            clock.lap();
            for state in s.states.iter_mut().skip(1) {
                state.dp += h * state.v;
                state.dq = integrate_rotation(state.dq, h * state.w);
            }
            integrate += clock.lap();
            for _ in 0..self.settings.relax_iterations {
                joint_solver::solve(
                    &s.joints,
                    joints,
                    &mut s.states,
                    &soft,
                    push.max_push,
                    h,
                    false,
                );
                s.contacts.solve(&mut s.states, &relax);
            }
            for c in &mut s.joints {
                if let Some(j) = joints[c.slot].as_ref() {
                    c.impulse_sum += j.impulse.abs();
                }
            }
        }
        s.contacts
            .restitution(&mut s.states, self.settings.restitution_threshold);
        s.contacts.store(&mut self.contacts);
        integrate
    }

    /// Moves the bodies to where the sub-steps left them, and breaks overloaded joints.
    fn write_back(&mut self, s: &mut SolveScratch, dt: f64) {
        for (state, sim) in s.states.iter().zip(&s.sims).skip(1) {
            let Some(b) = self.bodies.items[sim.slot as usize].as_mut() else {
                continue;
            };
            b.v = state.v;
            b.w = state.w;
            b.center = b.center0 + state.dp;
            b.rot = integrate_rotation(state.dq * b.rot0, 0.0);
            b.force = Vec2::ZERO;
            b.torque = 0.0;
        }
        s.broken.clear();
        for c in &s.joints {
            if let Some(j) = self.joints.items[c.slot].as_mut() {
                j.force = c.impulse_sum / dt;
                if j.force > j.def.break_force {
                    s.broken.push(c.slot);
                }
            }
        }
        self.broken.clear();
        for &slot in &s.broken {
            let generation = self.joints.generations[slot];
            self.joints.remove(slot as u32, generation);
            self.broken.push(JointHandle {
                index: slot as u32,
                generation,
            });
        }
    }
}
