//! Validation of a level's match rules (`rules`): each setting in range, every checkpoint
//! a zone of the level, and a start for each player the mode needs.

use super::limits::{MAX_FIRST_TO, MAX_LAPS, MAX_RESPAWN_DELAY};
use super::names::Names;
use super::rules::MatchRules;
use super::schema::Level;
use super::script::Objective;
use super::validate_shapes::Checker;

/// Players a versus match or a race is made for: each needs a start of their own.
const MATCH_PLAYERS: usize = 2;

/// Checks `level.rules`; `names` holds every entity name, zones included.
pub fn validate_rules(c: &mut Checker, names: &Names, level: &Level) {
    let Some(rules) = &level.rules else {
        return;
    };
    let starts = level.starts().len();
    let need_starts = |c: &mut Checker, mode: &str| {
        if starts < MATCH_PLAYERS {
            c.fail(
                "player_starts",
                format!(
                    "a {mode} level needs a start for each player: expected at least {MATCH_PLAYERS} `player_starts`, got {starts}"
                ),
            );
        }
    };
    match rules {
        MatchRules::Versus {
            first_to,
            respawn_after,
        } => {
            c.count("rules.first_to", *first_to, 1, MAX_FIRST_TO);
            c.number(
                "rules.respawn_after",
                *respawn_after,
                0.0,
                MAX_RESPAWN_DELAY,
                false,
            );
            need_starts(c, "versus");
        }
        MatchRules::Race { laps, checkpoints } => {
            c.count("rules.laps", *laps, 1, MAX_LAPS);
            if checkpoints.len() < 2 {
                c.fail(
                    "rules.checkpoints",
                    format!(
                        "expected at least 2 checkpoint zones (the start line and one more), got {}",
                        checkpoints.len()
                    ),
                );
            }
            for (i, name) in checkpoints.iter().enumerate() {
                let path = format!("rules.checkpoints[{i}]");
                if let Some(first) = checkpoints[..i].iter().position(|n| n == name) {
                    c.fail(
                        &path,
                        format!("`{name}` is already rules.checkpoints[{first}]; expected each checkpoint once"),
                    );
                }
                names.expect(c, &path, name, "zone", |p| p.starts_with("zones"));
            }
            need_starts(c, "race");
        }
        MatchRules::Coop => {
            if level.objective == Objective::Explore {
                c.fail(
                    "rules",
                    "a co-op level is won by meeting its objective: expected an `objective` other than `Explore`",
                );
            }
        }
    }
}
