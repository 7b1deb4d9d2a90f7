//! The match of a level made for several players (its `rules`): the mode's settings, and
//! each player's standing — points in versus, checkpoints and laps in a race — with the
//! winner once there is one. Kept in the run (`Run::contest`), so it is saved in
//! snapshots and covered by the state hash. The rules that change it live one to a file:
//! `versus.rs`, `race.rs`, `coop.rs`.

use crate::geom::Vec2;
use crate::hash::Fnv1a;
use crate::level::{MatchMode, MatchRules};
use std::sync::Arc;

/// Seconds after a ship of another player last hurt a ship in which a kill is theirs.
pub const KILL_WINDOW: f64 = 5.0;
/// Seconds a piece counts as a player's after their beam lets go of it, or after it last
/// touched their ship.
pub const HANDLE_WINDOW: f64 = 3.0;
/// Seconds a ship lost in a race waits before it respawns.
pub const RACE_RESPAWN: f64 = 2.0;

/// What a match is: the level's rules and the players' starts. Never changes while playing.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSetup {
    /// The level's rules.
    pub rules: MatchRules,
    /// Every start the level gives, player 1's first, and its angle.
    pub starts: Vec<(Vec2, f64)>,
}

/// A piece of debris some player handled lately: held in their beam or touched by their
/// ship. A ship it hurts within the window was hurt by them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handled {
    /// The piece's entity id (its bits).
    pub piece: u64,
    /// Whose.
    pub player: usize,
    /// Seconds left before it stops counting as theirs.
    pub left: f64,
}

/// One player's standing in the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Contender {
    /// Versus points: kills, less crashes with no attacker.
    pub points: u32,
    /// The player who last hurt this one's ship, and the seconds left in which a kill is
    /// theirs.
    pub attacker: Option<(usize, f64)>,
    /// Race: the index of the next checkpoint to pass.
    pub next_checkpoint: usize,
    /// Race: laps completed.
    pub laps: u32,
    /// Race: steps into the lap being flown.
    pub lap_steps: u64,
    /// Race: the last lap's time, seconds.
    pub last_lap: Option<f64>,
    /// Race: the best lap's time, seconds.
    pub best_lap: Option<f64>,
}

/// The match being played.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRun {
    /// What the match is (shared between snapshots).
    pub setup: Arc<MatchSetup>,
    /// Each player's standing, by player index.
    pub players: Vec<Contender>,
    /// Pieces handled lately, in id order.
    pub handled: Vec<Handled>,
    /// The player who won, once one has.
    pub winner: Option<usize>,
}

impl MatchRun {
    /// A match by `setup` for `players` players, nobody ahead. In a race the ships start
    /// on the line, so the first checkpoint that counts is the second.
    pub fn new(setup: MatchSetup, players: usize) -> MatchRun {
        let next = usize::from(matches!(setup.rules, MatchRules::Race { .. }));
        MatchRun {
            setup: Arc::new(setup),
            players: vec![
                Contender {
                    next_checkpoint: next,
                    ..Contender::default()
                };
                players
            ],
            handled: Vec::new(),
            winner: None,
        }
    }

    /// The mode being played.
    pub fn mode(&self) -> MatchMode {
        self.setup.rules.mode()
    }

    /// Whether losing a ship costs a life: only in co-op; in versus and in a race ships
    /// keep coming.
    pub fn lives_count(&self) -> bool {
        self.mode() == MatchMode::Coop
    }

    /// Seconds before a lost ship comes back, where lives do not count.
    pub fn respawn_delay(&self) -> f64 {
        match self.setup.rules {
            MatchRules::Versus { respawn_after, .. } => respawn_after,
            _ => RACE_RESPAWN,
        }
    }

    /// Everything that affects the future, bit for bit, in a fixed order.
    pub fn hash_into(&self, h: &mut Fnv1a) {
        h.write_u64(self.mode() as u64);
        for c in &self.players {
            h.write_u64(c.points as u64);
            let (by, left) = c.attacker.map_or((u64::MAX, -1.0), |(p, t)| (p as u64, t));
            h.write_u64(by);
            h.write_f64(left);
            h.write_u64(c.next_checkpoint as u64);
            h.write_u64(c.laps as u64);
            h.write_u64(c.lap_steps);
            h.write_f64(c.last_lap.unwrap_or(-1.0));
            h.write_f64(c.best_lap.unwrap_or(-1.0));
        }
        for x in &self.handled {
            h.write_u64(x.piece);
            h.write_u64(x.player as u64);
            h.write_f64(x.left);
        }
        h.write_u64(self.winner.map_or(u64::MAX, |w| w as u64));
    }
}

/// The match figures one player's half of the screen shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchHud {
    /// The mode.
    pub mode: Option<MatchMode>,
    /// Whose view this is: the player's index.
    pub player: usize,
    /// Every player's versus points, by player index.
    pub points: Vec<u32>,
    /// The points that win a versus match.
    pub first_to: u32,
    /// The lap being flown, from 1 (the laps, once all are flown).
    pub lap: u32,
    /// Laps in the race.
    pub laps: u32,
    /// Seconds into the lap being flown.
    pub lap_time: f64,
    /// The last lap's time.
    pub last_lap: Option<f64>,
    /// The best lap's time.
    pub best_lap: Option<f64>,
    /// The next checkpoint, from 1, and how many there are.
    pub checkpoint: (usize, usize),
    /// The player who won, once one has.
    pub winner: Option<usize>,
}

impl MatchHud {
    /// What player `i` sees of `m`; the step is `dt` seconds.
    pub fn of(m: &MatchRun, i: usize, dt: f64) -> MatchHud {
        let c = m.players.get(i).cloned().unwrap_or_default();
        let (first_to, laps, checkpoints) = match &m.setup.rules {
            MatchRules::Versus { first_to, .. } => (*first_to, 0, 0),
            MatchRules::Race { laps, checkpoints } => (0, *laps, checkpoints.len()),
            MatchRules::Coop => (0, 0, 0),
        };
        MatchHud {
            mode: Some(m.mode()),
            player: i,
            points: m.players.iter().map(|c| c.points).collect(),
            first_to,
            lap: (c.laps + 1).min(laps),
            laps,
            lap_time: c.lap_steps as f64 * dt,
            last_lap: c.last_lap,
            best_lap: c.best_lap,
            checkpoint: (c.next_checkpoint + 1, checkpoints),
            winner: m.winner,
        }
    }
}
