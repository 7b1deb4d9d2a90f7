//! The sim-side particle system: sparks, dust, smoke, flashes, embers and exhaust.
//!
//! Particles are simulated with the game so that replays show the same effects, but they
//! never touch physics: they do not collide and nothing reads them back except the renderer.
//! Randomness comes only from the [`Pcg32`] passed in, and the store is an ordered queue, so
//! the same seed and calls give the same particles bit for bit.

use crate::geom::Vec2;
use crate::rng::Pcg32;
use std::collections::VecDeque;
use std::ops::Range;

/// What a particle is; sets how it moves and how the renderer draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParticleKind {
    /// A hot, fast fleck thrown off an impact; falls and slows a little.
    Spark,
    /// Rock or debris grit; slows quickly and settles slowly.
    Dust,
    /// A slow puff that drifts upward.
    Smoke,
    /// A short-lived glare at an impact, oriented by the surface normal; does not move.
    Flash,
    /// A glowing fragment of an explosion.
    Ember,
    /// Engine exhaust; slows very quickly and ignores gravity.
    Exhaust,
}

impl ParticleKind {
    /// Velocity drag, 1/s: the speed decays as `v / (1 + drag · dt)` each step.
    pub fn drag(self) -> f64 {
        match self {
            ParticleKind::Spark => 1.0,
            ParticleKind::Dust => 3.0,
            ParticleKind::Smoke => 2.0,
            ParticleKind::Flash => 0.0,
            ParticleKind::Ember => 1.5,
            ParticleKind::Exhaust => 4.0,
        }
    }

    /// How strongly gravity pulls this kind (negative rises, as smoke does).
    pub fn gravity_scale(self) -> f64 {
        match self {
            ParticleKind::Spark => 1.0,
            ParticleKind::Dust => 0.4,
            ParticleKind::Smoke => -0.1,
            ParticleKind::Flash => 0.0,
            ParticleKind::Ember => 0.6,
            ParticleKind::Exhaust => 0.0,
        }
    }
}

/// One particle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Position, m.
    pub position: Vec2,
    /// Velocity, m/s.
    pub velocity: Vec2,
    /// Seconds since it was emitted.
    pub age: f64,
    /// Seconds it lives.
    pub lifetime: f64,
    /// Drawn size (diameter or streak length), m.
    pub size: f64,
    /// Orientation in radians (the normal of a flash; zero for the others).
    pub angle: f64,
    /// What it is.
    pub kind: ParticleKind,
    /// Colour, linear RGB.
    pub color: [f32; 3],
}

impl Particle {
    /// How much of its life is spent, from 0 (new) to 1 (gone): the renderer fades by it.
    pub fn life_fraction(&self) -> f64 {
        (self.age / self.lifetime).clamp(0.0, 1.0)
    }
}

/// A burst of particles thrown from a point into a cone.
#[derive(Clone, Debug, PartialEq)]
pub struct Spray {
    /// Where they start.
    pub point: Vec2,
    /// The cone's axis (need not be unit length; zero emits nothing).
    pub direction: Vec2,
    /// Half-angle of the cone, radians; each particle's direction is uniform within it.
    pub spread: f64,
    /// How many.
    pub count: usize,
    /// Speeds, uniform in this range, m/s.
    pub speed: Range<f64>,
}

const SPARK_COLOR: [f32; 3] = [1.0, 0.75, 0.3];
const DUST_COLOR: [f32; 3] = [0.35, 0.3, 0.25];
const SMOKE_COLOR: [f32; 3] = [0.2, 0.2, 0.2];
const FLASH_COLOR: [f32; 3] = [1.0, 0.95, 0.8];
const EMBER_COLOR: [f32; 3] = [1.0, 0.4, 0.1];
const EXHAUST_COLOR: [f32; 3] = [0.5, 0.7, 1.0];

/// Dust particles per square metre of a crumbling piece, and the most one piece makes.
const CRUMBLE_DENSITY: f64 = 40.0;
const CRUMBLE_MAX: usize = 48;

/// The particle store: at most `capacity` live particles, the oldest making way for new ones.
#[derive(Clone, Debug)]
pub struct Particles {
    items: VecDeque<Particle>,
    capacity: usize,
}

