//! The world state scripts read and write: flags and counters, in declaration order.

use crate::hash::Fnv1a;
use crate::level::{Compare, Condition, Level};

/// A condition with its names resolved to indices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Test {
    Flag {
        flag: usize,
        set: bool,
    },
    Counter {
        counter: usize,
        compare: Compare,
        value: i64,
    },
    /// Names something the level does not declare (only an unvalidated level can): never
    /// holds, so the zone stays inert instead of acting on a guess.
    Never,
}

/// Flags and counters.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct WorldState {
    pub flag_names: Vec<String>,
    pub flags: Vec<bool>,
    pub counter_names: Vec<String>,
    pub counters: Vec<i64>,
}

impl WorldState {
    /// Every flag clear, every counter at its initial value.
    pub fn new(level: &Level) -> WorldState {
        WorldState {
            flag_names: level.flags.clone(),
            flags: vec![false; level.flags.len()],
            counter_names: level.counters.iter().map(|c| c.name.clone()).collect(),
            counters: level.counters.iter().map(|c| c.initial).collect(),
        }
    }

    /// The index of a flag; the first one when a name is declared twice.
    pub fn flag_index(&self, name: &str) -> Option<usize> {
        self.flag_names.iter().position(|n| n == name)
    }

    /// The index of a counter.
    pub fn counter_index(&self, name: &str) -> Option<usize> {
        self.counter_names.iter().position(|n| n == name)
    }

    /// A condition resolved against the declared names.
    pub fn resolve(&self, condition: &Condition) -> Test {
        let flag = |name: &str, set| match self.flag_index(name) {
            Some(flag) => Test::Flag { flag, set },
            None => Test::Never,
        };
        let counter = |name: &str, compare, value| match self.counter_index(name) {
            Some(counter) => Test::Counter {
                counter,
                compare,
                value,
            },
            None => Test::Never,
        };
        match condition {
            Condition::FlagSet(f) => flag(f, true),
            Condition::FlagClear(f) => flag(f, false),
            Condition::Counter(n, compare, v) => counter(n, *compare, *v),
            Condition::CounterAtLeast(n, v) => counter(n, Compare::Ge, *v),
            Condition::CounterBelow(n, v) => counter(n, Compare::Lt, *v),
        }
    }

    /// Whether a resolved condition holds now.
    pub fn holds(&self, test: &Test) -> bool {
        match *test {
            Test::Flag { flag, set } => self.flags[flag] == set,
            Test::Counter {
                counter,
                compare,
                value,
            } => compare.holds(self.counters[counter], value),
            Test::Never => false,
        }
    }

    /// Adds to a counter, saturating at the ends of the integer range.
    pub fn add(&mut self, counter: usize, by: i64) {
        self.counters[counter] = self.counters[counter].saturating_add(by);
    }

    /// Mixes every flag and counter into `h`.
    pub fn hash_into(&self, h: &mut Fnv1a) {
        h.write_u64(self.flags.len() as u64);
        for f in &self.flags {
            h.write(&[*f as u8]);
        }
        h.write_u64(self.counters.len() as u64);
        for c in &self.counters {
            h.write(&c.to_le_bytes());
        }
    }
}
