//! The ship's laser in the sim: firing, impact sprays, and what a hit does — a debris piece
//! shot enough splits along the beam through the hit point (or crumbles when small), an
//! enemy loses health.

use super::components::{entity_of, user_data, Body, Health, Piece};
use super::damage::piece_health;
use super::events::GameEvent;
use super::laser::{fire, spray_impact, ImpactTuning, LaserDamage};
use super::layers;
use super::particles::Spray;
use super::sim::Sim;
use super::split::{split_body, world_outline, Cut, SplitOutcome};
use crate::geom::Vec2;
use crate::physics::BodyHandle;

/// Pieces smaller than this crumble to dust instead of splitting, m².
pub const MIN_PIECE_AREA: f64 = 0.12;
/// Points for splitting a piece.
pub const SPLIT_SCORE: u64 = 5;
/// How long a beam stays drawn after a shot, s.
pub const BEAM_GLOW: f64 = 0.05;

/// A laser beam to draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeamTrace {
    /// Muzzle.
    pub from: Vec2,
    /// Where it stopped.
    pub to: Vec2,
    /// Seconds since it fired.
    pub age: f64,
}

impl Sim {
    /// Fires the ship's laser if the trigger is held and the gun is ready.
    pub(super) fn fire_laser(&mut self, trigger: bool) {
        if !trigger {
            return;
        }
        let Some(ship) = self.ship.as_mut() else {
            return;
        };
        if !ship.trigger_gun(&self.def) {
            return;
        }
        let body = ship.body();
        let Some(xf) = self.physics.body(body).map(|b| b.transform()) else {
            return;
        };
        let muzzle = xf.apply(self.def.gun.muzzle);
        let nose = xf.q.rotate(Vec2::Y);
        let filter = layers::all_but(layers::SHIP);
        let Some(shot) = fire(
            &self.physics,
            Some(body),
            muzzle,
            nose,
            self.def.gun.range,
            filter,
        ) else {
            return;
        };
        self.events.push(GameEvent::LaserFired {
            from: shot.from,
            to: shot.to,
        });
        self.beams.push(BeamTrace {
            from: shot.from,
            to: shot.to,
            age: 0.0,
        });
        let tuning = ImpactTuning {
            damage: self.def.gun.damage,
            ..ImpactTuning::default()
        };
        if let Some(hit) = spray_impact(&shot, &tuning, &mut self.particles, &mut self.rng) {
            self.laser_hit(hit);
        }
    }

    fn laser_hit(&mut self, hit: LaserDamage) {
        let Some(entity) = entity_of(&self.physics, &self.world, hit.body) else {
            return;
        };
        if let Ok(mut h) = self.world.get::<&mut Health>(entity) {
            h.hits -= hit.amount;
            return;
        }
        let health = match self.world.get::<&mut Piece>(entity) {
            Ok(mut piece) => {
                piece.health -= hit.amount;
                piece.health
            }
            Err(_) => return,
        };
        if health > 0.0 {
            return;
        }
        let cut = Cut {
            point: hit.point,
            direction: hit.direction,
        };
        let template = self.world.get::<&Piece>(entity).map(|p| (*p).clone());
        let Ok(parent) = template else {
            return;
        };
        self.release_tow_of(hit.body);
        match split_body(&mut self.physics, hit.body, cut, MIN_PIECE_AREA) {
            SplitOutcome::Split(halves) => {
                self.world.despawn(entity).ok();
                for half in halves {
                    let area = self.body_area(half);
                    let e = self.world.spawn((
                        Body(half),
                        Piece {
                            name: parent.name.clone(),
                            health: piece_health(area),
                            ..parent.clone()
                        },
                    ));
                    self.physics.set_user_data(half, user_data(e));
                }
                self.score += SPLIT_SCORE;
                self.events.push(GameEvent::Split { point: hit.point });
            }
            SplitOutcome::Crumble | SplitOutcome::NotSplittable => {
                self.crumble(entity, hit.body);
            }
            SplitOutcome::NoCut => {
                if let Ok(mut p) = self.world.get::<&mut Piece>(entity) {
                    p.health = 1.0;
                }
            }
        }
    }

    /// Turns a piece into dust.
    pub(super) fn crumble(&mut self, entity: hecs::Entity, body: BodyHandle) {
        let v = self
            .physics
            .body(body)
            .map_or(Vec2::ZERO, |b| b.linear_velocity());
        if let Some(outline) = world_outline(&self.physics, body) {
            self.particles.crumble(&outline, v, &mut self.rng);
        }
        self.release_tow_of(body);
        self.physics.remove_body(body);
        self.world.despawn(entity).ok();
    }

    fn body_area(&self, body: BodyHandle) -> f64 {
        let Some(b) = self.physics.body(body) else {
            return 0.0;
        };
        b.colliders()
            .iter()
            .filter_map(|&c| self.physics.collider(c))
            .map(|c| c.shape().area())
            .sum()
    }

    /// Releases the tractor beam if it holds `body`.
    fn release_tow_of(&mut self, body: BodyHandle) {
        if self.tow.is_some_and(|t| t.body == body) {
            self.release_tow();
        }
    }

    /// Exhaust from the working engines and the ageing of beams, once per step.
    pub(super) fn engine_effects(&mut self, dt: f64) {
        for b in &mut self.beams {
            b.age += dt;
        }
        self.beams.retain(|b| b.age <= BEAM_GLOW);
        let Some(ship) = self.ship.as_ref() else {
            return;
        };
        let throttle = ship.throttle();
        let Some(body) = self.physics.body(ship.body()) else {
            return;
        };
        if throttle <= 0.0 {
            return;
        }
        let xf = body.transform();
        let back = -xf.q.rotate(Vec2::Y);
        for x in [-0.42, 0.42] {
            let spray = Spray {
                point: xf.apply(Vec2::new(x, -0.42)),
                direction: back,
                spread: 0.2,
                count: 1,
                speed: 6.0 * throttle..11.0 * throttle,
            };
            self.particles.exhaust(&spray, &mut self.rng);
        }
    }

    /// Sparks for the last step's impacts and scrapes.
    pub(super) fn contact_sparks(&mut self) {
        let mut sprays = Vec::new();
        for e in &self.events {
            match *e {
                GameEvent::Impact {
                    point,
                    normal,
                    energy,
                } if energy > 2.0 => {
                    sprays.push((point, normal, energy.sqrt() as usize * 2));
                }
                GameEvent::Scrape {
                    point,
                    normal,
                    speed,
                } => {
                    sprays.push((point, normal, (speed as usize).clamp(1, 6)));
                }
                _ => {}
            }
        }
        for (point, direction, count) in sprays {
            let spray = Spray {
                point,
                direction,
                spread: 1.2,
                count: count.min(40),
                speed: 2.0..6.0,
            };
            self.particles.sparks(&spray, &mut self.rng);
        }
    }
}
