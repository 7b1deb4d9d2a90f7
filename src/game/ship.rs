//! The player's ship at run time: one body whose collider parts are its components, each
//! with its own health; engines that weaken and sputter as they are hurt; fuel.

use super::actions::Actions;
use super::ship_def::{PartKind, ShipDef};
use crate::geom::{ConvexPolygon, Transform, Vec2};
use crate::hash::Fnv1a;
use crate::physics::{BodyHandle, ColliderHandle, PhysicsWorld};
use crate::rng::Pcg32;

/// Health fraction below which an engine sputters.
const SPUTTER_BELOW: f64 = 0.5;

/// The main engines, in the order the ship keeps their outputs.
const ENGINES: [PartKind; 2] = [PartKind::LeftEngine, PartKind::RightEngine];

/// A ship while it flies: the component on its entity (its body is the entity's
/// [`super::components::Body`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Ship {
    player: usize,
    colliders: [ColliderHandle; 5],
    health: [f64; 5],
    max_health: [f64; 5],
    fuel: f64,
    gun_cooldown: f64,
    /// Each engine's output in the last step, 0 to 1 (left, right).
    engine_output: [f64; 2],
    sputtering: bool,
}

impl Ship {
    /// A new ship of `player` whose parts are the colliders `colliders` (in
    /// [`PartKind::ALL`] order), at full health `max_health`, with `fuel` seconds of thrust.
    pub fn new(
        player: usize,
        colliders: [ColliderHandle; 5],
        max_health: [f64; 5],
        fuel: f64,
    ) -> Ship {
        Ship {
            player,
            colliders,
            health: max_health,
            max_health,
            fuel,
            gun_cooldown: 0.0,
            engine_output: [0.0; 2],
            sputtering: false,
        }
    }

    /// The player who flies it (an index into the sim's players).
    pub fn player(&self) -> usize {
        self.player
    }

    /// Which part a collider is, if it is one of this ship's.
    pub fn part_of(&self, collider: ColliderHandle) -> Option<PartKind> {
        let i = self.colliders.iter().position(|&c| c == collider)?;
        Some(PartKind::ALL[i])
    }

    /// Health of a part.
    pub fn health(&self, part: PartKind) -> f64 {
        self.health[part.index()]
    }

    /// Health of a part as a fraction of new, 0 to 1.
    pub fn health_fraction(&self, part: PartKind) -> f64 {
        (self.health[part.index()] / self.max_health[part.index()]).clamp(0.0, 1.0)
    }

    /// Whether a part still works.
    pub fn works(&self, part: PartKind) -> bool {
        self.health[part.index()] > 0.0
    }

    /// Fuel left, seconds of thrust.
    pub fn fuel(&self) -> f64 {
        self.fuel
    }

    /// Adds fuel, up to `capacity`.
    pub fn refuel(&mut self, amount: f64, capacity: f64) {
        self.fuel = (self.fuel + amount.max(0.0)).min(capacity);
    }

    /// Engine output in the last step, 0 to 1.
    pub fn throttle(&self) -> f64 {
        0.5 * (self.engine_output[0] + self.engine_output[1])
    }

    /// Each engine's output in the last step, 0 to 1, with its part (left, then right).
    pub fn engine_outputs(&self) -> [(PartKind, f64); 2] {
        [
            (ENGINES[0], self.engine_output[0]),
            (ENGINES[1], self.engine_output[1]),
        ]
    }

    /// Whether a hurt engine cut out during the last step.
    pub fn sputtering(&self) -> bool {
        self.sputtering
    }

    /// The most thrust the engines can give now, N: each engine gives half of the whole
    /// ship's thrust, scaled by its health.
    pub fn max_thrust(&self, def: &ShipDef) -> f64 {
        let half = def.thrust / 2.0;
        half * (self.health_fraction(PartKind::LeftEngine)
            + self.health_fraction(PartKind::RightEngine))
    }

    /// Takes `amount` of health from a part. Returns true if this destroyed it.
    pub fn damage(&mut self, part: PartKind, amount: f64) -> bool {
        let h = &mut self.health[part.index()];
        let was_alive = *h > 0.0;
        *h = (*h - amount.max(0.0)).max(0.0);
        was_alive && *h == 0.0
    }

