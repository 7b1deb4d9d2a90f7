//! Live reload: a play session picks up a saved change, keeps the last good level running
//! through a broken save while holding its error (file, line:column, item), clears the
//! error on the next good save, and carries the ship over when its spot is still open.

use cavefly::game::placement::ShipPlacement;
use cavefly::game::session::{PlaySession, Reloaded, ShipCarry};
use cavefly::game::Actions;
use cavefly::geom::Vec2;
use cavefly::level::load_level;
use cavefly::level::watch::{LevelWatcher, DEBOUNCE};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A small level: a box of rock with a room carved out, the ship on the left. `ADD` marks
/// where a test adds rock; `START` the player start.
const BASE: &str = r#"// A room for reload tests.
(
    version: 2,
    name: "Reload",
    world: (
        rock: [Rect(min: (-40.0, -30.0), max: (40.0, 30.0))],
        carve: [Rect(min: (-30.0, -20.0), max: (30.0, 20.0))],
        add: [ADD],
    ),
    debris: [(name: "crate", shape: Box(width: 1.0, height: 1.0), position: (10.0, -19.5))],
    player_start: (position: START),
)
"#;

fn level(add: &str, start: (f64, f64)) -> String {
    BASE.replace("ADD", add)
        .replace("START", &format!("({:?}, {:?})", start.0, start.1))
}

/// A temporary folder holding `level.ron` with `text`, and a session on it.
fn session(text: &str) -> (tempfile::TempDir, PathBuf, PlaySession) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("level.ron");
    std::fs::write(&path, text).unwrap();
    let s = PlaySession::open(&path).unwrap_or_else(|e| panic!("{e}"));
    (dir, path, s)
}

fn steps(s: &mut PlaySession, n: usize) {
    for _ in 0..n {
        s.step(&Actions::default());
    }
}

#[test]
fn a_saved_change_is_picked_up() {
    let (_dir, path, mut s) = session(&level("", (-20.0, 0.0)));
    let before = s.level().world.segments.len();
    steps(&mut s, 30);
    // Move a rock in: a pillar in the middle of the room.
    std::fs::write(
        &path,
        level("Rect(min: (-2.0, -20.0), max: (2.0, 5.0))", (-20.0, 0.0)),
    )
    .unwrap();
    assert!(matches!(s.reload(), Reloaded::Applied(_)));
    assert!(s.error().is_none());
    let expected = load_level(&path).unwrap();
    let after = s.level().world.segments.len();
    assert_eq!(after, expected.world.segments.len());
    assert!(after > before, "the pillar adds sides: {before} → {after}");
    assert_eq!(s.sim().physics().rock().len(), after);
    assert!(s.level().world.solid.contains(Vec2::new(0.0, 0.0)));
    assert_eq!(s.reloads(), 1);
}

#[test]
fn a_broken_save_keeps_the_last_good_level_and_names_the_problem() {
    let good = level("", (-20.0, 0.0));
    let (_dir, path, mut s) = session(&good);
    let segments = s.level().world.segments.len();
    // A syntax error: the comma after `name` is missing (line 4 of the file).
    let broken = good.replace("name: \"Reload\",", "name: \"Reload\"");
    std::fs::write(&path, &broken).unwrap();
    assert_eq!(s.reload(), Reloaded::Failed);
    let e = s.error().expect("the error is held").problems[0].clone();
    assert_eq!(e.file, path);
    assert!(e.line == 4 || e.line == 5, "{e}");
    assert!(e.col >= 1, "{e}");
    // The old level keeps running.
    assert_eq!(s.level().world.segments.len(), segments);
    let before = s.sim().steps();
    steps(&mut s, 10);
    assert_eq!(s.sim().steps(), before + 10);
    // An unknown field, on line 4: the error names it, line and column.
    let typo = good.replace("    name: \"Reload\",", "    nmae: \"Reload\",");
    std::fs::write(&path, &typo).unwrap();
    assert_eq!(s.reload(), Reloaded::Failed);
    let e = s.error().unwrap().problems[0].clone();
    assert_eq!((e.line, e.col, e.item.as_str()), (4, 5, "nmae"), "{e}");
    assert!(e.message.contains("unknown field `nmae`"), "{e}");
    assert!(e
        .to_string()
        .starts_with(&format!("{}:4:5: nmae: ", path.display())));
    // A value the validator refuses: named by its item path.
    let bad = good.replace(
        "Box(width: 1.0, height: 1.0)",
        "Box(width: -1.0, height: 1.0)",
    );
    std::fs::write(&path, &bad).unwrap();
    assert_eq!(s.reload(), Reloaded::Failed);
    let e = s.error().unwrap().problems[0].clone();
    assert!(e.item.starts_with("debris[0].shape"), "{e}");
    assert_eq!(e.line, 10, "{e}");
    assert_eq!(s.reloads(), 0);
    // Fixed: the error clears and the fixed level runs.
    std::fs::write(
        &path,
        level("Circle(center: (20.0, 10.0), radius: 3.0)", (-20.0, 0.0)),
    )
    .unwrap();
    assert!(matches!(s.reload(), Reloaded::Applied(_)));
    assert!(s.error().is_none());
    assert!(s.level().world.segments.len() > segments);
}

