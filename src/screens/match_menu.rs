//! The way into a two-player match: pick a mode (versus, race, co-op), then a level that
//! can be played in it, then the join screen where each player presses fire on the device
//! they will fly with. Pure state over a list of levels and their modes; the list itself is
//! read from the levels folder (its `arenas/` too) by [`scan_match_levels`].

use super::seats::{Device, Joined, Seats};
use crate::level::MatchMode;
use std::path::{Path, PathBuf};

/// Every mode, in the menu's order.
pub const MODES: [MatchMode; 3] = [MatchMode::Versus, MatchMode::Race, MatchMode::Coop];

/// A level two can play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchLevel {
    /// Its file.
    pub path: PathBuf,
    /// Its name.
    pub name: String,
    /// The modes it can be played in.
    pub modes: Vec<MatchMode>,
}

/// Where the menu is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatchStep {
    /// Choosing the mode.
    #[default]
    Mode,
    /// Choosing a level for the mode.
    Level(MatchMode),
    /// Waiting for both players to press fire; `level` indexes [`MatchMenu::levels`].
    Join {
        /// The mode chosen.
        mode: MatchMode,
        /// The level chosen.
        level: usize,
    },
}

/// What a player did in the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchChoice {
    /// Picked a mode.
    Mode(MatchMode),
    /// Picked the level at this index of [`MatchMenu::levels`].
    Level(usize),
    /// Pressed fire on a device (joins, or starts when everyone is in).
    Fire(Device),
    /// Pressed back on a device: on the join screen its player leaves.
    Leave(Device),
    /// Escape: one step back.
    Back,
}

/// What the menu asks of the shell after a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchOutcome {
    /// Stay in the menu.
    Stay,
    /// Back out to the title screen.
    Title,
    /// Start the match on this level with the seats taken.
    Start(PathBuf),
}

/// The two-player menu's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchMenu {
    /// Where it is.
    pub step: MatchStep,
    /// Every level that can be played by two.
    pub levels: Vec<MatchLevel>,
    /// Levels that could not be read, with why.
    pub problems: Vec<String>,
    /// Who has joined, on what.
    pub seats: Seats,
    /// The mode of the match started last.
    pub mode: Option<MatchMode>,
}

impl MatchMenu {
    /// The levels for `mode`, with their indices.
    pub fn levels_for(&self, mode: MatchMode) -> Vec<(usize, &MatchLevel)> {
        let fits = |l: &&MatchLevel| l.modes.contains(&mode);
        self.levels
            .iter()
            .enumerate()
            .filter(|(_, l)| fits(l))
            .collect()
    }

    /// Applies a choice.
    pub fn choose(&mut self, choice: MatchChoice) -> MatchOutcome {
        use MatchChoice as C;
        match (choice, self.step) {
            (C::Mode(m), MatchStep::Mode) if !self.levels_for(m).is_empty() => {
                self.step = MatchStep::Level(m);
            }
            (C::Level(i), MatchStep::Level(mode))
                if self.levels.get(i).is_some_and(|l| l.modes.contains(&mode)) =>
            {
                self.seats = Seats::new();
                self.step = MatchStep::Join { mode, level: i };
            }
            (C::Fire(device), MatchStep::Join { mode, level }) => {
                if let Joined::Already(_) = self.seats.join(device) {
                    if self.seats.is_full() {
                        self.mode = Some(mode);
                        return MatchOutcome::Start(self.levels[level].path.clone());
                    }
                }
            }
            (C::Leave(device), MatchStep::Join { mode, .. }) => {
                // Back from a device no one holds, with no one seated, leaves the screen.
                let someone_left = self.seats.leave(device);
                if !someone_left && self.seats.devices().is_empty() {
                    self.step = MatchStep::Level(mode);
                }
            }
            (C::Back, MatchStep::Mode) => return MatchOutcome::Title,
            (C::Back, MatchStep::Level(_)) => self.step = MatchStep::Mode,
            (C::Back, MatchStep::Join { mode, .. }) => self.step = MatchStep::Level(mode),
            _ => {}
        }
        MatchOutcome::Stay
    }
}

/// The `*.ron` files of `dir` and of its arenas folder, in name order; a folder that cannot
/// be read adds none.
fn level_files(dir: &Path) -> Vec<PathBuf> {
    use crate::level::shipped::{ron_files, ARENAS};
    [dir.to_path_buf(), dir.join(ARENAS)]
        .iter()
        .flat_map(|folder| ron_files(folder).unwrap_or_default())
        .collect()
}

