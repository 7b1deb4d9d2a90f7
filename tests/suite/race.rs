//! Races through the headless simulation: checkpoints count only in order, laps and their
//! times, the best lap, and the win at the last lap.

use cavefly::game::placement::ShipPlacement;
use cavefly::game::{Actions, GameEvent, Outcome, Sim};
use cavefly::geom::Vec2;
use cavefly::level::load_level_source;
use std::path::Path;

/// A weightless open cave with three gates along the x axis: `a` (the line), `b`, `c`.
const TRACK: &str = r#"(
    version: 2,
    name: "Gates",
    gravity: (0.0, 0.0),
    world: (rock: [Rect(min: (-120, -120), max: (120, 120))], carve: [Circle(center: (0, 0), radius: 110)]),
    player_starts: [(position: (-5, 0), angle: -1.5708), (position: (-5, 20), angle: -1.5708)],
    zones: [
        (name: "a", shape: Rect(min: (-1, -5), max: (1, 5))),
        (name: "b", shape: Rect(min: (19, -5), max: (21, 5))),
        (name: "c", shape: Rect(min: (39, -5), max: (41, 5))),
    ],
    rules: Race(laps: 3, checkpoints: ["a", "b", "c"]),
)"#;

fn sim() -> Sim {
    let loaded = load_level_source(TRACK, Path::new("levels/arenas/gates.ron")).unwrap();
    Sim::from_level_for(&loaded, 2).unwrap()
}

/// Puts player 1's ship at rest at `x` on the axis, steps once, and returns the
/// checkpoints and laps that step counted.
fn visit(sim: &mut Sim, x: f64) -> Vec<GameEvent> {
    assert!(sim.place_ship_of(
        0,
        &ShipPlacement {
            position: Vec2::new(x, 0.0),
            angle: 0.0,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
        },
    ));
    sim.step(&[Actions::default(); 2]);
    sim.events()
        .iter()
        .filter(|e| matches!(e, GameEvent::Checkpoint { .. } | GameEvent::Lap { .. }))
        .cloned()
        .collect()
}

fn wait(sim: &mut Sim, steps: usize) {
    for _ in 0..steps {
        sim.step(&[Actions::default(); 2]);
    }
}

const A: f64 = 0.0;
const B: f64 = 20.0;
const C: f64 = 40.0;
const DT: f64 = 1.0 / 120.0;

fn checkpoint(index: usize) -> Vec<GameEvent> {
    vec![GameEvent::Checkpoint { player: 0, index }]
}

#[test]
fn checkpoints_count_only_in_order_and_laps_keep_their_times_and_the_best() {
    let mut sim = sim();
    wait(&mut sim, 98);
    // The ships start behind the line: the first checkpoint that counts is `b`. Out of
    // order, `c` and the line count for nothing.
    assert_eq!(visit(&mut sim, C), []);
    assert_eq!(visit(&mut sim, A), []);
    assert_eq!(visit(&mut sim, B), checkpoint(1));
    assert_eq!(visit(&mut sim, B), [], "a checkpoint counts once a lap");
    assert_eq!(visit(&mut sim, A), [], "no going back to the line early");
    assert_eq!(visit(&mut sim, C), checkpoint(2));
    wait(&mut sim, 95);
    // 98 + 6 + 95 + 1 steps: the first lap is 200 steps.
    let lap1 = 200.0 * DT;
    assert_eq!(
        visit(&mut sim, A),
        [
            GameEvent::Checkpoint {
                player: 0,
                index: 0
            },
            GameEvent::Lap {
                player: 0,
                seconds: lap1
            }
        ]
    );
    let hud = sim.hud_of(0).contest.unwrap();
    assert_eq!((hud.lap, hud.laps, hud.checkpoint), (2, 3, (2, 3)));
    assert_eq!((hud.last_lap, hud.best_lap), (Some(lap1), Some(lap1)));
    // A quick second lap (60 steps) and a slower third (120): the best is the second.
    visit(&mut sim, B);
    wait(&mut sim, 57);
    visit(&mut sim, C);
    visit(&mut sim, A);
    let c = &sim.contest().unwrap().players[0];
    assert_eq!(
        (c.laps, c.last_lap, c.best_lap),
        (2, Some(60.0 * DT), Some(60.0 * DT))
    );
    assert_eq!(sim.outcome(), None);
    visit(&mut sim, B);
    wait(&mut sim, 117);
    visit(&mut sim, C);
    let last = visit(&mut sim, A);
    assert_eq!(
        last[1],
        GameEvent::Lap {
            player: 0,
            seconds: 120.0 * DT
        }
    );
    assert!(sim.events().contains(&GameEvent::MatchWon { player: 0 }));
    assert_eq!(sim.outcome(), Some(Outcome::Won));
    let hud = sim.hud_of(1).contest.unwrap();
    assert_eq!(hud.winner, Some(0));
    assert_eq!(
        (hud.lap, hud.best_lap),
        (1, None),
        "player 2 never crossed the line"
    );
    let c = &sim.contest().unwrap().players[0];
    assert_eq!((c.laps, c.best_lap), (3, Some(60.0 * DT)));
}

#[test]
fn a_ship_lost_in_a_race_comes_back_at_its_start_with_its_checkpoints() {
    let text = TRACK.replace(
        "    ],\n    rules",
        "        (name: \"pit\", shape: Circle(center: (0, -50), radius: 3), once: false, actions: [Kill]),\n    ],\n    rules",
    );
    let loaded = load_level_source(&text, Path::new("levels/arenas/gates.ron")).unwrap();
    let mut sim = Sim::from_level_for(&loaded, 2).unwrap();
    visit(&mut sim, B);
    assert!(sim.place_ship_of(
        0,
        &ShipPlacement {
            position: Vec2::new(0.0, -50.0),
            angle: 0.0,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
        },
    ));
    wait(&mut sim, 2);
    assert!(sim.ship_of(0).is_none());
    wait(&mut sim, 245);
    let at = sim.ship_of(0).unwrap().position();
    assert!((at - Vec2::new(-5.0, 0.0)).length() < 0.01, "{at:?}");
    assert_eq!(sim.player(0).unwrap().lives, 3, "no life is lost in a race");
    assert_eq!(sim.contest().unwrap().players[0].next_checkpoint, 2);
}
