//! Tests of the particle store: determinism, the maximum, motion and the emitters.

use super::*;

fn spray(count: usize) -> Spray {
    Spray {
        point: Vec2::new(1.0, 2.0),
        direction: Vec2::new(1.0, 1.0),
        spread: 0.5,
        count,
        speed: 2.0..6.0,
    }
}

fn run(seed: u64) -> Vec<(u64, u64)> {
    let mut rng = Pcg32::new(seed);
    let mut ps = Particles::new(500);
    ps.sparks(&spray(40), &mut rng);
    ps.dust(&spray(20), &mut rng);
    ps.explosion(Vec2::new(-3.0, 0.0), 1.5, &mut rng);
    let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
    ps.crumble(&square, Vec2::new(0.5, 0.0), &mut rng);
    for _ in 0..30 {
        ps.step(1.0 / 120.0, Vec2::new(0.0, -9.81));
    }
    ps.iter()
        .map(|p| (p.position.x.to_bits(), p.position.y.to_bits()))
        .collect()
}

#[test]
fn same_seed_gives_the_same_particles_bit_for_bit() {
    let a = run(42);
    assert!(a.len() > 80, "{} particles", a.len());
    assert_eq!(a, run(42));
    assert_ne!(a, run(43));
}

#[test]
fn a_full_store_drops_its_oldest_particles() {
    let mut rng = Pcg32::new(1);
    let mut ps = Particles::new(50);
    assert_eq!(ps.sparks(&spray(30), &mut rng), 30);
    let mut late = spray(40);
    late.point = Vec2::new(100.0, 0.0);
    assert_eq!(ps.dust(&late, &mut rng), 40);
    assert_eq!(ps.len(), 50);
    // 20 sparks made way; the 10 youngest sparks remain, then all the dust.
    let kinds: Vec<ParticleKind> = ps.iter().map(|p| p.kind).collect();
    assert!(kinds[..10].iter().all(|k| *k == ParticleKind::Spark));
    assert!(kinds[10..].iter().all(|k| *k == ParticleKind::Dust));
    assert!(!Particles::new(0).push(ps.iter().next().copied().unwrap()));
}

#[test]
fn particles_die_at_their_lifetime_and_flashes_stay_put() {
    let mut ps = Particles::new(10);
    assert!(ps.flash(Vec2::new(2.0, 3.0), Vec2::new(0.0, 5.0)));
    let f = *ps.iter().next().unwrap();
    assert!((f.angle - std::f64::consts::FRAC_PI_2).abs() < 1e-15);
    ps.step(0.05, Vec2::new(0.0, -9.81));
    assert_eq!(ps.iter().next().unwrap().position, Vec2::new(2.0, 3.0));
    ps.step(0.02, Vec2::new(0.0, -9.81));
    assert!(ps.is_empty());
    assert!(!ps.flash(Vec2::ZERO, Vec2::ZERO));
}

#[test]
fn sparks_stay_in_their_cone_and_speed_range() {
    let mut rng = Pcg32::new(9);
    let mut ps = Particles::new(1000);
    ps.sparks(&spray(500), &mut rng);
    let axis = Vec2::new(1.0, 1.0).normalize();
    for p in ps.iter() {
        let speed = p.velocity.length();
        assert!((2.0..6.0).contains(&speed));
        assert!(p.velocity.dot(axis) / speed >= 0.5f64.cos() - 1e-12);
    }
}

#[test]
fn drag_and_gravity_follow_the_kind() {
    let mut ps = Particles::new(10);
    for kind in [ParticleKind::Spark, ParticleKind::Smoke] {
        ps.push(Particle {
            position: Vec2::ZERO,
            velocity: Vec2::new(1.0, 0.0),
            age: 0.0,
            lifetime: 10.0,
            size: 0.1,
            angle: 0.0,
            kind,
            color: SPARK_COLOR,
        });
    }
    let dt = 0.1;
    ps.step(dt, Vec2::new(0.0, -10.0));
    let v: Vec<Vec2> = ps.iter().map(|p| p.velocity).collect();
    // Spark: (v + g dt) / (1 + 1.0 dt); smoke: (v - 0.1 g dt) / (1 + 2.0 dt).
    assert!((v[0] - Vec2::new(1.0, -1.0) / 1.1).length() < 1e-15);
    assert!((v[1] - Vec2::new(1.0, 0.1) / 1.2).length() < 1e-15);
}

#[test]
fn crumble_covers_the_piece_and_bad_input_emits_nothing() {
    let mut rng = Pcg32::new(5);
    let mut ps = Particles::new(100);
    let tri = [Vec2::ZERO, Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0)];
    let n = ps.crumble(&tri, Vec2::ZERO, &mut rng);
    assert_eq!(n, 20); // 0.5 m² at 40 per m²
    assert!(ps
        .iter()
        .all(|p| p.position.x >= 0.0 && p.position.y >= 0.0 && p.position.x + p.position.y <= 1.0));
    assert_eq!(ps.crumble(&tri[..2], Vec2::ZERO, &mut rng), 0);
    assert_eq!(
        ps.crumble(
            &[Vec2::ZERO, Vec2::X, Vec2::new(f64::NAN, 1.0)],
            Vec2::ZERO,
            &mut rng
        ),
        0
    );
    assert_eq!(ps.explosion(Vec2::ZERO, -1.0, &mut rng), 0);
}

#[test]
fn exhaust_ignores_gravity_and_slows_quickly() {
    let mut rng = Pcg32::new(2);
    let mut ps = Particles::new(20);
    let nozzle = Spray {
        point: Vec2::ZERO,
        direction: Vec2::new(0.0, -1.0),
        spread: 0.0,
        count: 5,
        speed: 3.0..3.0,
    };
    assert_eq!(ps.exhaust(&nozzle, &mut rng), 5);
    ps.step(0.1, Vec2::new(0.0, -9.81));
    for p in ps.iter() {
        assert_eq!(p.kind, ParticleKind::Exhaust);
        // (0, −3) / (1 + 4 · 0.1), with no pull from gravity.
        assert!((p.velocity - Vec2::new(0.0, -3.0 / 1.4)).length() < 1e-12);
    }
}
