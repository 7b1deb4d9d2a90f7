//! World building and line-tree queries.
//!
//! 1. Build time of a generated large level (2 500 carved caves, 50 tunnels, 250 inline
//!    flair meshes, over 100 000 segments): parse, validate and outline, boolean operations,
//!    segments and triangulation, line tree; end to end through the level loader.
//! 2. Line-tree queries (ray cast, closest segment, swept circle) against brute force over
//!    every segment, at about 1k, 10k and 100k segments.
//!
//! `cargo bench --bench world` prints both tables, then runs criterion on the same work.

use cavefly::broad::{closest_distance, ray_segment, sweep_circle_segment, LineTree};
use cavefly::brush::{Brush, WorldBrushes, WorldGeometry};
use cavefly::geom::{Segment, Vec2};
use cavefly::level::{forget_built_worlds, load_level_source, Level, LEVEL_VERSION};
use criterion::{criterion_group, Criterion};
use std::fmt::Write;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

/// A small deterministic generator (64-bit LCG), so every run builds the same level.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

const SPACING: f64 = 9.0;
const CAVE_RADIUS: f64 = 3.2;

/// The RON text of a level with a `grid` × `grid` array of caves, a tunnel between each
/// pair of rows, and `flair` jittered spires floating in caves.
fn large_level(grid: usize, flair: usize) -> String {
    let mut rng = Lcg(7);
    let size = grid as f64 * SPACING;
    let mut s = String::new();
    let _ = write!(s, "(version: {LEVEL_VERSION}, name: \"generated\", world: (rock: [Rect(min: (-10.0, -10.0), max: ({0}, {0}))], carve: [", size + 10.0);
    for j in 0..grid {
        for i in 0..grid {
            let _ = write!(
                s,
                "Circle(center: ({}, {}), radius: {CAVE_RADIUS}),",
                i as f64 * SPACING,
                j as f64 * SPACING
            );
        }
        let y = (j as f64 + 0.5) * SPACING;
        let _ = write!(
            s,
            "Polyline(points: [(0.0, {y}), ({}, {}), ({}, {y})], width: 1.5),",
            size * 0.5,
            y + 0.3,
            size - SPACING
        );
    }
    s.push_str("]), flair: [");
    for k in 0..flair {
        let cave = (k * 7 + 3) % (grid * grid);
        let (cx, cy) = (
            (cave % grid) as f64 * SPACING,
            (cave / grid) as f64 * SPACING,
        );
        let mut verts = Vec::new();
        for lvl in 0..6 {
            let y = lvl as f64 * 0.35;
            let half = 0.6 - 0.09 * lvl as f64;
            verts.push((-half - 0.1 * rng.next(), y));
            verts.push((half + 0.1 * rng.next(), y));
        }
        let mut tris = Vec::new();
        for lvl in 0..5 {
            let (l0, r0, l1, r1) = (2 * lvl, 2 * lvl + 1, 2 * lvl + 2, 2 * lvl + 3);
            tris.push((l0, r0, r1));
            tris.push((l0, r1, l1));
        }
        let _ = write!(
            s,
            "(name: \"spire{k}\", position: ({cx}, {}), angle: {}, mesh: Inline((vertices: [",
            cy - 1.0,
            rng.next() - 0.5
        );
        for (x, y) in verts {
            let _ = write!(s, "({x}, {y}),");
        }
        s.push_str("], triangles: [");
        for (a, b, c) in tris {
            let _ = write!(s, "({a}, {b}, {c}),");
        }
        s.push_str("]))),");
    }
    let _ = write!(
        s,
        "], player_start: (position: ({}, {})))",
        SPACING * 0.5,
        SPACING * 0.5
    );
    s
}

fn cave_world(grid: usize) -> Vec<Segment> {
    let size = grid as f64 * SPACING;
    let carve = (0..grid * grid)
        .map(|k| Brush::Circle {
            center: Vec2::new((k % grid) as f64 * SPACING, (k / grid) as f64 * SPACING),
            radius: CAVE_RADIUS,
        })
        .collect();
    let brushes = WorldBrushes {
        rock: vec![Brush::Polygon(vec![
            Vec2::splat(-10.0),
            Vec2::new(size + 10.0, -10.0),
            Vec2::splat(size + 10.0),
            Vec2::new(-10.0, size + 10.0),
        ])],
        carve,
        ..Default::default()
    };
    WorldGeometry::build(&brushes)
        .segments
        .iter()
        .map(|s| s.segment)
        .collect()
}

