//! The script runtime: triggers fire when they should, conditions gate them, sequences wait
//! the right number of steps, and the same inputs give the same state hash.

use cavefly::geom::Vec2;
use cavefly::hash::Fnv1a;
use cavefly::level::{load_level_source, Level, SoundCue};
use cavefly::script::{DoorOp, ScriptCommand, ScriptInput, ScriptRuntime, Tracked};
use std::path::Path;

const DT: f64 = 1.0 / 120.0;

/// A pocket level with the given extra top-level fields (flags, zones, ...).
fn level(extra: &str) -> Level {
    let src = crate::common::pocket_level_source(extra);
    load_level_source(&src, Path::new("levels/script_test.ron"))
        .unwrap_or_else(|e| panic!("{e}"))
        .level
}

/// Steps `rt` by `dt` with one ship at `p` (or none) and nothing else.
fn step_at(rt: &mut ScriptRuntime, dt: f64, p: Option<Vec2>) -> Vec<ScriptCommand> {
    let ships: Vec<Tracked> = p
        .map(|position| Tracked {
            id: 1,
            name: None,
            position,
        })
        .into_iter()
        .collect();
    rt.step(
        dt,
        &ScriptInput {
            players: &ships,
            ..ScriptInput::default()
        },
    )
}

const BOX: &str = r#"shape: Rect(min: (10.0, -1.0), max: (12.0, 1.0))"#;
const INSIDE: Vec2 = Vec2::new(11.0, 0.0);
const OUTSIDE: Vec2 = Vec2::new(0.0, 0.0);

fn wins(out: &[ScriptCommand]) -> usize {
    out.iter().filter(|c| **c == ScriptCommand::Win).count()
}

#[test]
fn a_once_zone_fires_once_while_its_trigger_recurs() {
    let l = level(&format!(
        r#"counters: [(name: "n")], zones: [(name: "z", {BOX}, actions: [AddCounter("n", 1), Win])]"#
    ));
    let mut rt = ScriptRuntime::new(&l);
    let mut total = 0;
    for k in 0..10 {
        // In and out every other step: five entries.
        let p = if k % 2 == 0 { INSIDE } else { OUTSIDE };
        total += wins(&step_at(&mut rt, DT, Some(p)));
    }
    assert_eq!(total, 1);
    assert_eq!(rt.counter("n"), Some(1));
    assert_eq!(rt.zones().next().unwrap().1.fired, 1);
}

#[test]
fn repeating_enter_exit_and_inside_triggers_count_every_time() {
    let l = level(&format!(
        r#"counters: [(name: "in"), (name: "out"), (name: "steps")],
        zones: [
            (name: "a", {BOX}, once: false, actions: [AddCounter("in", 1)]),
            (name: "b", {BOX}, trigger: Exit, once: false, actions: [AddCounter("out", 1)]),
            (name: "c", {BOX}, trigger: Inside, once: false, actions: [AddCounter("steps", 1)]),
        ]"#
    ));
    let mut rt = ScriptRuntime::new(&l);
    // 3 steps inside, 2 outside, 4 inside, then the ship vanishes (no exit).
    let path = [
        INSIDE, INSIDE, INSIDE, OUTSIDE, OUTSIDE, INSIDE, INSIDE, INSIDE, INSIDE,
    ];
    for p in path {
        step_at(&mut rt, DT, Some(p));
    }
    step_at(&mut rt, DT, None);
    assert_eq!(rt.counter("in"), Some(2));
    assert_eq!(rt.counter("out"), Some(1));
    assert_eq!(rt.counter("steps"), Some(7));
    let states: Vec<_> = rt.zones().map(|(_, s)| (s.occupied, s.fired)).collect();
    assert_eq!(states, [(false, 2), (false, 1), (false, 7)]);
}

