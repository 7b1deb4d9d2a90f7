//! Who plays with what when players share one machine: the input devices (the keyboard's
//! left-hand and right-hand sides, each gamepad), the join screen where each player
//! presses fire on their device to take the next seat, and a match's watch over those
//! devices: a seat's gamepad unplugged mid-match pauses it with a message naming the
//! player, and plugging it back in (or fire on a device no one holds) resumes it. Pure
//! state, tested without a window or a pad.

/// An input device one player can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Device {
    /// The keyboard's left-hand side (WASD and the keys around it).
    KeyboardLeft,
    /// The keyboard's right-hand side (the arrows and the keys around them).
    KeyboardRight,
    /// A gamepad, by the id the gamepad library gives it while connected.
    Gamepad(usize),
}

impl Device {
    /// The device in words, for the join screen and messages.
    pub fn label(&self) -> String {
        match self {
            Device::KeyboardLeft => "keyboard, left side".to_string(),
            Device::KeyboardRight => "keyboard, right side".to_string(),
            Device::Gamepad(id) => format!("gamepad {}", id + 1),
        }
    }
}

/// The most players that share one machine.
pub const MAX_SEATS: usize = 2;

/// What a press of fire on the join screen did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// The device took seat `0`-based player number.
    Seat(usize),
    /// The device already holds this seat.
    Already(usize),
    /// Every seat is taken.
    Full,
}

/// The seats of a two-player game: which device each player holds, and whose device is
/// missing in a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    devices: Vec<Device>,
    /// Players whose gamepad was unplugged during the match, in the order they were lost.
    missing: Vec<usize>,
}

impl Seats {
    /// No one seated.
    pub fn new() -> Seats {
        Seats::default()
    }

    /// Each seated player's device, player 1 first.
    pub fn devices(&self) -> &[Device] {
        &self.devices
    }

    /// The player (0-based) holding `device`, if any.
    pub fn player_of(&self, device: Device) -> Option<usize> {
        self.devices.iter().position(|&d| d == device)
    }

    /// Whether every seat is taken, so the match can start.
    pub fn is_full(&self) -> bool {
        self.devices.len() >= MAX_SEATS
    }

    /// Fire on the join screen from `device`: it takes the next free seat.
    pub fn join(&mut self, device: Device) -> Joined {
        if let Some(p) = self.player_of(device) {
            return Joined::Already(p);
        }
        if self.is_full() {
            return Joined::Full;
        }
        self.devices.push(device);
        Joined::Seat(self.devices.len() - 1)
    }

    /// Back on the join screen from `device`: its player leaves, and the players after
    /// move up a seat. Returns whether someone left.
    pub fn leave(&mut self, device: Device) -> bool {
        match self.player_of(device) {
            Some(p) => {
                self.devices.remove(p);
                true
            }
            None => false,
        }
    }

    /// A gamepad was unplugged. On the join screen its player leaves; in a match its
    /// player's seat waits for it and the match pauses. Returns the player whose device it
    /// was.
    pub fn unplugged(&mut self, device: Device, in_match: bool) -> Option<usize> {
        let p = self.player_of(device)?;
        if !in_match {
            self.devices.remove(p);
        } else if !self.missing.contains(&p) {
            self.missing.push(p);
        }
        Some(p)
    }

    /// A gamepad was plugged in: if it is the one a waiting seat lost (the same id), that
    /// player has it back. Returns the player.
    pub fn plugged(&mut self, device: Device) -> Option<usize> {
        let p = self.player_of(device)?;
        let at = self.missing.iter().position(|&m| m == p)?;
        self.missing.remove(at);
        Some(p)
    }

    /// Fire from `device` while the match waits for a device: a device no one holds takes
    /// the first waiting seat. Returns the player.
    pub fn take_over(&mut self, device: Device) -> Option<usize> {
        if self.player_of(device).is_some() || self.missing.is_empty() {
            return None;
        }
        let p = self.missing.remove(0);
        self.devices[p] = device;
        Some(p)
    }

