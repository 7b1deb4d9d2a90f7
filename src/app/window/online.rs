//! The window's side of online play: starting it from the title or the command line,
//! stepping it every frame with the local player's keys and gamepad, Escape (cancel, or
//! ask before leaving a match), and carrying out what it asks (the agreed level's rock,
//! back to the title with why).

use super::App;
use crate::app::flow::{Intent, Screen};
use crate::app::online_play::{OnlineFrame, OnlinePlay};
use crate::audio::synth::Effect;
use crate::game::Hud;
use crate::render::{Snapshot, View};
use crate::screens::online::{OnlineIntent, OnlineScreen};
use crate::ui::online::OnlineView;
use winit::event_loop::ActiveEventLoop;

impl App {
    /// Opens online play on the title's levels folder (the flow is on its online screen).
    pub(super) fn open_online(&mut self) {
        self.online = Some(OnlinePlay::new(&self.shell.flow.catalog.dir));
        self.shell.ui.online_form.asking_leave = false;
    }

    /// Starts online play from the command line: the title, then the online screen with
    /// this choice already made.
    pub(super) fn start_online(&mut self, event_loop: &ActiveEventLoop, intent: OnlineIntent) {
        self.choose(event_loop, Intent::Online);
        self.online_choose(event_loop, intent);
    }

    /// The player chose on the online screens.
    pub(super) fn online_choose(&mut self, event_loop: &ActiveEventLoop, intent: OnlineIntent) {
        let Some(online) = &mut self.online else {
            return;
        };
        let frame = online.choose(intent);
        self.shell.audio.play(Effect::UiBlip, 0.6);
        self.online_frame(event_loop, frame);
    }

    /// Whether an online match is being played (not its connection or result).
    pub(super) fn online_playing(&self) -> bool {
        matches!(
            self.online.as_ref().map(|o| &o.screen),
            Some(OnlineScreen::Playing(_))
        )
    }

    /// Escape (or a pad's Start or Back) online: cancels an attempt, asks before leaving a
    /// match (again: keeps flying), leaves a result.
    pub(super) fn online_escape(&mut self, event_loop: &ActiveEventLoop) {
        if self.online_playing() {
            let form = &mut self.shell.ui.online_form;
            form.asking_leave = !form.asking_leave;
        } else {
            self.online_choose(event_loop, OnlineIntent::Cancel);
        }
    }

    /// Moves online play on by `elapsed` seconds.
    pub(super) fn step_online(&mut self, event_loop: &ActiveEventLoop, elapsed: f64) {
        if self.shell.flow.screen != Screen::Online {
            return;
        }
        let pad = self.pads.actions(&self.shell.settings);
        let keys = self.shell.held.actions(&self.shell.settings.bindings);
        let actions = crate::app::pad::merge(keys, pad);
        let Some(online) = &mut self.online else {
            return;
        };
        let was_playing = matches!(online.screen, OnlineScreen::Playing(_));
        let frame = online.advance(elapsed, &actions, &self.shell.audio);
        let now_playing = matches!(online.screen, OnlineScreen::Playing(_));
        if now_playing && !was_playing {
            if let OnlineScreen::Playing(info) = &online.screen {
                eprintln!(
                    "cavefly: online: playing {} with {} as player {}",
                    info.level,
                    info.peer,
                    online.local_player() + 1
                );
            }
        }
        if let OnlineScreen::Over { result, .. } = &online.screen {
            if was_playing {
                eprintln!("cavefly: online: match over: {result}");
                self.shell.audio.set_loop(Effect::ThrustRumble, 0.0);
            }
        }
        self.online_frame(event_loop, frame);
    }

    /// Carries out what online play asked for.
    fn online_frame(&mut self, event_loop: &ActiveEventLoop, frame: OnlineFrame) {
        if let (Some(rock), Some(g)) = (&frame.rock, &mut self.graphics) {
            g.renderer.set_rock(&g.gpu.device, rock);
        }
        if let Some(message) = frame.to_title {
            if let Some(m) = &message {
                eprintln!("cavefly: online: {m}");
                self.shell.ui.notices.sticky(m.clone());
            }
            self.choose(event_loop, Intent::QuitToTitle);
        }
    }
}

/// What the online screens are drawn from, while they show.
pub(super) fn online_view<'a>(
    online: Option<&'a OnlinePlay>,
    flow: &'a crate::app::flow::Flow,
) -> Option<OnlineView<'a>> {
    let online = online?;
    Some(OnlineView {
        screen: &online.screen,
        levels: &flow.match_menu.levels,
        levels_dir: &flow.catalog.dir,
        local: online.local_addr(),
    })
}

/// The online match to draw, if one runs: the local player's view, the snapshot
/// between the last two steps, and their HUD.
pub(super) fn online_scene(
    online: Option<&OnlinePlay>,
    width: u32,
    height: u32,
) -> Option<(View, Snapshot, Hud)> {
    let online = online?;
    let sim = online.sim()?;
    let snap = Snapshot::capture(sim, online.clock.alpha(), &online.effects);
    let hud = sim.hud_of(online.local_player());
    Some((online.camera.view(width, height), snap, hud))
}