    /// Whether the hull is gone.
    pub fn destroyed(&self) -> bool {
        !self.works(PartKind::Hull)
    }

    /// Turns and thrusts the ship whose body is `body` for one step. The attitude thrusters
    /// turn it toward the spin the rotate keys ask for (none when neither is held) with at
    /// most the definition's torque. Each main engine pushes where it sits along its
    /// direction, with its health's share of its half of the thrust, so a hurt engine yaws
    /// the ship; hurt engines also cut out at random (from the sim's generator), more often
    /// the more they are hurt. Fuel burns while thrusting.
    pub fn control(
        &mut self,
        body: BodyHandle,
        def: &ShipDef,
        physics: &mut PhysicsWorld,
        actions: &Actions,
        dt: f64,
        rng: &mut Pcg32,
    ) {
        self.gun_cooldown = (self.gun_cooldown - dt).max(0.0);
        self.engine_output = [0.0; 2];
        self.sputtering = false;
        let Some(b) = physics.body(body) else {
            return;
        };
        let xf = b.transform();
        let dir = actions.left as i32 - actions.right as i32;
        let wanted = def.turn_rate * dir as f64;
        let torque = b.inertia() * (wanted - b.angular_velocity()) * def.turn_response;
        physics.apply_torque(body, torque.clamp(-def.turn_torque, def.turn_torque));
        if !(actions.thrust && self.fuel > 0.0) {
            return;
        }
        for (i, kind) in ENGINES.into_iter().enumerate() {
            let f = self.health_fraction(kind);
            // Always draw, so the sequence does not depend on which engines are hurt.
            let roll = rng.next_f64();
            if f > 0.0 && f < SPUTTER_BELOW && roll < (SPUTTER_BELOW - f) * 1.5 {
                self.sputtering = true;
                continue;
            }
            let Some(engine) = def.engine(kind) else {
                continue;
            };
            if f > 0.0 {
                let force = xf.q.rotate(engine.direction) * (0.5 * def.thrust * f);
                physics.apply_force(body, force, xf.apply(engine.at));
            }
            self.engine_output[i] = f;
        }
        self.fuel = (self.fuel - dt).max(0.0);
    }

    /// Whether the gun can fire now; if so, starts its cooldown.
    pub fn trigger_gun(&mut self, def: &ShipDef) -> bool {
        if !self.works(PartKind::Gun) || self.gun_cooldown > 0.0 {
            return false;
        }
        self.gun_cooldown = def.gun.cooldown;
        true
    }

    /// The parts of the ship whose body is `body` as convex pieces in world space, each
    /// with the velocity of the ship's material there: what is left when it blows up.
    pub fn wreck(
        body: BodyHandle,
        def: &ShipDef,
        physics: &PhysicsWorld,
    ) -> Vec<(ConvexPolygon, Transform, Vec2, f64)> {
        let Some(body) = physics.body(body) else {
            return Vec::new();
        };
        let xf = body.transform();
        def.parts
            .iter()
            .filter_map(|p| {
                let poly = ConvexPolygon::new(&p.points).ok()?;
                let c = poly.centroid();
                let local: Vec<Vec2> = poly.vertices().iter().map(|&v| v - c).collect();
                let piece = ConvexPolygon::new(&local).ok()?;
                let at = xf.apply(c);
                let piece_xf = Transform::new(at, xf.q.angle());
                Some((
                    piece,
                    piece_xf,
                    body.velocity_at(at),
                    body.angular_velocity(),
                ))
            })
            .collect()
    }

    /// Whether every number of its state is finite.
    pub fn is_finite(&self) -> bool {
        let parts = self.health.iter().chain(&self.max_health);
        parts.chain(&self.engine_output).all(|x| x.is_finite())
            && self.fuel.is_finite()
            && self.gun_cooldown.is_finite()
    }

    /// Adds the ship's state to a hash, bit for bit.
    pub fn hash_into(&self, h: &mut Fnv1a) {
        for x in self.health {
            h.write_f64(x);
        }
        h.write_f64(self.fuel);
        h.write_f64(self.gun_cooldown);
    }
}
