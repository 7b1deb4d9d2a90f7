//! The step: broad phase, narrow phase with manifold reuse, then the solve, continuous
//! collision, sleep and events, in that order.

use super::body::{Body, BodyKind};
use super::broad_phase::{merge_sorted, Entry};
use super::collider::Collider;
use super::contact::{Contact, PairKey};
use super::events::ContactEventKind;
use super::profile::{StepProfile, Stopwatch};
use super::rock::rock_contact;
use super::world::PhysicsWorld;
use crate::collide::clearance::Clearance;
use crate::collide::gjk::SimplexCache;
use crate::collide::{contact_tracked, contact_with, ContactMethod, Manifold};
use crate::constants::{FAT_MARGIN, SPECULATIVE_DISTANCE};
use crate::geom::{Aabb, Transform};

impl PhysicsWorld {
    /// Advances the world by `dt` seconds.
    pub fn step(&mut self, dt: f64) {
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        let mut clock = Stopwatch::start();
        let mut profile = StepProfile::default();
        for b in self.bodies.items.iter_mut().flatten() {
            b.center0 = b.center;
            b.rot0 = b.rot;
        }
        self.update_broad_phase(dt);
        profile.broad_phase = clock.lap();
        self.update_narrow_phase(dt);
        profile.narrow_phase = clock.lap();
        self.update_islands();
        profile.islands = clock.lap();
        profile.integrate = self.solve(dt);
        profile.solve = clock.lap() - profile.integrate;
        super::ccd::solve_continuous(self, dt);
        profile.continuous = clock.lap();
        self.update_rest_times(dt);
        profile.islands += clock.lap();
        self.emit_events();
        profile.events = clock.lap();
        profile.total = profile.phases().iter().map(|p| p.1).sum();
        self.profile = profile;
    }

    /// Where the last step's time went.
    pub fn profile(&self) -> &StepProfile {
        &self.profile
    }

    /// Grows every moving collider's box by the distance it may cover in a step, and finds
    /// candidate pairs again when one leaves its loose box.
    pub(crate) fn update_broad_phase(&mut self, dt: f64) {
        let mut stale = !self.pairs_valid;
        for c in self.colliders.items.iter_mut().flatten() {
            let Some(b) = self.bodies.get(c.body.index, c.body.generation) else {
                continue;
            };
            if !b.is_active() && !c.was_active && b.kind != BodyKind::Static {
                continue; // Asleep since pairs were last found: nothing about it changed.
            }
            c.aabb = c.compute_aabb(&b.transform(), reach(b, dt));
            if !c.fat.contains(&c.aabb) || c.was_active != b.is_active() {
                c.fat = c.aabb.expanded(FAT_MARGIN);
                c.was_active = b.is_active();
                stale = true;
            }
        }
        if stale {
            self.find_pairs();
        }
    }

    /// Refreshes the manifold of every candidate pair; contacts whose pair is gone end.
    pub(crate) fn update_narrow_phase(&mut self, dt: f64) {
        debug_assert!(
            self.pairs.windows(2).all(|w| w[0] < w[1]),
            "pairs come sorted"
        );
        self.events.clear();
        self.ended.clear();
        // Found again but the same as the contacts' pairs: each contact is refreshed where
        // it lies, exactly as the merge would.
        let merge = self.pairs_changed
            && !(self.contacts.len() == self.pairs.len()
                && self
                    .contacts
                    .iter()
                    .zip(&self.pairs)
                    .all(|(c, k)| c.0 == *k));
        self.pairs_changed = false;
        if merge {
            self.merge_pairs(dt);
        } else {
            // The same pairs as last step: refresh each contact where it lies.
            let mut contacts = std::mem::take(&mut self.contacts);
            let mut lost = false;
            for (key, c) in contacts.iter_mut() {
                if !self.asleep(c) {
                    lost |= !self.refresh_pair(*key, c, dt);
                }
            }
            if lost {
                // A collider's filter changed: its pairs no longer collide.
                contacts.retain(|(_, c)| c.body_b != u32::MAX);
            }
            self.contacts = contacts;
        }
        if self.settings.contact_events {
            for i in 0..self.ended.len() {
                let (k, c) = &self.ended[i];
                if c.touching {
                    let e = self.event(ContactEventKind::End, *k, c);
                    self.events.push(e);
                }
            }
        }
        self.ended.clear();
    }

