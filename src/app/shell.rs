//! The game's state outside the simulation: the screens ([`Flow`]), the player's settings
//! and progress and their files, sound, the keys held, the level in play and the UI's own
//! state. The window drives it; it carries out the flow's commands.

use super::catalog::{find_levels_dir, Catalog};
use super::flow::{Command, Flow};
use super::match_menu::scan_match_levels;
use super::music::MusicHook;
use super::progress::{progress_path, Progress};
use super::session::Session;
use super::settings::{settings_path, Settings};
use crate::audio::Audio;
use crate::game::Held;
use crate::level::{load_level, LoadedLevel, WorldKind};
use crate::render::RockMesh;
use crate::ui::UiState;
use std::path::PathBuf;

/// Everything the window keeps besides its graphics.
pub struct Shell {
    /// The screens.
    pub flow: Flow,
    /// The player's settings.
    pub settings: Settings,
    settings_path: Option<PathBuf>,
    /// The settings as last written.
    saved_settings: Settings,
    progress_path: Option<PathBuf>,
    /// Sound.
    pub audio: Audio,
    /// Keys held down.
    pub held: Held,
    /// The level in play, if any.
    pub session: Option<Session>,
    /// The menus' own state.
    pub ui: UiState,
    /// The music's director, moved on once a frame.
    music: MusicHook,
}

impl Shell {
    /// Loads the settings, progress and level list; starts in `level` if given (for
    /// `players` players: two share the keyboard, left and right side), else on the title
    /// screen. Unusable files become notices for the player.
    pub fn open(level: Option<LoadedLevel>, players: usize) -> Result<Shell, String> {
        let mut ui = UiState::default();
        let settings_path = settings_path();
        let settings = match &settings_path {
            Some(path) => {
                let loaded = Settings::load(path);
                if let Some(notice) = loaded.notice {
                    eprintln!("cavefly: {notice}");
                    ui.notices.sticky(notice);
                }
                loaded.settings
            }
            None => Settings::default(),
        };
        let progress_path = progress_path();
        let progress = match &progress_path {
            Some(path) => {
                let loaded = Progress::load(path);
                if let Some(notice) = loaded.notice {
                    eprintln!("cavefly: {notice}");
                    ui.notices.sticky(notice);
                }
                loaded.progress
            }
            None => Progress::new(),
        };
        let catalog = match find_levels_dir().and_then(|d| Catalog::scan(&d)) {
            Ok(c) => c,
            Err(e) => {
                ui.notices.sticky(e);
                Catalog {
                    dir: PathBuf::from("levels"),
                    levels: Vec::new(),
                }
            }
        };
        let (flow, session) = match level {
            Some(level) => {
                let path = level.file.clone();
                let session = Session::for_players(level, players)?;
                let mut flow = Flow::playing(catalog, progress, path);
                if players > 1 {
                    flow.seat_keyboard_match();
                }
                (flow, Some(session))
            }
            None => (Flow::title(catalog, progress), None),
        };
        Ok(Shell {
            flow,
            audio: Audio::open(settings.master_volume, settings.effects_volume),
            saved_settings: settings.clone(),
            settings,
            settings_path,
            progress_path,
            held: Held::default(),
            session,
            ui,
            music: MusicHook::default(),
        })
    }

    /// Carries out `command` (not [`Command::Exit`], which is the window's); returns the
    /// rock of a newly started level for the renderer. Failures become notices.
    pub fn run(&mut self, command: Command, now: f64) -> Option<RockMesh> {
        match command {
            Command::StartLevel(path) => return self.start(&path, 1),
            Command::StartMatch(path) => {
                let players = self.flow.match_menu.seats.devices().len().max(2);
                return self.start(&path, players);
            }
            Command::ListMatchLevels => {
                let (levels, problems) = scan_match_levels(&self.flow.catalog.dir);
                self.flow.match_menu.levels = levels;
                self.flow.match_menu.problems = problems;
            }
            Command::RestartLevel => {
                if let Some(Err(e)) = self.session.as_mut().map(Session::restart) {
                    self.ui
                        .notices
                        .sticky(format!("The level could not restart: {e}"));
                }
            }
            Command::SaveProgress => {
                if let Some(path) = &self.progress_path {
                    if let Err(e) = self.flow.progress.save(path) {
                        eprintln!("cavefly: {e}");
                        self.ui
                            .notices
                            .toast(format!("Progress not saved: {e}"), now);
                    }
                }
            }
            Command::SaveReplay => match self.session.as_ref().map(Session::save_replay) {
                Some(Ok(path)) => self
                    .ui
                    .notices
                    .toast(format!("Replay saved to {}", path.display()), now),
                Some(Err(e)) => self.ui.notices.toast(format!("Replay not saved: {e}"), now),
                None => {}
            },
            Command::Exit => {}
        }
        None
    }

    /// Loads the level at `path` and starts it for `players` players; returns its rock.
    /// A level that cannot start is reported and the title shown again.
    fn start(&mut self, path: &std::path::Path, players: usize) -> Option<RockMesh> {
        let started = load_level(path)
            .map_err(|e| e.to_string())
            .and_then(|l| Session::for_players(l, players));
        match started {
            Ok(s) => {
                let rock = s.rock.clone();
                self.session = Some(s);
                Some(rock)
            }
            Err(e) => {
                self.ui
                    .notices
                    .sticky(format!("The level could not start: {e}"));
                self.session = None;
                self.flow.apply(super::flow::Intent::QuitToTitle);
                Some(RockMesh::default())
            }
        }
    }

    /// Moves the music on to frame time `now` (s): the theme of the screen and of the
    /// loaded level's world (or of the online match's, `online`), crossfaded, ducked under
    /// menus, at the music volume.
    pub fn music_frame(&mut self, now: f64, online: Option<WorldKind>) {
        let world = self
            .session
            .as_ref()
            .map(|s| s.level().level.world.kind)
            .or(online);
        let gains = self
            .music
            .frame(self.flow.screen, world, &self.settings, now);
        self.audio.set_music(gains);
    }

    /// Applies settings the player just changed that take effect at once (volumes).
    pub fn settings_changed(&mut self, before: &Settings) {
        let s = &self.settings;
        if s.master_volume != before.master_volume || s.effects_volume != before.effects_volume {
            self.audio.set_volumes(s.master_volume, s.effects_volume);
        }
    }

    /// Writes the settings if they changed since last written; a failure becomes a notice.
    pub fn save_settings(&mut self, now: f64) {
        if self.settings == self.saved_settings {
            return;
        }
        if let Some(path) = &self.settings_path {
            match self.settings.save(path) {
                Ok(()) => self.saved_settings = self.settings.clone(),
                Err(e) => {
                    eprintln!("cavefly: {e}");
                    self.ui
                        .notices
                        .toast(format!("Settings not saved: {e}"), now);
                }
            }
        }
    }
}