#[test]
fn a_deleted_file_is_an_error_and_the_level_keeps_running() {
    let (_dir, path, mut s) = session(&level("", (-20.0, 0.0)));
    std::fs::remove_file(&path).unwrap();
    assert_eq!(s.reload(), Reloaded::Failed);
    let e = &s.error().unwrap().problems[0];
    assert_eq!(e.file, path);
    assert!(e.message.contains("cannot read"), "{e}");
    steps(&mut s, 5);
    assert_eq!(s.sources(), vec![path]);
}

#[test]
fn the_ship_keeps_its_spot_and_motion_when_the_spot_stays_open() {
    let (_dir, path, mut s) = session(&level("", (-20.0, 0.0)));
    steps(&mut s, 40); // falling
    let was = s.sim().ship_placement().unwrap();
    assert!(was.velocity.y < -0.5, "{was:?}");
    std::fs::write(
        &path,
        level("Circle(center: (20.0, 0.0), radius: 4.0)", (-20.0, 0.0)),
    )
    .unwrap();
    assert_eq!(s.reload(), Reloaded::Applied(ShipCarry::Kept(was)));
    let now = s.sim().ship_placement().unwrap();
    // The same spot and motion, up to the rounding of turning an angle into a rotation.
    assert!(
        (now.position - was.position).length() < 1e-12,
        "{now:?} {was:?}"
    );
    assert!((now.angle - was.angle).abs() < 1e-12);
    assert_eq!(now.velocity, was.velocity);
    assert_eq!(now.angular_velocity, was.angular_velocity);
    // It goes on falling from there.
    steps(&mut s, 1);
    assert!(s.sim().ship_placement().unwrap().position.y < was.position.y);
}

#[test]
fn the_ship_starts_over_when_rock_now_fills_its_spot() {
    let (_dir, path, mut s) = session(&level("", (-20.0, 0.0)));
    steps(&mut s, 20);
    let was = s.sim().ship_placement().unwrap();
    // Rock fills the left of the room; the start moves to the right.
    let filled = level("Rect(min: (-30.0, -20.0), max: (-10.0, 20.0))", (20.0, 0.0));
    std::fs::write(&path, filled).unwrap();
    assert_eq!(s.reload(), Reloaded::Applied(ShipCarry::Respawned));
    let now = s.sim().ship_placement().unwrap();
    assert_ne!(now.position, was.position);
    assert!(
        (now.position - Vec2::new(20.0, 0.0)).length() < 1e-12,
        "{now:?}"
    );
    assert_eq!(now.velocity, Vec2::ZERO);
}

#[test]
fn the_ship_starts_over_when_it_would_touch_rock() {
    let (_dir, path, mut s) = session(&level("", (-20.0, 0.0)));
    let was = s.sim().ship_placement().unwrap();
    // A thin ledge through the ship's origin's neighbourhood, not covering the origin.
    let ledge = format!(
        "Rect(min: ({:?}, {:?}), max: ({:?}, {:?}))",
        was.position.x - 3.0,
        was.position.y + 0.4,
        was.position.x + 3.0,
        was.position.y + 0.6
    );
    std::fs::write(&path, level(&ledge, (20.0, 0.0))).unwrap();
    assert!(!load_level(&path)
        .unwrap()
        .world
        .solid
        .contains(was.position));
    assert_eq!(s.reload(), Reloaded::Applied(ShipCarry::Respawned));
}

