//! An online match as the window plays it: the online screens' state
//! ([`OnlineScreen`]) driven by the network ([`Online`]), the match's presentation (the
//! flame and particles, a camera on the local player's ship, the fixed-step clock) and its
//! sounds. No window here: the window feeds in the player's choices, the time since the
//! last frame and the local player's actions, draws [`OnlinePlay::sim`] and carries out
//! the [`OnlineFrame`] that comes back (a new rock to draw, back to the title with a
//! message). Tests drive two of them against each other on the loopback address.

use super::clock::StepClock;
use crate::audio::synth::Effect;
use crate::audio::Audio;
use crate::game::{Actions, Outcome, Sim};
use crate::net::online::{Online, Progress};
use crate::net::session::NetError;
use crate::render::{Camera, Effects, RockMesh};
use crate::screens::online::{NetNews, OnlineCommand, OnlineIntent, OnlineScreen};
use glam::Vec2;
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Seconds between two readings of the ping shown on the connection screen.
pub const PING_EVERY: f64 = 0.5;

/// The most fixed steps one frame takes (a frame that took long does not make the match
/// race to catch up all at once; the session's wait advice evens the rest out).
const MAX_STEPS_PER_FRAME: u32 = 8;

/// What a frame of online play asks of the window.
#[derive(Debug, Default)]
pub struct OnlineFrame {
    /// The agreed level's rock, to draw from now on.
    pub rock: Option<RockMesh>,
    /// Leave to the title, with a message for the player (none when they simply left).
    pub to_title: Option<Option<String>>,
}

/// Online play in the window.
pub struct OnlinePlay {
    /// The screen showing.
    pub screen: OnlineScreen,
    net: Option<Online>,
    /// The flame and particles of the match.
    pub effects: Effects,
    /// The camera on the local player's ship.
    pub camera: Camera,
    /// The fixed-step accumulator (from the agreed level's step).
    pub clock: StepClock,
    levels_dir: PathBuf,
    since_ping: f64,
    /// The step at which the shown sim first had its result (it may yet be rolled back).
    outcome_at: Option<i32>,
    disconnect_timeout: Option<Duration>,
}

fn to_vec2(p: crate::geom::Vec2) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// The result of a decided match in words, for the player `local`.
pub fn result_text(sim: &Sim, local: usize) -> String {
    let you = |p: usize| if p == local { " (you)" } else { "" };
    match (sim.contest().and_then(|c| c.winner), sim.outcome()) {
        (Some(w), _) => format!("Player {} wins{}", w + 1, you(w)),
        (None, Some(Outcome::Won)) => "Objective met: you both win".to_string(),
        (None, Some(Outcome::Lost)) => "Both ships are lost".to_string(),
        (None, None) => "The match ended".to_string(),
    }
}

impl OnlinePlay {
    /// The form, offering the levels of `levels_dir`.
    pub fn new(levels_dir: &Path) -> OnlinePlay {
        OnlinePlay {
            screen: OnlineScreen::form(),
            net: None,
            effects: Effects::new(),
            camera: Camera::new(Vec2::ZERO, None),
            clock: StepClock::new(1.0 / 60.0),
            levels_dir: levels_dir.to_path_buf(),
            since_ping: 0.0,
            outcome_at: None,
            disconnect_timeout: None,
        }
    }

    /// Sets how long a silent peer is waited for in the match (the default is the
    /// session's).
    pub fn set_disconnect_timeout(&mut self, t: Duration) {
        self.disconnect_timeout = Some(t);
    }

    /// The local player: 0 when hosting, 1 when joining.
    pub fn local_player(&self) -> usize {
        self.net.as_ref().map_or(0, Online::local_player)
    }

    /// The match's sim, once it has started.
    pub fn sim(&self) -> Option<&Sim> {
        self.net.as_ref().and_then(Online::sim)
    }

    /// The campaign world of the match's level (its music), once the match has started.
    pub fn world(&self) -> Option<crate::level::WorldKind> {
        let level = self.net.as_ref().and_then(Online::level)?;
        Some(level.level.world.kind)
    }

