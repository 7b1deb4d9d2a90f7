//! Piles that come to rest: columns of mixed boxes stand and sleep, piles of mixed polygons
//! on flat ground and on jagged rock sleep, a centred drop stays symmetric, and resting
//! contacts keep their feature ids (so warm starting carries their impulses).
//!
//! The scenes are the step bench's (`benches/scenes`), stepped at 60 Hz with the default
//! settings and Box2D's sleep thresholds (0.05 m/s, 2°/s, 0.5 s).

use crate::scenes;

use crate::scenes::{awake, build, Scene};
use cavefly::collide::FeatureId;
use cavefly::geom::{ConvexPolygon, Vec2};
use cavefly::physics::{
    BodyDef, BodyHandle, BodyKind, ColliderDef, PartRef, PhysicsSettings, PhysicsWorld,
};

const DT: f64 = 1.0 / 60.0;

/// Steps `seconds` of `w`; after `quiet_from` seconds, returns the fastest speed any body
/// reached (the pile should be at rest by then).
fn settle(w: &mut PhysicsWorld, bodies: &[BodyHandle], seconds: f64, quiet_from: f64) -> f64 {
    let mut fastest: f64 = 0.0;
    for step in 0..(seconds / DT).round() as usize {
        w.step(DT);
        if (step + 1) as f64 * DT > quiet_from {
            for b in bodies {
                let body = w.body(*b).unwrap();
                fastest = fastest.max(body.linear_velocity().length());
            }
        }
    }
    fastest
}

/// Groups of pieces that touch one another (through pieces, not through the ground), as a
/// group number per piece.
fn touching_groups(w: &PhysicsWorld, bodies: &[BodyHandle]) -> Vec<usize> {
    let index_of = |part: PartRef| match part {
        PartRef::Collider(c) => {
            let body = w.collider(c)?.body();
            bodies.iter().position(|b| *b == body)
        }
        PartRef::Rock(_) => None,
    };
    let mut group: Vec<usize> = (0..bodies.len()).collect();
    fn root(g: &mut [usize], mut i: usize) -> usize {
        while g[i] != i {
            g[i] = g[g[i]];
            i = g[i];
        }
        i
    }
    for c in w.contacts().filter(|c| c.touching) {
        if let (Some(a), Some(b)) = (index_of(c.a), index_of(c.b)) {
            let (ra, rb) = (root(&mut group, a), root(&mut group, b));
            group[ra.max(rb)] = ra.min(rb);
        }
    }
    (0..bodies.len()).map(|i| root(&mut group, i)).collect()
}

/// Steps a pile for 10 s with sleeping on and checks that every piece is asleep by then.
fn sleeps_within_ten_seconds(scene: &Scene) -> (PhysicsWorld, Vec<BodyHandle>) {
    sleeps_within_ten_seconds_at(scene, DT, PhysicsSettings::default())
}

/// [`sleeps_within_ten_seconds`] at time step `dt` with `settings`.
fn sleeps_within_ten_seconds_at(
    scene: &Scene,
    dt: f64,
    settings: PhysicsSettings,
) -> (PhysicsWorld, Vec<BodyHandle>) {
    let (mut w, bodies) = build(scene, settings);
    for step in 0..(10.0 / dt).round() as usize {
        w.step(dt);
        if std::env::var_os("CAVEFLY_REST_TRACE").is_some() && step % 30 == 29 {
            eprintln!(
                "{}: t {:.1} s, {} awake",
                scene.name,
                (step + 1) as f64 * dt,
                awake(&w, &bodies)
            );
        }
    }
    let still_awake = awake(&w, &bodies);
    assert_eq!(
        still_awake,
        0,
        "{}: {still_awake} of {} pieces still awake after 10 s",
        scene.name,
        bodies.len()
    );
    (w, bodies)
}

