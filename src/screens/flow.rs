//! The shell's screens and how the player moves between them: title (with the level list),
//! the two-player menu (mode, level, join; see [`super::match_menu`]), online play (its
//! own screens, see [`super::online`]), playing, the pause
//! menu, a match waiting for an unplugged gamepad, settings, and the win and lose screens. Pure state: the window
//! feeds in what the player chose ([`Intent`]) and how a level ended, and carries out the
//! [`Command`]s that come back (load a level, save progress, quit). Tested without a window.

use super::catalog::Catalog;
use super::match_menu::{MatchChoice, MatchMenu, MatchOutcome};
use super::progress::{Medal, Progress};
use super::seats::Device;
use crate::game::Outcome;
use std::path::PathBuf;

/// Where the settings screen returns to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsBack {
    /// The title screen.
    Title,
    /// The pause menu.
    Paused,
}

/// What the win screen reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinInfo {
    /// The score of this run.
    pub score: u64,
    /// The level's best score before this run, if it had been won before.
    pub previous_best: Option<u64>,
    /// Whether this run set the best score.
    pub new_best: bool,
    /// The level that follows, if any (now unlocked).
    pub next: Option<usize>,
    /// In a match, the player (0-based) who won it.
    pub winner: Option<usize>,
    /// How long the win took, milliseconds (once told, see [`Flow::won_in`]).
    pub time_ms: Option<u64>,
    /// Whether that time is the level's new best.
    pub new_best_time: bool,
    /// The medal it earned against the level's par time.
    pub medal: Option<Medal>,
}

/// The screen showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The title and level list.
    Title,
    /// The two-player menu: mode, level, join.
    TwoPlayers,
    /// Online play: host or join, the connection, the match and its result (the steps
    /// of [`super::online::OnlineScreen`]).
    Online,
    /// Flying.
    Playing,
    /// A match paused until a player's unplugged gamepad is back (or another device takes
    /// its seat).
    WaitingForDevice,
    /// The pause menu over the frozen level.
    Paused,
    /// The settings.
    Settings {
        /// Where Back goes.
        back: SettingsBack,
    },
    /// The level was won.
    Won(WinInfo),
    /// The level was lost.
    Lost,
}

/// What the player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Play level `index` of the list.
    Play(usize),
    /// Open the two-player menu.
    TwoPlayers,
    /// A choice in the two-player menu.
    Match(MatchChoice),
    /// Open online play (host or join).
    Online,
    /// A device a match's player holds was unplugged.
    DeviceLost(Device),
    /// A device was plugged in, or pressed fire, while a match waits for one.
    DeviceBack(Device),
    /// Open the pause menu.
    Pause,
    /// Leave the pause menu.
    Resume,
    /// Start the level again.
    Restart,
    /// Open the settings.
    OpenSettings,
    /// Leave the settings.
    CloseSettings,
    /// Play the level after the one just won.
    NextLevel,
    /// Back to the title.
    QuitToTitle,
    /// Save the level played so far as a replay (F5, or a menu button).
    SaveReplay,
    /// Leave the game.
    Quit,
}

/// What the window must do for a change of screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Load this level and start flying it.
    StartLevel(PathBuf),
    /// Read the levels two can play into [`Flow::match_menu`].
    ListMatchLevels,
    /// Load this level and start a match on it, for the seats of [`Flow::match_menu`].
    StartMatch(PathBuf),
    /// Rebuild the current level from its start.
    RestartLevel,
    /// Write the progress file.
    SaveProgress,
    /// Save the session so far as a replay.
    SaveReplay,
    /// Close the window.
    Exit,
}

/// The level being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Current {
    /// Its file.
    pub path: PathBuf,
    /// Its place in the list, if it is one of the listed levels.
    pub index: Option<usize>,
    /// Whether it is a match of two players (never recorded in the progress).
    pub is_match: bool,
}

/// The screens' state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flow {
    /// The screen showing.
    pub screen: Screen,
    /// The levels of the title screen.
    pub catalog: Catalog,
    /// Levels won and best scores.
    pub progress: Progress,
    /// The level loaded, if any.
    pub current: Option<Current>,
    /// The two-player menu, and the seats of the match being played.
    pub match_menu: MatchMenu,
}

