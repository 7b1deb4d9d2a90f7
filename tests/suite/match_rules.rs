//! The level format's match rules (`rules`): the modes a level can be played in, the
//! defaults, and errors with the line, column and item path of each bad setting.

use cavefly::level::{load_level, load_level_source, MatchMode, MatchRules};
use std::path::Path;

/// A cave with two starts and three zones; `rules` is spliced in as written.
fn arena(rules: &str) -> String {
    format!(
        r#"(
    version: 2,
    name: "Arena",
    world: (rock: [Rect(min: (-60, -60), max: (60, 60))], carve: [Circle(center: (0, 0), radius: 50)]),
    player_starts: [(position: (-20, 0)), (position: (20, 0))],
    zones: [
        (name: "a", shape: Circle(center: (0, 30), radius: 5)),
        (name: "b", shape: Circle(center: (0, -30), radius: 5)),
        (name: "c", shape: Circle(center: (30, 0), radius: 5)),
    ],
    objective: ReachZone("c"),
{rules}
)
"#
    )
}

fn load(text: &str) -> Result<cavefly::level::LoadedLevel, cavefly::level::LevelErrors> {
    load_level_source(text, Path::new("levels/arenas/test.ron"))
}

#[test]
fn an_arena_is_played_in_its_own_mode_with_the_documented_defaults() {
    let versus = load(&arena("    rules: Versus(),")).unwrap();
    assert_eq!(versus.modes(), [MatchMode::Versus]);
    assert_eq!(
        versus.level.rules,
        Some(MatchRules::Versus {
            first_to: 5,
            respawn_after: 3.0
        })
    );
    let race = load(&arena(r#"    rules: Race(checkpoints: ["a", "b"]),"#)).unwrap();
    assert_eq!(race.modes(), [MatchMode::Race]);
    assert_eq!(
        race.level.rules,
        Some(MatchRules::Race {
            laps: 3,
            checkpoints: vec!["a".into(), "b".into()]
        })
    );
    let coop = load(&arena("    rules: Coop,")).unwrap();
    assert_eq!(coop.modes(), [MatchMode::Coop]);
}

#[test]
fn a_campaign_level_with_an_objective_can_be_flown_together_one_without_cannot() {
    for entry in std::fs::read_dir("levels").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "ron") {
            let loaded = load_level(&path).unwrap();
            assert_eq!(loaded.modes(), [MatchMode::Coop], "{}", path.display());
        }
    }
    let explore = arena("").replace("    objective: ReachZone(\"c\"),\n", "");
    assert_eq!(load(&explore).unwrap().modes(), []);
}

#[test]
fn rules_survive_being_written_out_and_read_back() {
    let loaded = load(&arena(
        r#"    rules: Race(laps: 7, checkpoints: ["c", "a", "b"]),"#,
    ))
    .unwrap();
    let written = ron::to_string(&loaded.level).unwrap();
    assert!(written.contains("rules:Race("), "{written}");
    let again = load(&written).unwrap();
    assert_eq!(again.level, loaded.level);
}

/// The one problem of `text`, as `LINE:COLUMN: ITEM: message`.
fn problems(text: &str) -> Vec<String> {
    let e = load(text).expect_err("the level should not load");
    e.problems
        .iter()
        .map(|p| format!("{}:{}: {}: {}", p.line, p.col, p.item, p.message))
        .collect()
}

#[test]
fn bad_settings_are_reported_at_their_line_and_column_with_their_item() {
    let p = problems(&arena(
        "    rules: Versus(first_to: 0, respawn_after: 61.0),",
    ));
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(p[0].starts_with("12:29: rules.first_to: "), "{p:?}");
    assert!(
        p[0].contains("expected a whole number from 1 to 100, got 0"),
        "{p:?}"
    );
    assert!(p[1].starts_with("12:47: rules.respawn_after: "), "{p:?}");

    let p = problems(&arena(
        r#"    rules: Race(laps: 101, checkpoints: ["a", "nowhere", "a"]),"#,
    ));
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(p[0].starts_with("12:23: rules.laps: "), "{p:?}");
    assert!(
        p[1].contains(
            "rules.checkpoints[1]: unknown zone `nowhere`; expected one of: `a`, `b`, `c`"
        ),
        "{p:?}"
    );
    assert!(
        p[2].contains("rules.checkpoints[2]: `a` is already rules.checkpoints[0]"),
        "{p:?}"
    );

    let p = problems(&arena(r#"    rules: Race(checkpoints: ["a"]),"#));
    assert!(
        p[0].contains("rules.checkpoints: expected at least 2"),
        "{p:?}"
    );

    let explore = arena("    rules: Coop,").replace("    objective: ReachZone(\"c\"),\n", "");
    let p = problems(&explore);
    assert!(
        p[0].contains("rules: a co-op level is won by meeting its objective"),
        "{p:?}"
    );

    let one_start = arena("    rules: Versus(),").replace(
        "player_starts: [(position: (-20, 0)), (position: (20, 0))]",
        "player_start: (position: (-20, 0))",
    );
    let p = problems(&one_start);
    assert!(p[0].contains("player_start"), "{p:?}");
    assert!(
        p[0].contains("expected at least 2 `player_starts`, got 1"),
        "{p:?}"
    );

    let p = problems(&arena("    rules: Tag,"));
    assert!(
        p[0].contains("Versus") && p[0].contains("Race") && p[0].contains("Coop"),
        "{p:?}"
    );
}

#[test]
fn the_shipped_arenas_pass_check_and_each_plays_its_own_mode() {
    let arenas = cavefly::level::shipped::arena_levels().unwrap();
    let names: Vec<String> = arenas
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        ["coop_relay.ron", "race_ring.ron", "versus_quarry.ron"]
    );
    let (report, ok) = cavefly::tools::check::check_files(&arenas);
    assert!(ok, "{report}");
    let modes: Vec<Vec<MatchMode>> = arenas
        .iter()
        .map(|p| load_level(p).unwrap().modes())
        .collect();
    assert_eq!(
        modes,
        [[MatchMode::Coop], [MatchMode::Race], [MatchMode::Versus]]
    );
    // The campaign list holds no arena, and an arena is found by its name alone.
    let campaign = cavefly::level::shipped::campaign_levels().unwrap();
    assert!(campaign.len() >= 5 && campaign.iter().all(|p| !p.starts_with("levels/arenas")));
    let found = cavefly::level::shipped::resolve_level(Path::new("race_ring"));
    assert!(
        found.ends_with("levels/arenas/race_ring.ron"),
        "{}",
        found.display()
    );
}
