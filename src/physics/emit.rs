//! Turns contacts into begin / persist / end events for the game.

use super::collider::{Collider, ColliderHandle};
use super::contact::{Contact, PairKey};
use super::events::{ContactEvent, ContactEventKind, PartRef};
use super::world::{PhysicsWorld, Slots};
use crate::geom::Vec2;

impl PhysicsWorld {
    /// Begin and persist events, after the solve (so impulses are known).
    pub(crate) fn emit_events(&mut self) {
        if !self.settings.contact_events {
            // Still track touching, which islands and the contact view report.
            for (_, c) in self.contacts.iter_mut() {
                c.touching = c.is_touching();
            }
            return;
        }
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

    pub(crate) fn event(&self, kind: ContactEventKind, key: PairKey, c: &Contact) -> ContactEvent {
        Self::event_of(&self.colliders, kind, key, c)
    }

    pub(crate) fn event_of(
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
}
