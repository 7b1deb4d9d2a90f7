//! Sleep: islands of touching bodies that rest together stop being simulated together.

use super::body::{Body, BodyKind};
use super::world::PhysicsWorld;
use crate::constants::{SLEEP_ANGULAR_TOLERANCE, SLEEP_LINEAR_TOLERANCE, TIME_TO_SLEEP};
use crate::geom::Vec2;

impl PhysicsWorld {
    /// Groups bodies that touch (or are jointed) into islands; an island whose bodies have
    /// all rested for [`TIME_TO_SLEEP`] sleeps, and an island with any restless body wakes
    /// whole, so a sleeping stack never acts as rock under something awake.
    pub(crate) fn update_islands(&mut self) {
        let n = self.bodies.items.len();
        let scratch = &mut self.island_scratch.0;
        let parent = &mut scratch.parent;
        parent.clear();
        parent.extend(0..n);
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let dynamic =
            |items: &[Option<Body>], i: usize| items[i].as_ref().is_some_and(|b| b.is_dynamic());
        let links = &mut scratch.links;
        links.clear();
        for (_, c) in &self.contacts {
            if c.count == 0 {
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
        for &(a, b) in links.iter() {
            let (ra, rb) = (root(parent, a), root(parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
        let least_rest = &mut scratch.least_rest;
        least_rest.clear();
        least_rest.resize(n, f64::INFINITY);
        for i in 0..n {
            if let Some(b) = self.bodies.items[i].as_ref().filter(|b| b.is_dynamic()) {
                let r = root(parent, i);
                least_rest[r] = least_rest[r].min(b.sleep_time);
            }
        }
        for i in 0..n {
            let r = root(parent, i);
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
    pub(crate) fn update_rest_times(&mut self, dt: f64) {
        for b in self.bodies.items.iter_mut().flatten() {
            if b.is_dynamic() && b.awake {
                let resting = b.v.length_squared()
                    <= SLEEP_LINEAR_TOLERANCE * SLEEP_LINEAR_TOLERANCE
                    && b.w.abs() <= SLEEP_ANGULAR_TOLERANCE;
                b.sleep_time = if resting { b.sleep_time + dt } else { 0.0 };
            }
        }
    }
}