impl Flow {
    /// Starts on the title screen.
    pub fn title(catalog: Catalog, progress: Progress) -> Flow {
        Flow {
            screen: Screen::Title,
            catalog,
            progress,
            current: None,
            match_menu: MatchMenu::default(),
        }
    }

    /// Starts flying the level at `path` (which need not be one of the list).
    pub fn playing(catalog: Catalog, progress: Progress, path: PathBuf) -> Flow {
        let index = catalog.index_of(&path);
        Flow {
            screen: Screen::Playing,
            catalog,
            progress,
            current: Some(Current {
                path,
                index,
                is_match: false,
            }),
            match_menu: MatchMenu::default(),
        }
    }

    /// Whether level `index` of the list may be played.
    pub fn is_unlocked(&self, index: usize) -> bool {
        let levels = &self.catalog.levels;
        // The title screen asks this of every level every frame: nothing is copied.
        levels.get(index).is_some_and(|l| l.problem.is_none())
            && self
                .progress
                .opens_after(index.checked_sub(1).map(|i| levels[i].file.as_str()))
    }

    /// What Escape (or a gamepad's Start or Back) means on this screen, if anything.
    pub fn back_intent(&self) -> Option<Intent> {
        match self.screen {
            Screen::Playing | Screen::WaitingForDevice => Some(Intent::Pause),
            Screen::Paused => Some(Intent::Resume),
            Screen::TwoPlayers => Some(Intent::Match(MatchChoice::Back)),
            Screen::Settings { .. } => Some(Intent::CloseSettings),
            // Online, Escape leaves the attempt or asks before leaving a match: the
            // window's online driver decides, not the flow.
            Screen::Title | Screen::Won(_) | Screen::Lost | Screen::Online => None,
        }
    }

    fn start(&mut self, index: usize) -> Vec<Command> {
        if !self.is_unlocked(index) {
            return Vec::new();
        }
        let path = self.catalog.levels[index].path.clone();
        self.current = Some(Current {
            path: path.clone(),
            index: Some(index),
            is_match: false,
        });
        self.screen = Screen::Playing;
        vec![Command::StartLevel(path)]
    }

    /// Applies the player's choice; an intent that makes no sense on this screen does
    /// nothing.
    pub fn apply(&mut self, intent: Intent) -> Vec<Command> {
        use Screen::*;
        match (intent, self.screen) {
            (Intent::Play(i), Title) => self.start(i),
            (Intent::TwoPlayers, Title) => {
                self.screen = TwoPlayers;
                self.match_menu.step = Default::default();
                vec![Command::ListMatchLevels]
            }
            (Intent::Online, Title) => {
                self.screen = Online;
                self.current = None;
                vec![Command::ListMatchLevels]
            }
            (Intent::Match(choice), TwoPlayers) => match self.match_menu.choose(choice) {
                MatchOutcome::Stay => Vec::new(),
                MatchOutcome::Title => {
                    self.screen = Title;
                    Vec::new()
                }
                MatchOutcome::Start(path) => {
                    self.current = Some(Current {
                        path: path.clone(),
                        index: None,
                        is_match: true,
                    });
                    self.screen = Playing;
                    vec![Command::StartMatch(path)]
                }
            },
            (Intent::DeviceLost(d), Playing | Paused | WaitingForDevice) if self.is_match() => {
                if self.match_menu.seats.unplugged(d, true).is_some() && self.screen == Playing {
                    self.screen = WaitingForDevice;
                }
                Vec::new()
            }
            (Intent::DeviceBack(d), WaitingForDevice) => {
                let seats = &mut self.match_menu.seats;
                if seats.plugged(d).is_none() {
                    seats.take_over(d);
                }
                if !seats.is_waiting() {
                    self.screen = Playing;
                }
                Vec::new()
            }
            (Intent::DeviceBack(d), Paused) if self.is_match() => {
                self.match_menu.seats.plugged(d);
                Vec::new()
            }
            (Intent::Pause, Playing | WaitingForDevice) => {
                self.screen = Paused;
                Vec::new()
            }
            (Intent::Resume, Paused) => {
                self.screen = if self.match_menu.seats.is_waiting() && self.is_match() {
                    WaitingForDevice
                } else {
                    Playing
                };
                Vec::new()
            }
            (Intent::Restart, Paused | Won(_) | Lost) if self.current.is_some() => {
                self.screen = Playing;
                vec![Command::RestartLevel]
            }
            (Intent::OpenSettings, Title) => {
                self.screen = Settings {
                    back: SettingsBack::Title,
                };
                Vec::new()
            }
            (Intent::OpenSettings, Paused) => {
                self.screen = Settings {
                    back: SettingsBack::Paused,
                };
                Vec::new()
            }
            (Intent::CloseSettings, Settings { back }) => {
                self.screen = match back {
                    SettingsBack::Title => Title,
                    SettingsBack::Paused => Paused,
                };
                Vec::new()
            }
            (Intent::NextLevel, Won(WinInfo { next: Some(i), .. })) => self.start(i),
            (Intent::QuitToTitle, Paused | Won(_) | Lost | Playing | WaitingForDevice | Online) => {
                self.screen = Title;
                Vec::new()
            }
            (Intent::SaveReplay, Playing | Paused | Won(_) | Lost) if self.current.is_some() => {
                vec![Command::SaveReplay]
            }
            (Intent::Quit, _) => vec![Command::Exit],
            _ => Vec::new(),
        }
    }

