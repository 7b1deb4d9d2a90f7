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
