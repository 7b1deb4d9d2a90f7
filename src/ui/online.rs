//! The online screens: the form (host a level on a port with an input delay, or join an
//! address), waiting for a joiner or the host, the connection (the peer's address, the
//! level, ping, input delay and the opening round trips), the strip shown over the match,
//! the "leave the match?" question, and the result. Drawn from [`OnlineScreen`]; what the
//! player chose goes back as an [`OnlineIntent`].

use super::theme::{self, AMBER, CYAN, DIM, GREEN};
use crate::screens::match_menu::MatchLevel;
use crate::screens::online::{
    OnlineIntent, OnlineScreen, PeerInfo, DEFAULT_INPUT_DELAY, DEFAULT_PORT, MAX_INPUT_DELAY,
};
use egui::RichText;
use std::path::Path;

/// What the player has typed and picked on the form (kept between frames).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineForm {
    /// The port to host on.
    pub port: String,
    /// The host's address, to join.
    pub address: String,
    /// The level to host, as an index of the levels offered.
    pub level: usize,
    /// The input delay to offer, in steps.
    pub input_delay: u8,
    /// The player pressed Escape during the match: ask before leaving.
    pub asking_leave: bool,
}

impl Default for OnlineForm {
    fn default() -> OnlineForm {
        OnlineForm {
            port: DEFAULT_PORT.to_string(),
            address: String::new(),
            level: 0,
            input_delay: DEFAULT_INPUT_DELAY,
            asking_leave: false,
        }
    }
}

/// What the online screens are drawn from.
pub struct OnlineView<'a> {
    /// The screen showing.
    pub screen: &'a OnlineScreen,
    /// The levels two can play (the host picks one).
    pub levels: &'a [MatchLevel],
    /// The folder the levels' names are relative to.
    pub levels_dir: &'a Path,
    /// The local address in use, once there is one.
    pub local: Option<std::net::SocketAddr>,
}

/// A level's name as the host offers it: its path under the levels folder, with `/`.
pub fn offer_name(levels_dir: &Path, level: &Path) -> String {
    let rel = level.strip_prefix(levels_dir).unwrap_or(level);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Draws the online screen showing; returns what the player chose.
pub fn draw(
    ctx: &egui::Context,
    view: &OnlineView<'_>,
    form: &mut OnlineForm,
    focus: bool,
) -> Option<OnlineIntent> {
    match view.screen {
        OnlineScreen::Form { problem, .. } => {
            theme::veil(ctx);
            window(ctx, "Online", |ui| {
                form_panel(ui, view, form, problem, focus)
            })
        }
        OnlineScreen::Hosting { port } => {
            theme::veil(ctx);
            let lines = vec![
                (format!("Hosting on UDP port {port}."), CYAN),
                (
                    "Waiting for a player to join. They type this machine's address and the port; from outside your network the port must be forwarded on the router and allowed through the firewall.".to_string(),
                    DIM,
                ),
            ];
            window(ctx, "Waiting for a player", |ui| waiting(ui, &lines, focus))
        }
        OnlineScreen::Joining { host } => {
            theme::veil(ctx);
            let lines = vec![(format!("Asking the host at {host} for its level…"), CYAN)];
            window(ctx, "Joining", |ui| waiting(ui, &lines, focus))
        }
        OnlineScreen::Connecting(info) => {
            theme::veil(ctx);
            window(ctx, "Connecting", |ui| {
                connection(ui, info, view.local);
                let (done, total) = info.synced;
                ui.label(RichText::new(format!("Synchronising: {done} of {total}")).color(AMBER));
                cancel(ui, focus)
            })
        }
        OnlineScreen::Playing(info) => {
            strip(ctx, info);
            if form.asking_leave {
                return window(ctx, "Leave the match?", |ui| {
                    ui.label(RichText::new("The match goes on while you decide.").color(DIM));
                    ui.vertical_centered(|ui| {
                        if theme::menu_button(ui, "Keep flying").clicked() {
                            form.asking_leave = false;
                        }
                        let leave = theme::menu_button(ui, "Leave the match");
                        if focus {
                            leave.request_focus();
                        }
                        leave.clicked().then_some(OnlineIntent::Cancel)
                    })
                    .inner
                });
            }
            None
        }
        OnlineScreen::Over { info, result } => {
            theme::veil(ctx);
            window(ctx, "Match over", |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(result).size(28.0).strong().color(GREEN));
                });
                connection(ui, info, view.local);
                ui.vertical_centered(|ui| {
                    let back = theme::menu_button(ui, "Back to the title");
                    if focus {
                        back.request_focus();
                    }
                    back.clicked().then_some(OnlineIntent::Cancel)
                })
                .inner
            })
        }
    }
}

fn window(
    ctx: &egui::Context,
    title: &str,
    body: impl FnOnce(&mut egui::Ui) -> Option<OnlineIntent>,
) -> Option<OnlineIntent> {
    theme::menu_window(title)
        .show(ctx, body)
        .and_then(|r| r.inner.flatten())
}

