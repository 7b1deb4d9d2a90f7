//! Gamepad bindings: which pad input (a button, a d-pad direction, a trigger pulled past its
//! threshold, a stick pushed past the dead zone in one direction) does which control. Each
//! player seat has its own table in the settings. Names follow the standard pad (South,
//! East, West, North for the face buttons), so a layout reads the same on every brand.
//!
//! Reading a table from the settings file never fails on its content: an entry naming an
//! unknown input or control, or a control given more inputs than it has slots, is dropped
//! and reported, and that control gets its default inputs back. Pure data: no pad is read
//! here (see the window's gamepad mapping).

use crate::game::Control;
use serde::{Deserialize, Deserializer, Serialize};

/// Input slots per control on a pad (the default layout gives the tractor beam three).
pub const PAD_SLOTS: usize = 3;

/// One bindable input of a standard gamepad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PadInput {
    /// South face button (A / Cross).
    South,
    /// East face button (B / Circle).
    East,
    /// West face button (X / Square).
    West,
    /// North face button (Y / Triangle).
    North,
    /// Left bumper (LB / L1).
    LeftBumper,
    /// Right bumper (RB / R1).
    RightBumper,
    /// Left trigger (LT / L2) pulled past the trigger threshold.
    LeftTrigger,
    /// Right trigger (RT / R2) pulled past the trigger threshold.
    RightTrigger,
    /// Select (Back / View / Share).
    Select,
    /// Start (Menu / Options).
    Start,
    /// The left stick pressed in (L3).
    LeftStickPress,
    /// The right stick pressed in (R3).
    RightStickPress,
    /// D-pad up.
    DPadUp,
    /// D-pad down.
    DPadDown,
    /// D-pad left.
    DPadLeft,
    /// D-pad right.
    DPadRight,
    /// Left stick pushed up past the dead zone.
    LeftStickUp,
    /// Left stick pushed down past the dead zone.
    LeftStickDown,
    /// Left stick pushed left past the dead zone.
    LeftStickLeft,
    /// Left stick pushed right past the dead zone.
    LeftStickRight,
    /// Right stick pushed up past the dead zone.
    RightStickUp,
    /// Right stick pushed down past the dead zone.
    RightStickDown,
    /// Right stick pushed left past the dead zone.
    RightStickLeft,
    /// Right stick pushed right past the dead zone.
    RightStickRight,
}

impl PadInput {
    /// Every input, in the order a pad is described.
    pub const ALL: [PadInput; 24] = [
        PadInput::South,
        PadInput::East,
        PadInput::West,
        PadInput::North,
        PadInput::LeftBumper,
        PadInput::RightBumper,
        PadInput::LeftTrigger,
        PadInput::RightTrigger,
        PadInput::Select,
        PadInput::Start,
        PadInput::LeftStickPress,
        PadInput::RightStickPress,
        PadInput::DPadUp,
        PadInput::DPadDown,
        PadInput::DPadLeft,
        PadInput::DPadRight,
        PadInput::LeftStickUp,
        PadInput::LeftStickDown,
        PadInput::LeftStickLeft,
        PadInput::LeftStickRight,
        PadInput::RightStickUp,
        PadInput::RightStickDown,
        PadInput::RightStickLeft,
        PadInput::RightStickRight,
    ];

    /// The input's name as the settings file writes it ("South", "LeftStickUp").
    pub fn name(self) -> String {
        format!("{self:?}")
    }

    /// The input named `name` as the settings file writes it, if there is one.
    pub fn from_name(name: &str) -> Option<PadInput> {
        PadInput::ALL.into_iter().find(|i| i.name() == name)
    }
}

fn control_from_name(name: &str) -> Option<Control> {
    Control::ALL.into_iter().find(|c| format!("{c:?}") == name)
}

/// Which pad inputs do which control, for one player's pad.
#[derive(Clone, Debug, Serialize)]
pub struct PadBindings {
    /// (input, control) pairs, in slot order per control; the first pair of an input wins.
    pub inputs: Vec<(PadInput, Control)>,
    /// What was wrong with the table as read, until [`PadBindings::take_problems`].
    #[serde(skip)]
    problems: Vec<String>,
}

