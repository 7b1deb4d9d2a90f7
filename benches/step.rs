//! Our physics step against rapier2d's on the same scenes, measured in one run:
//! a 20-row pyramid (210 boxes), a 100-row pyramid (5,050 boxes), and 2,000 mixed convex
//! debris raining into a carved cave outlined by 20,000 rock segments.
//!
//! `cargo bench --bench step` prints milliseconds per step for both engines, the ratio, and
//! whether each pyramid still stands at the end; then criterion times the 20-row pyramid.

use cavefly::geom::{Circle, ConvexPolygon, Shape, Vec2};
use cavefly::physics::{
    BodyDef, BodyHandle, BodyKind, ColliderDef, PhysicsSettings, PhysicsWorld, RockSegment,
};
use criterion::{criterion_group, Criterion};
use rapier2d::prelude as rp;
use std::time::Instant;

const DT: f64 = 1.0 / 60.0;

/// One scene, described once and built in both engines.
struct Scene {
    name: &'static str,
    /// Static ground box: centre and half-extents.
    ground: Option<(Vec2, Vec2)>,
    /// Closed rock outline (rock outside, walked clockwise).
    cave: Vec<Vec2>,
    /// Dynamic bodies: position and shape (local frame).
    bodies: Vec<(Vec2, Shape)>,
    warm_up: usize,
    steps: usize,
}

fn pyramid(name: &'static str, rows: usize, steps: usize) -> Scene {
    let mut bodies = Vec::new();
    let square: Shape = ConvexPolygon::rect(0.5, 0.5).unwrap().into();
    for row in 0..rows {
        for i in 0..rows - row {
            let x = (i as f64 - (rows - row - 1) as f64 * 0.5) * 1.0;
            bodies.push((Vec2::new(x, 0.5 + row as f64), square));
        }
    }
    Scene {
        name,
        ground: Some((Vec2::new(0.0, -1.0), Vec2::new(rows as f64 + 10.0, 1.0))),
        cave: Vec::new(),
        bodies,
        warm_up: 30,
        steps,
    }
}

/// A deterministic generator for scene layout.
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

fn cave_rain() -> Scene {
    let mut rng = Lcg(7);
    // A lumpy cave 120 m across, 20,000 segments, walked clockwise so rock is outside.
    let n = 20_000;
    let cave: Vec<Vec2> = (0..n)
        .map(|i| {
            let a = -std::f64::consts::TAU * i as f64 / n as f64;
            let r = 60.0 + 3.0 * (a * 7.0).sin() + 1.5 * (a * 23.0).cos();
            Vec2::new(r * a.cos(), r * a.sin())
        })
        .collect();
    let mut bodies = Vec::new();
    for k in 0..2_000 {
        let (col, row) = (k % 50, k / 50);
        let at = Vec2::new(-37.5 + col as f64 * 1.5, 0.0 + row as f64 * 1.2);
        let size = 0.25 + 0.3 * rng.next();
        let shape: Shape = if k % 4 == 0 {
            Circle::new(Vec2::ZERO, size).unwrap().into()
        } else {
            let pts: Vec<Vec2> = (0..6)
                .map(|_| Vec2::new(rng.next() - 0.5, rng.next() - 0.5) * 2.0 * size)
                .collect();
            ConvexPolygon::hull(&pts)
                .unwrap_or_else(|_| ConvexPolygon::rect(size, size * 0.6).unwrap())
                .into()
        };
        bodies.push((at, shape));
    }
    Scene {
        name: "2,000 debris into a 20k-segment cave",
        ground: None,
        cave,
        bodies,
        warm_up: 30,
        steps: 120,
    }
}

fn build_ours(s: &Scene) -> (PhysicsWorld, Vec<BodyHandle>) {
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    if let Some((c, half)) = s.ground {
        let g = w.create_body(&BodyDef {
            kind: BodyKind::Static,
            position: c,
            ..BodyDef::default()
        });
        w.add_collider(
            g,
            &ColliderDef::new(ConvexPolygon::rect(half.x, half.y).unwrap()),
        )
        .unwrap();
    }
    if !s.cave.is_empty() {
        w.add_rock(&RockSegment::chain(&s.cave, true));
    }
    let handles = s
        .bodies
        .iter()
        .map(|(p, shape)| {
            let b = w.create_body(&BodyDef {
                position: *p,
                ..BodyDef::default()
            });
            w.add_collider(b, &ColliderDef::new(*shape)).unwrap();
            b
        })
        .collect();
    (w, handles)
}

fn v32(p: Vec2) -> rp::Vector {
    rp::Vector::new(p.x as f32, p.y as f32)
}