    /// Builds the contact list for a new set of candidate pairs: contacts of pairs that
    /// remain are refreshed, new pairs get new contacts, and contacts whose pair is gone end
    /// (unless both sides sleep: then they stay as they were).
    fn merge_pairs(&mut self, dt: f64) {
        // The new list is built in a spare buffer and swapped in, so no step allocates.
        let mut old = std::mem::take(&mut self.contacts);
        let mut next = std::mem::take(&mut self.contacts_spare);
        next.clear();
        // Contacts are large: each is moved once, straight into its place in the new list,
        // and refreshed there (the old list is looked at through its key, not copied out
        // to be peeked at).
        let mut old_iter = old.drain(..);
        let first_key =
            |it: &std::vec::Drain<(PairKey, Contact)>| it.as_slice().first().map(|e| e.0);
        for &key in &self.pairs {
            while first_key(&old_iter).is_some_and(|k| k < key) {
                let Some(entry) = old_iter.next() else { break };
                if self.asleep(&entry.1) {
                    next.push(entry);
                } else {
                    self.ended.push(entry);
                }
            }
            let entry = if first_key(&old_iter) == Some(key) {
                old_iter.next()
            } else {
                self.new_contact(key).map(|c| (key, c))
            };
            let Some(entry) = entry else { continue };
            next.push(entry);
            if let Some((k, c)) = next.last_mut() {
                if !self.refresh_pair(*k, c, dt) {
                    next.pop();
                }
            }
        }
        for (k, c) in old_iter {
            if self.asleep(&c) {
                next.push((k, c));
            } else {
                self.ended.push((k, c));
            }
        }
        self.contacts = next;
        self.contacts_spare = old;
    }

