//! The ship's definition, read from `assets/ship.ron`: its component parts and how it flies,
//! fights and tows. Every number is checked on load, and a problem names the file, the line
//! and column or the item path, and what was expected.

use crate::geom::{ConvexPolygon, Vec2};
use crate::level::{parse_ron, LevelErrors, Problem};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The ship file this build reads.
pub const SHIP_VERSION: u32 = 1;

/// The built-in ship, compiled in so the game runs from any folder.
const BUILTIN: &str = include_str!("../../assets/ship.ron");

/// A ship component. Each is a collider part of the ship's one body with its own health.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PartKind {
    /// The cockpit and frame: destroyed, the ship explodes.
    Hull,
    /// Half the thrust; damaged, it gives less and sputters.
    LeftEngine,
    /// The other half.
    RightEngine,
    /// The laser; destroyed, it stops firing.
    Gun,
    /// The tractor-beam emitter; destroyed, the beam stops working.
    Tractor,
}

impl PartKind {
    /// Every part, in the order the ship stores them.
    pub const ALL: [PartKind; 5] = [
        PartKind::Hull,
        PartKind::LeftEngine,
        PartKind::RightEngine,
        PartKind::Gun,
        PartKind::Tractor,
    ];

    /// Its index in [`PartKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name the HUD shows.
    pub fn label(self) -> &'static str {
        match self {
            PartKind::Hull => "hull",
            PartKind::LeftEngine => "left engine",
            PartKind::RightEngine => "right engine",
            PartKind::Gun => "gun",
            PartKind::Tractor => "tractor",
        }
    }
}

/// One part: its outline and its health.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartDef {
    /// Which component.
    pub part: PartKind,
    /// Health when new.
    pub health: f64,
    /// Convex outline, counter-clockwise, ship frame.
    pub points: Vec<Vec2>,
}

/// How collisions hurt.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageDef {
    /// Impact energy a part takes without harm, J.
    pub threshold: f64,
    /// Health lost per joule above the threshold.
    pub per_joule: f64,
    /// Sliding speed along rock that throws sparks, m/s.
    pub scrape_speed: f64,
}

/// The laser.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunDef {
    /// Where the beam starts, ship frame.
    pub muzzle: Vec2,
    /// Seconds between shots.
    pub cooldown: f64,
    /// Beam length, m.
    pub range: f64,
    /// Damage per hit, in hits.
    pub damage: f64,
}

/// The tractor beam.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TractorDef {
    /// Where the beam starts, ship frame.
    pub emitter: Vec2,
    /// Farthest lock, m.
    pub range: f64,
    /// Half-angle of the lock cone about the nose, radians.
    pub cone: f64,
    /// Spring stiffness, N/m.
    pub stiffness: f64,
    /// Damping, N·s/m.
    pub damping: f64,
    /// Largest pull, N.
    pub max_force: f64,
    /// The beam lets go above this force, N.
    pub break_force: f64,
}

/// An engine: where it pushes from and which way, both in the ship's frame. Each engine
/// gives half the ship's thrust when whole, less as it is hurt.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineDef {
    /// The part it is: `LeftEngine` or `RightEngine`.
    pub part: PartKind,
    /// Where its thrust acts, m.
    pub at: Vec2,
    /// The way it pushes the ship (a unit vector; exhaust leaves the other way).
    pub direction: Vec2,
}

/// The whole ship.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipDef {
    /// File format version; must be [`SHIP_VERSION`].
    pub version: u32,
    /// Engine force with both engines whole, N.
    pub thrust: f64,
    /// Turning rate while a rotate key is held, rad/s.
    pub turn_rate: f64,
    /// How fast the attitude thrusters bring the spin to what the keys ask (that rate, or
    /// none), 1/s, within their torque.
    pub turn_response: f64,
    /// The most torque the attitude thrusters give, N·m: what a hurt engine's pull to one
    /// side has to be fought with.
    pub turn_torque: f64,
    /// The two main engines.
    pub engines: Vec<EngineDef>,
    /// Fuel when full, seconds of thrust.
    pub fuel: f64,
    /// Linear drag, 1/s.
    pub drag: f64,
    /// Density of every part, kg/m².
    pub density: f64,
    /// Friction against rock and debris.
    pub friction: f64,
    /// Bounciness, 0 to 1.
    pub restitution: f64,
    /// How collisions hurt.
    pub damage: DamageDef,
    /// The laser.
    pub gun: GunDef,
    /// The tractor beam.
    pub tractor: TractorDef,
    /// The parts, one of each kind.
    pub parts: Vec<PartDef>,
}

