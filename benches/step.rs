//! Our physics step against rapier2d's, on the same scenes (`benches/scenes`), built once as
//! data and then in each engine, measured in one run.
//!
//! Fairness, as set up here:
//! - Both step at 60 Hz with 4 sub-steps, one solver pass and one relaxing pass per sub-step
//!   (rapier2d: 4 solver iterations, 1 PGS and 1 stabilisation iteration each).
//! - Timed scenes run with sleeping off in both engines (a sleeping world measures nothing);
//!   the resting table runs with sleeping on, with Box2D's thresholds in both (0.05 m/s,
//!   2°/s, 0.5 s; rapier2d folds turning into a point speed against the same 0.05 m/s).
//! - Neither engine builds contact events (rapier2d's colliders have no active events by
//!   default; ours are switched off in the settings).
//! - Rock: our rock is one-sided segments linked into chains; rapier2d gets the same points
//!   as a polyline with the `ORIENTED` flag, its one-sided polyline, which is the closest
//!   equivalent (a two-sided polyline would collide from inside the rock too).
//! - Each engine keeps its own caches (contact manifolds, warm starts) across steps, and
//!   each is warmed up for the same number of steps before timing.
//!
//! `cargo bench --bench step` prints: the resting table (awake bodies at 5, 10 and 20 s
//! on each pile), the timing table (ms per step, speed ratio, contact counts, whether
//! pyramids stand), the scaling table (1,000 to 16,000 debris), allocations per step in a
//! steady state, and bytes per body and per contact; then criterion times the 20-row
//! pyramid in both engines. Under `cargo test --benches` the same tables run once on small
//! scenes, so a broken bench fails the tests.

mod scenes;

use cavefly::geom::{Shape, Vec2};
use cavefly::physics::{PhysicsSettings, PhysicsWorld, StepProfile};
use criterion::{criterion_group, Criterion};
use rapier2d::prelude as rp;
use scenes::Scene;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Instant;

const DT: f64 = 1.0 / 60.0;
const SUBSTEPS: u32 = 4;

/// Counts heap allocations and live bytes, to show the step allocates nothing in a steady
/// state and to weigh bodies and contacts.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        LIVE_BYTES.fetch_add(layout.size() as i64, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size() as i64, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        LIVE_BYTES.fetch_add(new_size as i64 - layout.size() as i64, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn our_settings(sleep: bool) -> PhysicsSettings {
    PhysicsSettings {
        substeps: SUBSTEPS,
        iterations: 1,
        relax_iterations: 1,
        allow_sleep: sleep,
        contact_events: false,
        ..PhysicsSettings::default()
    }
}

fn v32(p: Vec2) -> rp::Vector {
    rp::Vector::new(p.x as f32, p.y as f32)
}

/// The scene in rapier2d, with the same stepping as ours.
fn build_rapier(s: &Scene, sleep: bool) -> (rp::PhysicsWorld, Vec<rp::RigidBodyHandle>) {
    let mut w = rp::PhysicsWorld::new();
    w.integration_parameters.dt = DT as f32;
    w.integration_parameters.num_solver_iterations = SUBSTEPS as usize;
    w.integration_parameters.num_internal_pgs_iterations = 1;
    w.integration_parameters
        .num_internal_stabilization_iterations = 1;
    if let Some((c, half)) = s.ground {
        w.insert(
            rp::RigidBodyBuilder::fixed().translation(v32(c)),
            rp::ColliderBuilder::cuboid(half.x as f32, half.y as f32),
        );
    }
    for (points, closed) in &s.rock {
        let pts: Vec<rp::Vector> = points.iter().map(|p| v32(*p)).collect();
        let n = pts.len() as u32;
        let mut indices: Vec<[u32; 2]> = (0..n - 1).map(|i| [i, i + 1]).collect();
        if *closed {
            indices.push([n - 1, 0]);
        }
        w.insert(
            rp::RigidBodyBuilder::fixed(),
            rp::ColliderBuilder::oriented_polyline(pts, Some(indices)),
        );
    }
    let handles = s
        .bodies
        .iter()
        .map(|(p, angle, shape)| {
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
            let body = rp::RigidBodyBuilder::dynamic()
                .translation(v32(*p))
                .rotation(*angle as f32)
                .can_sleep(sleep);
            let (h, _) = w.insert(body, collider);
            if sleep {
                let a = w.bodies[h].activation_mut();
                a.normalized_linear_threshold = 0.05;
                a.angular_threshold = 2f32.to_radians();
                a.time_until_sleep = 0.5;
            }
            h
        })
        .collect();
    (w, handles)
}

fn rapier_awake(w: &rp::PhysicsWorld, bodies: &[rp::RigidBodyHandle]) -> usize {
    bodies
        .iter()
        .filter(|h| !w.bodies[**h].is_sleeping())
        .count()
}

