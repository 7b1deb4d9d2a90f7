//! Every shipped mesh (`assets/meshes/*.ron`), changed: one to three of its numbers (vertex
//! coordinates and triangle indices) set to values from every class that breaks programs
//! (as in `tests/suite/level_properties.rs`), or its triangles edited: one dropped, one doubled,
//! one turned over, two indices swapped between triangles, a vertex removed. The changed
//! mesh is saved over its copy in a scratch game folder and loaded there by a small level
//! that places it in a cave with debris falling onto it. For every case:
//!
//! - neither reading the mesh nor loading the level panics;
//! - a problem in the mesh names the mesh file, a line and column inside it and an item
//!   (`triangles[3]`), and then the level is refused too, at the flair item that uses the
//!   mesh, with the mesh's own problem in the message;
//! - `check`'s report and loading agree, and every problem names a line, a column and an item;
//! - a level that loads builds the game's sim and runs 120 steps with every body finite.
//!
//! `CAVEFLY_MESH_CASES` sets the number of cases (default 100,000, split over four shards).

use cavefly::brush::Mesh;
use cavefly::game::{Actions, Sim};
use cavefly::level::{limits, load_level, load_mesh, LevelErrors};
use cavefly::tools::check;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::common;
use crate::mutate;

const SHARDS: usize = 4;
const STEPS: usize = 120;

fn total_cases() -> usize {
    std::env::var("CAVEFLY_MESH_CASES")
        .ok()
        .and_then(|s| s.replace('_', "").parse().ok())
        .unwrap_or(100_000)
}

/// A shipped mesh, and the level that places it.
struct Subject {
    mesh: String,
    text: String,
    numbers: Vec<mutate::Number>,
    level: String,
}

/// A cave with the mesh on its floor, a piece of debris above it and two beside it.
fn probe_level(mesh: &str) -> String {
    format!(
        r#"(
    version: 2,
    name: "mesh probe",
    world: (
        rock: [Rect(min: (-40.0, -40.0), max: (40.0, 40.0))],
        carve: [Circle(center: (0.0, 0.0), radius: 32.0)],
    ),
    flair: [(name: "probe", mesh: File("../assets/meshes/{mesh}"), position: (0.0, -15.0))],
    debris: [
        (name: "above", shape: Box(width: 2.0, height: 1.0), position: (0.0, 5.0)),
        (name: "left", shape: Circle(radius: 0.6), position: (-20.0, 0.0)),
        (name: "right", shape: Polygon(points: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.8)]), position: (20.0, 0.0)),
    ],
    player_start: (position: (0.0, 20.0)),
)
"#
    )
}

fn subjects() -> Vec<Subject> {
    let mut meshes: Vec<PathBuf> = std::fs::read_dir("assets/meshes")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    meshes.sort();
    meshes
        .iter()
        .map(|m| {
            let mesh = m.file_name().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(m).unwrap();
            Subject {
                numbers: mutate::numbers(&text),
                text,
                level: format!("probe_{mesh}"),
                mesh,
            }
        })
        .collect()
}

/// A scratch game folder: the shipped meshes in `assets/meshes/`, and a probe level for
/// each in `levels/`.
fn scratch_game(subjects: &[Subject]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let (levels, meshes) = (dir.path().join("levels"), dir.path().join("assets/meshes"));
    std::fs::create_dir_all(&levels).unwrap();
    std::fs::create_dir_all(&meshes).unwrap();
    for s in subjects {
        std::fs::write(meshes.join(&s.mesh), &s.text).unwrap();
        std::fs::write(levels.join(&s.level), probe_level(&s.mesh)).unwrap();
    }
    dir
}

/// An edit to a mesh's triangles.
#[derive(Clone, Debug)]
enum Edit {
    /// Change numbers: (which, to what).
    Numbers(Vec<(prop::sample::Index, mutate::Value)>),
    /// Drop a triangle.
    Drop(prop::sample::Index),
    /// Repeat a triangle.
    Double(prop::sample::Index),
    /// Reverse a triangle's winding.
    TurnOver(prop::sample::Index),
    /// Swap one index of one triangle with one of another.
    Swap(prop::sample::Index, prop::sample::Index, usize, usize),
    /// Remove a vertex; later indices shift down, so triangles that used it now point
    /// elsewhere (or past the end).
    RemoveVertex(prop::sample::Index),
}

fn arb_edit() -> impl Strategy<Value = Edit> {
    let idx = any::<prop::sample::Index>;
    let limits: Vec<f64> = limits::ALL.iter().map(|(_, v)| *v).collect();
    prop_oneof![
        6 => prop::collection::vec((idx(), mutate::arb_value(&limits)), 1..=3).prop_map(Edit::Numbers),
        1 => idx().prop_map(Edit::Drop),
        1 => idx().prop_map(Edit::Double),
        1 => idx().prop_map(Edit::TurnOver),
        1 => (idx(), idx(), 0usize..3, 0usize..3).prop_map(|(a, b, i, j)| Edit::Swap(a, b, i, j)),
        1 => idx().prop_map(Edit::RemoveVertex),
    ]
}

