//! Level validation: every value in range, every name unique, every reference resolved.
//! Meshes are checked by the loader, which reads them.

use super::build::to_brush;
use super::entities::Enemy;
use super::items::{Pad, Pickup};
use super::limits::{
    MAX_ANGLE, MAX_BODY_SIZE, MAX_FLAIR_SCALE, MAX_FRICTION, MAX_FUEL, MAX_ITERATIONS, MAX_PAR,
    MAX_PATH_SPEED, MAX_STARTS, MAX_SUBSTEPS, MAX_TIME_STEP, MIN_BODY_SIZE, MIN_TIME_STEP,
};
use super::names::Names;
use super::schema::{Level, LEVEL_VERSION};
use super::validate_bodies::{debris_body, drone, turret};
use super::validate_organic::check_organic;
use super::validate_shapes::Checker;
use crate::brush::carve_reach;

/// Every problem of `level` as (item path, message), in the order of the file's sections.
pub fn validate(level: &Level) -> Vec<(String, String)> {
    let mut c = Checker::default();
    // The loader upgrades older files, so anything but the current version is unreadable.
    if level.version != LEVEL_VERSION {
        let message = super::migrate::version_problem(level.version).unwrap_or_else(|| {
            format!(
                "level version {} must be upgraded before validation; expected {LEVEL_VERSION}",
                level.version
            )
        });
        c.fail("version", message);
    }
    if level.name.trim().is_empty() {
        c.fail("name", "expected a non-empty level name");
    }
    if let Some(par) = level.par {
        c.number("par", par, 0.0, MAX_PAR, true);
    }
    c.gravity("gravity", level.gravity);
    let ph = &level.physics;
    c.number(
        "physics.time_step",
        ph.time_step,
        MIN_TIME_STEP,
        MAX_TIME_STEP,
        false,
    );
    c.count("physics.substeps", ph.substeps, 1, MAX_SUBSTEPS);
    c.count(
        "physics.velocity_iterations",
        ph.velocity_iterations,
        1,
        MAX_ITERATIONS,
    );
    c.count(
        "physics.position_iterations",
        ph.position_iterations,
        0,
        MAX_ITERATIONS,
    );

    if level.world.rock.is_empty() {
        c.fail(
            "world.rock",
            "expected at least one rock shape: the world needs solid rock to carve",
        );
    }
    // The rock a carving can reach: the validator measures a carving's outline as the world
    // builds it, without its pieces beyond the rock.
    let rock: Vec<_> = level.world.rock.iter().map(to_brush).collect();
    let reach = carve_reach(&rock);
    for (section, shapes) in [
        ("rock", &level.world.rock),
        ("carve", &level.world.carve),
        ("add", &level.world.add),
    ] {
        for (i, s) in shapes.iter().enumerate() {
            let path = format!("world.{section}[{i}]");
            let before = c.problems.len();
            c.brush(&path, s);
            let shape_ok = c.problems.len() == before;
            let within = if section == "carve" {
                reach.as_ref()
            } else {
                None
            };
            check_organic(&mut c, &path, s, shape_ok, within);
        }
    }

    if let Some(friction) = level.world.friction {
        c.number("world.friction", friction, 0.0, MAX_FRICTION, false);
    }

    let mut names = Names::default();
    for (i, f) in level.flair.iter().enumerate() {
        let p = format!("flair[{i}]");
        names.add(&mut c, &p, &f.name);
        c.point(&format!("{p}.position"), f.position);
        c.finite(&format!("{p}.angle"), f.angle, MAX_ANGLE);
        c.number(&format!("{p}.scale"), f.scale, 0.0, MAX_FLAIR_SCALE, true);
    }
    for (i, d) in level.debris.iter().enumerate() {
        let p = format!("debris[{i}]");
        names.add(&mut c, &p, &d.name);
        c.point(&format!("{p}.position"), d.position);
        c.finite(&format!("{p}.angle"), d.angle, MAX_ANGLE);
        debris_body(&mut c, &p, &d.into());
    }
    starts(&mut c, level);
    for (i, e) in level.enemies.iter().enumerate() {
        let p = format!("enemies[{i}]");
        names.add(&mut c, &p, e.name());
        match e {
            Enemy::Turret {
                turret: def,
                position,
                angle,
            } => {
                c.point(&format!("{p}.position"), *position);
                c.finite(&format!("{p}.angle"), *angle, MAX_ANGLE);
                turret(&mut c, &p, def);
            }
            Enemy::Reactor {
                position, radius, ..
            } => {
                c.point(&format!("{p}.position"), *position);
                c.number(
                    &format!("{p}.radius"),
                    *radius,
                    MIN_BODY_SIZE / 2.0,
                    MAX_BODY_SIZE / 2.0,
                    false,
                );
            }
            Enemy::Drone(d) => {
                // Placed in the level, a drone starts at its path's first point.
                if d.path.is_empty() {
                    c.fail(format!("{p}.path"), "expected at least one point");
                }
                drone(&mut c, &p, d);
            }
        }
    }
    for (i, m) in level.movers.iter().enumerate() {
        let p = format!("movers[{i}]");
        names.add(&mut c, &p, &m.name);
        let sized = c.number(
            &format!("{p}.size.x"),
            m.size.x,
            MIN_BODY_SIZE,
            MAX_BODY_SIZE,
            false,
        ) & c.number(
            &format!("{p}.size.y"),
            m.size.y,
            MIN_BODY_SIZE,
            MAX_BODY_SIZE,
            false,
        );
        if let (true, Err(e)) = (sized, m.shape()) {
            c.fail(format!("{p}.size"), format!("{e}; expected a box"));
        }
        if m.path.len() < 2 {
            c.fail(
                format!("{p}.path"),
                format!("expected at least 2 points, got {}", m.path.len()),
            );
        }
        c.points(&format!("{p}.path"), &m.path);
        c.number(&format!("{p}.speed"), m.speed, 0.0, MAX_PATH_SPEED, true);
    }
    super::validate_script::validate_script(&mut c, &mut names, level);
    super::validate_rules::validate_rules(&mut c, &names, level);
    validate_items(&mut c, &level.pads, &level.pickups);
    c.problems
}