    /// The local address in use (the host's port is the one to open).
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.net.as_ref().and_then(Online::local_addr)
    }

    /// The desyncs found so far (steps where the two sides' state hashes differed).
    pub fn desyncs(&self) -> Vec<i32> {
        self.net
            .as_ref()
            .and_then(Online::net_match)
            .map_or_else(Vec::new, |m| m.desyncs().to_vec())
    }

    /// The player chose on the online screens.
    pub fn choose(&mut self, intent: OnlineIntent) -> OnlineFrame {
        match self.screen.choose(intent) {
            Some(command) => self.carry_out(command),
            None => OnlineFrame::default(),
        }
    }

    fn carry_out(&mut self, command: OnlineCommand) -> OnlineFrame {
        let started = match command {
            OnlineCommand::Host {
                port,
                level,
                input_delay,
            } => {
                let bind = SocketAddr::from((Ipv4Addr::UNSPECIFIED, port));
                Online::host(bind, &self.levels_dir, &level, input_delay)
            }
            OnlineCommand::Join(host) => {
                let bind = match host {
                    SocketAddr::V4(_) => SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0)),
                    SocketAddr::V6(_) => SocketAddr::from((Ipv6Addr::UNSPECIFIED, 0)),
                };
                Online::join(bind, host, &self.levels_dir)
            }
            OnlineCommand::StartMatch => return OnlineFrame::default(),
            OnlineCommand::ToTitle(message) => {
                self.net = None;
                return OnlineFrame {
                    rock: None,
                    to_title: Some(message),
                };
            }
        };
        match started {
            Ok(mut net) => {
                if let Some(t) = self.disconnect_timeout {
                    net.set_disconnect_timeout(t);
                }
                self.net = Some(net);
                OnlineFrame::default()
            }
            Err(e) => self.end(&e),
        }
    }

    /// Ends the attempt or the match with why.
    fn end(&mut self, why: &dyn std::fmt::Display) -> OnlineFrame {
        match self.screen.hear(NetNews::Ended(why.to_string())) {
            Some(command) => self.carry_out(command),
            None => OnlineFrame::default(),
        }
    }

    /// Moves online play on by `elapsed` seconds with the local player's `actions`:
    /// the handshake, then the match at its fixed step, its effects, sounds and camera,
    /// the ping, a desync, the result, or the end of it all.
    pub fn advance(&mut self, elapsed: f64, actions: &Actions, audio: &Audio) -> OnlineFrame {
        let Some(net) = &mut self.net else {
            return OnlineFrame::default();
        };
        if matches!(self.screen, OnlineScreen::Over { .. }) {
            // The result is shown; the peer may still need this side's last inputs. A
            // peer gone by now has simply left too.
            if net.keep_alive().is_err() {
                self.net = None;
            }
            return OnlineFrame::default();
        }
        if net.sim().is_none() {
            return self.handshake(actions);
        }
        let due = self.clock.advance(elapsed).min(MAX_STEPS_PER_FRAME);
        for _ in 0..due {
            if let Err(e) = self.step(actions, audio) {
                return self.lost(e);
            }
        }
        self.follow();
        let local = self.local_player();
        audio.set_loop(Effect::ThrustRumble, 0.8 * self.effects.throttle_of(local));
        self.since_ping += elapsed;
        if self.since_ping >= PING_EVERY {
            self.since_ping = 0.0;
            let ping = self.net.as_ref().and_then(Online::net_match);
            if let Some(ms) = ping.and_then(|m| m.ping_ms()) {
                self.screen
                    .hear(NetNews::Ping(u32::try_from(ms).unwrap_or(u32::MAX)));
            }
        }
        let desync = self.net.as_ref().and_then(Online::net_match);
        if let Some(step) = desync.and_then(|m| m.desyncs().first().copied()) {
            let why = format!(
                "the two games differ from step {step} on (a desync), so the match cannot go on; both players need the same version of the game"
            );
            return self.end(&why);
        }
        OnlineFrame::default()
    }

    /// Polls the handshake; when it is agreed, the match starts on its level.
    fn handshake(&mut self, actions: &Actions) -> OnlineFrame {
        let Some(net) = &mut self.net else {
            return OnlineFrame::default();
        };
        let agreed = match net.poll(actions) {
            Ok(Progress::Agreed(a)) => a,
            Ok(_) => return OnlineFrame::default(),
            Err(e) => return self.end(&e),
        };
        let (Some(level), Some(sim)) = (net.level(), net.sim()) else {
            return OnlineFrame::default();
        };
        let rock = RockMesh::from_level(level);
        let local = net.local_player();
        let ship = sim
            .ship_of(local)
            .map_or(Vec2::ZERO, |s| to_vec2(s.position()));
        self.camera = Camera::new(ship, rock.bounds);
        self.clock = StepClock::new(sim.time_step());
        self.effects = Effects::new();
        self.screen.hear(NetNews::Agreed {
            peer: agreed.peer,
            level: agreed.offer.level.clone(),
            input_delay: agreed.offer.input_delay,
        });
        OnlineFrame {
            rock: Some(rock),
            to_title: None,
        }
    }

    /// One fixed step of the match.
    fn step(&mut self, actions: &Actions, audio: &Audio) -> Result<(), NetError> {
        let Some(net) = &mut self.net else {
            return Ok(());
        };
        let confirmed_before = net.net_match().map_or(-1, |m| m.confirmed_frame());
        match net.poll(actions)? {
            Progress::Syncing(done, total) => {
                self.screen.hear(NetNews::Syncing(done, total));
            }
            Progress::Running { stepped } => {
                if matches!(self.screen, OnlineScreen::Connecting(_)) {
                    self.screen.hear(NetNews::Running);
                }
                if stepped {
                    self.after_step(actions, audio, confirmed_before);
                }
            }
            Progress::Waiting | Progress::Agreed(_) => {}
        }
        Ok(())
    }

    /// Follows a step: effects, sounds, and the result once no rollback can change it.
    fn after_step(&mut self, actions: &Actions, audio: &Audio, confirmed_before: i32) {
        let Some(net) = &self.net else {
            return;
        };
        let Some(sim) = net.sim() else {
            return;
        };
        let local = net.local_player();
        let mut all = vec![Actions::default(); sim.players().max(local + 1)];
        all[local] = *actions;
        self.effects.after_steps(sim, &all);
        crate::audio::game_sounds::play_step(audio, sim);
        let frame = net.net_match().map_or(0, |m| m.current_frame());
        self.outcome_at = match (sim.outcome(), self.outcome_at) {
            (None, _) => None,
            (Some(_), None) => Some(frame),
            (Some(_), at) => at,
        };
        // Every input up to the step of the result was known when the session last
        // corrected the sim: the result is final.
        if self.outcome_at.is_some_and(|at| confirmed_before >= at) {
            let result = result_text(sim, local);
            self.screen.hear(NetNews::Over(result));
        }
    }

    /// The match failed: a peer lost after the shown sim had its result just left first;
    /// anything else ends the match with why.
    fn lost(&mut self, e: NetError) -> OnlineFrame {
        let local = self.local_player();
        let decided = self
            .sim()
            .filter(|s| s.outcome().is_some())
            .map(|s| result_text(s, local));
        if let (NetError::PeerLost { .. }, Some(result)) = (&e, decided) {
            let result = format!("{result} (the other player has left)");
            self.screen.hear(NetNews::Over(result));
            self.net = None;
            return OnlineFrame::default();
        }
        self.end(&e)
    }

    fn follow(&mut self) {
        let Some(sim) = self.sim() else {
            return;
        };
        let Some(ship) = sim.ship_of(self.local_player()) else {
            return;
        };
        let (p, v) = (to_vec2(ship.position()), to_vec2(ship.linear_velocity()));
        let dt = sim.time_step() as f32;
        self.camera.follow(p, v, dt);
    }
}
