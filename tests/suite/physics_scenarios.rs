//! Physics scenarios with physical expectations: stacks stand, slopes hold or slide at the
//! rate friction allows, balls bounce to e²h, fast bodies do not tunnel, boxes slide over
//! segment joints smoothly, pendulums keep their period, and energy does not grow.

use cavefly::geom::{Circle, ConvexPolygon, Segment, Vec2};
use cavefly::physics::{
    BodyDef, BodyHandle, BodyKind, ColliderDef, DistanceJointDef, PhysicsSettings, PhysicsWorld,
    RockSegment,
};

const DT: f64 = 1.0 / 120.0;

fn world() -> PhysicsWorld {
    PhysicsWorld::new(PhysicsSettings::default())
}

/// A flat rock floor at y = 0 from x = -w to x = w, rock below.
fn floor(w: &mut PhysicsWorld, half_width: f64) {
    // Walking right to left keeps rock on the left (below).
    let chain = RockSegment::chain(
        &[Vec2::new(half_width, 0.0), Vec2::new(-half_width, 0.0)],
        false,
    );
    w.add_rock(&chain);
}

fn dynamic_box(w: &mut PhysicsWorld, at: Vec2, half: Vec2, friction: f64) -> BodyHandle {
    let b = w.create_body(&BodyDef {
        position: at,
        ..BodyDef::default()
    });
    let mut c = ColliderDef::new(ConvexPolygon::rect(half.x, half.y).unwrap());
    c.friction = friction;
    w.add_collider(b, &c).unwrap();
    b
}

fn run(w: &mut PhysicsWorld, seconds: f64) {
    for _ in 0..(seconds / DT).round() as usize {
        w.step(DT);
    }
}

#[test]
fn ten_row_pyramid_stands_ten_seconds() {
    let mut w = world();
    floor(&mut w, 20.0);
    let mut boxes = Vec::new();
    for row in 0..10 {
        for i in 0..(10 - row) {
            let x = (i as f64 - (9 - row) as f64 * 0.5) * 1.05;
            let at = Vec2::new(x, 0.5 + row as f64 * 1.0);
            boxes.push((dynamic_box(&mut w, at, Vec2::splat(0.5), 0.6), at));
        }
    }
    run(&mut w, 10.0);
    for (b, start) in boxes {
        let moved = (w.body(b).unwrap().position() - start).length();
        assert!(
            moved < 0.01,
            "a box moved {moved} m from {start:?} to {:?}",
            w.body(b).unwrap().position()
        );
    }
}

/// A box on a slope of `degrees` with friction `mu`; returns its acceleration down the
/// slope, measured from 0.5 s to 1.5 s.
fn slope_acceleration(degrees: f64, mu: f64) -> f64 {
    let mut w = world();
    let theta = degrees.to_radians();
    let down = Vec2::new(-theta.cos(), -theta.sin()); // The slope rises to the right.
    let up_normal = Vec2::new(-theta.sin(), theta.cos());
    // Rock below the line, walking from its top right down to the left.
    let top = -down * 30.0;
    let bottom = down * 30.0;
    let mut chain = RockSegment::chain(&[top, bottom], false);
    chain[0].friction = mu;
    w.add_rock(&chain);
    let b = w.create_body(&BodyDef {
        position: up_normal * 0.5,
        angle: theta,
        ..BodyDef::default()
    });
    let mut c = ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap());
    c.friction = mu;
    w.add_collider(b, &c).unwrap();
    run(&mut w, 0.5);
    let v0 = w.body(b).unwrap().linear_velocity().dot(down);
    run(&mut w, 1.0);
    let v1 = w.body(b).unwrap().linear_velocity().dot(down);
    v1 - v0
}

#[test]
fn box_holds_on_twenty_degree_slope_with_friction_point_six() {
    let a = slope_acceleration(20.0, 0.6);
    assert!(a.abs() < 0.01, "acceleration {a} m/s²");
}

#[test]
fn box_slides_down_twenty_degree_slope_at_the_coulomb_rate() {
    let theta = 20f64.to_radians();
    let expected = 9.81 * (theta.sin() - 0.2 * theta.cos());
    let a = slope_acceleration(20.0, 0.2);
    assert!(
        (a - expected).abs() < 0.05 * expected,
        "acceleration {a}, expected {expected}"
    );
}

