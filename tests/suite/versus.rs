//! Versus through the headless simulation: who scores a kill (the laser, a thrown piece, a
//! crash into rock with no attacker), where the dead ship comes back, and the end of the
//! match at the winning score.

use cavefly::game::placement::ShipPlacement;
use cavefly::game::{Actions, DebrisSetup, GameEvent, Outcome, Sim, SimSetup};
use cavefly::geom::{ConvexPolygon, Vec2};
use cavefly::level::MatchRules;
use cavefly::physics::RockSegment;

/// Nose to the right.
const RIGHT: f64 = -std::f64::consts::FRAC_PI_2;

/// Two players in zero gravity, player 1 at `a` and player 2 at `b` (both facing right),
/// with more starts after them, playing versus to `first_to`.
fn versus(a: Vec2, b: Vec2, more: &[Vec2], first_to: u32) -> SimSetup {
    let mut s = SimSetup::empty(a);
    s.physics.gravity = Vec2::ZERO;
    s.players = 2;
    s.player_starts = [a, b].iter().chain(more).map(|&p| (p, RIGHT)).collect();
    s.rules = Some(MatchRules::Versus {
        first_to,
        respawn_after: 1.0,
    });
    s
}

fn fire() -> Actions {
    Actions {
        fire: true,
        ..Actions::default()
    }
}

/// Steps until `done` holds (at most `max` steps), with `actions` each step; the
/// step count taken.
fn run_until(
    sim: &mut Sim,
    actions: [Actions; 2],
    max: usize,
    done: impl Fn(&Sim) -> bool,
) -> usize {
    for n in 0..max {
        if done(sim) {
            return n;
        }
        sim.step(&actions);
    }
    panic!("not done after {max} steps");
}

fn kills(sim: &Sim) -> Vec<(usize, Option<usize>)> {
    sim.events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::Kill { player, by } => Some((*player, *by)),
            _ => None,
        })
        .collect()
}

fn points(sim: &Sim) -> Vec<u32> {
    sim.contest()
        .unwrap()
        .players
        .iter()
        .map(|c| c.points)
        .collect()
}

#[test]
fn a_laser_kill_scores_for_the_shooter_and_the_dead_ship_comes_back_farthest_away() {
    // Player 2 sits 10 m in front of player 1's gun. Starts: the two, one right beside
    // player 1, one 40 m away.
    let far = Vec2::new(0.0, 40.0);
    let s = versus(
        Vec2::new(-5.0, 0.0),
        Vec2::new(5.0, 0.0),
        &[Vec2::new(-5.0, 3.0), far],
        3,
    );
    let mut sim = Sim::new(&s).unwrap();
    let mut lost = Vec::new();
    let steps = run_until(&mut sim, [fire(), Actions::default()], 600, |sim| {
        sim.ship_of(1).is_none()
    });
    lost.extend(kills(&sim));
    // 100 hull at 8 a shot, a shot each 0.12 s: 13 shots, about 1.5 s.
    assert!((150..=240).contains(&steps), "{steps} steps");
    assert_eq!(lost, [(1, Some(0))]);
    assert_eq!(points(&sim), [1, 0]);
    assert_eq!(sim.player(1).unwrap().lives, 3, "no life is lost in versus");
    // Back after 1 s, at the start farthest from player 1's ship: (-5, 3) is nearest it,
    // (5, 0) 10 m from it, (0, 40) about 40 m.
    let back = run_until(&mut sim, [Actions::default(); 2], 200, |sim| {
        sim.ship_of(1).is_some()
    });
    assert!((119..=121).contains(&back), "{back} steps");
    let at = sim.ship_of(1).unwrap().position();
    assert!((at - far).length() < 0.01, "respawned at {at:?}");
    let hud = sim.hud_of(1).contest.unwrap();
    assert_eq!(
        (hud.points, hud.first_to, hud.winner),
        (vec![1, 0], 3, None)
    );
}

