//! Input mapping: physical keys, by name, to the controls the player holds, and from those
//! to the [`Actions`] the simulation sees each step. Key names are those of the keyboard's
//! physical layout ("KeyW", "ArrowLeft", "Space"), so WASD stays WASD on any layout. No
//! window system here: the shell passes names in.

use super::actions::Actions;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Something the player does with a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Control {
    /// Rotate counter-clockwise.
    RotateLeft,
    /// Rotate clockwise.
    RotateRight,
    /// Main engine.
    Thrust,
    /// Laser.
    Fire,
    /// Tractor beam.
    Tractor,
    /// Pause menu.
    Menu,
    /// Run time backwards while held (see [`super::timeline`]); not an action of the sim.
    Rewind,
}

impl Control {
    /// Every control, in menu order.
    pub const ALL: [Control; 7] = [
        Control::RotateLeft,
        Control::RotateRight,
        Control::Thrust,
        Control::Fire,
        Control::Tractor,
        Control::Rewind,
        Control::Menu,
    ];
}

/// Which physical keys trigger which control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bindings {
    /// (key name, control) pairs; a control may have several keys.
    pub keys: Vec<(String, Control)>,
}

impl Default for Bindings {
    /// Arrows and WASD to fly, Space or J to fire, E or Shift to pull, Backspace to
    /// rewind, Escape for the menu.
    fn default() -> Bindings {
        let pairs = [
            ("ArrowLeft", Control::RotateLeft),
            ("KeyA", Control::RotateLeft),
            ("ArrowRight", Control::RotateRight),
            ("KeyD", Control::RotateRight),
            ("ArrowUp", Control::Thrust),
            ("KeyW", Control::Thrust),
            ("Space", Control::Fire),
            ("KeyJ", Control::Fire),
            ("KeyE", Control::Tractor),
            ("ShiftLeft", Control::Tractor),
            ("Backspace", Control::Rewind),
            ("Escape", Control::Menu),
        ];
        Bindings {
            keys: pairs.iter().map(|(k, c)| (k.to_string(), *c)).collect(),
        }
    }
}

impl Bindings {
    /// Bindings made of (key name, control) pairs.
    pub fn of(pairs: &[(&str, Control)]) -> Bindings {
        Bindings {
            keys: pairs.iter().map(|(k, c)| (k.to_string(), *c)).collect(),
        }
    }

    /// The left-hand player's keys when two share the keyboard: W thrusts, A and D
    /// rotate, Left Shift or F fires, S pulls with the tractor beam.
    pub fn keyboard_left() -> Bindings {
        Bindings::of(&[
            ("KeyA", Control::RotateLeft),
            ("KeyD", Control::RotateRight),
            ("KeyW", Control::Thrust),
            ("ShiftLeft", Control::Fire),
            ("KeyF", Control::Fire),
            ("KeyS", Control::Tractor),
        ])
    }

    /// The right-hand player's keys when two share the keyboard: the up arrow thrusts,
    /// left and right rotate, Enter or Right Shift fires, the down arrow pulls.
    pub fn keyboard_right() -> Bindings {
        Bindings::of(&[
            ("ArrowLeft", Control::RotateLeft),
            ("ArrowRight", Control::RotateRight),
            ("ArrowUp", Control::Thrust),
            ("Enter", Control::Fire),
            ("ShiftRight", Control::Fire),
            ("ArrowDown", Control::Tractor),
        ])
    }

    /// The control `key` triggers, if any (the first binding wins).
    pub fn control(&self, key: &str) -> Option<Control> {
        self.keys.iter().find(|(k, _)| k == key).map(|(_, c)| *c)
    }

    /// Binds `key` to `control` alone, replacing whatever `key` did before.
    pub fn rebind(&mut self, key: &str, control: Control) {
        self.keys.retain(|(k, _)| k != key);
        self.keys.push((key.to_string(), control));
    }

    /// Keys bound to more than one control: (key, the controls).
    pub fn conflicts(&self) -> Vec<(String, Vec<Control>)> {
        let mut out: Vec<(String, Vec<Control>)> = Vec::new();
        for (k, c) in &self.keys {
            match out.iter_mut().find(|(key, _)| key == k) {
                Some((_, cs)) if !cs.contains(c) => cs.push(*c),
                Some(_) => {}
                None => out.push((k.clone(), vec![*c])),
            }
        }
        out.retain(|(_, cs)| cs.len() > 1);
        out
    }
}

/// The controls held down now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Held {
    keys: BTreeSet<String>,
}

impl Held {
    /// Records a key going down or up; returns the control it triggers, if any.
    pub fn key(&mut self, bindings: &Bindings, key: &str, down: bool) -> Option<Control> {
        if down {
            self.keys.insert(key.to_string());
        } else {
            self.keys.remove(key);
        }
        bindings.control(key)
    }

    /// Lets go of everything (focus lost: no key stays stuck down).
    pub fn release_all(&mut self) {
        self.keys.clear();
    }

    /// Whether any key bound to `control` is down.
    pub fn holds(&self, bindings: &Bindings, control: Control) -> bool {
        self.keys
            .iter()
            .any(|k| bindings.control(k) == Some(control))
    }

    /// The actions of the next step.
    pub fn actions(&self, bindings: &Bindings) -> Actions {
        Actions {
            left: self.holds(bindings, Control::RotateLeft),
            right: self.holds(bindings, Control::RotateRight),
            thrust: self.holds(bindings, Control::Thrust),
            fire: self.holds(bindings, Control::Fire),
            tractor: self.holds(bindings, Control::Tractor),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_and_wasd_fly_the_ship() {
        let b = Bindings::default();
        let mut held = Held::default();
        assert_eq!(held.key(&b, "KeyW", true), Some(Control::Thrust));
        held.key(&b, "ArrowLeft", true);
        let a = held.actions(&b);
        assert!(a.thrust && a.left && !a.right && !a.fire);
        held.key(&b, "KeyW", false);
        assert!(!held.actions(&b).thrust);
        held.release_all();
        assert_eq!(held.actions(&b), Actions::default());
        assert_eq!(held.key(&b, "KeyZ", true), None);
    }

    #[test]
    fn rebinding_moves_a_key_and_conflicts_are_reported() {
        let mut b = Bindings::default();
        b.rebind("KeyW", Control::Fire);
        assert_eq!(b.control("KeyW"), Some(Control::Fire));
        assert!(b.conflicts().is_empty());
        b.keys.push(("Space".into(), Control::Tractor));
        assert_eq!(
            b.conflicts(),
            vec![("Space".to_string(), vec![Control::Fire, Control::Tractor])]
        );
    }
}
