//! Build time of a large organic level: a roughened block of rock 480 m by 300 m with 40
//! roughened caves hung with stalactites and floored with stalagmites, joined by roughened
//! spline tunnels. The level loader runs end to end (parse, validate, roughen, merge,
//! simplify, scatter, segments, line tree). The rock should stay under 20 000 segments and
//! build in under 50 ms.
//!
//! `cargo bench --bench organic` prints the level's size and build time, then runs criterion
//! on the same work. `large_organic_level` is the level's text.

use cavefly::level::{forget_built_worlds, load_level_source, LEVEL_VERSION};
use criterion::{criterion_group, Criterion};
use std::fmt::Write;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

const COLUMNS: usize = 8;
const ROWS: usize = 5;
const SPACING: f64 = 55.0;

/// The RON text of the level.
fn large_organic_level() -> String {
    let (w, h) = (COLUMNS as f64 * SPACING, ROWS as f64 * SPACING);
    let mut s = String::new();
    let _ = write!(
        s,
        "(version: {LEVEL_VERSION}, name: \"organic\", world: (rock: [Rect(min: (-40.0, -40.0), max: ({}, {}), rough: (amplitude: 3.0, wavelength: 12.0, seed: 1))], carve: [",
        w, h
    );
    for j in 0..ROWS {
        for i in 0..COLUMNS {
            let (x, y) = (i as f64 * SPACING, j as f64 * SPACING);
            let seed = j * COLUMNS + i;
            let _ = write!(
                s,
                "Circle(center: ({x}, {y}), radius: 16.0, rough: (amplitude: 2.0, wavelength: 6.0, seed: {seed}), scatter: (mesh: \"{}\", along: {}, every: 5.0, scale: (0.2, 0.4), seed: {seed})),",
                if seed.is_multiple_of(2) { "stalactite.ron" } else { "stalagmite.ron" },
                if seed.is_multiple_of(2) { "Ceiling" } else { "Floor" },
            );
        }
        let y = j as f64 * SPACING;
        let _ = write!(s, "Tunnel(points: [");
        for i in 0..COLUMNS {
            let wobble = if i % 2 == 0 { 6.0 } else { -6.0 };
            let _ = write!(s, "({}, {}),", i as f64 * SPACING, y + wobble);
        }
        let _ = write!(
            s,
            "], width: [9.0, 7.0, 10.0, 8.0, 9.0, 7.0, 10.0, 8.0], rough: (amplitude: 1.2, wavelength: 5.0, seed: {j})),"
        );
    }
    let _ = write!(s, "]), player_start: (position: (0.0, 0.0)))");
    s
}

fn bench_organic(c: &mut Criterion) {
    let src = large_organic_level();
    let path = Path::new("levels/organic_bench.ron");
    c.bench_function("load large organic level", |b| {
        b.iter(|| {
            black_box({
                forget_built_worlds();
                load_level_source(&src, path).unwrap()
            })
        })
    });
}

criterion_group!(benches, bench_organic);

fn main() {
    let src = large_organic_level();
    let path = Path::new("levels/organic_bench.ron");
    let loaded = load_level_source(&src, path).unwrap_or_else(|e| panic!("{e}"));
    let best = (0..5)
        .map(|_| {
            let start = Instant::now();
            black_box({
                forget_built_worlds();
                load_level_source(&src, path).unwrap()
            });
            start.elapsed().as_secs_f64() * 1000.0
        })
        .fold(f64::INFINITY, f64::min);
    println!(
        "large organic level: {} caves, {} tunnels, {} segments in {} chains, built in {best:.1} ms (best of 5)",
        COLUMNS * ROWS,
        ROWS,
        loaded.world.segments.len(),
        loaded.world.chains.len(),
    );
    benches();
    Criterion::default().configure_from_args().final_summary();
}
