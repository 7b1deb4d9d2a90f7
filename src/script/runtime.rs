//! The script runtime: zones with their occupants and fire counts, the running action
//! sequences, the world state and the level clock. The step itself is in `step.rs`.

use super::input::Occupant;
use super::program::{compile, Op};
use super::region::Region;
use super::state::{Test, WorldState};
use crate::hash::Fnv1a;
use crate::level::{Level, Trigger, Who};

/// Times closer than this (s) count as equal: a timer or a wait is due on the step whose
/// clock reaches it within this, so `Wait(0.5)` at 120 steps a second takes exactly 60
/// steps although 60 additions of 1/120 do not sum to exactly 0.5.
pub const TIME_EPSILON: f64 = 1e-9;

/// A zone's trigger with its flag name resolved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kind {
    Enter,
    Exit,
    Inside,
    /// The flag's index; `None` (an undeclared flag) never fires.
    FlagChanged(Option<usize>),
    Timer,
    Every(f64),
}

/// A zone at run time.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ZoneRuntime {
    pub name: String,
    pub region: Region,
    pub who: Who,
    pub kind: Kind,
    pub once: bool,
    pub tests: Vec<Test>,
    pub program: Vec<Op>,
    /// Who is inside (among those `who` watches), sorted.
    pub occupants: Vec<Occupant>,
    /// How many times its actions started.
    pub fired: u32,
    /// When a `Timer` or `Every` trigger is next due (infinite once a timer has fired).
    pub next_time: f64,
}

/// A sequence paused by a `Wait`: it goes on at action `pc` of zone `zone` once the level
/// clock reaches `until`. `id` counts sequences in the order they started.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Running {
    pub id: u64,
    pub zone: usize,
    pub pc: usize,
    pub until: f64,
}

/// A zone as the debug overlay shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneState {
    /// Whether something it watches (see the zone's `who`) is inside.
    pub occupied: bool,
    /// How many such things are inside.
    pub occupants: usize,
    /// How many times its actions have started.
    pub fired: u32,
}

/// Runs a level's zones. Create it with [`ScriptRuntime::new`] and call
/// [`ScriptRuntime::step`] once per fixed step.
#[derive(Clone, Debug, PartialEq)]
pub struct ScriptRuntime {
    pub(crate) state: WorldState,
    pub(crate) zones: Vec<ZoneRuntime>,
    /// Paused sequences, in the order they started.
    pub(crate) running: Vec<Running>,
    /// The id the next sequence to start gets.
    pub(crate) next_id: u64,
    /// Seconds since the level started (the sum of the steps' dt).
    pub(crate) clock: f64,
    pub(crate) steps: u64,
    /// The message on screen and its time left, s.
    pub(crate) message: Option<(String, f64)>,
    /// For each flag: whether it changed during the last step (fires `FlagChanged` now).
    pub(crate) changed: Vec<bool>,
}

impl ScriptRuntime {
    /// The runtime for `level` at its start: flags clear, counters at their initial values,
    /// zones empty. Names the level does not declare (only an unvalidated level has them)
    /// make the action or condition that uses them inert; nothing panics.
    pub fn new(level: &Level) -> ScriptRuntime {
        let state = WorldState::new(level);
        let zones = level
            .zones
            .iter()
            .map(|z| {
                let (kind, next_time) = match &z.trigger {
                    Trigger::Enter => (Kind::Enter, f64::INFINITY),
                    Trigger::Exit => (Kind::Exit, f64::INFINITY),
                    Trigger::Inside => (Kind::Inside, f64::INFINITY),
                    Trigger::FlagChanged(f) => {
                        (Kind::FlagChanged(state.flag_index(f)), f64::INFINITY)
                    }
                    Trigger::Timer(t) if t.is_finite() => (Kind::Timer, *t),
                    Trigger::Every(t) if t.is_finite() && *t > 0.0 => (Kind::Every(*t), *t),
                    Trigger::Timer(_) | Trigger::Every(_) => (Kind::Timer, f64::INFINITY),
                };
                ZoneRuntime {
                    name: z.name.clone(),
                    region: Region::new(&z.shape),
                    who: z.who.clone(),
                    kind,
                    once: z.once,
                    tests: z.conditions.iter().map(|c| state.resolve(c)).collect(),
                    program: compile(&z.actions, level, &state),
                    occupants: Vec::new(),
                    fired: 0,
                    next_time,
                }
            })
            .collect();
        ScriptRuntime {
            changed: vec![false; state.flags.len()],
            state,
            zones,
            running: Vec::new(),
            next_id: 0,
            clock: 0.0,
            steps: 0,
            message: None,
        }
    }

    /// Every flag with its value, in declaration order.
    pub fn flags(&self) -> impl Iterator<Item = (&str, bool)> {
        self.state
            .flag_names
            .iter()
            .map(String::as_str)
            .zip(self.state.flags.iter().copied())
    }

    /// Every counter with its value, in declaration order.
    pub fn counters(&self) -> impl Iterator<Item = (&str, i64)> {
        self.state
            .counter_names
            .iter()
            .map(String::as_str)
            .zip(self.state.counters.iter().copied())
    }

    /// A flag's value, `None` if the level does not declare it.
    pub fn flag(&self, name: &str) -> Option<bool> {
        self.state.flag_index(name).map(|i| self.state.flags[i])
    }

    /// A counter's value, `None` if the level does not declare it.
    pub fn counter(&self, name: &str) -> Option<i64> {
        self.state
            .counter_index(name)
            .map(|i| self.state.counters[i])
    }

    /// Every zone's name and state, in declaration order.
    pub fn zones(&self) -> impl Iterator<Item = (&str, ZoneState)> {
        self.zones.iter().map(|z| {
            let state = ZoneState {
                occupied: !z.occupants.is_empty(),
                occupants: z.occupants.len(),
                fired: z.fired,
            };
            (z.name.as_str(), state)
        })
    }

    /// The message on screen and its time left (s), if any.
    pub fn message(&self) -> Option<(&str, f64)> {
        self.message.as_ref().map(|(t, left)| (t.as_str(), *left))
    }

    /// Seconds since the level started.
    pub fn clock(&self) -> f64 {
        self.clock
    }

    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// How many sequences are paused in a `Wait`.
    pub fn waiting_sequences(&self) -> usize {
        self.running.len()
    }

    /// Mixes the whole runtime state into `h`, bit for bit: clock, flags, counters, zone
    /// occupants, fire counts and timers, paused sequences and the message.
    pub fn hash_into(&self, h: &mut Fnv1a) {
        h.write_u64(self.steps);
        h.write_f64(self.clock);
        self.state.hash_into(h);
        for c in &self.changed {
            h.write(&[*c as u8]);
        }
        h.write_u64(self.zones.len() as u64);
        for z in &self.zones {
            h.write_u32(z.fired);
            h.write_f64(z.next_time);
            h.write_u64(z.occupants.len() as u64);
            for o in &z.occupants {
                let (kind, id) = o.code();
                h.write_u32(kind);
                h.write_u64(id);
            }
        }
        h.write_u64(self.next_id);
        h.write_u64(self.running.len() as u64);
        for r in &self.running {
            h.write_u64(r.id);
            h.write_u64(r.zone as u64);
            h.write_u64(r.pc as u64);
            h.write_f64(r.until);
        }
        match &self.message {
            Some((text, left)) => {
                h.write(&[1]);
                h.write_u64(text.len() as u64);
                h.write(text.as_bytes());
                h.write_f64(*left);
            }
            None => h.write(&[0]),
        }
    }
}
