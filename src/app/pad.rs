//! Gamepad mapping: from what a pad reports (stick axes, trigger travel, buttons) to the
//! same [`Actions`] the keyboard produces. Pure functions over plain values, so the mapping
//! and its dead zone are tested without a pad; the window's gamepad reader (gilrs) fills in
//! the [`PadState`]s.
//!
//! Layout (standard pad names; Xbox letters in brackets): left stick or d-pad rotates;
//! right trigger or South (A) thrusts; West (X) or right bumper fires; East (B), left
//! trigger or left bumper pulls with the tractor beam; North (Y) held rewinds; Start opens
//! the menu.

use crate::game::Actions;

/// How far a trigger must be pulled (0 to 1) to count as held.
pub const TRIGGER_PRESS: f32 = 0.3;

/// One pad's controls at an instant.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PadState {
    /// Left stick, -1 (left) to 1 (right).
    pub stick_x: f32,
    /// Left stick, -1 (down) to 1 (up).
    pub stick_y: f32,
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

/// The actions a pad asks for, with the player's stick `dead_zone`.
pub fn pad_actions(pad: &PadState, dead_zone: f32) -> Actions {
    let (x, _) = apply_dead_zone(pad.stick_x, pad.stick_y, dead_zone);
    let pulled = |t: f32| t.is_finite() && t > TRIGGER_PRESS;
    Actions {
        left: pad.dpad_left || x < -STICK_TURN,
        right: pad.dpad_right || x > STICK_TURN,
        thrust: pad.south || pulled(pad.right_trigger),
        fire: pad.west || pad.right_bumper,
        tractor: pad.east || pad.left_bumper || pulled(pad.left_trigger),
    }
}

/// Whether a pad asks to rewind: North (Y) held.
pub fn pad_rewinds(pad: &PadState) -> bool {
    pad.north
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

    #[test]
    fn stick_and_dpad_rotate_triggers_and_buttons_act() {
        let idle = PadState::default();
        assert_eq!(pad_actions(&idle, 0.15), Actions::default());
        let left = PadState {
            stick_x: -0.7,
            ..idle
        };
        assert!(pad_actions(&left, 0.15).left);
        // The same travel inside a wider dead zone does nothing.
        let drift = PadState {
            stick_x: -0.3,
            ..idle
        };
        assert!(pad_actions(&drift, 0.0).left);
        assert!(!pad_actions(&drift, 0.3).left);
        let a = pad_actions(
            &PadState {
                dpad_right: true,
                right_trigger: 0.8,
                west: true,
                left_trigger: 0.5,
                ..idle
            },
            0.15,
        );
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
        assert!(pad_rewinds(&north) && !pad_rewinds(&idle));
        assert_eq!(pad_actions(&north, 0.15), Actions::default());
        let light = PadState {
            right_trigger: 0.2,
            ..idle
        };
        assert!(!pad_actions(&light, 0.15).thrust);
        assert!(
            pad_actions(
                &PadState {
                    south: true,
                    ..idle
                },
                0.15
            )
            .thrust
        );
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
