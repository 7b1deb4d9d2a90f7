//! The step: broad phase, narrow phase with manifold reuse, then the solve, continuous
//! collision, sleep and events, in that order.

use super::body::BodyKind;
use super::broad_phase::Entry;
use super::contact::{CachedManifold, Contact, PairKey};
use super::events::ContactEventKind;
use super::rock::rock_contact;
use super::world::PhysicsWorld;
use crate::collide::{contact_with, contact_within, ContactMethod};
use crate::constants::{FAT_MARGIN, SPECULATIVE_DISTANCE};
use crate::geom::Transform;

impl PhysicsWorld {
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
    pub(crate) fn update_contacts(&mut self, dt: f64) {
        let margin = SPECULATIVE_DISTANCE;
        let mut stale = !self.pairs_valid;
        for c in self.colliders.items.iter_mut().flatten() {
            let Some(b) = self.bodies.get(c.body.index, c.body.generation) else {
                continue;
            };
            if !b.is_active() && !c.was_active && b.kind != BodyKind::Static {
                continue; // Asleep since pairs were last found: nothing about it changed.
            }
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
        // Contacts whose pair is gone end (events are emitted from `ended`).
        let mut ended = Vec::new();
        let old = std::mem::take(&mut self.contacts);
        let mut old_iter = old.into_iter().peekable();
        for &key in &live {
            while let Some((k, c)) = old_iter.next_if(|(k, _)| *k < key) {
                // A pair that is gone ends, unless both sides sleep: then it stays as it was.
                if self.asleep(&c) {
                    self.contacts.push((k, c));
                } else {
                    ended.push((k, c));
                }
            }
            let existing = old_iter.next_if(|(k, _)| *k == key).map(|(_, c)| c);
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
        if !self.settings.contact_events {
            return;
        }
        for (k, c) in ended {
            if c.touching {
                self.events.push(self.event(ContactEventKind::End, k, &c));
            }
        }
    }

    /// Finds candidate pairs from the colliders' loose boxes: body pairs from the grid, rock
    /// pairs for every moving dynamic collider. Sorted, bodies before rock.
    pub(crate) fn find_pairs(&mut self) {
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
    pub(crate) fn asleep(&self, c: &Contact) -> bool {
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

    /// The contact for one pair, or `None` when the pair cannot collide.
    pub(crate) fn narrow_phase(
        &self,
        key: PairKey,
        existing: Option<Contact>,
        dt: f64,
    ) -> Option<Contact> {
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
    pub(crate) fn refresh(
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
}
