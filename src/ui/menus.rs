//! The menus over a frozen level: pause (resume, restart, settings, title, quit), and the
//! win and lose screens that follow [`crate::game::Outcome`].

use super::hud::format_countdown;
use super::theme::{self, AMBER, CYAN, DIM, GREEN, RED};
use crate::screens::flow::{Intent, WinInfo};
use egui::RichText;

/// A column of buttons; the first takes keyboard focus when `focus` is set. Returns the
/// intent of the button clicked.
fn buttons(ui: &mut egui::Ui, items: &[(&str, Intent)], focus: bool) -> Option<Intent> {
    let mut chosen = None;
    ui.vertical_centered(|ui| {
        for (i, (text, intent)) in items.iter().enumerate() {
            let r = theme::menu_button(ui, text);
            if focus && i == 0 {
                r.request_focus();
            }
            if r.clicked() {
                chosen = Some(*intent);
            }
        }
    });
    chosen
}

/// The pause menu.
pub fn pause(ctx: &egui::Context, focus: bool) -> Option<Intent> {
    theme::veil(ctx);
    theme::menu_window("Paused")
        .show(ctx, |ui| {
            let chosen = buttons(
                ui,
                &[
                    ("Resume", Intent::Resume),
                    ("Restart level", Intent::Restart),
                    ("Settings", Intent::OpenSettings),
                    ("Save replay (F5)", Intent::SaveReplay),
                    ("Quit to title", Intent::QuitToTitle),
                    ("Quit game (Q)", Intent::Quit),
                ],
                focus,
            );
            ui.vertical_centered(|ui| {
                ui.label(RichText::new("Esc or Start resumes").small().color(DIM));
            });
            chosen
        })
        .and_then(|r| r.inner.flatten())
}

/// The win screen.
pub fn won(ctx: &egui::Context, info: &WinInfo, focus: bool) -> Option<Intent> {
    theme::veil(ctx);
    let title = if info.winner.is_some() {
        "Match over"
    } else {
        "Level complete"
    };
    theme::menu_window(title)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                if let Some(w) = info.winner {
                    ui.label(
                        RichText::new(format!("Player {} wins", w + 1))
                            .size(34.0)
                            .color(AMBER),
                    );
                }
                ui.label(
                    RichText::new(format!("Score {}", info.score))
                        .size(34.0)
                        .color(GREEN),
                );
                let best = match (info.new_best, info.previous_best) {
                    (true, Some(old)) => Some((format!("New best! (was {old})"), AMBER)),
                    (true, None) => Some(("First win: a new best".to_string(), AMBER)),
                    (false, Some(old)) => Some((format!("Best {old}"), DIM)),
                    (false, None) => None,
                };
                if let Some((text, color)) = best {
                    ui.label(RichText::new(text).color(color));
                }
                if let Some(ms) = info.time_ms {
                    let mut text = format!("Time {}", clock_time(ms));
                    if info.new_best_time {
                        text.push_str(" · best time");
                    }
                    if let Some(m) = info.medal {
                        text.push_str(&format!(" · {} medal", m.label()));
                    }
                    ui.label(RichText::new(text).color(CYAN));
                }
                if info.next.is_some() {
                    ui.label(RichText::new("The next level is open.").color(CYAN));
                }
            });
            ui.add_space(8.0);
            let mut items = Vec::new();
            if info.next.is_some() {
                items.push(("Next level", Intent::NextLevel));
            }
            items.push(("Play again", Intent::Restart));
            items.push(("Save replay (F5)", Intent::SaveReplay));
            items.push(("Back to title", Intent::QuitToTitle));
            buttons(ui, &items, focus)
        })
        .and_then(|r| r.inner.flatten())
}

/// The lose screen.
pub fn lost(ctx: &egui::Context, focus: bool) -> Option<Intent> {
    theme::veil(ctx);
    theme::menu_window("Ship lost")
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(RichText::new("The cave wins this time.").color(RED));
            });
            ui.add_space(8.0);
            buttons(
                ui,
                &[
                    ("Try again", Intent::Restart),
                    ("Save replay (F5)", Intent::SaveReplay),
                    ("Back to title", Intent::QuitToTitle),
                ],
                focus,
            )
        })
        .and_then(|r| r.inner.flatten())
}

/// A time for the player, to the nearest tenth: `m:ss.s`, or `s.s s` under a minute (the
/// HUD's [`format_countdown`] with the unit).
pub fn clock_time(ms: u64) -> String {
    let tenths = (ms + 50) / 100;
    // Half a tenth above it, so the countdown's flooring keeps the rounded tenth.
    let text = format_countdown((tenths as f64 + 0.5) / 10.0);
    if text.contains(':') {
        text
    } else {
        format!("{text} s")
    }
}

#[cfg(test)]
mod tests {
    use super::clock_time;

    #[test]
    fn times_read_as_minutes_seconds_and_tenths() {
        assert_eq!(clock_time(0), "0.0 s");
        assert_eq!(clock_time(9_949), "9.9 s");
        assert_eq!(clock_time(9_950), "10.0 s");
        assert_eq!(clock_time(59_960), "1:00.0");
        assert_eq!(clock_time(83_420), "1:23.4");
        assert_eq!(clock_time(3_600_000), "60:00.0");
    }
}
