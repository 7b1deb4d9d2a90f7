//! Several players in one sim: each has a ship, their own actions every step, lives,
//! score and checkpoint; replays carry every player's actions.

use cavefly::game::track::Track;
use cavefly::game::{Actions, DebrisSetup, InputScript, Outcome, SetupError, Sim, SimSetup};
use cavefly::geom::{ConvexPolygon, Vec2};
use cavefly::level::{load_level_source, Pickup};
use std::path::Path;

fn thrust() -> Actions {
    Actions {
        thrust: true,
        ..Actions::default()
    }
}

/// Two players side by side in zero gravity.
fn two() -> SimSetup {
    let mut s = SimSetup::empty(Vec2::new(-5.0, 0.0));
    s.physics.gravity = Vec2::ZERO;
    s.players = 2;
    s.player_starts.push((Vec2::new(5.0, 0.0), 0.0));
    s
}

#[test]
fn each_player_flies_their_own_ship_with_their_own_actions() {
    let mut sim = Sim::new(&two()).unwrap();
    assert_eq!(sim.players(), 2);
    for _ in 0..60 {
        sim.step(&[thrust(), Actions::default()]);
    }
    let v0 = sim.ship_of(0).unwrap().linear_velocity();
    let v1 = sim.ship_of(1).unwrap().linear_velocity();
    assert!(v0.y > 1.0, "player 1 climbed: {v0:?}");
    assert_eq!(v1, Vec2::ZERO, "player 2 held nothing");
    assert!(sim.ship_state_of(0).unwrap().fuel() < sim.ship_state_of(1).unwrap().fuel());
    // A player without actions in the slice holds nothing.
    let before = sim.ship_of(1).unwrap().position();
    sim.step(&thrust());
    assert_eq!(sim.ship_of(1).unwrap().position(), before);
}

#[test]
fn lives_scores_and_checkpoints_are_each_players_own() {
    let mut s = two();
    // A canister in front of player 2 only, and a heavy block rising into player 1's hull.
    s.pickups.push(Pickup {
        name: "can".into(),
        position: Vec2::new(5.0, 0.5),
        fuel: 5.0,
    });
    s.debris.push(DebrisSetup {
        velocity: Vec2::new(0.0, 25.0),
        density: 40.0,
        ..DebrisSetup::new(
            ConvexPolygon::rect(0.2, 0.2).unwrap().into(),
            Vec2::new(-5.0, -3.0),
            0.0,
        )
    });
    let mut sim = Sim::new(&s).unwrap();
    for _ in 0..120 {
        sim.step(&[Actions::default(); 2]);
    }
    let (p0, p1) = (sim.player(0).unwrap(), sim.player(1).unwrap());
    assert_eq!((p0.lives, p1.lives), (2, 3));
    assert!(p0.ship.is_none() && p1.ship.is_some());
    assert_eq!((p0.score, p1.score), (0, 25));
    assert_eq!(sim.outcome(), None, "one player still flies");
    // Player 1's next ship comes at their own checkpoint.
    for _ in 0..300 {
        sim.step(&[Actions::default(); 2]);
    }
    assert!((sim.ship_of(0).unwrap().position() - Vec2::new(-5.0, 0.0)).length() < 0.1);
    assert_eq!(
        sim.camera_target(1),
        Some(sim.ship_of(1).unwrap().position())
    );
}

