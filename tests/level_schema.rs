//! The schema accepts every documented variant, fills in the documented defaults, and the
//! smallest level in `docs/levels.md` loads.

use cavefly::collide::ContactMethod;
use cavefly::geom::Vec2;
use cavefly::level::{
    load_level_source, Action, Condition, Enemy, Material, MoverKind, Objective, Trigger, Who,
};
use std::path::Path;

const KITCHEN_SINK: &str = r#"
#![enable(implicit_some)]
(
    version: 1,
    name: "Everything",
    physics: (contact_method: crossing_pairs),
    world: (
        rock: [Rect(min: (-60, -60), max: (60, 60)), Polygon(points: [(55, 55), (80, 55), (70, 80)])],
        carve: [Circle(center: (0, 0), radius: 20), Polyline(points: [(0, 0), (40, 30), (40, -30)], width: 6)],
        add: [Rect(min: (-5, -20), max: (5, -15))],
    ),
    flair: [(name: "spire", mesh: File("../assets/meshes/rock_spire.ron"), position: (-10, -19), scale: 0.5)],
    debris: [
        (name: "a", shape: Box(width: 1, height: 2), position: (0, 5)),
        (name: "b", shape: Circle(radius: 0.5), position: (3, 5), material: Ice, velocity: (1, 0)),
        (name: "c", shape: Polygon(points: [(0, 0), (1, 0), (0, 1)]), position: (-3, 5)),
    ],
    player_start: (position: (0, 10)),
    enemies: [
        Turret(name: "t", position: (10, 10)),
        Drone(name: "d", path: [(5, 5)]),
    ],
    movers: [
        (name: "door", kind: Door, size: (1, 6), path: [(40, 0), (40, 6)], open: true),
        (name: "lift", kind: Lift, size: (4, 1), path: [(-10, -10), (-10, 10)]),
    ],
    flags: ["f"],
    counters: [(name: "n", initial: 2)],
    zones: [
        (
            name: "z",
            shape: Polygon(points: [(0, 0), (2, 0), (1, 2)]),
            trigger: Inside,
            who: Debris("a"),
            once: false,
            conditions: [FlagSet("f"), FlagClear("f"), CounterAtLeast("n", 1), CounterBelow("n", 9)],
            actions: [SetFlag("f"), ClearFlag("f"), AddCounter("n", -1), OpenDoor("door"), CloseDoor("door"), Message("hi"), Win, Kill],
        ),
        (name: "goal", shape: Rect(min: (30, 20), max: (35, 25)), who: AnyDebris),
    ],
    objective: Deliver(debris: ["a", "b"], zone: "goal"),
)
"#;

#[test]
fn every_variant_loads_with_documented_defaults() {
    let loaded = load_level_source(KITCHEN_SINK, Path::new("levels/kitchen_sink.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = &loaded.level;
    assert_eq!(l.gravity, Vec2::new(0.0, -4.0));
    assert_eq!(l.physics.time_step, 1.0 / 120.0);
    assert_eq!(l.physics.substeps, 4);
    assert_eq!(l.physics.contact_method, ContactMethod::CrossingPairs);
    assert_eq!(l.flair[0].angle, 0.0);
    let a = &l.debris[0];
    assert_eq!(
        (a.density, a.friction, a.restitution, a.material),
        (1.0, 0.6, 0.1, Material::Rock)
    );
    assert_eq!(l.debris[1].material, Material::Ice);
    assert!(
        matches!(l.enemies[0], Enemy::Turret { fire_interval, range, health: 3, .. } if fire_interval == 2.0 && range == 30.0)
    );
    assert!(matches!(l.enemies[1], Enemy::Drone { speed, health: 2, .. } if speed == 3.0));
    assert_eq!(l.movers[0].kind, MoverKind::Door);
    assert!(l.movers[0].open && !l.movers[1].open);
    assert_eq!(l.movers[1].speed, 2.0);
    assert_eq!(l.counters[0].initial, 2);
    let z = &l.zones[0];
    assert_eq!(
        (z.trigger, z.who.clone(), z.once),
        (Trigger::Inside, Who::Debris("a".into()), false)
    );
    assert_eq!(z.conditions[2], Condition::CounterAtLeast("n".into(), 1));
    assert_eq!(z.actions[2], Action::AddCounter("n".into(), -1));
    let g = &l.zones[1];
    assert_eq!((g.trigger, g.once), (Trigger::Enter, true));
    assert!(
        matches!(&l.objective, Objective::Deliver { debris, zone } if debris.len() == 2 && zone == "goal")
    );
    assert_eq!(loaded.body_count(), 1 + 3 + 2 + 2);
}

#[test]
fn the_smallest_level_in_the_docs_loads() {
    let doc = std::fs::read_to_string("docs/levels.md").unwrap();
    let start = doc.find("The smallest valid level:").unwrap();
    let block = &doc[start..];
    let open = block.find("```\n").unwrap() + 4;
    let close = open + block[open..].find("```").unwrap();
    let loaded = load_level_source(&block[open..close], Path::new("levels/doc.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.level.name, "Pocket");
    assert_eq!(loaded.world.chains.len(), 2);
}
