//! Gameplay mechanics pinned through the headless simulation: damage, respawn, fuel,
//! pads, pickups and the tractor beam.

use cavefly::game::{Actions, DebrisSetup, PartKind, Sim, SimSetup};
use cavefly::geom::{ConvexPolygon, Vec2};
use cavefly::level::{Pad, Pickup};
use cavefly::physics::RockSegment;

const G: f64 = 9.81;

fn act(thrust: bool, left: bool, tractor: bool) -> Actions {
    Actions {
        thrust,
        left,
        tractor,
        ..Actions::default()
    }
}

fn zero_g(start: Vec2, angle: f64) -> SimSetup {
    let mut s = SimSetup::empty(start);
    s.physics.gravity = Vec2::ZERO;
    s.player_starts[0].1 = angle;
    s
}

fn floor(s: &mut SimSetup) {
    s.physics.gravity = Vec2::new(0.0, -G);
    s.rock = vec![RockSegment::chain(
        &[Vec2::new(50.0, 0.0), Vec2::new(-50.0, 0.0)],
        false,
    )];
}

fn block(w: f64, h: f64, at: Vec2, velocity: Vec2, density: f64) -> DebrisSetup {
    DebrisSetup {
        velocity,
        density,
        ..DebrisSetup::new(
            ConvexPolygon::rect(w / 2.0, h / 2.0).unwrap().into(),
            at,
            0.0,
        )
    }
}

/// Speed gained over `steps` of full thrust from the current state, zero gravity.
fn thrust_gain(sim: &mut Sim, steps: usize) -> f64 {
    let v0 = sim.ship().unwrap().linear_velocity();
    for _ in 0..steps {
        sim.step(&act(true, false, false));
    }
    (sim.ship().unwrap().linear_velocity() - v0).length()
}

#[test]
fn a_hit_engine_gives_less_thrust() {
    // A block flies up into the right engine's underside.
    let mut s = zero_g(Vec2::ZERO, 0.0);
    s.debris.push(block(
        0.2,
        0.2,
        Vec2::new(0.45, -2.0),
        Vec2::new(0.0, 6.0),
        20.0,
    ));
    let mut hurt = Sim::new(&s).unwrap();
    for _ in 0..60 {
        hurt.step(&Actions::default());
    }
    let ship = hurt.ship_state().unwrap();
    let right = ship.health_fraction(PartKind::RightEngine);
    assert!(right < 0.95 && right > 0.5, "right engine at {right}");
    assert_eq!(ship.health_fraction(PartKind::LeftEngine), 1.0);
    let expected = hurt.ship_def().thrust * (1.0 + right) / 2.0;
    assert!((ship.max_thrust(hurt.ship_def()) - expected).abs() < 1e-9);

    // The measured push, against a whole ship drifting at the same speed.
    let mut whole = Sim::new(&zero_g(Vec2::ZERO, 0.0)).unwrap();
    let ratio = thrust_gain(&mut hurt, 30) / thrust_gain(&mut whole, 30);
    assert!(
        (ratio - (1.0 + right) / 2.0).abs() < 0.02,
        "thrust ratio {ratio}, engine health {right}"
    );
}

#[test]
fn a_destroyed_hull_respawns_at_the_checkpoint_and_costs_a_life() {
    // A heavy block rises between the engines into the hull's underside.
    let start = Vec2::new(3.0, 4.0);
    let mut s = zero_g(start, 0.0);
    s.debris.push(block(
        0.4,
        0.4,
        start + Vec2::new(0.0, -3.0),
        Vec2::new(0.0, 25.0),
        40.0,
    ));
    let mut sim = Sim::new(&s).unwrap();
    let mut lost_at = None;
    for step in 0..600 {
        sim.step(&Actions::default());
        if lost_at.is_none() && sim.ship().is_none() {
            lost_at = Some(step);
            assert_eq!(sim.lives(), 2);
            // The wreck: five parts, plus the block.
            assert_eq!(sim.debris().len(), 6);
        }
    }
    let lost_at = lost_at.expect("the hull was destroyed");
    assert!(lost_at < 60, "destroyed at step {lost_at}");
    let ship = sim.ship().expect("a new ship");
    assert_eq!(sim.checkpoint().0, start);
    assert!(
        (ship.position() - start).length() < 0.05,
        "{:?}",
        ship.position()
    );
    assert_eq!(
        sim.ship_state().unwrap().health_fraction(PartKind::Hull),
        1.0
    );
    assert_eq!(sim.fuel(), sim.ship_def().fuel);
}

