//! Shipped levels pass `check`; each broken level in `tests/levels_bad/` gives the errors
//! written in its `// expect: LINE:COL ITEM: TEXT` header lines; no bytes make loading panic.

use cavefly::level::{load_level, load_level_source};
use cavefly::tools::check::check_files;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

use crate::common;

fn ron_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_level_passes_check() {
    let files = ron_files("levels");
    assert!(!files.is_empty());
    let (report, ok) = check_files(&files);
    assert!(ok, "{report}");
    assert_eq!(
        report.lines().filter(|l| l.contains(": OK: ")).count(),
        files.len()
    );
    for f in &files {
        let level = load_level(f).unwrap();
        assert!(!level.level.flair.is_empty() && !level.level.zones.is_empty());
        for start in level.level.starts() {
            assert!(!level.world.solid.contains(start.position));
        }
        // Carved detail, not a bare box: the small teaching levels have a few dozen.
        assert!(level.world.segments.len() > 30, "{}", f.display());
    }
}

#[test]
fn every_shipped_mesh_outlines_to_its_triangle_area() {
    for f in ron_files("assets/meshes") {
        let mesh = cavefly::level::load_mesh_file(&f).unwrap();
        let outline = cavefly::brush::mesh_outline(&mesh).unwrap();
        let area = cavefly::brush::Region::from(outline).area();
        // The shipped meshes' triangles do not overlap except the crystals' shared foot.
        let contours: Vec<_> =
            cavefly::brush::Region::from(cavefly::brush::mesh_outline(&mesh).unwrap())
                .contours()
                .cloned()
                .collect();
        let merged = cavefly::brush::Region::from_contours(&contours).area();
        assert!(
            area > 0.0 && merged <= mesh.triangle_area() * (1.0 + 1e-6),
            "{}",
            f.display()
        );
        if !f.ends_with("crystals.ron") {
            assert!(
                (area - mesh.triangle_area()).abs() < 1e-9 * area,
                "{}",
                f.display()
            );
        }
    }
}

/// (line, col, item, text) from the header.
fn expectations(source: &str) -> Vec<(usize, usize, String, String)> {
    source
        .lines()
        .filter_map(|l| l.strip_prefix("// expect: "))
        .map(|e| {
            let (pos, rest) = e.split_once(' ').unwrap();
            let (line, col) = pos.split_once(':').unwrap();
            let (item, text) = rest.split_once(": ").unwrap();
            (
                line.parse().unwrap(),
                col.parse().unwrap(),
                item.to_string(),
                text.to_string(),
            )
        })
        .collect()
}

#[test]
fn each_broken_level_gives_its_expected_errors() {
    let files = ron_files("tests/levels_bad");
    assert!(files.len() >= 15);
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        let expected = expectations(&String::from_utf8_lossy(&bytes));
        assert!(!expected.is_empty(), "{} has no expectations", f.display());
        let errors = load_level(&f).expect_err(&f.display().to_string());
        assert_eq!(
            errors.problems.len(),
            expected.len(),
            "{}:\n{errors}",
            f.display()
        );
        for (line, col, item, text) in expected {
            let found = errors.problems.iter().any(|p| {
                p.line == line
                    && p.col == col
                    && p.item == item
                    && p.message.contains(&text)
                    && p.file == f
            });
            assert!(
                found,
                "{}: expected {line}:{col} {item}: {text}\ngot:\n{errors}",
                f.display()
            );
        }
        // The report names the file and the position.
        let (report, ok) = check_files(&[&f]);
        assert!(!ok && report.contains(&format!("{}:", f.display())));
    }
}

fn good_level() -> String {
    std::fs::read_to_string("levels/04_first_flight.ron").unwrap()
}

#[test]
fn truncated_levels_fail_cleanly() {
    let src = good_level();
    let path = Path::new("levels/04_first_flight.ron");
    let cuts: Vec<usize> = (0..src.len())
        .step_by(37)
        .filter(|&i| src.is_char_boundary(i))
        .collect();
    for cut in cuts {
        let result = load_level_source(&src[..cut], path);
        let errors = result.expect_err("a truncated level must not load");
        assert!(errors
            .problems
            .iter()
            .all(|p| p.line >= 1 && p.col >= 1 && !p.message.is_empty()));
    }
}

#[test]
fn missing_files_and_invalid_utf8_are_errors() {
    let errors = load_level(Path::new("levels/no_such_level.ron")).unwrap_err();
    assert!(errors.problems[0].message.contains("cannot read"));
    let (report, ok) = check_files(&["levels/no_such_level.ron"]);
    assert!(!ok && report.contains("no_such_level.ron"));
}

proptest! {
    #![proptest_config(common::config(256))]

    #[test]
    fn garbage_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = load_level_source(&text, Path::new("garbage.ron"));
    }

    #[test]
    fn mutated_levels_never_panic(edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec!["(", ")", "[", "]", ",", ":", "\"", "-", "1e308", "NaN", "0", "x", "", "/*"])), 1..6)) {
        let mut src = good_level();
        for (at, text) in edits {
            let mut i = at.index(src.len() + 1);
            while !src.is_char_boundary(i) {
                i -= 1;
            }
            // Either insert the text or replace one character with it.
            if text.is_empty() && i < src.len() {
                src.remove(i);
            } else {
                src.insert_str(i, text);
            }
        }
        let _ = load_level_source(&src, Path::new("levels/04_first_flight.ron"));
    }
}
