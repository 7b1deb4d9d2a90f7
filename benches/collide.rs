//! `collide::contact` against parry2d's contact manifold on the same pairs.
//!
//! Pairs: box/box, 8-gon/8-gon, circle/8-gon and segment/8-gon, each separated (0.5 m gap),
//! near (5 cm, just outside the 2 cm speculative margin), touching, shallow (1 cm) and deep (30 cm). Each case is a path of about a
//! thousand slightly different poses (B drifts and turns a little from one to the next, as
//! a body does from step to step), all at the case's separation, so neither engine answers
//! one repeated query from a warm branch predictor and cache. Both engines get the same
//! speculative margin, and each its best shape type (parry2d's `Cuboid` for boxes, `Ball`
//! for circles).
//!
//! Two tables:
//! - cold: every query starts from nothing (ours: `contact_within`; parry2d: its manifold's
//!   points and normals cleared before each query, so it cannot start from the last normal);
//! - warm: each engine keeps its own cache from the previous pose on the path, as its
//!   physics step does (ours: `contact_persistent`, the last manifold carried along while
//!   the pair has barely moved, else a query warm-started from the GJK simplex; parry2d:
//!   its persistent manifold, updated in place while the pair has barely moved, else a
//!   query starting from its last normal).
//!
//! `cargo bench --bench collide` prints both tables of nanoseconds per query and the ratios,
//! then runs criterion on the same work.

use cavefly::collide::persistent::{contact_persistent, PairCache};
use cavefly::collide::{contact, contact_within, gjk};
use cavefly::constants::SPECULATIVE_DISTANCE;
use cavefly::geom::{Circle, ConvexPolygon, Segment, Shape, Transform, Vec2};
use criterion::{criterion_group, Criterion};
use parry2d::math::{Pose, Vector};
use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use parry2d::shape::{
    Ball, ConvexPolygon as PPolygon, Cuboid, Segment as PSegment, Shape as PShape,
};
use std::hint::black_box;
use std::time::Instant;

struct Case {
    name: String,
    a: Shape,
    b: Shape,
    pa: Box<dyn PShape>,
    pb: Box<dyn PShape>,
    /// B's poses along the path (A stays at the origin), ours and parry2d's.
    path: Vec<(Transform, Pose)>,
}

fn to_parry(s: &Shape) -> Box<dyn PShape> {
    let v = |p: Vec2| Vector::new(p.x as f32, p.y as f32);
    match s {
        Shape::Circle(c) => Box::new(Ball::new(c.radius as f32)),
        Shape::Segment(seg) => Box::new(PSegment::new(v(seg.a), v(seg.b))),
        Shape::Polygon(p) if p.len() == 4 => {
            let half = p.vertices()[2];
            Box::new(Cuboid::new(v(half)))
        }
        Shape::Polygon(p) => Box::new(
            PPolygon::from_convex_polyline_unmodified(p.vertices().iter().map(|q| v(*q)).collect())
                .expect("convex"),
        ),
    }
}

fn pose(xf: &Transform) -> Pose {
    Pose::new(
        Vector::new(xf.p.x as f32, xf.p.y as f32),
        xf.q.angle() as f32,
    )
}