fn build_rapier(s: &Scene) -> (rp::PhysicsWorld, Vec<rp::RigidBodyHandle>) {
    let mut w = rp::PhysicsWorld::new();
    w.integration_parameters.dt = DT as f32;
    if let Some((c, half)) = s.ground {
        w.insert(
            rp::RigidBodyBuilder::fixed().translation(v32(c)),
            rp::ColliderBuilder::cuboid(half.x as f32, half.y as f32),
        );
    }
    if !s.cave.is_empty() {
        let mut pts: Vec<rp::Vector> = s.cave.iter().map(|p| v32(*p)).collect();
        pts.push(pts[0]);
        w.insert(
            rp::RigidBodyBuilder::fixed(),
            rp::ColliderBuilder::polyline(pts, None),
        );
    }
    let handles = s
        .bodies
        .iter()
        .map(|(p, shape)| {
            let collider = match shape {
                Shape::Circle(c) => rp::ColliderBuilder::ball(c.radius as f32),
                Shape::Polygon(poly)
                    if poly.len() == 4 && poly.vertices()[2] == -poly.vertices()[0] =>
                {
                    let h = poly.vertices()[2];
                    rp::ColliderBuilder::cuboid(h.x as f32, h.y as f32)
                }
                Shape::Polygon(poly) => {
                    let pts: Vec<rp::Vector> = poly.vertices().iter().map(|q| v32(*q)).collect();
                    rp::ColliderBuilder::convex_hull(&pts).expect("convex")
                }
                Shape::Segment(seg) => rp::ColliderBuilder::segment(v32(seg.a), v32(seg.b)),
            };
            w.insert(
                rp::RigidBodyBuilder::dynamic().translation(v32(*p)),
                collider,
            )
            .0
        })
        .collect();
    (w, handles)
}

/// Milliseconds per step over the timed steps, after warm-up.
fn time_steps(warm_up: usize, steps: usize, mut step: impl FnMut()) -> f64 {
    for _ in 0..warm_up {
        step();
    }
    let start = Instant::now();
    for _ in 0..steps {
        step();
    }
    start.elapsed().as_secs_f64() * 1000.0 / steps as f64
}

fn print_table() {
    println!(
        "{:<40} {:>11} {:>11} {:>9}  {:<14} {:<14}",
        "scene", "cavefly ms", "rapier2d ms", "speed-up", "cavefly", "rapier2d"
    );
    for s in [
        pyramid("20-row pyramid (210 boxes)", 20, 240),
        pyramid("100-row pyramid (5,050 boxes)", 100, 120),
        cave_rain(),
    ] {
        let starts: Vec<Vec2> = s.bodies.iter().map(|b| b.0).collect();
        let (mut ours, handles) = build_ours(&s);
        let t_ours = time_steps(s.warm_up, s.steps, || ours.step(DT));
        // A pyramid stands while its top box has dropped less than one box height: a collapse
        // drops it by metres; a tall stack settling into its soft contacts only compresses.
        let top = starts.len() - 1;
        let ours_moved = starts[top].y - ours.body(handles[top]).unwrap().position().y;
        let (mut theirs, rhandles) = build_rapier(&s);
        let t_theirs = time_steps(s.warm_up, s.steps, || theirs.step());
        let theirs_moved = starts[top].y - theirs.bodies[rhandles[top]].translation().y as f64;
        let verdict = |moved: f64| {
            if s.ground.is_none() {
                "-".to_string()
            } else if moved < 1.0 {
                format!("stands ({:.3} m)", moved)
            } else {
                format!("fell ({:.2} m)", moved)
            }
        };
        println!(
            "{:<40} {:>11.3} {:>11.3} {:>8.2}x  {:<14} {:<14}",
            s.name,
            t_ours,
            t_theirs,
            t_theirs / t_ours,
            verdict(ours_moved),
            verdict(theirs_moved)
        );
    }
}

fn bench_pyramid(c: &mut Criterion) {
    let s = pyramid("20-row pyramid", 20, 0);
    let (mut ours, _) = build_ours(&s);
    let (mut theirs, _) = build_rapier(&s);
    let mut group = c.benchmark_group("step");
    group.sample_size(30);
    group.bench_function("cavefly 20-row pyramid", |b| b.iter(|| ours.step(DT)));
    group.bench_function("rapier2d 20-row pyramid", |b| b.iter(|| theirs.step()));
    group.finish();
}

criterion_group!(benches, bench_pyramid);

fn main() {
    if std::env::args().any(|a| a == "--bench") {
        print_table();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
