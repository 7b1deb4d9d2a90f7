//! Messages for the player at the bottom of the screen: sticky ones (a settings or progress
//! file that was unusable, a level that failed to load) stay until dismissed; passing ones
//! (a gamepad plugged in) fade after a few seconds.

use super::theme::{self, AMBER, CYAN};
use egui::{Align2, RichText, Vec2};

/// Seconds a passing message stays.
pub const TOAST_SECONDS: f64 = 4.0;
/// Most passing messages showing at once: a newer one pushes out the oldest, so a burst
/// (a replay saved at every press of the key) never stacks up the screen.
pub const MOST_TOASTS: usize = 3;

/// `text` with its first letter capitalised (messages shared with the terminal start in
/// lower case there).
fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Notice {
    text: String,
    /// When it goes by itself (seconds of the UI clock); none: when dismissed.
    until: Option<f64>,
}

/// The messages showing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Notices {
    items: Vec<Notice>,
}

impl Notices {
    /// Adds a message that stays until the player dismisses it.
    pub fn sticky(&mut self, text: impl Into<String>) {
        self.items.push(Notice {
            text: sentence(text.into()),
            until: None,
        });
    }

    /// Adds a message that goes by itself [`TOAST_SECONDS`] after `now`. The same text
    /// showing already is moved to the end and stays on from `now`, rather than shown
    /// twice; past [`MOST_TOASTS`] the oldest passing message goes.
    pub fn toast(&mut self, text: impl Into<String>, now: f64) {
        let text = sentence(text.into());
        // Gone: passing messages over by now, and the one this replaces.
        self.items
            .retain(|n| n.until.is_none_or(|t| now < t && n.text != text));
        self.items.push(Notice {
            text,
            until: Some(now + TOAST_SECONDS),
        });
        let passing = self.items.iter().filter(|n| n.until.is_some()).count();
        for _ in MOST_TOASTS..passing {
            if let Some(oldest) = self.items.iter().position(|n| n.until.is_some()) {
                self.items.remove(oldest);
            }
        }
    }

    /// The texts showing at `now`, oldest first.
    pub fn showing(&self, now: f64) -> Vec<&str> {
        self.items
            .iter()
            .filter(|n| n.until.is_none_or(|t| now < t))
            .map(|n| n.text.as_str())
            .collect()
    }

    /// Draws them at `now` and forgets those gone or dismissed.
    pub fn draw(&mut self, ctx: &egui::Context, now: f64) {
        self.items.retain(|n| n.until.is_none_or(|t| now < t));
        if self.items.is_empty() {
            return;
        }
        let mut dismissed = None;
        egui::Area::new(egui::Id::unique("notices"))
            .anchor(Align2::CENTER_BOTTOM, Vec2::new(0.0, -24.0))
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                for (i, n) in self.items.iter().enumerate() {
                    egui::Frame::new()
                        .fill(theme::PANEL)
                        .corner_radius(8)
                        .inner_margin(10)
                        .show(ui, |ui| {
                            ui.set_max_width(720.0);
                            ui.horizontal_wrapped(|ui| {
                                let color = if n.until.is_none() { AMBER } else { CYAN };
                                ui.label(RichText::new(&n.text).color(color));
                                if n.until.is_none() && ui.button("OK").clicked() {
                                    dismissed = Some(i);
                                }
                            });
                        });
                }
            });
        if let Some(i) = dismissed {
            self.items.remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toasts_expire_and_sticky_notices_stay() {
        let mut n = Notices::default();
        n.sticky("settings were unusable");
        n.toast("Gamepad connected", 10.0);
        assert_eq!(n.showing(11.0).len(), 2);
        assert_eq!(n.showing(10.0 + TOAST_SECONDS), ["Settings were unusable"]);
        assert_eq!(n.showing(1e9), ["Settings were unusable"]);
    }

    #[test]
    fn a_burst_of_toasts_shows_the_newest_few_once_each() {
        let mut n = Notices::default();
        n.sticky("progress file was unusable");
        for i in 1..=10 {
            n.toast(
                format!("replay saved to run-{i:03}.ron"),
                20.0 + 0.1 * i as f64,
            );
        }
        assert_eq!(
            n.showing(21.5),
            [
                "Progress file was unusable",
                "Replay saved to run-008.ron",
                "Replay saved to run-009.ron",
                "Replay saved to run-010.ron"
            ]
        );
        // The same message again: shown once, last, for the full time from now.
        n.toast("replay saved to run-009.ron", 23.0);
        assert_eq!(
            n.showing(23.0 + TOAST_SECONDS - 0.01),
            ["Progress file was unusable", "Replay saved to run-009.ron"]
        );
        // A sticky notice is never pushed out by passing ones.
        for i in 0..20 {
            n.toast(format!("gamepad {i}"), 30.0);
        }
        assert_eq!(n.showing(30.0).len(), 1 + MOST_TOASTS);
        assert_eq!(n.showing(30.0)[0], "Progress file was unusable");
    }
}
