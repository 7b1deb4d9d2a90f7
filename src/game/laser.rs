//! The laser: an instant ray from a gun's muzzle, and the sparks and damage of its impact.
//!
//! Firing only reads the physics world; spraying the impact only writes particles and
//! returns the damage for the damage system to apply. Nothing here changes a body.

use super::particles::{Particles, Spray};
use crate::geom::Vec2;
use crate::physics::{BodyHandle, ColliderHandle, Filter, PartRef, PhysicsWorld};
use crate::rng::Pcg32;
use std::ops::Range;

/// What a laser shot hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaserTarget {
    /// The cave's rock.
    Rock,
    /// A part (collider) of a body.
    Body(BodyHandle, ColliderHandle),
}

/// Where a laser shot hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LaserHit {
    /// The hit point, world frame.
    pub point: Vec2,
    /// The unit surface normal there, facing the beam.
    pub normal: Vec2,
    /// What was hit.
    pub target: LaserTarget,
}

/// One laser shot: the beam drawn from `from` to `to`, and what it hit, if anything.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LaserShot {
    /// The muzzle.
    pub from: Vec2,
    /// Where the beam ends: the hit point, or the end of its range.
    pub to: Vec2,
    /// The hit, if the beam hit something within range.
    pub hit: Option<LaserHit>,
}

impl LaserShot {
    /// The beam's unit direction (zero for a beam of no length).
    pub fn direction(&self) -> Vec2 {
        (self.to - self.from).normalize_or_zero()
    }
}

/// Fires a laser from `muzzle` along `direction` (any length) up to `range` metres. Rock
/// always stops the beam; bodies stop it when `filter` allows their colliders, except the
/// `shooter`'s own body, which the beam leaves unharmed. `None` for a zero or non-finite
/// direction, or a range that is not a positive number.
pub fn fire(
    world: &PhysicsWorld,
    shooter: Option<BodyHandle>,
    muzzle: Vec2,
    direction: Vec2,
    range: f64,
    filter: Filter,
) -> Option<LaserShot> {
    let d = direction.normalize_or_zero();
    if d == Vec2::ZERO || !muzzle.is_finite() || !(range.is_finite() && range > 0.0) {
        return None;
    }
    let exclude: &[BodyHandle] = match &shooter {
        Some(s) => std::slice::from_ref(s),
        None => &[],
    };
    let hit = world
        .ray_cast_excluding(muzzle, d * range, filter, exclude)
        .map(|h| LaserHit {
            point: h.point,
            normal: h.normal,
            target: match (h.part, h.body) {
                (PartRef::Collider(c), Some(b)) => LaserTarget::Body(b, c),
                _ => LaserTarget::Rock,
            },
        });
    Some(LaserShot {
        from: muzzle,
        to: hit.map_or(muzzle + d * range, |h| h.point),
        hit,
    })
}

/// How a laser impact looks and hurts.
#[derive(Clone, Debug, PartialEq)]
pub struct ImpactTuning {
    /// Sparks from a rock hit.
    pub rock_sparks: usize,
    /// Dust grains from a rock hit.
    pub rock_dust: usize,
    /// Sparks from a body hit (fewer: metal and debris do not shatter like rock).
    pub body_sparks: usize,
    /// Half-angle of the spark cone about the reflected beam, radians.
    pub spread: f64,
    /// Dust's cone half-angle, radians (wider and slower than sparks).
    pub dust_spread: f64,
    /// Spark speeds, m/s.
    pub spark_speed: Range<f64>,
    /// Dust speeds, m/s.
    pub dust_speed: Range<f64>,
    /// Damage one shot deals to the part it hits.
    pub damage: f64,
}

impl Default for ImpactTuning {
    fn default() -> Self {
        ImpactTuning {
            rock_sparks: 16,
            rock_dust: 8,
            body_sparks: 6,
            spread: 0.35,
            dust_spread: 0.7,
            spark_speed: 4.0..9.0,
            dust_speed: 0.5..2.0,
            damage: 10.0,
        }
    }
}

