//! Tiny and huge numbers: every limited number of a level, set to its smallest and its
//! largest allowed value one at a time in an enclosed hall, loads, and the level then runs
//! with every body finite and inside the rock around the hall (the rock is closed, so a body
//! outside it went through). The next value beyond each limit is refused, with a message
//! that names the limit. The same level moved next to the edge of the coordinate range runs
//! as sanely.

use cavefly::game::{Actions, Sim};
use cavefly::geom::Vec2;
use cavefly::level::limits::*;
use cavefly::level::{load_level_source, LoadedLevel};
use std::path::Path;

/// Steps each case runs: five seconds at the default rate (the hall's pieces fall, land and
/// settle; the drone, lift and door travel; the spawner fires).
const STEPS: usize = 600;

/// The hall: 300 m by 160 m inside 40 m of rock. Each `{key}` is a number under test.
const HALL: &str = r#"(
    version: 2,
    name: "extremes",
    gravity: ({gx}, {gy}),
    physics: (time_step: {time_step}, substeps: {substeps}, velocity_iterations: {velocity_iterations}, position_iterations: {position_iterations}),
    world: (
        rock: [Rect(min: ({x0}, -120.0), max: (200.0, 120.0))],
        carve: [Rect(min: (-150.0, -80.0), max: (150.0, 80.0))],
    ),
    flair: [(name: "speck", mesh: Inline((vertices: [(0.0, 0.0), (0.1, 0.0), (0.05, 0.1)], triangles: [(0, 1, 2)])), position: (100.0, -80.0), angle: {flair_angle}, scale: {flair_scale})],
    debris: [
        (name: "box", shape: Box(width: {box_w}, height: {box_h}), position: (0.0, 0.0), angle: {box_angle},
            velocity: ({vx}, {vy}), angular_velocity: {spin}, density: {density}, friction: {friction}, restitution: {restitution}),
        (name: "ball", shape: Circle(radius: {radius}), position: (-90.0, 20.0)),
        (name: "wedge", shape: Polygon(points: [(0.0, 0.0), ({wedge}, 0.0), (0.0, {wedge})]), position: (-110.0, 20.0)),
        (name: "pebble", shape: Box(width: 0.5, height: 0.5), position: (60.0, -79.5)),
    ],
    player_start: (position: (-130.0, -75.0), angle: {ship_angle}),
    enemies: [
        Turret(name: "gun", position: (140.0, -78.0), fire_interval: {fire_interval}, range: {range}),
        Drone(name: "bat", path: [(-60.0, 50.0), (60.0, 50.0)], speed: {drone_speed}),
        Reactor(name: "core", position: (-60.0, -60.0), radius: {reactor}),
    ],
    movers: [
        (name: "lift", kind: Lift, size: ({lift_w}, {lift_h}), path: [(120.0, -60.0), (120.0, 40.0)], speed: {lift_speed}),
        (name: "door", kind: Door, size: (2.0, 20.0), path: [(-140.0, 0.0), (-140.0, 20.0)], speed: {door_speed}),
    ],
    templates: [Debris(name: "rock", shape: Circle(radius: 0.5))],
    zones: [
        (name: "clock", shape: Circle(center: (0.0, 70.0), radius: 1.0), trigger: Every({every}), once: false,
            actions: [Spawn(template: "rock", at: (-20.0, 70.0)), OpenDoor("door"), Wait({wait})]),
        (name: "pull", shape: Circle(center: (0.0, 70.0), radius: 1.0), trigger: Timer({timer}),
            actions: [Gravity(({gx2}, {gy2})), Message(text: "pull", seconds: {message})]),
    ],
    pads: [(name: "home", position: (-130.0, -80.0), width: {pad_width}, refuel_rate: {refuel})],
    pickups: [(name: "can", position: (-100.0, -70.0), fuel: {fuel})],
    objective: DestroyAndEscape(target: "core", zone: "pull", seconds: {countdown}),
)"#;

