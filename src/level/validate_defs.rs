//! Validation of what the level defines once and uses in several places: the turret and
//! drone definitions (the same checks for one placed in `enemies` and one in `templates`)
//! and the players' starts.

use super::entities::{DroneDef, TurretDef};
use super::schema::Level;
use super::validate_shapes::{Checker, MAX_BRUSH_SIZE, MAX_RATE};

/// Most players a level can start.
pub const MAX_STARTS: usize = 4;

/// Checks a turret's definition, at item path `p`.
pub(super) fn turret(c: &mut Checker, p: &str, d: &TurretDef) {
    c.number(
        &format!("{p}.fire_interval"),
        d.fire_interval,
        0.0,
        3600.0,
        true,
    );
    c.number(&format!("{p}.range"), d.range, 0.0, MAX_BRUSH_SIZE, true);
}

/// Checks a drone's definition, at item path `p`.
pub(super) fn drone(c: &mut Checker, p: &str, d: &DroneDef) {
    c.points(&format!("{p}.path"), &d.path);
    c.number(&format!("{p}.speed"), d.speed, 0.0, MAX_RATE, true);
}

/// Checks the players' starts: `player_start` or `player_starts` (not both), 1 to
/// [`MAX_STARTS`] of them, each at a finite point and angle.
pub(super) fn starts(c: &mut Checker, level: &Level) {
    match (&level.player_start, level.player_starts.len()) {
        (Some(_), n) if n > 0 => c.fail(
            "player_starts",
            "expected either `player_start` or `player_starts`, not both",
        ),
        (None, 0) => c.fail(
            "player_starts",
            "expected `player_starts: [(position: (x, y)), ...]` with 1 to 4 starts, or one `player_start`",
        ),
        (_, n) if n > MAX_STARTS => c.fail(
            "player_starts",
            format!("expected at most {MAX_STARTS} starts, got {n}"),
        ),
        _ => {}
    }
    if let Some(s) = &level.player_start {
        c.point("player_start.position", s.position);
        c.finite("player_start.angle", s.angle, MAX_RATE);
    }
    for (i, s) in level.player_starts.iter().enumerate() {
        c.point(&format!("player_starts[{i}].position"), s.position);
        c.finite(&format!("player_starts[{i}].angle"), s.angle, MAX_RATE);
    }
}
