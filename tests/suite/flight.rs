//! Flying: the engines push where they sit, so a hurt engine yaws the ship by the torque
//! its weaker side leaves unbalanced, while a whole ship flies straight; the attitude
//! thrusters fight the yaw with their limited torque; and a healthy ship on the autopilot
//! holds a hover.

use cavefly::game::flight::fly_ships;
use cavefly::game::spawn::spawn_ship;
use cavefly::game::{Actions, PartKind, Ship, ShipDef, Sim, SimSetup};
use cavefly::geom::Vec2;
use cavefly::physics::{PhysicsSettings, PhysicsWorld, RockSegment};
use cavefly::rng::Pcg32;
use cavefly::tools::autopilot::{Pilot, Task};
use hecs::World;

const DT: f64 = 1.0 / 120.0;

/// A ship in empty, weightless space with its left engine at `left` of its health,
/// thrusting with no rotate key for `steps`: its heading and spin then, and the ship's
/// inertia.
fn thrust_with_left_engine_at(left: f64, steps: usize) -> (f64, f64, f64) {
    let def = ShipDef::builtin().unwrap();
    let mut world = World::new();
    let mut physics = PhysicsWorld::new(PhysicsSettings {
        gravity: Vec2::ZERO,
        ..PhysicsSettings::default()
    });
    let e = spawn_ship(
        &mut world,
        &mut physics,
        &def,
        0,
        (Vec2::ZERO, 0.0),
        def.fuel,
    )
    .unwrap();
    {
        let mut ship = world.get::<&mut Ship>(e).unwrap();
        let full = ship.health(PartKind::LeftEngine);
        ship.damage(PartKind::LeftEngine, full * (1.0 - left));
        assert!((ship.health_fraction(PartKind::LeftEngine) - left).abs() < 1e-12);
    }
    let body = world.get::<&cavefly::game::components::Body>(e).unwrap().0;
    let thrust = Actions {
        thrust: true,
        ..Actions::default()
    };
    let mut rng = Pcg32::new(1);
    for _ in 0..steps {
        fly_ships(&mut world, &mut physics, &def, &[thrust], DT, &mut rng);
        physics.step(DT);
    }
    let b = physics.body(body).unwrap();
    (b.angle(), b.angular_velocity(), b.inertia())
}

#[test]
fn a_whole_ship_thrusts_straight() {
    let (angle, spin, _) = thrust_with_left_engine_at(1.0, 240);
    assert!(
        angle.abs() < 1e-9 && spin.abs() < 1e-9,
        "{angle} rad, {spin} rad/s"
    );
}

#[test]
fn a_hurt_engine_yaws_the_ship_at_the_rate_the_torques_balance_at() {
    let def = ShipDef::builtin().unwrap();
    let left = 0.6;
    let (angle, spin, inertia) = thrust_with_left_engine_at(left, 120);
    // The right engine pushes harder: the nose swings left (counter-clockwise, positive).
    assert!(angle > 0.05, "turned {angle} rad in a second");
    // Expected independently: the unbalanced torque, half the thrust times the health the
    // left engine lost times its lever arm, is held by the attitude thrusters' pull back
    // toward no spin, I·k·ω, once ω settles (the lever arm is the engines' distance from
    // the centre line, on which the centre of mass lies).
    let lever = def.engine(PartKind::RightEngine).unwrap().at.x;
    let unbalanced = 0.5 * def.thrust * (1.0 - left) * lever;
    assert!(
        unbalanced < def.turn_torque,
        "within what the thrusters hold"
    );
    let expected = unbalanced / (inertia * def.turn_response);
    assert!(
        (spin - expected).abs() < 0.02 * expected,
        "spin {spin} rad/s, expected {expected}"
    );
}

#[test]
fn a_dead_engine_overpowers_the_attitude_thrusters() {
    let def = ShipDef::builtin().unwrap();
    let (_, spin_1s, inertia) = thrust_with_left_engine_at(0.0, 120);
    let (_, spin_2s, _) = thrust_with_left_engine_at(0.0, 240);
    // Past what the thrusters hold, the spin keeps growing at the torque left over.
    let lever = def.engine(PartKind::RightEngine).unwrap().at.x;
    let left_over = 0.5 * def.thrust * lever - def.turn_torque;
    let expected = left_over / inertia;
    let measured = spin_2s - spin_1s;
    assert!(
        (measured - expected).abs() < 0.02 * expected,
        "spun up {measured} rad/s in a second, expected {expected}"
    );
}

#[test]
fn a_healthy_ship_on_the_autopilot_holds_a_hover_within_20_cm_for_10_s() {
    // An open cave under the levels' default gravity.
    let mut s = SimSetup::empty(Vec2::new(0.0, -10.0));
    let cave: Vec<Vec2> = (0..64)
        .map(|i| {
            let a = -std::f64::consts::TAU * i as f64 / 64.0;
            Vec2::new(40.0 * a.cos(), 40.0 * a.sin())
        })
        .collect();
    s.rock = vec![RockSegment::chain(&cave, true)];
    let mut sim = Sim::new(&s).unwrap();
    let mut pilot = Pilot::default();
    let goal = Vec2::new(3.0, 0.0);
    let mut settled = false;
    for _ in 0..2400 {
        let (a, done) = pilot.act(&sim, &Task::Fly(goal));
        sim.step(&a);
        if done {
            settled = true;
            break;
        }
    }
    assert!(settled, "reached the hover point");
    let hold = sim.ship().unwrap().position();
    let mut worst: f64 = 0.0;
    let mut steps = 0;
    loop {
        let (a, done) = pilot.act(&sim, &Task::Hover(10.0));
        if done {
            break;
        }
        sim.step(&a);
        steps += 1;
        worst = worst.max((sim.ship().unwrap().position() - hold).length());
    }
    assert!(steps >= 1199, "hovered {steps} steps");
    assert!(worst < 0.2, "drifted up to {worst} m from the hover point");
}
