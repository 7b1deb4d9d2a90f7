//! Every replay in `tests/replays/` re-simulates to the state hash and outcome it recorded:
//! dropping a replay into that folder makes it a regression test. A replay of a level that
//! has changed since is refused, never silently replayed.

use cavefly::game::replay::{load_replay, RecordedOutcome};
use cavefly::game::{GameEvent, InputScript, Sim};
use cavefly::level::load_level;
use std::path::Path;

use crate::common;

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

/// The campaign levels: the level files in `levels/` (the arenas sit in a folder below).
fn campaign_levels() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir("levels")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// Every campaign level (a file in `levels/`, not `levels/arenas/`) has a par and a replay
/// of the same file name in `tests/replays/` that was recorded on this very level and won
/// it (the test above re-simulates each replay to that outcome). The par is the replay's
/// time rounded up to a whole 5 s, so the recorded run earns gold and a good human can
/// beat it; a replay stays under 90 s, as the debug test build re-simulates every one.
#[test]
fn every_campaign_level_has_a_par_and_a_winning_replay() {
    let levels = campaign_levels();
    assert!(levels.len() >= 5, "the campaign: {levels:?}");
    for file in levels {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let level = load_level(&file).unwrap();
        let par = level
            .level
            .par
            .unwrap_or_else(|| panic!("{name} has no par"));
        let replay = Path::new("tests/replays").join(&name);
        assert!(
            replay.is_file(),
            "{name} has no winning replay at {}",
            replay.display()
        );
        let script = InputScript::load(&replay).unwrap();
        let rec = script
            .recorded
            .clone()
            .unwrap_or_else(|| panic!("{} has no recorded section", replay.display()));
        assert_eq!(rec.level, format!("levels/{name}"), "{}", replay.display());
        script
            .check_level(&level)
            .unwrap_or_else(|e| panic!("{}: {e}", replay.display()));
        assert_eq!(rec.outcome, RecordedOutcome::Won, "{}", replay.display());
        let seconds = rec.steps as f64 * level.level.physics.time_step;
        assert!(seconds < 90.0, "{name}: the replay flies {seconds:.1} s");
        assert!(
            par >= seconds && par - seconds < 5.0 && par % 5.0 == 0.0,
            "{name}: par {par} s is not the replay's {seconds:.1} s rounded up to 5 s"
        );
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

/// What happened in a replay of an arena: kills with an attacker, laps, and the outcome.
fn arena_run(name: &str) -> (usize, usize, Option<cavefly::game::Outcome>, Sim) {
    let file = Path::new("tests/replays").join(format!("{name}.ron"));
    let script = InputScript::load(&file).unwrap();
    assert_eq!(script.players.len(), 2, "{name}: a two-player replay");
    let rec = script.recorded.clone().unwrap();
    assert_eq!(rec.level, format!("levels/arenas/{name}.ron"));
    let level = load_level(Path::new(&rec.level)).unwrap();
    let mut sim = Sim::from_level_for(&level, 2).unwrap();
    let (mut kills, mut laps) = (0, 0);
    for a in script.steps() {
        sim.step(&a);
        for e in sim.events() {
            match e {
                GameEvent::Kill { by: Some(_), .. } => kills += 1,
                GameEvent::Lap { .. } => laps += 1,
                _ => {}
            }
        }
    }
    (kills, laps, sim.outcome(), sim)
}

#[test]
fn each_arena_has_a_two_player_replay_that_plays_its_mode() {
    let (kills, _, _, sim) = arena_run("versus_quarry");
    assert!(kills >= 1, "the versus replay holds a kill");
    assert_eq!(
        sim.contest()
            .unwrap()
            .players
            .iter()
            .map(|c| c.points)
            .sum::<u32>(),
        kills as u32
    );
    let (_, laps, outcome, sim) = arena_run("race_ring");
    assert!(laps >= 1, "the race replay completes a lap");
    assert_eq!(outcome, Some(cavefly::game::Outcome::Won));
    let race = sim.contest().unwrap();
    assert_eq!(race.winner, Some(0));
    assert_eq!(race.players[0].laps, 3);
    let (_, _, outcome, sim) = arena_run("coop_relay");
    assert_eq!(outcome, Some(cavefly::game::Outcome::Won));
    assert!(sim.ship_of(0).is_some() && sim.ship_of(1).is_some());
}

#[test]
fn a_replay_whose_recorded_path_is_gone_finds_its_level_by_name_and_hash() {
    // As when a shipped level's replay, which records `levels/NAME.ron`, is watched from
    // another folder: the path means nothing there, the game's own copy has the name.
    let file = common::shipped_replays()
        .into_iter()
        .next()
        .expect("a replay");
    let text = std::fs::read_to_string(&file).unwrap();
    let rec = InputScript::load(&file).unwrap().recorded.unwrap();
    let name = Path::new(&rec.level).file_name().unwrap().to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let moved = |level: &str| {
        let out = dir.path().join(format!("{}.ron", level.replace('/', "_")));
        let recorded = format!("level: \"{}\"", rec.level);
        assert!(text.contains(&recorded), "{text}");
        std::fs::write(
            &out,
            text.replace(&recorded, &format!("level: \"{level}\"")),
        )
        .unwrap();
        out
    };
    let gone = format!("no/such/folder/{name}");
    let (script, level) = load_replay(&moved(&gone)).unwrap();
    assert_eq!(level.file.file_name().unwrap(), name);
    assert_eq!(format!("{:016x}", level.content_hash), rec.level_hash);
    assert_eq!(script.recorded.unwrap().level, gone);
    // A name the game has no level of is still the recorded path's error.
    let err = load_replay(&moved("no/such/folder/nowhere_at_all.ron"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("no/such/folder/nowhere_at_all.ron") && err.contains("cannot read"),
        "{err}"
    );
    // Found by name but other content: the hash still refuses it.
    let other = common::shipped_replays()
        .into_iter()
        .map(|f| InputScript::load(&f).unwrap().recorded.unwrap().level)
        .find(|l| !l.ends_with(name))
        .expect("a second replayed level");
    let other_name = Path::new(&other).file_name().unwrap().to_str().unwrap();
    let err = load_replay(&moved(&format!("no/such/folder/{other_name}")))
        .unwrap_err()
        .to_string();
    assert!(err.contains("different version of the level"), "{err}");
}
