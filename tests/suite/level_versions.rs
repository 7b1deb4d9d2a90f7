//! Level format versions: a version 1 file in `tests/levels_old/` loads as the same level as
//! its version 2 counterpart, its errors point into the file as written, and a file from a
//! newer Cavefly is refused with a message that says so.

use cavefly::level::{load_level, LEVEL_VERSION};
use std::path::Path;

#[test]
fn a_version_1_level_loads_equal_to_its_version_2_counterpart() {
    let old =
        load_level(Path::new("tests/levels_old/flair_v1.ron")).unwrap_or_else(|e| panic!("{e}"));
    let new =
        load_level(Path::new("tests/levels_old/flair_v2.ron")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(LEVEL_VERSION, 2);
    assert_eq!(old.level.version, LEVEL_VERSION);
    assert_eq!(old.level, new.level);
    assert_eq!(old.level.flair[0].angle, 0.15);
    assert_eq!(old.level.flair[1].angle, 0.0);
    assert_eq!(old.level.flair[2].angle, -0.3);
    // The same rock, segment for segment.
    assert_eq!(old.world.segments.len(), new.world.segments.len());
    for (a, b) in old.world.segments.iter().zip(&new.world.segments) {
        assert_eq!(a.segment, b.segment);
    }
    // Both read the same mesh files, and a reload watches them.
    assert_eq!(old.sources.len(), 3);
    assert_eq!(old.sources[1..], new.sources[1..]);
}

#[test]
fn errors_in_a_version_1_file_name_its_own_lines_columns_and_fields() {
    let path = Path::new("tests/levels_old/bad_v1.ron");
    let text = std::fs::read_to_string(path).unwrap();
    let (line, row) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("rotation: 1e300"))
        .unwrap();
    let col_of = |word: &str| 1 + row[..row.find(word).unwrap()].chars().count();
    let errors = load_level(path).expect_err("a broken level must not load");
    let at = |item: &str| {
        errors
            .problems
            .iter()
            .find(|p| p.item == item)
            .unwrap_or_else(|| panic!("no problem at {item}:\n{errors}"))
    };
    let rotation = at("flair[0].rotation");
    assert_eq!(
        (rotation.line, rotation.col),
        (line + 1, col_of("1e300")),
        "{errors}"
    );
    let scale = at("flair[0].scale");
    assert_eq!((scale.line, scale.col), (line + 1, col_of("-1.0")));
    assert_eq!(scale.file, path);
}

#[test]
fn a_type_error_in_a_version_1_file_keeps_its_position_and_field_name() {
    let src = "(\n    version: 1,\n    name: \"x\",\n    flair: [(name: \"a\", rotation: \"half\", position: (1, 2))],\n)\n";
    let errors = cavefly::level::load_level_source(src, Path::new("old.ron")).unwrap_err();
    let p = &errors.problems[0];
    assert_eq!(p.item, "flair[0].rotation", "{errors}");
    // The parser stops just after the field's colon: there in the file as written, as it
    // does in the same mistake in a version 2 file.
    let after_colon =
        |text: &str, key: &str| 1 + text.lines().nth(3).unwrap().find(key).unwrap() + key.len();
    assert_eq!(
        (p.line, p.col),
        (4, after_colon(src, "rotation:")),
        "{errors}"
    );
    let v2 = src
        .replace("version: 1", "version: 2")
        .replace("rotation:", "angle:");
    let e2 = cavefly::level::load_level_source(&v2, Path::new("new.ron")).unwrap_err();
    let q = &e2.problems[0];
    assert_eq!((q.line, q.col), (4, after_colon(&v2, "angle:")), "{e2}");
    assert_eq!(q.item, "flair[0].angle");
    assert_eq!(p.message, q.message);
}

#[test]
fn a_level_from_a_newer_game_is_refused_with_a_message_that_says_so() {
    let path = Path::new("tests/levels_old/future.ron");
    let errors = load_level(path).expect_err("a newer level must not load");
    assert_eq!(errors.problems.len(), 1, "{errors}");
    let p = &errors.problems[0];
    assert_eq!((p.line, p.col, p.item.as_str()), (3, 14, "version"));
    assert!(
        p.message.contains("version 3, newer than this game"),
        "{}",
        p.message
    );
    assert_eq!(p.file, path);
}

#[test]
fn version_0_is_refused() {
    let src = "(version: 0, name: \"x\", world: (rock: [Rect(min: (-9, -9), max: (9, 9))], carve: [Circle(center: (0, 0), radius: 5)]), player_start: (position: (0, 0)))";
    let errors = cavefly::level::load_level_source(src, Path::new("zero.ron")).unwrap_err();
    assert!(
        errors
            .problems
            .iter()
            .any(|p| p.item == "version" && p.message.contains("unsupported level version 0")),
        "{errors}"
    );
}
