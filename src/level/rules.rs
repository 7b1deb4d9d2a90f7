//! Match rules: how a level for two or more players is played. An arena declares its mode
//! with a top-level `rules` field; a campaign level with an objective can also be flown by
//! two players together ([`MatchMode::Coop`]).

use serde::{Deserialize, Serialize};

/// The ways a level can be played by several players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MatchMode {
    /// Ships fight; a kill scores; first to a score wins.
    Versus,
    /// Ships race through checkpoints in order; first to fly the laps wins.
    Race,
    /// Ships fly a level together, each with their own lives, towards its objective.
    Coop,
}

impl MatchMode {
    /// The mode's name as a menu shows it.
    pub fn label(self) -> &'static str {
        match self {
            MatchMode::Versus => "Versus",
            MatchMode::Race => "Race",
            MatchMode::Coop => "Co-op",
        }
    }
}

/// The first score that wins a versus match unless the level says otherwise.
pub const DEFAULT_FIRST_TO: u32 = 5;
/// Seconds a destroyed ship waits before it respawns in versus, by default.
pub const DEFAULT_VERSUS_RESPAWN: f64 = 3.0;
/// Laps of a race unless the level says otherwise.
pub const DEFAULT_LAPS: u32 = 3;

/// A level's `rules`: the mode it is made for, and that mode's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MatchRules {
    /// Ships fight: lasers, rammed and thrown debris hurt the other ship; the player who
    /// last hurt a ship scores when it is destroyed.
    Versus {
        /// The score that wins (default 5).
        #[serde(default = "first_to")]
        first_to: u32,
        /// Seconds before a destroyed ship respawns (default 3).
        #[serde(default = "respawn_after")]
        respawn_after: f64,
    },
    /// Ships race: the named zones are the checkpoints, flown in order; passing the first
    /// after the last completes a lap.
    Race {
        /// Laps that win (default 3).
        #[serde(default = "laps")]
        laps: u32,
        /// Zone names, in the order they are flown; the first is the start and finish line.
        checkpoints: Vec<String>,
    },
    /// Ships fly together towards the level's objective, each with their own lives.
    Coop,
}

fn first_to() -> u32 {
    DEFAULT_FIRST_TO
}

fn respawn_after() -> f64 {
    DEFAULT_VERSUS_RESPAWN
}

fn laps() -> u32 {
    DEFAULT_LAPS
}

impl MatchRules {
    /// The mode these rules are for.
    pub fn mode(&self) -> MatchMode {
        match self {
            MatchRules::Versus { .. } => MatchMode::Versus,
            MatchRules::Race { .. } => MatchMode::Race,
            MatchRules::Coop => MatchMode::Coop,
        }
    }
}