/// Each key with its everyday value, its smallest and its largest allowed value. A bound
/// that is open (a value must be greater than zero) is probed with the smallest positive
/// number, 5e-324.
fn keys() -> Vec<(&'static str, f64, f64, f64)> {
    let tiny = 5e-324;
    vec![
        ("gx", 0.0, -MAX_GRAVITY, MAX_GRAVITY),
        ("gy", -4.0, -MAX_GRAVITY, MAX_GRAVITY),
        ("gx2", 0.0, -MAX_GRAVITY, MAX_GRAVITY),
        ("gy2", -4.0, -MAX_GRAVITY, MAX_GRAVITY),
        ("time_step", 1.0 / 120.0, MIN_TIME_STEP, MAX_TIME_STEP),
        ("substeps", 4.0, 1.0, MAX_SUBSTEPS as f64),
        ("velocity_iterations", 1.0, 1.0, MAX_ITERATIONS as f64),
        ("position_iterations", 1.0, 0.0, MAX_ITERATIONS as f64),
        ("x0", -200.0, -MAX_COORDINATE, -151.0),
        ("flair_angle", 0.0, -MAX_ANGLE, MAX_ANGLE),
        ("flair_scale", 1.0, tiny, MAX_FLAIR_SCALE),
        ("box_w", 1.0, MIN_BODY_SIZE, MAX_BODY_SIZE),
        ("box_h", 1.0, MIN_BODY_SIZE, MAX_BODY_SIZE),
        ("box_angle", 0.0, -MAX_ANGLE, MAX_ANGLE),
        ("vx", 0.0, -MAX_SPEED, MAX_SPEED),
        ("vy", 0.0, -MAX_SPEED, MAX_SPEED),
        ("spin", 0.0, -MAX_SPIN, MAX_SPIN),
        ("density", 1.0, MIN_DENSITY, MAX_DENSITY),
        ("friction", 0.6, 0.0, MAX_FRICTION),
        ("restitution", 0.1, 0.0, 1.0),
        ("radius", 0.5, MIN_BODY_SIZE / 2.0, MAX_BODY_SIZE / 2.0),
        (
            "wedge",
            1.0,
            MIN_BODY_SIZE * std::f64::consts::SQRT_2,
            MAX_BODY_SIZE / std::f64::consts::SQRT_2,
        ),
        ("ship_angle", 0.0, -MAX_ANGLE, MAX_ANGLE),
        ("fire_interval", 2.0, tiny, MAX_FIRE_INTERVAL),
        ("range", 30.0, tiny, MAX_BRUSH_SIZE),
        ("drone_speed", 3.0, tiny, MAX_PATH_SPEED),
        ("reactor", 1.5, MIN_BODY_SIZE / 2.0, MAX_BODY_SIZE / 2.0),
        ("lift_w", 4.0, MIN_BODY_SIZE, MAX_BODY_SIZE),
        ("lift_h", 1.0, MIN_BODY_SIZE, MAX_BODY_SIZE),
        ("lift_speed", 2.0, tiny, MAX_PATH_SPEED),
        ("door_speed", 2.0, tiny, MAX_PATH_SPEED),
        ("every", 2.0, MIN_PERIOD, MAX_SECONDS),
        ("wait", 1.0, 0.0, MAX_SECONDS),
        ("timer", 1.0, 0.0, MAX_SECONDS),
        ("message", 3.0, tiny, MAX_SECONDS),
        ("pad_width", 4.0, tiny, MAX_BODY_SIZE),
        ("refuel", 15.0, tiny, MAX_FUEL),
        ("fuel", 20.0, tiny, MAX_FUEL),
        ("countdown", 60.0, tiny, MAX_COUNTDOWN),
    ]
}

/// The hall with the numbers in `set` changed and every other at its everyday value.
fn hall(set: &[(&str, f64)]) -> String {
    let mut text = HALL.to_string();
    for (k, normal, _, _) in keys() {
        let v = set
            .iter()
            .find(|(s, _)| *s == k)
            .map_or(normal, |(_, v)| *v);
        // Whole numbers are written without a point: the counts are integers.
        let written = if v.fract() == 0.0 && v.abs() < 1e15 {
            format!("{}", v as i64)
        } else {
            format!("{v:?}")
        };
        text = text.replace(&format!("{{{k}}}"), &written);
    }
    assert!(!text.contains('{'), "a key of the hall has no value");
    text
}