    /// The level being flown ended with `outcome` and `score`. A win of a listed level is
    /// recorded (unlocking the next one) and asks for the progress to be saved.
    pub fn level_ended(&mut self, outcome: Outcome, score: u64) -> Vec<Command> {
        if !matches!(
            self.screen,
            Screen::Playing | Screen::Paused | Screen::WaitingForDevice
        ) {
            return Vec::new();
        }
        match outcome {
            Outcome::Lost => {
                self.screen = Screen::Lost;
                Vec::new()
            }
            Outcome::Won => {
                let index = self.current.as_ref().and_then(|c| c.index);
                let Some(i) = index.filter(|&i| i < self.catalog.levels.len()) else {
                    self.screen = Screen::Won(WinInfo {
                        score,
                        previous_best: None,
                        new_best: false,
                        next: None,
                        winner: None,
                        time_ms: None,
                        new_best_time: false,
                        medal: None,
                    });
                    return Vec::new();
                };
                let file = self.catalog.levels[i].file.clone();
                let record = self.progress.record_win(&file, score);
                let next = Some(i + 1).filter(|&n| self.is_unlocked(n));
                self.screen = Screen::Won(WinInfo {
                    score,
                    previous_best: record.previous_best,
                    new_best: record.new_best,
                    next,
                    winner: None,
                    time_ms: None,
                    new_best_time: false,
                    medal: None,
                });
                vec![Command::SaveProgress]
            }
        }
    }

    /// The level just won took `seconds`: the win screen shows it, with the medal it earns
    /// against the level's par time; a listed level keeps it as its best time if faster
    /// (and asks for the progress to be saved).
    pub fn won_in(&mut self, seconds: f64) -> Vec<Command> {
        let index = self.current.as_ref().and_then(|c| c.index);
        let entry = index.and_then(|i| self.catalog.levels.get(i));
        let Screen::Won(info) = &mut self.screen else {
            return Vec::new();
        };
        if !(seconds.is_finite() && seconds > 0.0) {
            return Vec::new();
        }
        info.time_ms = Some((seconds * 1000.0).round() as u64);
        let Some(entry) = entry else {
            return Vec::new();
        };
        info.medal = entry
            .par_ms
            .and_then(|par| Medal::for_time(seconds, par as f64 / 1000.0));
        info.new_best_time = self.progress.record_time(&entry.file, seconds);
        if info.new_best_time {
            vec![Command::SaveProgress]
        } else {
            Vec::new()
        }
    }

