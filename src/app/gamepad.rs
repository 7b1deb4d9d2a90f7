//! Gamepads through gilrs: reads every connected pad into a [`PadState`] for the mapping in
//! [`super::pad`] (through each player's bindings), and turns connections, disconnections,
//! menu buttons and fresh presses into [`PadEvent`]s. Pads may come and go while the game
//! runs. Where gilrs cannot start (no input devices readable, an unsupported system) this
//! logs once and the game goes on with the keyboard alone.
//!
//! The menus keep one fixed layout whatever the bindings: Start pauses and resumes, the
//! d-pad moves, South presses, East goes back; South also joins a two-player game.

use super::pad::{pad_actions, pad_rewinds, pressed_inputs, PadState};
use crate::game::{Actions, Control};
use crate::screens::flow::{Flow, Screen};
use crate::screens::pad_bindings::{PadBindings, PadInput};
use crate::screens::seats::Device;
use crate::screens::settings::Settings;
use gilrs::{Axis, Button, EventType, Gilrs};

/// Something a pad did that the shell reacts to, beyond flying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PadEvent {
    /// A pad was plugged in (its id and name).
    Connected(usize, String),
    /// A pad was unplugged (its id and name).
    Disconnected(usize, String),
    /// An input bound to fire, or South, pressed on pad `id`: joins a two-player game, or
    /// takes a waiting seat.
    Fire(usize),
    /// Start: open or close the pause menu.
    Start,
    /// An input bound to the pause menu, other than Start (which always opens it):
    /// pauses while flying.
    Menu,
    /// East (B): back out of a menu.
    Back,
    /// South (A): press the focused button of a menu.
    Confirm,
    /// D-pad up: the previous item of a menu.
    Up,
    /// D-pad down: the next item of a menu.
    Down,
    /// D-pad left: the item to the left (a binding slot), or a slider down.
    Left,
    /// D-pad right: the item to the right, or a slider up.
    Right,
    /// Pad `id` pressed this input (a button, a trigger past its threshold, a stick past
    /// the dead zone): what the settings screen binds while it waits for one.
    Pressed(usize, PadInput),
}

/// The pad input of a gilrs button, if it is one the bindings know.
fn input_of(button: Button) -> Option<PadInput> {
    Some(match button {
        Button::South => PadInput::South,
        Button::East => PadInput::East,
        Button::West => PadInput::West,
        Button::North => PadInput::North,
        Button::LeftTrigger => PadInput::LeftBumper,
        Button::RightTrigger => PadInput::RightBumper,
        Button::LeftTrigger2 => PadInput::LeftTrigger,
        Button::RightTrigger2 => PadInput::RightTrigger,
        Button::Select => PadInput::Select,
        Button::Start => PadInput::Start,
        Button::LeftThumb => PadInput::LeftStickPress,
        Button::RightThumb => PadInput::RightStickPress,
        Button::DPadUp => PadInput::DPadUp,
        Button::DPadDown => PadInput::DPadDown,
        Button::DPadLeft => PadInput::DPadLeft,
        Button::DPadRight => PadInput::DPadRight,
        _ => return None,
    })
}

/// The player (0-based) whose bindings pad `id` uses in `flow`: its seat in a match or on
/// the join screen (none while it has no seat there), else the one player's.
pub fn seat_of(flow: &Flow, id: usize) -> Option<usize> {
    let two =
        flow.is_match() || matches!(flow.screen, Screen::TwoPlayers | Screen::WaitingForDevice);
    if two {
        flow.match_menu.seats.player_of(Device::Gamepad(id))
    } else {
        Some(0)
    }
}

/// The events that `pressed`, fresh on pad `id`, make beyond themselves: fire (South
/// always joins) and the pause menu, by `tables`: the bindings of the pad's player, or of
/// every player while the pad has no seat.
pub fn press_events(id: usize, pressed: &[PadInput], tables: &[&PadBindings]) -> Vec<PadEvent> {
    let bound = |i: PadInput, c: Control| tables.iter().any(|t| t.control(i) == Some(c));
    let mut out = Vec::new();
    if pressed
        .iter()
        .any(|&i| i == PadInput::South || bound(i, Control::Fire))
    {
        out.push(PadEvent::Fire(id));
    }
    if pressed
        .iter()
        .any(|&i| i != PadInput::Start && bound(i, Control::Menu))
    {
        out.push(PadEvent::Menu);
    }
    out.extend(pressed.iter().map(|&i| PadEvent::Pressed(id, i)));
    out
}

