//! Rebinding keys: the settings screen shows two key slots per control; clicking one waits
//! for a key. A key already used by another control is a conflict: it is shown, and taken
//! only when the player presses it again to confirm (so a binding is never lost silently).
//! Escape cancels and Delete clears the slot. Pure: tested without a window.

use crate::game::{Bindings, Control};

/// Key slots shown per control.
pub const SLOTS: usize = 2;

/// The key that cancels waiting for a key.
pub const CANCEL_KEY: &str = "Escape";
/// The key that clears the slot being rebound.
pub const CLEAR_KEY: &str = "Delete";

/// Where rebinding stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Capture {
    /// Not rebinding.
    #[default]
    Idle,
    /// Waiting for a key for `control`'s `slot`.
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
        /// The key pressed.
        key: String,
        /// The control that has it now.
        owner: Control,
    },
}

/// What a key press did while rebinding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// Not rebinding: the press is not ours.
    Ignored,
    /// The key is bound (taken from `taken_from`, if it had another control).
    Bound {
        /// The control that lost the key, if any.
        taken_from: Option<Control>,
    },
    /// The slot was cleared.
    Cleared,
    /// Rebinding was cancelled.
    Cancelled,
    /// The key belongs to another control; press it again to take it.
    Conflict {
        /// Its current control.
        owner: Control,
    },
}

/// The keys bound to `control`, in order.
pub fn keys_of(bindings: &Bindings, control: Control) -> Vec<String> {
    bindings
        .keys
        .iter()
        .filter(|(_, c)| *c == control)
        .map(|(k, _)| k.clone())
        .collect()
}

/// Puts `key` in `control`'s `slot` (or after its last key), taking it from any other
/// control or slot.
fn assign(bindings: &mut Bindings, control: Control, slot: usize, key: &str) {
    let old = keys_of(bindings, control).get(slot).cloned();
    bindings.keys.retain(|(k, _)| k != key);
    match old.and_then(|o| {
        bindings
            .keys
            .iter()
            .position(|(k, c)| *k == o && *c == control)
    }) {
        Some(i) => bindings.keys[i].0 = key.to_string(),
        None => bindings.keys.push((key.to_string(), control)),
    }
}

/// Removes the key in `control`'s `slot`, if there is one.
fn clear(bindings: &mut Bindings, control: Control, slot: usize) {
    if let Some(old) = keys_of(bindings, control).get(slot).cloned() {
        bindings.keys.retain(|(k, c)| !(*k == old && *c == control));
    }
}

impl Capture {
    /// Starts waiting for a key for `control`'s `slot`.
    pub fn start(control: Control, slot: usize) -> Capture {
        Capture::Waiting {
            control,
            slot: slot.min(SLOTS - 1),
        }
    }

    /// Whether a key press should come here instead of to the menus.
    pub fn is_active(&self) -> bool {
        *self != Capture::Idle
    }

    /// The control and slot waiting for a key, if any.
    pub fn target(&self) -> Option<(Control, usize)> {
        match *self {
            Capture::Idle => None,
            Capture::Waiting { control, slot } | Capture::Conflict { control, slot, .. } => {
                Some((control, slot))
            }
        }
    }

    /// Handles the physical key `key` (its name, e.g. "KeyW") going down.
    pub fn press(&mut self, bindings: &mut Bindings, key: &str) -> Press {
        let Some((control, slot)) = self.target() else {
            return Press::Ignored;
        };
        if key == CANCEL_KEY {
            *self = Capture::Idle;
            return Press::Cancelled;
        }
        if key == CLEAR_KEY {
            clear(bindings, control, slot);
            *self = Capture::Idle;
            return Press::Cleared;
        }
        let owner = bindings
            .keys
            .iter()
            .find(|(k, c)| k == key && *c != control)
            .map(|(_, c)| *c);
        let confirmed = matches!(self, Capture::Conflict { key: k, .. } if k == key);
        match owner {
            Some(owner) if !confirmed => {
                *self = Capture::Conflict {
                    control,
                    slot,
                    key: key.to_string(),
                    owner,
                };
                Press::Conflict { owner }
            }
            taken_from => {
                assign(bindings, control, slot, key);
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
}