    /// The match just won was won by `player` (0-based): the win screen names them.
    pub fn match_won_by(&mut self, player: usize) {
        if let Screen::Won(info) = &mut self.screen {
            info.winner = Some(player);
        }
    }

    /// A player of the level being flown completed a race lap in `seconds`: kept as the
    /// level's best lap if it beats it, and then the progress asks to be saved.
    pub fn lap_flown(&mut self, seconds: f64) -> Vec<Command> {
        let Some(file) = self
            .current
            .as_ref()
            .and_then(|c| c.path.file_name())
            .map(|f| f.to_string_lossy().into_owned())
        else {
            return Vec::new();
        };
        if self.progress.record_lap(&file, seconds) {
            vec![Command::SaveProgress]
        } else {
            Vec::new()
        }
    }

    /// Whether the sim should advance (only while flying).
    pub fn is_flying(&self) -> bool {
        self.screen == Screen::Playing
    }

    /// Makes the level being flown a match of two sharing the keyboard: player 1 on its
    /// left side, player 2 on its right.
    pub fn seat_keyboard_match(&mut self) {
        if let Some(c) = &mut self.current {
            c.is_match = true;
            let seats = &mut self.match_menu.seats;
            *seats = Default::default();
            seats.join(Device::KeyboardLeft);
            seats.join(Device::KeyboardRight);
        }
    }

    /// Whether the level loaded is a match of two players.
    pub fn is_match(&self) -> bool {
        self.current.as_ref().is_some_and(|c| c.is_match)
    }
}

#[cfg(test)]
mod replay_tests {
    use super::*;