impl Particles {
    /// An empty store that holds at most `capacity` particles.
    pub fn new(capacity: usize) -> Particles {
        Particles {
            items: VecDeque::with_capacity(capacity),
            capacity,
        }
    }

    /// The most particles it holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Live particles.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether none are alive.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The live particles, oldest first, for the renderer.
    pub fn iter(&self) -> impl Iterator<Item = &Particle> {
        self.items.iter()
    }

    /// Removes every particle.
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// Adds one particle, dropping the oldest when full. Non-finite particles are refused.
    pub fn push(&mut self, p: Particle) -> bool {
        let finite = p.position.is_finite()
            && p.velocity.is_finite()
            && p.size.is_finite()
            && p.angle.is_finite()
            && p.lifetime.is_finite()
            && p.lifetime > 0.0;
        if !finite || self.capacity == 0 {
            return false;
        }
        if self.items.len() == self.capacity {
            self.items.pop_front();
        }
        self.items.push_back(p);
        true
    }

    /// Ages and moves every particle by `dt` seconds under `gravity` (scaled per kind) and
    /// per-kind drag, then drops those past their lifetime. Bad `dt` or `gravity` does
    /// nothing.
    pub fn step(&mut self, dt: f64, gravity: Vec2) {
        if !(dt.is_finite() && dt >= 0.0 && gravity.is_finite()) {
            return;
        }
        for p in self.items.iter_mut() {
            p.age += dt;
            let g = gravity * p.kind.gravity_scale();
            // Implicit drag: stable for any dt, never reverses the velocity.
            p.velocity = (p.velocity + g * dt) / (1.0 + p.kind.drag() * dt);
            p.position += p.velocity * dt;
        }
        self.items.retain(|p| p.age < p.lifetime);
    }

    /// Hot sparks into the cone of `spray`. Returns how many were emitted.
    pub fn sparks(&mut self, spray: &Spray, rng: &mut Pcg32) -> usize {
        self.emit_cone(spray, ParticleKind::Spark, rng, |rng| {
            (rng.range(0.25, 0.6), rng.range(0.04, 0.08), SPARK_COLOR)
        })
    }

    /// Grit into the cone of `spray`. Returns how many were emitted.
    pub fn dust(&mut self, spray: &Spray, rng: &mut Pcg32) -> usize {
        self.emit_cone(spray, ParticleKind::Dust, rng, |rng| {
            (rng.range(0.6, 1.4), rng.range(0.05, 0.12), DUST_COLOR)
        })
    }

    /// Engine exhaust into the cone of `spray` (point it out of the nozzle). Returns how
    /// many were emitted.
    pub fn exhaust(&mut self, spray: &Spray, rng: &mut Pcg32) -> usize {
        self.emit_cone(spray, ParticleKind::Exhaust, rng, |rng| {
            (rng.range(0.15, 0.35), rng.range(0.08, 0.16), EXHAUST_COLOR)
        })
    }

    /// A short-lived flash at `point` oriented along the surface `normal`. Returns whether
    /// it was emitted (a zero or non-finite normal emits none).
    pub fn flash(&mut self, point: Vec2, normal: Vec2) -> bool {
        let n = normal.normalize_or_zero();
        if n == Vec2::ZERO {
            return false;
        }
        self.push(Particle {
            position: point,
            velocity: Vec2::ZERO,
            age: 0.0,
            lifetime: 0.06,
            size: 0.6,
            angle: n.y.atan2(n.x),
            kind: ParticleKind::Flash,
            color: FLASH_COLOR,
        })
    }

