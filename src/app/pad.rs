//! Gamepad mapping: from what a pad reports (stick axes, trigger travel, buttons) to the
//! same [`Actions`] the keyboard produces, through the player's [`PadBindings`] (the
//! default layout is documented there; the settings screen rebinds it). Pure functions over
//! plain values, so the mapping, its thresholds and its dead zone are tested without a pad;
//! the window's gamepad reader (gilrs) fills in the [`PadState`]s.
//!
//! An input is held when its button is down, its trigger is pulled past [`TRIGGER_PRESS`],
//! or its stick is pushed that way past the dead zone and a little more. The menus do not
//! use the bindings: they keep one fixed layout (see the gamepad reader).

use crate::game::{Actions, Control};
use crate::screens::pad_bindings::{PadBindings, PadInput};

/// How far a trigger must be pulled (0 to 1) to count as held.
pub const TRIGGER_PRESS: f32 = 0.3;

/// One pad's controls at an instant.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PadState {
    /// Left stick, -1 (left) to 1 (right).
    pub stick_x: f32,
    /// Left stick, -1 (down) to 1 (up).
    pub stick_y: f32,
    /// Right stick, -1 (left) to 1 (right).
    pub right_stick_x: f32,
    /// Right stick, -1 (down) to 1 (up).
    pub right_stick_y: f32,
    /// D-pad left.
    pub dpad_left: bool,
    /// D-pad right.
    pub dpad_right: bool,
    /// D-pad up.
    pub dpad_up: bool,
    /// D-pad down.
    pub dpad_down: bool,
    /// Left trigger travel, 0 to 1.
    pub left_trigger: f32,
    /// Right trigger travel, 0 to 1.
    pub right_trigger: f32,
    /// Left bumper.
    pub left_bumper: bool,
    /// Right bumper.
    pub right_bumper: bool,
    /// South face button (A / Cross).
    pub south: bool,
    /// East face button (B / Circle).
    pub east: bool,
    /// West face button (X / Square).
    pub west: bool,
    /// North face button (Y / Triangle).
    pub north: bool,
    /// Start.
    pub start: bool,
    /// Select (Back / View / Share).
    pub select: bool,
    /// The left stick pressed in.
    pub left_stick_press: bool,
    /// The right stick pressed in.
    pub right_stick_press: bool,
}

/// The stick after the dead zone: zero within `dead_zone` of the centre, then rescaled so
/// travel past the edge of the dead zone still spans 0 to 1 (radial, so diagonals are not
/// cut short). Non-finite input reads as centred.
pub fn apply_dead_zone(x: f32, y: f32, dead_zone: f32) -> (f32, f32) {
    if !(x.is_finite() && y.is_finite()) {
        return (0.0, 0.0);
    }
    let dz = if dead_zone.is_finite() {
        dead_zone.clamp(0.0, 0.95)
    } else {
        0.0
    };
    let len = (x * x + y * y).sqrt();
    if len <= dz {
        return (0.0, 0.0);
    }
    let scaled = ((len - dz) / (1.0 - dz)).min(1.0);
    (x / len * scaled, y / len * scaled)
}

/// Stick travel past the dead zone that turns the ship (rotation is on or off).
const STICK_TURN: f32 = 0.25;

/// Whether `input` is held on `pad`, with the player's stick `dead_zone`.
pub fn holds_input(pad: &PadState, input: PadInput, dead_zone: f32) -> bool {
    use PadInput::*;
    let pulled = |t: f32| t.is_finite() && t > TRIGGER_PRESS;
    let left = || apply_dead_zone(pad.stick_x, pad.stick_y, dead_zone);
    let right = || apply_dead_zone(pad.right_stick_x, pad.right_stick_y, dead_zone);
    match input {
        South => pad.south,
        East => pad.east,
        West => pad.west,
        North => pad.north,
        LeftBumper => pad.left_bumper,
        RightBumper => pad.right_bumper,
        LeftTrigger => pulled(pad.left_trigger),
        RightTrigger => pulled(pad.right_trigger),
        Select => pad.select,
        Start => pad.start,
        LeftStickPress => pad.left_stick_press,
        RightStickPress => pad.right_stick_press,
        DPadUp => pad.dpad_up,
        DPadDown => pad.dpad_down,
        DPadLeft => pad.dpad_left,
        DPadRight => pad.dpad_right,
        LeftStickUp => left().1 > STICK_TURN,
        LeftStickDown => left().1 < -STICK_TURN,
        LeftStickLeft => left().0 < -STICK_TURN,
        LeftStickRight => left().0 > STICK_TURN,
        RightStickUp => right().1 > STICK_TURN,
        RightStickDown => right().1 < -STICK_TURN,
        RightStickLeft => right().0 < -STICK_TURN,
        RightStickRight => right().0 > STICK_TURN,
    }
}

