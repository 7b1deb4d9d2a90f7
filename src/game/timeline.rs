//! A run's timeline: the actions every player kept, step by step since the sim started, and
//! keyframes of the whole state (snapshots) for rewinding over the last seconds.
//!
//! Stepping through [`Timeline::step`] records each step's actions and, every
//! [`KEYFRAME_SECONDS`], a snapshot. [`Timeline::rewind`] goes back any number of steps
//! within the last [`REWIND_SECONDS`]: it restores the newest keyframe at or before the
//! target and steps the sim forward again from the recorded actions, which gives the very
//! state the run had there (the sim is deterministic and a restore is exact). The actions
//! after the target are forgotten, so the kept actions always replay to the state on
//! screen: a replay saved after rewinding reproduces.
//!
//! Rewinding is meant to run smoothly, a few steps back each frame: the first rewind into a
//! half-second re-simulates it once and leaves finer keyframes there (every
//! [`FINE_STEPS`] steps), so the frames after re-simulate only a few steps each.

use super::actions::Actions;
use super::sim::Sim;
use super::snapshot::Snapshot;
use super::track::Track;
use std::collections::VecDeque;

/// How far back a run can be rewound, s.
pub const REWIND_SECONDS: f64 = 10.0;
/// Time between two keyframes, s.
pub const KEYFRAME_SECONDS: f64 = 0.5;
/// Steps between the finer keyframes left in a half-second that was rewound into.
pub const FINE_STEPS: u64 = 6;

/// One saved state.
#[derive(Clone)]
struct Keyframe {
    snapshot: Snapshot,
    /// A regular keyframe (every half-second, or the start) rather than a finer one.
    regular: bool,
}

/// What the rewind buffer holds now, for the designer's overlay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RewindInfo {
    /// How far back the run can go now, s.
    pub seconds: f64,
    /// The most it can hold, s.
    pub capacity: f64,
    /// Keyframes held (regular and fine).
    pub keyframes: usize,
    /// Steps of actions kept since the run started.
    pub steps: u64,
}

/// The kept actions of a run and its keyframes.
#[derive(Clone)]
pub struct Timeline {
    /// The sim's step count when the timeline started.
    start: u64,
    /// Players, so the actions of step `i` are `actions[i * players..(i + 1) * players]`.
    players: usize,
    /// Every kept step's actions since `start`, player by player.
    actions: Vec<Actions>,
    /// Keyframes, oldest first, at strictly increasing steps.
    keys: VecDeque<Keyframe>,
    /// Steps between regular keyframes.
    every: u64,
    /// Steps the run can go back.
    horizon: u64,
    /// The fixed step, s.
    dt: f64,
}

impl Timeline {
    /// A timeline for `sim` as it is now (its first keyframe), keeping [`REWIND_SECONDS`]
    /// with a keyframe every [`KEYFRAME_SECONDS`].
    pub fn new(sim: &Sim) -> Timeline {
        Timeline::with_spacing(sim, KEYFRAME_SECONDS, REWIND_SECONDS)
    }

    /// A timeline for `sim` keeping `seconds` of rewind with a keyframe every `every`
    /// seconds (each at least one step).
    pub fn with_spacing(sim: &Sim, every: f64, seconds: f64) -> Timeline {
        let steps = |s: f64| ((s / sim.time_step()).round() as u64).max(1);
        let mut t = Timeline {
            start: sim.steps(),
            players: sim.players(),
            actions: Vec::new(),
            keys: VecDeque::new(),
            every: steps(every),
            horizon: steps(seconds),
            dt: sim.time_step(),
        };
        t.keys.push_back(Keyframe {
            snapshot: sim.save(),
            regular: true,
        });
        t
    }

    /// Steps `sim` once with each player's actions (a missing player holds nothing) and
    /// records them; saves a keyframe when one is due and forgets those too old to need.
    pub fn step(&mut self, sim: &mut Sim, actions: &[Actions]) {
        debug_assert_eq!(sim.steps(), self.start + self.steps());
        let kept: Vec<Actions> = (0..self.players)
            .map(|p| actions.get(p).copied().unwrap_or_default())
            .collect();
        sim.step(&kept);
        self.actions.extend_from_slice(&kept);
        let now = sim.steps();
        if (now - self.start).is_multiple_of(self.every) {
            self.keys.push_back(Keyframe {
                snapshot: sim.save(),
                regular: true,
            });
        }
        // Keep the newest keyframe at or before the horizon, and none older.
        let limit = now.saturating_sub(self.horizon);
        while self.keys.len() > 1 && self.keys[1].snapshot.steps() <= limit {
            self.keys.pop_front();
        }
    }

    /// Takes `sim` back `steps` steps, or as far as the buffer reaches (the last
    /// [`REWIND_SECONDS`], never before the start); returns how many steps it went back.
    /// The actions after the new present are forgotten.
    pub fn rewind(&mut self, sim: &mut Sim, steps: u64) -> u64 {
        let now = sim.steps();
        let target = now.saturating_sub(steps).max(self.earliest(now));
        if target >= now {
            return 0;
        }
        while self
            .keys
            .back()
            .is_some_and(|k| k.snapshot.steps() > target)
        {
            self.keys.pop_back();
        }
        let Some(key) = self.keys.back() else {
            return 0;
        };
        let from = key.snapshot.steps();
        // Finer keyframes are worth keeping only in the half-second being rewound.
        let segment = self
            .keys
            .iter()
            .rev()
            .find(|k| k.regular)
            .map_or(from, |k| k.snapshot.steps());
        self.keys
            .retain(|k| k.regular || k.snapshot.steps() >= segment);
        sim.restore(&self.keys.back().expect("kept above").snapshot);
        for at in from..target {
            let i = (at - self.start) as usize * self.players;
            sim.step(&self.actions[i..i + self.players]);
            let reached = at + 1;
            if reached < target && (reached - from).is_multiple_of(FINE_STEPS) {
                self.keys.push_back(Keyframe {
                    snapshot: sim.save(),
                    regular: false,
                });
            }
        }
        self.actions
            .truncate((target - self.start) as usize * self.players);
        now - target
    }

    /// The earliest step the run can go back to from step `now`.
    fn earliest(&self, now: u64) -> u64 {
        let oldest = self.keys.front().map_or(now, |k| k.snapshot.steps());
        oldest.max(now.saturating_sub(self.horizon))
    }

    /// Steps of actions kept since the timeline started.
    pub fn steps(&self) -> u64 {
        (self.actions.len() / self.players.max(1)) as u64
    }

    /// The kept actions of player `player`, one per step since the start.
    pub fn actions_of(&self, player: usize) -> impl Iterator<Item = Actions> + '_ {
        self.actions
            .iter()
            .skip(player)
            .step_by(self.players.max(1))
            .copied()
    }

    /// Each player's kept actions as a track, for a replay.
    pub fn tracks(&self) -> Vec<Track> {
        (0..self.players)
            .map(|p| Track::from_runs(self.actions_of(p).map(|a| (1, a))))
            .collect()
    }

    /// What the buffer holds with the sim at step `now`.
    pub fn info(&self, now: u64) -> RewindInfo {
        RewindInfo {
            seconds: (now - self.earliest(now)) as f64 * self.dt,
            capacity: self.horizon as f64 * self.dt,
            keyframes: self.keys.len(),
            steps: self.steps(),
        }
    }
}
