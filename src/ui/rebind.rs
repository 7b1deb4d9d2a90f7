//! Rebinding: the settings screen shows a few slots per control; clicking one waits for a
//! key (or, on the gamepad tab, a pad input). An input already used by another control is a
//! conflict: it is shown, and taken only when the player presses it again to confirm (so a
//! binding is never lost silently). Escape cancels and Delete clears the slot. The same
//! rules serve keys and pad inputs: [`Capture`] is generic over what is bound. Pure: tested
//! without a window.

use crate::game::{Bindings, Control};

/// Key slots shown per control.
pub const SLOTS: usize = 2;

/// The key that cancels waiting for a key.
pub const CANCEL_KEY: &str = "Escape";
/// The key that clears the slot being rebound.
pub const CLEAR_KEY: &str = "Delete";

/// Where rebinding stands; `K` is what gets bound (a key name, a pad input).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Capture<K = String> {
    /// Not rebinding.
    #[default]
    Idle,
    /// Waiting for an input for `control`'s `slot`.
    Waiting {
        /// The control being bound.
        control: Control,
        /// Which of its slots.
        slot: usize,
    },
    /// `key` belongs to `owner`; pressing it again moves it to `control`.
    Conflict {
        /// The control being bound.
        control: Control,
        /// Which of its slots.
        slot: usize,
        /// The input pressed.
        key: K,
        /// The control that has it now.
        owner: Control,
    },
}

/// What a press did while rebinding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// Not rebinding: the press is not ours.
    Ignored,
    /// The input is bound (taken from `taken_from`, if it had another control).
    Bound {
        /// The control that lost the input, if any.
        taken_from: Option<Control>,
    },
    /// The slot was cleared.
    Cleared,
    /// Rebinding was cancelled.
    Cancelled,
    /// The input belongs to another control; press it again to take it.
    Conflict {
        /// Its current control.
        owner: Control,
    },
}

/// The inputs bound to `control` in `pairs`, in order.
pub fn inputs_of<K: Clone>(pairs: &[(K, Control)], control: Control) -> Vec<K> {
    pairs
        .iter()
        .filter(|(_, c)| *c == control)
        .map(|(k, _)| k.clone())
        .collect()
}

/// The keys bound to `control`, in order.
pub fn keys_of(bindings: &Bindings, control: Control) -> Vec<String> {
    inputs_of(&bindings.keys, control)
}

/// Puts `key` in `control`'s `slot` (or after its last input), taking it from any other
/// control or slot.
fn assign<K: Clone + PartialEq>(
    pairs: &mut Vec<(K, Control)>,
    control: Control,
    slot: usize,
    key: &K,
) {
    let old = inputs_of(pairs, control).get(slot).cloned();
    pairs.retain(|(k, _)| k != key);
    match old.and_then(|o| pairs.iter().position(|(k, c)| *k == o && *c == control)) {
        Some(i) => pairs[i].0 = key.clone(),
        None => pairs.push((key.clone(), control)),
    }
}

/// Removes the input in `control`'s `slot`, if there is one.
fn clear<K: Clone + PartialEq>(pairs: &mut Vec<(K, Control)>, control: Control, slot: usize) {
    if let Some(old) = inputs_of(pairs, control).get(slot).cloned() {
        pairs.retain(|(k, c)| !(*k == old && *c == control));
    }
}

impl Capture {
    /// Starts waiting for a key for `control`'s `slot`.
    pub fn start(control: Control, slot: usize) -> Capture {
        Capture::start_among(control, slot, SLOTS)
    }

    /// Handles the physical key `key` (its name, e.g. "KeyW") going down: Escape cancels,
    /// Delete clears the slot, any other key is bound.
    pub fn press(&mut self, bindings: &mut Bindings, key: &str) -> Press {
        match key {
            _ if !self.is_active() => Press::Ignored,
            CANCEL_KEY => self.cancel(),
            CLEAR_KEY => self.clear(&mut bindings.keys),
            _ => self.press_input(&mut bindings.keys, key.to_string()),
        }
    }
}

impl<K: Clone + PartialEq> Capture<K> {
    /// Starts waiting for an input for `control`'s `slot`, one of `slots`.
    pub fn start_among(control: Control, slot: usize, slots: usize) -> Capture<K> {
        Capture::Waiting {
            control,
            slot: slot.min(slots.max(1) - 1),
        }
    }

    /// Whether a press should come here instead of to the menus.
    pub fn is_active(&self) -> bool {
        !matches!(self, Capture::Idle)
    }

    /// The control and slot waiting for an input, if any.
    pub fn target(&self) -> Option<(Control, usize)> {
        match *self {
            Capture::Idle => None,
            Capture::Waiting { control, slot } | Capture::Conflict { control, slot, .. } => {
                Some((control, slot))
            }
        }
    }

    /// Stops waiting, binding nothing.
    pub fn cancel(&mut self) -> Press {
        if !self.is_active() {
            return Press::Ignored;
        }
        *self = Capture::Idle;
        Press::Cancelled
    }

    /// Empties the slot being waited for in `pairs` and stops waiting.
    pub fn clear(&mut self, pairs: &mut Vec<(K, Control)>) -> Press {
        let Some((control, slot)) = self.target() else {
            return Press::Ignored;
        };
        clear(pairs, control, slot);
        *self = Capture::Idle;
        Press::Cleared
    }

