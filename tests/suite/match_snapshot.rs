//! A match saved mid-play and restored goes on exactly as if it had never stopped: the
//! points, the attacker windows, the handled pieces, the checkpoints and lap clocks are all
//! in the snapshot and the state hash.

use cavefly::game::{Actions, Sim, SimSetup};
use cavefly::geom::Vec2;
use cavefly::level::{load_level, MatchRules};
use cavefly::rng::Pcg32;
use std::path::Path;

/// Both players' actions for step `n`, from a seeded generator: turning, thrusting,
/// firing and beaming in bursts.
fn actions(rng: &mut Pcg32) -> [Actions; 2] {
    let mut one = || {
        let r = rng.next_u32();
        Actions {
            left: r & 3 == 0,
            right: r & 3 == 1,
            thrust: r & 4 != 0,
            fire: r & 8 != 0,
            tractor: r & 16 != 0,
        }
    };
    [one(), one()]
}

/// Plays `sim` `n` steps from `rng`.
fn play(sim: &mut Sim, rng: &mut Pcg32, n: usize) {
    for _ in 0..n {
        let a = actions(rng);
        sim.step(&a);
    }
}

/// Restore then `k` steps equals `k` steps, hash and match alike, from `sim` as it is.
fn round_trip(mut sim: Sim, rng: &mut Pcg32, k: usize) {
    let saved = sim.save();
    let saved_rng = rng.clone();
    play(&mut sim, rng, k);
    // A fresh sim from the snapshot, and the first sim put back over its own future.
    let mut fresh = Sim::from_snapshot(&saved);
    let mut again = saved_rng.clone();
    play(&mut fresh, &mut again, k);
    assert_eq!(fresh.state_hash(), sim.state_hash());
    assert_eq!(fresh.contest(), sim.contest());
    let mut rewound = sim;
    rewound.restore(&saved);
    let mut again = saved_rng;
    play(&mut rewound, &mut again, k);
    assert_eq!(rewound.state_hash(), fresh.state_hash());
    assert_eq!(rewound.contest(), fresh.contest());
}

#[test]
fn each_arena_restores_mid_match_to_the_same_future() {
    for name in ["versus_quarry", "race_ring", "coop_relay"] {
        let loaded = load_level(&Path::new("levels/arenas").join(format!("{name}.ron"))).unwrap();
        let mut sim = Sim::from_level_for(&loaded, 2).unwrap();
        let mut rng = Pcg32::new(0x5EED_0000 + name.len() as u64);
        play(&mut sim, &mut rng, 600);
        assert!(sim.contest().is_some(), "{name}");
        round_trip(sim, &mut rng, 600);
    }
}

#[test]
fn a_versus_match_restores_with_its_attacker_window_open() {
    // Player 1 is shooting player 2 when the game is saved: the window that makes the
    // coming kill theirs must survive the round trip.
    let mut s = SimSetup::empty(Vec2::new(-5.0, 0.0));
    s.physics.gravity = Vec2::ZERO;
    s.players = 2;
    s.player_starts = vec![
        (Vec2::new(-5.0, 0.0), -std::f64::consts::FRAC_PI_2),
        (Vec2::new(5.0, 0.0), -std::f64::consts::FRAC_PI_2),
    ];
    s.rules = Some(MatchRules::Versus {
        first_to: 3,
        respawn_after: 1.0,
    });
    let mut sim = Sim::new(&s).unwrap();
    let fire = Actions {
        fire: true,
        ..Actions::default()
    };
    for _ in 0..60 {
        sim.step(&[fire, Actions::default()]);
    }
    let c = &sim.contest().unwrap().players[1];
    assert_eq!(c.attacker.map(|(by, _)| by), Some(0));
    let saved = sim.save();
    let before = sim.state_hash();
    for _ in 0..240 {
        sim.step(&[fire, Actions::default()]);
    }
    assert!(sim.contest().unwrap().players[0].points >= 1);
    let mut back = Sim::from_snapshot(&saved);
    assert_eq!(back.state_hash(), before);
    for _ in 0..240 {
        back.step(&[fire, Actions::default()]);
    }
    assert_eq!(back.state_hash(), sim.state_hash());
    assert_eq!(back.contest(), sim.contest());
}