#[test]
fn debris_zones_tell_pieces_apart_by_id_and_name() {
    let l = level(&format!(
        r#"debris: [(name: "gem", shape: Circle(radius: 0.5), position: (5.0, 0.0))],
        counters: [(name: "any"), (name: "gem")],
        zones: [
            (name: "a", {BOX}, who: AnyDebris, once: false, actions: [AddCounter("any", 1)]),
            (name: "g", {BOX}, who: Debris("gem"), once: false, actions: [AddCounter("gem", 1)]),
        ]"#
    ));
    let mut rt = ScriptRuntime::new(&l);
    let two = [
        Tracked {
            id: 7,
            name: Some("gem"),
            position: INSIDE,
        },
        Tracked {
            id: 9,
            name: None,
            position: INSIDE,
        },
    ];
    let ship = [Tracked {
        id: 1,
        name: None,
        position: INSIDE,
    }];
    let input = ScriptInput {
        players: &ship,
        debris: &two,
        others: &[],
    };
    rt.step(DT, &input);
    rt.step(DT, &input);
    assert_eq!((rt.counter("any"), rt.counter("gem")), (Some(2), Some(1)));
}

#[test]
fn a_timer_fires_on_the_step_its_time_comes_and_every_repeats() {
    let l = level(
        r#"counters: [(name: "ticks")],
        zones: [
            (name: "t", shape: Circle(center: (0.0, 0.0), radius: 1.0), trigger: Timer(0.5), actions: [Win]),
            (name: "e", shape: Circle(center: (0.0, 0.0), radius: 1.0), trigger: Every(0.25), once: false, actions: [AddCounter("ticks", 1)]),
        ]"#,
    );
    let mut rt = ScriptRuntime::new(&l);
    let mut won_at = Vec::new();
    for step in 1..=240 {
        if wins(&step_at(&mut rt, DT, None)) > 0 {
            won_at.push(step);
        }
        if step == 29 {
            assert_eq!(rt.counter("ticks"), Some(0));
        }
        if step == 30 {
            assert_eq!(rt.counter("ticks"), Some(1));
        }
    }
    // 0.5 s at 120 steps a second: the 60th step, once.
    assert_eq!(won_at, [60]);
    assert_eq!(rt.counter("ticks"), Some(8));
}

#[test]
fn a_flag_change_fires_its_zone_the_next_step() {
    let l = level(&format!(
        r#"flags: ["lit"], counters: [(name: "changes")],
        zones: [
            (name: "switch", {BOX}, once: false, actions: [ToggleFlag("lit")]),
            (name: "watch", shape: Circle(center: (0.0, 0.0), radius: 1.0), trigger: FlagChanged("lit"), once: false, actions: [AddCounter("changes", 1)]),
        ]"#
    ));
    let mut rt = ScriptRuntime::new(&l);
    step_at(&mut rt, DT, Some(INSIDE));
    assert_eq!(rt.flag("lit"), Some(true));
    assert_eq!(rt.counter("changes"), Some(0));
    step_at(&mut rt, DT, Some(OUTSIDE));
    assert_eq!(rt.counter("changes"), Some(1));
    step_at(&mut rt, DT, Some(OUTSIDE));
    assert_eq!(rt.counter("changes"), Some(1));
    step_at(&mut rt, DT, Some(INSIDE));
    step_at(&mut rt, DT, Some(INSIDE));
    assert_eq!(
        (rt.flag("lit"), rt.counter("changes")),
        (Some(false), Some(2))
    );
}

#[test]
fn counter_comparisons_gate_the_actions() {
    let l = level(&format!(
        r#"counters: [(name: "n", initial: 1)],
        zones: [
            (name: "add", {BOX}, trigger: Inside, once: false, actions: [AddCounter("n", 1)]),
            (name: "eq3", {BOX}, trigger: Inside, once: false, conditions: [Counter("n", Eq, 3)], actions: [Win]),
            (name: "ge5", {BOX}, trigger: Inside, once: false, conditions: [Counter("n", Ge, 5), Counter("n", Ne, 6), CounterBelow("n", 8)], actions: [Lose]),
        ]"#
    ));
    let mut rt = ScriptRuntime::new(&l);
    let mut log = Vec::new();
    for _ in 0..8 {
        let out = step_at(&mut rt, DT, Some(INSIDE));
        log.push((rt.counter("n").unwrap(), out));
    }
    let at = |c: &ScriptCommand| -> Vec<i64> {
        log.iter()
            .filter(|(_, o)| o.contains(c))
            .map(|(n, _)| *n)
            .collect()
    };
    // The counter goes 2, 3, ... 9; "add" runs first in each step, so the others see it.
    assert_eq!(at(&ScriptCommand::Win), [3]);
    assert_eq!(at(&ScriptCommand::Lose), [5, 7]);
}

