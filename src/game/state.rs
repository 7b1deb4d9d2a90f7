//! The sim's state seen whole: what the HUD shows, and the state hash that pins a run.

use super::components::{user_data, FuelCan, Health, Piece};
use super::enemies::Turret;
use super::hud::{ComponentHealth, Hud};
use super::ship_def::PartKind;
use super::sim::Sim;
use crate::hash::Fnv1a;

impl Sim {
    /// What the HUD shows after the last step.
    pub fn hud(&self) -> Hud {
        let capacity = self.def.fuel;
        let components = PartKind::ALL
            .iter()
            .map(|&k| ComponentHealth {
                name: k.label(),
                health: self.ship.as_ref().map_or(0.0, |s| s.health_fraction(k)),
            })
            .collect();
        Hud {
            fuel: if capacity > 0.0 {
                self.fuel() / capacity
            } else {
                0.0
            },
            hull: self
                .ship
                .as_ref()
                .map_or(0.0, |s| s.health_fraction(PartKind::Hull)),
            components,
            score: self.score,
            lives: self.lives,
            message: self
                .script
                .as_ref()
                .and_then(|s| s.message())
                .map(|(m, _)| m.to_string()),
            objective: self.objective_text(),
            countdown: self.goal.countdown,
        }
    }

    /// The state hash: FNV-1a 64 over the raw bits of every body's position, rotation and
    /// velocities, plus the game state (ship parts and fuel, entities, lives, score, the
    /// generator, step count).
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv1a::new();
        h.write_u64(self.physics.state_hash());
        if let Some(ship) = &self.ship {
            ship.hash_into(&mut h);
        }
        let mut pieces: Vec<(u64, f64)> = self
            .world
            .query::<(hecs::Entity, &Piece)>()
            .iter()
            .map(|(e, p)| (user_data(e), p.health))
            .collect();
        pieces.sort_unstable_by_key(|p| p.0);
        for (e, health) in pieces {
            h.write_u64(e);
            h.write_f64(health);
        }
        let mut enemies: Vec<(u64, f64, f64)> = self
            .world
            .query::<(hecs::Entity, &Health, Option<&Turret>)>()
            .iter()
            .map(|(e, hp, t)| (user_data(e), hp.hits, t.map_or(0.0, |t| t.aim + t.cooldown)))
            .collect();
        enemies.sort_unstable_by_key(|e| e.0);
        for (e, hits, turret) in enemies {
            h.write_u64(e);
            h.write_f64(hits);
            h.write_f64(turret);
        }
        for bolt in self.bolts() {
            h.write_f64(bolt.position.x);
            h.write_f64(bolt.position.y);
        }
        h.write_u64(self.world.query::<&FuelCan>().iter().count() as u64);
        h.write_u64(self.tow.is_some() as u64);
        if let Some(script) = &self.script {
            script.hash_into(&mut h);
        }
        for door in &self.doors {
            door.hash_into(&mut h);
        }
        h.write_f64(self.goal.countdown.unwrap_or(-1.0));
        h.write_u64(self.outcome.map_or(0, |o| 1 + o as u64));
        h.write_u64(self.lives as u64);
        h.write_u64(self.score);
        h.write_u64(self.rng.clone().next_u32() as u64);
        h.write_u64(self.steps);
        h.finish()
    }
}
