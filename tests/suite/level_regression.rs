//! Level regression: every shipped level × input script re-simulates to the hash in
//! `tests/golden/levels.ron`, which the release binary wrote (`CAVEFLY_BLESS=1 cavefly sim
//! --golden tests/golden/levels.ron`); matching it here proves the test build and the release
//! build compute the same bits. A re-bless is always explained in its commit.

use cavefly::tools::sim::{check_golden, run, SimRequest};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_shipped_level_and_input_reproduces_its_golden_hash() {
    let (report, all_match) = check_golden(&root().join("tests/golden/levels.ron"), root(), false)
        .expect("golden file readable");
    assert!(all_match, "{report}");
}

#[test]
fn every_shipped_level_has_a_golden_run() {
    let golden = std::fs::read_to_string(root().join("tests/golden/levels.ron")).unwrap();
    for entry in std::fs::read_dir(root().join("levels")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        if name.ends_with(".ron") {
            assert!(
                golden.contains(&format!("levels/{name}")),
                "{name} has no golden run"
            );
        }
    }
}

#[test]
fn the_same_run_gives_the_same_hash_twice_in_one_process() {
    let req = SimRequest {
        level: root().join("levels/04_first_flight.ron"),
        inputs: Some(root().join("tests/inputs/first_flight_hop.ron")),
        frames: Some(400),
        hash_every: None,
        profile: false,
    };
    assert_eq!(run(&req).unwrap().hash, run(&req).unwrap().hash);
}

#[test]
fn bad_level_and_input_files_are_clear_errors() {
    let missing = SimRequest {
        level: PathBuf::from("no/such/level.ron"),
        inputs: None,
        frames: Some(1),
        hash_every: None,
        profile: false,
    };
    let e = run(&missing).unwrap_err().to_string();
    assert!(e.contains("no/such/level.ron"), "{e}");
    let wrong_inputs = SimRequest {
        level: root().join("levels/04_first_flight.ron"),
        inputs: Some(root().join("levels/05_crystal_mine.ron")),
        frames: Some(1),
        hash_every: None,
        profile: false,
    };
    let e = run(&wrong_inputs).unwrap_err().to_string();
    assert!(
        e.contains("05_crystal_mine.ron:") && e.contains("expected"),
        "{e}"
    );
}
