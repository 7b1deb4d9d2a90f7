//! Spawning: a turret or drone from the level and one from a zone template are made by the
//! same function from the same definition, and a spawn that fails leaves nothing behind —
//! no body, no entity.

use cavefly::game::setup::DebrisSetup;
use cavefly::game::spawn::{
    spawn_debris, spawn_door, spawn_drone, spawn_enemy, spawn_ship, spawn_turret,
};
use cavefly::game::{ShipDef, SpawnError};
use cavefly::geom::{ConvexPolygon, Vec2};
use cavefly::level::{DroneDef, Enemy, Mover, MoverKind, TurretDef};
use cavefly::physics::{PhysicsSettings, PhysicsWorld};
use hecs::World;

fn empty() -> (World, PhysicsWorld) {
    (World::new(), PhysicsWorld::new(PhysicsSettings::default()))
}

/// Bodies and entities: both unchanged by a failed spawn.
fn census(world: &World, physics: &PhysicsWorld) -> (usize, u32) {
    (physics.body_count(), world.len())
}

fn gun() -> TurretDef {
    TurretDef {
        name: "gun".into(),
        fire_interval: 1.0,
        range: 20.0,
        health: 3,
    }
}

#[test]
fn failed_spawns_leave_no_body_and_no_entity() {
    let (mut world, mut physics) = empty();
    // Something already there, so a leak would show against a non-empty world.
    spawn_turret(&mut world, &mut physics, &gun(), Vec2::new(5.0, 0.0), 0.0).unwrap();
    let before = census(&world, &physics);

    // The physics refuses the part after the body is made: the body is taken back.
    let bad_density = DebrisSetup {
        density: f64::NAN,
        ..DebrisSetup::new(
            ConvexPolygon::rect(0.5, 0.5).unwrap().into(),
            Vec2::ZERO,
            0.0,
        )
    };
    assert_eq!(
        spawn_debris(&mut world, &mut physics, &bad_density),
        Err(SpawnError::Material)
    );
    let mut ship = ShipDef::builtin().unwrap();
    ship.density = -1.0;
    assert!(spawn_ship(&mut world, &mut physics, &ship, 0, (Vec2::ZERO, 0.0), 10.0).is_err());
    // Refused before anything is made.
    let far = DebrisSetup {
        position: Vec2::new(f64::INFINITY, 0.0),
        ..bad_density
    };
    assert_eq!(
        spawn_debris(&mut world, &mut physics, &far),
        Err(SpawnError::NotFinite)
    );
    let no_range = TurretDef {
        range: -1.0,
        ..gun()
    };
    assert!(spawn_turret(&mut world, &mut physics, &no_range, Vec2::ZERO, 0.0).is_err());
    let nowhere = DroneDef {
        name: "d".into(),
        path: vec![],
        speed: 2.0,
        health: 2,
    };
    assert!(spawn_drone(&mut world, &mut physics, &nowhere, None).is_err());
    let short = Mover {
        name: "door".into(),
        kind: MoverKind::Door,
        size: Vec2::new(1.0, 1.0),
        path: vec![Vec2::ZERO],
        speed: 1.0,
        open: false,
    };
    assert!(spawn_door(&mut world, &mut physics, &short, 0).is_err());

    assert_eq!(census(&world, &physics), before);
    assert!(physics.bodies().all(|(_, b)| b.colliders().len() == 1));
}

#[test]
fn a_turret_from_the_level_and_one_from_a_template_are_the_same_turret() {
    let (mut a_world, mut a_physics) = empty();
    let placed = Enemy::Turret {
        turret: gun(),
        position: Vec2::new(3.0, 4.0),
        angle: 0.5,
    };
    let a = spawn_enemy(&mut a_world, &mut a_physics, &placed).unwrap();
    let (mut b_world, mut b_physics) = empty();
    let b = spawn_turret(
        &mut b_world,
        &mut b_physics,
        &gun(),
        Vec2::new(3.0, 4.0),
        0.5,
    )
    .unwrap();
    assert_eq!(a, b);
    assert_eq!(a_physics.state_hash(), b_physics.state_hash());
    let turret = |w: &World, e| (*w.get::<&cavefly::game::components::Turret>(e).unwrap()).clone();
    assert_eq!(turret(&a_world, a), turret(&b_world, b));
}

#[test]
fn a_template_drone_starts_at_the_spawn_point_and_patrols_relative_to_it() {
    let (mut world, mut physics) = empty();
    let def = DroneDef {
        name: "guard".into(),
        path: vec![Vec2::new(8.0, 0.0)],
        speed: 3.0,
        health: 2,
    };
    let at = Vec2::new(10.0, -5.0);
    let e = spawn_drone(&mut world, &mut physics, &def, Some(at)).unwrap();
    let body = world.get::<&cavefly::game::components::Body>(e).unwrap().0;
    assert_eq!(physics.body(body).unwrap().position(), at);
    let drone = world.get::<&cavefly::game::components::Drone>(e).unwrap();
    assert_eq!(drone.patrol.target(), at);
    // The same definition placed in the level flies its path as written.
    let (mut world, mut physics) = empty();
    let e = spawn_drone(&mut world, &mut physics, &def, None).unwrap();
    let body = world.get::<&cavefly::game::components::Body>(e).unwrap().0;
    assert_eq!(physics.body(body).unwrap().position(), Vec2::new(8.0, 0.0));
}

#[test]
fn a_timed_spawner_stops_at_the_most_entities_a_level_may_hold() {
    use cavefly::game::scripting::MOST_ENTITIES_TO_SPAWN;
    use cavefly::game::{Actions, Sim};
    // 500 fuel cans every tenth of a second: 10,000 entities in two seconds, unchecked.
    let cans: Vec<String> = (0..500)
        .map(|i| {
            format!(
                "Spawn(template: \"can\", at: ({:.1}, 10.0))",
                -25.0 + 0.1 * i as f64
            )
        })
        .collect();
    let src = crate::common::pocket_level_source(&format!(
        r#"templates: [Fuel(name: "can", fuel: 1.0)],
        zones: [(name: "spawner", shape: Circle(center: (0.0, 20.0), radius: 1.0),
            trigger: Every(0.1), once: false, actions: [{}])],"#,
        cans.join(", ")
    ));
    let level = cavefly::level::load_level_source(&src, std::path::Path::new("spawner.ron"))
        .expect("the level loads");
    let mut sim = Sim::from_level(&level).unwrap();
    let start = sim.entities().len();
    let mut counts = Vec::new();
    for _ in 0..(4.0 / sim.time_step()) as usize {
        sim.step(&[Actions::default()]);
        counts.push(sim.entities().len());
    }
    // Below the cap every spawn is made: the first firing adds its 500 cans.
    let first = counts.iter().copied().find(|&n| n > start).unwrap();
    assert_eq!(first, start + 500);
    // Then the count climbs to the cap and stays there: the spawns past it are skipped.
    assert_eq!(counts.iter().copied().max(), Some(MOST_ENTITIES_TO_SPAWN));
    assert_eq!(*counts.last().unwrap(), MOST_ENTITIES_TO_SPAWN);
    let levels_doc = std::fs::read_to_string("docs/levels.md").unwrap();
    let stated = format!(
        "skipped while the level holds {},{:03} entities",
        MOST_ENTITIES_TO_SPAWN / 1000,
        MOST_ENTITIES_TO_SPAWN % 1000
    );
    assert!(
        levels_doc.contains(&stated),
        "docs/levels.md states the cap"
    );
}
