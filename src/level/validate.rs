//! Level validation: every value in range, every name unique, every reference resolved.
//! Meshes are checked by the loader, which reads them.

use super::entities::Enemy;
use super::schema::{Level, LEVEL_VERSION};
use super::validate_shapes::{Checker, MAX_BODY_SIZE};

use std::collections::BTreeMap;

pub(super) use super::validate_shapes::MAX_RATE;

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
    if !level.gravity.is_finite() || level.gravity.length() > 1000.0 {
        c.fail(
            "gravity",
            format!(
                "expected a finite gravity of at most 1000 m/s², got ({}, {})",
                level.gravity.x, level.gravity.y
            ),
        );
    }
    let ph = &level.physics;
    c.number("physics.time_step", ph.time_step, 0.0, 0.1, true);
    c.number("physics.substeps", ph.substeps as f64, 1.0, 64.0, false);
    c.number(
        "physics.velocity_iterations",
        ph.velocity_iterations as f64,
        1.0,
        100.0,
        false,
    );
    c.number(
        "physics.position_iterations",
        ph.position_iterations as f64,
        0.0,
        100.0,
        false,
    );

    if level.world.rock.is_empty() {
        c.fail(
            "world.rock",
            "expected at least one rock shape: the world needs solid rock to carve",
        );
    }
    for (section, shapes) in [
        ("rock", &level.world.rock),
        ("carve", &level.world.carve),
        ("add", &level.world.add),
    ] {
        for (i, s) in shapes.iter().enumerate() {
            c.brush(&format!("world.{section}[{i}]"), s);
        }
    }

    let mut names = Names::default();
    for (i, f) in level.flair.iter().enumerate() {
        let p = format!("flair[{i}]");
        names.add(&mut c, &p, &f.name);
        c.point(&format!("{p}.position"), f.position);
        c.finite(&format!("{p}.angle"), f.angle, MAX_RATE);
        c.number(&format!("{p}.scale"), f.scale, 0.0, 1000.0, true);
    }
    for (i, d) in level.debris.iter().enumerate() {
        let p = format!("debris[{i}]");
        names.add(&mut c, &p, &d.name);
        c.debris_shape(&format!("{p}.shape"), &d.shape);
        c.point(&format!("{p}.position"), d.position);
        c.finite(&format!("{p}.angle"), d.angle, MAX_RATE);
        if !d.velocity.is_finite() || d.velocity.length() > MAX_RATE {
            c.fail(
                format!("{p}.velocity"),
                format!("expected a finite speed of at most {MAX_RATE} m/s"),
            );
        }
        c.finite(
            &format!("{p}.angular_velocity"),
            d.angular_velocity,
            MAX_RATE,
        );
        c.number(&format!("{p}.density"), d.density, 0.0, 1.0e5, true);
        c.number(&format!("{p}.friction"), d.friction, 0.0, 10.0, false);
        c.number(&format!("{p}.restitution"), d.restitution, 0.0, 1.0, false);
    }
    super::validate_defs::starts(&mut c, level);
    for (i, e) in level.enemies.iter().enumerate() {
        let p = format!("enemies[{i}]");
        names.add(&mut c, &p, e.name());
        match e {
            Enemy::Turret {
                turret,
                position,
                angle,
            } => {
                c.point(&format!("{p}.position"), *position);
                c.finite(&format!("{p}.angle"), *angle, MAX_RATE);
                super::validate_defs::turret(&mut c, &p, turret);
            }
            Enemy::Reactor {
                position, radius, ..
            } => {
                c.point(&format!("{p}.position"), *position);
                c.number(&format!("{p}.radius"), *radius, 0.0, MAX_BODY_SIZE, true);
            }
            Enemy::Drone(drone) => {
                // Placed in the level, a drone starts at its path's first point.
                if drone.path.is_empty() {
                    c.fail(format!("{p}.path"), "expected at least one point");
                }
                super::validate_defs::drone(&mut c, &p, drone);
            }
        }
    }
    for (i, m) in level.movers.iter().enumerate() {
        let p = format!("movers[{i}]");
        names.add(&mut c, &p, &m.name);
        c.number(&format!("{p}.size.x"), m.size.x, 0.0, MAX_BODY_SIZE, true);
        c.number(&format!("{p}.size.y"), m.size.y, 0.0, MAX_BODY_SIZE, true);
        if m.path.len() < 2 {
            c.fail(
                format!("{p}.path"),
                format!("expected at least 2 points, got {}", m.path.len()),
            );
        }
        c.points(&format!("{p}.path"), &m.path);
        c.number(&format!("{p}.speed"), m.speed, 0.0, MAX_RATE, true);
    }
    super::validate_script::validate_script(&mut c, &mut names, level);
    super::items::validate_items(&mut c, &level.pads, &level.pickups);
    c.problems
}

/// Entity names (flair, debris, enemies, movers, zones share one namespace), with the path
/// of the item that holds each.
#[derive(Default)]
pub(super) struct Names {
    owner: BTreeMap<String, String>,
}

impl Names {
    /// Records `name` as held by the item at `path`; a second holder is an error.
    pub(super) fn add(&mut self, c: &mut Checker, path: &str, name: &str) {
        if name.trim().is_empty() {
            c.fail(format!("{path}.name"), "expected a non-empty name");
        } else if let Some(first) = self.owner.get(name) {
            c.fail(format!("{path}.name"), format!("duplicate name `{name}`: already used by {first}; expected names unique across flair, debris, enemies, movers and zones"));
        } else {
            self.owner.insert(name.to_string(), path.to_string());
        }
    }

    /// Checks that `name` is held by an item `is_kind` accepts (by its path).
    pub(super) fn expect(
        &self,
        c: &mut Checker,
        path: &str,
        name: &str,
        what: &str,
        is_kind: impl Fn(&str) -> bool,
    ) {
        match self.owner.get(name) {
            Some(p) if is_kind(p) => {}
            Some(p) => c.fail(path, format!("`{name}` is {p}, not a {what}")),
            None => {
                let valid: Vec<&str> = self
                    .owner
                    .iter()
                    .filter(|(_, p)| is_kind(p))
                    .map(|(n, _)| n.as_str())
                    .collect();
                c.fail(
                    path,
                    format!("unknown {what} `{name}`; expected one of: {}", list(&valid)),
                );
            }
        }
    }
}

/// The names in backticks, or a note that there are none.
pub(super) fn list(names: &[&str]) -> String {
    super::ron_message::backticked(names, "(none declared)")
}

/// Checks that `name` is one of `declared`, else lists them.
pub(super) fn known(c: &mut Checker, path: &str, name: &str, what: &str, declared: &[&str]) {
    if !declared.contains(&name) {
        c.fail(
            path,
            format!(
                "unknown {what} `{name}`; expected one of: {}",
                list(declared)
            ),
        );
    }
}

/// The non-empty, unique names of a section, with an error for each other.
pub(super) fn unique_list<'a>(
    c: &mut Checker,
    section: &str,
    names: impl Iterator<Item = &'a str>,
) -> Vec<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for (i, n) in names.enumerate() {
        if n.trim().is_empty() {
            c.fail(format!("{section}[{i}]"), "expected a non-empty name");
        } else if seen.contains(&n) {
            c.fail(
                format!("{section}[{i}]"),
                format!("duplicate name `{n}` in {section}"),
            );
        } else {
            seen.push(n);
        }
    }
    seen
}