/// Checks the pads and pickups, and that their names are unique among themselves.
fn validate_items(c: &mut Checker, pads: &[Pad], pickups: &[Pickup]) {
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut name = |c: &mut Checker, path: String, n: &str| {
        if n.trim().is_empty() {
            c.fail(format!("{path}.name"), "expected a non-empty name");
        } else if let Some((_, first)) = seen.iter().find(|(s, _)| *s == n) {
            c.fail(
                format!("{path}.name"),
                format!("duplicate name `{n}`: already used by {first}"),
            );
        } else {
            seen.push((n.to_string(), path));
        }
    };
    for (i, p) in pads.iter().enumerate() {
        let path = format!("pads[{i}]");
        name(c, path.clone(), &p.name);
        c.point(&format!("{path}.position"), p.position);
        c.number(&format!("{path}.width"), p.width, 0.0, MAX_BODY_SIZE, true);
        c.number(
            &format!("{path}.refuel_rate"),
            p.refuel_rate,
            0.0,
            MAX_FUEL,
            true,
        );
    }
    for (i, p) in pickups.iter().enumerate() {
        let path = format!("pickups[{i}]");
        name(c, path.clone(), &p.name);
        c.point(&format!("{path}.position"), p.position);
        c.number(&format!("{path}.fuel"), p.fuel, 0.0, MAX_FUEL, true);
    }
}

/// Checks the players' starts: `player_start` or `player_starts` (not both), 1 to
/// [`MAX_STARTS`] of them, each at a point in range and a finite angle.
fn starts(c: &mut Checker, level: &Level) {
    match (&level.player_start, level.player_starts.len()) {
        (Some(_), n) if n > 0 => c.fail(
            "player_starts",
            "expected either `player_start` or `player_starts`, not both",
        ),
        (None, 0) => c.fail(
            "player_starts",
            format!(
                "expected `player_starts: [(position: (x, y)), ...]` with 1 to {MAX_STARTS} starts, or one `player_start`"
            ),
        ),
        (_, n) if n > MAX_STARTS => c.fail(
            "player_starts",
            format!("expected at most {MAX_STARTS} starts, got {n}"),
        ),
        _ => {}
    }
    if let Some(s) = &level.player_start {
        c.point("player_start.position", s.position);
        c.finite("player_start.angle", s.angle, MAX_ANGLE);
    }
    for (i, s) in level.player_starts.iter().enumerate() {
        c.point(&format!("player_starts[{i}].position"), s.position);
        c.finite(&format!("player_starts[{i}].angle"), s.angle, MAX_ANGLE);
    }
}
