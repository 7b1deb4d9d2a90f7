//! Gamepads through gilrs: reads every connected pad into a [`PadState`] for the mapping in
//! [`super::pad`], and turns connections, disconnections and menu buttons into
//! [`PadEvent`]s. Pads may come and go while the game runs. Where gilrs cannot start (no
//! input devices readable, an unsupported system) this logs once and the game goes on with
//! the keyboard alone.

use super::pad::{pad_actions, pad_rewinds, PadState};
use crate::game::Actions;
use gilrs::{Axis, Button, EventType, Gilrs};

/// Something a pad did that the shell reacts to, beyond flying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PadEvent {
    /// A pad was plugged in (its id and name).
    Connected(usize, String),
    /// A pad was unplugged (its id and name).
    Disconnected(usize, String),
    /// A fire button (West, the right bumper) or South pressed on pad `id`: joins a
    /// two-player game, or takes a waiting seat.
    Fire(usize),
    /// Start: open or close the pause menu.
    Start,
    /// East (B): back out of a menu.
    Back,
    /// South (A): press the focused button of a menu.
    Confirm,
    /// D-pad or stick up: the previous item of a menu.
    Up,
    /// D-pad or stick down: the next item of a menu.
    Down,
}

/// The gamepads.
pub struct Gamepads {
    gilrs: Option<Gilrs>,
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
        Gamepads { gilrs }
    }

    /// No pads at all (tests, replays).
    pub fn none() -> Gamepads {
        Gamepads { gilrs: None }
    }

    /// Takes the pads' news since the last call.
    pub fn poll(&mut self) -> Vec<PadEvent> {
        let Some(g) = &mut self.gilrs else {
            return Vec::new();
        };
        let mut out = Vec::new();
        while let Some(ev) = g.next_event() {
            let name = || g.gamepad(ev.id).name().to_string();
            let id = usize::from(ev.id);
            if let EventType::ButtonPressed(
                Button::West | Button::RightTrigger | Button::South,
                _,
            ) = ev.event
            {
                out.push(PadEvent::Fire(id));
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
                    _ => None,
                },
                _ => None,
            };
            out.extend(event);
        }
        out
    }

    /// The state of every connected pad.
    pub fn states(&self) -> Vec<PadState> {
        self.states_by_id().into_iter().map(|(_, s)| s).collect()
    }

    /// What pad `id` asks for alone, with the stick `dead_zone` (nothing if it is not
    /// connected).
    pub fn actions_of(&self, id: usize, dead_zone: f32) -> Actions {
        self.states_by_id()
            .iter()
            .find(|(i, _)| *i == id)
            .map_or_else(Actions::default, |(_, s)| pad_actions(s, dead_zone))
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
                };
                (usize::from(id), state)
            })
            .collect()
    }

    /// What all connected pads ask for together, with the stick `dead_zone`.
    pub fn actions(&self, dead_zone: f32) -> Actions {
        self.states()
            .iter()
            .map(|s| pad_actions(s, dead_zone))
            .fold(Actions::default(), super::pad::merge)
    }

    /// Whether any pad holds its rewind button.
    pub fn rewinding(&self) -> bool {
        self.states().iter().any(pad_rewinds)
    }

    /// How many pads are connected.
    pub fn connected(&self) -> usize {
        self.gilrs.as_ref().map_or(0, |g| g.gamepads().count())
    }
}
