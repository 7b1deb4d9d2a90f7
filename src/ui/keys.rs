//! Names for people: physical key names ("KeyW", "ArrowLeft", "ShiftLeft") as a player reads
//! them ("W", "Left", "Left Shift"), and each control's label.

use crate::game::Control;

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
}