/// Steps a pile for 10 s with sleeping off, so resting pieces go on being simulated, and
/// checks that after 5 s no resting piece moves faster than 0.05 m/s. A piece is resting
/// while every piece of its touching group has been slower than Box2D's sleep thresholds
/// (0.05 m/s, 2°/s) for half a second, before and after the step: a group that something
/// still tumbles into is not resting, but a resting group that creeps or jitters by itself fails.
fn stays_at_rest(scene: &Scene) {
    let settings = PhysicsSettings {
        allow_sleep: false,
        ..PhysicsSettings::default()
    };
    let (mut w, bodies) = build(scene, settings);
    let mut rested = vec![0.0f64; bodies.len()];
    let mut worst: Option<(f64, usize, f64)> = None;
    for step in 0..600 {
        let groups = touching_groups(&w, &bodies);
        let mut group_rested = vec![f64::INFINITY; bodies.len()];
        for (g, r) in groups.iter().zip(&rested) {
            group_rested[*g] = group_rested[*g].min(*r);
        }
        w.step(DT);
        let t = (step + 1) as f64 * DT;
        // A group a moving piece joined during the step is disturbed, not resting.
        let after = touching_groups(&w, &bodies);
        let mut joined = vec![f64::INFINITY; bodies.len()];
        for (g, r) in after.iter().zip(&rested) {
            joined[*g] = joined[*g].min(*r);
        }
        for (i, b) in bodies.iter().enumerate() {
            let b = w.body(*b).unwrap();
            let speed = b.linear_velocity().length();
            let resting = group_rested[groups[i]] >= 0.5 && joined[after[i]] >= 0.5;
            if t > 5.0 && resting && speed > 0.05 && worst.is_none_or(|w| speed > w.0) {
                worst = Some((speed, i, t));
            }
            let slow = speed <= 0.05 && b.angular_velocity().abs() <= 2f64.to_radians();
            rested[i] = if slow { rested[i] + DT } else { 0.0 };
        }
    }
    if let Some((speed, i, t)) = worst {
        panic!(
            "{}: piece {i}, resting in a resting group, moved at {speed:.3} m/s at {t:.2} s",
            scene.name
        );
    }
}

#[test]
fn mixed_box_columns_stand_and_sleep() {
    for seed in 1..=4 {
        let (columns, per_column) = (25, 10);
        let scene = scenes::box_columns(seed, columns, per_column);
        stays_at_rest(&scene);
        let (w, bodies) = sleeps_within_ten_seconds(&scene);
        // A column stands while each of its boxes is still over the column's foot and
        // upright: a toppled column spreads its boxes over metres and tilts them.
        let standing = (0..columns)
            .filter(|c| {
                (0..per_column).all(|k| {
                    let i = c * per_column + k;
                    let body = w.body(bodies[i]).unwrap();
                    let x0 = scene.bodies[i].0.x;
                    (body.position().x - x0).abs() < 0.1 && body.angle().abs() < 0.05
                })
            })
            .count();
        assert!(
            standing * 10 >= columns * 9,
            "seed {seed}: only {standing} of {columns} columns stand"
        );
    }
}

#[test]
fn polygon_piles_sleep_on_flat_ground() {
    for seed in 1..=3 {
        let scene = scenes::polygon_pile(seed, 250);
        sleeps_within_ten_seconds(&scene);
        stays_at_rest(&scene);
    }
}

#[test]
fn polygon_piles_sleep_on_jagged_rock() {
    for seed in 1..=3 {
        let scene = scenes::jagged_pile(seed, 250);
        sleeps_within_ten_seconds(&scene);
        stays_at_rest(&scene);
    }
}

#[test]
fn piles_sleep_at_the_games_rate_and_gravity() {
    // Levels step at 120 Hz under their own gravity (4 m/s² unless a level says otherwise),
    // with the level's default solver settings.
    let level = cavefly::level::Physics::default();
    let settings = PhysicsSettings {
        gravity: cavefly::level::default_gravity(),
        substeps: level.substeps,
        iterations: level.velocity_iterations,
        relax_iterations: level.position_iterations,
        contact_method: level.contact_method,
        ..PhysicsSettings::default()
    };
    for scene in [
        scenes::box_columns(2, 25, 10),
        scenes::polygon_pile(2, 250),
        scenes::jagged_pile(2, 250),
    ] {
        sleeps_within_ten_seconds_at(&scene, level.time_step, settings);
    }
}