    /// An explosion of `size` metres (its radius): a flash, embers thrown in every
    /// direction and a few puffs of smoke, all scaled by the size. Returns how many.
    pub fn explosion(&mut self, point: Vec2, size: f64, rng: &mut Pcg32) -> usize {
        if !(size.is_finite() && size > 0.0 && point.is_finite()) {
            return 0;
        }
        let mut made = usize::from(self.push(Particle {
            position: point,
            velocity: Vec2::ZERO,
            age: 0.0,
            lifetime: 0.15,
            size: 2.0 * size,
            angle: 0.0,
            kind: ParticleKind::Flash,
            color: FLASH_COLOR,
        }));
        let embers = (12.0 + 24.0 * size).min(64.0) as usize;
        for _ in 0..embers {
            let a = rng.range(0.0, std::f64::consts::TAU);
            let speed = size * rng.range(3.0, 9.0);
            made += usize::from(self.push(Particle {
                position: point,
                velocity: speed * Vec2::new(a.cos(), a.sin()),
                age: 0.0,
                lifetime: rng.range(0.4, 1.0),
                size: rng.range(0.05, 0.12),
                angle: 0.0,
                kind: ParticleKind::Ember,
                color: EMBER_COLOR,
            }));
        }
        for _ in 0..(2.0 + 4.0 * size).min(12.0) as usize {
            let offset = size * 0.5 * Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
            made += usize::from(self.push(Particle {
                position: point + offset,
                velocity: offset,
                age: 0.0,
                lifetime: rng.range(1.0, 2.0),
                size: size * rng.range(0.6, 1.2),
                angle: 0.0,
                kind: ParticleKind::Smoke,
                color: SMOKE_COLOR,
            }));
        }
        made
    }

    /// A piece turning into dust: particles spread uniformly over the convex polygon with
    /// world vertices `points` (either winding), moving with `velocity` plus a little
    /// scatter. More area, more dust. Returns how many.
    pub fn crumble(&mut self, points: &[Vec2], velocity: Vec2, rng: &mut Pcg32) -> usize {
        if points.len() < 3 || !velocity.is_finite() || points.iter().any(|p| !p.is_finite()) {
            return 0;
        }
        // The fan from the first vertex; unsigned areas so the winding does not matter.
        let o = points[0];
        let fan: Vec<(Vec2, Vec2, f64)> = points[1..]
            .windows(2)
            .map(|w| {
                (
                    w[0] - o,
                    w[1] - o,
                    0.5 * (w[0] - o).perp_dot(w[1] - o).abs(),
                )
            })
            .collect();
        let area: f64 = fan.iter().map(|t| t.2).sum();
        if area <= 0.0 {
            return 0;
        }
        let count = ((area * CRUMBLE_DENSITY).ceil() as usize).clamp(3, CRUMBLE_MAX);
        let mut made = 0;
        for _ in 0..count {
            // Pick a triangle by area, then a uniform point in it.
            let mut pick = rng.range(0.0, area);
            let (e1, e2, _) = *fan
                .iter()
                .find(|t| {
                    pick -= t.2;
                    pick < 0.0
                })
                .unwrap_or(&fan[fan.len() - 1]);
            let (mut u, mut v) = (rng.next_f64(), rng.next_f64());
            if u + v > 1.0 {
                (u, v) = (1.0 - u, 1.0 - v);
            }
            let scatter = Vec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5));
            made += usize::from(self.push(Particle {
                position: o + u * e1 + v * e2,
                velocity: velocity + scatter,
                age: 0.0,
                lifetime: rng.range(0.8, 1.6),
                size: rng.range(0.05, 0.12),
                angle: 0.0,
                kind: ParticleKind::Dust,
                color: DUST_COLOR,
            }));
        }
        made
    }

    /// Emits `spray.count` particles of `kind` into the cone; `look` draws each one's
    /// lifetime, size and colour.
    fn emit_cone(
        &mut self,
        spray: &Spray,
        kind: ParticleKind,
        rng: &mut Pcg32,
        look: impl Fn(&mut Pcg32) -> (f64, f64, [f32; 3]),
    ) -> usize {
        let axis = spray.direction.normalize_or_zero();
        let speeds_ok = spray.speed.start.is_finite()
            && spray.speed.end.is_finite()
            && spray.speed.start >= 0.0
            && spray.speed.end >= spray.speed.start;
        if axis == Vec2::ZERO || !spray.spread.is_finite() || !speeds_ok {
            return 0;
        }
        let base = axis.y.atan2(axis.x);
        let spread = spray.spread.abs();
        let mut made = 0;
        for _ in 0..spray.count {
            let a = base + rng.range(-spread, spread);
            let speed = rng.range(spray.speed.start, spray.speed.end);
            let (lifetime, size, color) = look(rng);
            made += usize::from(self.push(Particle {
                position: spray.point,
                velocity: speed * Vec2::new(a.cos(), a.sin()),
                age: 0.0,
                lifetime,
                size,
                angle: 0.0,
                kind,
                color,
            }));
        }
        made
    }
}

#[cfg(test)]
#[path = "particles_tests.rs"]
mod tests;
