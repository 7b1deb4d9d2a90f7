//! Input scripts and replays: the actions of every player at every step, with (for a
//! replay) the game version, the level's content hash and what the run ended with. A replay
//! is an input script with a `recorded` section, so `cavefly sim LEVEL --inputs FILE` plays
//! either. One recorded against other level content is refused instead of silently
//! diverging.
//!
//! Version 2, written by this build, keeps each player's actions as short run-length text
//! (see [`super::track`]):
//!
//! ```ron
//! (
//!     version: 2,
//!     players: [
//!         ["60 90T 20LT"],   // player 1: wait half a second, climb, turn while climbing
//!     ],
//! )
//! ```
//!
//! Version 1 files (`runs: [(frames: 60), (frames: 90, thrust: true), ...]`, one player)
//! are read as well, and migrated as they load.

use super::actions::Actions;
use super::hud::Outcome;
use super::sim::Sim;
use super::track::Track;
use crate::level::source_map::SourceMap;
use crate::level::{LevelErrors, LoadedLevel};
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;

/// The game version written into replays.
pub const GAME_VERSION: &str = env!("CARGO_PKG_VERSION");
/// The script format this build writes.
pub const SCRIPT_VERSION: u32 = 2;
/// Most steps an input script may hold (about 23 hours at 120 Hz): a guard against a typo
/// asking for billions of frames.
pub const MAX_SCRIPT_FRAMES: u64 = 10_000_000;

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

impl RecordedOutcome {
    /// How a sim's run stands.
    pub fn of(outcome: Option<Outcome>) -> RecordedOutcome {
        match outcome {
            Some(Outcome::Won) => RecordedOutcome::Won,
            Some(Outcome::Lost) => RecordedOutcome::Lost,
            None => RecordedOutcome::Unfinished,
        }
    }
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

/// A run of identical actions in a version 1 script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunV1 {
    frames: u32,
    #[serde(default)]
    left: bool,
    #[serde(default)]
    right: bool,
    #[serde(default)]
    thrust: bool,
    #[serde(default)]
    fire: bool,
    #[serde(default)]
    tractor: bool,
}

/// The file as written: version 2 has `players`, version 1 has `runs`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScriptFile {
    version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    recorded: Option<Recording>,
    #[serde(default, skip_serializing)]
    runs: Vec<RunV1>,
    #[serde(default)]
    players: Vec<Vec<String>>,
}

/// Why an input script or replay could not be read, written or used.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum ReplayError {
    /// The file could not be read.
    #[error("{file}: cannot read the input script: {message}")]
    Read {
        /// The file.
        file: String,
        /// Why.
        message: String,
    },
    /// The text is not a script: where, and what was expected.
    #[error("{file}:{line}:{col}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// A format version this build does not read.
    #[error("{file}: version {version} is not supported: this build reads input scripts of versions 1 and {SCRIPT_VERSION}")]
    Version {
        /// The file.
        file: String,
        /// Its version.
        version: u32,
    },
    /// More steps than a script may hold.
    #[error("{file}: {steps} frames is more than the {MAX_SCRIPT_FRAMES} a script may hold")]
    TooLong {
        /// The file.
        file: String,
        /// Steps asked for.
        steps: u64,
    },
    /// A replay was wanted, and this is a plain input script.
    #[error("{file}: this is an input script without a `recorded` section; play it with `cavefly play LEVEL --inputs FILE`")]
    NotAReplay {
        /// The file.
        file: String,
    },
    /// The level has changed since the replay was recorded.
    #[error("this replay was recorded on a different version of the level: it was made on `{recorded_on}` with content hash {recorded_hash} by Cavefly {game}, and `{level}` now hashes to {now_hash}; replaying it would diverge, so record it again on the current level")]
    LevelChanged {
        /// The level file it names.
        recorded_on: String,
        /// The content hash it was recorded with.
        recorded_hash: String,
        /// The game version that recorded it.
        game: String,
        /// The level file given now.
        level: String,
        /// Its content hash now.
        now_hash: String,
    },
    /// The replay's level does not load.
    #[error("{0}")]
    Level(LevelErrors),
    /// The file could not be written.
    #[error("{file}: cannot write the replay: {message}")]
    Write {
        /// The file.
        file: String,
        /// Why.
        message: String,
    },
}

/// An input script: every player's actions, step by step, and for a replay where and how
/// it was recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputScript {
    /// Where and how it was recorded, for a replay (absent in hand-written scripts).
    pub recorded: Option<Recording>,
    /// Each player's actions, by player index.
    pub players: Vec<Track>,
}

impl InputScript {
    /// The script of one player's `actions`, one per step.
    pub fn from_actions(actions: &[Actions]) -> InputScript {
        InputScript {
            recorded: None,
            players: vec![Track::from_actions(actions)],
        }
    }

