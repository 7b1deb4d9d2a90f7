//! One step of the script runtime: clock, paused sequences, zone occupancy and triggers,
//! conditions and actions.
//!
//! Order within a step, fixed so that every run gives the same result:
//! 1. the clock advances by `dt` and the message's time runs down;
//! 2. paused sequences that are due go on, in the order they started;
//! 3. zones, in declaration order, update who is inside and fire their trigger; each fire
//!    whose conditions hold (checked at that moment, so an earlier zone's actions in the
//!    same step count) starts its sequence at once, up to its first `Wait`;
//! 4. flags whose value differs from the start of the step fire their `FlagChanged` zones
//!    in the next step (so a zone that flips its own flag cannot loop within a step, and a
//!    flag set and cleared again in one step did not change).

use super::command::ScriptCommand;
use super::input::{Occupant, ScriptInput};
use super::program::Op;
use super::runtime::{Kind, Running, ScriptRuntime, TIME_EPSILON};
use crate::level::Who;

/// Most paused sequences at once: an `Inside` zone with a `Wait` that fires every step
/// starts a sequence every step; past this, new pauses end their sequence instead, so a
/// careless level cannot grow memory without bound.
const MAX_WAITING: usize = 4096;

/// Most times an `Every` zone fires in one step (when `dt` spans several periods).
const MAX_REPEATS_PER_STEP: u32 = 64;

impl ScriptRuntime {
    /// Advances the scripts by `dt` seconds with the world as `input` says, and returns
    /// the commands for the game, in the order the actions ran. A `dt` that is not a
    /// positive finite number does nothing.
    pub fn step(&mut self, dt: f64, input: &ScriptInput) -> Vec<ScriptCommand> {
        let mut out = Vec::new();
        if !(dt.is_finite() && dt > 0.0) {
            return out;
        }
        self.steps += 1;
        self.clock += dt;
        if let Some((_, left)) = &mut self.message {
            *left -= dt;
            if *left <= TIME_EPSILON {
                self.message = None;
            }
        }
        let before = self.state.flags.clone();
        let changed = std::mem::take(&mut self.changed);

        let clock = self.clock;
        let (due, waiting): (Vec<Running>, Vec<Running>) = std::mem::take(&mut self.running)
            .into_iter()
            .partition(|r| r.until <= clock + TIME_EPSILON);
        self.running = waiting;
        for r in due {
            self.run(r.id, r.zone, r.pc, &mut out);
        }

        let mut present = everyone(input);
        present.sort_unstable();
        for z in 0..self.zones.len() {
            let fires = self.update_zone(z, input, &present, &changed);
            for _ in 0..fires {
                self.fire(z, &mut out);
            }
        }
        // Sequences that paused again keep their place among the others: oldest first.
        self.running.sort_by_key(|r| r.id);
        self.changed = before
            .iter()
            .zip(&self.state.flags)
            .map(|(a, b)| a != b)
            .collect();
        out
    }

    /// Updates zone `z`'s occupants and says how many times its trigger fires this step.
    fn update_zone(
        &mut self,
        z: usize,
        input: &ScriptInput,
        present: &[Occupant],
        changed: &[bool],
    ) -> u32 {
        let clock = self.clock;
        let zone = &mut self.zones[z];
        let mut inside: Vec<Occupant> = everyone(input)
            .into_iter()
            .zip(positions(input))
            .filter(|(o, (name, p))| watches(&zone.who, *o, *name) && zone.region.contains(*p))
            .map(|(o, _)| o)
            .collect();
        inside.sort_unstable();
        inside.dedup();
        let fires = match zone.kind {
            Kind::Enter => inside
                .iter()
                .filter(|o| zone.occupants.binary_search(o).is_err())
                .count() as u32,
            // Something that left by vanishing (destroyed, despawned) did not exit.
            Kind::Exit => zone
                .occupants
                .iter()
                .filter(|o| inside.binary_search(o).is_err() && present.binary_search(o).is_ok())
                .count() as u32,
            Kind::Inside => u32::from(!inside.is_empty()),
            Kind::FlagChanged(flag) => {
                u32::from(flag.is_some_and(|f| changed.get(f).copied().unwrap_or(false)))
            }
            Kind::Timer => {
                if clock + TIME_EPSILON >= zone.next_time {
                    zone.next_time = f64::INFINITY;
                    1
                } else {
                    0
                }
            }
            Kind::Every(period) => {
                let mut n = 0;
                while clock + TIME_EPSILON >= zone.next_time && n < MAX_REPEATS_PER_STEP {
                    zone.next_time += period;
                    n += 1;
                }
                if clock + TIME_EPSILON >= zone.next_time {
                    // Too many periods in one step: skip ahead rather than fall behind.
                    zone.next_time = clock + period;
                }
                n
            }
        };
        zone.occupants = inside;
        fires
    }