#[test]
fn ball_bounces_to_e_squared_h() {
    let (h, e, r) = (2.0, 0.8, 0.25);
    let mut w = world();
    floor(&mut w, 10.0);
    let b = w.create_body(&BodyDef {
        position: Vec2::new(0.0, h + r),
        ..BodyDef::default()
    });
    let mut c = ColliderDef::new(Circle::new(Vec2::ZERO, r).unwrap());
    c.restitution = e;
    w.add_collider(b, &c).unwrap();
    let mut bounced = false;
    let mut apex: f64 = 0.0;
    for _ in 0..(3.0 / DT) as usize {
        w.step(DT);
        let body = w.body(b).unwrap();
        if body.linear_velocity().y > 0.0 {
            bounced = true;
        }
        if bounced {
            apex = apex.max(body.position().y - r);
            if body.linear_velocity().y < 0.0 && apex > 0.0 {
                break;
            }
        }
    }
    let expected = e * e * h;
    assert!(
        (apex - expected).abs() < 0.05 * expected,
        "bounced to {apex} m, expected {expected}"
    );
}

#[test]
fn small_body_at_300_m_per_s_does_not_pass_through_a_thin_rock_wall() {
    let mut w = PhysicsWorld::new(PhysicsSettings {
        gravity: Vec2::ZERO,
        ..PhysicsSettings::default()
    });
    // A wall 0.2 m thick from x = 10 to 10.2, as a closed rock outline (counter-clockwise
    // keeps rock on the left).
    let wall = [
        Vec2::new(10.0, -5.0),
        Vec2::new(10.2, -5.0),
        Vec2::new(10.2, 5.0),
        Vec2::new(10.0, 5.0),
    ];
    w.add_rock(&RockSegment::chain(&wall, true));
    for (k, shape) in [
        ColliderDef::new(Circle::new(Vec2::ZERO, 0.05).unwrap()),
        ColliderDef::new(ConvexPolygon::rect(0.05, 0.05).unwrap()),
    ]
    .into_iter()
    .enumerate()
    {
        let b = w.create_body(&BodyDef {
            position: Vec2::new(0.0, k as f64 * 2.0),
            linear_velocity: Vec2::new(300.0, 0.0),
            ..BodyDef::default()
        });
        w.add_collider(b, &shape).unwrap();
        for _ in 0..120 {
            w.step(DT);
            let x = w.body(b).unwrap().position().x;
            assert!(x < 10.0, "shape {k} passed into the wall: x = {x}");
        }
    }
}

#[test]
fn bullet_does_not_pass_through_a_thin_dynamic_plank() {
    let mut w = PhysicsWorld::new(PhysicsSettings {
        gravity: Vec2::ZERO,
        ..PhysicsSettings::default()
    });
    let plank = dynamic_box(&mut w, Vec2::new(5.0, 0.0), Vec2::new(0.025, 1.0), 0.6);
    let bullet = w.create_body(&BodyDef {
        position: Vec2::new(0.0, 0.3),
        linear_velocity: Vec2::new(300.0, 0.0),
        bullet: true,
        ..BodyDef::default()
    });
    w.add_collider(
        bullet,
        &ColliderDef::new(Circle::new(Vec2::ZERO, 0.02).unwrap()),
    )
    .unwrap();
    for _ in 0..60 {
        w.step(DT);
        // In the plank's own frame the bullet must stay on the side it came from (the plank
        // is knocked away and spins, so compare against its surface, not its centre).
        let local = w
            .body(plank)
            .unwrap()
            .transform()
            .apply_inv(w.body(bullet).unwrap().position());
        assert!(
            local.x < -0.025 + 0.005 || local.y.abs() > 1.0,
            "bullet passed into the plank: {local:?}"
        );
    }
    assert!(
        w.body(plank).unwrap().linear_velocity().x > 0.0,
        "the plank was hit"
    );
}

