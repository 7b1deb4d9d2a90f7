//! Tests of the aiming and movement helpers against closed-form expectations.

use super::*;
use crate::geom::ConvexPolygon;
use crate::physics::{BodyDef, ColliderDef, PhysicsSettings, RockSegment};
use crate::rng::Pcg32;

/// The closest a projectile fired along `dir` at `speed` from `shooter` comes to a target
/// moving from `target` at `vel`: minimise |(target − shooter) + (vel − speed·dir) t| over
/// t ≥ 0 in closed form.
fn closest_approach(shooter: Vec2, speed: f64, dir: Vec2, target: Vec2, vel: Vec2) -> f64 {
    let p = target - shooter;
    let w = vel - speed * dir;
    let t = if w.length_squared() > 0.0 {
        (-p.dot(w) / w.length_squared()).max(0.0)
    } else {
        0.0
    };
    (p + w * t).length()
}

#[test]
fn a_led_shot_meets_a_constant_velocity_target() {
    let mut rng = Pcg32::new(11);
    for _ in 0..1000 {
        let shooter = Vec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
        let target = Vec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
        let vel = Vec2::new(rng.range(-8.0, 8.0), rng.range(-8.0, 8.0));
        let speed = rng.range(5.0, 30.0);
        match lead_direction(shooter, speed, target, vel) {
            Some(dir) => {
                assert!((dir.length() - 1.0).abs() < 1e-12);
                let miss = closest_approach(shooter, speed, dir, target, vel);
                assert!(
                    miss < 1e-9 * (1.0 + (target - shooter).length()),
                    "missed by {miss}"
                );
            }
            // No intercept is only possible for a target faster than the projectile.
            None => assert!(vel.length() >= speed),
        }
    }
}

#[test]
fn a_target_running_away_faster_than_the_shot_cannot_be_led() {
    let away = lead_direction(Vec2::ZERO, 5.0, Vec2::new(10.0, 0.0), Vec2::new(6.0, 0.0));
    assert_eq!(away, None);
    // Coming closer while faster: there is an intercept, straight ahead.
    let toward = lead_direction(Vec2::ZERO, 5.0, Vec2::new(10.0, 0.0), Vec2::new(-6.0, 0.0));
    assert!((toward.unwrap() - Vec2::X).length() < 1e-12);
    // Equal speeds, crossing: the linear case. Target at (10, 0) moving +y at 5.
    let t = intercept_time(Vec2::ZERO, 5.0, Vec2::new(10.0, 0.0), Vec2::new(0.0, 5.0));
    assert_eq!(t, None, "it can never be caught from behind at equal speed");
    let t = intercept_time(Vec2::ZERO, 5.0, Vec2::new(10.0, 0.0), Vec2::new(-5.0, 0.0));
    assert!((t.unwrap() - 1.0).abs() < 1e-12);
    assert_eq!(lead_direction(Vec2::ZERO, 5.0, Vec2::ZERO, Vec2::X), None);
    assert_eq!(lead_direction(Vec2::ZERO, f64::NAN, Vec2::X, Vec2::X), None);
    assert_eq!(lead_direction(Vec2::ZERO, 0.0, Vec2::X, Vec2::X), None);
}

#[test]
fn turning_takes_the_short_way_across_the_wrap() {
    let deg = f64::to_radians;
    // From 170° to −170°: 20° the short way, through 180°.
    let a = turn_towards(deg(170.0), deg(-170.0), deg(5.0));
    assert!((a - deg(175.0)).abs() < 1e-12);
    let b = turn_towards(deg(178.0), deg(-170.0), deg(5.0));
    assert!((b - deg(-177.0)).abs() < 1e-12, "{}", b.to_degrees());
    // Within a step it lands on the target exactly (wrapped).
    let c = turn_towards(deg(-175.0), deg(185.0), deg(20.0));
    assert!((c - deg(-175.0)).abs() < 1e-12);
    let d = turn_towards(0.0, deg(-30.0) + 4.0 * std::f64::consts::TAU, deg(100.0));
    assert!((d - deg(-30.0)).abs() < 1e-12);
    assert_eq!(turn_towards(1.0, 2.0, -1.0), 1.0);
    assert_eq!(turn_towards(1.0, f64::NAN, 1.0), 1.0);
    assert_eq!(wrap_angle(-std::f64::consts::PI), std::f64::consts::PI);
}