    /// Whether the match must wait for a player's device.
    pub fn is_waiting(&self) -> bool {
        !self.missing.is_empty()
    }

    /// What the paused match says, naming each player whose gamepad is missing.
    pub fn waiting_message(&self) -> Option<String> {
        let who: Vec<String> = self
            .missing
            .iter()
            .map(|&p| format!("Player {}", p + 1))
            .collect();
        let lost = match who.as_slice() {
            [] => return None,
            [one] => format!("{one}'s gamepad was unplugged"),
            many => format!("The gamepads of {} were unplugged", many.join(" and ")),
        };
        Some(format!(
            "{lost}. Plug it back in, or press fire on another device to take over."
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Device::*;

    #[test]
    fn players_join_in_the_order_they_press_fire() {
        let mut s = Seats::new();
        assert_eq!(s.join(Gamepad(3)), Joined::Seat(0));
        assert_eq!(s.join(Gamepad(3)), Joined::Already(0));
        assert!(!s.is_full());
        assert_eq!(s.join(KeyboardRight), Joined::Seat(1));
        assert!(s.is_full());
        assert_eq!(s.join(KeyboardLeft), Joined::Full);
        assert_eq!(s.devices(), [Gamepad(3), KeyboardRight]);
        assert_eq!(s.player_of(KeyboardRight), Some(1));
        assert_eq!(s.player_of(KeyboardLeft), None);
        // The first player leaves: the second moves up, and the seat is free again.
        assert!(s.leave(Gamepad(3)));
        assert!(!s.leave(Gamepad(3)));
        assert_eq!(s.player_of(KeyboardRight), Some(0));
        assert_eq!(s.join(KeyboardLeft), Joined::Seat(1));
    }

    #[test]
    fn a_pad_unplugged_on_the_join_screen_gives_up_its_seat() {
        let mut s = Seats::new();
        s.join(KeyboardLeft);
        s.join(Gamepad(0));
        assert_eq!(s.unplugged(Gamepad(0), false), Some(1));
        assert_eq!(s.devices(), [KeyboardLeft]);
        assert!(!s.is_waiting());
        assert_eq!(s.unplugged(Gamepad(7), false), None);
    }

    #[test]
    fn a_pad_unplugged_in_a_match_pauses_it_until_it_comes_back() {
        let mut s = Seats::new();
        s.join(KeyboardLeft);
        s.join(Gamepad(1));
        assert_eq!(s.unplugged(Gamepad(1), true), Some(1));
        assert!(s.is_waiting());
        let msg = s.waiting_message().unwrap();
        assert!(msg.starts_with("Player 2's gamepad was unplugged"), "{msg}");
        // Another pad that holds no seat is not the one that was lost.
        assert_eq!(s.plugged(Gamepad(4)), None);
        assert!(s.is_waiting());
        // A seated player's fire does not take over the waiting seat.
        assert_eq!(s.take_over(KeyboardLeft), None);
        assert_eq!(s.plugged(Gamepad(1)), Some(1));
        assert!(!s.is_waiting() && s.waiting_message().is_none());
        assert_eq!(s.devices(), [KeyboardLeft, Gamepad(1)]);
    }

    #[test]
    fn another_device_can_take_over_a_lost_seat() {
        let mut s = Seats::new();
        s.join(Gamepad(0));
        s.join(Gamepad(1));
        s.unplugged(Gamepad(0), true);
        s.unplugged(Gamepad(1), true);
        assert!(s
            .waiting_message()
            .unwrap()
            .starts_with("The gamepads of Player 1 and Player 2 were unplugged"));
        assert_eq!(s.take_over(KeyboardRight), Some(0));
        assert_eq!(s.devices(), [KeyboardRight, Gamepad(1)]);
        assert!(s.is_waiting());
        assert_eq!(s.take_over(KeyboardRight), None);
        assert_eq!(s.take_over(KeyboardLeft), Some(1));
        assert!(!s.is_waiting());
        assert_eq!(s.take_over(Gamepad(9)), None);
    }
}