impl ShipDef {
    /// The ship compiled into the game (`assets/ship.ron`).
    pub fn builtin() -> Result<ShipDef, LevelErrors> {
        ShipDef::from_source(BUILTIN, Path::new("assets/ship.ron"))
    }

    /// Reads and checks a ship file.
    pub fn load(path: &Path) -> Result<ShipDef, LevelErrors> {
        let text = crate::level::read_text_file(path).map_err(|e| LevelErrors {
            problems: vec![problem(path, "", format!("cannot read the file: {e}"))],
        })?;
        ShipDef::from_source(&text, path)
    }

    /// Parses and checks `source`, the text of the ship file `path`.
    pub fn from_source(source: &str, path: &Path) -> Result<ShipDef, LevelErrors> {
        let def: ShipDef = parse_ron(source, path)?;
        let problems = def.check(path);
        if problems.is_empty() {
            Ok(def)
        } else {
            Err(LevelErrors { problems })
        }
    }

    /// The engine of part `kind` (each engine is present once after loading).
    pub fn engine(&self, kind: PartKind) -> Option<&EngineDef> {
        self.engines.iter().find(|e| e.part == kind)
    }

    /// The part definition of `kind` (each kind is present once after loading).
    pub fn part(&self, kind: PartKind) -> Option<&PartDef> {
        self.parts.iter().find(|p| p.part == kind)
    }

    /// Every problem of the definition, with item paths.
    fn check(&self, file: &Path) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut bad = |item: &str, message: String| out.push(problem(file, item, message));
        if self.version != SHIP_VERSION {
            bad(
                "version",
                format!(
                    "this game reads ship version {SHIP_VERSION}, found {}",
                    self.version
                ),
            );
        }
        let positive = [
            ("thrust", self.thrust),
            ("turn_rate", self.turn_rate),
            ("turn_response", self.turn_response),
            ("turn_torque", self.turn_torque),
            ("density", self.density),
            ("gun.cooldown", self.gun.cooldown),
            ("gun.range", self.gun.range),
            ("tractor.range", self.tractor.range),
            ("tractor.cone", self.tractor.cone),
            ("tractor.max_force", self.tractor.max_force),
            ("tractor.break_force", self.tractor.break_force),
        ];
        for (item, x) in positive {
            if !(x.is_finite() && x > 0.0) {
                bad(item, format!("expected a positive number, found {x}"));
            }
        }
        let non_negative = [
            ("fuel", self.fuel),
            ("drag", self.drag),
            ("friction", self.friction),
            ("restitution", self.restitution),
            ("damage.threshold", self.damage.threshold),
            ("damage.per_joule", self.damage.per_joule),
            ("damage.scrape_speed", self.damage.scrape_speed),
            ("gun.damage", self.gun.damage),
            ("tractor.stiffness", self.tractor.stiffness),
            ("tractor.damping", self.tractor.damping),
        ];
        for (item, x) in non_negative {
            if !(x.is_finite() && x >= 0.0) {
                bad(item, format!("expected a number of 0 or more, found {x}"));
            }
        }
        for (i, p) in self.parts.iter().enumerate() {
            if let Err(e) = ConvexPolygon::new(&p.points) {
                bad(&format!("parts[{i}].points"), e.to_string());
            }
            if !(p.health.is_finite() && p.health > 0.0) {
                bad(
                    &format!("parts[{i}].health"),
                    format!("expected a positive number, found {}", p.health),
                );
            }
        }
        for (i, e) in self.engines.iter().enumerate() {
            if !matches!(e.part, PartKind::LeftEngine | PartKind::RightEngine) {
                bad(
                    &format!("engines[{i}].part"),
                    format!("expected LeftEngine or RightEngine, found {:?}", e.part),
                );
            }
            if !e.at.is_finite() {
                bad(
                    &format!("engines[{i}].at"),
                    "expected a finite point".to_string(),
                );
            }
            if !(e.direction.is_finite() && (e.direction.length() - 1.0).abs() < 1e-6) {
                bad(
                    &format!("engines[{i}].direction"),
                    format!(
                        "expected a unit vector, found ({}, {})",
                        e.direction.x, e.direction.y
                    ),
                );
            }
        }
        for kind in [PartKind::LeftEngine, PartKind::RightEngine] {
            let count = self.engines.iter().filter(|e| e.part == kind).count();
            if count != 1 {
                bad(
                    "engines",
                    format!("expected exactly one {kind:?} engine, found {count}"),
                );
            }
        }
        for kind in PartKind::ALL {
            let count = self.parts.iter().filter(|p| p.part == kind).count();
            if count != 1 {
                bad(
                    "parts",
                    format!("expected exactly one {kind:?} part, found {count}"),
                );
            }
        }
        out
    }
}