/// Every level two can play: the `*.ron` files of `dir` and of `dir/arenas`, each loaded
/// to learn its modes; levels with no mode, or that cannot seat two ships, are left out.
/// Files that do not load are listed as problems.
pub fn scan_match_levels(dir: &Path) -> (Vec<MatchLevel>, Vec<String>) {
    let (mut levels, mut problems) = (Vec::new(), Vec::new());
    for path in level_files(dir) {
        match crate::level::load_level(&path) {
            Ok(l) if !l.modes().is_empty() && crate::game::Sim::from_level_for(&l, 2).is_ok() => {
                levels.push(MatchLevel {
                    name: l.level.name.clone(),
                    modes: l.modes(),
                    path,
                })
            }
            Ok(_) => {}
            Err(e) => problems.push(e.to_string()),
        }
    }
    (levels, problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Device::*;

    fn menu() -> MatchMenu {
        let level = |name: &str, modes: Vec<MatchMode>| MatchLevel {
            path: PathBuf::from(format!("{name}.ron")),
            name: name.to_string(),
            modes,
        };
        MatchMenu {
            levels: vec![
                level("cave", vec![MatchMode::Coop]),
                level("quarry", vec![MatchMode::Versus]),
                level("mine", vec![MatchMode::Coop]),
            ],
            ..MatchMenu::default()
        }
    }

    #[test]
    fn mode_then_level_then_both_players_join_and_start() {
        let mut m = menu();
        // No race level: that mode cannot be picked.
        assert_eq!(
            m.choose(MatchChoice::Mode(MatchMode::Race)),
            MatchOutcome::Stay
        );
        assert_eq!(m.step, MatchStep::Mode);
        m.choose(MatchChoice::Mode(MatchMode::Coop));
        let coop: Vec<usize> = m
            .levels_for(MatchMode::Coop)
            .iter()
            .map(|(i, _)| *i)
            .collect();
        assert_eq!(coop, [0, 2]);
        // A versus level is not offered for co-op.
        m.choose(MatchChoice::Level(1));
        assert_eq!(m.step, MatchStep::Level(MatchMode::Coop));
        m.choose(MatchChoice::Level(2));
        assert_eq!(
            m.step,
            MatchStep::Join {
                mode: MatchMode::Coop,
                level: 2
            }
        );
        assert_eq!(m.choose(MatchChoice::Fire(Gamepad(0))), MatchOutcome::Stay);
        // Fire again before the other player is in does not start.
        assert_eq!(m.choose(MatchChoice::Fire(Gamepad(0))), MatchOutcome::Stay);
        assert_eq!(
            m.choose(MatchChoice::Fire(KeyboardLeft)),
            MatchOutcome::Stay
        );
        assert_eq!(m.seats.devices(), [Gamepad(0), KeyboardLeft]);
        // A third device finds the seats taken; a seated player's fire starts.
        assert_eq!(
            m.choose(MatchChoice::Fire(KeyboardRight)),
            MatchOutcome::Stay
        );
        assert_eq!(
            m.choose(MatchChoice::Fire(KeyboardLeft)),
            MatchOutcome::Start(PathBuf::from("mine.ron"))
        );
        assert_eq!(m.mode, Some(MatchMode::Coop));
    }

    #[test]
    fn back_steps_out_one_screen_at_a_time() {
        let mut m = menu();
        m.choose(MatchChoice::Mode(MatchMode::Versus));
        m.choose(MatchChoice::Level(1));
        m.choose(MatchChoice::Fire(KeyboardRight));
        // Back on a seated device leaves the seat; on an empty join screen it steps back.
        m.choose(MatchChoice::Leave(KeyboardRight));
        assert!(m.seats.devices().is_empty());
        assert!(matches!(m.step, MatchStep::Join { .. }));
        m.choose(MatchChoice::Leave(KeyboardRight));
        assert_eq!(m.step, MatchStep::Level(MatchMode::Versus));
        m.choose(MatchChoice::Back);
        assert_eq!(m.step, MatchStep::Mode);
        assert_eq!(m.choose(MatchChoice::Back), MatchOutcome::Title);
    }

    fn levels_of(levels: &[MatchLevel], mode: MatchMode) -> Vec<&MatchLevel> {
        levels.iter().filter(|l| l.modes.contains(&mode)).collect()
    }

    #[test]
    fn the_shipped_levels_with_a_mode_are_offered() {
        let dir = Path::new("levels");
        let (levels, problems) = scan_match_levels(dir);
        assert!(problems.is_empty(), "{problems:?}");
        let offered: Vec<&Path> = levels.iter().map(|l| l.path.as_path()).collect();
        let expected: Vec<PathBuf> = level_files(dir)
            .into_iter()
            .filter(|p| !crate::level::load_level(p).unwrap().modes().is_empty())
            .collect();
        assert_eq!(offered, expected);
        // The three arenas, one per mode, and the campaign's levels for co-op.
        for mode in MODES {
            assert!(
                !levels_of(&levels, mode).is_empty(),
                "no level for {mode:?}"
            );
        }
        for l in &levels {
            assert!(!l.modes.is_empty() && !l.name.is_empty(), "{l:?}");
        }
    }
}