    /// Parses a script of either version; an error names `file`, the line and column, and
    /// what was expected.
    pub fn parse(text: &str, file: &str) -> Result<InputScript, ReplayError> {
        let raw: ScriptFile = ron::from_str(text).map_err(|e| ReplayError::Syntax {
            file: file.to_string(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: format!(
                "{} (an input script is `(version: {SCRIPT_VERSION}, players: [[\"60 90T 20LT\"]])`)",
                e.code
            ),
        })?;
        let players = match raw.version {
            1 if raw.players.is_empty() => vec![Track::from_runs(raw.runs.iter().map(|r| {
                let a = Actions {
                    left: r.left,
                    right: r.right,
                    thrust: r.thrust,
                    fire: r.fire,
                    tractor: r.tractor,
                };
                (r.frames, a)
            }))],
            SCRIPT_VERSION if raw.runs.is_empty() => {
                let map = SourceMap::new(text);
                let mut players = Vec::with_capacity(raw.players.len());
                for (p, lines) in raw.players.iter().enumerate() {
                    let track = Track::parse(lines).map_err(|e| {
                        let at = map.locate(&format!("players[{p}][{}]", e.line));
                        ReplayError::Syntax {
                            file: file.to_string(),
                            line: at.line,
                            // Past the opening quote, to the character.
                            col: at.col + 1 + e.at,
                            message: format!("players[{p}]: {}", e.message),
                        }
                    })?;
                    players.push(track);
                }
                players
            }
            1 | SCRIPT_VERSION => {
                let (field, wanted) = if raw.version == 1 {
                    ("players", "runs")
                } else {
                    ("runs", "players")
                };
                let at = SourceMap::new(text).locate(field);
                return Err(ReplayError::Syntax {
                    file: file.to_string(),
                    line: at.line,
                    col: at.col,
                    message: format!(
                        "a version {} script keeps its actions in `{wanted}`, not `{field}`",
                        raw.version
                    ),
                });
            }
            version => {
                return Err(ReplayError::Version {
                    file: file.to_string(),
                    version,
                })
            }
        };
        let script = InputScript {
            recorded: raw.recorded,
            players,
        };
        let steps = script
            .players
            .iter()
            .map(|t| t.len() as u64)
            .max()
            .unwrap_or(0);
        if steps > MAX_SCRIPT_FRAMES {
            return Err(ReplayError::TooLong {
                file: file.to_string(),
                steps,
            });
        }
        Ok(script)
    }

    /// Reads and parses a script file.
    pub fn load(path: &Path) -> Result<InputScript, ReplayError> {
        let file = path.display().to_string();
        let text = crate::level::read_text_file(path).map_err(|e| ReplayError::Read {
            file: file.clone(),
            message: e.to_string(),
        })?;
        Self::parse(&text, &file)
    }

    /// Steps: the longest player's.
    pub fn len(&self) -> usize {
        self.players.iter().map(Track::len).max().unwrap_or(0)
    }

    /// Whether it holds no steps.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every player's actions at every step, in order (a player whose actions ran out
    /// holds nothing).
    pub fn steps(&self) -> impl Iterator<Item = Vec<Actions>> + '_ {
        let mut players: Vec<_> = self.players.iter().map(|t| t.iter()).collect();
        (0..self.len()).map(move |_| {
            players
                .iter_mut()
                .map(|p| p.next().unwrap_or_default())
                .collect()
        })
    }

    /// Player 0's actions at every step, in order.
    pub fn frames(&self) -> impl Iterator<Item = Actions> + '_ {
        self.players.iter().take(1).flat_map(Track::iter)
    }

    /// A replay of a run on `level` in which each player took `players[i]`, leaving `sim`
    /// as it is now.
    pub fn record(level: &LoadedLevel, players: &[Track], sim: &Sim) -> InputScript {
        let steps = players.iter().map(Track::len).max().unwrap_or(0);
        InputScript {
            recorded: Some(Recording {
                game: GAME_VERSION.to_string(),
                level: level.file.display().to_string(),
                level_hash: format!("{:016x}", level.content_hash),
                steps: steps as u64,
                final_hash: format!("{:016x}", sim.state_hash()),
                outcome: RecordedOutcome::of(sim.outcome()),
            }),
            players: players.to_vec(),
        }
    }

    /// Refuses a replay recorded against other content than `level`'s. Hand-written scripts
    /// (no `recorded` section) play on any level.
    pub fn check_level(&self, level: &LoadedLevel) -> Result<(), ReplayError> {
        let Some(rec) = &self.recorded else {
            return Ok(());
        };
        let now = format!("{:016x}", level.content_hash);
        if rec.level_hash == now {
            return Ok(());
        }
        Err(ReplayError::LevelChanged {
            recorded_on: rec.level.clone(),
            recorded_hash: rec.level_hash.clone(),
            game: rec.game.clone(),
            level: level.file.display().to_string(),
            now_hash: now,
        })
    }

    /// The script as version 2 text.
    pub fn to_text(&self) -> String {
        let file = ScriptFile {
            version: SCRIPT_VERSION,
            recorded: self.recorded.clone(),
            runs: Vec::new(),
            players: self.players.iter().map(Track::to_lines).collect(),
        };
        let pretty = ron::ser::PrettyConfig::default();
        ron::ser::to_string_pretty(&file, pretty).expect("a script always serialises") + "\n"
    }

    /// Writes the script as version 2 RON, atomically (a temporary file renamed into
    /// place), so a crash never leaves half a replay.
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, self.to_text())
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| ReplayError::Write {
                file: path.display().to_string(),
                message: e.to_string(),
            })
    }
}