    #[test]
    fn a_replay_can_be_saved_from_a_level_but_not_from_the_title() {
        let catalog = Catalog::default();
        let mut title = Flow::title(catalog.clone(), Progress::new());
        assert!(title.apply(Intent::SaveReplay).is_empty());
        let mut flow = Flow::playing(catalog, Progress::new(), PathBuf::from("x.ron"));
        assert_eq!(flow.apply(Intent::SaveReplay), vec![Command::SaveReplay]);
        flow.apply(Intent::Pause);
        assert_eq!(flow.apply(Intent::SaveReplay), vec![Command::SaveReplay]);
        assert_eq!(
            flow.screen,
            Screen::Paused,
            "saving does not leave the menu"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::catalog::LevelEntry;

    fn catalog() -> Catalog {
        let entry = |f: &str| LevelEntry {
            path: PathBuf::from("levels").join(f),
            file: f.to_string(),
            name: f.to_string(),
            description: String::new(),
            problem: None,
            par_ms: Some(40_000),
            world: Default::default(),
        };
        Catalog {
            dir: PathBuf::from("levels"),
            levels: vec![entry("01_a.ron"), entry("02_b.ron"), entry("03_c.ron")],
        }
    }

    #[test]
    fn title_to_play_to_pause_to_settings_and_back() {
        let mut f = Flow::title(catalog(), Progress::new());
        assert_eq!(f.screen, Screen::Title);
        // The second level is locked: choosing it does nothing.
        assert!(f.apply(Intent::Play(1)).is_empty());
        assert_eq!(f.screen, Screen::Title);
        let cmds = f.apply(Intent::Play(0));
        assert_eq!(
            cmds,
            vec![Command::StartLevel(PathBuf::from("levels/01_a.ron"))]
        );
        assert!(f.is_flying());
        assert_eq!(f.back_intent(), Some(Intent::Pause));
        f.apply(Intent::Pause);
        assert_eq!(f.screen, Screen::Paused);
        assert!(!f.is_flying());
        f.apply(Intent::OpenSettings);
        assert_eq!(
            f.screen,
            Screen::Settings {
                back: SettingsBack::Paused
            }
        );
        assert_eq!(f.back_intent(), Some(Intent::CloseSettings));
        f.apply(Intent::CloseSettings);
        assert_eq!(f.screen, Screen::Paused);
        assert_eq!(f.apply(Intent::Restart), vec![Command::RestartLevel]);
        assert_eq!(f.screen, Screen::Playing);
        f.apply(Intent::Pause);
        f.apply(Intent::QuitToTitle);
        assert_eq!(f.screen, Screen::Title);
        f.apply(Intent::OpenSettings);
        f.apply(Intent::CloseSettings);
        assert_eq!(f.screen, Screen::Title);
        assert_eq!(f.apply(Intent::Quit), vec![Command::Exit]);
    }

    #[test]
    fn a_win_records_progress_and_unlocks_the_next_level() {
        let mut f = Flow::title(catalog(), Progress::new());
        f.apply(Intent::Play(0));
        assert_eq!(
            f.level_ended(Outcome::Won, 250),
            vec![Command::SaveProgress]
        );
        assert_eq!(
            f.screen,
            Screen::Won(WinInfo {
                score: 250,
                previous_best: None,
                new_best: true,
                next: Some(1),
                winner: None,
                time_ms: None,
                new_best_time: false,
                medal: None,
            })
        );
        // The win took 45 s against a par of 40: silver, and the level's first time.
        assert_eq!(f.won_in(45.0), vec![Command::SaveProgress]);
        let Screen::Won(info) = f.screen else {
            panic!("{:?}", f.screen)
        };
        assert_eq!(
            (info.time_ms, info.new_best_time, info.medal),
            (Some(45_000), true, Some(Medal::Silver))
        );
        assert_eq!(f.progress.best_time("01_a.ron"), Some(45.0));
        assert!(f.progress.won.contains("01_a.ron"));
        assert_eq!(f.progress.best("01_a.ron"), Some(250));
        assert!(f.is_unlocked(1) && !f.is_unlocked(2));
        assert_eq!(
            f.apply(Intent::NextLevel),
            vec![Command::StartLevel(PathBuf::from("levels/02_b.ron"))]
        );
        assert_eq!(f.current.as_ref().unwrap().index, Some(1));
        // Losing records nothing and offers only retry or the title.
        assert!(f.level_ended(Outcome::Lost, 900).is_empty());
        assert_eq!(f.screen, Screen::Lost);
        assert_eq!(f.progress.best("02_b.ron"), None);
        assert!(f.apply(Intent::NextLevel).is_empty());
        assert_eq!(f.apply(Intent::Restart), vec![Command::RestartLevel]);
    }

    #[test]
    fn a_replayed_win_keeps_the_higher_score_and_the_last_level_has_no_next() {
        let mut p = Progress::new();
        p.record_win("01_a.ron", 1);
        p.record_win("02_b.ron", 500);
        let mut f = Flow::title(catalog(), p);
        f.apply(Intent::Play(1));
        f.level_ended(Outcome::Won, 300);
        let Screen::Won(info) = f.screen else {
            panic!("{:?}", f.screen)
        };
        assert_eq!((info.previous_best, info.new_best), (Some(500), false));
        assert_eq!(f.progress.best("02_b.ron"), Some(500));
        // A slower time than the best kept is shown but not kept; 70 s earns no medal.
        f.progress.record_time("02_b.ron", 50.0);
        assert!(f.won_in(70.0).is_empty());
        let Screen::Won(info) = f.screen else {
            panic!("{:?}", f.screen)
        };
        assert_eq!(
            (info.time_ms, info.new_best_time, info.medal),
            (Some(70_000), false, None)
        );
        assert_eq!(f.progress.best_time("02_b.ron"), Some(50.0));
        f.apply(Intent::NextLevel);
        f.level_ended(Outcome::Won, 10);
        let Screen::Won(info) = f.screen else {
            panic!("{:?}", f.screen)
        };
        assert_eq!(info.next, None);
        // An outcome reported again after the screen changed is ignored.
        assert!(f.level_ended(Outcome::Won, 10).is_empty());
    }

    #[test]
    fn a_level_outside_the_list_is_played_but_not_recorded() {
        let mut f = Flow::playing(catalog(), Progress::new(), PathBuf::from("/tmp/mine.ron"));
        assert!(f.is_flying());
        assert!(f.level_ended(Outcome::Won, 5).is_empty());
        assert!(f.progress.won.is_empty());
        assert!(matches!(f.screen, Screen::Won(WinInfo { next: None, .. })));
    }
}