impl PartialEq for PadBindings {
    fn eq(&self, other: &PadBindings) -> bool {
        self.inputs == other.inputs
    }
}

impl Eq for PadBindings {}

impl Default for PadBindings {
    /// The classic layout: the left stick or the d-pad rotates; the right trigger or South
    /// thrusts; West or the right bumper fires; East, the left bumper or the left trigger
    /// pulls with the tractor beam; North held rewinds; Start opens the menu.
    fn default() -> PadBindings {
        use PadInput::*;
        PadBindings::of(&[
            (LeftStickLeft, Control::RotateLeft),
            (DPadLeft, Control::RotateLeft),
            (LeftStickRight, Control::RotateRight),
            (DPadRight, Control::RotateRight),
            (RightTrigger, Control::Thrust),
            (South, Control::Thrust),
            (West, Control::Fire),
            (RightBumper, Control::Fire),
            (East, Control::Tractor),
            (LeftTrigger, Control::Tractor),
            (LeftBumper, Control::Tractor),
            (North, Control::Rewind),
            (Start, Control::Menu),
        ])
    }
}

impl PadBindings {
    /// Bindings made of (input, control) pairs.
    pub fn of(pairs: &[(PadInput, Control)]) -> PadBindings {
        PadBindings {
            inputs: pairs.to_vec(),
            problems: Vec::new(),
        }
    }

    /// The control `input` triggers, if any (the first binding wins).
    pub fn control(&self, input: PadInput) -> Option<Control> {
        self.inputs
            .iter()
            .find(|(i, _)| *i == input)
            .map(|(_, c)| *c)
    }

    /// The inputs bound to `control`, in slot order.
    pub fn inputs_of(&self, control: Control) -> Vec<PadInput> {
        self.inputs
            .iter()
            .filter(|(_, c)| *c == control)
            .map(|(i, _)| *i)
            .collect()
    }

    /// Inputs bound to more than one control: (input, the controls).
    pub fn conflicts(&self) -> Vec<(PadInput, Vec<Control>)> {
        let mut out: Vec<(PadInput, Vec<Control>)> = Vec::new();
        for &(i, c) in &self.inputs {
            match out.iter_mut().find(|(input, _)| *input == i) {
                Some((_, cs)) if !cs.contains(&c) => cs.push(c),
                Some(_) => {}
                None => out.push((i, vec![c])),
            }
        }
        out.retain(|(_, cs)| cs.len() > 1);
        out
    }

    /// What was wrong with the table as read from a file (each with its item path under
    /// `field`), leaving none behind; empty for a good table.
    pub fn take_problems(&mut self, field: &str) -> Vec<String> {
        std::mem::take(&mut self.problems)
            .into_iter()
            .map(|p| format!("{field}.{p}"))
            .collect()
    }

    /// The table from the names read in a file: bad entries dropped and reported, and each
    /// control that lost one given its default inputs back.
    fn from_names(entries: Vec<(String, String)>) -> PadBindings {
        let mut inputs: Vec<(PadInput, Control)> = Vec::new();
        let mut problems = Vec::new();
        let mut reset: Vec<Control> = Vec::new();
        for (n, (input, control)) in entries.iter().enumerate() {
            let Some(c) = control_from_name(control) else {
                problems.push(format!(
                    "inputs[{n}]: `{control}` is not a control (expected one of {}); the entry is dropped",
                    names(Control::ALL.iter().map(|c| format!("{c:?}")))
                ));
                continue;
            };
            let Some(i) = PadInput::from_name(input) else {
                problems.push(format!(
                    "inputs[{n}]: `{input}` is not a gamepad input (expected one of {}); {control} gets its default inputs",
                    names(PadInput::ALL.iter().map(|i| i.name()))
                ));
                reset.push(c);
                continue;
            };
            if inputs.contains(&(i, c)) {
                continue;
            }
            if inputs.iter().filter(|(_, held)| *held == c).count() >= PAD_SLOTS {
                problems.push(format!(
                    "inputs[{n}]: {control} has more than {PAD_SLOTS} inputs; {control} gets its default inputs"
                ));
                reset.push(c);
                continue;
            }
            inputs.push((i, c));
        }
        let defaults = PadBindings::default();
        for c in Control::ALL.into_iter().filter(|c| reset.contains(c)) {
            inputs.retain(|(_, held)| *held != c);
            inputs.extend(defaults.inputs.iter().filter(|(_, d)| *d == c));
        }
        PadBindings { inputs, problems }
    }
}

