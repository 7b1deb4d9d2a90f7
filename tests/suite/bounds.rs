//! Leaving the level: a piece flung past the level's bounds is removed, and a ship that
//! flies out is lost like any other (a life, the burst, the next ship at the checkpoint).

use cavefly::game::placement::ShipPlacement;
use cavefly::game::{Actions, DebrisSetup, GameEvent, Sim, SimSetup};
use cavefly::geom::{Aabb, Circle, Vec2};

/// A weightless world without rock, bounded by a 40 m box around the origin.
fn open_box() -> SimSetup {
    let mut s = SimSetup::empty(Vec2::ZERO);
    s.physics.gravity = Vec2::ZERO;
    s.bounds = Some(Aabb::new(Vec2::splat(-20.0), Vec2::splat(20.0)));
    s
}

#[test]
fn a_piece_flung_out_of_the_level_is_removed_and_one_inside_stays() {
    let mut s = open_box();
    let rock = |x: f64, vx: f64| DebrisSetup {
        velocity: Vec2::new(vx, 0.0),
        ..DebrisSetup::new(
            Circle::new(Vec2::ZERO, 0.5).unwrap().into(),
            Vec2::new(x, 5.0),
            0.0,
        )
    };
    s.debris = vec![rock(10.0, 10.0), rock(-10.0, 1.0)];
    let mut sim = Sim::new(&s).unwrap();
    let bodies = sim.physics().body_count();
    // The fast piece crosses x = 20 after 1 s; the slow one is at x = -9 then.
    for _ in 0..90 {
        sim.step(&Actions::default());
    }
    assert_eq!(sim.debris().len(), 2, "both inside after 0.75 s");
    for _ in 0..60 {
        sim.step(&Actions::default());
    }
    let left = sim.debris();
    assert_eq!(left.len(), 1, "the fast piece is gone");
    let x = sim.physics().body(left[0]).unwrap().position().x;
    assert!((x - -8.75).abs() < 1e-6, "the slow one flies on: x = {x}");
    assert_eq!(sim.physics().body_count(), bodies - 1);
    assert_eq!(sim.entities().len(), 2, "the ship and one piece");
}

#[test]
fn a_ship_that_flies_out_of_the_level_is_lost_and_the_next_one_comes() {
    let mut sim = Sim::new(&open_box()).unwrap();
    assert_eq!(sim.lives(), 3);
    sim.place_ship(&ShipPlacement {
        position: Vec2::new(0.0, 19.0),
        angle: 0.0,
        velocity: Vec2::new(0.0, 10.0),
        angular_velocity: 0.0,
    });
    let mut lost_at = None;
    for step in 0..120 {
        sim.step(&Actions::default());
        if sim.events().contains(&GameEvent::ShipLost) {
            lost_at = Some(step);
            break;
        }
    }
    // 1 m to the edge at 10 m/s: lost in the step that crosses it, about 0.1 s in.
    let step = lost_at.expect("the ship is lost");
    assert!((10..=14).contains(&step), "lost at step {step}");
    assert_eq!(sim.lives(), 2);
    assert!(sim.ship().is_none());
    // Gone from the level, it leaves no wreck behind.
    assert!(sim.debris().is_empty(), "{:?}", sim.debris());
    assert_eq!(sim.entities().len(), 0);
    for _ in 0..(2.0 / sim.time_step()) as usize {
        sim.step(&Actions::default());
    }
    let ship = sim.ship().expect("the next ship");
    assert!(ship.position().length() < 1e-9, "at the checkpoint");
}