/// Touching pairs and manifold points in our world.
fn our_contacts(w: &PhysicsWorld) -> (usize, usize) {
    let touching = w.contacts().filter(|c| c.touching).count();
    let points = w.contacts().map(|c| c.points.len()).sum();
    (touching, points)
}

/// Touching pairs and manifold points in rapier2d's world.
fn rapier_contacts(w: &rp::PhysicsWorld) -> (usize, usize) {
    let mut touching = 0;
    let mut points = 0;
    for pair in w.narrow_phase.contact_pairs() {
        touching += pair.has_any_active_contact() as usize;
        points += pair
            .manifolds()
            .iter()
            .map(|m| m.points.len())
            .sum::<usize>();
    }
    (touching, points)
}

/// Milliseconds per step over `steps`, after `warm_up` steps.
fn time_steps(warm_up: usize, steps: usize, mut step: impl FnMut()) -> f64 {
    for _ in 0..warm_up {
        step();
    }
    let start = Instant::now();
    for _ in 0..steps {
        step();
    }
    start.elapsed().as_secs_f64() * 1000.0 / steps.max(1) as f64
}

/// How big the tables' scenes are and how long they run: the full run under
/// `cargo bench`, a small one under `cargo test --benches`.
#[derive(Clone, Copy)]
struct Size {
    full: bool,
}

impl Size {
    fn n(&self, full: usize, small: usize) -> usize {
        if self.full {
            full
        } else {
            small
        }
    }
}

fn resting_table(size: Size) {
    println!("\nResting piles, sleeping on (awake bodies at 5, 10 and 20 s; 60 Hz)");
    println!(
        "{:<44} {:>20} {:>20}",
        "scene", "cavefly 5/10/20 s", "rapier2d 5/10/20 s"
    );
    let marks = [300, 600, 1200].map(|m| size.n(m, m / 30));
    for scene in [
        scenes::box_columns(1, 25, size.n(10, 2)),
        scenes::polygon_pile(1, size.n(250, 20)),
        scenes::jagged_pile(1, size.n(250, 20)),
        scenes::pyramid(size.n(40, 4)),
    ] {
        let (mut ours, handles) = scenes::build(&scene, our_settings(true));
        let (mut theirs, rhandles) = build_rapier(&scene, true);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for step in 1..=marks[2] {
            ours.step(DT);
            theirs.step();
            if marks.contains(&step) {
                a.push(scenes::awake(&ours, &handles).to_string());
                b.push(rapier_awake(&theirs, &rhandles).to_string());
            }
        }
        println!(
            "{:<44} {:>20} {:>20}",
            scene.name,
            a.join(" / "),
            b.join(" / ")
        );
    }
}

/// One timed scene: ms per step in both engines and what each looks like after; returns
/// where our step's time went over the timed steps.
fn timed_row(scene: &Scene, warm_up: usize, steps: usize) -> StepProfile {
    let (mut ours, handles) = scenes::build(scene, our_settings(false));
    let mut profile = StepProfile::default();
    let t_ours = time_steps(warm_up, steps, || {
        ours.step(DT);
        profile.accumulate(ours.profile());
    });
    let (mut theirs, rhandles) = build_rapier(scene, false);
    let t_theirs = time_steps(warm_up, steps, || theirs.step());
    // A pyramid stands while its top box has dropped less than one box height: a collapse
    // drops it by metres; a tall stack settling into its soft contacts only compresses.
    let verdict = |drop: f64| {
        if scene.ground.is_none() {
            "-".to_string()
        } else if drop < 1.0 {
            format!("stands ({drop:.3} m)")
        } else {
            format!("fell ({drop:.2} m)")
        }
    };
    let top = scene.bodies.len() - 1;
    let start_y = scene.bodies[top].0.y;
    let ours_drop = start_y - ours.body(handles[top]).unwrap().position().y;
    let theirs_drop = start_y - theirs.bodies[rhandles[top]].translation().y as f64;
    let (oc, op) = our_contacts(&ours);
    let (rc, rpts) = rapier_contacts(&theirs);
    println!(
        "{:<44} {:>9.3} {:>9.3} {:>7.2}x {:>6} {:>13} {:>13}  {:<16} {:<16}",
        scene.name,
        t_ours,
        t_theirs,
        t_theirs / t_ours,
        scenes::awake(&ours, &handles),
        format!("{oc}/{op}"),
        format!("{rc}/{rpts}"),
        verdict(ours_drop),
        verdict(theirs_drop)
    );
    profile
}