/// Runs a loaded level; `Err` says which body went wrong, when and where.
fn run(level: &LoadedLevel, steps: usize) -> Result<(), String> {
    let bounds = level.world.solid.bounds().unwrap();
    let mut sim = Sim::from_level(level).map_err(|e| e.to_string())?;
    // Every moving body has a mass and an inertia the solver can divide by: positive normal
    // numbers (fixed-rotation movers and static bodies have none).
    for (handle, b) in sim.physics().bodies() {
        let usable = |v: f64| v == 0.0 || v.is_normal() && v > 0.0 && (1.0 / v).is_normal();
        if !usable(b.mass()) || !usable(b.inertia()) || (b.mass() > 0.0) != (b.inertia() > 0.0) {
            return Err(format!(
                "body {handle:?}: mass {} and inertia {} are not usable",
                b.mass(),
                b.inertia()
            ));
        }
    }
    for step in 1..=steps {
        sim.step(&Actions::default());
        for (handle, b) in sim.physics().bodies() {
            let p = b.position();
            let finite = p.is_finite()
                && b.angle().is_finite()
                && b.linear_velocity().is_finite()
                && b.angular_velocity().is_finite();
            let inside = p.cmpge(bounds.min).all() && p.cmple(bounds.max).all();
            if !finite || !inside {
                return Err(format!(
                    "step {step}: body {handle:?} (mass {}) at {p:?}, velocity {:?}",
                    b.mass(),
                    b.linear_velocity()
                ));
            }
        }
    }
    Ok(())
}

fn load(text: &str) -> Result<LoadedLevel, String> {
    load_level_source(text, Path::new("levels/extremes.ron")).map_err(|e| e.to_string())
}

