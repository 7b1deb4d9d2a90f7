//! `cavefly sim`: a level run headless with recorded actions, reporting the state hash; and
//! the golden runs that pin every shipped level to its hash.

use super::error::ToolError;
use crate::game::{InputScript, Sim};
use crate::level::load_level;
use crate::physics::StepProfile;
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Steps run when neither `--frames` nor an input script says how many (10 s at 120 Hz).
pub const DEFAULT_FRAMES: u64 = 1200;

/// One headless run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimRequest {
    /// The level file.
    pub level: PathBuf,
    /// The input script, if any (none means idle).
    pub inputs: Option<PathBuf>,
    /// Steps to run; default the script's length, or [`DEFAULT_FRAMES`].
    pub frames: Option<u64>,
    /// Print the hash every this many steps as well.
    pub hash_every: Option<u64>,
    /// Report where the physics step's time went, phase by phase.
    pub profile: bool,
}

/// What a run ended with.
#[derive(Clone, Debug)]
pub struct SimOutcome {
    /// The report, one line per fact.
    pub report: String,
    /// The final state hash.
    pub hash: u64,
}

/// Loads, builds and runs; errors are the loaders' messages (file, line:column, item).
pub fn run(req: &SimRequest) -> Result<SimOutcome, ToolError> {
    let loaded = load_level(&req.level)?;
    let script = req.inputs.as_deref().map(InputScript::load).transpose()?;
    if let (Some(s), Some(p)) = (&script, &req.inputs) {
        s.check_level(&loaded)
            .map_err(|e| ToolError::file(p, e.to_string()))?;
    }
    let players = script.as_ref().map_or(1, |s| s.players.len().max(1));
    let mut sim = Sim::from_level_for(&loaded, players).map_err(|error| ToolError::Setup {
        file: req.level.display().to_string(),
        error,
    })?;
    let frames = req
        .frames
        .unwrap_or_else(|| script.as_ref().map_or(DEFAULT_FRAMES, |s| s.len() as u64));
    let mut report = String::new();
    let _ = writeln!(
        report,
        "level {}: {} rock segments, {} debris, step {:.6} s",
        req.level.display(),
        sim.physics().rock().len(),
        sim.debris().len(),
        sim.time_step()
    );
    match (&req.inputs, &script) {
        (Some(p), Some(s)) => {
            let _ = writeln!(
                report,
                "inputs {}: {} frames of actions for {} player(s)",
                p.display(),
                s.len(),
                s.players.len()
            );
        }
        _ => report.push_str("inputs: none (idle)\n"),
    }
    let mut actions = script.iter().flat_map(|s| s.steps());
    let mut events = 0usize;
    let mut profile = StepProfile::default();
    for frame in 1..=frames {
        let a = actions.next().unwrap_or_default();
        sim.step(&a);
        events += sim.physics().contact_events().len();
        profile.accumulate(sim.physics().profile());
        if req.hash_every.is_some_and(|k| k > 0 && frame % k == 0) {
            let _ = writeln!(report, "frame {frame} hash {:016x}", sim.state_hash());
        }
    }
    let awake = sim
        .physics()
        .bodies()
        .filter(|(_, b)| b.is_awake() && b.mass() > 0.0)
        .count();
    if let Some(ship) = sim.ship() {
        let (p, v) = (ship.position(), ship.linear_velocity());
        let _ = writeln!(
            report,
            "after {frames} frames ({:.2} s): ship at ({:.3}, {:.3}) moving ({:.3}, {:.3}), fuel {:.2} s",
            frames as f64 * sim.time_step(),
            p.x,
            p.y,
            v.x,
            v.y,
            sim.fuel()
        );
    }
    let _ = writeln!(
        report,
        "{} bodies ({awake} awake), {events} contact events",
        sim.physics().body_count()
    );
    if req.profile {
        report.push_str(&profile_table(&profile, frames));
    }
    let hash = sim.state_hash();
    if let Some(outcome) = sim.outcome() {
        let _ = writeln!(report, "outcome {outcome:?}, score {}", sim.score());
    }
    if let Some(rec) = script.as_ref().and_then(|s| s.recorded.as_ref()) {
        if rec.steps == frames {
            let same = rec.final_hash == format!("{hash:016x}");
            let _ = writeln!(
                report,
                "replay recorded by Cavefly {}: final hash {} ({})",
                rec.game,
                rec.final_hash,
                if same { "reproduced" } else { "DIFFERENT" }
            );
        }
    }
    let _ = writeln!(report, "hash {hash:016x}");
    Ok(SimOutcome { report, hash })
}

/// The physics step's phases over a run: milliseconds per step and share of the step.
fn profile_table(total: &StepProfile, steps: u64) -> String {
    let steps = steps.max(1) as f64;
    let mut out = format!(
        "physics step: {:.4} ms per step on average\n",
        total.total / steps
    );
    for (name, ms) in total.phases() {
        let share = if total.total > 0.0 {
            ms / total.total
        } else {
            0.0
        };
        let _ = writeln!(
            out,
            "  {name:<13} {:>9.4} ms  {:>5.1}%",
            ms / steps,
            100.0 * share
        );
    }
    out
}

/// One pinned run in a golden file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldenRun {
    /// Level file, relative to the golden file's project root.
    pub level: String,
    /// Input script, if any.
    pub inputs: Option<String>,
    /// Steps.
    pub frames: u64,
    /// Expected final hash, hexadecimal.
    pub hash: String,
}

/// Runs every entry of a golden file (paths relative to `root`) and says which match. With
/// `bless`, rewrites the hashes instead. Returns the report and whether all matched.
pub fn check_golden(file: &Path, root: &Path, bless: bool) -> Result<(String, bool), ToolError> {
    let text = crate::level::read_text_file(file)
        .map_err(|e| ToolError::file(file, format!("cannot read: {e}")))?;
    let mut runs: Vec<GoldenRun> = ron::from_str(&text).map_err(|e| {
        let at = format!("{}:{}", e.span.start.line, e.span.start.col);
        ToolError::file(
            file,
            format!(
                "{at}: {} (expected a list of (level, inputs, frames, hash))",
                e.code
            ),
        )
    })?;
    let mut report = String::new();
    let mut all_match = true;
    for run in &mut runs {
        let req = SimRequest {
            level: root.join(&run.level),
            inputs: run.inputs.as_ref().map(|p| root.join(p)),
            frames: Some(run.frames),
            hash_every: None,
            profile: false,
        };
        let got = format!("{:016x}", self::run(&req)?.hash);
        let what = format!(
            "{} × {}",
            run.level,
            run.inputs.as_deref().unwrap_or("idle")
        );
        if bless {
            let _ = writeln!(report, "{what}: {got}");
            run.hash = got;
        } else if got == run.hash {
            let _ = writeln!(report, "{what}: ok {got}");
        } else {
            all_match = false;
            let _ = writeln!(report, "{what}: MISMATCH got {got}, golden {}", run.hash);
        }
    }
    if bless {
        let pretty = ron::ser::PrettyConfig::default();
        let text = ron::ser::to_string_pretty(&runs, pretty)
            .map_err(|e| ToolError::file(file, e.to_string()))?;
        std::fs::write(file, text + "\n")
            .map_err(|e| ToolError::file(file, format!("cannot write: {e}")))?;
    }
    Ok((report, all_match))
}