struct Queries {
    rays: Vec<(Vec2, Vec2)>,
    points: Vec<Vec2>,
}

fn queries(grid: usize, n: usize) -> Queries {
    let mut rng = Lcg(11);
    let size = grid as f64 * SPACING;
    // Rays and sweeps of 5 to 20 m in any direction, the same at every world size.
    let rays = (0..n)
        .map(|_| {
            let start = Vec2::new(rng.next() * size, rng.next() * size);
            let angle = rng.next() * std::f64::consts::TAU;
            (
                start,
                (5.0 + 15.0 * rng.next()) * Vec2::new(angle.cos(), angle.sin()),
            )
        })
        .collect();
    let points = (0..n)
        .map(|_| Vec2::new(rng.next() * size, rng.next() * size))
        .collect();
    Queries { rays, points }
}

/// Mean nanoseconds per call of `f` over all queries, best of a few rounds of at least
/// `min_ms` each.
fn ns_per<T>(items: &[T], min_ms: f64, mut f: impl FnMut(&T) -> usize) -> f64 {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            let (mut calls, mut sink) = (0usize, 0usize);
            while start.elapsed().as_secs_f64() * 1000.0 < min_ms || calls == 0 {
                for it in items {
                    sink += f(it);
                }
                calls += items.len();
            }
            black_box(sink);
            start.elapsed().as_nanos() as f64 / calls as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn ms(f: impl FnOnce()) -> f64 {
    let start = Instant::now();
    f();
    start.elapsed().as_secs_f64() * 1000.0
}

fn best_ms(mut f: impl FnMut()) -> f64 {
    (0..5).map(|_| ms(&mut f)).fold(f64::INFINITY, f64::min)
}

fn print_build_table(grid: usize, flair: usize) {
    let src = large_level(grid, flair);
    let path = Path::new("levels/generated.ron");
    let loaded = load_level_source(&src, path).expect("the generated level is valid");
    println!(
        "large level: {} KiB of RON, {} flair meshes, {} carve brushes, {} segments in {} chains, {} render triangles",
        src.len() / 1024,
        loaded.level.flair.len(),
        loaded.level.world.carve.len(),
        loaded.world.segments.len(),
        loaded.world.chains.len(),
        loaded.world.render_mesh().triangles.len()
    );
    let parse = best_ms(|| {
        black_box(ron::from_str::<Level>(&src).unwrap());
    });
    let outlines = best_ms(|| {
        for f in &loaded.level.flair {
            if let cavefly::level::MeshSource::Inline(m) = &f.mesh {
                black_box(cavefly::brush::mesh_outline(m).unwrap());
            }
        }
    });
    let solid = loaded.world.solid.clone();
    let brushes = cavefly::level::world_brushes(&loaded.level, &[]);
    let boolean = best_ms(|| {
        black_box(WorldGeometry::build(&brushes));
    });
    let triangulate = best_ms(|| {
        black_box(cavefly::brush::triangulate::triangulate(&solid));
    });
    let segs: Vec<Segment> = loaded.world.segments.iter().map(|s| s.segment).collect();
    let tree = best_ms(|| {
        black_box(LineTree::build(segs.clone()));
    });
    let total = best_ms(|| {
        black_box({
            forget_built_worlds();
            load_level_source(&src, path).unwrap()
        });
    });
    println!("{:<56} {:>9}", "build step", "ms");
    println!("{:<56} {:>9.1}", "parse (RON)", parse);
    println!(
        "{:<56} {:>9.1}",
        format!("mesh outlines ({flair} inline meshes)"),
        outlines
    );
    println!(
        "{:<56} {:>9.1}",
        "brush booleans, segments and chains (no flair)", boolean
    );
    println!(
        "{:<56} {:>9.1}",
        "render triangulation (on request, not in the build)", triangulate
    );
    println!("{:<56} {:>9.1}", "line tree", tree);
    println!(
        "{:<56} {:>9.1}",
        "end to end: parse, validate, outline, booleans, tree", total
    );
    println!();
}

fn brute_ray(segs: &[Segment], o: Vec2, d: Vec2) -> Option<usize> {
    let mut best = (f64::INFINITY, None);
    for (i, s) in segs.iter().enumerate() {
        if let Some((t, _)) = ray_segment(s, o, d, 1.0) {
            if t < best.0 {
                best = (t, Some(i));
            }
        }
    }
    best.1
}

fn brute_closest(segs: &[Segment], p: Vec2) -> Option<usize> {
    let mut best = (f64::INFINITY, None);
    for (i, s) in segs.iter().enumerate() {
        let d = closest_distance(s, p);
        if d < best.0 {
            best = (d, Some(i));
        }
    }
    best.1
}

fn brute_sweep(segs: &[Segment], c: Vec2, d: Vec2) -> Option<usize> {
    let mut best = (f64::INFINITY, None);
    for (i, s) in segs.iter().enumerate() {
        if let Some((t, _)) = sweep_circle_segment(s, c, 0.5, d) {
            if t < best.0 {
                best = (t, Some(i));
            }
        }
    }
    best.1
}

fn print_query_table(grids: &[usize]) {
    println!(
        "{:>9} {:>6} | {:>9} {:>11} {:>8} | {:>9} {:>11} {:>8} | {:>9} {:>11} {:>8}",
        "segments",
        "depth",
        "ray tree",
        "ray brute",
        "x",
        "near tree",
        "near brute",
        "x",
        "sweep tr",
        "sweep brute",
        "x"
    );
    for &grid in grids {
        let segs = cave_world(grid);
        let tree = LineTree::build(segs.clone());
        let q = queries(grid, 256);
        let few = &q.rays[..if segs.len() > 50_000 { 32 } else { 256 }];
        let few_pts = &q.points[..few.len()];
        let rt = ns_per(&q.rays, 50.0, |(o, d)| {
            tree.ray_cast(*o, *d, 1.0).map_or(0, |h| h.index as usize)
        });
        let rb = ns_per(few, 50.0, |(o, d)| brute_ray(&segs, *o, *d).unwrap_or(0));
        let ct = ns_per(&q.points, 50.0, |p| {
            tree.closest(*p).map_or(0, |h| h.0 as usize)
        });
        let cb = ns_per(few_pts, 50.0, |p| brute_closest(&segs, *p).unwrap_or(0));
        let st = ns_per(&q.rays, 50.0, |(o, d)| {
            tree.sweep_circle(*o, 0.5, *d)
                .map_or(0, |h| h.index as usize)
        });
        let sb = ns_per(few, 50.0, |(o, d)| brute_sweep(&segs, *o, *d).unwrap_or(0));
        println!(
            "{:>9} {:>6} | {:>9.0} {:>11.0} {:>7.0}x | {:>9.0} {:>11.0} {:>7.0}x | {:>9.0} {:>11.0} {:>7.0}x",
            segs.len(), tree.depth(), rt, rb, rb / rt, ct, cb, cb / ct, st, sb, sb / st
        );
    }
    println!("(nanoseconds per query; brute force tests every segment)\n");
}

fn bench_world(c: &mut Criterion) {
    let src = large_level(50, 250);
    let mut group = c.benchmark_group("world");
    group.sample_size(10);
    group.bench_function("build large level", |b| {
        b.iter(|| {
            forget_built_worlds();
            load_level_source(&src, Path::new("levels/generated.ron")).unwrap()
        })
    });
    for grid in [5, 16, 50] {
        let segs = cave_world(grid);
        let tree = LineTree::build(segs.clone());
        let q = queries(grid, 64);
        group.bench_function(format!("ray tree {}", segs.len()), |b| {
            b.iter(|| {
                q.rays
                    .iter()
                    .filter_map(|(o, d)| tree.ray_cast(*o, *d, 1.0))
                    .count()
            })
        });
        group.bench_function(format!("ray brute {}", segs.len()), |b| {
            b.iter(|| {
                q.rays
                    .iter()
                    .map(|(o, d)| brute_ray(&segs, *o, *d).unwrap_or(0))
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_world);

fn main() {
    // Under `cargo test --benches` each benchmark runs once as a smoke test, and the tables
    // run on a small world so that a broken table fails the tests too.
    if std::env::args().any(|a| a == "--bench") {
        print_build_table(50, 250);
        print_query_table(&[5, 16, 50]);
    } else {
        print_build_table(5, 10);
        print_query_table(&[5]);
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
