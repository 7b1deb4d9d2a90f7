//! Organic rock: roughened outlines, spline tunnels, scattered dressing and the outline
//! simplification after the booleans. Each test checks a measured quantity against an
//! answer computed here, independently of the code under test.

use cavefly::brush::rough::{perimeter, Roughness};
use cavefly::brush::scatter::{scatter_spots, Facing, ScatterRule};
use cavefly::brush::simplify::simplify_loop;
use cavefly::brush::tunnel::{
    centre_line, merged_in_runs, tunnel_contours, tunnel_pieces, PIECES_PER_RUN,
};
use cavefly::brush::{carve_reach, Brush, Region, WorldBrushes, WorldGeometry};
use cavefly::constants::ROCK_SIMPLIFY_TOLERANCE;
use cavefly::geom::{Aabb, Vec2};
use cavefly::level::{load_level_source, LevelErrors, LoadedLevel};
use std::path::Path;

fn v(x: f64, y: f64) -> Vec2 {
    Vec2::new(x, y)
}

/// Distance from `p` to the segment `a`–`b`, written out here.
fn to_segment(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    let d = b - a;
    let t = ((p - a).dot(d) / d.dot(d)).clamp(0.0, 1.0);
    (a + d * t - p).length()
}

/// Distance from `p` to the closed loop.
fn to_loop(p: Vec2, pts: &[Vec2]) -> f64 {
    (0..pts.len())
        .map(|i| to_segment(p, pts[i], pts[(i + 1) % pts.len()]))
        .fold(f64::INFINITY, f64::min)
}

fn rough(amplitude: f64, wavelength: f64, seed: u64) -> Roughness {
    Roughness {
        amplitude,
        wavelength,
        seed,
    }
}

fn pentagon() -> Vec<Vec2> {
    vec![
        v(0.0, 0.0),
        v(40.0, -5.0),
        v(55.0, 20.0),
        v(25.0, 45.0),
        v(-10.0, 25.0),
    ]
}