    /// Zone `z`'s trigger fired: start its actions if it may fire again and its
    /// conditions hold.
    fn fire(&mut self, z: usize, out: &mut Vec<ScriptCommand>) {
        let zone = &self.zones[z];
        if zone.once && zone.fired > 0 {
            return;
        }
        if !zone.tests.iter().all(|t| self.state.holds(t)) {
            return;
        }
        self.zones[z].fired = self.zones[z].fired.saturating_add(1);
        let id = self.next_id;
        self.next_id += 1;
        self.run(id, z, 0, out);
    }

    /// Runs sequence `id`, zone `z`'s actions, from `pc` until the end or a `Wait` that
    /// pauses.
    fn run(&mut self, id: u64, z: usize, mut pc: usize, out: &mut Vec<ScriptCommand>) {
        while let Some(op) = self.zones[z].program.get(pc) {
            pc += 1;
            match op {
                Op::SetFlag(f) => self.state.flags[*f] = true,
                Op::ClearFlag(f) => self.state.flags[*f] = false,
                Op::ToggleFlag(f) => self.state.flags[*f] = !self.state.flags[*f],
                Op::AddCounter(c, by) => self.state.add(*c, *by),
                Op::Message(text, seconds) => {
                    self.message = Some((text.clone(), *seconds));
                    out.push(ScriptCommand::Message {
                        text: text.clone(),
                        seconds: *seconds,
                    });
                }
                Op::Command(ScriptCommand::KillShips { .. }) => {
                    // The ships inside the zone, or every ship for a zone nobody is in.
                    let ships = self.zones[z]
                        .occupants
                        .iter()
                        .filter_map(|o| match o {
                            Occupant::Player(id) => Some(*id),
                            _ => None,
                        })
                        .collect();
                    out.push(ScriptCommand::KillShips { ships });
                }
                Op::Command(c) => out.push(c.clone()),
                Op::Wait(t) if *t > 0.0 => {
                    if pc < self.zones[z].program.len() && self.running.len() < MAX_WAITING {
                        self.running.push(Running {
                            id,
                            zone: z,
                            pc,
                            until: self.clock + t,
                        });
                    }
                    return;
                }
                Op::Wait(_) | Op::Nothing => {}
            }
        }
    }
}

/// Everyone in the input, in input order (ships, debris, others).
fn everyone(input: &ScriptInput) -> Vec<Occupant> {
    input
        .players
        .iter()
        .map(|p| Occupant::Player(p.id))
        .chain(input.debris.iter().map(|d| Occupant::Debris(d.id)))
        .chain(input.others.iter().map(|o| Occupant::Other(o.id)))
        .collect()
}

/// Names and positions in the same order as [`everyone`].
fn positions<'a>(
    input: &'a ScriptInput,
) -> impl Iterator<Item = (Option<&'a str>, crate::geom::Vec2)> + 'a {
    input
        .players
        .iter()
        .map(|p| (None, p.position))
        .chain(input.debris.iter().map(|d| (d.name, d.position)))
        .chain(input.others.iter().map(|o| (o.name, o.position)))
}

/// Whether a zone watching `who` reacts to `o` (named `name`).
fn watches(who: &Who, o: Occupant, name: Option<&str>) -> bool {
    match (who, o) {
        (Who::Anything, _) => true,
        (Who::Player, Occupant::Player(_)) => true,
        (Who::AnyDebris, Occupant::Debris(_)) => true,
        (Who::Debris(wanted), Occupant::Debris(_)) => name == Some(wanted.as_str()),
        _ => false,
    }
}