/// The gamepads.
pub struct Gamepads {
    gilrs: Option<Gilrs>,
    /// Each pad's state at the last poll, to tell presses from holds.
    last: Vec<(usize, PadState)>,
}

impl Gamepads {
    /// Starts gilrs; without it, says so once and reports no pads.
    pub fn open() -> Gamepads {
        let gilrs = match Gilrs::new() {
            Ok(g) => Some(g),
            Err(gilrs::Error::NotImplemented(_)) => {
                log::warn!("gamepads are not supported on this system; keyboard only");
                None
            }
            Err(e) => {
                log::warn!("gamepads unavailable ({e}); keyboard only");
                None
            }
        };
        if let Some(g) = &gilrs {
            let names: Vec<String> = g.gamepads().map(|(_, p)| p.name().to_string()).collect();
            if names.is_empty() {
                log::info!("no gamepad connected (one plugged in later is picked up)");
            } else {
                log::info!("gamepads: {}", names.join(", "));
            }
        }
        Gamepads {
            gilrs,
            last: Vec::new(),
        }
    }

    /// No pads at all (tests, replays).
    pub fn none() -> Gamepads {
        Gamepads {
            gilrs: None,
            last: Vec::new(),
        }
    }

    /// Takes the pads' news since the last call. `seat_of` gives the player (0-based) a
    /// pad flies for, if it has a seat; its bindings decide what its presses do.
    pub fn poll(
        &mut self,
        settings: &Settings,
        seat_of: impl Fn(usize) -> Option<usize>,
    ) -> Vec<PadEvent> {
        let Some(g) = &mut self.gilrs else {
            return Vec::new();
        };
        let mut out = Vec::new();
        // Buttons pressed since the last poll, even if already let go again.
        let mut taps: Vec<(usize, PadInput)> = Vec::new();
        while let Some(ev) = g.next_event() {
            let name = || g.gamepad(ev.id).name().to_string();
            let id = usize::from(ev.id);
            if let EventType::ButtonPressed(b, _) = ev.event {
                taps.extend(input_of(b).map(|i| (id, i)));
            }
            let event = match ev.event {
                EventType::Connected => Some(PadEvent::Connected(id, name())),
                EventType::Disconnected => Some(PadEvent::Disconnected(id, name())),
                EventType::ButtonPressed(b, _) => match b {
                    Button::Start => Some(PadEvent::Start),
                    Button::East => Some(PadEvent::Back),
                    Button::South => Some(PadEvent::Confirm),
                    Button::DPadUp => Some(PadEvent::Up),
                    Button::DPadDown => Some(PadEvent::Down),
                    Button::DPadLeft => Some(PadEvent::Left),
                    Button::DPadRight => Some(PadEvent::Right),
                    _ => None,
                },
                _ => None,
            };
            out.extend(event);
        }
        let now = self.states_by_id();
        let dead_zone = settings.gamepad_dead_zone;
        for (id, state) in &now {
            let before = self
                .last
                .iter()
                .find(|(i, _)| i == id)
                .map_or_else(PadState::default, |(_, s)| *s);
            let mut pressed = pressed_inputs(&before, state, dead_zone);
            for &(_, tap) in taps.iter().filter(|(i, _)| i == id) {
                if !pressed.contains(&tap) {
                    pressed.push(tap);
                }
            }
            let tables = match seat_of(*id) {
                Some(seat) => vec![settings.pad(seat)],
                None => vec![&settings.gamepad_1, &settings.gamepad_2],
            };
            out.extend(press_events(*id, &pressed, &tables));
        }
        self.last = now;
        out
    }

    /// The state of every connected pad.
    pub fn states(&self) -> Vec<PadState> {
        self.states_by_id().into_iter().map(|(_, s)| s).collect()
    }

    /// What pad `id` asks for alone, flown by player `seat` (0-based) with that player's
    /// bindings (nothing if it is not connected).
    pub fn actions_of(&self, id: usize, seat: usize, settings: &Settings) -> Actions {
        let dead_zone = settings.gamepad_dead_zone;
        self.states_by_id()
            .iter()
            .find(|(i, _)| *i == id)
            .map_or_else(Actions::default, |(_, s)| {
                pad_actions(s, settings.pad(seat), dead_zone)
            })
    }