fn bits(loops: &[Vec<Vec2>]) -> Vec<[u64; 2]> {
    loops
        .iter()
        .flatten()
        .map(|p| [p.x.to_bits(), p.y.to_bits()])
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_outline_bit_for_bit_and_another_seed_another() {
    let brush = |seed| Brush::Rough {
        base: Box::new(Brush::Polygon(pentagon())),
        rough: rough(1.5, 6.0, seed),
    };
    let a = brush(11).contours();
    assert_eq!(bits(&a), bits(&brush(11).contours()));
    let b = brush(12).contours();
    assert_eq!(
        a[0].len(),
        b[0].len(),
        "resampling does not depend on the seed"
    );
    let moved = a[0].iter().zip(&b[0]).filter(|(p, q)| p != q).count();
    assert!(moved > a[0].len() * 9 / 10, "{moved} of {}", a[0].len());
    // A whole level: the same rock twice, to the bit.
    let level = |seed| organic_level(seed);
    let (x, y) = (level(5), level(5));
    let segs = |l: &LoadedLevel| {
        l.world
            .segments
            .iter()
            .flat_map(|s| [s.segment.a.x, s.segment.a.y, s.segment.b.x, s.segment.b.y])
            .map(f64::to_bits)
            .collect::<Vec<_>>()
    };
    assert_eq!(segs(&x), segs(&y));
    assert_ne!(segs(&x), segs(&level(6)));
}

#[test]
fn every_roughened_point_lies_within_the_amplitude_of_the_outline() {
    let base = pentagon();
    for seed in 0..8 {
        let r = rough(2.0, 5.0, seed);
        let out = Brush::Rough {
            base: Box::new(Brush::Polygon(base.clone())),
            rough: r,
        }
        .contours();
        let far = out[0]
            .iter()
            .map(|p| to_loop(*p, &base))
            .fold(0.0, f64::max);
        assert!(far <= 2.0 + 1e-9, "seed {seed}: a point {far} m off");
        assert!(far > 1.0, "seed {seed}: the outline barely moved ({far} m)");
        // Points every quarter wavelength at most.
        let n = out[0].len();
        let perimeter: f64 = (0..5).map(|i| (base[(i + 1) % 5] - base[i]).length()).sum();
        assert!(
            n as f64 >= perimeter / 1.25 && n as f64 <= perimeter / 1.25 + 5.0,
            "{n}"
        );
    }
    // A circle: against the true circle.
    let (c, radius) = (v(3.0, -4.0), 12.0);
    let out = Brush::Rough {
        base: Box::new(Brush::Circle { center: c, radius }),
        rough: rough(1.0, 3.0, 9),
    }
    .contours();
    for p in &out[0] {
        assert!(((*p - c).length() - radius).abs() <= 1.0 + 1e-9, "{p}");
    }
}

#[test]
fn tunnel_walls_lie_half_the_local_width_from_the_centre_line() {
    let points = [v(0.0, 0.0), v(30.0, 10.0), v(60.0, 0.0), v(90.0, 15.0)];
    let widths = [6.0, 10.0, 8.0, 12.0];
    let region = Region::from_contours(&tunnel_contours(&points, &widths));
    assert_eq!(region.polygons.len(), 1);
    assert!(region.polygons[0].holes.is_empty());
    let line = centre_line(&points, &widths);
    // The designer's points are on the centre line, with their widths.
    for (p, w) in points.iter().zip(widths) {
        let at = line
            .iter()
            .find(|(q, _)| q == p)
            .expect("each point is sampled");
        assert_eq!(at.1, w / 2.0);
    }
    let mut checked = 0;
    for i in 1..line.len() - 1 {
        let (c, h) = line[i];
        let d = (line[i + 1].0 - line[i - 1].0).normalize();
        let n = v(-d.y, d.x);
        for side in [1.0, -1.0] {
            assert!(region.contains(c + n * side * (h - 0.05)), "{c} {h}");
            assert!(!region.contains(c + n * side * (h + 0.05)), "{c} {h}");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
    // The area: length times mean width, within a few percent.
    let length: f64 = line.windows(2).map(|w| (w[1].0 - w[0].0).length()).sum();
    let mean: f64 = line
        .windows(2)
        .map(|w| (w[0].1 + w[1].1) * (w[1].0 - w[0].0).length())
        .sum::<f64>()
        / length;
    let ends = std::f64::consts::PI * (3.0f64.powi(2) + 6.0f64.powi(2)) / 2.0;
    let expected = length * mean + ends;
    assert!(
        (region.area() / expected - 1.0).abs() < 0.02,
        "{} vs {expected}",
        region.area()
    );
}

#[test]
fn a_tunnel_turning_tighter_than_its_width_is_one_clean_shape() {
    // A hairpin 4 m across for a tunnel 8 m wide, then a crossing of itself.
    let points = [
        v(0.0, 0.0),
        v(20.0, 0.0),
        v(22.0, 2.0),
        v(20.0, 4.0),
        v(10.0, -6.0),
    ];
    let region = Region::from_contours(&tunnel_contours(&points, &[8.0]));
    assert_eq!(region.polygons.len(), 1, "{:?}", region.polygons.len());
    for (c, _) in centre_line(&points, &[8.0]) {
        assert!(region.contains(c), "{c}");
    }
    // Nothing farther than half the width from the centre line, and no specks.
    let line: Vec<Vec2> = centre_line(&points, &[8.0]).iter().map(|p| p.0).collect();
    for p in region.contours().flatten() {
        let d = line
            .windows(2)
            .map(|w| to_segment(*p, w[0], w[1]))
            .fold(f64::INFINITY, f64::min);
        assert!(d <= 4.0 + 0.02, "{p} is {d} m from the centre line");
    }
}

#[test]
fn a_tunnel_pinched_to_a_hair_is_sampled_by_its_wide_part() {
    // 17 m of tunnel, 11 m wide but a hair wide at one point: sampled at a sixth of the
    // narrowest width (or a millimetre) it took 17,000 stretches, each overlapping thousands
    // of its neighbours, and merging them took minutes.
    let points = [v(-6.0, 3.0), v(-6.0, -8.0), v(-5.0, -14.0)];
    let widths = [11.0, 1e-300, 10.0];
    let line = centre_line(&points, &widths);
    let length: f64 = line.windows(2).map(|w| (w[1].0 - w[0].0).length()).sum();
    // No stretch shorter than a sixtieth of the widest width (the ends of a span excepted).
    let most = (length / (11.0 / 60.0)).ceil() as usize + 2 * points.len();
    assert!(line.len() <= most, "{} samples for {length} m", line.len());
    // The walls are still where they belong: the wide ends half their width out.
    let region = Region::from_contours(&tunnel_contours(&points, &widths));
    assert!(region.contains(v(-6.0 + 5.4, 3.0)) && !region.contains(v(-6.0 + 5.6, 3.0)));
    // And a tunnel of even width keeps its sixth-of-the-width stretches.
    let even = centre_line(&points, &[6.0]);
    let even_length: f64 = even.windows(2).map(|w| (w[1].0 - w[0].0).length()).sum();
    assert!(even.len() as f64 >= even_length / 1.0, "{}", even.len());
}

#[test]
fn a_long_tunnel_is_merged_run_by_run_into_the_same_area() {
    // A 300 m hairpin whose arms overlap all the way: more pieces than one run.
    let points = [v(0.0, 0.0), v(5.0, 300.0), v(10.0, 0.0)];
    let pieces = tunnel_contours(&points, &[8.0]);
    assert!(pieces.len() > PIECES_PER_RUN, "{}", pieces.len());
    let runs = merged_in_runs(tunnel_pieces(&points, &[8.0]));
    // Each run comes back as its outline: a few loops, not hundreds of pieces.
    assert!(
        runs.len() * 50 < pieces.len(),
        "{} of {}",
        runs.len(),
        pieces.len()
    );
    let one_pass = Region::from_contours(&pieces);
    let by_runs = Region::from_contours(&runs);
    // The same area, to the booleans' rounding: well under a micrometre along the outline.
    let outline: f64 = one_pass.contours().map(|c| perimeter(c)).sum();
    let diff = one_pass.difference(&by_runs).area() + by_runs.difference(&one_pass).area();
    assert!(diff < 1e-6 * outline, "{diff} over {outline} m of outline");
    assert!(one_pass.area() > 300.0 * 8.0, "{}", one_pass.area());
    // A short tunnel's pieces are handed on as they are.
    let short = [v(0.0, 0.0), v(30.0, 5.0)];
    assert_eq!(
        merged_in_runs(tunnel_pieces(&short, &[8.0])),
        tunnel_contours(&short, &[8.0])
    );
}

#[test]
fn a_carving_beyond_the_rock_carves_the_same_and_keeps_only_the_pieces_that_reach_it() {
    // A hairpin tunnel whose arms overlap for a kilometre above a 100 m block of rock: only the
    // pieces near the rock are kept, and the rock comes out as carving all of them does.
    let hairpin = Brush::Tunnel {
        points: vec![v(40.0, 50.0), v(50.0, 1000.0), v(60.0, 50.0)],
        widths: vec![13.0],
    };
    let block = vec![v(0.0, 0.0), v(100.0, 0.0), v(100.0, 100.0), v(0.0, 100.0)];
    let brushes = WorldBrushes {
        rock: vec![Brush::Polygon(block.clone())],
        carve: vec![hairpin.clone()],
        ..WorldBrushes::default()
    };
    let reach = carve_reach(&brushes.rock).expect("finite rock");
    let all = hairpin.contours();
    let kept = hairpin.contours_within(&reach);
    // Nothing kept lies more than a stretch and a width beyond the rock; the whole runs
    // to 1 km.
    let near = Aabb::from_points(&kept.concat()).expect("pieces kept");
    assert!(reach.expanded(13.0).contains(&near), "{near:?}");
    let far = Aabb::from_points(&all.concat()).expect("pieces");
    assert!(far.max.y > 990.0, "{far:?}");
    let built = WorldGeometry::build_solid(&brushes);
    // The carve written out here: the block minus the union of every piece, clipped to it.
    let exact = Region::from_contour(&block).difference(&Region::from_contours(&all));
    assert!(exact.area() < 10_000.0 - 1_000.0, "{}", exact.area());
    // The world simplifies a tunnel's outline within its tolerance: the two may differ by
    // at most that band along the outline, far below the 1,300 m² the arms carve.
    let outline: f64 = exact.contours().map(|c| perimeter(c)).sum();
    let band = ROCK_SIMPLIFY_TOLERANCE * outline;
    let diff = built.difference(&exact).area() + exact.difference(&built).area();
    assert!(
        diff < band,
        "{diff} vs {band}: {} vs {}",
        built.area(),
        exact.area()
    );
}

#[test]
fn scattered_copies_follow_the_ceiling_at_the_asked_spacing() {
    // Rock with a flat-roofed cave 100 m wide: its ceiling at y = 10 from x = -50 to 50.
    let solid = Region::from_contour(&[
        v(-80.0, -40.0),
        v(80.0, -40.0),
        v(80.0, 40.0),
        v(-80.0, 40.0),
    ])
    .difference(&Region::from_contour(&[
        v(-50.0, -10.0),
        v(50.0, -10.0),
        v(50.0, 10.0),
        v(-50.0, 10.0),
    ]));
    let every = 5.0;
    let rule = |facing, seed| ScatterRule {
        facing,
        every,
        scale: (0.5, 1.0),
        seed,
    };
    // The world's outer underside looks down too: the region here is the cave.
    let cave = |p: Vec2| p.y.abs() <= 10.5;
    let spots = scatter_spots(&solid, &rule(Facing::Ceiling, 3), cave);
    let mut xs: Vec<f64> = spots.iter().map(|s| s.at.x).collect();
    for s in &spots {
        assert_eq!(s.at.y, 10.0);
        assert_eq!(s.normal, v(0.0, -1.0));
        assert!((0.5..=1.0).contains(&s.scale));
    }
    xs.sort_by(f64::total_cmp);
    assert!(
        (100.0 / (every * 1.25)).floor() as usize <= xs.len()
            && xs.len() <= (100.0 / (every * 0.75)).ceil() as usize,
        "{} copies",
        xs.len()
    );
    for w in xs.windows(2) {
        let gap = w[1] - w[0];
        assert!(
            (0.75 * every - 1e-9..=1.25 * every + 1e-9).contains(&gap),
            "{gap}"
        );
    }
    assert!(xs[0] + 50.0 <= 0.625 * every + 1e-9);
    // The floor gets its own; another seed places them elsewhere.
    let floor = scatter_spots(&solid, &rule(Facing::Floor, 3), cave);
    assert!(floor.iter().all(|s| s.at.y == -10.0) && floor.len() >= 16);
    assert_ne!(
        spots,
        scatter_spots(&solid, &rule(Facing::Ceiling, 4), |_| true)
    );
    // A region takes only its own faces.
    let left = scatter_spots(&solid, &rule(Facing::Ceiling, 3), |p| cave(p) && p.x < 0.0);
    assert!(left.iter().all(|s| s.at.x < 0.0) && left.len() < spots.len());
}

#[test]
fn simplification_keeps_every_dropped_point_within_the_tolerance() {
    let dense = Brush::Rough {
        base: Box::new(Brush::Circle {
            center: v(0.0, 0.0),
            radius: 30.0,
        }),
        rough: rough(0.3, 8.0, 1),
    }
    .contours()
    .remove(0);
    // Resample more finely so that there is something to drop.
    let mut fine = Vec::new();
    for i in 0..dense.len() {
        let (a, b) = (dense[i], dense[(i + 1) % dense.len()]);
        for k in 0..8 {
            fine.push(a + (b - a) * (k as f64 / 8.0));
        }
    }
    for tolerance in [0.005, 0.02, 0.1] {
        let kept = simplify_loop(&fine, tolerance, |_| false);
        assert!(
            kept.len() * 4 < fine.len(),
            "{} of {}",
            kept.len(),
            fine.len()
        );
        for p in &fine {
            assert!(to_loop(*p, &kept) <= tolerance + 1e-12, "{p}");
        }
        // Kept points are original points, in order.
        let mut at = 0;
        for k in &kept {
            at += fine[at..]
                .iter()
                .position(|p| p == k)
                .expect("an original point");
        }
    }
}

/// A world: a roughened box of rock with a tunnel, and a written rectangle cave.
fn world_brushes() -> WorldBrushes {
    WorldBrushes {
        rock: vec![Brush::Rough {
            base: Box::new(Brush::Polygon(vec![
                v(-100.0, -60.0),
                v(100.0, -60.0),
                v(100.0, 60.0),
                v(-100.0, 60.0),
            ])),
            rough: rough(1.0, 6.0, 2),
        }],
        carve: vec![
            Brush::Tunnel {
                points: vec![v(-80.0, 0.0), v(-40.0, 20.0), v(0.0, -10.0), v(40.0, 10.0)],
                widths: vec![8.0, 12.0, 8.0, 10.0],
            },
            Brush::Polygon(vec![
                v(30.0, -40.0),
                v(80.0, -40.0),
                v(80.0, -5.0),
                v(30.0, -5.0),
            ]),
        ],
        ..WorldBrushes::default()
    }
}

#[test]
fn simplified_world_has_fewer_segments_and_keeps_written_corners() {
    let brushes = world_brushes();
    let solid = WorldGeometry::build_solid(&brushes);
    // The same booleans without simplifying, done here.
    let contours = |b: &[Brush]| b.iter().flat_map(Brush::contours).collect::<Vec<_>>();
    let raw = Region::from_contours(&contours(&brushes.rock))
        .difference_contours(&contours(&brushes.carve));
    let count = |r: &Region| r.contours().map(Vec::len).sum::<usize>();
    assert!(
        count(&solid) * 4 < count(&raw) * 3,
        "{} vs {}",
        count(&solid),
        count(&raw)
    );
    for c in raw.contours() {
        for p in c {
            let d = solid
                .contours()
                .map(|l| to_loop(*p, l))
                .fold(f64::INFINITY, f64::min);
            assert!(
                d <= cavefly::constants::ROCK_SIMPLIFY_TOLERANCE + 1e-9,
                "{p}: {d}"
            );
        }
    }
    assert!((solid.area() - raw.area()).abs() < 0.01 * raw.area());
    // The written cave's corners are where they were written.
    for corner in [v(30.0, -40.0), v(80.0, -40.0), v(80.0, -5.0), v(30.0, -5.0)] {
        assert!(
            solid
                .contours()
                .flatten()
                .any(|p| (*p - corner).length() < 1e-5),
            "{corner}"
        );
    }
}

fn organic_text(seed: u64) -> String {
    format!(
        r#"(
    version: 2,
    name: "organic",
    world: (
        rock: [Rect(min: (-150.0, -100.0), max: (150.0, 100.0), rough: (amplitude: 2.0, wavelength: 8.0, seed: {seed}))],
        carve: [
            Circle(center: (-90.0, -40.0), radius: 25.0, rough: (amplitude: 1.5, wavelength: 5.0, seed: 2),
                scatter: (mesh: "stalactite.ron", along: Ceiling, every: 6.0, scale: (0.2, 0.4), seed: 3)),
            Tunnel(points: [(-90.0, -40.0), (-50.0, -10.0), (-20.0, 20.0), (30.0, 10.0), (35.0, 40.0)], width: [10.0, 8.0, 12.0, 9.0, 9.0], rough: (amplitude: 1.0, wavelength: 4.0, seed: 4)),
            Rect(min: (40.0, -80.0), max: (130.0, -20.0), rough: (amplitude: 2.0, wavelength: 6.0, seed: 5),
                scatter: (mesh: "stalagmite.ron", along: Floor, every: 8.0, scale: (0.3, 0.5), seed: 6)),
        ],
        add: [Circle(center: (85.0, -50.0), radius: 5.0, rough: (amplitude: 0.8, wavelength: 3.0))],
    ),
    player_start: (position: (-90.0, -40.0)),
)
"#
    )
}

fn organic_level(seed: u64) -> LoadedLevel {
    load_level_source(&organic_text(seed), Path::new("levels/organic.ron"))
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn an_organic_level_builds_one_rock_with_its_dressing_merged() {
    let l = organic_level(1);
    // One rock with its two caves, and the boulder: no specks.
    assert_eq!(l.world.solid.polygons.len(), 2);
    assert_eq!(l.world.solid.polygons[0].holes.len(), 2);
    assert!(l.world.segments.len() < 20_000);
    // The mesh files the dressing reads are part of the level's content.
    let names: Vec<String> = l.sources.iter().map(|p| p.display().to_string()).collect();
    assert!(
        names.iter().any(|n| n.ends_with("stalactite.ron")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.ends_with("stalagmite.ron")),
        "{names:?}"
    );
    // Without the dressing the caves are larger: the copies are rock.
    let bare = organic_text(1).replace(
        r#"scatter: (mesh: "stalactite.ron", along: Ceiling, every: 6.0, scale: (0.2, 0.4), seed: 3)"#,
        "",
    );
    let bare = load_level_source(&bare, Path::new("levels/organic.ron")).unwrap();
    assert!(l.world.solid.area() > bare.world.solid.area() + 1.0);
}

fn problems(text: &str) -> LevelErrors {
    load_level_source(text, Path::new("levels/bad.ron")).expect_err("the level is refused")
}

/// The one problem of `text`: its item, line and message.
fn one_problem(text: &str) -> (String, usize, String) {
    let e = problems(text);
    assert_eq!(e.problems.len(), 1, "{e}");
    let p = &e.problems[0];
    (p.item.clone(), p.line, p.message.clone())
}

fn with_carve(shape: &str) -> String {
    format!(
        "(\n    version: 2,\n    name: \"bad\",\n    world: (\n        rock: [Rect(min: (-100.0, -100.0), max: (100.0, 100.0))],\n        carve: [\n            Circle(center: (0.0, 0.0), radius: 30.0),\n            {shape},\n        ],\n    ),\n    player_start: (position: (0.0, 0.0)),\n)\n"
    )
}

#[test]
fn bad_organic_values_are_named_with_their_line_and_item() {
    let cases = [
        (
            "Circle(center: (50.0, 50.0), radius: 10.0, rough: (amplitude: -1.0, wavelength: 4.0))",
            "world.carve[1].rough.amplitude",
            "at least 0",
        ),
        (
            "Circle(center: (50.0, 50.0), radius: 10.0, rough: (amplitude: 0.1, wavelength: 0.01))",
            "world.carve[1].rough.wavelength",
            "at least 0.2",
        ),
        (
            "Circle(center: (50.0, 50.0), radius: 10.0, rough: (amplitude: 6.0, wavelength: 40.0))",
            "world.carve[1].rough.amplitude",
            "through the shape's middle",
        ),
        (
            "Circle(center: (50.0, 50.0), radius: 10.0, rough: (amplitude: 2.0, wavelength: 2.0))",
            "world.carve[1].rough.amplitude",
            "half the wavelength",
        ),
        (
            "Rect(min: (-400.0, -400.0), max: (400.0, 400.0), rough: (amplitude: 0.05, wavelength: 0.2))",
            "world.carve[1].rough.wavelength",
            "at most 20000",
        ),
        (
            "Tunnel(points: [(0.0, 0.0)], width: [4.0])",
            "world.carve[1].points",
            "expected 2 to",
        ),
        (
            "Tunnel(points: [(0.0, 0.0), (10.0, 0.0), (20.0, 5.0)], width: [4.0, 5.0])",
            "world.carve[1].width",
            "one per point (3), got 2",
        ),
        (
            "Tunnel(points: [(0.0, 0.0), (10.0, 0.0)], width: [4.0, 0.0])",
            "world.carve[1].width[1]",
            "greater than 0",
        ),
        (
            "Rect(min: (0.0, 0.0), max: (20.0, 20.0), scatter: (mesh: \"stalactite.ron\", along: Ceiling, every: 0.1))",
            "world.carve[1].scatter.every",
            "at least 0.5",
        ),
        (
            "Rect(min: (0.0, 0.0), max: (20.0, 20.0), scatter: (mesh: \"stalactite.ron\", along: Floor, every: 3.0, scale: (2.0, 1.0)))",
            "world.carve[1].scatter.scale",
            "the smallest is larger",
        ),
        (
            "Rect(min: (0.0, 0.0), max: (20.0, 20.0), scatter: (mesh: \"no_such_mesh.ron\", along: Floor, every: 3.0))",
            "world.carve[1].scatter.mesh",
            "not found",
        ),
    ];
    for (shape, item, words) in cases {
        let (at, line, message) = one_problem(&with_carve(shape));
        assert_eq!(at, item, "{shape}: {message}");
        assert_eq!(line, 8, "{shape}: {message}");
        assert!(message.contains(words), "{shape}: {message}");
    }
    // A misspelt field and a wrong facing are parse errors at their place.
    let e = problems(&with_carve(
        "Circle(center: (50.0, 50.0), radius: 10.0, rough: (amplitude: 1.0, wavelenght: 4.0))",
    ));
    assert_eq!(e.problems[0].line, 8, "{e}");
    assert!(e.problems[0].message.contains("wavelength"), "{e}");
    let e = problems(&with_carve(
        "Rect(min: (0.0, 0.0), max: (20.0, 20.0), scatter: (mesh: \"stalactite.ron\", along: Wall, every: 3.0))",
    ));
    assert_eq!(e.problems[0].line, 8, "{e}");
    assert!(e.problems[0].message.contains("Ceiling"), "{e}");
}
