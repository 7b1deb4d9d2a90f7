//! The physics engine's interface for the game: contact events, queries, joints that break,
//! compound bodies and handles that go stale.

use cavefly::geom::{Aabb, Circle, ConvexPolygon, Vec2};
use cavefly::physics::{
    BodyDef, BodyKind, ColliderDef, ContactEventKind, DistanceJointDef, Filter, PartRef,
    PhysicsSettings, PhysicsWorld, RockSegment,
};

const DT: f64 = 1.0 / 120.0;

fn floor_world() -> PhysicsWorld {
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    w.add_rock(&RockSegment::chain(
        &[Vec2::new(10.0, 0.0), Vec2::new(-10.0, 0.0)],
        false,
    ));
    w
}

#[test]
fn a_dropped_box_reports_begin_with_its_impact_then_persist_then_end() {
    let mut w = floor_world();
    let b = w.create_body(&BodyDef {
        position: Vec2::new(0.0, 2.0),
        ..BodyDef::default()
    });
    let c = w
        .add_collider(b, &ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap()))
        .unwrap();
    let mut begin = None;
    let mut persisted = 0;
    let mut impact_impulse = 0.0;
    let mut since_begin = None;
    for _ in 0..240 {
        w.step(DT);
        since_begin = since_begin.map(|k: usize| k + 1);
        for e in w.contact_events() {
            assert_eq!(e.b, PartRef::Collider(c));
            assert!(matches!(e.a, PartRef::Rock(_)));
            match e.kind {
                ContactEventKind::Begin => {
                    begin = Some(*e);
                    since_begin = Some(0);
                }
                ContactEventKind::Persist => persisted += 1,
                ContactEventKind::End => panic!("a resting box does not leave the floor"),
            }
            if since_begin.is_some_and(|k| k < 3) {
                impact_impulse += e.normal_impulse;
            }
        }
    }
    let e = begin.expect("the landing began a contact");
    // Falling 1.5 m: impact speed sqrt(2 g h). The begin event carries that closing speed;
    // the impulse that stops the 1 kg box (its momentum then) arrives over the first steps of
    // the contact, since a speculative contact begins just before the boxes meet.
    let speed = (2.0 * 9.81 * 1.5f64).sqrt();
    assert!(
        (e.normal_speed + speed).abs() < 0.1 * speed,
        "closing speed {} vs {speed}",
        e.normal_speed
    );
    assert!(impact_impulse >= 0.9 * speed, "impulse {impact_impulse}");
    assert!((e.normal - Vec2::Y).length() < 1e-6);
    assert!(
        e.point.y.abs() < 0.05,
        "the point is on the floor: {:?}",
        e.point
    );
    assert!(persisted > 10);
    // Lift it off: the contact ends.
    w.set_linear_velocity(b, Vec2::new(0.0, 5.0));
    w.step(DT);
    w.step(DT);
    assert!(
        w.contact_events()
            .iter()
            .any(|e| e.kind == ContactEventKind::End)
            || {
                w.step(DT);
                w.contact_events()
                    .iter()
                    .any(|e| e.kind == ContactEventKind::End)
            }
    );
}

#[test]
fn ray_cast_finds_the_nearest_body_or_rock_and_respects_filters() {
    let mut w = floor_world();
    let b = w.create_body(&BodyDef {
        kind: BodyKind::Static,
        position: Vec2::new(5.0, 1.0),
        ..BodyDef::default()
    });
    let mut def = ColliderDef::new(Circle::new(Vec2::ZERO, 0.5).unwrap());
    def.filter = Filter {
        layer: 2,
        mask: u32::MAX,
    };
    w.add_collider(b, &def).unwrap();
    w.step(DT);
    let hit = w
        .ray_cast(Vec2::new(0.0, 1.0), Vec2::new(10.0, 0.0), Filter::default())
        .unwrap();
    assert_eq!(hit.body, Some(b));
    assert!((hit.point - Vec2::new(4.5, 1.0)).length() < 1e-9);
    assert!((hit.normal + Vec2::X).length() < 1e-9);
    // A query that does not see layer 2 passes through to the floor beyond.
    let blind = Filter { layer: 1, mask: 1 };
    assert!(w
        .ray_cast(Vec2::new(0.0, 1.0), Vec2::new(10.0, 0.0), blind)
        .is_none());
    let down = w
        .ray_cast(Vec2::new(1.0, 1.0), Vec2::new(0.0, -5.0), blind)
        .unwrap();
    assert!(matches!(down.part, PartRef::Rock(_)));
    assert!((down.fraction - 0.2).abs() < 1e-9 && (down.normal - Vec2::Y).length() < 1e-9);
    // Rock is one-sided: from below it is not hit.
    assert!(w
        .ray_cast(Vec2::new(1.0, -1.0), Vec2::new(0.0, 5.0), blind)
        .is_none());
}