fn form_panel(
    ui: &mut egui::Ui,
    view: &OnlineView<'_>,
    form: &mut OnlineForm,
    problem: &Option<String>,
    focus: bool,
) -> Option<OnlineIntent> {
    let mut chosen = None;
    ui.label(RichText::new("Host a match").size(20.0).color(CYAN));
    if view.levels.is_empty() {
        ui.label(RichText::new("No level for two players was found.").color(AMBER));
    } else {
        form.level = form.level.min(view.levels.len() - 1);
        let name = |l: &MatchLevel| {
            let modes: Vec<&str> = l.modes.iter().map(|m| m.label()).collect();
            format!("{} ({})", l.name, modes.join(", "))
        };
        egui::ComboBox::from_label("Level")
            .selected_text(name(&view.levels[form.level]))
            .show_ui(ui, |ui| {
                for (i, l) in view.levels.iter().enumerate() {
                    ui.selectable_value(&mut form.level, i, name(l));
                }
            });
    }
    ui.horizontal(|ui| {
        ui.label("UDP port");
        ui.add(egui::TextEdit::singleline(&mut form.port).desired_width(80.0));
    });
    ui.add(
        egui::Slider::new(&mut form.input_delay, 0..=MAX_INPUT_DELAY).text("input delay (steps)"),
    );
    ui.label(
        RichText::new("More delay hides more of a long round trip, with fewer corrections.")
            .small()
            .color(DIM),
    );
    let host = ui.add_enabled(!view.levels.is_empty(), egui::Button::new("Host"));
    if focus {
        host.request_focus();
    }
    if host.clicked() {
        let level = view
            .levels
            .get(form.level)
            .map_or_else(String::new, |l| offer_name(view.levels_dir, &l.path));
        chosen = Some(OnlineIntent::Host {
            port: form.port.clone(),
            level,
            input_delay: form.input_delay,
        });
    }
    ui.separator();
    ui.label(RichText::new("Join a match").size(20.0).color(CYAN));
    ui.horizontal(|ui| {
        ui.label("Host address");
        let edit = egui::TextEdit::singleline(&mut form.address)
            .hint_text("192.168.1.10:7000")
            .desired_width(200.0);
        let r = ui.add(edit);
        if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            chosen = Some(OnlineIntent::Join(form.address.clone()));
        }
    });
    if ui.button("Join").clicked() {
        chosen = Some(OnlineIntent::Join(form.address.clone()));
    }
    if let Some(p) = problem {
        ui.label(RichText::new(p).color(AMBER));
    }
    ui.separator();
    ui.vertical_centered(|ui| {
        if theme::menu_button(ui, "Back").clicked() {
            chosen = Some(OnlineIntent::Cancel);
        }
        ui.label(RichText::new("Esc goes back").small().color(DIM));
    });
    chosen
}

fn waiting(
    ui: &mut egui::Ui,
    lines: &[(String, egui::Color32)],
    focus: bool,
) -> Option<OnlineIntent> {
    for (text, color) in lines {
        ui.label(RichText::new(text).color(*color));
    }
    ui.spinner();
    cancel(ui, focus)
}

fn cancel(ui: &mut egui::Ui, focus: bool) -> Option<OnlineIntent> {
    ui.vertical_centered(|ui| {
        let r = theme::menu_button(ui, "Cancel");
        if focus {
            r.request_focus();
        }
        r.clicked().then_some(OnlineIntent::Cancel)
    })
    .inner
}

fn ping_text(info: &PeerInfo) -> String {
    info.ping_ms
        .map_or_else(|| "measuring…".to_string(), |ms| format!("{ms} ms"))
}

fn connection(ui: &mut egui::Ui, info: &PeerInfo, local: Option<std::net::SocketAddr>) {
    egui::Grid::new("connection").show(ui, |ui| {
        ui.label("Peer");
        ui.label(RichText::new(info.peer.to_string()).color(CYAN));
        ui.end_row();
        if let Some(addr) = local {
            ui.label("This side");
            ui.label(addr.to_string());
            ui.end_row();
        }
        ui.label("Level");
        ui.label(&info.level);
        ui.end_row();
        ui.label("Ping");
        ui.label(ping_text(info));
        ui.end_row();
        ui.label("Input delay");
        ui.label(format!("{} steps", info.input_delay));
        ui.end_row();
    });
}

/// The line over a running match: the peer, ping and input delay.
fn strip(ctx: &egui::Context, info: &PeerInfo) {
    // At the bottom: the top holds the match's own figures.
    egui::Area::new(egui::Id::unique("online-strip"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -6.0))
        .show(ctx, |ui| {
            let text = format!(
                "Online · {} · ping {} · delay {} · Esc leaves",
                info.peer,
                ping_text(info),
                info.input_delay
            );
            egui::Frame::new()
                .fill(theme::PANEL)
                .corner_radius(6)
                .inner_margin(4)
                .show(ui, |ui| {
                    let label = egui::Label::new(RichText::new(text).small().color(DIM))
                        .wrap_mode(egui::TextWrapMode::Extend);
                    ui.add(label);
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_offered_by_its_path_under_the_levels_folder() {
        let dir = Path::new("/games/cavefly/levels");
        assert_eq!(
            offer_name(dir, &dir.join("arenas").join("race_ring.ron")),
            "arenas/race_ring.ron"
        );
        assert_eq!(offer_name(dir, &dir.join("01_first.ron")), "01_first.ron");
    }
}