    /// Handles `key` pressed while waiting: binds it into `pairs`, or, if another control
    /// has it, asks for it again first.
    pub fn press_input(&mut self, pairs: &mut Vec<(K, Control)>, key: K) -> Press {
        let Some((control, slot)) = self.target() else {
            return Press::Ignored;
        };
        let owner = pairs
            .iter()
            .find(|(k, c)| *k == key && *c != control)
            .map(|(_, c)| *c);
        let confirmed = matches!(self, Capture::Conflict { key: k, .. } if *k == key);
        match owner {
            Some(owner) if !confirmed => {
                *self = Capture::Conflict {
                    control,
                    slot,
                    key,
                    owner,
                };
                Press::Conflict { owner }
            }
            taken_from => {
                assign(pairs, control, slot, &key);
                *self = Capture::Idle;
                Press::Bound { taken_from }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_key_binds_into_the_chosen_slot() {
        let mut b = Bindings::default();
        let mut cap = Capture::start(Control::Fire, 1);
        assert_eq!(cap.press(&mut b, "KeyK"), Press::Bound { taken_from: None });
        assert_eq!(keys_of(&b, Control::Fire), ["Space", "KeyK"]);
        assert_eq!(b.control("KeyJ"), None);
        assert_eq!(cap, Capture::Idle);
        // A slot beyond the control's keys adds one.
        let mut cap = Capture::start(Control::Menu, 1);
        cap.press(&mut b, "KeyP");
        assert_eq!(keys_of(&b, Control::Menu), ["Escape", "KeyP"]);
        assert_eq!(cap.press(&mut b, "KeyQ"), Press::Ignored);
    }

    #[test]
    fn a_key_of_another_control_is_a_conflict_until_pressed_again() {
        let mut b = Bindings::default();
        let mut cap = Capture::start(Control::Fire, 0);
        assert_eq!(
            cap.press(&mut b, "KeyW"),
            Press::Conflict {
                owner: Control::Thrust
            }
        );
        // Nothing changed yet.
        assert_eq!(b, Bindings::default());
        assert!(cap.is_active());
        assert_eq!(
            cap.press(&mut b, "KeyW"),
            Press::Bound {
                taken_from: Some(Control::Thrust)
            }
        );
        assert_eq!(keys_of(&b, Control::Fire), ["KeyW", "KeyJ"]);
        assert_eq!(keys_of(&b, Control::Thrust), ["ArrowUp"]);
        assert!(b.conflicts().is_empty());
    }

    #[test]
    fn a_different_key_after_a_conflict_is_judged_afresh_and_escape_cancels() {
        let mut b = Bindings::default();
        let mut cap = Capture::start(Control::Tractor, 0);
        assert!(matches!(cap.press(&mut b, "KeyA"), Press::Conflict { .. }));
        assert!(matches!(
            cap.press(&mut b, "KeyD"),
            Press::Conflict {
                owner: Control::RotateRight
            }
        ));
        assert_eq!(cap.press(&mut b, "Escape"), Press::Cancelled);
        assert_eq!(b, Bindings::default());
        let mut cap = Capture::start(Control::Tractor, 0);
        assert_eq!(cap.press(&mut b, "Delete"), Press::Cleared);
        assert_eq!(keys_of(&b, Control::Tractor), ["ShiftLeft"]);
        // Moving a key within the same control does not duplicate it.
        let mut cap = Capture::start(Control::Tractor, 1);
        cap.press(&mut b, "ShiftLeft");
        assert_eq!(keys_of(&b, Control::Tractor), ["ShiftLeft"]);
    }

    #[test]
    fn pad_inputs_rebind_by_the_same_rules_in_three_slots() {
        use crate::screens::pad_bindings::{PadBindings, PadInput, PAD_SLOTS};
        let mut b = PadBindings::default();
        let mut cap: Capture<PadInput> = Capture::start_among(Control::Fire, 0, PAD_SLOTS);
        // North is rewind's: a conflict first, nothing changed.
        assert_eq!(
            cap.press_input(&mut b.inputs, PadInput::North),
            Press::Conflict {
                owner: Control::Rewind
            }
        );
        assert_eq!(b, PadBindings::default());
        assert_eq!(
            cap.press_input(&mut b.inputs, PadInput::North),
            Press::Bound {
                taken_from: Some(Control::Rewind)
            }
        );
        assert_eq!(
            b.inputs_of(Control::Fire),
            [PadInput::North, PadInput::RightBumper]
        );
        assert!(b.inputs_of(Control::Rewind).is_empty());
        // A free input goes in the third slot; a slot past the last is clamped.
        let mut cap: Capture<PadInput> = Capture::start_among(Control::Fire, 9, PAD_SLOTS);
        assert_eq!(cap.target(), Some((Control::Fire, 2)));
        cap.press_input(&mut b.inputs, PadInput::RightStickUp);
        assert_eq!(b.inputs_of(Control::Fire).len(), 3);
        // Clear and cancel.
        let mut cap: Capture<PadInput> = Capture::start_among(Control::Fire, 0, PAD_SLOTS);
        assert_eq!(cap.clear(&mut b.inputs), Press::Cleared);
        assert_eq!(
            b.inputs_of(Control::Fire),
            [PadInput::RightBumper, PadInput::RightStickUp]
        );
        assert_eq!(cap.cancel(), Press::Ignored);
        let mut cap: Capture<PadInput> = Capture::start_among(Control::Thrust, 0, PAD_SLOTS);
        assert_eq!(cap.cancel(), Press::Cancelled);
        assert_eq!(
            cap.press_input(&mut b.inputs, PadInput::West),
            Press::Ignored
        );
    }
}