#[test]
fn every_number_at_its_smallest_and_largest_allowed_value_runs_sanely() {
    let mut failures = Vec::new();
    for (key, _, lo, hi) in keys() {
        for value in [lo, hi] {
            // Gravity's limit is on its length: the other component is zero meanwhile.
            let other = match key {
                "gx" => "gy",
                "gy" => "gx",
                "gx2" => "gy2",
                _ => "gx2",
            };
            let outcome =
                load(&hall(&[(key, value), (other, 0.0)])).and_then(|level| run(&level, STEPS));
            if let Err(e) = outcome {
                failures.push(format!("{key} = {value:e}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_smallest_pieces_run_sanely_at_the_strongest_gravity_and_the_highest_speed() {
    let smallest = [
        ("box_w", MIN_BODY_SIZE),
        ("box_h", MIN_BODY_SIZE),
        ("radius", MIN_BODY_SIZE / 2.0),
        ("wedge", MIN_BODY_SIZE * std::f64::consts::SQRT_2),
        ("density", MIN_DENSITY),
    ];
    let combos: [&[(&str, f64)]; 6] = [
        &[("gx", 0.0), ("gy", -MAX_GRAVITY)],
        &[("gx", 0.0), ("gy", MAX_GRAVITY)],
        &[("gx", MAX_GRAVITY), ("gy", 0.0)],
        &[("vx", MAX_SPEED), ("spin", MAX_SPIN)],
        &[("vy", -MAX_SPEED), ("spin", -MAX_SPIN)],
        &[("time_step", MAX_TIME_STEP), ("gy", -MAX_GRAVITY)],
    ];
    let mut failures = Vec::new();
    for combo in combos {
        let set: Vec<(&str, f64)> = smallest.iter().chain(combo).copied().collect();
        if let Err(e) = load(&hall(&set)).and_then(|level| run(&level, STEPS)) {
            failures.push(format!("{combo:?}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// How the validator writes a limit in its messages.
fn written(v: f64) -> String {
    if v == 0.0 || (1e-4..1e15).contains(&v.abs()) {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

#[test]
fn the_next_number_beyond_each_limit_is_refused_naming_the_limit() {
    // Keys whose limit is a closed bound of one number (the gravity's is on its length, the
    // coordinate's on the rock corner, the polygon's on its shape: they have tests of their own).
    let skip = ["gx", "gy", "gx2", "gy2", "x0", "wedge"];
    for (key, _, lo, hi) in keys() {
        if skip.contains(&key) {
            continue;
        }
        // Counts step by one; other numbers by the next representable value.
        let counts = ["substeps", "velocity_iterations", "position_iterations"];
        let (below, above) = if counts.contains(&key) {
            (lo - 1.0, hi + 1.0)
        } else {
            (lo.next_down(), hi.next_up())
        };
        let beyond = [(lo > 5e-324).then_some((below, lo)), Some((above, hi))];
        for (value, limit) in beyond.into_iter().flatten() {
            let text = hall(&[(key, value)]);
            let errors = load_level_source(&text, Path::new("levels/extremes.ron"))
                .expect_err(&format!("{key} = {value:e} must be refused"));
            let named = errors
                .problems
                .iter()
                .any(|p| p.message.contains(&written(limit)));
            assert!(
                named,
                "{key} = {value:e}: the limit {limit} is not named:\n{errors}"
            );
        }
    }
}

#[test]
fn gravity_and_speed_beyond_their_limits_are_refused_naming_them() {
    let beyond = MAX_GRAVITY.next_up();
    for key in ["gx", "gy", "gx2", "gy2"] {
        let errors = load(&hall(&[(key, -beyond)])).unwrap_err();
        assert!(
            errors.contains(&format!("at most {MAX_GRAVITY} m/s²")),
            "{errors}"
        );
    }
    // On the diagonal each component is inside the limit but the length is not.
    let g = 0.8 * MAX_GRAVITY;
    let errors = load(&hall(&[("gx", g), ("gy", -g)])).unwrap_err();
    assert!(
        errors.contains("4:14: gravity: expected a finite gravity"),
        "{errors}"
    );
    let speed = 0.8 * MAX_SPEED;
    let errors = load(&hall(&[("vx", speed), ("vy", speed)])).unwrap_err();
    assert!(
        errors.contains(&format!("at most {MAX_SPEED} m/s")),
        "{errors}"
    );
}

#[test]
fn the_hall_moved_to_the_edge_of_the_coordinate_range_runs_sanely() {
    let base = hall(&[]);
    let level = load(&base).unwrap();
    // Every point of the hall moved by `offset`: the rock reaches the limit exactly.
    let offset = Vec2::new(MAX_COORDINATE - 200.0, MAX_COORDINATE - 120.0);
    let moved = shift_points(&base, offset);
    let far = load(&moved).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(far.world.segments.len(), level.world.segments.len());
    run(&far, STEPS).unwrap();
    // One step further is out of range.
    let beyond = shift_points(&base, offset + Vec2::new(1.0, 0.0));
    assert!(load(&beyond).unwrap_err().contains("within ±100000 m"));
}

/// `text` with every point of the world moved by `d`: positions, corners, centres, spawn
/// points and paths (vectors such as gravity, velocities and sizes, and the points of
/// debris polygons and meshes, which are in their own frames, stay).
fn shift_points(text: &str, d: Vec2) -> String {
    let mut out = String::new();
    let mut rest = text;
    let mut in_path = false;
    loop {
        let key = [
            "position: (",
            "min: (",
            "max: (",
            "center: (",
            "at: (",
            "path: [",
        ]
        .iter()
        .filter_map(|k| rest.find(k).map(|i| (i, *k)))
        .min();
        let next_tuple = rest.find('(');
        let next_close = rest.find(']');
        // Inside a path, every tuple before the closing bracket moves.
        let at = match (in_path, key, next_tuple, next_close) {
            (true, _, Some(t), Some(c)) if t < c => t,
            (true, _, _, Some(c)) => {
                in_path = false;
                out.push_str(&rest[..=c]);
                rest = &rest[c + 1..];
                continue;
            }
            (_, Some((i, "path: [")), _, _) => {
                in_path = true;
                out.push_str(&rest[..i + 7]);
                rest = &rest[i + 7..];
                continue;
            }
            (_, Some((i, k)), _, _) => i + k.len() - 1,
            _ => break,
        };
        out.push_str(&rest[..at]);
        let close = rest[at..].find(')').unwrap() + at;
        let (x, y) = rest[at + 1..close].split_once(", ").unwrap();
        let (x, y): (f64, f64) = (x.trim().parse().unwrap(), y.trim().parse().unwrap());
        out.push_str(&format!("({:?}, {:?})", x + d.x, y + d.y));
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}
