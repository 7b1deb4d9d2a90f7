//! Doors and lifts: a door reaches its ends in the time its speed gives, stops against a
//! body in its way without crushing it, and goes on once the way is clear; a lift carries
//! what rests on it.

use cavefly::constants::LINEAR_SLOP;
use cavefly::game::door::Door;
use cavefly::game::SpawnError;
use cavefly::geom::{ConvexPolygon, Vec2};
use cavefly::hash::Fnv1a;
use cavefly::level::{Mover, MoverKind};
use cavefly::physics::{
    BodyDef, BodyHandle, ColliderDef, PhysicsSettings, PhysicsWorld, RockSegment,
};

const DT: f64 = 1.0 / 120.0;

/// A door with its body, made as the game's spawn makes it.
struct Placed {
    door: Door,
    body: BodyHandle,
}

impl Placed {
    fn new(mover: &Mover, w: &mut PhysicsWorld) -> Result<Placed, SpawnError> {
        let door = Door::new(mover, 0)?;
        let (body, part) = door.body_def();
        let body = w.create_body(&body);
        w.add_collider(body, &part).unwrap();
        Ok(Placed { door, body })
    }

    fn handle(&self) -> BodyHandle {
        self.body
    }

    fn step(&mut self, w: &mut PhysicsWorld, dt: f64) {
        self.door.step(self.body, w, dt);
    }
}

impl std::ops::Deref for Placed {
    type Target = Door;
    fn deref(&self) -> &Door {
        &self.door
    }
}

impl std::ops::DerefMut for Placed {
    fn deref_mut(&mut self) -> &mut Door {
        &mut self.door
    }
}

fn floor_world() -> PhysicsWorld {
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    w.add_rock(&RockSegment::chain(
        &[Vec2::new(10.0, 0.0), Vec2::new(-10.0, 0.0)],
        false,
    ));
    w
}

/// A 1 m by 4 m door closed with its foot on the floor at x = 0 and open 5 m higher.
fn gate(open: bool) -> Mover {
    Mover {
        name: "gate".into(),
        kind: MoverKind::Door,
        size: Vec2::new(1.0, 4.0),
        path: vec![Vec2::new(0.0, 2.0), Vec2::new(0.0, 7.0)],
        speed: 2.0,
        open,
    }
}

fn step(w: &mut PhysicsWorld, doors: &mut [&mut Placed]) {
    for d in doors.iter_mut() {
        d.step(w, DT);
    }
    w.step(DT);
}

fn y_of(w: &PhysicsWorld, d: &Placed) -> f64 {
    w.body(d.handle()).unwrap().position().y
}

#[test]
fn a_door_opens_to_its_last_point_in_the_time_its_speed_gives() {
    let mut w = floor_world();
    let mut door = Placed::new(&gate(false), &mut w).unwrap();
    assert!(door.is_closed() && (y_of(&w, &door) - 2.0).abs() < 1e-12);
    door.open();
    // 5 m at 2 m/s: 2.5 s, 300 steps.
    for k in 1..=300 {
        step(&mut w, &mut [&mut door]);
        if k == 150 {
            assert!((y_of(&w, &door) - 4.5).abs() < 1e-9, "{}", y_of(&w, &door));
            assert!(!door.is_open());
        }
    }
    assert!(door.is_open(), "progress {}", door.progress());
    assert!((y_of(&w, &door) - 7.0).abs() < 1e-9);
    step(&mut w, &mut [&mut door]);
    let b = w.body(door.handle()).unwrap();
    assert!((b.position().y - 7.0).abs() < 1e-9 && b.linear_velocity().length() < 1e-9);
    // Toggle shuts it again.
    door.toggle();
    for _ in 0..300 {
        step(&mut w, &mut [&mut door]);
    }
    assert!(door.is_closed() && (y_of(&w, &door) - 2.0).abs() < 1e-9);
}

#[test]
fn a_door_stops_against_a_box_in_its_way_and_goes_on_once_it_is_gone() {
    let mut w = floor_world();
    let crate_body = w.create_body(&BodyDef {
        position: Vec2::new(0.3, 0.5),
        ..BodyDef::default()
    });
    w.add_collider(
        crate_body,
        &ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap()),
    )
    .unwrap();
    let mut door = Placed::new(&gate(true), &mut w).unwrap();
    assert!(door.is_open());
    for _ in 0..60 {
        step(&mut w, &mut [&mut door]);
    }
    let rest = w.body(crate_body).unwrap().position();
    door.close();
    // The foot falls from 5 m to the crate's top near 1 m at 2 m/s: about 2 s; run 4 s.
    let mut lowest_foot = f64::INFINITY;
    for _ in 0..480 {
        step(&mut w, &mut [&mut door]);
        let top = w.body(crate_body).unwrap().position().y + 0.5;
        let foot = y_of(&w, &door) - 2.0;
        lowest_foot = lowest_foot.min(foot);
        assert!(
            foot >= top - LINEAR_SLOP,
            "foot {foot} sinks into the crate top {top}"
        );
    }
    assert!(door.is_blocked() && !door.is_closed());
    let c = w.body(crate_body).unwrap();
    assert!(
        (c.position() - rest).length() < LINEAR_SLOP,
        "the crate was not pushed: {:?} vs {rest:?}",
        c.position()
    );
    assert!(
        (lowest_foot - (rest.y + 0.5)).abs() < 2.0 * LINEAR_SLOP,
        "{lowest_foot}"
    );
    assert!(w.body(door.handle()).unwrap().linear_velocity().length() < 1e-9);
    // Take the crate away: the door shuts, the last 1 m taking 0.5 s.
    w.remove_body(crate_body);
    for _ in 0..59 {
        step(&mut w, &mut [&mut door]);
    }
    assert!(!door.is_blocked() && !door.is_closed());
    step(&mut w, &mut [&mut door]);
    step(&mut w, &mut [&mut door]);
    assert!(door.is_closed() && (y_of(&w, &door) - 2.0).abs() < 1e-9);
}