fn problem(file: &Path, item: &str, message: String) -> Problem {
    Problem {
        file: file.to_path_buf(),
        line: 1,
        col: 1,
        item: item.to_string(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_ship_loads_with_one_part_of_each_kind() {
        let ship = ShipDef::builtin().unwrap();
        for kind in PartKind::ALL {
            assert!(ship.part(kind).is_some(), "{kind:?}");
        }
        assert_eq!(ship.parts.len(), 5);
    }

    #[test]
    fn bad_numbers_and_missing_parts_name_their_items() {
        let text = BUILTIN
            .replace("thrust: 24.0", "thrust: -1.0")
            .replace("(part: Gun,", "(part: Hull,");
        let err = ShipDef::from_source(&text, Path::new("ship.ron")).unwrap_err();
        let all = err.to_string();
        assert!(all.contains("ship.ron:1:1: thrust: expected a positive number, found -1"));
        assert!(
            all.contains("expected exactly one Hull part, found 2"),
            "{all}"
        );
        assert!(
            all.contains("expected exactly one Gun part, found 0"),
            "{all}"
        );
    }

    #[test]
    fn a_typo_names_line_and_column() {
        let text = BUILTIN.replace("turn_rate:", "turn_rat:");
        let err = ShipDef::from_source(&text, Path::new("ship.ron")).unwrap_err();
        let p = &err.problems[0];
        assert!(p.line > 1, "{p}");
        assert!(p.message.contains("turn_rat"), "{p}");
    }

    #[test]
    fn a_concave_part_is_refused() {
        let text = BUILTIN.replace(
            "(part: Gun, health: 30.0, points: [(-0.05, 0.4), (0.05, 0.4), (0.05, 0.8), (-0.05, 0.8)])",
            "(part: Gun, health: 30.0, points: [(-0.05, 0.4), (0.05, 0.4), (0.0, 0.45), (0.05, 0.8), (-0.05, 0.8)])",
        );
        let err = ShipDef::from_source(&text, Path::new("ship.ron")).unwrap_err();
        assert!(err.to_string().contains("parts[3].points"), "{err}");
    }
}

#[cfg(test)]
mod engine_tests {
    use super::*;

    #[test]
    fn engines_must_be_the_two_engine_parts_pushing_along_unit_vectors() {
        let text = BUILTIN
            .replace("(part: RightEngine, at:", "(part: Gun, at:")
            .replace("direction: (0.0, 1.0)),\n", "direction: (0.0, 2.0)),\n");
        let err = ShipDef::from_source(&text, Path::new("ship.ron")).unwrap_err();
        let all = err.to_string();
        assert!(
            all.contains("engines[1].part: expected LeftEngine or RightEngine, found Gun"),
            "{all}"
        );
        assert!(
            all.contains("expected exactly one RightEngine engine, found 0"),
            "{all}"
        );
        assert!(
            all.contains("engines[0].direction: expected a unit vector"),
            "{all}"
        );
    }
}