/// Damage a laser shot deals, for the damage system to apply.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LaserDamage {
    /// The body hit.
    pub body: BodyHandle,
    /// The part hit.
    pub collider: ColliderHandle,
    /// Where, world frame.
    pub point: Vec2,
    /// The beam's unit direction (to push or cut along).
    pub direction: Vec2,
    /// How much.
    pub amount: f64,
}

/// The direction `d` reflected about the unit surface normal `n`: `d − 2 (d·n) n`.
pub fn reflect(d: Vec2, n: Vec2) -> Vec2 {
    d - 2.0 * d.dot(n) * n
}

/// Sprays a shot's impact into `particles`: sparks (and, on rock, dust) thrown along the
/// beam's reflection about the surface normal, within a cone narrowed where needed so that
/// none fly into the surface, and a flash oriented by the normal. Returns the damage to
/// apply when the shot hit a body; `None` for rock or a miss.
pub fn spray_impact(
    shot: &LaserShot,
    tuning: &ImpactTuning,
    particles: &mut Particles,
    rng: &mut Pcg32,
) -> Option<LaserDamage> {
    let hit = shot.hit?;
    let d = shot.direction();
    let n = hit.normal.normalize_or_zero();
    if d == Vec2::ZERO || n == Vec2::ZERO {
        return None;
    }
    let r = reflect(d, n);
    // The reflection leaves the surface at asin(r·n); keep the cone above it.
    let above = r.dot(n).clamp(0.0, 1.0).asin();
    let cone = |spread: f64| spread.abs().min(0.95 * above);
    particles.flash(hit.point, n);
    let spray = |count, spread, speed: &Range<f64>| Spray {
        point: hit.point,
        direction: r,
        spread: cone(spread),
        count,
        speed: speed.clone(),
    };
    match hit.target {
        LaserTarget::Rock => {
            particles.sparks(
                &spray(tuning.rock_sparks, tuning.spread, &tuning.spark_speed),
                rng,
            );
            particles.dust(
                &spray(tuning.rock_dust, tuning.dust_spread, &tuning.dust_speed),
                rng,
            );
            None
        }
        LaserTarget::Body(body, collider) => {
            particles.sparks(
                &spray(tuning.body_sparks, tuning.spread, &tuning.spark_speed),
                rng,
            );
            Some(LaserDamage {
                body,
                collider,
                point: hit.point,
                direction: d,
                amount: tuning.damage,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::particles::ParticleKind;
    use crate::geom::ConvexPolygon;
    use crate::physics::{BodyDef, ColliderDef, PhysicsSettings, RockSegment};

    /// A floor along y = 0 (open side up) and a gun above it.
    fn floor() -> PhysicsWorld {
        let mut w = PhysicsWorld::new(PhysicsSettings::default());
        w.add_rock(&RockSegment::chain(
            &[Vec2::new(20.0, 0.0), Vec2::new(-20.0, 0.0)],
            false,
        ));
        w
    }

    #[test]
    fn sparks_leave_a_rock_along_the_reflected_beam() {
        let w = floor();
        // 30° from the normal: down and to the right.
        let incidence = 30f64.to_radians();
        let d = Vec2::new(incidence.sin(), -incidence.cos());
        let muzzle = Vec2::new(-2.0, 4.0);
        let shot = fire(&w, None, muzzle, d, 50.0, Filter::default()).unwrap();
        let hit = shot.hit.unwrap();
        assert_eq!(hit.target, LaserTarget::Rock);
        assert!((hit.point - Vec2::new(-2.0 + 4.0 * incidence.tan(), 0.0)).length() < 1e-12);
        assert!((hit.normal - Vec2::Y).length() < 1e-12);

        let tuning = ImpactTuning {
            rock_sparks: 400,
            ..ImpactTuning::default()
        };
        let mut ps = Particles::new(1000);
        let mut rng = Pcg32::new(3);
        assert_eq!(spray_impact(&shot, &tuning, &mut ps, &mut rng), None);
        let sparks: Vec<Vec2> = ps
            .iter()
            .filter(|p| p.kind == ParticleKind::Spark)
            .map(|p| p.velocity.normalize())
            .collect();
        assert_eq!(sparks.len(), 400);
        let mean = sparks.iter().sum::<Vec2>() / sparks.len() as f64;
        // Expected independently: mirror the beam's vertical component.
        let expected = Vec2::new(d.x, -d.y);
        let angle = mean.angle_to(expected).abs().to_degrees();
        assert!(angle < 2.0, "mean spark direction is {angle}° off");
        assert!(sparks.iter().all(|s| s.y > 0.0), "no spark enters the rock");
        assert_eq!(
            ps.iter().filter(|p| p.kind == ParticleKind::Flash).count(),
            1
        );
        assert!(ps.iter().any(|p| p.kind == ParticleKind::Dust));
    }

    #[test]
    fn the_shooter_is_ignored_and_a_body_hit_returns_damage() {
        let mut w = floor();
        let square = ColliderDef::new(ConvexPolygon::rect(0.5, 0.5).unwrap());
        let ship = w.create_body(&BodyDef {
            position: Vec2::new(0.0, 5.0),
            ..BodyDef::default()
        });
        w.add_collider(ship, &square).unwrap();
        let rock = w.create_body(&BodyDef {
            position: Vec2::new(4.0, 5.0),
            ..BodyDef::default()
        });
        let part = w.add_collider(rock, &square).unwrap();
        // The muzzle is inside the ship's own hull.
        let muzzle = Vec2::new(0.3, 5.0);
        let shot = fire(&w, Some(ship), muzzle, Vec2::X, 30.0, Filter::default()).unwrap();
        let hit = shot.hit.unwrap();
        assert_eq!(hit.target, LaserTarget::Body(rock, part));
        assert_eq!(shot.to, hit.point);
        assert!((hit.point - Vec2::new(3.5, 5.0)).length() < 1e-12);

        let mut ps = Particles::new(100);
        let mut rng = Pcg32::new(3);
        let tuning = ImpactTuning::default();
        let damage = spray_impact(&shot, &tuning, &mut ps, &mut rng).unwrap();
        assert_eq!((damage.body, damage.collider), (rock, part));
        assert_eq!(damage.amount, tuning.damage);
        assert_eq!(
            ps.iter().filter(|p| p.kind == ParticleKind::Spark).count(),
            tuning.body_sparks
        );
        assert!(ps.iter().all(|p| p.velocity.x <= 0.0), "sparks fly back");
    }

    #[test]
    fn a_miss_ends_at_the_range_and_bad_aim_fires_nothing() {
        let w = floor();
        let shot = fire(
            &w,
            None,
            Vec2::new(0.0, 1.0),
            Vec2::Y,
            7.0,
            Filter::default(),
        )
        .unwrap();
        assert_eq!((shot.to, shot.hit), (Vec2::new(0.0, 8.0), None));
        let mut ps = Particles::new(10);
        let mut rng = Pcg32::new(1);
        assert_eq!(
            spray_impact(&shot, &ImpactTuning::default(), &mut ps, &mut rng),
            None
        );
        assert!(ps.is_empty());
        assert!(fire(&w, None, Vec2::ZERO, Vec2::ZERO, 7.0, Filter::default()).is_none());
        assert!(fire(&w, None, Vec2::ZERO, Vec2::X, f64::NAN, Filter::default()).is_none());
        assert!(fire(&w, None, Vec2::ZERO, Vec2::X, -1.0, Filter::default()).is_none());
    }

    #[test]
    fn reflection_mirrors_the_normal_component() {
        let r = reflect(Vec2::new(0.6, -0.8), Vec2::Y);
        assert!((r - Vec2::new(0.6, 0.8)).length() < 1e-15);
    }
}