#[test]
fn forty_row_pyramid_sleeps_in_five_seconds_and_holds_its_shape() {
    let scene = scenes::pyramid(40);
    let (mut w, bodies) = build(&scene, PhysicsSettings::default());
    settle(&mut w, &bodies, 5.0, 5.0);
    assert_eq!(awake(&w, &bodies), 0, "the pyramid still moves after 5 s");
    let worst = bodies
        .iter()
        .zip(&scene.bodies)
        .map(|(b, (start, _, _))| (w.body(*b).unwrap().position() - *start).length())
        .fold(0.0, f64::max);
    // The boxes settle into their soft contacts: 40 rows compress by about a tenth of a box.
    assert!(worst < 0.15, "a box moved {worst:.3} m");
}

/// A box of half-width `top` dropped `drop` metres, centred, onto a resting box of
/// half-width `bottom` on a static ground; returns the largest sideways offset and tilt of
/// the top box over two seconds.
fn centred_drop(top: f64, bottom: f64, drop: f64) -> (f64, f64) {
    let mut w = PhysicsWorld::new(PhysicsSettings::default());
    let ground = w.create_body(&BodyDef {
        kind: BodyKind::Static,
        position: Vec2::new(0.0, -1.0),
        ..BodyDef::default()
    });
    w.add_collider(
        ground,
        &ColliderDef::new(ConvexPolygon::rect(20.0, 1.0).unwrap()),
    )
    .unwrap();
    let make = |w: &mut PhysicsWorld, half: f64, y: f64| {
        let b = w.create_body(&BodyDef {
            position: Vec2::new(0.0, y),
            ..BodyDef::default()
        });
        w.add_collider(
            b,
            &ColliderDef::new(ConvexPolygon::rect(half, 0.4).unwrap()),
        )
        .unwrap();
        b
    };
    let lower = make(&mut w, bottom, 0.4);
    let upper = make(&mut w, top, 0.8 + 0.4 + drop);
    let (mut offset, mut tilt): (f64, f64) = (0.0, 0.0);
    for _ in 0..120 {
        w.step(DT);
        for b in [lower, upper] {
            let body = w.body(b).unwrap();
            offset = offset.max(body.position().x.abs());
            tilt = tilt.max(body.angle().abs());
        }
    }
    (offset, tilt)
}

#[test]
fn a_centred_drop_stays_symmetric() {
    for (top, bottom) in [(0.5, 0.9), (0.9, 0.5), (0.35, 0.45), (0.6, 0.6)] {
        let (offset, tilt) = centred_drop(top, bottom, 0.5);
        assert!(
            offset <= 1e-9 && tilt <= 1e-9,
            "half-widths {top}/{bottom}: offset {offset:e} m, tilt {tilt:e} rad"
        );
    }
}

/// The feature ids of every touching contact, by pair, sorted.
fn contact_ids(w: &PhysicsWorld) -> Vec<((PartRef, PartRef), Vec<FeatureId>)> {
    let mut out: Vec<_> = w
        .contacts()
        .filter(|c| c.touching)
        .map(|c| ((c.a, c.b), c.points.iter().map(|p| p.id).collect()))
        .collect();
    out.sort_by_key(|x: &((PartRef, PartRef), Vec<FeatureId>)| x.0);
    out
}

#[test]
fn resting_feature_ids_hold_for_a_minute() {
    // Sleeping off, so every contact is recomputed or reused each step for the whole minute.
    let settings = PhysicsSettings {
        allow_sleep: false,
        ..PhysicsSettings::default()
    };
    for scene in [scenes::polygon_pile(5, 120), scenes::box_columns(5, 8, 6)] {
        let (mut w, bodies) = build(&scene, settings);
        settle(&mut w, &bodies, 5.0, 5.0);
        let mut before = contact_ids(&w);
        let (mut changed, mut kept) = (0usize, 0usize);
        for _ in 0..3600 {
            w.step(DT);
            let now = contact_ids(&w);
            // Both lists are sorted by pair: compare the pairs present in both.
            let mut old = before.iter().peekable();
            for (pair, ids) in &now {
                while old.next_if(|(p, _)| p < pair).is_some() {}
                if let Some((_, was)) = old.next_if(|(p, _)| p == pair) {
                    if was == ids {
                        kept += 1;
                    } else {
                        changed += 1;
                    }
                }
            }
            before = now;
        }
        assert!(
            kept > 100_000,
            "{}: only {kept} contacts compared",
            scene.name
        );
        assert_eq!(
            changed,
            0,
            "{}: {changed} of {} step-to-step contact comparisons changed feature ids",
            scene.name,
            changed + kept
        );
    }
}