/// Every input held on `pad`, in [`PadInput::ALL`]'s order.
pub fn held_inputs(pad: &PadState, dead_zone: f32) -> Vec<PadInput> {
    PadInput::ALL
        .into_iter()
        .filter(|&i| holds_input(pad, i, dead_zone))
        .collect()
}

/// The inputs held in `now` that were not in `before`: the presses between two readings.
pub fn pressed_inputs(before: &PadState, now: &PadState, dead_zone: f32) -> Vec<PadInput> {
    PadInput::ALL
        .into_iter()
        .filter(|&i| holds_input(now, i, dead_zone) && !holds_input(before, i, dead_zone))
        .collect()
}

/// Whether `pad` holds an input that `bindings` give to `control` (an input bound to
/// several controls does the first).
pub fn pad_holds(pad: &PadState, bindings: &PadBindings, control: Control, dead_zone: f32) -> bool {
    bindings
        .inputs
        .iter()
        .filter(|(_, c)| *c == control)
        .any(|&(i, _)| bindings.control(i) == Some(control) && holds_input(pad, i, dead_zone))
}

/// The actions a pad asks for through `bindings`, with the player's stick `dead_zone`.
pub fn pad_actions(pad: &PadState, bindings: &PadBindings, dead_zone: f32) -> Actions {
    let holds = |c| pad_holds(pad, bindings, c, dead_zone);
    Actions {
        left: holds(Control::RotateLeft),
        right: holds(Control::RotateRight),
        thrust: holds(Control::Thrust),
        fire: holds(Control::Fire),
        tractor: holds(Control::Tractor),
    }
}

/// Whether a pad asks to rewind through `bindings` (North held, by default).
pub fn pad_rewinds(pad: &PadState, bindings: &PadBindings, dead_zone: f32) -> bool {
    pad_holds(pad, bindings, Control::Rewind, dead_zone)
}