#[test]
fn a_kill_zone_takes_only_the_ships_inside_and_the_level_is_lost_when_none_is_left() {
    // Player 1 starts inside a zone that destroys ships; player 2 waits well below it,
    // nose up, with no gravity.
    let text = r#"(
        version: 2,
        name: "pit",
        gravity: (0.0, 0.0),
        world: (rock: [Rect(min: (-60.0, -60.0), max: (60.0, 60.0))], carve: [Circle(center: (0.0, 0.0), radius: 50.0)]),
        player_starts: [(position: (-10.0, 0.0)), (position: (-10.0, -25.0))],
        zones: [(name: "pit", shape: Circle(center: (-10.0, 0.0), radius: 3.0), trigger: Inside, once: false, actions: [Kill])],
    )"#;
    let level = load_level_source(text, Path::new("levels/pit.ron")).unwrap();
    let mut sim = Sim::from_level_for(&level, 2).unwrap();
    let idle = [Actions::default(); 2];
    for _ in 0..600 {
        sim.step(&idle);
    }
    let (p0, p1) = (sim.player(0).unwrap(), sim.player(1).unwrap());
    assert_eq!(
        (p0.lives, p1.lives),
        (0, 3),
        "each respawn in the pit dies again"
    );
    assert!(p0.ship.is_none() && p1.ship.is_some());
    assert_eq!(sim.outcome(), None, "player 2 still flies");
    // Player 2 climbs into the pit, each new ship the same way, until none is left.
    let climb = [Actions::default(), thrust()];
    let mut steps = 0;
    while sim.outcome().is_none() && steps < 3000 {
        sim.step(&climb);
        steps += 1;
    }
    assert_eq!(sim.player(1).unwrap().lives, 0);
    assert_eq!(sim.outcome(), Some(Outcome::Lost));
}

#[test]
fn a_level_needs_a_start_for_every_player() {
    let text = r#"(
        version: 2,
        name: "two starts",
        world: (rock: [Rect(min: (-30.0, -30.0), max: (30.0, 30.0))], carve: [Circle(center: (0.0, 0.0), radius: 20.0)]),
        player_starts: [(position: (-3.0, 0.0)), (position: (3.0, 0.0), angle: 0.5)],
    )"#;
    let level = load_level_source(text, Path::new("levels/two.ron")).unwrap();
    let sim = Sim::from_level_for(&level, 2).unwrap();
    assert_eq!(
        sim.player(1).unwrap().checkpoint,
        (Vec2::new(3.0, 0.0), 0.5)
    );
    assert!((sim.ship_of(1).unwrap().angle() - 0.5).abs() < 1e-12);
    match Sim::from_level_for(&level, 3) {
        Err(SetupError::Starts { players, starts }) => assert_eq!((players, starts), (3, 2)),
        other => panic!("{:?}", other.err()),
    }
    assert!(matches!(
        Sim::from_level_for(&level, 5),
        Err(SetupError::Players { got: 5, .. })
    ));
    assert!(matches!(
        Sim::from_level_for(&level, 0),
        Err(SetupError::Players { got: 0, .. })
    ));
}

#[test]
fn a_two_player_replay_reproduces_through_its_text() {
    let mut sim = Sim::new(&two()).unwrap();
    let mut tracks = vec![Track::default(), Track::default()];
    for i in 0..400 {
        let a = [
            Actions {
                thrust: i % 3 == 0,
                left: i > 200,
                ..Actions::default()
            },
            Actions {
                thrust: i % 5 < 2,
                fire: i % 40 == 0,
                ..Actions::default()
            },
        ];
        sim.step(&a);
        for (t, a) in tracks.iter_mut().zip(a) {
            t.push(a);
        }
    }
    let level = load_level_source(
        r#"(version: 2, name: "x", world: (rock: [Rect(min: (-9.0, -9.0), max: (9.0, 9.0))], carve: [Circle(center: (0.0, 0.0), radius: 5.0)]), player_start: (position: (0.0, 0.0)))"#,
        Path::new("levels/x.ron"),
    )
    .unwrap();
    let replay = InputScript::record(&level, &tracks, &sim);
    let back = InputScript::parse(&replay.to_text(), "r.ron").unwrap();
    assert_eq!(back.players.len(), 2);
    let mut again = Sim::new(&two()).unwrap();
    for a in back.steps() {
        again.step(&a);
    }
    assert_eq!(again.state_hash(), sim.state_hash());
    assert_eq!(
        back.recorded.unwrap().final_hash,
        format!("{:016x}", sim.state_hash())
    );
    assert_ne!(sim.outcome(), Some(Outcome::Lost));
}
