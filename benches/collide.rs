//! `collide::contact` against parry2d's contact manifold on the same pairs.
//!
//! Pairs: box/box, 8-gon/8-gon, circle/8-gon and segment/8-gon, each separated (0.5 m gap),
//! touching, shallow (1 cm) and deep (30 cm). Both engines get the same speculative margin,
//! and each gets its best shape type (parry2d's `Cuboid` for boxes, `Ball` for circles).
//!
//! `cargo bench --bench collide` prints a table of nanoseconds per query for both and the
//! ratio, then runs criterion on the same cases for detailed statistics.

use cavefly::collide::{contact, gjk};
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
    xf_a: Transform,
    xf_b: Transform,
    pa: Box<dyn PShape>,
    pb: Box<dyn PShape>,
    pose_a: Pose,
    pose_b: Pose,
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

/// Places B along a fixed direction from A so that the signed separation is `target`.
fn place(a: &Shape, b: &Shape, target: f64) -> Transform {
    let dir = Vec2::new(0.25, 1.0).normalize();
    let at = |t: f64| Transform::new(dir * t, 0.4);
    let (mut lo, mut hi) = (0.0, 10.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if separation(a, &Transform::IDENTITY, b, &at(mid)) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    at(0.5 * (lo + hi))
}

fn cases() -> Vec<Case> {
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
        ("touching", 0.0),
        ("shallow", -0.01),
        ("deep", -0.3),
    ];
    let mut out = Vec::new();
    for (pair, a, b) in pairs {
        for (setup, target) in setups {
            let xf_b = place(&a, &b, target);
            out.push(Case {
                name: format!("{pair} {setup}"),
                a,
                b,
                xf_a: Transform::IDENTITY,
                xf_b,
                pa: to_parry(&a),
                pb: to_parry(&b),
                pose_a: pose(&Transform::IDENTITY),
                pose_b: pose(&xf_b),
            });
        }
    }
    out
}

fn ours(c: &Case) -> usize {
    contact(
        black_box(&c.a),
        black_box(&c.xf_a),
        black_box(&c.b),
        black_box(&c.xf_b),
    )
    .map_or(0, |m| m.points().len())
}

fn theirs(c: &Case, manifold: &mut ContactManifold<(), ()>) -> usize {
    let pos12 = black_box(&c.pose_a).inv_mul(black_box(&c.pose_b));
    manifold.clear();
    DefaultQueryDispatcher
        .contact_manifold_convex_convex(
            &pos12,
            &*c.pa,
            &*c.pb,
            None,
            None,
            SPECULATIVE_DISTANCE as f32,
            manifold,
        )
        .expect("supported pair");
    manifold.points.len()
}

/// Best of several timed batches, in nanoseconds per call.
fn time_ns(mut f: impl FnMut() -> usize) -> f64 {
    let iters = 100_000;
    (0..7)
        .map(|_| {
            let start = Instant::now();
            let mut sink = 0;
            for _ in 0..iters {
                sink += f();
            }
            black_box(sink);
            start.elapsed().as_nanos() as f64 / iters as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn print_table(cases: &[Case]) {
    println!(
        "{:<26} {:>6} {:>10} {:>6} {:>11} {:>9}",
        "case", "points", "cavefly ns", "parry", "parry2d ns", "speed-up"
    );
    let mut manifold = ContactManifold::new();
    for c in cases {
        let (n_ours, n_theirs) = (ours(c), theirs(c, &mut manifold));
        let t_ours = time_ns(|| ours(c));
        let t_theirs = time_ns(|| theirs(c, &mut manifold));
        println!(
            "{:<26} {:>6} {:>10.1} {:>6} {:>11.1} {:>8.2}x",
            c.name,
            n_ours,
            t_ours,
            n_theirs,
            t_theirs,
            t_theirs / t_ours
        );
    }
}

fn bench_contacts(crit: &mut Criterion) {
    let cases = cases();
    let mut group = crit.benchmark_group("contact");
    let mut manifold = ContactManifold::new();
    for c in &cases {
        group.bench_function(format!("cavefly {}", c.name), |b| b.iter(|| ours(c)));
        group.bench_function(format!("parry2d {}", c.name), |b| {
            b.iter(|| theirs(c, &mut manifold))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_contacts);

fn main() {
    // Under `cargo test --benches` each benchmark runs once as a smoke test; the table is
    // only for real benchmark runs.
    if std::env::args().any(|a| a == "--bench") {
        print_table(&cases());
    }
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
