//! A simulation built from a loaded level: its rock chains, its debris and the player start.
//!
//! Interim: the game layer's own `Sim::from_level` replaces this once it lands; until then
//! the shell needs a sim to fly and draw. Enemies, movers and zones are not simulated here.

use crate::game::sim::DebrisSetup;
use crate::game::{ShipTuning, Sim, SimSetup};
use crate::geom::{Circle, ConvexPolygon, Shape, Vec2};
use crate::level::{DebrisShape, LoadedLevel};
use crate::physics::{PhysicsSettings, RockSegment};

/// The simulation of `level`'s rock, debris and ship.
pub fn sim_from_level(level: &LoadedLevel) -> Result<Sim, String> {
    let l = &level.level;
    let physics = PhysicsSettings {
        gravity: l.gravity,
        substeps: l.physics.substeps,
        contact_method: l.physics.contact_method,
        ..PhysicsSettings::default()
    };
    let rock = (0..level.world.chains.len())
        .map(|c| {
            let pts: Vec<Vec2> = level
                .world
                .chain_segments(c)
                .iter()
                .map(|s| s.segment.a)
                .collect();
            RockSegment::chain(&pts, true)
        })
        .collect();
    let mut debris = Vec::with_capacity(l.debris.len());
    for (i, d) in l.debris.iter().enumerate() {
        let shape = match &d.shape {
            DebrisShape::Polygon { points } => ConvexPolygon::new(points).map(Shape::Polygon),
            DebrisShape::Box { width, height } => {
                ConvexPolygon::rect(width / 2.0, height / 2.0).map(Shape::Polygon)
            }
            DebrisShape::Circle { radius } => Circle::new(Vec2::ZERO, *radius).map(Shape::Circle),
        }
        .map_err(|e| format!("debris[{i}].shape: {e}"))?;
        debris.push(DebrisSetup {
            shape,
            position: d.position,
            angle: d.angle,
            velocity: d.velocity,
            density: d.density,
            friction: d.friction,
            restitution: d.restitution,
        });
    }
    Sim::new(&SimSetup {
        physics,
        time_step: l.physics.time_step,
        rock,
        debris,
        player_start: (l.player_start.position, l.player_start.angle),
        ship: ShipTuning::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Actions;

    #[test]
    fn the_first_level_flies() {
        let level = crate::level::load_level(std::path::Path::new("levels/01_first_flight.ron"))
            .expect("the shipped level loads");
        let mut sim = sim_from_level(&level).unwrap();
        assert_eq!(sim.debris().len(), level.level.debris.len());
        let start = sim.ship().unwrap().position();
        for _ in 0..120 {
            sim.step(&Actions {
                thrust: true,
                ..Actions::default()
            });
        }
        assert!(sim.ship().unwrap().position().y > start.y + 1.0);
    }
}