/// The mesh text after `edit`.
fn apply(s: &Subject, edit: &Edit) -> String {
    let mut mesh: Mesh = match edit {
        Edit::Numbers(changes) => {
            let changes: Vec<(usize, String)> = changes
                .iter()
                .map(|(at, v)| {
                    let k = at.index(s.numbers.len());
                    let n = &s.numbers[k];
                    (k, v.render(&s.text[n.start..n.end]))
                })
                .collect();
            return mutate::replace(&s.text, &s.numbers, &changes);
        }
        _ => ron::from_str(&s.text).unwrap(),
    };
    let t = &mut mesh.triangles;
    match edit {
        Edit::Numbers(_) => unreachable!(),
        Edit::Drop(i) => {
            t.remove(i.index(t.len()));
        }
        Edit::Double(i) => {
            let k = i.index(t.len());
            t.insert(k, t[k]);
        }
        Edit::TurnOver(i) => {
            let k = i.index(t.len());
            t[k].reverse();
        }
        Edit::Swap(a, b, i, j) => {
            let (a, b) = (a.index(t.len()), b.index(t.len()));
            let (x, y) = (t[a][*i], t[b][*j]);
            t[a][*i] = y;
            t[b][*j] = x;
        }
        Edit::RemoveVertex(i) => {
            let k = i.index(mesh.vertices.len());
            mesh.vertices.remove(k);
            for tri in &mut mesh.triangles {
                for v in tri.iter_mut() {
                    if *v as usize > k {
                        *v -= 1;
                    }
                }
            }
        }
    }
    ron::ser::to_string_pretty(&mesh, ron::ser::PrettyConfig::default()).unwrap()
}

/// Every problem names `file` (when given), a line and column inside `text`, and an item.
fn well_placed(errors: &LevelErrors, file: &Path, text: &str) -> Result<(), TestCaseError> {
    let lines: Vec<&str> = text.split('\n').collect();
    prop_assert!(!errors.problems.is_empty());
    for p in &errors.problems {
        prop_assert_eq!(&p.file, file);
        prop_assert!(p.line >= 1 && p.line <= lines.len(), "{}", p);
        prop_assert!(
            p.col >= 1 && p.col <= lines[p.line - 1].chars().count() + 1,
            "{}",
            p
        );
        prop_assert!(!p.item.is_empty(), "no item path: {}", p);
    }
    Ok(())
}

fn check_case(game: &Path, s: &Subject, mesh_text: &str) -> Result<(), TestCaseError> {
    let mesh_file = game.join("assets/meshes").join(&s.mesh);
    std::fs::write(&mesh_file, mesh_text).unwrap();
    let mesh = load_mesh(&mesh_file);
    if let Err(e) = &mesh {
        well_placed(e, &mesh_file, mesh_text)?;
    }
    let level_file = game.join("levels").join(&s.level);
    let level_text = std::fs::read_to_string(&level_file).unwrap();
    let loaded = load_level(&level_file);
    let (report, ok) = check::report(&level_file, &loaded);
    prop_assert_eq!(ok, loaded.is_ok(), "{}", report);
    match loaded {
        Err(errors) => {
            well_placed(&errors, &level_file, &level_text)?;
            for p in &errors.problems {
                prop_assert!(report.contains(&p.to_string()), "{}", report);
            }
            if let Err(e) = &mesh {
                // The level's problem at the flair item carries the mesh's own.
                let m = &e.problems[0];
                let first = format!("{}:{}: {}: {}", m.line, m.col, m.item, m.message);
                prop_assert!(
                    errors
                        .problems
                        .iter()
                        .any(|p| p.item.starts_with("flair[") && p.message.contains(&first)),
                    "the level's errors do not carry the mesh's: {}\n{}",
                    first,
                    errors
                );
            }
        }
        Ok(level) => {
            prop_assert!(mesh.is_ok(), "the level loaded with a broken mesh");
            let sim = Sim::from_level(&level);
            prop_assert!(sim.is_ok(), "check said OK, the game said: {:?}", sim.err());
            let mut sim = sim.unwrap();
            for step in 0..STEPS {
                sim.step(&Actions::default());
                let finite = sim.physics().bodies().all(|(_, b)| {
                    b.position().is_finite()
                        && b.angle().is_finite()
                        && b.linear_velocity().is_finite()
                        && b.angular_velocity().is_finite()
                });
                prop_assert!(finite, "a body is not finite after step {}", step);
            }
        }
    }
    Ok(())
}

fn run_shard(shard: usize) {
    let subjects = subjects();
    let game = scratch_game(&subjects);
    let mut config = common::config(total_cases().div_ceil(SHARDS) as u32);
    if let proptest::test_runner::RngSeed::Fixed(s) = config.rng_seed {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(s + 100 + shard as u64);
    }
    config.max_shrink_iters = 2000;
    let mut runner = TestRunner::new(config);
    let start = Instant::now();
    let result = runner.run(&(0..subjects.len(), arb_edit()), |(k, edit)| {
        let s = &subjects[k];
        let text = apply(s, &edit);
        check_case(game.path(), s, &text)
            .map_err(|e| TestCaseError::fail(format!("{}: {edit:?}: {e}", s.mesh)))
    });
    println!(
        "mesh shard {shard}: {} cases in {:.1} s",
        total_cases().div_ceil(SHARDS),
        start.elapsed().as_secs_f64()
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn every_probe_level_loads_with_its_mesh_as_shipped() {
    let subjects = subjects();
    let game = scratch_game(&subjects);
    for s in &subjects {
        let level = load_level(&game.path().join("levels").join(&s.level))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(level.sources.len(), 2, "{}", s.mesh);
    }
}

#[test]
fn meshes_changed_shard_0() {
    run_shard(0);
}

#[test]
fn meshes_changed_shard_1() {
    run_shard(1);
}

#[test]
fn meshes_changed_shard_2() {
    run_shard(2);
}

#[test]
fn meshes_changed_shard_3() {
    run_shard(3);
}
