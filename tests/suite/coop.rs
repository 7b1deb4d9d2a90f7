//! Co-op through the headless simulation: a second start beside the first on a campaign
//! level, each player's own lives, the win at the objective and the loss when both are out.

use cavefly::game::placement::ShipPlacement;
use cavefly::game::{Actions, Outcome, Sim};
use cavefly::geom::Vec2;
use cavefly::level::{load_level, load_level_source, MatchMode};
use std::path::Path;

#[test]
fn a_campaign_level_is_flown_together_from_a_start_beside_its_own() {
    let loaded = load_level(Path::new("levels/01_training_cave.ron")).unwrap();
    assert_eq!(loaded.modes(), [MatchMode::Coop]);
    let mut sim = Sim::from_level_for(&loaded, 2).unwrap();
    let start = loaded.level.starts()[0].position;
    let second = sim.ship_of(1).unwrap().position();
    assert_eq!(second, start + Vec2::new(2.5, 0.0));
    assert!(!loaded.world.solid.contains(second));
    // Side by side on the floor, neither hurt the other.
    for _ in 0..240 {
        sim.step(&[Actions::default(); 2]);
    }
    assert_eq!(sim.hud_of(0).hull, 1.0);
    assert_eq!(sim.hud_of(1).hull, 1.0);
    assert!(
        sim.contest().is_none(),
        "a campaign level has no match figures"
    );
}

/// A weightless cave with a pit that destroys ships and an exit.
const RELAY: &str = r#"(
    version: 2,
    name: "Pit",
    gravity: (0.0, 0.0),
    world: (rock: [Rect(min: (-80, -80), max: (80, 80))], carve: [Circle(center: (0, 0), radius: 70)]),
    player_starts: [(position: (-10, 0)), (position: (10, 0))],
    zones: [
        (name: "pit", shape: Circle(center: (0, -40), radius: 3), once: false, actions: [Kill]),
        (name: "exit", shape: Circle(center: (0, 40), radius: 3)),
    ],
    objective: ReachZone("exit"),
    rules: Coop,
)"#;

fn relay() -> Sim {
    let loaded = load_level_source(RELAY, Path::new("levels/arenas/pit.ron")).unwrap();
    assert_eq!(loaded.modes(), [MatchMode::Coop]);
    Sim::from_level_for(&loaded, 2).unwrap()
}

fn put(sim: &mut Sim, player: usize, at: Vec2) {
    assert!(sim.place_ship_of(
        player,
        &ShipPlacement {
            position: at,
            angle: 0.0,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
        },
    ));
}

/// Drops `player`'s ship in the pit and waits until their next ship (if any) flies.
fn lose_one(sim: &mut Sim, player: usize) {
    put(sim, player, Vec2::new(0.0, -40.0));
    for _ in 0..300 {
        sim.step(&[Actions::default(); 2]);
        if sim.ship_of(player).is_some() && sim.player(player).unwrap().respawn_in.is_none() {
            return;
        }
        if sim.player(player).unwrap().lives == 0 {
            return;
        }
    }
}

#[test]
fn each_player_has_their_own_lives_and_the_level_is_lost_when_both_are_out() {
    let mut sim = relay();
    for left in [2, 1, 0] {
        lose_one(&mut sim, 0);
        assert_eq!(sim.player(0).unwrap().lives, left);
        assert_eq!(sim.player(1).unwrap().lives, 3);
    }
    assert!(sim.ship_of(0).is_none());
    assert_eq!(sim.outcome(), None, "player 2 still flies");
    for _ in 0..3 {
        lose_one(&mut sim, 1);
    }
    assert_eq!(sim.player(1).unwrap().lives, 0);
    assert_eq!(sim.outcome(), Some(Outcome::Lost));
}

#[test]
fn the_level_is_won_when_either_player_meets_the_objective() {
    let mut sim = relay();
    lose_one(&mut sim, 0);
    put(&mut sim, 1, Vec2::new(0.0, 40.0));
    for _ in 0..3 {
        sim.step(&[Actions::default(); 2]);
    }
    assert_eq!(sim.outcome(), Some(Outcome::Won));
    let hud = sim.hud_of(0);
    assert_eq!(hud.lives, 2);
    assert_eq!(hud.contest.unwrap().mode, Some(MatchMode::Coop));
}