#[test]
fn box_slides_along_a_floor_of_100_segments_without_snagging() {
    let mut w = world();
    let pts: Vec<Vec2> = (0..=100)
        .rev()
        .map(|i| Vec2::new(i as f64 * 0.5 - 5.0, 0.0))
        .collect();
    let mut chain = RockSegment::chain(&pts, false);
    for s in &mut chain {
        s.friction = 0.1;
    }
    w.add_rock(&chain);
    let b = dynamic_box(&mut w, Vec2::new(-4.0, 0.5), Vec2::splat(0.5), 0.1);
    run(&mut w, 0.25);
    w.set_linear_velocity(b, Vec2::new(6.0, 0.0));
    let decel = 9.81 * 0.1;
    let mut last = w.body(b).unwrap().linear_velocity();
    let mut worst: f64 = 0.0;
    for _ in 0..240 {
        w.step(DT);
        let v = w.body(b).unwrap().linear_velocity();
        if v.x < 0.5 {
            break;
        }
        // Each step should lose µg·dt of speed; a snag shows as a jump.
        worst = worst
            .max(((last.x - v.x) - decel * DT).abs())
            .max(v.y.abs());
        last = v;
    }
    assert!(worst < 0.002, "velocity stepped by {worst} m/s at a joint");
    assert!(w.body(b).unwrap().position().x > 5.0, "the box slid along");
}

#[test]
fn pendulum_on_a_five_metre_tractor_joint_keeps_its_period() {
    let (length, g) = (5.0, 9.81);
    let mut w = world();
    let pivot = w.create_body(&BodyDef {
        kind: BodyKind::Static,
        ..BodyDef::default()
    });
    let angle0 = 5f64.to_radians();
    let bob = w.create_body(&BodyDef {
        position: Vec2::new(length * angle0.sin(), -length * angle0.cos()),
        ..BodyDef::default()
    });
    let mut c = ColliderDef::new(Circle::new(Vec2::ZERO, 0.1).unwrap());
    c.density = 1.0 / (std::f64::consts::PI * 0.01); // 1 kg.
    w.add_collider(bob, &c).unwrap();
    w.create_distance_joint(&DistanceJointDef {
        body_a: pivot,
        body_b: bob,
        local_anchor_a: Vec2::ZERO,
        local_anchor_b: Vec2::ZERO,
        rest_length: length,
        stiffness: 1e5,
        damping: 10.0,
        max_force: 1e6,
        break_force: f64::INFINITY,
    })
    .unwrap();
    let mut crossings = Vec::new();
    let mut last_x = w.body(bob).unwrap().position().x;
    let mut t = 0.0;
    while crossings.len() < 21 && t < 60.0 {
        w.step(DT);
        t += DT;
        let x = w.body(bob).unwrap().position().x;
        if last_x > 0.0 && x <= 0.0 || last_x < 0.0 && x >= 0.0 {
            // Interpolate the crossing time within the step.
            crossings.push(t - DT * x / (x - last_x));
        }
        last_x = x;
    }
    assert_eq!(crossings.len(), 21, "ten full swings");
    let period = (crossings[20] - crossings[0]) / 10.0;
    let expected = std::f64::consts::TAU * (length / g).sqrt();
    assert!(
        (period - expected).abs() < 0.02 * expected,
        "period {period}, expected {expected}"
    );
}

#[test]
fn energy_never_grows_in_a_closed_elastic_scene() {
    let mut w = world();
    // A closed 10 × 10 room: rock outside, so walk clockwise around the inside.
    let room = [
        Vec2::new(-5.0, 0.0),
        Vec2::new(-5.0, 10.0),
        Vec2::new(5.0, 10.0),
        Vec2::new(5.0, 0.0),
    ];
    let mut chain = RockSegment::chain(&room, true);
    for s in &mut chain {
        s.friction = 0.0;
        s.restitution = 1.0;
    }
    w.add_rock(&chain);
    let mut balls = Vec::new();
    for i in 0..6 {
        let b = w.create_body(&BodyDef {
            position: Vec2::new(-3.5 + i as f64 * 1.4, 3.0 + (i % 3) as f64 * 2.0),
            linear_velocity: Vec2::new(3.0 - i as f64, 2.0 * (i % 2) as f64 - 1.0),
            ..BodyDef::default()
        });
        let mut c = ColliderDef::new(Circle::new(Vec2::ZERO, 0.3).unwrap());
        c.friction = 0.0;
        c.restitution = 1.0;
        w.add_collider(b, &c).unwrap();
        balls.push(b);
    }
    let energy = |w: &PhysicsWorld| -> f64 {
        balls
            .iter()
            .map(|b| {
                let body = w.body(*b).unwrap();
                body.kinetic_energy() + body.mass() * 9.81 * body.position().y
            })
            .sum()
    };
    let start = energy(&w);
    let mut highest = start;
    for _ in 0..(60.0 / DT) as usize {
        w.step(DT);
        highest = highest.max(energy(&w));
    }
    assert!(
        highest <= start * 1.01,
        "energy grew from {start} to {highest}"
    );
}