/// Signed separation: distance when apart, minus the deepest point's depth when overlapping.
fn separation(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> f64 {
    let d = gjk::distance(a, xf_a, b, xf_b, None)
        .expect("finite")
        .distance;
    if d > 0.0 {
        d
    } else {
        -contact(a, xf_a, b, xf_b).map_or(0.0, |m| m.max_depth())
    }
}

/// Places B, turned by `angle`, along direction `heading` from A so that the signed
/// separation is `target`.
fn place(a: &Shape, b: &Shape, target: f64, heading: f64, angle: f64) -> Transform {
    let dir = Vec2::new(heading.cos(), heading.sin());
    let at = |t: f64| Transform::new(dir * t, angle);
    let (mut lo, mut hi) = (0.0, 10.0);
    for _ in 0..64 {
        let mid = 0.5 * (lo + hi);
        if separation(a, &Transform::IDENTITY, b, &at(mid)) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    at(0.5 * (lo + hi))
}

/// The path of `poses` poses: B's heading and angle sway slowly about a tilted start.
fn path(a: &Shape, b: &Shape, target: f64, poses: usize) -> Vec<(Transform, Pose)> {
    (0..poses)
        .map(|k| {
            let t = k as f64;
            let heading = 1.3258 + 0.05 * (0.011 * t).sin();
            let angle = 0.4 + 0.08 * (0.007 * t).sin();
            let xf = place(a, b, target, heading, angle);
            (xf, pose(&xf))
        })
        .collect()
}

fn cases(poses: usize) -> Vec<Case> {
    let square: Shape = ConvexPolygon::rect(0.5, 0.5).unwrap().into();
    let octagon: Shape = ConvexPolygon::regular(8, 0.6).unwrap().into();
    let circle: Shape = Circle::new(Vec2::ZERO, 0.5).unwrap().into();
    let segment: Shape = Segment::new(Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0))
        .unwrap()
        .into();
    let pairs = [
        ("box/box", square, square),
        ("8-gon/8-gon", octagon, octagon),
        ("circle/8-gon", circle, octagon),
        ("segment/8-gon", segment, octagon),
    ];
    let setups = [
        ("separated", 0.5),
        ("near", 0.05),
        ("touching", 0.0),
        ("shallow", -0.01),
        ("deep", -0.3),
    ];
    let mut out = Vec::new();
    for (pair, a, b) in pairs {
        for (setup, target) in setups {
            out.push(Case {
                name: format!("{pair} {setup}"),
                a,
                b,
                pa: to_parry(&a),
                pb: to_parry(&b),
                path: path(&a, &b, target, poses),
            });
        }
    }
    out
}

/// The margin both engines report contacts within: the engine's speculative distance (2 cm).
/// The near case (5 cm) is just outside it, so both must prove the shapes apart rather than
/// stop at a bounding test.
const MARGIN: f64 = SPECULATIVE_DISTANCE;

/// Ours, cold: points found along the whole path.
fn ours_cold(c: &Case) -> usize {
    let mut points = 0;
    for (xf, _) in &c.path {
        points += contact_within(
            black_box(&c.a),
            &Transform::IDENTITY,
            black_box(&c.b),
            black_box(xf),
            MARGIN,
        )
        .map_or(0, |m| m.points().len());
    }
    points
}

/// Ours, warm: each query starts from what the previous pose left in the pair's cache.
fn ours_warm(c: &Case, cache: &mut PairCache) -> usize {
    let mut points = 0;
    for (xf, _) in &c.path {
        points += contact_persistent(
            black_box(&c.a),
            &Transform::IDENTITY,
            black_box(&c.b),
            black_box(xf),
            MARGIN,
            cache,
        )
        .map_or(0, |m| m.points().len());
    }
    points
}

/// parry2d along the path; `cold` clears its manifold before each query.
fn theirs(c: &Case, manifold: &mut ContactManifold<(), ()>, cold: bool) -> usize {
    let mut points = 0;
    for (_, pose_b) in &c.path {
        // A is at the origin, so B's pose relative to A is B's pose.
        let pos12 = *black_box(pose_b);
        if cold {
            manifold.clear();
            manifold.local_n1 = Vector::ZERO;
            manifold.local_n2 = Vector::ZERO;
        }
        DefaultQueryDispatcher
            .contact_manifold_convex_convex(
                &pos12,
                &*c.pa,
                &*c.pb,
                None,
                None,
                MARGIN as f32,
                manifold,
            )
            .expect("supported pair");
        points += manifold.points.len();
    }
    points
}

/// Best of several timed rounds over the path, in nanoseconds per query.
fn time_ns(queries: usize, rounds: usize, mut f: impl FnMut() -> usize) -> f64 {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_nanos() as f64 / queries as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn print_tables(cases: &[Case], rounds: usize) {
    for warm in [false, true] {
        println!(
            "{} queries (ns per query, mean over a path of {} poses; speed-up = parry2d / cavefly)",
            if warm { "Warm" } else { "Cold" },
            cases[0].path.len()
        );
        println!(
            "{:<26} {:>10} {:>10} {:>11} {:>11} {:>9}",
            "case", "points", "parry pts", "cavefly ns", "parry2d ns", "speed-up"
        );
        for c in cases {
            let mut manifold = ContactManifold::new();
            let mut cache = PairCache::default();
            let n = c.path.len();
            let (n_ours, n_theirs) = if warm {
                (ours_warm(c, &mut cache), theirs(c, &mut manifold, false))
            } else {
                (ours_cold(c), theirs(c, &mut manifold, true))
            };
            let t_ours = if warm {
                time_ns(n, rounds, || ours_warm(c, &mut cache))
            } else {
                time_ns(n, rounds, || ours_cold(c))
            };
            let t_theirs = time_ns(n, rounds, || theirs(c, &mut manifold, !warm));
            println!(
                "{:<26} {:>10.2} {:>10.2} {:>11.1} {:>11.1} {:>8.2}x",
                c.name,
                n_ours as f64 / n as f64,
                n_theirs as f64 / n as f64,
                t_ours,
                t_theirs,
                t_theirs / t_ours
            );
        }
        println!();
    }
}

fn bench_contacts(crit: &mut Criterion) {
    let cases = cases(if bench_mode() { 1000 } else { 20 });
    let mut group = crit.benchmark_group("contact");
    let mut manifold = ContactManifold::new();
    let mut cache = PairCache::default();
    for c in &cases {
        group.bench_function(format!("cavefly cold {}", c.name), |b| {
            b.iter(|| ours_cold(c))
        });
        group.bench_function(format!("parry2d cold {}", c.name), |b| {
            b.iter(|| theirs(c, &mut manifold, true))
        });
        group.bench_function(format!("cavefly warm {}", c.name), |b| {
            b.iter(|| ours_warm(c, &mut cache))
        });
        group.bench_function(format!("parry2d warm {}", c.name), |b| {
            b.iter(|| theirs(c, &mut manifold, false))
        });
    }
    group.finish();
}

fn bench_mode() -> bool {
    std::env::args().any(|a| a == "--bench")
}

criterion_group!(benches, bench_contacts);

fn main() {
    // Under `cargo test --benches` the tables run on short paths and each benchmark once,
    // so a broken bench fails the tests.
    if bench_mode() {
        print_tables(&cases(1000), 15);
    } else {
        print_tables(&cases(20), 1);
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