#[test]
fn point_and_box_queries_match_the_shapes() {
    let mut w = floor_world();
    let b = w.create_body(&BodyDef {
        kind: BodyKind::Static,
        position: Vec2::new(3.0, 3.0),
        angle: 0.7,
        ..BodyDef::default()
    });
    let c = w
        .add_collider(b, &ColliderDef::new(ConvexPolygon::rect(1.0, 0.2).unwrap()))
        .unwrap();
    w.step(DT);
    let along = Vec2::new(0.7f64.cos(), 0.7f64.sin());
    assert_eq!(w.query_point(Vec2::new(3.0, 3.0) + along * 0.9), vec![c]);
    // Inside the bounding box but outside the rotated bar.
    assert!(w
        .query_point(Vec2::new(3.0, 3.0) + Vec2::new(-along.y, along.x) * 0.5)
        .is_empty());
    assert_eq!(
        w.query_aabb(&Aabb::new(Vec2::new(3.5, 3.3), Vec2::new(3.8, 3.7))),
        vec![c]
    );
    assert!(w
        .query_aabb(&Aabb::new(Vec2::new(-5.0, 5.0), Vec2::new(-4.0, 6.0)))
        .is_empty());
}

#[test]
fn a_joint_pulled_past_its_break_force_breaks_and_a_strong_one_holds() {
    for (break_force, should_break) in [(5.0, true), (1e6, false)] {
        let mut w = PhysicsWorld::new(PhysicsSettings::default());
        let anchor = w.create_body(&BodyDef {
            kind: BodyKind::Static,
            ..BodyDef::default()
        });
        let weight = w.create_body(&BodyDef {
            position: Vec2::new(0.0, -2.0),
            ..BodyDef::default()
        });
        let mut def = ColliderDef::new(Circle::new(Vec2::ZERO, 0.2).unwrap());
        def.density = 2.0 / (std::f64::consts::PI * 0.04); // 2 kg: about 19.6 N of pull.
        w.add_collider(weight, &def).unwrap();
        let j = w
            .create_distance_joint(&DistanceJointDef {
                body_a: anchor,
                body_b: weight,
                local_anchor_a: Vec2::ZERO,
                local_anchor_b: Vec2::ZERO,
                rest_length: 2.0,
                stiffness: 2000.0,
                damping: 50.0,
                max_force: 1000.0,
                break_force,
            })
            .unwrap();
        let mut broke = false;
        for _ in 0..120 {
            w.step(DT);
            broke |= w.broken_joints().contains(&j);
        }
        assert_eq!(broke, should_break);
        assert_eq!(w.joint_force(j).is_none(), should_break);
        if !should_break {
            let force = w.joint_force(j).unwrap();
            assert!((force - 2.0 * 9.81).abs() < 0.5, "holding force {force} N");
            let y = w.body(weight).unwrap().position().y;
            assert!((y + 2.0 + 2.0 * 9.81 / 2000.0).abs() < 0.02, "hangs at {y}");
        }
    }
}

#[test]
fn compound_bodies_sum_their_parts_and_removed_handles_go_stale() {
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    let b = w.create_body(&BodyDef::default());
    let mut left = ColliderDef::new(Circle::new(Vec2::new(-1.0, 0.0), 0.5).unwrap());
    left.tag = 7;
    let l = w.add_collider(b, &left).unwrap();
    w.add_collider(
        b,
        &ColliderDef::new(Circle::new(Vec2::new(1.0, 0.0), 0.5).unwrap()),
    )
    .unwrap();
    let body = w.body(b).unwrap();
    let part = std::f64::consts::PI * 0.25;
    assert!((body.mass() - 2.0 * part).abs() < 1e-12);
    assert!(body.center_of_mass().length() < 1e-12);
    assert!((body.inertia() - 2.0 * (0.5 * part * 0.25 + part)).abs() < 1e-12);
    assert_eq!(w.collider(l).unwrap().tag(), 7);
    assert!(w.remove_body(b));
    assert!(w.body(b).is_none() && w.collider(l).is_none());
    assert!(!w.remove_body(b));
    // A new body may take the slot, but the old handle does not reach it.
    let c = w.create_body(&BodyDef::default());
    assert!(w.body(c).is_some() && w.body(b).is_none());
}
