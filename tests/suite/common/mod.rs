//! Shared test helpers: random shapes and the exact separating-axis oracle, written
//! independently of the engine's GJK/EPA; the headless GPU the render tests draw with.
#![allow(dead_code)]

use cavefly::geom::{ConvexPolygon, Shape, Transform, Vec2};
use proptest::prelude::*;

/// A random convex polygon: the hull of 3 to 8 random points, scaled log-uniformly between
/// `min_size` and `max_size`. A cloud whose hull is degenerate becomes a regular polygon.
pub fn arb_polygon(min_size: f64, max_size: f64) -> impl Strategy<Value = ConvexPolygon> {
    (
        min_size.log10()..max_size.log10(),
        prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 3..=8),
        3usize..=8,
    )
        .prop_map(|(exp, pts, sides)| {
            let size = 10f64.powf(exp);
            let pts: Vec<Vec2> = pts
                .into_iter()
                .map(|(x, y)| Vec2::new(x, y) * size)
                .collect();
            ConvexPolygon::hull(&pts)
                .unwrap_or_else(|_| ConvexPolygon::regular(sides, size).unwrap())
        })
}

/// Two polygons and their transforms, placed so that about half of the pairs overlap.
pub fn arb_pair(
    min_size: f64,
    max_size: f64,
) -> impl Strategy<Value = (ConvexPolygon, Transform, ConvexPolygon, Transform)> {
    (
        arb_polygon(min_size, max_size),
        arb_polygon(min_size, max_size),
        (-10.0f64..10.0, -10.0f64..10.0, -3.2f64..3.2),
        (0.0f64..std::f64::consts::TAU, 0.0f64..1.3, -3.2f64..3.2),
    )
        .prop_map(|(a, b, (x, y, angle_a), (dir, reach, angle_b))| {
            let xf_a = Transform::new(Vec2::new(x, y), angle_a);
            let offset = Vec2::new(dir.cos(), dir.sin()) * reach * (a.radius() + b.radius());
            let center_a = xf_a.apply(a.centroid());
            let rot_b = cavefly::geom::Rot::from_angle(angle_b);
            let p_b = center_a + offset - rot_b.rotate(b.centroid());
            (a, xf_a, b, Transform { p: p_b, q: rot_b })
        })
}

/// Overlap of two polygons along one unit axis: how far A reaches past B's start.
/// Positive means the projections overlap by that much.
pub fn overlap_along(a: &[Vec2], b: &[Vec2], axis: Vec2) -> f64 {
    let max_a = a
        .iter()
        .map(|p| p.dot(axis))
        .fold(f64::NEG_INFINITY, f64::max);
    let min_b = b.iter().map(|p| p.dot(axis)).fold(f64::INFINITY, f64::min);
    max_a - min_b
}

/// The separating-axis answer for two convex polygons (world vertices, counter-clockwise).
pub struct Sat {
    /// Largest gap over all edge normals: positive means separated, and then it is a lower
    /// bound of the distance; negative means overlapping by `-separation`.
    pub separation: f64,
    /// Each candidate axis (oriented from A to B) with the overlap along it.
    pub axes: Vec<(Vec2, f64)>,
}

fn edge_normals(v: &[Vec2]) -> Vec<Vec2> {
    (0..v.len())
        .map(|i| {
            let e = v[(i + 1) % v.len()] - v[i];
            Vec2::new(e.y, -e.x).normalize()
        })
        .collect()
}

/// Exact penetration (minimum overlap over every edge normal of both polygons).
pub fn sat(a: &[Vec2], b: &[Vec2]) -> Sat {
    let mut axes = Vec::new();
    for n in edge_normals(a) {
        axes.push((n, overlap_along(a, b, n)));
    }
    for n in edge_normals(b) {
        axes.push((-n, overlap_along(a, b, -n)));
    }
    let min_overlap = axes.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
    Sat {
        separation: -min_overlap,
        axes,
    }
}

/// World-frame vertices of a placed polygon.
pub fn world(p: &ConvexPolygon, xf: &Transform) -> Vec<Vec2> {
    p.vertices().iter().map(|v| xf.apply(*v)).collect()
}

/// Distance from `p` to a convex polygon (zero inside).
pub fn distance_to_polygon(poly: &[Vec2], p: Vec2) -> f64 {
    let n = poly.len();
    let inside = (0..n).all(|i| (poly[(i + 1) % n] - poly[i]).perp_dot(p - poly[i]) >= 0.0);
    if inside {
        return 0.0;
    }
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let t = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            (a + (b - a) * t - p).length()
        })
        .fold(f64::INFINITY, f64::min)
}

