//! The schema accepts every documented variant and fills in the documented defaults (the
//! examples in `docs/levels.md` are loaded by `tests/suite/level_docs.rs`).

use cavefly::collide::ContactMethod;
use cavefly::geom::Vec2;
use cavefly::level::{
    load_level_source, Action, Condition, Enemy, Material, MoverKind, Objective, Trigger, Who,
    WorldKind,
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
            actions: [SetFlag("f"), ClearFlag("f"), AddCounter("n", -1), OpenDoor("door"), CloseDoor("door"), Message(text: "hi"), Win, Kill],
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
        matches!(&l.enemies[0], Enemy::Turret { turret, .. } if turret.fire_interval == 2.0 && turret.range == 30.0 && turret.health == 3)
    );
    assert!(matches!(&l.enemies[1], Enemy::Drone(d) if d.speed == 3.0 && d.health == 2));
    assert_eq!(l.movers[0].kind, MoverKind::Door);
    assert!(l.movers[0].open && !l.movers[1].open);
    assert_eq!(l.movers[1].speed, 2.0);
    assert_eq!(l.counters[0].initial, 2);
    let z = &l.zones[0];
    assert_eq!(
        (z.trigger.clone(), z.who.clone(), z.once),
        (Trigger::Inside, Who::Debris("a".into()), false)
    );
    assert_eq!(z.conditions[2], Condition::CounterAtLeast("n".into(), 1));
    assert_eq!(z.actions[2], Action::AddCounter("n".into(), -1));
    let g = &l.zones[1];
    assert_eq!((g.trigger.clone(), g.once), (Trigger::Enter, true));
    assert!(
        matches!(&l.objective, Objective::Deliver { debris, zone } if debris.len() == 2 && zone == "goal")
    );
    assert_eq!(loaded.body_count(), 1 + 3 + 2 + 2);
}

const SCRIPTED: &str = r#"
(
    version: 1,
    name: "Scripted",
    world: (
        rock: [Rect(min: (-60, -60), max: (60, 60))],
        carve: [Circle(center: (0, 0), radius: 20)],
    ),
    player_start: (position: (0, 10)),
    movers: [(name: "door", kind: Door, size: (1, 6), path: [(10, 0), (10, 6)])],
    flags: ["f"],
    counters: [(name: "n")],
    templates: [
        Debris(name: "rock", shape: Circle(radius: 0.5)),
        Turret(name: "gun"),
        Drone(name: "bat", path: [(0, 0), (4, 0)]),
        Fuel(name: "can"),
    ],
    sounds: [(name: "siren", cue: Alarm), (name: "ding", cue: Chime, volume: 0.25)],
    zones: [
        (name: "a", shape: Circle(center: (0, 0), radius: 1), trigger: FlagChanged("f")),
        (name: "b", shape: Circle(center: (0, 0), radius: 1), trigger: Timer(0)),
        (name: "c", shape: Circle(center: (0, 0), radius: 1), trigger: Every(2.5), who: Anything,
            conditions: [Counter("n", Eq, 1), Counter("n", Ne, 2), Counter("n", Lt, 3), Counter("n", Le, 4), Counter("n", Gt, 0), Counter("n", Ge, 1)],
            actions: [
                ToggleFlag("f"), ToggleDoor("door"), Message(text: "hi"), Message(text: "long", seconds: 9),
                Spawn(template: "rock", at: (1, 2)), Spawn(template: "gun", at: (1, 2), angle: 1.5),
                Sound("ding"), Checkpoint(position: (3, 4)), Checkpoint(position: (3, 4), angle: 1),
                Gravity((0, -2)), Wait(1.5), Lose,
            ],
        ),
    ],
)
"#;

#[test]
fn script_variants_load_with_documented_defaults() {
    use cavefly::level::{Compare, SoundCue, Template};
    let loaded = load_level_source(SCRIPTED, Path::new("levels/scripted.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    let l = &loaded.level;
    assert_eq!(l.zones[0].trigger, Trigger::FlagChanged("f".into()));
    assert_eq!(l.zones[2].trigger, Trigger::Every(2.5));
    assert_eq!(
        l.zones[2].conditions[0],
        Condition::Counter("n".into(), Compare::Eq, 1)
    );
    let a = &l.zones[2].actions;
    assert_eq!(
        a[2],
        Action::Message {
            text: "hi".into(),
            seconds: 3.0
        }
    );
    assert!(matches!(&a[4], Action::Spawn { angle, .. } if *angle == 0.0));
    assert!(matches!(&a[7], Action::Checkpoint { angle, .. } if *angle == 0.0));
    assert_eq!(a[10], Action::Wait(1.5));
    assert!(matches!(
        &l.templates[0],
        Template::Debris { density, friction, restitution, material: Material::Rock, .. }
            if (*density, *friction, *restitution) == (1.0, 0.6, 0.1)
    ));
    assert!(
        matches!(&l.templates[1], Template::Turret(t) if (t.fire_interval, t.range, t.health) == (2.0, 30.0, 3))
    );
    assert!(matches!(&l.templates[2], Template::Drone(d) if d.speed == 3.0 && d.health == 2));
    assert!(matches!(&l.templates[3], Template::Fuel { fuel, .. } if *fuel == 20.0));
    assert_eq!(
        (l.sounds[0].cue, l.sounds[0].volume),
        (SoundCue::Alarm, 1.0)
    );
    assert_eq!(l.sounds[1].volume, 0.25);
    assert!(Compare::Le.holds(4, 4) && !Compare::Lt.holds(4, 4) && Compare::Ne.holds(1, 2));
}

#[test]
fn a_level_names_its_world_and_is_in_the_mines_unless_it_says_otherwise() {
    let level = |kind: &str| {
        format!(
            "(version: 2, name: \"w\", world: ({kind}rock: [Rect(min: (-20, -20), max: (20, 20))], carve: [Circle(center: (0, 0), radius: 10)]), player_start: (position: (0, 0)))"
        )
    };
    let path = Path::new("levels/w.ron");
    let kind_of = |text: &str| {
        load_level_source(text, path)
            .unwrap_or_else(|e| panic!("{e}"))
            .level
            .world
            .kind
    };
    assert_eq!(kind_of(&level("")), WorldKind::Mines);
    assert_eq!(kind_of(&level("kind: Mines, ")), WorldKind::Mines);
    assert_eq!(kind_of(&level("kind: Ice, ")), WorldKind::Ice);
    assert_eq!(kind_of(&level("kind: Reactor, ")), WorldKind::Reactor);
    // A wrong value names its place, what it found and what would do.
    let errors = load_level_source(&level("kind: ice, "), path).unwrap_err();
    let p = &errors.problems[0];
    assert_eq!((p.line, p.col, p.item.as_str()), (1, 39, "world.kind"));
    assert!(
        p.message.contains("`ice`") && p.message.contains("`Mines`"),
        "{}",
        p.message
    );
    let errors = load_level_source(&level("kind: 3, "), path).unwrap_err();
    assert_eq!(errors.problems[0].item, "world.kind", "{errors}");
}
