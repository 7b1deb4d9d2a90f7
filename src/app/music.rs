//! The music's hook in the window: once a frame, the screen showing and the world of the
//! level loaded pick the scene ([`scene`]), the director moves on by the frame's time and
//! the sound output takes its gains (the shell's `music_frame` calls it).

use super::flow::{Screen, SettingsBack};
use super::settings::Settings;
use crate::audio::director::{Director, Scene};
use crate::audio::music::Theme;
use crate::level::WorldKind;

/// The longest frame time the director is moved on by, s (a stall does not skip a fade).
const LONGEST_FRAME: f64 = 0.1;

/// The music a screen asks for: the title's theme on the title and its menus; the world's
/// theme while a level is flown (alone or as a match), stepping back under the menus and
/// screens over the level (pause, settings from pause, a match waiting for a gamepad, won,
/// lost). `world` is the loaded level's world, if one is loaded.
pub fn scene(screen: Screen, world: Option<WorldKind>) -> Scene {
    let title = Scene {
        theme: Theme::Title,
        ducked: false,
    };
    let level = |ducked| match world {
        Some(w) => Scene {
            theme: Theme::of_world(w),
            ducked,
        },
        None => title,
    };
    match screen {
        Screen::Title
        | Screen::TwoPlayers
        | Screen::Settings {
            back: SettingsBack::Title,
        } => title,
        // Online: the title's theme on its forms, the world's once a match is loaded.
        Screen::Playing | Screen::Online => level(false),
        Screen::Paused
        | Screen::WaitingForDevice
        | Screen::Won(_)
        | Screen::Lost
        | Screen::Settings {
            back: SettingsBack::Paused,
        } => level(true),
    }
}

/// The director and the time of the frame it last saw.
#[derive(Debug, Default)]
pub struct MusicHook {
    director: Director,
    last: Option<f64>,
}

impl MusicHook {
    /// Moves the music on to frame time `now` (s, any clock that only goes forward) and
    /// gives each theme's gain for the sound output.
    pub fn frame(
        &mut self,
        screen: Screen,
        world: Option<WorldKind>,
        settings: &Settings,
        now: f64,
    ) -> [f32; 4] {
        let dt = self
            .last
            .map_or(0.0, |l| (now - l).clamp(0.0, LONGEST_FRAME));
        self.last = Some(now);
        self.director.update(scene(screen, world), dt as f32);
        self.director
            .gains(settings.music_volume, settings.master_volume)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::flow::WinInfo;

    #[test]
    fn each_screen_gets_its_theme_and_menus_over_a_level_duck_it() {
        let title = Scene {
            theme: Theme::Title,
            ducked: false,
        };
        let ice = |ducked| Scene {
            theme: Theme::Ice,
            ducked,
        };
        let world = Some(WorldKind::Ice);
        for s in [Screen::Title, Screen::TwoPlayers] {
            assert_eq!(scene(s, None), title);
            // A level left loaded behind the title does not change its music.
            assert_eq!(scene(s, world), title);
        }
        let from_title = Screen::Settings {
            back: SettingsBack::Title,
        };
        assert_eq!(scene(from_title, None), title);
        assert_eq!(scene(Screen::Playing, world), ice(false));
        assert_eq!(
            scene(Screen::Playing, Some(WorldKind::Reactor)).theme,
            Theme::Reactor
        );
        let win = WinInfo {
            score: 1,
            previous_best: None,
            new_best: true,
            next: None,
            winner: None,
            time_ms: None,
            new_best_time: false,
            medal: None,
        };
        let from_pause = Screen::Settings {
            back: SettingsBack::Paused,
        };
        for s in [
            Screen::Paused,
            from_pause,
            Screen::WaitingForDevice,
            Screen::Won(win),
            Screen::Lost,
        ] {
            assert_eq!(scene(s, world), ice(true), "{s:?}");
        }
        // No level loaded (it failed to start): the title's music, not a silence.
        assert_eq!(scene(Screen::Playing, None), title);
    }

    #[test]
    fn the_hook_times_the_crossfade_by_its_frames_and_applies_the_volumes() {
        let mut hook = MusicHook::default();
        let settings = Settings {
            master_volume: 0.5,
            music_volume: 0.8,
            ..Settings::default()
        };
        let g = hook.frame(Screen::Title, None, &settings, 100.0);
        assert!((g[0] - 0.4).abs() < 1e-6, "{g:?}");
        let mines = Some(WorldKind::Mines);
        // Frames of a sixtieth of a second: after 0.75 s, half way through the crossfade.
        let mut g = g;
        for i in 1..=45 {
            g = hook.frame(Screen::Playing, mines, &settings, 100.0 + i as f64 / 60.0);
        }
        let half = 0.4 * std::f32::consts::FRAC_1_SQRT_2;
        assert!(
            (g[0] - half).abs() < 0.01 && (g[1] - half).abs() < 0.01,
            "{g:?}"
        );
        // A stall of ten seconds moves it on by a tenth only.
        let g = hook.frame(Screen::Playing, mines, &settings, 110.0);
        assert!(g[0] > 0.2 && g[1] < 0.4, "{g:?}");
    }
}
