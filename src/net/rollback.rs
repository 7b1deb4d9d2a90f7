//! The simulation as the rollback session drives it: the session's configuration (packed
//! actions in, [`Snapshot`]s saved, the state hash as checksum) and the fulfilment of its
//! requests — save, load, advance — in the order given.

use super::input::PackedActions;
use crate::game::{Actions, Sim, Snapshot};
use ggrs::{Frame, GameStateCell, GgrsRequest, InputStatus};
use std::net::SocketAddr;

/// Steps between the peers' checksum comparisons (half a second at 120 Hz).
pub const DESYNC_INTERVAL: u32 = 60;

/// The rollback session's types for Cavefly.
#[derive(Debug)]
pub struct NetConfig;

impl ggrs::Config for NetConfig {
    type Input = PackedActions;
    type State = Snapshot;
    type Address = SocketAddr;
}

/// Why a request could not be fulfilled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollbackError {
    /// The session asked to load a frame that was never saved.
    #[error("the rollback session asked for frame {0}, which was never saved")]
    Missing(Frame),
    /// The session's frame and the sim's step count disagree.
    #[error("the rollback session is at frame {session}, the simulation at step {sim}")]
    OutOfStep {
        /// The session's frame.
        session: Frame,
        /// The sim's steps.
        sim: u64,
    },
}

/// What the session asked of the sim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollbackStats {
    /// Steps simulated, re-simulation included.
    pub steps: u64,
    /// Rollbacks (loads of an earlier state).
    pub rollbacks: u64,
    /// Steps undone by rollbacks, all told (each is simulated again).
    pub undone: u64,
    /// The most steps one rollback undid.
    pub deepest: u64,
}

/// A sim driven by a rollback session, remembering the hash of one frame of interest.
pub struct RollbackGame {
    sim: Sim,
    watch: Option<Frame>,
    watched: Option<u64>,
    stats: RollbackStats,
}

impl RollbackGame {
    /// Wraps `sim`, at its first step.
    pub fn new(sim: Sim) -> RollbackGame {
        RollbackGame {
            sim,
            watch: None,
            watched: None,
            stats: RollbackStats::default(),
        }
    }

    /// The sim (its state is the latest, possibly predicted).
    pub fn sim(&self) -> &Sim {
        &self.sim
    }

    /// Remember the state hash at `frame` each time the sim saves that frame; the last one
    /// saved is the one computed with the most inputs known.
    pub fn watch(&mut self, frame: Frame) {
        self.watch = Some(frame);
    }

    /// What the session has asked so far.
    pub fn stats(&self) -> RollbackStats {
        self.stats
    }

    /// The hash last saved at the watched frame.
    pub fn watched(&self) -> Option<u64> {
        self.watched
    }

    /// Fulfils the session's requests in order.
    pub fn handle(&mut self, requests: Vec<GgrsRequest<NetConfig>>) -> Result<(), RollbackError> {
        for r in requests {
            match r {
                GgrsRequest::SaveGameState { cell, frame } => self.save(&cell, frame)?,
                GgrsRequest::LoadGameState { cell, frame } => self.load(&cell, frame)?,
                GgrsRequest::AdvanceFrame { inputs } => self.advance(&inputs),
            }
        }
        Ok(())
    }

    /// Saves the state into `cell` as `frame`, with its hash as checksum where the session
    /// compares them (every [`DESYNC_INTERVAL`] steps) or where it is watched.
    pub fn save(
        &mut self,
        cell: &GameStateCell<Snapshot>,
        frame: Frame,
    ) -> Result<(), RollbackError> {
        if u64::try_from(frame).ok() != Some(self.sim.steps()) {
            return Err(RollbackError::OutOfStep {
                session: frame,
                sim: self.sim.steps(),
            });
        }
        let compared = frame % DESYNC_INTERVAL as Frame == 0;
        let watched = self.watch == Some(frame);
        let hash = (compared || watched).then(|| self.sim.state_hash());
        if watched {
            self.watched = hash;
        }
        cell.save(frame, Some(self.sim.save()), hash.map(u128::from));
        Ok(())
    }

    /// Puts back the state saved in `cell`.
    pub fn load(
        &mut self,
        cell: &GameStateCell<Snapshot>,
        frame: Frame,
    ) -> Result<(), RollbackError> {
        let snapshot = cell.data().ok_or(RollbackError::Missing(frame))?;
        let undone = self.sim.steps().saturating_sub(snapshot.steps());
        self.sim.restore(&snapshot);
        self.stats.rollbacks += 1;
        self.stats.undone += undone;
        self.stats.deepest = self.stats.deepest.max(undone);
        Ok(())
    }

    /// One step with each player's input; a disconnected player holds nothing.
    pub fn advance(&mut self, inputs: &[(PackedActions, InputStatus)]) {
        let actions: Vec<Actions> = inputs
            .iter()
            .map(|(input, status)| match status {
                InputStatus::Disconnected => Actions::default(),
                _ => input.unpack(),
            })
            .collect();
        self.sim.step(&actions[..]);
        self.stats.steps += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::load_level;

    fn duel() -> RollbackGame {
        let file =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/netplay/duel_cave.ron");
        RollbackGame::new(Sim::from_level_for(&load_level(&file).unwrap(), 2).unwrap())
    }

    fn inputs(k: u8) -> [(PackedActions, InputStatus); 2] {
        // Player 1 thrusts and turns, player 2 fires, varying by step.
        [
            (PackedActions(4 | (k % 3)), InputStatus::Confirmed),
            (PackedActions(8 * (k % 2)), InputStatus::Predicted),
        ]
    }

    #[test]
    fn a_rollback_restores_the_saved_step_and_the_same_inputs_reach_the_same_hash() {
        let mut g = duel();
        let (start, end) = (GameStateCell::default(), GameStateCell::default());
        g.watch(10);
        g.save(&start, 0).unwrap();
        for k in 0..10 {
            g.advance(&inputs(k));
        }
        g.save(&end, 10).unwrap();
        let first = g.sim().state_hash();
        assert_eq!(g.watched(), Some(first));
        assert_eq!(end.data().map(|s| s.steps()), Some(10));

        g.load(&start, 0).unwrap();
        assert_eq!(g.sim().steps(), 0);
        for k in 0..10 {
            g.advance(&inputs(k));
        }
        g.save(&end, 10).unwrap();
        assert_eq!(g.watched(), Some(first));
        let s = g.stats();
        assert_eq!((s.steps, s.rollbacks, s.undone, s.deepest), (20, 1, 10, 10));

        // Other inputs after the rollback: another state, and the watch follows it.
        g.load(&start, 0).unwrap();
        for k in 1..11 {
            g.advance(&inputs(k));
        }
        g.save(&end, 10).unwrap();
        assert_ne!(g.watched(), Some(first));
    }

    #[test]
    fn requests_out_of_step_or_for_unsaved_frames_are_errors() {
        let mut g = duel();
        let cell = GameStateCell::default();
        assert_eq!(g.load(&cell, 3), Err(RollbackError::Missing(3)));
        assert_eq!(
            g.save(&cell, 5),
            Err(RollbackError::OutOfStep { session: 5, sim: 0 })
        );
        // A disconnected player's input counts as nothing held.
        let mut a = duel();
        let mut b = duel();
        a.advance(&[
            (PackedActions(4), InputStatus::Confirmed),
            (PackedActions(4), InputStatus::Disconnected),
        ]);
        b.advance(&[
            (PackedActions(4), InputStatus::Confirmed),
            (PackedActions(0), InputStatus::Confirmed),
        ]);
        assert_eq!(a.sim().state_hash(), b.sim().state_hash());
    }
}