#[test]
fn the_same_scene_gives_the_same_bits_twice() {
    let build = || {
        let mut w = world();
        floor(&mut w, 10.0);
        for i in 0..20 {
            dynamic_box(
                &mut w,
                Vec2::new((i % 5) as f64 * 0.7 - 1.4, 1.0 + i as f64 * 0.8),
                Vec2::new(0.3, 0.2),
                0.5,
            );
        }
        run(&mut w, 3.0);
        w.state_hash()
    };
    assert_eq!(build(), build());
}

#[test]
fn rock_segment_is_one_sided() {
    // A ball below a floor segment moving up passes through it from the back.
    let mut w = PhysicsWorld::new(PhysicsSettings {
        gravity: Vec2::ZERO,
        ..PhysicsSettings::default()
    });
    w.add_rock(&[RockSegment::new(
        Segment::new(Vec2::new(5.0, 0.0), Vec2::new(-5.0, 0.0)).unwrap(),
    )]);
    let b = w.create_body(&BodyDef {
        position: Vec2::new(0.0, -1.0),
        linear_velocity: Vec2::new(0.0, 5.0),
        ..BodyDef::default()
    });
    w.add_collider(b, &ColliderDef::new(Circle::new(Vec2::ZERO, 0.2).unwrap()))
        .unwrap();
    run(&mut w, 1.0);
    assert!(w.body(b).unwrap().position().y > 3.0);
}

#[test]
fn resting_stack_sleeps_and_wakes_when_hit() {
    let mut w = world();
    floor(&mut w, 10.0);
    let stack: Vec<BodyHandle> = (0..3)
        .map(|i| {
            dynamic_box(
                &mut w,
                Vec2::new(0.0, 0.5 + i as f64),
                Vec2::splat(0.5),
                0.6,
            )
        })
        .collect();
    run(&mut w, 2.0);
    assert!(
        stack.iter().all(|b| !w.body(*b).unwrap().is_awake()),
        "the stack fell asleep"
    );
    let before: Vec<Vec2> = stack
        .iter()
        .map(|b| w.body(*b).unwrap().position())
        .collect();
    // A heavy ball dropped on top wakes the whole stack, not only the box it lands on.
    let ball = w.create_body(&BodyDef {
        position: Vec2::new(0.3, 5.0),
        ..BodyDef::default()
    });
    let mut c = ColliderDef::new(Circle::new(Vec2::ZERO, 0.4).unwrap());
    c.density = 20.0;
    w.add_collider(ball, &c).unwrap();
    let mut all_awake = false;
    for _ in 0..120 {
        w.step(DT);
        all_awake |= stack.iter().all(|b| w.body(*b).unwrap().is_awake());
    }
    assert!(all_awake, "the hit woke every box of the stack");
    assert!(
        w.body(ball).unwrap().position().y < 4.0,
        "the ball landed instead of floating"
    );
    let moved: f64 = stack
        .iter()
        .zip(&before)
        .map(|(b, p)| (w.body(*b).unwrap().position() - *p).length())
        .fold(0.0, f64::max);
    assert!(moved > 1e-4, "the stack felt the hit");
}

#[test]
fn setting_a_velocity_wakes_a_sleeping_body() {
    let mut w = world();
    floor(&mut w, 10.0);
    let b = dynamic_box(&mut w, Vec2::new(0.0, 0.5), Vec2::splat(0.5), 0.6);
    run(&mut w, 1.0);
    assert!(!w.body(b).unwrap().is_awake());
    w.set_linear_velocity(b, Vec2::new(0.0, 3.0));
    run(&mut w, 0.1);
    assert!(w.body(b).unwrap().position().y > 0.6);
}