    /// Finds candidate pairs from the colliders' loose boxes: body pairs from the grid, rock
    /// pairs for every moving dynamic collider. Sorted, bodies before rock. When only a few
    /// colliders changed since the last search, only their pairs are found again.
    pub(crate) fn find_pairs(&mut self) {
        let scratch = &mut self.broad_scratch.0;
        scratch.next.clear();
        scratch.next.extend(self.colliders.items.iter().map(|c| {
            let c = c.as_ref()?;
            let b = self.bodies.get(c.body.index, c.body.generation)?;
            Some(Entry {
                aabb: c.fat,
                body: c.body.index,
                moving: b.is_active(),
                dynamic: b.kind == BodyKind::Dynamic,
            })
        }));
        std::mem::swap(&mut scratch.entries, &mut scratch.next);
        let n = scratch.entries.len();
        let mut incremental =
            self.pairs_valid && scratch.next.len() == n && self.broad.can_update(n);
        if incremental {
            scratch.changed.clear();
            scratch.changed.extend(
                (0..n as u32).filter(|&i| scratch.entries[i as usize] != scratch.next[i as usize]),
            );
            // Past a quarter of the colliders a fresh build is cheaper.
            incremental = scratch.changed.len() * 4 <= n;
        }
        let rock_pairs =
            |ci: usize, e: &Option<Entry>, rock: &mut Vec<u32>, out: &mut Vec<PairKey>| {
                if let Some(e) = e.as_ref().filter(|e| e.dynamic && e.moving) {
                    rock.clear();
                    self.rock_tree.query_aabb_into(&e.aabb, rock);
                    out.extend(rock.iter().map(|&si| PairKey::Rock(ci as u32, si)));
                }
            };
        if incremental {
            self.broad
                .update(&scratch.entries, &scratch.changed, &mut scratch.pairs);
            scratch.fresh.clear();
            scratch
                .fresh
                .extend(scratch.pairs.iter().map(|&(a, b)| PairKey::Bodies(a, b)));
            for &ci in &scratch.changed {
                let e = &scratch.entries[ci as usize];
                rock_pairs(ci as usize, e, &mut scratch.rock, &mut scratch.fresh);
            }
            // The pairs of colliders that did not change stay as they were.
            let changed = self.broad.changed();
            self.pairs.retain(|k| match *k {
                PairKey::Bodies(a, b) => !changed[a as usize] && !changed[b as usize],
                PairKey::Rock(c, _) => !changed[c as usize],
            });
            merge_sorted(&self.pairs, &scratch.fresh, &mut scratch.merged);
            std::mem::swap(&mut self.pairs, &mut scratch.merged);
        } else {
            self.broad.pairs(&scratch.entries, &mut scratch.pairs);
            self.pairs.clear();
            self.pairs
                .extend(scratch.pairs.iter().map(|&(a, b)| PairKey::Bodies(a, b)));
            for (ci, e) in scratch.entries.iter().enumerate() {
                rock_pairs(ci, e, &mut scratch.rock, &mut self.pairs);
            }
        }
        self.pairs_valid = true;
        self.pairs_changed = true;
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

    /// A new contact for a pair, with the parts' mixed materials, or `None` when a part is
    /// gone.
    fn new_contact(&self, key: PairKey) -> Option<Contact> {
        let collider = |i: u32| self.colliders.items[i as usize].as_ref();
        match key {
            PairKey::Bodies(ia, ib) => {
                let (ca, cb) = (collider(ia)?, collider(ib)?);
                let friction = (ca.def.friction * cb.def.friction).sqrt();
                let restitution = ca.def.restitution.max(cb.def.restitution);
                Some(Contact::new(
                    Some(ca.body.index),
                    cb.body.index,
                    friction,
                    restitution,
                ))
            }
            PairKey::Rock(ic, si) => {
                let c = collider(ic)?;
                let s = &self.rock[si as usize];
                let friction = (c.def.friction * s.friction).sqrt();
                let restitution = c.def.restitution.max(s.restitution);
                Some(Contact::new(None, c.body.index, friction, restitution))
            }
        }
    }

    /// Refreshes one pair's manifold. False (and the contact marked dead, `body_b` set to
    /// `u32::MAX`) when the pair can no longer collide: a part is gone or the filters
    /// forbid it.
    pub(crate) fn refresh_pair(&self, key: PairKey, contact: &mut Contact, dt: f64) -> bool {
        let kept = self.refresh_pair_inner(key, contact, dt).is_some();
        if !kept {
            contact.body_b = u32::MAX;
        }
        kept
    }

    fn refresh_pair_inner(&self, key: PairKey, contact: &mut Contact, dt: f64) -> Option<()> {
        let collider = |i: u32| self.colliders.items[i as usize].as_ref();
        match key {
            PairKey::Bodies(ia, ib) => {
                let (ca, cb) = (collider(ia)?, collider(ib)?);
                if !ca.def.filter.allows(&cb.def.filter) {
                    return None;
                }
                let ba = self.bodies.items[ca.body.index as usize].as_ref()?;
                let bb = self.bodies.items[cb.body.index as usize].as_ref()?;
                if contact.cache.knows_nothing()
                    && ba.is_active()
                    && bb.is_active()
                    && !ca.aabb.overlaps(&cb.aabb)
                {
                    // What `compute` below would find first, without the margin or the
                    // poses: boxes apart, no contact, and nothing learnt.
                    contact.update(None);
                    return Some(());
                }
                let margin = SPECULATIVE_DISTANCE + (bb.v - ba.v).length() * dt;
                let (xf_a, xf_b) = (ba.transform(), bb.transform());
                let method = self.settings.contact_method;
                let compute = |simplex: &mut SimplexCache, clearance: &mut Option<Clearance>| {
                    // Each box is grown by at least the speculative distance plus its own
                    // travel in a step, together at least the margin: boxes apart mean
                    // shapes farther apart than the margin, so no contact and no query.
                    if !reach_box(ca, ba, &xf_a, dt).overlaps(&reach_box(cb, bb, &xf_b, dt)) {
                        return None;
                    }
                    match method {
                        ContactMethod::DualEdge => contact_tracked(
                            &ca.def.shape,
                            &xf_a,
                            &cb.def.shape,
                            &xf_b,
                            margin,
                            Some(simplex),
                            clearance,
                        ),
                        // The other methods have no speculative margin: they report overlap
                        // only.
                        method => contact_with(method, &ca.def.shape, &xf_a, &cb.def.shape, &xf_b),
                    }
                };
                Self::refresh(contact, &xf_a, &xf_b, margin, compute);
            }
            PairKey::Rock(ic, si) => {
                let c = collider(ic)?;
                let b = self.bodies.items[c.body.index as usize].as_ref()?;
                if contact.cache.knows_nothing()
                    && b.is_active()
                    && !self
                        .rock
                        .get(si as usize)
                        .is_some_and(|seg| seg.aabb().overlaps(&c.aabb))
                {
                    // As for two bodies: what `compute` below would find first.
                    contact.update(None);
                    return Some(());
                }
                let margin = reach(b, dt);
                let xf_b = b.transform();
                let compute = |_: &mut SimplexCache, clearance: &mut Option<Clearance>| {
                    // The body's box is grown by exactly the margin: apart from the
                    // segment's box, no contact.
                    let rock = &self.rock;
                    let seg = rock.get(si as usize)?;
                    if !seg.aabb().overlaps(&reach_box(c, b, &xf_b, dt)) {
                        return None;
                    }
                    rock_contact(rock, si as usize, &c.def.shape, &xf_b, margin, clearance)
                };
                Self::refresh(contact, &Transform::IDENTITY, &xf_b, margin, compute);
            }
        }
        Some(())
    }

    /// Updates a contact's manifold: the remembered answer while it holds (a manifold
    /// while the pair has barely moved, "apart" while the proof of it stands), computed
    /// afresh otherwise.
    pub(crate) fn refresh(
        contact: &mut Contact,
        xf_a: &Transform,
        xf_b: &Transform,
        margin: f64,
        compute: impl FnOnce(&mut SimplexCache, &mut Option<Clearance>) -> Option<Manifold>,
    ) {
        let m = contact.cache.refresh(xf_a, xf_b, margin, compute);
        contact.update(m.as_ref());
    }
}

/// How far a body's boxes are grown: the speculative distance plus the distance it covers
/// in a step, so approaching pairs get speculative contacts before they meet. Against rock
/// it is the pair's whole margin.
fn reach(b: &Body, dt: f64) -> f64 {
    SPECULATIVE_DISTANCE + b.v.length() * dt
}

/// A collider's box grown by its body's [`reach`], as the broad phase grows it: the box it
/// computed this step for an active body, the same computed here for a resting or static
/// one (whose box the broad phase may have skipped).
fn reach_box(c: &Collider, b: &Body, xf: &Transform, dt: f64) -> Aabb {
    if b.is_active() {
        c.aabb
    } else {
        c.compute_aabb(xf, reach(b, dt))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::contact_within;
    use crate::geom::{Circle, ConvexPolygon, Shape, Vec2};
    use crate::physics::{BodyDef, ColliderDef, PhysicsSettings};
    use crate::rng::Pcg32;

    fn random_shape(rng: &mut Pcg32) -> Shape {
        let size = 0.2 + 0.8 * rng.next_f64();
        match rng.next_u32() % 3 {
            0 => ConvexPolygon::rect(size, 0.3 + 0.5 * rng.next_f64())
                .unwrap()
                .into(),
            1 => ConvexPolygon::regular(3 + (rng.next_u32() % 6) as usize, size)
                .unwrap()
                .into(),
            _ => Circle {
                center: Vec2::new(0.1, -0.05),
                radius: size,
            }
            .into(),
        }
    }

    /// The narrow phase skips a pair whose grown boxes are apart. Over pairs placed around
    /// the margin's edge, moving or static, every skipped pair is one the query itself
    /// finds no contact for, and the boxes alone miss many pairs the query also rejects
    /// (so the boundary is really probed).
    #[test]
    fn boxes_apart_by_their_reach_never_hide_a_contact() {
        let mut rng = Pcg32::new(12);
        let dt = 1.0 / 60.0;
        let (mut skipped, mut queried_apart) = (0, 0);
        for _ in 0..4000 {
            let mut w = PhysicsWorld::new(PhysicsSettings::default());
            let (sa, sb) = (random_shape(&mut rng), random_shape(&mut rng));
            let reach = sa.bounding_circle().1 + sb.bounding_circle().1;
            let heading = std::f64::consts::TAU * rng.next_f64();
            let gap = reach * (0.7 + 0.6 * rng.next_f64());
            let speed =
                |rng: &mut Pcg32| Vec2::new(rng.next_f64() - 0.5, rng.next_f64() - 0.5) * 6.0;
            let kind_a = if rng.next_u32().is_multiple_of(3) {
                BodyKind::Static
            } else {
                BodyKind::Dynamic
            };
            let a = w.create_body(&BodyDef {
                kind: kind_a,
                angle: rng.next_f64() * 6.0,
                linear_velocity: speed(&mut rng),
                ..BodyDef::default()
            });
            let b = w.create_body(&BodyDef {
                position: Vec2::new(heading.cos(), heading.sin()) * gap,
                angle: rng.next_f64() * 6.0,
                linear_velocity: speed(&mut rng),
                ..BodyDef::default()
            });
            let ca = w.add_collider(a, &ColliderDef::new(sa)).unwrap();
            let cb = w.add_collider(b, &ColliderDef::new(sb)).unwrap();
            w.update_broad_phase(dt);
            let (ca, cb) = (w.collider(ca).unwrap(), w.collider(cb).unwrap());
            let (ba, bb) = (w.body(a).unwrap(), w.body(b).unwrap());
            let (xa, xb) = (ba.transform(), bb.transform());
            let margin = SPECULATIVE_DISTANCE + (bb.v - ba.v).length() * dt;
            let found = contact_within(&ca.def.shape, &xa, &cb.def.shape, &xb, margin);
            if !reach_box(ca, ba, &xa, dt).overlaps(&reach_box(cb, bb, &xb, dt)) {
                skipped += 1;
                assert!(found.is_none(), "a skipped pair touches: {found:?}");
            } else if found.is_none() {
                queried_apart += 1;
            }
        }
        assert!(skipped > 400, "only {skipped} pairs skipped");
        assert!(
            queried_apart > 400,
            "only {queried_apart} pairs queried apart"
        );
    }
}