#[test]
fn a_mesh_file_change_reloads_through_the_watcher() {
    // The shipped first level with its meshes, copied so the test can edit them.
    let dir = tempfile::tempdir().unwrap();
    let levels = dir.path().join("levels");
    let meshes = dir.path().join("assets").join("meshes");
    std::fs::create_dir_all(&levels).unwrap();
    std::fs::create_dir_all(&meshes).unwrap();
    for entry in std::fs::read_dir("assets/meshes").unwrap() {
        let from = entry.unwrap().path();
        std::fs::copy(&from, meshes.join(from.file_name().unwrap())).unwrap();
    }
    let path = levels.join("04_first_flight.ron");
    std::fs::copy("levels/04_first_flight.ron", &path).unwrap();
    let mut s = PlaySession::open(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.sources().len() > 1, "the level reads mesh files");
    assert!(s.sources().iter().any(|p| p.ends_with("arch.ron")));
    let mut w = LevelWatcher::new(&s.sources()).unwrap();
    let before = s.level().world.segments.clone();
    steps(&mut s, 10);

    // Scale the arch's mesh: the rock around it changes.
    let arch = s
        .sources()
        .into_iter()
        .find(|p| p.ends_with("arch.ron"))
        .unwrap();
    let text = std::fs::read_to_string(&arch).unwrap();
    let mesh = cavefly::level::load_mesh_file(&arch).unwrap();
    let mut moved = mesh.clone();
    for v in &mut moved.vertices {
        *v *= 0.8;
    }
    let t0 = Instant::now();
    std::fs::write(&arch, ron::to_string(&moved).unwrap()).unwrap();
    assert_ne!(text, std::fs::read_to_string(&arch).unwrap());
    let mut noticed = false;
    for _ in 0..200 {
        assert!(!w.poll_changed(t0), "not before the debounce");
        if w.pending() {
            noticed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(noticed, "{:?}", w.mode());
    // The write may reach the watcher as more than one event, the later ones after it was
    // first noticed (more likely on a loaded machine); the change is due a debounce after
    // the last of them.
    let mut now = t0;
    let due = (0..100).any(|_| {
        now += DEBOUNCE;
        std::thread::sleep(Duration::from_millis(10));
        w.poll_changed(now)
    });
    assert!(due, "{:?}", w.mode());
    assert!(matches!(s.reload(), Reloaded::Applied(_)));
    w.watch(&s.sources()).unwrap();
    assert_ne!(s.level().world.segments, before);
    assert!(s.error().is_none());
}

#[test]
fn reload_from_switches_the_file() {
    let (dir, _path, mut s) = session(&level("", (-20.0, 0.0)));
    let other = dir.path().join("other.ron");
    std::fs::write(
        &other,
        level("Circle(center: (0.0, 0.0), radius: 5.0)", (-20.0, 0.0)),
    )
    .unwrap();
    assert!(matches!(s.reload_from(&other), Reloaded::Applied(_)));
    assert_eq!(s.path(), Path::new(&other));
    assert_eq!(s.sources()[0], other);
}

#[test]
fn the_ship_starts_over_when_a_debris_piece_now_fills_its_spot() {
    let (_dir, path, mut s) = session(&level("", (-20.0, 0.0)));
    let was = s.sim().ship_placement().unwrap();
    let boulder = format!(
        "debris: [(name: \"boulder\", shape: Circle(radius: 1.0), position: ({:?}, {:?}))],",
        was.position.x, was.position.y
    );
    let text = level("", (20.0, 0.0)).replace(
        "debris: [(name: \"crate\", shape: Box(width: 1.0, height: 1.0), position: (10.0, -19.5))],",
        &boulder,
    );
    assert!(text.contains("boulder"));
    std::fs::write(&path, text).unwrap();
    assert_eq!(s.reload(), Reloaded::Applied(ShipCarry::Respawned));
}

#[test]
fn placing_the_ship_refuses_numbers_that_are_not_finite() {
    let (_dir, _path, mut s) = session(&level("", (-20.0, 0.0)));
    let was = s.sim().ship_placement().unwrap();
    let bad = ShipPlacement {
        velocity: Vec2::new(f64::NAN, 0.0),
        ..was
    };
    assert!(!s.sim_mut().place_ship(&bad));
    assert_eq!(s.sim().ship_placement(), Some(was));
    assert!(!s.sim().ship_overlaps());
    assert_eq!(
        s.sim().ship_corners().len(),
        5 * 4 + 1,
        "a five-cornered hull and four four-cornered parts"
    );
}

#[test]
fn the_session_reloads_once_its_watcher_has_been_quiet() {
    let (_dir, path, mut s) = session(&level("", (-20.0, 0.0)));
    let mut w = LevelWatcher::polling(&s.sources()).unwrap();
    let t0 = Instant::now();
    assert_eq!(s.reload_if_changed(&mut w, t0), None);
    std::fs::write(
        &path,
        level("Circle(center: (20.0, 10.0), radius: 3.0)", (-20.0, 0.0)),
    )
    .unwrap();
    // Noticed now, but not yet quiet: the half-written save is not read.
    assert_eq!(
        s.reload_if_changed(&mut w, t0 + Duration::from_millis(10)),
        None
    );
    assert_eq!(s.reloads(), 0);
    let later = t0 + Duration::from_millis(10) + DEBOUNCE;
    assert!(matches!(
        s.reload_if_changed(&mut w, later),
        Some(Reloaded::Applied(_))
    ));
    assert_eq!(s.reloads(), 1);
    assert_eq!(s.reload_if_changed(&mut w, later + DEBOUNCE), None);
    // A broken save is reported the same way and leaves the level running.
    std::fs::write(&path, "(version: 2, name: ").unwrap();
    let t1 = later + 4 * DEBOUNCE;
    assert_eq!(s.reload_if_changed(&mut w, t1), None);
    assert_eq!(
        s.reload_if_changed(&mut w, t1 + DEBOUNCE),
        Some(Reloaded::Failed)
    );
    assert!(s.error().is_some());
    assert_eq!(w.files().collect::<Vec<_>>(), vec![path.as_path()]);
}