#[test]
fn rock_between_blocks_sight_and_bodies_block_only_when_asked() {
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    // A floor at y = 0 (open side up) and a pillar's face at x = 5 facing −x.
    w.add_rock(&RockSegment::chain(
        &[Vec2::new(20.0, 0.0), Vec2::new(-20.0, 0.0)],
        false,
    ));
    w.add_rock(&RockSegment::chain(
        &[Vec2::new(5.0, 2.0), Vec2::new(5.0, 0.0)],
        false,
    ));
    let (eye, beyond, above) = (
        Vec2::new(0.0, 1.0),
        Vec2::new(10.0, 1.0),
        Vec2::new(10.0, 4.0),
    );
    assert!(!line_of_sight(&w, eye, beyond, &[], None));
    assert!(line_of_sight(&w, eye, above, &[], None));
    let crate_body = w.create_body(&BodyDef {
        position: Vec2::new(4.0, 2.5),
        ..BodyDef::default()
    });
    w.add_collider(
        crate_body,
        &ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap()),
    )
    .unwrap();
    assert!(line_of_sight(&w, eye, above, &[], None));
    assert!(!line_of_sight(&w, eye, above, &[], Some(Filter::default())));
    assert!(line_of_sight(
        &w,
        eye,
        above,
        &[crate_body],
        Some(Filter::default())
    ));
    assert!(!line_of_sight(&w, eye, Vec2::new(f64::NAN, 0.0), &[], None));
}

#[test]
fn a_looping_patrol_walks_its_square_at_its_speed() {
    let square = [
        Vec2::new(0.0, 0.0),
        Vec2::new(4.0, 0.0),
        Vec2::new(4.0, 4.0),
        Vec2::new(0.0, 4.0),
    ];
    let mut patrol = Patrol::new(&square, PatrolMode::Loop, 2.0).unwrap();
    let (dt, mut pos) = (0.01, Vec2::new(0.0, 0.0));
    let mut visited = Vec::new();
    for _ in 0..2000 {
        let v = patrol.velocity(pos, dt);
        assert!(v.length() <= 2.0 + 1e-12);
        pos += v * dt;
        if visited.last() != Some(&patrol.target()) {
            visited.push(patrol.target());
        }
    }
    // 20 s at 2 m/s is 40 m: ten 4 m legs, so at least nine corners in order.
    let expected: Vec<Vec2> = (0..10).map(|i| square[(i + 1) % 4]).collect();
    assert_eq!(visited[..10], expected[..]);
}

#[test]
fn a_ping_pong_patrol_turns_back_at_the_ends() {
    let line = [Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)];
    let mut patrol = Patrol::new(&line, PatrolMode::PingPong, 1.0).unwrap();
    let mut targets = Vec::new();
    let mut pos = Vec2::ZERO;
    for _ in 0..600 {
        pos += patrol.velocity(pos, 0.01) * 0.01;
        if targets.last() != Some(&patrol.target().x) {
            targets.push(patrol.target().x);
        }
    }
    assert_eq!(targets[..6], [1.0, 2.0, 1.0, 0.0, 1.0, 2.0]);
    assert!(Patrol::new(&[], PatrolMode::Loop, 1.0).is_none());
    assert!(Patrol::new(&line, PatrolMode::Loop, 0.0).is_none());
    let mut post = Patrol::new(&[Vec2::X], PatrolMode::Loop, 1.0).unwrap();
    assert_eq!(post.velocity(Vec2::X, 0.01), Vec2::ZERO);
}

#[test]
fn a_pursuing_drone_rams_a_target_flying_past() {
    let steering = Steering {
        max_speed: 12.0,
        max_accel: 20.0,
        reaction_time: 0.2,
    };
    let (mut pos, mut vel) = (Vec2::new(0.0, -15.0), Vec2::ZERO);
    let (mut target, target_vel) = (Vec2::new(-20.0, 10.0), Vec2::new(6.0, 0.0));
    let dt = 1.0 / 120.0;
    let mut closest = f64::INFINITY;
    for _ in 0..(6.0 / dt) as usize {
        let accel = pursue(pos, vel, target, target_vel, &steering);
        assert!(accel.length() <= steering.max_accel * (1.0 + 1e-12));
        vel += accel * dt;
        pos += vel * dt;
        target += target_vel * dt;
        closest = closest.min((target - pos).length());
    }
    assert!(closest < 0.3, "closest approach {closest} m");
    let bad = Steering {
        max_speed: 0.0,
        ..steering
    };
    assert_eq!(pursue(pos, vel, target, target_vel, &bad), Vec2::ZERO);
}
