//! One online match: a two-player rollback session over a [`Wire`], the sim it drives, and
//! what the session reports (connection progress, a lost peer, desyncs, ping). Every wait
//! is bounded: connecting gives up after [`MatchOptions::connect_timeout`], and a peer
//! silent for [`MatchOptions::disconnect_timeout`] ends the match with an error.

use super::input::PackedActions;
use super::link::LinkConditions;
use super::rollback::{NetConfig, RollbackError, RollbackGame, DESYNC_INTERVAL};
use super::socket::{NetSocket, Wire, WireStats};
use crate::game::{Actions, Sim};
use ggrs::{DesyncDetection, GgrsError, GgrsEvent, P2PSession, PlayerType, SessionBuilder};
use std::cell::RefCell;
use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Players in an online match.
pub const PLAYERS: usize = 2;
/// Most steps the session runs ahead of the last confirmed input, predicting; also the
/// longest rollback (see `benches/rollback.rs`).
pub const MAX_PREDICTION: usize = 8;
/// Steps per second the session paces itself for (the sim's fixed step).
pub const FPS: usize = 120;
/// How long a silent peer is waited for, by default, before the match ends.
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// How to set up a match.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// This side's player: 0 or 1.
    pub local_player: usize,
    /// The local address to bind.
    pub bind: SocketAddr,
    /// The peer's address.
    pub peer: SocketAddr,
    /// Steps between a local input and the step it applies to.
    pub input_delay: usize,
    /// Simulated loss and delay on our sends.
    pub link: LinkConditions,
    /// How long to wait for the peer to answer at the start.
    pub connect_timeout: Duration,
    /// How long a silent peer is waited for before the match ends.
    pub disconnect_timeout: Duration,
}

impl MatchOptions {
    /// Defaults for `local_player` on `bind` talking to `peer`: 2 steps of input delay, a
    /// perfect link, 15 s to connect, 3 s of silence before the peer counts as lost.
    pub fn new(local_player: usize, bind: SocketAddr, peer: SocketAddr) -> MatchOptions {
        MatchOptions {
            local_player,
            bind,
            peer,
            input_delay: 2,
            link: LinkConditions::default(),
            connect_timeout: Duration::from_secs(15),
            disconnect_timeout: DISCONNECT_TIMEOUT,
        }
    }
}

/// Why a match could not start or go on.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NetError {
    /// The local address could not be bound.
    #[error("cannot use {addr}: {message}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        message: String,
    },
    /// The options do not make a match.
    #[error("{0}")]
    Options(String),
    /// The peer never answered.
    #[error("no answer from the peer at {peer} after {seconds} s; is it running, and is UDP port {port} open on its side?")]
    NoPeer {
        /// The peer.
        peer: SocketAddr,
        /// How long we waited.
        seconds: u64,
        /// The peer's port.
        port: u16,
    },
    /// The peer stopped answering during the match.
    #[error("lost the peer at {peer} at step {frame}: nothing heard from it for {seconds:.1} s")]
    PeerLost {
        /// The peer.
        peer: SocketAddr,
        /// The step we were at.
        frame: i32,
        /// The silence that ended the match.
        seconds: f64,
    },
    /// The opening handshake failed (a level mismatch, a refusal, no answer to an offer).
    #[error("{0}")]
    Handshake(String),
    /// The rollback session failed.
    #[error("the rollback session failed: {0}")]
    Session(String),
}

impl From<RollbackError> for NetError {
    fn from(e: RollbackError) -> NetError {
        NetError::Session(e.to_string())
    }
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Exchanging the opening round trips: `done` of `total`.
    Connecting {
        /// Round trips done.
        done: u32,
        /// Round trips needed.
        total: u32,
    },
    /// Both sides are stepping.
    Running,
}

/// A running online match.
pub struct NetMatch {
    session: P2PSession<NetConfig>,
    wire: Rc<RefCell<Wire>>,
    game: RollbackGame,
    options: MatchOptions,
    started: Instant,
    phase: Phase,
    desyncs: Vec<i32>,
    interrupted: bool,
    wait_frames: u32,
}

impl NetMatch {
    /// Binds the socket and starts connecting to the peer; `sim` is the match's first state
    /// (two players).
    pub fn start(sim: Sim, options: MatchOptions) -> Result<NetMatch, NetError> {
        if options.local_player >= PLAYERS {
            return Err(NetError::Options(format!(
                "the local player must be 1 or 2, got {}",
                options.local_player + 1
            )));
        }
        if sim.players() != PLAYERS {
            return Err(NetError::Options(format!(
                "an online match is for {PLAYERS} players, the sim has {}",
                sim.players()
            )));
        }
        let wire = Wire::bind(options.bind, options.peer, PLAYERS, options.link).map_err(|e| {
            NetError::Bind {
                addr: options.bind,
                message: e.to_string(),
            }
        })?;
        let wire = Rc::new(RefCell::new(wire));
        let session_error = |e: GgrsError| NetError::Session(e.to_string());
        let remote = 1 - options.local_player;
        let session = SessionBuilder::<NetConfig>::new()
            .with_num_players(PLAYERS)
            .with_fps(FPS)
            .map_err(session_error)?
            .with_max_prediction_window(MAX_PREDICTION)
            .with_input_delay(options.input_delay)
            .with_desync_detection_mode(DesyncDetection::On {
                interval: DESYNC_INTERVAL,
            })
            .with_disconnect_timeout(options.disconnect_timeout)
            .with_disconnect_notify_delay(options.disconnect_timeout / 4)
            .add_player(PlayerType::Local, options.local_player)
            .map_err(session_error)?
            .add_player(PlayerType::Remote(options.peer), remote)
            .map_err(session_error)?
            .start_p2p_session(NetSocket(wire.clone()))
            .map_err(session_error)?;
        Ok(NetMatch {
            session,
            wire,
            game: RollbackGame::new(sim),
            options,
            started: Instant::now(),
            phase: Phase::Connecting { done: 0, total: 5 },
            desyncs: Vec::new(),
            interrupted: false,
            wait_frames: 0,
        })
    }

