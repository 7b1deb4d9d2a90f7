//! Physics regression: one scene run with each contact method, pinned to golden hashes, and
//! run twice in one process to the same bits.

use crate::common;

use cavefly::collide::ContactMethod;
use cavefly::geom::{Circle, ConvexPolygon, Shape, Vec2};
use cavefly::physics::{BodyDef, ColliderDef, PhysicsSettings, PhysicsWorld, RockSegment};
use std::collections::BTreeMap;

/// A valley of rock with a pile of boxes, hexagons and balls tumbling into it.
fn scene(method: ContactMethod) -> u64 {
    let mut w = PhysicsWorld::new(PhysicsSettings {
        contact_method: method,
        ..PhysicsSettings::default()
    });
    let valley = [
        Vec2::new(8.0, 6.0),
        Vec2::new(4.0, 0.5),
        Vec2::new(0.0, 0.0),
        Vec2::new(-4.0, 0.5),
        Vec2::new(-8.0, 6.0),
    ];
    w.add_rock(&RockSegment::chain(&valley, false));
    let shapes: [Shape; 3] = [
        ConvexPolygon::rect(0.4, 0.3).unwrap().into(),
        ConvexPolygon::regular(6, 0.35).unwrap().into(),
        Circle::new(Vec2::ZERO, 0.3).unwrap().into(),
    ];
    for i in 0..24 {
        let b = w.create_body(&BodyDef {
            position: Vec2::new((i % 6) as f64 * 0.9 - 2.25, 2.0 + (i / 6) as f64 * 0.9),
            angle: i as f64 * 0.37,
            ..BodyDef::default()
        });
        w.add_collider(b, &ColliderDef::new(shapes[i % 3])).unwrap();
    }
    for _ in 0..600 {
        w.step(1.0 / 120.0);
    }
    w.state_hash()
}

#[test]
fn each_contact_method_reproduces_its_golden_hash() {
    let hashes: BTreeMap<String, u64> = ContactMethod::ALL
        .iter()
        .map(|m| (m.name().to_string(), scene(*m)))
        .collect();
    common::check_golden("physics_methods.ron", &hashes);
}

#[test]
fn the_same_scene_hashes_the_same_twice_in_one_process() {
    assert_eq!(
        scene(ContactMethod::DualEdge),
        scene(ContactMethod::DualEdge)
    );
}
