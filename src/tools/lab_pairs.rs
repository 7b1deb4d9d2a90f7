//! `cavefly lab --pairs FILE`: polygon pairs read from a RON file, and every method's answer
//! for each, written as RON so two runs can be diffed.
//!
//! The file is a list of pairs:
//!
//! ```ron
//! [
//!     (
//!         name: "crate sunk 1 cm into a ledge", // optional
//!         a: [(-3.0, -0.5), (3.0, -0.5), (3.0, 0.5), (-3.0, 0.5)],
//!         at_a: (x: 0.0, y: 0.0), // angle (radians) is optional
//!         b: [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)],
//!         at_b: (x: 0.8, y: 0.99, angle: 0.0),
//!     ),
//! ]
//! ```
//!
//! Polygons must be convex (every method runs on every pair); a bad file is answered with
//! its name, the line and column, and what was expected.

use super::lab::{LabMethod, Pair};
use crate::geom::{ConvexPolygon, Transform, Vec2};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where a polygon is placed.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Position x (m).
    pub x: f64,
    /// Position y (m).
    pub y: f64,
    /// Angle (radians), 0 when left out.
    #[serde(default)]
    pub angle: f64,
}

/// One pair as written in the file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairSpec {
    /// A label copied to the output (empty when left out).
    #[serde(default)]
    pub name: String,
    /// Shape A's vertices (validated as a convex polygon).
    pub a: ConvexPolygon,
    /// Where A is.
    pub at_a: Placement,
    /// Shape B's vertices.
    pub b: ConvexPolygon,
    /// Where B is.
    pub at_b: Placement,
}

impl PairSpec {
    /// The placed pair, or a message when a placement is not finite.
    fn to_pair(&self, index: usize) -> Result<Pair, String> {
        let place = |p: &Placement, which: &str| {
            if [p.x, p.y, p.angle].iter().all(|v| v.is_finite()) {
                Ok(Transform::new(Vec2::new(p.x, p.y), p.angle))
            } else {
                Err(format!("pair {index}: at_{which} must be finite numbers"))
            }
        };
        Ok(Pair {
            a: self.a,
            xf_a: place(&self.at_a, "a")?,
            b: self.b,
            xf_b: place(&self.at_b, "b")?,
        })
    }
}

/// A contact point in the output.
#[derive(Serialize)]
struct PointOut {
    point: Vec2,
    depth: f64,
}

/// One method's answer in the output: `None` when it finds no overlap.
#[derive(Serialize)]
struct AnswerOut {
    normal: Vec2,
    depth: f64,
    points: Vec<PointOut>,
}

/// One pair's results in the output.
#[derive(Serialize)]
struct PairOut {
    pair: usize,
    name: String,
    exact_sat: Option<AnswerOut>,
    dual_edge: Option<AnswerOut>,
    clipping: Option<AnswerOut>,
    crossing_pairs: Option<AnswerOut>,
}

/// Reads and validates a pairs file. Errors name the file and, for parse errors, the line
/// and column.
pub fn load(path: &Path) -> Result<Vec<(String, Pair)>, String> {
    let text = crate::level::read_text_file(path)
        .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))?;
    parse(&text, &path.display().to_string())
}

/// Parses pairs-file text; `origin` names it in errors.
pub fn parse(text: &str, origin: &str) -> Result<Vec<(String, Pair)>, String> {
    let specs: Vec<PairSpec> = ron::from_str(text).map_err(|e| {
        format!(
            "{origin}:{}:{}: {} (expected a list of (name, a, at_a, b, at_b) pairs)",
            e.span.start.line, e.span.start.col, e.code
        )
    })?;
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.to_pair(i)
                .map(|p| (s.name.clone(), p))
                .map_err(|e| format!("{origin}: {e}"))
        })
        .collect()
}

/// Every method's answer for every pair, as pretty RON.
pub fn report(pairs: &[(String, Pair)]) -> String {
    let out: Vec<PairOut> = pairs
        .iter()
        .enumerate()
        .map(|(i, (name, pair))| {
            let answer = |m: LabMethod| {
                m.answer(pair).map(|a| AnswerOut {
                    normal: a.normal,
                    depth: a.depth,
                    points: a
                        .points
                        .iter()
                        .map(|&(point, depth)| PointOut { point, depth })
                        .collect(),
                })
            };
            PairOut {
                pair: i,
                name: name.clone(),
                exact_sat: answer(LabMethod::Exact),
                dual_edge: answer(LabMethod::DualEdge),
                clipping: answer(LabMethod::Clipping),
                crossing_pairs: answer(LabMethod::CrossingPairs),
            }
        })
        .collect();
    let mut text = ron::ser::to_string_pretty(&out, ron::ser::PrettyConfig::default())
        .unwrap_or_else(|e| format!("// could not write the results: {e}"));
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_files_name_the_place_and_what_was_expected() {
        let e = parse("[ (a: [(0.0, 0.0)], at_a: (x: 0.0, y: 0.0)) ]", "p.ron").unwrap_err();
        assert!(e.starts_with("p.ron:1:"), "{e}");
        assert!(e.contains("at least 3 points"), "{e}");
        let e = parse("[\n  (nme: \"x\")\n]", "q.ron").unwrap_err();
        assert!(e.starts_with("q.ron:2:"), "{e}");
        assert!(e.contains("nme"), "{e}");
        let concave = "[(a: [(0.0,0.0),(2.0,0.0),(1.0,0.5),(2.0,2.0),(0.0,2.0)], \
                       at_a: (x: 0.0, y: 0.0), b: [(0.0,0.0),(1.0,0.0),(0.0,1.0)], \
                       at_b: (x: 0.0, y: 0.0))]";
        assert!(parse(concave, "c.ron").unwrap_err().contains("not convex"));
        assert!(parse("[", "d.ron").unwrap_err().starts_with("d.ron:1:"));
    }
}