#[test]
fn a_sequence_with_waits_emits_its_commands_at_the_right_steps() {
    let l = level(&format!(
        r#"movers: [(name: "gate", kind: Door, size: (1.0, 4.0), path: [(20.0, 0.0), (20.0, 4.0)])],
        sounds: [(name: "siren", cue: Alarm, volume: 0.5)],
        templates: [Debris(name: "rock", shape: Circle(radius: 0.5))],
        zones: [(name: "z", {BOX}, once: false, actions: [
            Message(text: "Run!", seconds: 1.0),
            Sound("siren"),
            Wait(0.5),
            OpenDoor("gate"),
            Wait(0.25),
            Wait(0.0),
            Spawn(template: "rock", at: (1.0, 2.0)),
            Gravity((0.0, -1.0)),
            Checkpoint(position: (3.0, 4.0), angle: 0.5),
            Win,
        ])]"#
    ));
    let mut rt = ScriptRuntime::new(&l);
    let mut seen: Vec<(u32, ScriptCommand)> = Vec::new();
    for step in 1..=200u32 {
        // Enters at step 1 and again at step 31: two sequences overlap.
        let p = if step == 1 || step == 31 {
            INSIDE
        } else {
            OUTSIDE
        };
        for c in step_at(&mut rt, DT, Some(p)) {
            seen.push((step, c));
        }
        // The second entry (step 31) shows the message afresh for 1 s: 120 steps.
        if step == 150 {
            let (text, left) = rt.message().unwrap();
            assert_eq!(text, "Run!");
            assert!((left - DT).abs() < 1e-9, "{left}");
        }
        if step == 151 {
            assert_eq!(rt.message(), None);
        }
    }
    let steps_of = |want: &dyn Fn(&ScriptCommand) -> bool| -> Vec<u32> {
        seen.iter()
            .filter(|(_, c)| want(c))
            .map(|(s, _)| *s)
            .collect()
    };
    assert_eq!(
        steps_of(&|c| matches!(c, ScriptCommand::Message { .. })),
        [1, 31]
    );
    assert_eq!(
        seen[1].1,
        ScriptCommand::Sound {
            sound: 0,
            cue: SoundCue::Alarm,
            volume: 0.5
        }
    );
    assert_eq!(
        steps_of(&|c| *c
            == ScriptCommand::Door {
                mover: 0,
                op: DoorOp::Open
            }),
        [61, 91]
    );
    assert_eq!(
        steps_of(&|c| matches!(c, ScriptCommand::Spawn { template: 0, .. })),
        [91, 121]
    );
    assert_eq!(steps_of(&|c| *c == ScriptCommand::Win), [91, 121]);
    let tail: Vec<_> = seen
        .iter()
        .filter(|(s, _)| *s == 121)
        .map(|(_, c)| c.clone())
        .collect();
    assert_eq!(
        tail,
        [
            ScriptCommand::Spawn {
                template: 0,
                position: Vec2::new(1.0, 2.0),
                angle: 0.0
            },
            ScriptCommand::Gravity(Vec2::new(0.0, -1.0)),
            ScriptCommand::Checkpoint {
                position: Vec2::new(3.0, 4.0),
                angle: 0.5
            },
            ScriptCommand::Win,
        ]
    );
    assert_eq!(rt.waiting_sequences(), 0);
}

