//! `cavefly lab`: the shipped pairs file through every method, the random table's rows, and
//! the command line's answers to good and bad files.

use cavefly::geom::Vec2;
use cavefly::tools::lab::{measure, random_pairs, random_report, LabMethod};
use cavefly::tools::lab_pairs;
use serde::Deserialize;
use std::path::Path;
use std::process::Command;

const PAIRS: &str = "tests/lab/pairs.ron";

#[derive(Deserialize)]
struct PointOut {
    point: Vec2,
    depth: f64,
}

#[derive(Deserialize)]
struct AnswerOut {
    normal: Vec2,
    depth: f64,
    points: Vec<PointOut>,
}

#[derive(Deserialize)]
struct PairOut {
    pair: usize,
    name: String,
    exact_sat: Option<AnswerOut>,
    dual_edge: Option<AnswerOut>,
    clipping: Option<AnswerOut>,
    crossing_pairs: Option<AnswerOut>,
}

fn shipped() -> Vec<PairOut> {
    let pairs = lab_pairs::load(Path::new(PAIRS)).unwrap();
    let text = lab_pairs::report(&pairs);
    ron::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn shipped_pairs_give_each_methods_manifold_as_ron() {
    let out = shipped();
    assert_eq!(out.len(), 6);
    assert!(out.iter().enumerate().all(|(i, p)| p.pair == i));
    // A crate sunk 1 cm: every method agrees on the normal and depth.
    let sunk = &out[0];
    assert_eq!(sunk.name, "crate sunk 1 cm into a ledge");
    for a in [
        &sunk.exact_sat,
        &sunk.dual_edge,
        &sunk.clipping,
        &sunk.crossing_pairs,
    ] {
        let a = a.as_ref().unwrap();
        assert!((a.normal - Vec2::Y).length() < 1e-12);
        assert!((a.depth - 0.01).abs() < 1e-12);
    }
    let crossing = sunk.crossing_pairs.as_ref().unwrap();
    assert_eq!(crossing.points.len(), 2);
    for p in &crossing.points {
        assert!((p.point.y - 0.49).abs() < 1e-12 && (p.depth - 0.01).abs() < 1e-12);
    }
    assert_eq!(sunk.clipping.as_ref().unwrap().points.len(), 1);
    assert!(sunk.exact_sat.as_ref().unwrap().points.is_empty());
    // The small box inside the large one: crossing pairs has nothing to pair, and the
    // clipping answer (the small box's own width along the centroid direction) falls far
    // short of the exact 1.7 m.
    let inside = &out[4];
    assert!(inside.crossing_pairs.is_none());
    assert!((inside.exact_sat.as_ref().unwrap().depth - 1.7).abs() < 1e-12);
    let clip = inside.clipping.as_ref().unwrap();
    let toward = Vec2::new(0.5, 0.3).normalize();
    assert!((clip.normal - toward).length() < 1e-12);
    assert!((clip.depth - 0.4 * (toward.x + toward.y)).abs() < 1e-12);
    // Apart: nobody answers.
    let apart = &out[5];
    assert!(apart.exact_sat.is_none() && apart.dual_edge.is_none());
    assert!(apart.clipping.is_none() && apart.crossing_pairs.is_none());
}

#[test]
fn random_table_has_a_row_per_method_and_is_reproducible() {
    let strip_timing = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| {
                let mut f: Vec<&str> = l.split_whitespace().collect();
                if f.len() == 10 {
                    f.pop();
                }
                f.join(" ")
            })
            .collect()
    };
    let text = random_report(1_500, 9);
    assert_eq!(strip_timing(&text), strip_timing(&random_report(1_500, 9)));
    for m in LabMethod::ALL {
        assert!(text.lines().any(|l| l.starts_with(m.name())), "{text}");
    }
    let rows = measure(&random_pairs(1_500, 9));
    let row = |name: &str| rows.iter().find(|r| r.name == name).unwrap();
    let overlapping = row("exact_sat").answered.1;
    assert!(overlapping > 400, "{overlapping}");
    assert_eq!(row("exact_sat").separates, 1.0);
    assert_eq!(row("gjk_epa").separates, 1.0);
    assert!(row("gjk_epa").depth_error.1 < 1e-9);
    // Clipping always answers an overlap, but its answer does not always separate.
    assert_eq!(row("clipping").answered.0, overlapping);
    assert!(row("clipping").separates < 1.0);
    assert_eq!(row("clipping").points, 1.0);
    // Crossing pairs misses the pairs where one polygon holds the other.
    assert!(row("crossing_pairs").answered.0 < overlapping);
    for r in &rows {
        assert!(r.ns_per_query > 0.0);
        assert!(r.angle_error.0 <= r.angle_error.1 && r.depth_error.0 <= r.depth_error.1);
    }
}

fn cavefly(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cavefly"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn command_line_reads_pairs_and_refuses_bad_files_with_their_place() {
    let (code, stdout, _) = cavefly(&["lab", "--pairs", PAIRS]);
    assert_eq!(code, 0);
    assert!(stdout.contains("crossing_pairs: Some(("));
    let dir = std::env::temp_dir().join(format!("cavefly-lab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "[\n  (\n    a: [(0.0, 0.0), (1.0, 0.0)],\n").unwrap();
    let (code, stdout, stderr) = cavefly(&["lab", "--pairs", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(stdout.is_empty());
    let place = format!("{}:3:", bad.display());
    assert!(stderr.contains(&place), "{stderr}");
    assert!(stderr.contains("at least 3 points"), "{stderr}");
    let (code, _, stderr) = cavefly(&["lab", "--pairs", "no/such/file.ron"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("no/such/file.ron: cannot read"), "{stderr}");
    let (code, stdout, _) = cavefly(&["lab", "--random", "200", "--seed", "4"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("200 random convex pairs (seed 4)"));
    let (code, _, _) = cavefly(&["lab", "--random", "0"]);
    assert_eq!(code, 1);
    std::fs::remove_dir_all(&dir).ok();
}