    /// Exchanges datagrams and takes in the session's events; an error ends the match.
    pub fn poll(&mut self) -> Result<Phase, NetError> {
        guarded(|| self.session.poll_remote_clients())?;
        self.take_events()?;
        if matches!(self.phase, Phase::Connecting { .. })
            && self.started.elapsed() > self.options.connect_timeout
        {
            return Err(NetError::NoPeer {
                peer: self.options.peer,
                seconds: self.options.connect_timeout.as_secs(),
                port: self.options.peer.port(),
            });
        }
        Ok(self.phase)
    }

    /// Offers this side's actions for the next step and steps if the session lets it
    /// (rolling back and re-simulating first if the peer's inputs proved a prediction
    /// wrong). Returns whether the sim stepped; it does not when the session is still
    /// connecting or has predicted as far ahead as it may.
    pub fn advance(&mut self, actions: &Actions) -> Result<bool, NetError> {
        if self.poll()? != Phase::Running {
            return Ok(false);
        }
        let local = self.options.local_player;
        let input = PackedActions::pack(actions);
        let requests = guarded(|| {
            self.session.add_local_input(local, input)?;
            self.session.advance_frame()
        })?;
        let requests = match requests {
            Ok(r) => r,
            Err(GgrsError::PredictionThreshold | GgrsError::NotSynchronized) => return Ok(false),
            Err(e) => return Err(NetError::Session(e.to_string())),
        };
        let before = self.game.sim().steps();
        self.game.handle(requests)?;
        self.take_events()?;
        Ok(self.game.sim().steps() > before)
    }

    /// Takes in the session's events: progress, a lost peer, desyncs, pacing advice.
    fn take_events(&mut self) -> Result<(), NetError> {
        let events: Vec<_> = self.session.events().collect();
        for e in events {
            match e {
                GgrsEvent::Synchronizing { total, count, .. } => {
                    self.phase = Phase::Connecting { done: count, total };
                }
                GgrsEvent::Synchronized { .. } => self.phase = Phase::Running,
                GgrsEvent::Disconnected { .. } => {
                    return Err(NetError::PeerLost {
                        peer: self.options.peer,
                        frame: self.session.current_frame(),
                        seconds: self.options.disconnect_timeout.as_secs_f64(),
                    });
                }
                GgrsEvent::NetworkInterrupted { .. } => self.interrupted = true,
                GgrsEvent::NetworkResumed { .. } => self.interrupted = false,
                GgrsEvent::WaitRecommendation { skip_frames } => self.wait_frames = skip_frames,
                GgrsEvent::DesyncDetected { frame, .. } => self.desyncs.push(frame),
            }
        }
        if self.session.current_state() == ggrs::SessionState::Running {
            self.phase = Phase::Running;
        }
        Ok(())
    }

    /// Where the match stands (as of the last poll).
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The sim and the hash it watches.
    pub fn game(&self) -> &RollbackGame {
        &self.game
    }

    /// The sim, to watch a frame's hash.
    pub fn game_mut(&mut self) -> &mut RollbackGame {
        &mut self.game
    }

    /// The last step for which both players' inputs are known (-1 before any).
    pub fn confirmed_frame(&self) -> i32 {
        self.session.confirmed_frame()
    }

    /// The step the session is at.
    pub fn current_frame(&self) -> i32 {
        self.session.current_frame()
    }

    /// The steps at which the peers' state hashes differed.
    pub fn desyncs(&self) -> &[i32] {
        &self.desyncs
    }

    /// Whether the peer has gone quiet (the match ends if it stays quiet).
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Steps the session advises this side to wait so the peer can catch up; taking the
    /// advice clears it.
    pub fn take_wait_advice(&mut self) -> u32 {
        std::mem::take(&mut self.wait_frames)
    }

    /// The round trip to the peer in milliseconds, once measured.
    pub fn ping_ms(&self) -> Option<u128> {
        self.session
            .network_stats(1 - self.options.local_player)
            .ok()
            .map(|s| s.ping)
    }

    /// The options the match was started with.
    pub fn options(&self) -> &MatchOptions {
        &self.options
    }

    /// The socket's counters.
    pub fn wire_stats(&self) -> WireStats {
        self.wire.borrow().stats()
    }

    /// The shared socket (to send and read the match's own control datagrams).
    pub fn wire(&self) -> &Rc<RefCell<Wire>> {
        &self.wire
    }
}

/// Runs a call into the session; should the session library panic on something it was
/// sent, the match ends with an error instead of taking the game down.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, NetError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an internal check failed".into());
        NetError::Session(format!("it stopped on a message from the peer ({what})"))
    })
}
