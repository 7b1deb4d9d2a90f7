//! Validation of the scripting sections: flags, counters, templates, sounds, zones (their
//! triggers, conditions and actions) and the objective. Every name a script uses must be
//! declared; an unknown one is an error at the item that uses it, listing the known names.

use super::entities::MoverKind;
use super::limits::{MAX_ANGLE, MAX_COUNTDOWN, MAX_FUEL, MAX_SECONDS, MIN_PERIOD};
use super::names::{known, list, unique_list, Names};
use super::schema::Level;
use super::script::{Action, Condition, Objective, Trigger, Who};
use super::templates::Template;
use super::validate_bodies::{debris_body, drone, turret, DebrisBody};
use super::validate_shapes::Checker;

/// The names a script may refer to, by kind.
struct Declared<'a> {
    flags: Vec<&'a str>,
    counters: Vec<&'a str>,
    templates: Vec<&'a str>,
    sounds: Vec<&'a str>,
    doors: Vec<&'a str>,
    lifts: Vec<&'a str>,
}

/// Checks the scripting sections of `level`; `names` holds the entity names seen so far.
pub fn validate_script(c: &mut Checker, names: &mut Names, level: &Level) {
    let declared = Declared {
        flags: unique_list(c, "flags", level.flags.iter().map(String::as_str)),
        counters: unique_list(
            c,
            "counters",
            level.counters.iter().map(|k| k.name.as_str()),
        ),
        templates: unique_list(c, "templates", level.templates.iter().map(Template::name)),
        sounds: unique_list(c, "sounds", level.sounds.iter().map(|s| s.name.as_str())),
        doors: level
            .movers
            .iter()
            .filter(|m| m.kind == MoverKind::Door)
            .map(|m| m.name.as_str())
            .collect(),
        lifts: level
            .movers
            .iter()
            .filter(|m| m.kind == MoverKind::Lift)
            .map(|m| m.name.as_str())
            .collect(),
    };
    for (i, t) in level.templates.iter().enumerate() {
        template(c, &format!("templates[{i}]"), t);
    }
    for (i, s) in level.sounds.iter().enumerate() {
        c.number(&format!("sounds[{i}].volume"), s.volume, 0.0, 1.0, false);
    }
    for (i, z) in level.zones.iter().enumerate() {
        let p = format!("zones[{i}]");
        names.add(c, &p, &z.name);
        c.zone_shape(&format!("{p}.shape"), &z.shape);
        if let Some(push) = z.push {
            c.acceleration(&format!("{p}.push"), "push", push);
        }
        if let Who::Debris(name) = &z.who {
            names.expect(c, &format!("{p}.who"), name, "debris", |path| {
                path.starts_with("debris")
            });
        }
        let tp = format!("{p}.trigger");
        match &z.trigger {
            Trigger::Enter | Trigger::Exit | Trigger::Inside => {}
            Trigger::FlagChanged(f) => known(c, &tp, f, "flag", &declared.flags),
            Trigger::Timer(t) => {
                c.number(&tp, *t, 0.0, MAX_SECONDS, false);
            }
            Trigger::Every(t) => {
                c.number(&tp, *t, MIN_PERIOD, MAX_SECONDS, false);
            }
        }
        for (k, cond) in z.conditions.iter().enumerate() {
            let cp = format!("{p}.conditions[{k}]");
            match cond {
                Condition::FlagSet(f) | Condition::FlagClear(f) => {
                    known(c, &cp, f, "flag", &declared.flags)
                }
                Condition::Counter(n, _, _)
                | Condition::CounterAtLeast(n, _)
                | Condition::CounterBelow(n, _) => known(c, &cp, n, "counter", &declared.counters),
            }
        }
        for (k, a) in z.actions.iter().enumerate() {
            action(c, &format!("{p}.actions[{k}]"), a, &declared);
        }
    }
    objective(c, names, &level.objective, &declared.flags);
}

fn action(c: &mut Checker, ap: &str, action: &Action, d: &Declared) {
    match action {
        Action::SetFlag(f) | Action::ClearFlag(f) | Action::ToggleFlag(f) => {
            known(c, ap, f, "flag", &d.flags)
        }
        Action::AddCounter(n, _) => known(c, ap, n, "counter", &d.counters),
        Action::OpenDoor(n) | Action::CloseDoor(n) | Action::ToggleDoor(n)
            if d.lifts.contains(&n.as_str()) =>
        {
            c.fail(
                ap,
                format!(
                    "`{n}` is a lift, which runs by itself; expected a door, one of: {}",
                    list(&d.doors)
                ),
            );
        }
        Action::OpenDoor(n) | Action::CloseDoor(n) | Action::ToggleDoor(n) => {
            known(c, ap, n, "door", &d.doors)
        }
        Action::Message { text, seconds } => {
            if text.trim().is_empty() {
                c.fail(format!("{ap}.text"), "expected a non-empty message");
            }
            c.number(&format!("{ap}.seconds"), *seconds, 0.0, MAX_SECONDS, true);
        }
        Action::Spawn {
            template,
            at,
            angle,
        } => {
            known(c, ap, template, "template", &d.templates);
            c.point(&format!("{ap}.at"), *at);
            c.finite(&format!("{ap}.angle"), *angle, MAX_ANGLE);
        }
        Action::Sound(s) => known(c, ap, s, "sound", &d.sounds),
        Action::Checkpoint { position, angle } => {
            c.point(&format!("{ap}.position"), *position);
            c.finite(&format!("{ap}.angle"), *angle, MAX_ANGLE);
        }
        Action::Gravity(g) => c.gravity(ap, *g),
        Action::Wait(t) => {
            c.number(ap, *t, 0.0, MAX_SECONDS, false);
        }
        Action::Win | Action::Lose | Action::Kill => {}
    }
}

fn template(c: &mut Checker, p: &str, t: &Template) {
    match t {
        Template::Debris {
            shape,
            velocity,
            angular_velocity,
            density,
            friction,
            restitution,
            ..
        } => debris_body(
            c,
            p,
            &DebrisBody {
                shape,
                velocity: *velocity,
                angular_velocity: *angular_velocity,
                density: *density,
                friction: *friction,
                restitution: *restitution,
            },
        ),
        Template::Turret(d) => turret(c, p, d),
        Template::Drone(d) => drone(c, p, d),
        Template::Fuel { fuel, .. } => {
            c.number(&format!("{p}.fuel"), *fuel, 0.0, MAX_FUEL, true);
        }
    }
}

fn objective(c: &mut Checker, names: &Names, objective: &Objective, flags: &[&str]) {
    match objective {
        Objective::ReachZone(z) => {
            names.expect(c, "objective", z, "zone", |p| p.starts_with("zones"))
        }
        Objective::SetFlag(f) => known(c, "objective", f, "flag", flags),
        Objective::Deliver { debris, zone } => {
            for (i, d) in debris.iter().enumerate() {
                names.expect(c, &format!("objective.debris[{i}]"), d, "debris", |p| {
                    p.starts_with("debris")
                });
            }
            names.expect(c, "objective.zone", zone, "zone", |p| {
                p.starts_with("zones")
            });
        }
        Objective::DestroyAndEscape {
            target,
            zone,
            seconds,
        } => {
            names.expect(c, "objective.target", target, "enemy", |p| {
                p.starts_with("enemies")
            });
            names.expect(c, "objective.zone", zone, "zone", |p| {
                p.starts_with("zones")
            });
            c.number("objective.seconds", *seconds, 0.0, MAX_COUNTDOWN, true);
        }
        Objective::Explore | Objective::DestroyAllEnemies => {}
    }
}
