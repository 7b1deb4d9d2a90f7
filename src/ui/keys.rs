//! Names for people: physical key names ("KeyW", "ArrowLeft", "ShiftLeft") as a player reads
//! them ("W", "Left", "Left Shift"), gamepad inputs ("South (A)", "Left stick up"), and each
//! control's label.

use crate::game::Control;
use crate::screens::pad_bindings::PadInput;

/// The label of a physical key name.
pub fn key_label(name: &str) -> String {
    if let Some(rest) = name.strip_prefix("Key") {
        return rest.to_string();
    }
    if let Some(rest) = name.strip_prefix("Digit") {
        return rest.to_string();
    }
    if let Some(rest) = name.strip_prefix("Arrow") {
        return rest.to_string();
    }
    if let Some(rest) = name.strip_prefix("Numpad") {
        return format!("Num {rest}");
    }
    for (side, word) in [("Left", "Left"), ("Right", "Right")] {
        if let Some(base) = name.strip_suffix(side) {
            let base = match base {
                "Control" => "Ctrl",
                "Super" => "Super",
                other => other,
            };
            return format!("{word} {base}");
        }
    }
    match name {
        "Escape" => "Esc".to_string(),
        "Backquote" => "`".to_string(),
        "Minus" => "-".to_string(),
        "Equal" => "=".to_string(),
        "Semicolon" => ";".to_string(),
        "Quote" => "'".to_string(),
        "Comma" => ",".to_string(),
        "Period" => ".".to_string(),
        "Slash" => "/".to_string(),
        "Backslash" => "\\".to_string(),
        other => other.to_string(),
    }
}

/// The label of a gamepad input: the standard name, with the Xbox letter for face buttons.
pub fn pad_label(input: PadInput) -> &'static str {
    use PadInput::*;
    match input {
        South => "South (A)",
        East => "East (B)",
        West => "West (X)",
        North => "North (Y)",
        LeftBumper => "Left bumper",
        RightBumper => "Right bumper",
        LeftTrigger => "Left trigger",
        RightTrigger => "Right trigger",
        Select => "Select",
        Start => "Start",
        LeftStickPress => "Left stick press",
        RightStickPress => "Right stick press",
        DPadUp => "D-pad up",
        DPadDown => "D-pad down",
        DPadLeft => "D-pad left",
        DPadRight => "D-pad right",
        LeftStickUp => "Left stick up",
        LeftStickDown => "Left stick down",
        LeftStickLeft => "Left stick left",
        LeftStickRight => "Left stick right",
        RightStickUp => "Right stick up",
        RightStickDown => "Right stick down",
        RightStickLeft => "Right stick left",
        RightStickRight => "Right stick right",
    }
}

/// What a control does, for the settings and the help.
pub fn control_label(control: Control) -> &'static str {
    match control {
        Control::RotateLeft => "Rotate left",
        Control::RotateRight => "Rotate right",
        Control::Thrust => "Thrust",
        Control::Fire => "Fire laser",
        Control::Tractor => "Tractor beam",
        Control::Menu => "Pause menu",
        Control::Rewind => "Rewind (hold)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_read_as_a_player_would() {
        assert_eq!(key_label("KeyW"), "W");
        assert_eq!(key_label("ArrowLeft"), "Left");
        assert_eq!(key_label("ShiftLeft"), "Left Shift");
        assert_eq!(key_label("ControlRight"), "Right Ctrl");
        assert_eq!(key_label("Digit7"), "7");
        assert_eq!(key_label("NumpadAdd"), "Num Add");
        assert_eq!(key_label("Escape"), "Esc");
        assert_eq!(key_label("Space"), "Space");
        assert_eq!(key_label("F5"), "F5");
    }

    #[test]
    fn every_pad_input_has_its_own_label() {
        let labels: std::collections::BTreeSet<&str> =
            PadInput::ALL.iter().map(|&i| pad_label(i)).collect();
        assert_eq!(labels.len(), PadInput::ALL.len());
        assert_eq!(pad_label(PadInput::North), "North (Y)");
    }
}
