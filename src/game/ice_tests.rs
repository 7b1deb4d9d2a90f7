//! The ice caverns' mechanics, flown in real levels: slippery rock (the world's `friction`)
//! and drifting (a zone's `push`).

use super::actions::Actions;
use super::sim::Sim;
use crate::geom::Vec2;
use crate::level::{load_level_source, LoadedLevel, ICE_FRICTION, ROCK_FRICTION};
use crate::physics::BodyHandle;
use std::path::Path;

/// Gravity of the slope levels, m/s².
const G: f64 = 4.0;
/// The debris box's friction (the default).
const BOX_FRICTION: f64 = 0.6;

fn load(source: &str) -> LoadedLevel {
    match load_level_source(source, Path::new("ice_test.ron")) {
        Ok(level) => level,
        Err(e) => panic!("the test level does not load: {e}"),
    }
}

/// A cave whose floor rises to the right at `degrees`, with a 1 m box resting on the
/// slope at x = 0, in world `kind` with the rock's `friction` line (empty for the default);
/// the ship waits in a pocket of its own.
fn slope_level(kind: &str, friction: &str, degrees: f64) -> LoadedLevel {
    slope_level_with(kind, friction, degrees, "")
}

/// [`slope_level`] with more top-level fields (`extra`, each ending in a comma).
fn slope_level_with(kind: &str, friction: &str, degrees: f64, extra: &str) -> LoadedLevel {
    let t = degrees.to_radians();
    let floor = |x: f64| slope_floor(degrees, x);
    let normal = Vec2::new(-t.sin(), t.cos());
    let centre = Vec2::new(0.0, floor(0.0)) + normal * 0.505;
    load(&format!(
        "(version: 2, name: \"slope\", gravity: (0.0, -{G}),
          world: (kind: {kind}, {friction}
            rock: [Rect(min: (-40.0, -20.0), max: (80.0, 30.0))],
            carve: [
                Polygon(points: [(-30.0, -10.0), (30.0, {right}), (30.0, 20.0), (-30.0, 20.0)]),
                Circle(center: (60.0, 0.0), radius: 5.0),
            ]),
          debris: [(name: \"box\", shape: Box(width: 1.0, height: 1.0), position: ({x}, {y}), angle: {t})],
          {extra}
          player_start: (position: (60.0, 0.0)))",
        right = floor(30.0),
        x = centre.x,
        y = centre.y,
    ))
}

/// The height of the slope's floor at `x`, as [`slope_level`] builds it.
fn slope_floor(degrees: f64, x: f64) -> f64 {
    -10.0 + (x + 30.0) * degrees.to_radians().tan()
}

fn velocity(sim: &Sim, body: BodyHandle) -> Vec2 {
    sim.physics()
        .body(body)
        .map(|b| b.linear_velocity())
        .expect("the body is still there")
}

/// The box's acceleration along the slope between 0.5 s (settled) and 2.5 s, m/s².
fn slide(level: &LoadedLevel) -> f64 {
    let mut sim = Sim::from_level(level).expect("the level builds");
    let piece = sim.debris()[0];
    let rest = Actions::default();
    for _ in 0..60 {
        sim.step(&rest);
    }
    let v0 = velocity(&sim, piece).length();
    for _ in 0..240 {
        sim.step(&rest);
    }
    (velocity(&sim, piece).length() - v0) / 2.0
}

/// What Coulomb's law expects on a slope of `degrees`: a block slides only where the
/// pair's friction (the geometric mean of the two) is below the slope's tangent.
fn expected_slide(rock: f64, degrees: f64) -> f64 {
    let mu = (rock * BOX_FRICTION).sqrt();
    let t = degrees.to_radians();
    (G * (t.sin() - mu * t.cos())).max(0.0)
}

#[test]
fn a_box_slides_down_an_ice_slope_and_holds_on_mine_rock() {
    let degrees: f64 = 15.0;
    // Ice: the pair's friction, 0.17, is below tan 15° = 0.27: the box slides.
    assert!((ICE_FRICTION * BOX_FRICTION).sqrt() < degrees.to_radians().tan());
    let ice = slide(&slope_level("Ice", "", degrees));
    let want = expected_slide(ICE_FRICTION, degrees);
    assert!(
        (ice - want).abs() < 0.1 * want,
        "on ice the box accelerates at {ice} m/s², Coulomb says {want}"
    );
    // The mines: 0.6 is above tan 15°, so the box stays put.
    assert!(ROCK_FRICTION > degrees.to_radians().tan());
    assert_eq!(expected_slide(ROCK_FRICTION, degrees), 0.0);
    let mines = slide(&slope_level("Mines", "", degrees));
    assert!(
        mines.abs() < 0.005,
        "on mine rock the box slid at {mines} m/s²"
    );
}

#[test]
fn the_level_friction_overrides_the_world_default() {
    let icy_mines = slope_level("Mines", "friction: 0.05,", 15.0);
    assert_eq!(icy_mines.level.world.rock_friction(), 0.05);
    let want = expected_slide(0.05, 15.0);
    let got = slide(&icy_mines);
    assert!(
        (got - want).abs() < 0.1 * want,
        "slid at {got}, expected {want}"
    );
    let grippy_ice = slope_level("Ice", "friction: 0.6,", 15.0);
    assert!(slide(&grippy_ice).abs() < 0.005);
}

#[test]
fn a_pad_grips_on_ice() {
    // The slope is one face; its middle (x = 0) is under the pad, so the whole face grips.
    let pad = format!(
        "pads: [(name: \"plate\", position: (0.0, {}), width: 4.0)],",
        slope_floor(15.0, 0.0)
    );
    let level = slope_level_with("Ice", "", 15.0, &pad);
    let got = slide(&level);
    assert!(got.abs() < 0.005, "the box slid at {got} m/s² on a pad");
    // The pad's grip is dry rock's, so the box holds as on mine rock.
    assert_eq!(expected_slide(ROCK_FRICTION, 15.0), 0.0);
}

/// A level without gravity: a box inside a zone pushing `push`, another box and the ship
/// outside it.
fn drift_level(push: &str) -> LoadedLevel {
    load(&format!(
        "(version: 2, name: \"drift\", gravity: (0.0, 0.0),
          world: (kind: Ice, rock: [Rect(min: (-60.0, -40.0), max: (60.0, 40.0))],
            carve: [Rect(min: (-50.0, -30.0), max: (50.0, 30.0))]),
          debris: [
            (name: \"inside\", shape: Box(width: 1.0, height: 1.0), position: (-30.0, 0.0)),
            (name: \"outside\", shape: Box(width: 1.0, height: 1.0), position: (20.0, 0.0)),
          ],
          zones: [(name: \"current\", shape: Rect(min: (-40.0, -20.0), max: (0.0, 20.0)) {push})],
          player_start: (position: (20.0, 15.0)))"
    ))
}

#[test]
fn a_body_in_a_push_zone_gains_push_times_time_and_nothing_outside_moves() {
    let level = drift_level(", push: (3.0, -1.5)");
    let mut sim = Sim::from_level(&level).expect("the level builds");
    let (inside, outside) = (sim.debris()[0], sim.debris()[1]);
    let ship_at = sim.ship().expect("a ship").position();
    let outside_at = sim.physics().body(outside).expect("a box").position();
    let steps = 120;
    for _ in 0..steps {
        sim.step(&Actions::default());
    }
    let t = steps as f64 * sim.time_step();
    let want = Vec2::new(3.0, -1.5) * t;
    let got = velocity(&sim, inside);
    assert!(
        (got - want).length() < 0.01 * want.length(),
        "after {t} s in the current the box moves at {got:?}, expected {want:?}"
    );
    assert_eq!(velocity(&sim, outside), Vec2::ZERO);
    assert_eq!(sim.physics().body(outside).unwrap().position(), outside_at);
    let ship = sim.ship().expect("a ship");
    assert_eq!(ship.linear_velocity(), Vec2::ZERO);
    assert_eq!(ship.position(), ship_at);
}

#[test]
fn a_push_leaves_the_run_deterministic_and_changes_it() {
    let level = drift_level(", push: (2.0, 0.5)");
    let run = |level: &LoadedLevel| {
        let mut sim = Sim::from_level(level).expect("the level builds");
        (0..240)
            .map(|_| {
                sim.step(&Actions::default());
                sim.state_hash()
            })
            .collect::<Vec<u64>>()
    };
    let first = run(&level);
    assert_eq!(first, run(&level), "two runs of one level differ");
    let still = run(&drift_level(""));
    assert_ne!(first.last(), still.last(), "the push changed nothing");
}