/// Keyboard and pad together: an action is on if either asks for it.
pub fn merge(a: Actions, b: Actions) -> Actions {
    Actions {
        left: a.left || b.left,
        right: a.right || b.right,
        thrust: a.thrust || b.thrust,
        fire: a.fire || b.fire,
        tractor: a.tractor || b.tractor,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dead_zone_swallows_small_stick_travel_and_rescales_the_rest() {
        assert_eq!(apply_dead_zone(0.1, 0.05, 0.15), (0.0, 0.0));
        let (x, y) = apply_dead_zone(1.0, 0.0, 0.2);
        assert!((x - 1.0).abs() < 1e-6 && y == 0.0);
        // Halfway between the dead zone's edge and full travel reads as half.
        let (x, _) = apply_dead_zone(0.6, 0.0, 0.2);
        assert!((x - 0.5).abs() < 1e-6, "{x}");
        // Radial: a diagonal keeps its direction.
        let (x, y) = apply_dead_zone(0.5, 0.5, 0.1);
        assert!((x - y).abs() < 1e-6 && x > 0.0);
        assert_eq!(apply_dead_zone(f32::NAN, 0.9, 0.1), (0.0, 0.0));
        assert_eq!(apply_dead_zone(0.5, 0.0, f32::NAN), (0.5, 0.0));
    }

    /// The default layout, and the stick's usual dead zone.
    fn act(pad: &PadState) -> Actions {
        pad_actions(pad, &PadBindings::default(), 0.15)
    }

    #[test]
    fn stick_and_dpad_rotate_triggers_and_buttons_act() {
        let idle = PadState::default();
        let d = PadBindings::default();
        assert_eq!(act(&idle), Actions::default());
        let left = PadState {
            stick_x: -0.7,
            ..idle
        };
        assert!(act(&left).left);
        // The same travel inside a wider dead zone does nothing.
        let drift = PadState {
            stick_x: -0.3,
            ..idle
        };
        assert!(pad_actions(&drift, &d, 0.0).left);
        assert!(!pad_actions(&drift, &d, 0.3).left);
        let a = act(&PadState {
            dpad_right: true,
            right_trigger: 0.8,
            west: true,
            left_trigger: 0.5,
            ..idle
        });
        assert_eq!(
            a,
            Actions {
                left: false,
                right: true,
                thrust: true,
                fire: true,
                tractor: true
            }
        );
        let north = PadState {
            north: true,
            ..idle
        };
        assert!(pad_rewinds(&north, &d, 0.15) && !pad_rewinds(&idle, &d, 0.15));
        assert_eq!(act(&north), Actions::default());
        let light = PadState {
            right_trigger: 0.2,
            ..idle
        };
        assert!(!act(&light).thrust);
        assert!(
            act(&PadState {
                south: true,
                ..idle
            })
            .thrust
        );
    }

    #[test]
    fn a_rebound_fire_on_north_fires_and_the_old_button_no_longer_does() {
        let idle = PadState::default();
        let mut b = PadBindings::default();
        b.inputs
            .retain(|(i, c)| *c != Control::Fire && *i != PadInput::North);
        b.inputs.push((PadInput::North, Control::Fire));
        let north = PadState {
            north: true,
            ..idle
        };
        let west = PadState { west: true, ..idle };
        assert!(pad_actions(&north, &b, 0.15).fire);
        assert!(!pad_rewinds(&north, &b, 0.15));
        assert_eq!(pad_actions(&west, &b, 0.15), Actions::default());
        // An input bound to two controls does the first only, as a key does.
        b.inputs.push((PadInput::North, Control::Thrust));
        assert!(!pad_actions(&north, &b, 0.15).thrust);
        // Nothing bound: nothing happens, whatever is pressed.
        let none = PadBindings::of(&[]);
        let everything = PadState {
            stick_x: 1.0,
            right_trigger: 1.0,
            south: true,
            west: true,
            east: true,
            ..idle
        };
        assert_eq!(pad_actions(&everything, &none, 0.15), Actions::default());
    }

    #[test]
    fn rebound_triggers_and_sticks_respect_the_threshold_and_the_dead_zone() {
        let idle = PadState::default();
        let b = PadBindings::of(&[
            (PadInput::LeftTrigger, Control::Fire),
            (PadInput::RightStickUp, Control::Thrust),
            (PadInput::RightStickLeft, Control::RotateLeft),
        ]);
        let pad = |left_trigger: f32, x: f32, y: f32| PadState {
            left_trigger,
            right_stick_x: x,
            right_stick_y: y,
            ..idle
        };
        // The trigger counts past TRIGGER_PRESS, not at a touch.
        assert!(!pad_actions(&pad(TRIGGER_PRESS - 0.05, 0.0, 0.0), &b, 0.15).fire);
        assert!(pad_actions(&pad(TRIGGER_PRESS + 0.05, 0.0, 0.0), &b, 0.15).fire);
        assert!(!pad_actions(&pad(f32::NAN, 0.0, 0.0), &b, 0.15).fire);
        // The right stick up: a push inside the dead zone does nothing, a firm one thrusts.
        assert!(!pad_actions(&pad(0.0, 0.0, 0.3), &b, 0.3).thrust);
        assert!(pad_actions(&pad(0.0, 0.0, 0.3), &b, 0.0).thrust);
        let firm = pad_actions(&pad(0.0, 0.0, 0.9), &b, 0.15);
        assert!(firm.thrust && !firm.left);
        // Down is not up; left is its own direction.
        assert!(!pad_actions(&pad(0.0, 0.0, -0.9), &b, 0.15).thrust);
        assert!(pad_actions(&pad(0.0, -0.9, 0.0), &b, 0.15).left);
        // The left stick is not the right one.
        let left_stick = PadState {
            stick_y: 1.0,
            ..idle
        };
        assert!(!pad_actions(&left_stick, &b, 0.15).thrust);
        assert_eq!(held_inputs(&left_stick, 0.15), [PadInput::LeftStickUp]);
    }

    #[test]
    fn presses_are_inputs_held_now_and_not_before() {
        let idle = PadState::default();
        let before = PadState {
            south: true,
            ..idle
        };
        let now = PadState {
            south: true,
            north: true,
            right_trigger: 0.9,
            stick_x: -1.0,
            ..idle
        };
        assert_eq!(
            pressed_inputs(&before, &now, 0.15),
            [
                PadInput::North,
                PadInput::RightTrigger,
                PadInput::LeftStickLeft
            ]
        );
        assert!(pressed_inputs(&now, &now, 0.15).is_empty());
        assert!(pressed_inputs(&now, &idle, 0.15).is_empty());
        // A stick resting inside the dead zone presses nothing.
        let drift = PadState {
            right_stick_x: 0.12,
            right_stick_y: -0.1,
            ..idle
        };
        assert!(pressed_inputs(&idle, &drift, 0.15).is_empty());
    }

    #[test]
    fn keyboard_and_pad_merge() {
        let k = Actions {
            thrust: true,
            ..Actions::default()
        };
        let p = Actions {
            left: true,
            ..Actions::default()
        };
        let m = merge(k, p);
        assert!(m.thrust && m.left && !m.right && !m.fire);
    }
}