/// Reads a replay and the level it was recorded on (see `recorded_level`), refusing a file
/// without a recording or one whose level has changed since.
pub fn load_replay(path: &Path) -> Result<(InputScript, LoadedLevel), ReplayError> {
    let script = InputScript::load(path)?;
    let Some(rec) = &script.recorded else {
        return Err(ReplayError::NotAReplay {
            file: path.display().to_string(),
        });
    };
    let level = recorded_level(&rec.level).map_err(ReplayError::Level)?;
    script.check_level(&level)?;
    Ok((script, level))
}

/// The level a replay was recorded on: at the path it recorded, or, where nothing is there
/// any more (a shipped level's replay watched from another folder, where the recorded
/// `levels/…` path means nothing), the level of the same file name among those the game
/// offers. The replay's content hash still decides whether that is the level it was made on.
fn recorded_level(recorded: &str) -> Result<LoadedLevel, LevelErrors> {
    let path = Path::new(recorded);
    let by_name = || {
        let name = path.file_name()?;
        Some(crate::level::shipped::resolve_level(Path::new(name))).filter(|f| f.is_file())
    };
    match (!path.exists()).then(by_name).flatten() {
        Some(found) => crate::level::load_level(&found),
        None => crate::level::load_level(path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thrust() -> Actions {
        Actions {
            thrust: true,
            ..Actions::default()
        }
    }

    #[test]
    fn a_script_goes_through_its_text_and_back() {
        let t = thrust();
        let f = Actions { fire: true, ..t };
        let steps = [t, t, t, f, Actions::default(), Actions::default(), t];
        let script = InputScript::from_actions(&steps);
        assert_eq!(script.players[0].runs().len(), 4);
        assert_eq!(script.frames().collect::<Vec<_>>(), steps);
        let again = InputScript::parse(&script.to_text(), "r.ron").unwrap();
        assert_eq!(again, script);
    }

    #[test]
    fn version_1_scripts_are_migrated_as_they_load() {
        let s = InputScript::parse(
            "(version: 1, runs: [(frames: 2), (frames: 3, thrust: true, left: true)])",
            "t.ron",
        )
        .unwrap();
        let f: Vec<Actions> = s.frames().collect();
        assert_eq!(f.len(), 5);
        assert!(!f[1].thrust && f[2].thrust && f[4].left && !f[4].right);
        assert_eq!(s.players[0].to_lines(), vec!["2 3LT".to_string()]);
    }

    #[test]
    fn players_have_their_own_actions_and_the_shorter_holds_nothing_after() {
        let s =
            InputScript::parse(r#"(version: 2, players: [["2T"], ["1F 2L"]])"#, "t.ron").unwrap();
        let steps: Vec<Vec<Actions>> = s.steps().collect();
        assert_eq!(steps.len(), 3);
        assert!(steps[0][0].thrust && steps[0][1].fire);
        assert!(steps[1][0].thrust && steps[1][1].left);
        assert_eq!(steps[2][0], Actions::default());
        assert!(steps[2][1].left);
    }

    #[test]
    fn bad_scripts_say_where_and_what() {
        let e = InputScript::parse("(version: 1, runs: [(frames: 2, boost: true)])", "in.ron")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("in.ron:1:"), "{e}");
        assert!(e.contains("boost"), "{e}");
        let e = InputScript::parse("(version: 1,\n runs: [(frames: -2)])", "in.ron")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("in.ron:2:"), "{e}");
        let e = InputScript::parse("(version: 9, players: [])", "in.ron").unwrap_err();
        assert!(e.to_string().contains("version 9"), "{e}");
        let e = InputScript::parse(
            "(version: 1, runs: [(frames: 4000000000), (frames: 4000000000)])",
            "in.ron",
        )
        .unwrap_err();
        assert!(e.to_string().contains("more than"), "{e}");
        assert!(InputScript::parse("(version: 2, players: [", "in.ron").is_err());
    }

    #[test]
    fn a_malformed_action_string_names_its_line_and_column() {
        let text =
            "(\n    version: 2,\n    players: [\n        [\"10T 5LT\", \"4 7TX\"],\n    ],\n)";
        let e = InputScript::parse(text, "in.ron").unwrap_err();
        match &e {
            ReplayError::Syntax {
                line, col, message, ..
            } => {
                assert_eq!(*line, 4);
                // The second string's quote is at column 21, so its `X` is at 26.
                assert_eq!(*col, 26, "{e}");
                assert!(
                    message.contains("players[0]") && message.contains("`X`"),
                    "{e}"
                );
            }
            other => panic!("{other}"),
        }
        let e = InputScript::parse("(version: 2, runs: [(frames: 1)])", "in.ron").unwrap_err();
        assert!(e.to_string().contains("`players`, not `runs`"), "{e}");
    }
}
