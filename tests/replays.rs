//! Every replay in `tests/replays/` re-simulates to the state hash and outcome it recorded:
//! dropping a replay into that folder makes it a regression test. A replay of a level that
//! has changed since is refused, never silently replayed.

use cavefly::game::replay::RecordedOutcome;
use cavefly::game::{InputScript, Sim};
use cavefly::level::load_level;
use std::path::Path;

mod common;

#[test]
fn every_replay_reproduces_its_hash_and_outcome() {
    let files = common::shipped_replays();
    assert!(
        files.len() >= 3,
        "the shipped levels' winning replays: {files:?}"
    );
    for file in files {
        let script = InputScript::load(&file).unwrap();
        let rec = script
            .recorded
            .clone()
            .expect("a replay has a recorded section");
        let level = load_level(Path::new(&rec.level)).unwrap();
        script.check_level(&level).unwrap();
        let mut sim = Sim::from_level_for(&level, script.players.len()).unwrap();
        for a in script.steps() {
            sim.step(&a);
        }
        assert_eq!(sim.steps(), rec.steps, "{}", file.display());
        assert_eq!(
            format!("{:016x}", sim.state_hash()),
            rec.final_hash,
            "{} no longer reproduces",
            file.display()
        );
        let outcome = RecordedOutcome::of(sim.outcome());
        assert_eq!(outcome, rec.outcome, "{}", file.display());
    }
}

#[test]
fn a_replay_of_a_changed_level_is_refused() {
    let file = common::shipped_replays()
        .into_iter()
        .next()
        .expect("a replay");
    let script = InputScript::load(&file).unwrap();
    let rec = script.recorded.clone().unwrap();
    let text = std::fs::read_to_string(&rec.level).unwrap();
    // The same level with one more comment is other content. The copy sits beside the
    // original so its mesh paths still resolve.
    let copy = Path::new(&rec.level).with_extension(format!("edited-{}.tmp", std::process::id()));
    std::fs::write(&copy, format!("// edited\n{text}")).unwrap();
    let changed = cavefly::level::load_level(&copy);
    std::fs::remove_file(&copy).ok();
    let err = script
        .check_level(&changed.unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("different version of the level"), "{err}");
    assert!(err.contains(&rec.level_hash), "{err}");
}
