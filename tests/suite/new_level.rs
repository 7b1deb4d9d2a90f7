//! `cavefly new`: the starter level it writes loads, plays (the ship settles on its pad, the
//! hint zone shows its message, the exit wins), is named after the file, and an existing
//! file is never overwritten.

use cavefly::game::placement::ShipPlacement;
use cavefly::game::{Actions, Outcome, Sim};
use cavefly::geom::Vec2;
use cavefly::level::starter::{write_new_level, NEW_LEVEL};
use cavefly::level::{load_level, load_level_source, Objective, LEVEL_VERSION};
use std::path::Path;
use std::process::Command;

#[test]
fn the_starter_level_loads_and_simulates() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("03_ice_caves.ron");
    write_new_level(&path).unwrap();
    let loaded = load_level(&path).unwrap_or_else(|e| panic!("{e}"));
    let l = &loaded.level;
    assert_eq!(l.version, LEVEL_VERSION);
    assert_eq!(l.name, "Ice caves");
    assert!(l.debris.len() >= 3 && !l.pads.is_empty());
    assert!(l.zones.iter().any(|z| z.name == "tunnel_hint"));
    assert_eq!(l.objective, Objective::ReachZone("exit".into()));
    let mut sim = Sim::from_level(&loaded).unwrap();
    for _ in 0..600 {
        sim.step(&Actions::default());
    }
    // Five seconds later the ship has dropped onto its pad, unhurt, and waits there.
    let ship = sim.ship_placement().expect("the ship still flies");
    let pad = &l.pads[0];
    assert!(
        (ship.position.x - pad.position.x).abs() < pad.width / 2.0,
        "{ship:?}"
    );
    assert!((ship.position.y - pad.position.y).abs() < 1.5, "{ship:?}");
    assert!(ship.velocity.length() < 0.1, "{ship:?}");
    assert_eq!(sim.lives(), cavefly::game::sim::LIVES);
    assert_eq!(sim.debris().len(), 3);
}

#[test]
fn the_starter_level_shows_its_hint_and_is_won_at_the_exit() {
    let loaded = load_level_source(NEW_LEVEL, Path::new("levels/new_level.ron")).unwrap();
    let mut sim = Sim::from_level(&loaded).unwrap();
    let hover = |at: Vec2| ShipPlacement {
        position: at,
        angle: 0.0,
        velocity: Vec2::ZERO,
        angular_velocity: 0.0,
    };
    // Into the hint zone at the tunnel's mouth: its message shows.
    assert!(sim.place_ship(&hover(Vec2::new(-20.0, -4.0))));
    sim.step(&Actions::default());
    let message = sim.hud().message.expect("the hint shows");
    assert!(message.contains("way out"), "{message}");
    assert_eq!(sim.outcome(), None);
    // Into the exit zone: the level is won.
    assert!(sim.place_ship(&hover(Vec2::new(38.0, 14.0))));
    sim.step(&Actions::default());
    assert_eq!(sim.outcome(), Some(Outcome::Won));
}

#[test]
fn the_shipped_starter_text_is_a_valid_level() {
    let loaded = load_level_source(NEW_LEVEL, Path::new("levels/new_level.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.level.name, "New Level");
    // Commented for a newcomer: most lines that set something say what it is.
    assert!(NEW_LEVEL.matches("//").count() >= 10);
}

#[test]
fn an_existing_file_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.ron");
    std::fs::write(&path, "my work").unwrap();
    let e = write_new_level(&path).unwrap_err();
    assert!(e.contains("already exists"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "my work");
    // A folder that does not exist is an error too, naming the path.
    let lost = dir.path().join("no_such_folder").join("x.ron");
    assert!(write_new_level(&lost)
        .unwrap_err()
        .contains("no_such_folder"));
}

#[test]
fn the_command_writes_a_level_that_check_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pocket.ron");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_cavefly"))
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), text)
    };
    let file = path.to_str().unwrap();
    let (ok, text) = run(&["new", file]);
    assert!(ok, "{text}");
    assert!(text.contains("wrote"), "{text}");
    let (ok, text) = run(&["check", file]);
    assert!(ok && text.contains(": OK: "), "{text}");
    let (ok, text) = run(&["new", file]);
    assert!(!ok && text.contains("already exists"), "{text}");
}
