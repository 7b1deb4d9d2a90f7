//! The window's fixed steps of a level: the time since the last frame, every player's
//! actions (keyboard sides, gamepads, or a replay's tracks), rewinding, and what a step
//! tells the screens (a lost ship, a lap, the level's end).

use super::App;
use crate::app::clock::{take_steps, STEP_BUDGET};
use crate::audio::synth::Effect;
use crate::game::{Actions, Control};
use crate::screens::seats::Device;
use std::time::Instant;
use winit::event_loop::ActiveEventLoop;

impl App {
    /// Seconds since the last frame (none for the first), which also moves the title's
    /// camera and the frame rate the overlay shows.
    pub(super) fn tick(&mut self) -> f64 {
        let now = Instant::now();
        let elapsed = self.last_frame.map_or(0.0, |t| (now - t).as_secs_f64());
        self.last_frame = Some(now);
        if elapsed > 0.0 {
            let fps = 1.0 / elapsed;
            self.timings.fps += (fps - self.timings.fps) * 0.1;
        }
        self.title_camera.center.x += (elapsed as f32) * 1.5;
        elapsed
    }

    /// Advances the level by `elapsed` seconds, if flying.
    pub(super) fn step_game(&mut self, event_loop: &ActiveEventLoop, elapsed: f64) {
        if !self.shell.flow.is_flying() {
            return;
        }
        let pad = self.pads.actions(&self.shell.settings);
        let settings = &self.shell.settings;
        let rewinding = settings.rewind
            && !self.shell.flow.is_match()
            && (self.shell.held.holds(&settings.bindings, Control::Rewind)
                || self.pads.rewinding(settings));
        let now_s = self.now();
        let mut lost = false;
        let mut laps = Vec::new();
        let Some(s) = &mut self.shell.session else {
            return;
        };
        let due = s.clock.advance(elapsed);
        if rewinding {
            // Back at the speed time runs forward, as far as the buffer reaches.
            s.rewind(due.into());
            self.shell.audio.set_loop(Effect::ThrustRumble, 0.0);
            return;
        }
        let seats = self.shell.flow.match_menu.seats.devices();
        take_steps(due, STEP_BUDGET, Instant::now, || {
            let actions: Vec<Actions> = match &self.options.replay {
                Some(script) => {
                    let mut at = script.get(s.steps()).cloned().unwrap_or_default();
                    at.resize(s.players(), Actions::default());
                    at
                }
                _ if s.players() > 1 => {
                    let held = &self.shell.held;
                    let settings = &self.shell.settings;
                    let of = |seat: usize, d: &Device| match *d {
                        Device::KeyboardLeft => held.actions(&settings.keyboard_left),
                        Device::KeyboardRight => held.actions(&settings.keyboard_right),
                        Device::Gamepad(id) => self.pads.actions_of(id, seat, settings),
                    };
                    seats.iter().enumerate().map(|(i, d)| of(i, d)).collect()
                }
                None => vec![crate::app::pad::merge(
                    self.shell.held.actions(&self.shell.settings.bindings),
                    pad,
                )],
            };
            let began = Instant::now();
            s.step_all(&actions, &self.shell.audio);
            self.timings.step_ms = began.elapsed().as_secs_f64() * 1e3;
            lost |= s.sim().events().contains(&crate::game::GameEvent::ShipLost);
            for e in s.sim().events() {
                if let crate::game::GameEvent::Lap { seconds, .. } = *e {
                    laps.push(seconds);
                }
            }
            self.report.steps += 1;
            s.sim().outcome().is_none()
        });
        self.shell
            .audio
            .set_loop(Effect::ThrustRumble, 0.8 * s.effects.throttle());
        if lost && s.sim().outcome().is_none() && s.players() == 1 {
            self.shell.ui.notices.toast(
                "Ship lost. F5 saves a replay of the run.".to_string(),
                now_s,
            );
        }
        let winner = s.sim().contest().and_then(|c| c.winner);
        let flown = s.sim().steps() as f64 * s.sim().time_step();
        let ended = s.sim().outcome().map(|o| (o, s.sim().hud().score));
        for seconds in laps {
            let commands = self.shell.flow.lap_flown(seconds);
            self.run_commands(event_loop, commands);
        }
        if let Some((outcome, score)) = ended {
            let mut commands = self.shell.flow.level_ended(outcome, score);
            if let Some(w) = winner {
                self.shell.flow.match_won_by(w);
            }
            commands.extend(self.shell.flow.won_in(flown));
            commands.dedup();
            self.run_commands(event_loop, commands);
            self.flying_changed(true);
        }
    }
}