/// The shape enum of a polygon.
pub fn shape(p: &ConvexPolygon) -> Shape {
    Shape::Polygon(*p)
}

/// A size for relative tolerances: the larger bounding radius.
pub fn scale(a: &ConvexPolygon, b: &ConvexPolygon) -> f64 {
    a.radius().max(b.radius())
}

/// Distance between two separated convex polygons by brute force: the least distance from
/// any vertex of one to any edge of the other.
pub fn brute_force_distance(a: &[Vec2], b: &[Vec2]) -> f64 {
    let to_outline = |poly: &[Vec2], p: Vec2| {
        (0..poly.len())
            .map(|i| {
                let (s, e) = (poly[i], poly[(i + 1) % poly.len()]);
                let t = ((p - s).dot(e - s) / (e - s).length_squared()).clamp(0.0, 1.0);
                (s + (e - s) * t - p).length()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let ab = a
        .iter()
        .map(|p| to_outline(b, *p))
        .fold(f64::INFINITY, f64::min);
    let ba = b
        .iter()
        .map(|p| to_outline(a, *p))
        .fold(f64::INFINITY, f64::min);
    ab.min(ba)
}

/// Property-test settings: `cases` cases from a fixed seed, so every run (and CI) tests the
/// same pairs; set `CAVEFLY_TEST_SEED` to explore others.
pub fn config(cases: u32) -> ProptestConfig {
    let seed = std::env::var("CAVEFLY_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_129);
    ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        ..ProptestConfig::default()
    }
}

/// Compares `hashes` (name → value) with the golden file `tests/golden/{file}`, or rewrites
/// the file when `CAVEFLY_BLESS=1` (a commit that re-blesses must say why).
pub fn check_golden(file: &str, hashes: &std::collections::BTreeMap<String, u64>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(file);
    let shown: std::collections::BTreeMap<String, String> = hashes
        .iter()
        .map(|(k, v)| (k.clone(), format!("{v:016x}")))
        .collect();
    if std::env::var("CAVEFLY_BLESS").as_deref() == Ok("1") {
        let text = ron::ser::to_string_pretty(&shown, ron::ser::PrettyConfig::default())
            .expect("serialisable");
        std::fs::write(&path, text + "\n").expect("golden file written");
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with CAVEFLY_BLESS=1 to record it",
            path.display()
        )
    });
    let golden: std::collections::BTreeMap<String, String> =
        ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(shown, golden, "{} differs; if the change is intended, re-bless with CAVEFLY_BLESS=1 and say why in the commit", path.display());
}

/// The shipped replays (`tests/replays/*.ron`), in file-name order.
pub fn shipped_replays() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir("tests/replays")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// The headless GPU the render tests draw `what` with. None (the tests are skipped) only
/// where `CAVEFLY_NO_GPU` marks a machine known to have no adapter; anywhere else a missing
/// adapter fails the test.
pub fn headless_gpu(what: &str) -> Option<cavefly::render::Gpu> {
    match cavefly::render::Gpu::headless() {
        Ok(g) => Some(g),
        Err(e) if std::env::var_os("CAVEFLY_NO_GPU").is_some() => {
            eprintln!("{what} skipped (CAVEFLY_NO_GPU is set): {e}");
            None
        }
        Err(e) => panic!("{what} need a GPU adapter, and none opened: {e}"),
    }
}

/// How many channel values of two same-sized images differ by more than `tolerance`.
pub fn channels_off(
    a: &cavefly::render::Rgba8,
    b: &cavefly::render::Rgba8,
    tolerance: u8,
) -> usize {
    a.pixels
        .iter()
        .zip(&b.pixels)
        .filter(|(x, y)| x.abs_diff(**y) > tolerance)
        .count()
}

/// The source of a pocket level: a 60 m round hall in rock, the ship at its centre, and
/// `extra` top-level fields (flags, templates, zones, ...).
pub fn pocket_level_source(extra: &str) -> String {
    format!(
        r#"(
            version: 1,
            name: "pocket",
            world: (
                rock: [Rect(min: (-50.0, -50.0), max: (50.0, 50.0))],
                carve: [Circle(center: (0.0, 0.0), radius: 30.0)],
            ),
            player_start: (position: (0.0, 0.0)),
            {extra}
        )"#
    )
}
