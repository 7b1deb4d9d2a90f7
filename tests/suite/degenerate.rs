//! Degenerate input never panics: bad polygons are refused at construction with the named
//! error, and non-finite transforms give no contact.

use cavefly::collide::{contact, gjk, ray_cast, RayCast};
use cavefly::geom::{Circle, ConvexPolygon, Segment, Shape, ShapeError, Transform, Vec2};

fn shapes() -> Vec<Shape> {
    vec![
        Circle::new(Vec2::ZERO, 0.5).unwrap().into(),
        Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0))
            .unwrap()
            .into(),
        ConvexPolygon::rect(0.5, 0.25).unwrap().into(),
        ConvexPolygon::regular(8, 0.7).unwrap().into(),
    ]
}

#[test]
fn zero_area_and_duplicate_vertex_polygons_are_refused_by_name() {
    let p = Vec2::new(1.0, 2.0);
    assert!(matches!(
        ConvexPolygon::new(&[p, p, p, p]),
        Err(ShapeError::Degenerate { .. })
    ));
    let line = [Vec2::ZERO, Vec2::new(1.0, 1.0), Vec2::new(3.0, 3.0)];
    assert!(matches!(
        ConvexPolygon::new(&line),
        Err(ShapeError::Degenerate { .. })
    ));
    let dup = [Vec2::ZERO, Vec2::ZERO, Vec2::X, Vec2::X];
    assert!(matches!(
        ConvexPolygon::new(&dup),
        Err(ShapeError::Degenerate { .. })
    ));
    assert!(matches!(
        ConvexPolygon::hull(&[p, p, p]),
        Err(ShapeError::Degenerate { .. })
    ));
    assert!(matches!(
        Circle::new(Vec2::ZERO, f64::NAN),
        Err(ShapeError::NonFinite { .. })
    ));
    assert!(matches!(
        Circle::new(Vec2::ZERO, -1.0),
        Err(ShapeError::NotPositive { .. })
    ));
}

#[test]
fn non_finite_transforms_give_none_for_every_pair() {
    let good = Transform::IDENTITY;
    let bad = [
        Transform::from_translation(Vec2::new(f64::NAN, 0.0)),
        Transform::from_translation(Vec2::new(0.0, f64::INFINITY)),
        Transform::new(Vec2::ZERO, f64::NAN),
    ];
    for a in shapes() {
        for b in shapes() {
            for xf in &bad {
                assert!(contact(&a, xf, &b, &good).is_none());
                assert!(contact(&a, &good, &b, xf).is_none());
                assert!(gjk::distance(&a, xf, &b, &good, None).is_none());
            }
        }
        let ray = RayCast {
            origin: Vec2::new(f64::NAN, 0.0),
            translation: Vec2::X,
            max_fraction: 1.0,
        };
        assert!(ray_cast(&a, &good, &ray).is_none());
    }
}

#[test]
fn coincident_shapes_still_give_a_finite_contact() {
    for a in shapes() {
        for b in shapes() {
            if let Some(m) = contact(&a, &Transform::IDENTITY, &b, &Transform::IDENTITY) {
                assert!(m.is_finite() && !m.points().is_empty());
                assert!((m.normal.length() - 1.0).abs() < 1e-9, "{a:?} {b:?} {m:?}");
            }
        }
    }
}

/// A stack of three unit boxes on a floor at x = 5, settled.
fn settled_stack() -> (
    cavefly::physics::PhysicsWorld,
    Vec<cavefly::physics::BodyHandle>,
) {
    use cavefly::physics::{BodyDef, ColliderDef, PhysicsSettings, PhysicsWorld, RockSegment};
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    w.add_rock(&RockSegment::chain(
        &[Vec2::new(20.0, 0.0), Vec2::new(-20.0, 0.0)],
        false,
    ));
    let stack = (0..3)
        .map(|i| {
            let b = w.create_body(&BodyDef {
                position: Vec2::new(5.0, 0.5 + i as f64),
                ..BodyDef::default()
            });
            w.add_collider(b, &ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap()))
                .unwrap();
            b
        })
        .collect();
    (w, stack)
}

#[test]
fn bad_numbers_through_the_engines_interface_neither_crash_it_nor_spread() {
    use cavefly::physics::{BodyDef, ColliderDef};
    let (mut w, stack) = settled_stack();
    let unit_box = || ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap());
    let g = w.settings().gravity;
    // Finite but absurd: flung at 1e300 m/s, and pulled by 1e308 times gravity. The first
    // made the broad phase walk cells until memory ran out.
    for def in [
        BodyDef {
            position: Vec2::new(-5.0, 5.0),
            linear_velocity: Vec2::new(1e300, -1e300),
            ..BodyDef::default()
        },
        BodyDef {
            position: Vec2::new(-10.0, 5.0),
            gravity_scale: 1e308,
            ..BodyDef::default()
        },
    ] {
        let b = w.create_body(&def);
        w.add_collider(b, &unit_box()).unwrap();
    }
    // Not numbers: each is taken as its default, so this body starts at rest at the origin
    // (on the floor), undamped.
    let nan = f64::NAN;
    let odd = w.create_body(&BodyDef {
        position: Vec2::new(nan, 1.0),
        angle: f64::INFINITY,
        linear_velocity: Vec2::new(nan, 0.0),
        angular_velocity: nan,
        linear_damping: -5.0,
        angular_damping: nan,
        gravity_scale: nan,
        ..BodyDef::default()
    });
    w.add_collider(odd, &unit_box()).unwrap();
    let body = w.body(odd).unwrap();
    assert_eq!(body.position(), Vec2::ZERO);
    assert_eq!(body.linear_velocity(), Vec2::ZERO);
    assert_eq!(body.angular_velocity(), 0.0);
    assert_eq!(body.linear_damping(), 0.0);
    // Pushes at a point that is not a number, and a gravity that is not one, are ignored.
    w.apply_impulse(stack[1], Vec2::new(1.0, 0.0), Vec2::new(nan, 0.0));
    w.apply_force(stack[2], Vec2::new(1.0, 0.0), Vec2::new(f64::INFINITY, 0.0));
    w.set_gravity(Vec2::new(nan, -9.81));
    assert_eq!(w.settings().gravity, g);
    for _ in 0..240 {
        w.step(1.0 / 120.0);
    }
    // The stack stands where it stood, at rest; the body given bad numbers rests beside it.
    for (i, &b) in stack.iter().enumerate() {
        let body = w.body(b).unwrap();
        let p = body.position();
        assert!(
            (p - Vec2::new(5.0, 0.5 + i as f64)).length() < 0.02,
            "box {i} at {p}"
        );
        assert!(body.angular_velocity().is_finite());
        assert!(body.linear_velocity().length() < 0.05, "box {i}");
    }
    let p = w.body(odd).unwrap().position();
    assert!(p.x.abs() < 0.05 && (p.y - 0.5).abs() < 0.05, "{p}");
    // A world made with bad settings takes the defaults for them.
    use cavefly::physics::{PhysicsSettings, PhysicsWorld};
    let w = PhysicsWorld::new(PhysicsSettings {
        gravity: Vec2::new(0.0, nan),
        max_push_speed: -1.0,
        ..PhysicsSettings::default()
    });
    assert_eq!(*w.settings(), PhysicsSettings::default());
}