#[test]
fn running_out_of_fuel_stops_thrust() {
    let mut s = SimSetup::empty(Vec2::new(0.0, 0.45));
    floor(&mut s);
    s.ship.fuel = 0.5;
    let mut sim = Sim::new(&s).unwrap();
    let mut speeds = Vec::new();
    for _ in 0..120 {
        sim.step(&act(true, false, false));
        speeds.push(sim.ship().unwrap().linear_velocity().y);
    }
    assert_eq!(sim.fuel(), 0.0);
    // Half a second of climbing, then free fall: the speed drops by g·t, less a little drag.
    assert!(speeds[59] > 3.0, "climbing at {}", speeds[59]);
    let fall = (speeds[119] - speeds[69]) / (50.0 / 120.0);
    assert!((fall + G).abs() < 0.3, "falls at {fall} m/s²");
}

#[test]
fn landing_gently_on_a_pad_refuels_and_sets_the_checkpoint() {
    let mut s = SimSetup::empty(Vec2::new(10.0, 0.45));
    floor(&mut s);
    s.pads.push(Pad {
        name: "base".into(),
        position: Vec2::new(10.0, 0.0),
        width: 3.0,
        refuel_rate: 15.0,
    });
    let mut sim = Sim::new(&s).unwrap();
    // A short hop burns some fuel; then it settles back on the pad.
    for _ in 0..12 {
        sim.step(&act(true, false, false));
    }
    let burnt = sim.fuel();
    assert!(burnt < sim.ship_def().fuel);
    for _ in 0..240 {
        sim.step(&Actions::default());
    }
    assert_eq!(sim.landed_pad(), Some(0));
    assert_eq!(sim.fuel(), sim.ship_def().fuel);
    assert_eq!(sim.checkpoint().0, Vec2::new(10.0, 0.6));
    assert_eq!(
        sim.ship_state().unwrap().health_fraction(PartKind::Hull),
        1.0
    );
}

#[test]
fn flying_through_a_canister_picks_it_up() {
    let mut s = zero_g(Vec2::ZERO, -std::f64::consts::FRAC_PI_2);
    s.ship.fuel = 10.0;
    s.pickups.push(Pickup {
        name: "can".into(),
        position: Vec2::new(4.0, 0.0),
        fuel: 20.0,
    });
    let mut sim = Sim::new(&s).unwrap();
    for _ in 0..240 {
        sim.step(&act(sim.steps() < 60, false, false));
    }
    assert!(sim.ship().unwrap().position().x > 5.0);
    assert_eq!(sim.fuel(), 10.0, "refilled to capacity");
    assert_eq!(sim.score(), 25);
}

#[test]
fn the_tractor_tows_a_piece_and_throws_it_on_release() {
    // Facing +x with a piece 4 m ahead, in zero gravity.
    let mut s = zero_g(Vec2::ZERO, -std::f64::consts::FRAC_PI_2);
    s.debris
        .push(block(0.8, 0.8, Vec2::new(4.0, 0.0), Vec2::ZERO, 1.0));
    let mut sim = Sim::new(&s).unwrap();
    sim.step(&act(false, false, true));
    let (piece, _) = sim.tow().expect("locked on");
    // Turn round and fly away: the piece follows on the beam.
    for _ in 0..95 {
        sim.step(&act(false, true, true));
    }
    for _ in 0..120 {
        sim.step(&act(true, false, true));
    }
    let p = sim.physics().body(piece).unwrap();
    assert!(p.position().x < 2.5, "towed to {:?}", p.position());
    let v = p.linear_velocity();
    assert!(v.x < -1.0, "moving with the ship: {v:?}");
    // Let go: it keeps its velocity.
    sim.step(&Actions::default());
    assert!(sim.tow().is_none());
    let at = sim.physics().body(piece).unwrap().position();
    let v = sim.physics().body(piece).unwrap().linear_velocity();
    for _ in 0..60 {
        sim.step(&Actions::default());
    }
    let moved = sim.physics().body(piece).unwrap().position() - at;
    assert!(
        (moved - v * 0.5).length() < 0.05,
        "moved {moved:?} at {v:?}"
    );
}

#[test]
fn the_tractor_ignores_pieces_behind_out_of_range_or_out_of_sight() {
    let mut s = zero_g(Vec2::ZERO, 0.0);
    // Behind the ship, far ahead, and ahead but behind a rock wall.
    s.debris
        .push(block(0.5, 0.5, Vec2::new(0.0, -3.0), Vec2::ZERO, 1.0));
    s.debris
        .push(block(0.5, 0.5, Vec2::new(0.0, 20.0), Vec2::ZERO, 1.0));
    s.rock = vec![RockSegment::chain(
        &[Vec2::new(-3.0, 3.0), Vec2::new(3.0, 3.0)],
        false,
    )];
    s.debris
        .push(block(0.5, 0.5, Vec2::new(0.5, 5.0), Vec2::ZERO, 1.0));
    let sim = Sim::new(&s).unwrap();
    assert_eq!(sim.tractor_candidate(), None);
}
