//! Every number of every shipped level and of the starter level, changed to values from
//! every class that breaks programs: zero, negative, tiny, subnormal, huge, infinite, NaN,
//! integer edges, and values just inside and just outside each limit of
//! `cavefly::level::limits`. One to three numbers change per case. For every case:
//!
//! - loading never panics;
//! - `check`'s report and loading agree: OK exactly when the level loads, and every problem
//!   listed;
//! - every problem names the file, a line and column inside the text, and an item path;
//! - a level that loads builds the game's sim (`Sim::from_level`, which asserts in debug
//!   builds that it cannot fail), and every body stays finite while it runs.
//!
//! Every level that loads runs for 120 steps (one second at the default rate). Measured
//! under load on the 2-core machines, stepping added about a quarter to the run time of
//! loading alone (most changed levels are refused, and refusing is cheap), so no case is
//! left unstepped.
//!
//! `CAVEFLY_LEVEL_CASES` sets the number of cases (default 100,000, split over four
//! shards that run in parallel); `CAVEFLY_TEST_SEED` changes the seed. A failure is shrunk
//! to the fewest, simplest changes that still fail.

use cavefly::game::{Actions, Sim};
use cavefly::level::{limits, load_level_source};
use cavefly::tools::check;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::common;
use crate::mutate;

/// Shards: test functions that run a share of the cases each, in parallel.
const SHARDS: usize = 4;
/// Steps each level that loads runs: one second at the default rate.
const STEPS: usize = 120;

fn total_cases() -> usize {
    std::env::var("CAVEFLY_LEVEL_CASES")
        .ok()
        .and_then(|s| s.replace('_', "").parse().ok())
        .unwrap_or(100_000)
}

/// The shipped levels and the starter level: (path it loads as, text).
fn corpus() -> Vec<(PathBuf, String)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("levels")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    let mut out: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            (f, text)
        })
        .collect();
    // The starter level is loaded as if saved in the levels folder, as `cavefly new` would.
    out.push((
        PathBuf::from("levels/new_level.ron"),
        cavefly::level::starter::NEW_LEVEL.to_string(),
    ));
    out
}

fn all_limits() -> Vec<f64> {
    limits::ALL.iter().map(|(_, v)| *v).collect()
}

/// What the cases of one shard did.
#[derive(Default)]
struct Tally {
    cases: AtomicUsize,
    loaded: AtomicUsize,
}

/// Every body finite: position, angle and both velocities.
fn all_finite(sim: &Sim) -> bool {
    sim.physics().bodies().all(|(_, b)| {
        b.position().is_finite()
            && b.angle().is_finite()
            && b.linear_velocity().is_finite()
            && b.angular_velocity().is_finite()
    })
}

fn check_case(path: &Path, text: &str, tally: &Tally) -> Result<(), TestCaseError> {
    tally.cases.fetch_add(1, Ordering::Relaxed);
    let loaded = load_level_source(text, path);
    let (report, ok) = check::report(path, &loaded);
    prop_assert_eq!(ok, loaded.is_ok(), "{}", report);
    match loaded {
        Err(errors) => {
            prop_assert!(!errors.problems.is_empty());
            let lines: Vec<&str> = text.split('\n').collect();
            for p in &errors.problems {
                prop_assert_eq!(&p.file, path);
                prop_assert!(p.line >= 1 && p.line <= lines.len(), "{}", p);
                let width = lines[p.line - 1].chars().count();
                prop_assert!(p.col >= 1 && p.col <= width + 1, "{}", p);
                prop_assert!(!p.item.is_empty(), "no item path: {}", p);
                prop_assert!(report.contains(&p.to_string()), "{}", report);
            }
        }
        Ok(level) => {
            tally.loaded.fetch_add(1, Ordering::Relaxed);
            let sim = Sim::from_level(&level);
            prop_assert!(sim.is_ok(), "check said OK, the game said: {:?}", sim.err());
            let mut sim = sim.unwrap();
            for step in 0..STEPS {
                sim.step(&Actions::default());
                prop_assert!(all_finite(&sim), "a body is not finite after step {}", step);
            }
            let _ = sim.state_hash();
        }
    }
    Ok(())
}

fn run_shard(shard: usize) {
    let corpus = corpus();
    let numbers: Vec<Vec<mutate::Number>> =
        corpus.iter().map(|(_, t)| mutate::numbers(t)).collect();
    let cases = total_cases().div_ceil(SHARDS);
    let mut config = common::config(cases as u32);
    // Each shard draws its own cases.
    config.rng_seed = match config.rng_seed {
        proptest::test_runner::RngSeed::Fixed(s) => {
            proptest::test_runner::RngSeed::Fixed(s + shard as u64)
        }
        other => other,
    };
    config.max_shrink_iters = 2000;
    let mut runner = TestRunner::new(config);
    let strategy = (
        0..corpus.len(),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                mutate::arb_value(&all_limits()),
            ),
            1..=3,
        ),
    );
    let tally = Tally::default();
    let start = Instant::now();
    let result = runner.run(&strategy, |(file, changes)| {
        let (path, text) = &corpus[file];
        let found = &numbers[file];
        let changes: Vec<(usize, String)> = changes
            .iter()
            .map(|(at, value)| {
                let k = at.index(found.len());
                (k, value.render(&text[found[k].start..found[k].end]))
            })
            .collect();
        let changed = mutate::replace(text, found, &changes);
        check_case(path, &changed, &tally).map_err(|e| {
            TestCaseError::fail(format!("{}: changes {changes:?}: {e}", path.display()))
        })
    });
    println!(
        "shard {shard}: {} cases, {} loaded and run for {STEPS} steps, in {:.1} s",
        tally.cases.load(Ordering::Relaxed),
        tally.loaded.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64()
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn numbers_changed_in_levels_shard_0() {
    run_shard(0);
}

#[test]
fn numbers_changed_in_levels_shard_1() {
    run_shard(1);
}

#[test]
fn numbers_changed_in_levels_shard_2() {
    run_shard(2);
}

#[test]
fn numbers_changed_in_levels_shard_3() {
    run_shard(3);
}

#[test]
fn the_number_finder_sees_numbers_and_skips_words_strings_and_comments() {
    let text = "(a: -1.5e-3, b: \"7 x\", // 9\n c: [2, 3], d_3: /* 4 */ 5_0)";
    let found: Vec<&str> = mutate::numbers(text)
        .iter()
        .map(|n| &text[n.start..n.end])
        .collect();
    assert_eq!(found, ["-1.5e-3", "2", "3", "5_0"]);
    let n = &mutate::numbers(text)[1];
    assert_eq!((n.line, n.col), (2, 6));
    let all = mutate::numbers(text);
    let changed = mutate::replace(text, &all, &[(0, "NaN".into()), (3, "1e309".into())]);
    assert_eq!(
        changed,
        "(a: NaN, b: \"7 x\", // 9\n c: [2, 3], d_3: /* 4 */ 1e309)"
    );
}
