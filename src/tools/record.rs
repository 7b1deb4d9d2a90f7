//! `cavefly record PLAN --out REPLAY`: flies a plan with the autopilot and saves the
//! session as a replay.

use super::autopilot::{fly_all, Plan};
use super::error::ToolError;
use crate::game::track::Track;
use crate::game::{InputScript, Sim};
use crate::level::{load_level, parse_ron};
use std::path::Path;

/// Runs the plan in `plan_file` and writes the replay to `out`; returns a report.
pub fn record(plan_file: &Path, out: &Path) -> Result<String, ToolError> {
    let text = crate::level::read_text_file(plan_file)
        .map_err(|e| ToolError::file(plan_file, format!("cannot read the plan: {e}")))?;
    let plan: Plan = parse_ron(&text, plan_file)?;
    let level = load_level(Path::new(&plan.level))?;
    let players = 1 + plan.others.len();
    let mut sim = Sim::from_level_for(&level, players).map_err(|error| ToolError::Setup {
        file: plan.level.clone(),
        error,
    })?;
    let (actions, finished) = fly_all(&mut sim, &plan);
    let tracks: Vec<Track> = actions.iter().map(|a| Track::from_actions(a)).collect();
    let replay = InputScript::record(&level, &tracks, &sim);
    replay.save(out)?;
    let rec = replay
        .recorded
        .as_ref()
        .expect("record fills the recording");
    let at = sim.ship().map(|b| b.position());
    let tasks = plan.tasks.len() + plan.others.iter().map(Vec::len).sum::<usize>();
    let contest = sim.contest().map_or(String::new(), |m| {
        let standing: Vec<String> = m
            .players
            .iter()
            .map(|c| {
                format!(
                    "{} points, {} laps, best lap {:?}",
                    c.points, c.laps, c.best_lap
                )
            })
            .collect();
        format!("match: {}; winner {:?}\n", standing.join(" / "), m.winner)
    });
    Ok(format!(
        "{}: {} steps ({:.1} s), {:?}, {finished} of {tasks} tasks done, ship at {at:?}, score {}, lives {}, hash {}\n{contest}wrote {}\n",
        plan.level,
        rec.steps,
        rec.steps as f64 * sim.time_step(),
        rec.outcome,
        sim.score(),
        sim.lives(),
        rec.final_hash,
        out.display()
    ))
}