#[test]
fn a_sliding_door_stops_short_of_a_box_beside_it() {
    let mut w = floor_world();
    let crate_body = w.create_body(&BodyDef {
        position: Vec2::new(3.0, 0.5),
        ..BodyDef::default()
    });
    w.add_collider(
        crate_body,
        &ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap()),
    )
    .unwrap();
    let mover = Mover {
        name: "slider".into(),
        kind: MoverKind::Door,
        size: Vec2::new(1.0, 2.0),
        path: vec![Vec2::new(0.0, 1.01), Vec2::new(6.0, 1.01)],
        speed: 3.0,
        open: true,
    };
    let mut door = Placed::new(&mover, &mut w).unwrap();
    door.close();
    for _ in 0..240 {
        step(&mut w, &mut [&mut door]);
        let right = w.body(crate_body).unwrap().position().x + 0.5;
        let left = w.body(door.handle()).unwrap().position().x - 0.5;
        assert!(
            left >= right - LINEAR_SLOP,
            "door {left} into crate {right}"
        );
    }
    assert!(door.is_blocked());
    assert!((w.body(crate_body).unwrap().position().x - 3.0).abs() < LINEAR_SLOP);
}

#[test]
fn a_lift_shuttles_and_carries_a_box_resting_on_it() {
    let mut w = floor_world();
    let lift = Mover {
        name: "lift".into(),
        kind: MoverKind::Lift,
        size: Vec2::new(4.0, 0.5),
        path: vec![Vec2::new(0.0, 1.0), Vec2::new(0.0, 4.0)],
        speed: 1.5,
        open: false,
    };
    let mut lift = Placed::new(&lift, &mut w).unwrap();
    let load = w.create_body(&BodyDef {
        position: Vec2::new(0.0, 1.75),
        ..BodyDef::default()
    });
    w.add_collider(
        load,
        &ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap()),
    )
    .unwrap();
    // 3 m at 1.5 m/s: at the top after 2 s, back at the bottom after 4 s.
    let mut top_load = 0.0;
    for k in 1..=480 {
        step(&mut w, &mut [&mut lift]);
        if k == 240 {
            assert!((y_of(&w, &lift) - 4.0).abs() < 1e-9, "{}", y_of(&w, &lift));
            top_load = w.body(load).unwrap().position().y;
        }
    }
    assert!((y_of(&w, &lift) - 1.0).abs() < 1e-9);
    // The load rode up on the lift's top (4.25 m) and came down with it.
    assert!((top_load - 4.75).abs() < 0.05, "{top_load}");
    assert!((w.body(load).unwrap().position().y - 1.75).abs() < 0.05);
}

#[test]
fn doors_reject_bad_movers_and_hash_their_state() {
    let mut w = floor_world();
    let mut short = gate(false);
    short.path.truncate(1);
    assert!(Placed::new(&short, &mut w).is_err());
    let mut flat = gate(false);
    flat.size = Vec2::new(0.0, 1.0);
    assert!(Placed::new(&flat, &mut w).is_err());
    assert_eq!(w.body_count(), 0);
    let mut a = Placed::new(&gate(false), &mut w).unwrap();
    let hash = |d: &Door| {
        let mut h = Fnv1a::new();
        d.hash_into(&mut h);
        h.finish()
    };
    let closed = hash(&a);
    a.open();
    assert_ne!(hash(&a), closed);
    a.step(&mut w, f64::NAN);
    a.step(&mut w, -1.0);
    assert_eq!(w.body(a.handle()).unwrap().linear_velocity(), Vec2::ZERO);
}

#[test]
fn a_door_follows_a_bent_path_around_its_corner() {
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    let mover = Mover {
        name: "hatch".into(),
        kind: MoverKind::Door,
        size: Vec2::new(1.0, 1.0),
        path: vec![
            Vec2::new(0.0, 5.0),
            Vec2::new(3.0, 5.0),
            Vec2::new(3.0, 9.0),
        ],
        speed: 1.0,
        open: false,
    };
    let mut door = Placed::new(&mover, &mut w).unwrap();
    door.open();
    // 3 m then 4 m at 1 m/s: the corner at 3 s, the end at 7 s.
    for k in 1..=840 {
        door.step(&mut w, DT);
        w.step(DT);
        let p = w.body(door.handle()).unwrap().position();
        if k == 360 {
            assert!((p - Vec2::new(3.0, 5.0)).length() < 1e-9, "{p:?}");
        }
        if k == 600 {
            assert!((p - Vec2::new(3.0, 7.0)).length() < 1e-9, "{p:?}");
        }
    }
    assert!(door.is_open());
    assert!((w.body(door.handle()).unwrap().position() - Vec2::new(3.0, 9.0)).length() < 1e-9);
}