#[test]
fn the_same_inputs_give_the_same_hash_and_a_different_input_another() {
    let src = std::fs::read_to_string("levels/05_crystal_mine.ron").unwrap();
    let l = load_level_source(&src, Path::new("levels/05_crystal_mine.ron"))
        .unwrap()
        .level;
    let run = |late: bool| {
        let mut rt = ScriptRuntime::new(&l);
        let mut log = Vec::new();
        for k in 0..600u64 {
            let t = k as f64 * DT;
            let shard = Tracked {
                id: 3,
                name: Some("shard_1"),
                position: Vec2::new(12.0, -60.0 + 20.0 * t),
            };
            let debris = [shard];
            let ship: Vec<Tracked> = if late && k >= 300 {
                Vec::new()
            } else {
                vec![Tracked {
                    id: 1,
                    name: None,
                    position: Vec2::new(14.0, -56.0 + 0.5 * t),
                }]
            };
            let out = rt.step(
                DT,
                &ScriptInput {
                    players: &ship,
                    debris: &debris,
                    others: &[],
                },
            );
            log.extend(out);
        }
        let mut h = Fnv1a::new();
        rt.hash_into(&mut h);
        (h.finish(), log, rt)
    };
    let (a, log_a, rt) = run(false);
    let (b, log_b, _) = run(false);
    let (c, _, _) = run(true);
    assert_eq!(a, b);
    assert_eq!(log_a, log_b);
    assert_ne!(a, c);
    // The shard rose through the collector and the ship sat on the generator.
    assert_eq!(rt.counter("crystals"), Some(1));
    assert_eq!(rt.flag("power_on"), Some(true));
    assert!(log_a.iter().any(
        |m| matches!(m, ScriptCommand::Message { text, .. } if text == "The old generator coughs to life. Nothing else stirs.")
    ));
}

#[test]
fn bad_steps_and_an_unvalidated_level_do_not_panic() {
    let mut l = level(r#"flags: ["f"], counters: [(name: "n")]"#);
    l.zones.push(cavefly::level::Zone {
        name: "z".into(),
        shape: cavefly::level::ZoneShape::Polygon { points: vec![] },
        trigger: cavefly::level::Trigger::Every(0.0),
        who: cavefly::level::Who::Debris("nobody".into()),
        once: false,
        conditions: vec![cavefly::level::Condition::FlagSet("ghost".into())],
        actions: vec![
            cavefly::level::Action::OpenDoor("ghost".into()),
            cavefly::level::Action::Wait(-1.0),
        ],
        push: Some(Vec2::new(f64::NAN, 0.0)),
    });
    let mut rt = ScriptRuntime::new(&l);
    for dt in [f64::NAN, -1.0, 0.0, f64::INFINITY, DT] {
        assert!(step_at(&mut rt, dt, Some(Vec2::new(f64::NAN, 0.0))).is_empty());
    }
    assert_eq!(rt.steps(), 1);
    assert_eq!(rt.flags().collect::<Vec<_>>(), [("f", false)]);
    assert_eq!(rt.counters().collect::<Vec<_>>(), [("n", 0)]);
}

#[test]
fn waiting_sequences_go_on_oldest_first_even_after_pausing_again() {
    // Sequence A (step 1) waits twice; B (step 2) once; both are due in step 121.
    let l = level(&format!(
        r#"counters: [(name: "n")],
        zones: [
            (name: "a", {BOX}, actions: [Wait(0.5), Wait(0.5), AddCounter("n", 1), Win]),
            (name: "b", shape: Rect(min: (20.0, -1.0), max: (22.0, 1.0)), actions: [Wait(0.9916666666666667), Lose]),
        ]"#
    ));
    let mut rt = ScriptRuntime::new(&l);
    let mut log = Vec::new();
    for step in 1..=130 {
        let p = match step {
            1 => INSIDE,
            2 => Vec2::new(21.0, 0.0),
            _ => OUTSIDE,
        };
        for c in step_at(&mut rt, DT, Some(p)) {
            log.push((step, c));
        }
    }
    assert_eq!(log, [(121, ScriptCommand::Win), (121, ScriptCommand::Lose)]);
}
