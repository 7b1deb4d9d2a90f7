//! Rendering the music: the time to write and synthesise each theme's loop, as the
//! background thread does once at start-up (the title's first, so it is heard soonest).
//!
//! `cargo bench --bench music` prints each theme's loop length and render time, then
//! criterion times each.

use cavefly::audio::music::Theme;
use criterion::{criterion_group, Criterion};
use std::hint::black_box;
use std::time::Instant;

fn table() {
    println!("{:<8} {:>8} {:>10}", "theme", "loop s", "render ms");
    for theme in Theme::ALL {
        let start = Instant::now();
        let samples = black_box(theme.render());
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!(
            "{:<8} {:>8.1} {:>10.0}",
            format!("{theme:?}"),
            theme.seconds(),
            ms
        );
        drop(samples);
    }
}

fn render(c: &mut Criterion) {
    let mut group = c.benchmark_group("music");
    group.sample_size(10);
    for theme in Theme::ALL {
        group.bench_function(format!("render {theme:?}"), |b| {
            b.iter(|| black_box(theme.render()))
        });
    }
    group.finish();
}

criterion_group!(benches, render);

fn main() {
    if std::env::args().any(|a| a == "--bench") {
        table();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
