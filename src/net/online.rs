//! One online match as the window plays it: the handshake (host or join), then the rollback
//! session on the agreed level, stepped once per fixed step of the window loop with the
//! session's advice to wait when this side runs ahead. The host flies player 1, the joiner
//! player 2. Nothing here blocks: the window calls [`Online::poll`] every frame and draws
//! what it reports; every error ends the match with a [`NetError`] that says why.

use super::handshake::{self, Agreed, Host, Joiner, Offer};
use super::headless::match_sim;
use super::session::{MatchOptions, NetError, NetMatch, Phase, DISCONNECT_TIMEOUT};
use crate::game::{Actions, Sim};
use crate::level::LoadedLevel;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long the host waits for a joiner's answer to its offer, and a joiner for the offer.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(15);

/// Where the match stands.
enum Stage {
    Hosting(Host),
    Joining(Joiner),
    Playing(Box<NetMatch>),
    /// Between stages (only while one is being replaced).
    Gone,
}

/// What one poll found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Still waiting for the peer's handshake.
    Waiting,
    /// The handshake finished just now; the match is starting.
    Agreed(Agreed),
    /// The session's opening round trips: done of total.
    Syncing(u32, u32),
    /// The match runs; whether the sim stepped this time.
    Running {
        /// Whether the sim stepped.
        stepped: bool,
    },
}

/// An online match driven from the window.
pub struct Online {
    stage: Stage,
    levels_dir: PathBuf,
    local_player: usize,
    disconnect_timeout: Duration,
    wait: u32,
    /// The agreed level, once the match has started.
    level: Option<LoadedLevel>,
}

impl Online {
    /// Hosts on `bind`, offering the level named `level` (a file under `levels_dir`) with
    /// `input_delay`.
    pub fn host(
        bind: SocketAddr,
        levels_dir: &Path,
        level: &str,
        input_delay: u8,
    ) -> Result<Online, NetError> {
        let file = handshake::level_file(levels_dir, level).map_err(NetError::Options)?;
        let loaded = crate::level::load_level(&file)
            .map_err(|e| NetError::Options(format!("{}: {e}", file.display())))?;
        let offer = Offer {
            level: level.to_string(),
            level_hash: loaded.content_hash,
            input_delay,
        };
        Ok(Online::new(
            Stage::Hosting(Host::bind(bind, offer, HANDSHAKE_TIMEOUT)?),
            levels_dir,
            0,
        ))
    }

    /// Joins the host at `host`, from `bind` (port 0 for any).
    pub fn join(bind: SocketAddr, host: SocketAddr, levels_dir: &Path) -> Result<Online, NetError> {
        Ok(Online::new(
            Stage::Joining(Joiner::start(bind, host, HANDSHAKE_TIMEOUT)?),
            levels_dir,
            1,
        ))
    }

    fn new(stage: Stage, levels_dir: &Path, local_player: usize) -> Online {
        Online {
            stage,
            levels_dir: levels_dir.to_path_buf(),
            local_player,
            disconnect_timeout: DISCONNECT_TIMEOUT,
            wait: 0,
            level: None,
        }
    }

    /// Sets how long a silent peer is waited for during the match (before it starts).
    pub fn set_disconnect_timeout(&mut self, t: Duration) {
        self.disconnect_timeout = t;
    }

    /// The local player: 0 when hosting, 1 when joining.
    pub fn local_player(&self) -> usize {
        self.local_player
    }

    /// Call once per fixed step of the window loop with the local player's actions: moves
    /// the handshake on, starts the match when it is agreed, then steps the match unless
    /// the session advised waiting for the peer.
    pub fn poll(&mut self, actions: &Actions) -> Result<Progress, NetError> {
        let agreed = match &mut self.stage {
            Stage::Hosting(h) => h.poll()?,
            Stage::Joining(j) => {
                let dir = self.levels_dir.clone();
                j.poll(&mut |o| handshake::check_offer(&dir, o))?
            }
            Stage::Playing(m) => {
                if self.wait > 0 {
                    self.wait -= 1;
                    m.poll()?;
                    return Ok(Progress::Running { stepped: false });
                }
                let stepped = m.advance(actions)?;
                self.wait = m.take_wait_advice();
                return Ok(match m.phase() {
                    Phase::Connecting { done, total } => Progress::Syncing(done, total),
                    Phase::Running => Progress::Running { stepped },
                });
            }
            Stage::Gone => return Err(NetError::Options("the match has ended".into())),
        };
        let Some(agreed) = agreed else {
            return Ok(Progress::Waiting);
        };
        // The handshake's socket closes here, so the match can bind the same address.
        self.stage = Stage::Gone;
        let (m, level) = self.begin(&agreed)?;
        self.stage = Stage::Playing(Box::new(m));
        self.level = Some(level);
        Ok(Progress::Agreed(agreed))
    }

    /// Loads the agreed level and starts the session on the handshake's addresses.
    fn begin(&self, agreed: &Agreed) -> Result<(NetMatch, LoadedLevel), NetError> {
        let file = handshake::level_file(&self.levels_dir, &agreed.offer.level)
            .map_err(NetError::Options)?;
        let level = crate::level::load_level(&file)
            .map_err(|e| NetError::Options(format!("{}: {e}", file.display())))?;
        let mut options = MatchOptions::new(self.local_player, agreed.local, agreed.peer);
        options.input_delay = usize::from(agreed.offer.input_delay);
        options.disconnect_timeout = self.disconnect_timeout;
        Ok((NetMatch::start(match_sim(&level)?, options)?, level))
    }

    /// Keeps a started match's connection alive without stepping it (after the result,
    /// so that the peer still hears this side's last inputs); nothing before it starts.
    pub fn keep_alive(&mut self) -> Result<(), NetError> {
        match &mut self.stage {
            Stage::Playing(m) => m.poll().map(|_| ()),
            _ => Ok(()),
        }
    }

    /// The agreed level, once the match has started.
    pub fn level(&self) -> Option<&LoadedLevel> {
        self.level.as_ref()
    }

    /// The local address in use (the host's port is the one to open); `None` only after
    /// the match has failed to start.
    pub fn local_addr(&self) -> Option<SocketAddr> {
        match &self.stage {
            Stage::Hosting(h) => Some(h.local_addr()),
            Stage::Joining(j) => Some(j.local_addr()),
            Stage::Playing(m) => m.wire().borrow().local_addr().ok(),
            Stage::Gone => None,
        }
    }

    /// The match's sim (the local player's view draws it), once the match has started.
    pub fn sim(&self) -> Option<&Sim> {
        match &self.stage {
            Stage::Playing(m) => Some(m.game().sim()),
            _ => None,
        }
    }

    /// The running match, once started (ping, desyncs, the peer's address).
    pub fn net_match(&self) -> Option<&NetMatch> {
        match &self.stage {
            Stage::Playing(m) => Some(m),
            _ => None,
        }
    }
}