fn names(all: impl Iterator<Item = String>) -> String {
    all.collect::<Vec<_>>().join(", ")
}

/// A bare name in the file (`South`, `Thrust`), read without judging it yet.
struct Name(String);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Name, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Name;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a gamepad input or a control, by name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Name, E> {
                Ok(Name(v.to_string()))
            }
        }
        d.deserialize_identifier(Visit)
    }
}

/// The table as the file holds it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPadBindings {
    inputs: Vec<(Name, Name)>,
}

impl<'de> Deserialize<'de> for PadBindings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PadBindings, D::Error> {
        let raw = RawPadBindings::deserialize(d)?;
        Ok(PadBindings::from_names(
            raw.inputs.into_iter().map(|(i, c)| (i.0, c.0)).collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> PadBindings {
        ron::from_str(text).unwrap()
    }

    #[test]
    fn the_default_layout_binds_every_control_and_round_trips() {
        let d = PadBindings::default();
        for c in Control::ALL {
            assert!(!d.inputs_of(c).is_empty(), "{c:?} has no input");
            assert!(d.inputs_of(c).len() <= PAD_SLOTS);
        }
        assert!(d.conflicts().is_empty());
        assert_eq!(d.control(PadInput::West), Some(Control::Fire));
        assert_eq!(d.control(PadInput::North), Some(Control::Rewind));
        assert_eq!(d.control(PadInput::RightStickUp), None);
        let text = ron::to_string(&d).unwrap();
        assert!(text.contains("(South,Thrust)"), "{text}");
        let mut back = read(&text);
        assert_eq!(back, d);
        assert!(back.take_problems("gamepad").is_empty());
        for i in PadInput::ALL {
            assert_eq!(PadInput::from_name(&i.name()), Some(i));
        }
        assert_eq!(PadInput::from_name("Banana"), None);
    }

    #[test]
    fn an_unknown_input_is_reported_and_its_control_gets_its_defaults() {
        let mut b = read("(inputs: [(North, Fire), (Banana, Thrust), (South, RotateLeft)])");
        let problems = b.take_problems("gamepad_1");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with("gamepad_1.inputs[1]: `Banana` is not a gamepad input"),
            "{}",
            problems[0]
        );
        assert!(problems[0].contains("Thrust gets its default inputs"));
        // The good entries stay; thrust is back on its default inputs.
        assert_eq!(b.inputs_of(Control::Fire), [PadInput::North]);
        assert_eq!(b.inputs_of(Control::RotateLeft), [PadInput::South]);
        assert_eq!(
            b.inputs_of(Control::Thrust),
            [PadInput::RightTrigger, PadInput::South]
        );
        // Told once.
        assert!(b.take_problems("gamepad_1").is_empty());
    }

    #[test]
    fn an_unknown_control_or_too_many_inputs_is_reported_and_dropped() {
        let mut b = read(
            "(inputs: [(North, Jump), (West, Fire), (East, Fire), (South, Fire), (North, Fire)])",
        );
        let problems = b.take_problems("gamepad_2");
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("inputs[0]: `Jump` is not a control"));
        assert!(problems[1].contains("inputs[4]: Fire has more than 3 inputs"));
        assert_eq!(
            b.inputs_of(Control::Fire),
            [PadInput::West, PadInput::RightBumper]
        );
        assert_eq!(b.control(PadInput::North), None);
        // A repeated pair is not an extra input.
        let mut b = read("(inputs: [(West, Fire), (West, Fire)])");
        assert!(b.take_problems("gamepad").is_empty());
        assert_eq!(b.inputs, [(PadInput::West, Control::Fire)]);
    }

    #[test]
    fn conflicts_are_listed() {
        let b = PadBindings::of(&[
            (PadInput::South, Control::Thrust),
            (PadInput::South, Control::Fire),
        ]);
        assert_eq!(
            b.conflicts(),
            vec![(PadInput::South, vec![Control::Thrust, Control::Fire])]
        );
        assert_eq!(b.control(PadInput::South), Some(Control::Thrust));
    }
}
