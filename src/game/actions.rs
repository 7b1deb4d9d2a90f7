//! Actions: what the simulation sees of the player, one set per fixed step, and input
//! scripts (RON files of actions) that drive headless runs and replays.

use serde::{Deserialize, Serialize};

/// The player's controls during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Actions {
    /// Rotate counter-clockwise.
    pub left: bool,
    /// Rotate clockwise.
    pub right: bool,
    /// Fire the main engine.
    pub thrust: bool,
    /// Fire the laser.
    pub fire: bool,
    /// Hold the tractor beam.
    pub tractor: bool,
}

/// A run of identical actions in an input script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRun {
    /// How many steps these actions are held for.
    pub frames: u32,
    /// Rotate counter-clockwise.
    #[serde(default)]
    pub left: bool,
    /// Rotate clockwise.
    #[serde(default)]
    pub right: bool,
    /// Fire the main engine.
    #[serde(default)]
    pub thrust: bool,
    /// Fire the laser.
    #[serde(default)]
    pub fire: bool,
    /// Hold the tractor beam.
    #[serde(default)]
    pub tractor: bool,
}

/// An input script: the actions of every step, written as runs, for example
///
/// ```ron
/// (
///     version: 1,
///     runs: [
///         (frames: 60),                        // wait a second
///         (frames: 90, thrust: true),          // climb
///         (frames: 20, thrust: true, left: true),
///     ],
/// )
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputScript {
    /// Format version; this build reads version 1.
    pub version: u32,
    /// Where and how it was recorded, for a replay (absent in hand-written scripts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recorded: Option<super::replay::Recording>,
    /// The runs, in order.
    pub runs: Vec<ActionRun>,
}

/// Most steps an input script may hold (about 23 hours at 120 Hz): a guard against a typo
/// asking for billions of frames.
pub const MAX_SCRIPT_FRAMES: u64 = 10_000_000;

impl InputScript {
    /// Parses a script; the error names `file`, the line and column, and what was expected.
    pub fn parse(text: &str, file: &str) -> Result<InputScript, String> {
        let script: InputScript = ron::from_str(text).map_err(|e| {
            format!(
                "{file}:{}:{}: {} (an input script is `(version: 1, runs: [(frames: N, thrust: true, ...), ...])`)",
                e.span.start.line, e.span.start.col, e.code
            )
        })?;
        if script.version != 1 {
            return Err(format!(
                "{file}: version {} is not supported: this build reads input scripts of version 1",
                script.version
            ));
        }
        let total: u64 = script.runs.iter().map(|r| r.frames as u64).sum();
        if total > MAX_SCRIPT_FRAMES {
            return Err(format!(
                "{file}: {total} frames is more than the {MAX_SCRIPT_FRAMES} a script may hold"
            ));
        }
        Ok(script)
    }

    /// Reads and parses a script file.
    pub fn load(path: &std::path::Path) -> Result<InputScript, String> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{shown}: cannot read the input script: {e}"))?;
        Self::parse(&text, &shown)
    }

    /// The actions of every step, in order.
    pub fn frames(&self) -> impl Iterator<Item = Actions> + '_ {
        self.runs
            .iter()
            .flat_map(|r| std::iter::repeat_n(r.actions(), r.frames as usize))
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.runs.iter().map(|r| r.frames as usize).sum()
    }

    /// Whether it holds no steps.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_expand_to_frames() {
        let s = InputScript::parse(
            "(version: 1, runs: [(frames: 2), (frames: 3, thrust: true, left: true)])",
            "t.ron",
        )
        .unwrap();
        let f: Vec<Actions> = s.frames().collect();
        assert_eq!(f.len(), 5);
        assert_eq!(s.len(), 5);
        assert!(!f[1].thrust && f[2].thrust && f[4].left && !f[4].right);
    }

    #[test]
    fn bad_scripts_say_where_and_what() {
        let e = InputScript::parse("(version: 1, runs: [(frames: 2, boost: true)])", "in.ron")
            .unwrap_err();
        assert!(e.starts_with("in.ron:1:"), "{e}");
        assert!(e.contains("boost"), "{e}");
        let e = InputScript::parse("(version: 1,\n runs: [(frames: -2)])", "in.ron").unwrap_err();
        assert!(e.starts_with("in.ron:2:"), "{e}");
        let e = InputScript::parse("(version: 9, runs: [])", "in.ron").unwrap_err();
        assert!(e.contains("version 9"), "{e}");
        let e = InputScript::parse(
            "(version: 1, runs: [(frames: 4000000000), (frames: 4000000000)])",
            "in.ron",
        )
        .unwrap_err();
        assert!(e.contains("more than"), "{e}");
        assert!(InputScript::parse("(version: 1, runs: [", "in.ron").is_err());
    }
}