fn timing_table(size: Size) {
    println!("\nStep time, sleeping off in both (ms per step; speed-up = rapier2d / cavefly)");
    println!(
        "{:<44} {:>9} {:>9} {:>8} {:>6} {:>13} {:>13}  {:<16} {:<16}",
        "scene",
        "cavefly",
        "rapier2d",
        "speed-up",
        "awake",
        "ours pairs/pts",
        "theirs pairs/pts",
        "cavefly",
        "rapier2d"
    );
    let mut profiles = vec![
        timed_row(&scenes::pyramid(size.n(20, 5)), 30, size.n(240, 2)),
        timed_row(&scenes::pyramid(size.n(100, 8)), 30, size.n(120, 2)),
    ];
    // Timed once the pieces have landed and piled, so contacts with the rock and between
    // pieces are measured, not free fall.
    profiles.push(timed_row(
        &scenes::cave_debris(size.n(2000, 60), size.n(20_000, 500)),
        size.n(300, 3),
        size.n(120, 2),
    ));
    println!("\nWhere cavefly's step goes in those scenes (share of the step's time)");
    print!("{:<14}", "scene");
    for (name, _) in StepProfile::default().phases() {
        print!(" {name:>12}");
    }
    println!();
    for (name, p) in ["20-row", "100-row", "debris"].iter().zip(&profiles) {
        print!("{name:<14}");
        for (_, ms) in p.phases() {
            print!(" {:>11.1}%", 100.0 * ms / p.total.max(1e-12));
        }
        println!();
    }
}

fn scaling_table(size: Size) {
    println!("\nScale: debris piled in a cave, sleeping off (after 300 warm-up steps)");
    println!(
        "{:<44} {:>9} {:>12} {:>9} {:>12}",
        "scene", "cavefly", "µs per body", "rapier2d", "µs per body"
    );
    let mut per_body = Vec::new();
    for count in [1000, 4000, 16_000] {
        let count = size.n(count, count / 100);
        let scene = scenes::cave_debris(count, size.n(20_000, 500));
        let (mut ours, _) = scenes::build(&scene, our_settings(false));
        let t_ours = time_steps(size.n(300, 3), size.n(60, 2), || ours.step(DT));
        let (mut theirs, _) = build_rapier(&scene, false);
        let t_theirs = time_steps(size.n(300, 3), size.n(60, 2), || theirs.step());
        let us = |t: f64| t * 1000.0 / count as f64;
        per_body.push(us(t_ours));
        println!(
            "{:<44} {:>9.3} {:>12.3} {:>9.3} {:>12.3}",
            scene.name,
            t_ours,
            us(t_ours),
            t_theirs,
            us(t_theirs)
        );
    }
    println!(
        "time per body grows {:.2}x from the smallest pile to the largest",
        per_body[2] / per_body[0]
    );
}

/// Allocations per step once a pile has settled (sleeping off, so every step does the whole
/// work), and the heap taken per body and per contact.
fn memory_table(size: Size) {
    println!("\nMemory (cavefly)");
    let scene = scenes::cave_debris(size.n(4000, 40), size.n(20_000, 500));
    let empty = Scene {
        bodies: Vec::new(),
        ..scenes::cave_debris(0, size.n(20_000, 500))
    };
    let before = LIVE_BYTES.load(Ordering::Relaxed);
    let (w0, _) = scenes::build(&empty, our_settings(false));
    let rock_only = LIVE_BYTES.load(Ordering::Relaxed) - before;
    let (mut w, handles) = scenes::build(&scene, our_settings(false));
    let with_bodies = LIVE_BYTES.load(Ordering::Relaxed) - before - rock_only;
    let per_body = with_bodies as f64 / handles.len() as f64;
    for _ in 0..size.n(300, 3) {
        w.step(DT);
    }
    let settled = LIVE_BYTES.load(Ordering::Relaxed) - before - rock_only;
    let contacts = w.contacts().count();
    let allocations = ALLOCATIONS.load(Ordering::Relaxed);
    let steps = size.n(60, 2);
    for _ in 0..steps {
        w.step(DT);
    }
    let per_step = (ALLOCATIONS.load(Ordering::Relaxed) - allocations) as f64 / steps as f64;
    println!(
        "{} bodies: {per_body:.0} bytes per body as built; after settling, {} contacts and \
         {:.0} bytes per contact (the step's working memory included)",
        handles.len(),
        contacts,
        (settled - with_bodies) as f64 / contacts.max(1) as f64
    );
    println!("heap allocations per step in a steady state: {per_step:.1}");
    drop(w0);
}

fn print_tables(size: Size) {
    resting_table(size);
    timing_table(size);
    scaling_table(size);
    memory_table(size);
}

fn bench_pyramid(c: &mut Criterion) {
    let s = scenes::pyramid(20);
    let (mut ours, _) = scenes::build(&s, our_settings(false));
    let (mut theirs, _) = build_rapier(&s, false);
    for _ in 0..30 {
        ours.step(DT);
        theirs.step();
    }
    let mut group = c.benchmark_group("step");
    group.sample_size(30);
    group.bench_function("cavefly 20-row pyramid", |b| b.iter(|| ours.step(DT)));
    group.bench_function("rapier2d 20-row pyramid", |b| b.iter(|| theirs.step()));
    group.finish();
}

criterion_group!(benches, bench_pyramid);

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    print_tables(Size { full });
    benches();
    Criterion::default().configure_from_args().final_summary();
}
