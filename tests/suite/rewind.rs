//! Rewind: going back through the timeline gives exactly the states the run had, in
//! small steps as a held key does and in big jumps; it reaches back ten seconds and no
//! further; and after a rewind the kept actions replay, from the level's start, to the very
//! state the player sees.

use cavefly::game::timeline::{Timeline, KEYFRAME_SECONDS, REWIND_SECONDS};
use cavefly::game::{Actions, InputScript, Sim};
use cavefly::level::load_level;
use cavefly::rng::Pcg32;
use std::path::Path;

use crate::common;

/// Each shipped replay: its level and every step's actions.
fn replays() -> Vec<(String, Vec<Vec<Actions>>)> {
    common::shipped_replays()
        .iter()
        .map(|f| {
            let script = InputScript::load(f).unwrap();
            let level = script.recorded.as_ref().unwrap().level.clone();
            (level, script.steps().collect())
        })
        .collect()
}

fn sim_of(level: &str) -> Sim {
    Sim::from_level(&load_level(Path::new(level)).unwrap()).unwrap()
}

#[test]
fn rewinding_gives_the_states_the_run_had_and_stepping_on_gives_them_again() {
    let mut rng = Pcg32::new(7);
    for (level, steps) in replays() {
        let mut sim = sim_of(&level);
        let mut timeline = Timeline::new(&sim);
        // The hash after each step, from a plain run (index = steps taken).
        let mut hashes = vec![sim.state_hash()];
        let mut plain = sim_of(&level);
        for a in &steps {
            plain.step(a);
            hashes.push(plain.state_hash());
        }
        let horizon = (REWIND_SECONDS / sim.time_step()).round() as usize;
        let mut played = 0;
        let mut rewinds = 0;
        while played < steps.len() {
            // Play on a random while, then hold the key for a random while, a couple of
            // steps a frame, or jump back a random amount at once.
            let run = rng.int(60, 1500).min(steps.len() - played);
            for a in &steps[played..played + run] {
                timeline.step(&mut sim, a);
            }
            played += run;
            assert_eq!(sim.state_hash(), hashes[played], "{level} at step {played}");
            if played == steps.len() {
                break;
            }
            let back = if rng.int(0, 1) == 0 {
                let frames = rng.int(1, 400);
                (0..frames)
                    .map(|_| timeline.rewind(&mut sim, 2))
                    .sum::<u64>() as usize
            } else {
                timeline.rewind(&mut sim, rng.int(1, 2000) as u64) as usize
            };
            assert!(
                back <= played && back <= horizon + 60,
                "{level}: back {back}"
            );
            played -= back;
            rewinds += 1;
            assert_eq!(sim.steps() as usize, played, "{level}");
            assert_eq!(timeline.steps() as usize, played, "{level}");
            assert_eq!(
                sim.state_hash(),
                hashes[played],
                "{level} back at step {played}"
            );
        }
        assert!(rewinds >= 3, "{level}: {rewinds} rewinds");
        assert_eq!(sim.outcome(), plain.outcome(), "{level}");
    }
}

#[test]
fn the_buffer_reaches_back_ten_seconds_and_no_further() {
    let (level, steps) = replays().remove(0);
    let mut sim = sim_of(&level);
    let mut timeline = Timeline::new(&sim);
    let dt = sim.time_step();
    let horizon = (REWIND_SECONDS / dt).round() as u64;
    let every = (KEYFRAME_SECONDS / dt).round() as u64;
    // Not on a keyframe: 25 s and a third of a keyframe's spacing.
    let n = (25.0 / dt) as usize + every as usize / 3;
    assert!(steps.len() > n);
    for a in &steps[..n] {
        timeline.step(&mut sim, a);
    }
    let info = timeline.info(sim.steps());
    assert_eq!(info.seconds, horizon as f64 * dt);
    assert_eq!(info.capacity, REWIND_SECONDS);
    // Held down, the key goes back the ten seconds, then at most to the keyframe just
    // before them, then no further.
    let mut back = 0;
    loop {
        let b = timeline.rewind(&mut sim, 2);
        if b == 0 {
            break;
        }
        back += b;
    }
    assert!(
        (horizon..horizon + every).contains(&back),
        "went back {back} steps of {horizon}"
    );
    assert_eq!(timeline.info(sim.steps()).seconds, 0.0);
    // Early in a run, the start is as far as it goes.
    let mut sim = sim_of(&level);
    let mut timeline = Timeline::new(&sim);
    for a in &steps[..100] {
        timeline.step(&mut sim, a);
    }
    assert_eq!(timeline.rewind(&mut sim, 1000), 100);
    assert_eq!(sim.state_hash(), sim_of(&level).state_hash());
}

#[test]
fn after_a_rewind_the_kept_actions_replay_to_the_state_on_screen() {
    for (level, steps) in replays() {
        let mut sim = sim_of(&level);
        let mut timeline = Timeline::new(&sim);
        for a in &steps[..1500] {
            timeline.step(&mut sim, a);
        }
        assert_eq!(timeline.rewind(&mut sim, 400), 400);
        // The player flies differently from there: thrust and turn for two seconds.
        let other = Actions {
            thrust: true,
            left: true,
            ..Actions::default()
        };
        for _ in 0..240 {
            timeline.step(&mut sim, &[other]);
        }
        let tracks = timeline.tracks();
        assert_eq!(tracks.len(), 1);
        assert_eq!(tracks[0].len(), 1100 + 240);
        let mut again = sim_of(&level);
        for a in tracks[0].iter() {
            again.step(&a);
        }
        assert_eq!(again.state_hash(), sim.state_hash(), "{level}");
        // And it differs from the run that was rewound away.
        let mut original = sim_of(&level);
        for a in &steps[..1340] {
            original.step(a);
        }
        assert_ne!(original.state_hash(), sim.state_hash(), "{level}");
    }
}