    /// The state of every connected pad, with its id.
    pub fn states_by_id(&self) -> Vec<(usize, PadState)> {
        let Some(g) = &self.gilrs else {
            return Vec::new();
        };
        g.gamepads()
            .map(|(id, p)| {
                let trigger = |b| p.button_data(b).map_or(0.0, |d| d.value());
                let state = PadState {
                    stick_x: p.value(Axis::LeftStickX),
                    stick_y: p.value(Axis::LeftStickY),
                    right_stick_x: p.value(Axis::RightStickX),
                    right_stick_y: p.value(Axis::RightStickY),
                    dpad_left: p.is_pressed(Button::DPadLeft),
                    dpad_right: p.is_pressed(Button::DPadRight),
                    dpad_up: p.is_pressed(Button::DPadUp),
                    dpad_down: p.is_pressed(Button::DPadDown),
                    left_trigger: trigger(Button::LeftTrigger2),
                    right_trigger: trigger(Button::RightTrigger2),
                    left_bumper: p.is_pressed(Button::LeftTrigger),
                    right_bumper: p.is_pressed(Button::RightTrigger),
                    south: p.is_pressed(Button::South),
                    east: p.is_pressed(Button::East),
                    west: p.is_pressed(Button::West),
                    north: p.is_pressed(Button::North),
                    start: p.is_pressed(Button::Start),
                    select: p.is_pressed(Button::Select),
                    left_stick_press: p.is_pressed(Button::LeftThumb),
                    right_stick_press: p.is_pressed(Button::RightThumb),
                };
                (usize::from(id), state)
            })
            .collect()
    }

    /// What all connected pads ask for together, with the one player's (player 1's)
    /// bindings.
    pub fn actions(&self, settings: &Settings) -> Actions {
        self.states()
            .iter()
            .map(|s| pad_actions(s, &settings.gamepad_1, settings.gamepad_dead_zone))
            .fold(Actions::default(), super::pad::merge)
    }

    /// Whether any pad holds an input bound to rewind in the one player's bindings.
    pub fn rewinding(&self, settings: &Settings) -> bool {
        self.states()
            .iter()
            .any(|s| pad_rewinds(s, &settings.gamepad_1, settings.gamepad_dead_zone))
    }

    /// How many pads are connected.
    pub fn connected(&self) -> usize {
        self.gilrs.as_ref().map_or(0, |g| g.gamepads().count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn south_or_a_bound_fire_joins_and_a_bound_menu_other_than_start_pauses() {
        let d = PadBindings::default();
        let mut r = PadBindings::default();
        r.inputs.retain(|(_, c)| *c != Control::Fire);
        r.inputs.push((PadInput::DPadUp, Control::Fire));
        r.inputs.push((PadInput::Select, Control::Menu));
        // South joins whatever the bindings; so does the pad's own fire.
        assert_eq!(
            press_events(3, &[PadInput::South], &[&r]),
            [PadEvent::Fire(3), PadEvent::Pressed(3, PadInput::South)]
        );
        assert_eq!(
            press_events(3, &[PadInput::DPadUp], &[&r])[0],
            PadEvent::Fire(3)
        );
        // West fired by default; rebound away, it is only a press.
        assert_eq!(
            press_events(1, &[PadInput::West], &[&d])[0],
            PadEvent::Fire(1)
        );
        assert_eq!(
            press_events(1, &[PadInput::West], &[&r]),
            [PadEvent::Pressed(1, PadInput::West)]
        );
        // A pad with no seat yet joins with either player's fire.
        assert_eq!(
            press_events(1, &[PadInput::West], &[&r, &d])[0],
            PadEvent::Fire(1)
        );
        // Start makes its own event (it always opens the menu): no second toggle.
        assert!(!press_events(0, &[PadInput::Start], &[&d]).contains(&PadEvent::Menu));
        assert!(press_events(0, &[PadInput::Select], &[&r]).contains(&PadEvent::Menu));
        assert!(!press_events(0, &[PadInput::Select], &[&d]).contains(&PadEvent::Menu));
        // Two fire inputs pressed at once join once.
        let both = press_events(2, &[PadInput::South, PadInput::West], &[&d]);
        assert_eq!(both.iter().filter(|e| **e == PadEvent::Fire(2)).count(), 1);
    }
}
