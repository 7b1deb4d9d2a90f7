//! Replays: the actions of every step of a play session, with the game version, the level's
//! content hash, and what the session ended with. A replay is an input script with a
//! `recorded` section, so `cavefly sim LEVEL --inputs FILE` plays either. One recorded
//! against other level content is refused instead of silently diverging.

use super::actions::{ActionRun, Actions, InputScript};
use super::hud::Outcome;
use super::sim::Sim;
use crate::level::LoadedLevel;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The game version written into replays.
pub const GAME_VERSION: &str = env!("CARGO_PKG_VERSION");

/// How a recorded session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordedOutcome {
    /// The level was won.
    Won,
    /// The level was lost.
    Lost,
    /// The recording stopped before the level ended.
    Unfinished,
}

/// Where and how a replay was recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recording {
    /// The game version that recorded it.
    pub game: String,
    /// The level file, as given when recording.
    pub level: String,
    /// The level's content hash, 16 hexadecimal digits.
    pub level_hash: String,
    /// Steps recorded.
    pub steps: u64,
    /// The sim's state hash after the last step, 16 hexadecimal digits.
    pub final_hash: String,
    /// How the session ended.
    pub outcome: RecordedOutcome,
}

impl InputScript {
    /// The script of `actions`, one per step, written as runs.
    pub fn from_actions(actions: &[Actions]) -> InputScript {
        let mut runs: Vec<ActionRun> = Vec::new();
        for a in actions {
            match runs.last_mut() {
                Some(r) if r.actions() == *a && r.frames < u32::MAX => r.frames += 1,
                _ => runs.push(ActionRun::of(*a, 1)),
            }
        }
        InputScript {
            version: 1,
            recorded: None,
            runs,
        }
    }

    /// A replay of a session on `level` that took `actions` and left `sim` as it is now.
    pub fn record(level: &LoadedLevel, actions: &[Actions], sim: &Sim) -> InputScript {
        let outcome = match sim.outcome() {
            Some(Outcome::Won) => RecordedOutcome::Won,
            Some(Outcome::Lost) => RecordedOutcome::Lost,
            None => RecordedOutcome::Unfinished,
        };
        InputScript {
            recorded: Some(Recording {
                game: GAME_VERSION.to_string(),
                level: level.file.display().to_string(),
                level_hash: format!("{:016x}", level.content_hash),
                steps: actions.len() as u64,
                final_hash: format!("{:016x}", sim.state_hash()),
                outcome,
            }),
            ..InputScript::from_actions(actions)
        }
    }

    /// Refuses a replay recorded against other content than `level`'s. Hand-written scripts
    /// (no `recorded` section) play on any level.
    pub fn check_level(&self, level: &LoadedLevel) -> Result<(), String> {
        let Some(rec) = &self.recorded else {
            return Ok(());
        };
        let now = format!("{:016x}", level.content_hash);
        if rec.level_hash == now {
            return Ok(());
        }
        Err(format!(
            "this replay was recorded on a different version of the level: it was made on `{}` \
             with content hash {} by Cavefly {}, and `{}` now hashes to {now}; \
             replaying it would diverge, so record it again on the current level",
            rec.level,
            rec.level_hash,
            rec.game,
            level.file.display()
        ))
    }

    /// Writes the script as RON, atomically (a temporary file renamed into place), so a
    /// crash never leaves half a replay.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("cannot write the replay: {e}"))?;
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, text + "\n")
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| format!("{}: cannot write the replay: {e}", path.display()))
    }
}

impl ActionRun {
    /// A run of `frames` steps of `a`.
    pub fn of(a: Actions, frames: u32) -> ActionRun {
        ActionRun {
            frames,
            left: a.left,
            right: a.right,
            thrust: a.thrust,
            fire: a.fire,
            tractor: a.tractor,
        }
    }

    /// The actions held during the run.
    pub fn actions(&self) -> Actions {
        Actions {
            left: self.left,
            right: self.right,
            thrust: self.thrust,
            fire: self.fire,
            tractor: self.tractor,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_compress_to_runs_and_expand_back() {
        let t = Actions {
            thrust: true,
            ..Actions::default()
        };
        let f = Actions { fire: true, ..t };
        let steps = [t, t, t, f, Actions::default(), Actions::default(), t];
        let script = InputScript::from_actions(&steps);
        assert_eq!(script.runs.len(), 4);
        assert_eq!(script.runs[0].frames, 3);
        let back: Vec<Actions> = script.frames().collect();
        assert_eq!(back, steps);
        // And through its text.
        let text = ron::to_string(&script).unwrap();
        let again = InputScript::parse(&text, "r.ron").unwrap();
        assert_eq!(again, script);
    }
}
