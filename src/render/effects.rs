//! Presentation effects that live between frames: engine exhaust and impact sparks as
//! particles, driven by the sim's state and contact events after each step. They read the
//! sim and never write to it, and their randomness is a private seeded generator, so the same
//! run draws the same particles (the golden frames depend on it).

use super::snapshot::Particle;
use crate::game::{Actions, Sim};
use crate::physics::ContactEventKind;
use glam::Vec2;

/// Most live particles; the oldest make way beyond this.
pub const MAX_PARTICLES: usize = 20_000;

/// Closing speed (m/s) below which a contact makes no sparks.
const SPARK_SPEED: f64 = 1.5;

#[derive(Clone, Copy, Debug)]
struct Live {
    position: Vec2,
    velocity: Vec2,
    life: f32,
    lifetime: f32,
    size: f32,
    color: [f32; 3],
}

/// The particle effects of a run.
#[derive(Clone, Debug)]
pub struct Effects {
    live: Vec<Live>,
    drawn: Vec<Particle>,
    throttle: f32,
    rng: u64,
}

impl Effects {
    /// No particles yet; `seed` picks the sequence of random spreads.
    pub fn new(seed: u64) -> Effects {
        Effects {
            live: Vec::new(),
            drawn: Vec::new(),
            throttle: 0.0,
            rng: seed ^ 0x9E37_79B9_7F4A_7C15,
        }
    }

    fn random(&mut self) -> f32 {
        // xorshift64*: plenty for sparks.
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        let r = self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (r >> 40) as f32 / (1u64 << 24) as f32
    }

    fn spread(&mut self) -> f32 {
        self.random() * 2.0 - 1.0
    }

    /// Engine output shown by the flame, 0 to 1: eases towards the thrust key.
    pub fn throttle(&self) -> f32 {
        self.throttle
    }

    /// The particles to draw.
    pub fn particles(&self) -> &[Particle] {
        &self.drawn
    }

    /// Adds a particle.
    pub fn spawn(
        &mut self,
        position: Vec2,
        velocity: Vec2,
        lifetime: f32,
        size: f32,
        color: [f32; 3],
    ) {
        if self.live.len() >= MAX_PARTICLES {
            self.live.remove(0);
        }
        self.live.push(Live {
            position,
            velocity,
            life: lifetime,
            lifetime,
            size,
            color,
        });
    }

    /// Follows one sim step that was taken with `actions`: exhaust while the engine burns,
    /// sparks where bodies struck, then moves and ages every particle by the step.
    pub fn after_step(&mut self, sim: &Sim, actions: &Actions) {
        let dt = sim.time_step() as f32;
        let burning = actions.thrust && sim.fuel() > 0.0;
        let target = if burning { 1.0 } else { 0.0 };
        self.throttle += (target - self.throttle) * (dt * 12.0).min(1.0);
        if let Some(ship) = sim.ship() {
            if burning {
                let nose = ship.rotation().rotate(crate::geom::Vec2::Y);
                let nose = Vec2::new(nose.x as f32, nose.y as f32);
                let p = ship.position();
                let v = ship.linear_velocity();
                let tail = Vec2::new(p.x as f32, p.y as f32) - nose * 0.45;
                let base = Vec2::new(v.x as f32, v.y as f32);
                for _ in 0..2 {
                    let side = nose.perp() * self.spread() * 2.0;
                    let speed = 9.0 + 4.0 * self.random();
                    let at = tail + nose.perp() * self.spread() * 0.15;
                    let life = 0.25 + 0.25 * self.random();
                    self.spawn(
                        at,
                        base - nose * speed + side,
                        life,
                        0.12,
                        [1.0, 0.55, 0.18],
                    );
                }
            }
        }
        let events: Vec<_> = sim
            .physics()
            .contact_events()
            .iter()
            .filter(|e| e.kind == ContactEventKind::Begin && -e.normal_speed > SPARK_SPEED)
            .map(|e| (e.point, e.normal, -e.normal_speed))
            .collect();
        for (point, normal, speed) in events {
            let at = Vec2::new(point.x as f32, point.y as f32);
            let n = Vec2::new(normal.x as f32, normal.y as f32);
            let count = ((speed * 3.0) as usize).min(40);
            for _ in 0..count {
                let dir = (n * self.spread() + n.perp() * self.spread() * 1.5).normalize_or_zero();
                let v = dir * (speed as f32) * (0.5 + self.random());
                let life = 0.3 + 0.4 * self.random();
                self.spawn(at, v, life, 0.06, [1.0, 0.85, 0.45]);
            }
        }
        self.advance(dt);
    }

    /// Moves and ages every particle by `dt` seconds and rebuilds the drawn list.
    pub fn advance(&mut self, dt: f32) {
        let fall = Vec2::new(0.0, -3.0);
        for p in &mut self.live {
            p.velocity = p.velocity * (1.0 - 2.0 * dt).max(0.0) + fall * dt;
            p.position += p.velocity * dt;
            p.life -= dt;
        }
        self.live.retain(|p| p.life > 0.0);
        self.drawn.clear();
        self.drawn.extend(self.live.iter().map(|p| {
            let k = (p.life / p.lifetime).clamp(0.0, 1.0);
            Particle {
                position: p.position,
                size: p.size * (0.5 + 0.5 * k),
                color: [
                    p.color[0],
                    p.color[1] * (0.6 + 0.4 * k),
                    p.color[2] * k,
                    2.0 * k,
                ],
            }
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn particles_age_and_die() {
        let mut fx = Effects::new(1);
        fx.spawn(Vec2::ZERO, Vec2::X, 0.5, 0.1, [1.0; 3]);
        fx.advance(0.25);
        assert_eq!(fx.particles().len(), 1);
        // Moved along its velocity, slowed by drag: 1 m/s, halved over the step.
        let x = fx.particles()[0].position.x;
        assert!(x > 0.1 && x < 0.25, "{x}");
        fx.advance(0.3);
        assert!(fx.particles().is_empty());
    }

    #[test]
    fn the_cap_drops_the_oldest() {
        let mut fx = Effects::new(1);
        for i in 0..MAX_PARTICLES + 5 {
            fx.spawn(Vec2::new(i as f32, 0.0), Vec2::ZERO, 1.0, 0.1, [1.0; 3]);
        }
        fx.advance(0.0);
        assert_eq!(fx.particles().len(), MAX_PARTICLES);
        assert_eq!(fx.particles()[0].position.x, 5.0);
    }
}