#[test]
fn the_first_to_the_winning_score_ends_the_match() {
    let s = versus(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0), &[], 2);
    let mut sim = Sim::new(&s).unwrap();
    let mut all = Vec::new();
    for _ in 0..1200 {
        sim.step(&[fire(), Actions::default()]);
        all.extend(kills(&sim));
        if sim.outcome().is_some() {
            break;
        }
    }
    // With two starts, player 2 comes back where they were: in front of the gun again.
    assert_eq!(all, [(1, Some(0)), (1, Some(0))]);
    assert_eq!(sim.outcome(), Some(Outcome::Won));
    assert_eq!(sim.contest().unwrap().winner, Some(0));
    assert!(sim.events().contains(&GameEvent::MatchWon { player: 0 }));
    assert_eq!(sim.hud_of(1).contest.unwrap().winner, Some(0));
    // The match is over: player 2's next ship comes, and the trigger no longer fires.
    for _ in 0..300 {
        sim.step(&[fire(), Actions::default()]);
    }
    assert!(sim.ship_of(1).is_some());
    assert_eq!(points(&sim), [2, 0]);
    assert_eq!(sim.hud_of(1).hull, 1.0);
}

#[test]
fn a_thrown_piece_kills_for_the_player_whose_beam_let_it_go() {
    // A heavy block flies right across player 1's nose towards player 2; player 1's beam
    // catches it for a moment and lets go.
    let mut s = versus(Vec2::new(0.0, 0.0), Vec2::new(14.0, 4.0), &[], 3);
    s.player_starts[0].1 = 0.0;
    s.debris.push(DebrisSetup {
        velocity: Vec2::new(30.0, 0.0),
        density: 60.0,
        ..DebrisSetup::new(
            ConvexPolygon::rect(0.25, 0.25).unwrap().into(),
            Vec2::new(-1.0, 4.0),
            0.0,
        )
    });
    let grab = Actions {
        tractor: true,
        ..Actions::default()
    };
    let play = |beam: bool| {
        let mut sim = Sim::new(&s).unwrap();
        let first = if beam { grab } else { Actions::default() };
        sim.step(&[first, Actions::default()]);
        sim.step(&[first, Actions::default()]);
        assert_eq!(sim.tow().is_some(), beam);
        let mut all = Vec::new();
        for _ in 0..240 {
            sim.step(&[Actions::default(); 2]);
            all.extend(kills(&sim));
        }
        (all, points(&sim))
    };
    assert_eq!(play(true), (vec![(1, Some(0))], vec![1, 0]));
    // Untouched by the beam, the same block is nobody's: the loss is player 2's own.
    assert_eq!(play(false), (vec![(1, None)], vec![0, 0]));
}

#[test]
fn a_crash_into_rock_with_no_attacker_costs_a_point_never_below_zero() {
    // Player 2 shoots player 1 for a point; player 1 comes back up at (-25, 30).
    let mut s = versus(
        Vec2::new(-20.0, 0.0),
        Vec2::new(-30.0, 0.0),
        &[Vec2::new(-25.0, 30.0)],
        5,
    );
    // A spike of rock pointing left, sharp enough that it meets the hull between the gun
    // and the engine pod.
    s.rock = vec![RockSegment::chain(
        &[
            Vec2::new(26.0, 40.0),
            Vec2::new(6.0, 0.2),
            Vec2::new(26.0, -40.0),
        ],
        false,
    )];
    let mut sim = Sim::new(&s).unwrap();
    let mut all = Vec::new();
    run_until(&mut sim, [Actions::default(), fire()], 600, |sim| {
        sim.ship_of(0).is_none()
    });
    all.extend(kills(&sim));
    assert_eq!(points(&sim), [0, 1]);
    // Player 2's ship is flung at the spike, hull first, with nobody near.
    let fling = |sim: &mut Sim| {
        assert!(sim.place_ship_of(
            1,
            &ShipPlacement {
                position: Vec2::ZERO,
                angle: -(0.5f64).atan(),
                velocity: Vec2::new(45.0, 0.0),
                angular_velocity: 0.0,
            },
        ));
    };
    fling(&mut sim);
    for _ in 0..60 {
        sim.step(&[Actions::default(); 2]);
        all.extend(kills(&sim));
    }
    assert_eq!(all, [(0, Some(1)), (1, None)]);
    assert_eq!(points(&sim), [0, 0], "the crash cost player 2 their point");
    // Again, with no point left to lose.
    run_until(&mut sim, [Actions::default(); 2], 300, |sim| {
        sim.ship_of(1).is_some()
    });
    fling(&mut sim);
    for _ in 0..60 {
        sim.step(&[Actions::default(); 2]);
        all.extend(kills(&sim));
    }
    assert_eq!(all.last(), Some(&(1, None)));
    assert_eq!(points(&sim), [0, 0], "never below zero");
}
