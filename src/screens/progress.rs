//! The player's progress: which levels were won, the best score and time of each (with a
//! medal against the level's par time), kept as RON in
//! the user's config folder beside the settings and written the same way (atomically; an
//! unusable file is set aside as a backup, the player starts afresh and is told once).
//!
//! Levels are known by file name (`04_first_flight.ron`), so progress survives moving the
//! game. A level is unlocked if it is the first of the list or the one before it was won.

use super::config_file::{config_dir, read_optional, ron_error, set_aside, write_atomically};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The progress format version this build writes.
pub const PROGRESS_VERSION: u32 = 1;

/// Levels won, best scores, and the best race lap of each arena.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Progress {
    /// Format version.
    pub version: u32,
    /// File names of the levels won at least once.
    pub won: BTreeSet<String>,
    /// The best score of each level won, by file name.
    pub best_scores: BTreeMap<String, u64>,
    /// The best lap of each race level, in milliseconds, by file name (`race_ring.ron`).
    pub best_laps: BTreeMap<String, u64>,
    /// The fastest win of each level, in milliseconds, by file name.
    pub best_times: BTreeMap<String, u64>,
}

/// A medal for a win against the level's par time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Medal {
    /// Within 1.5 times par.
    Bronze,
    /// Within 1.25 times par.
    Silver,
    /// At or under par.
    Gold,
}

impl Medal {
    /// The medal a win in `seconds` earns against `par` seconds; none when slower than
    /// 1.5 times par (or either time is not a positive number).
    pub fn for_time(seconds: f64, par: f64) -> Option<Medal> {
        if !(seconds > 0.0 && par > 0.0 && seconds.is_finite() && par.is_finite()) {
            return None;
        }
        let ratio = seconds / par;
        [
            (1.0, Medal::Gold),
            (1.25, Medal::Silver),
            (1.5, Medal::Bronze),
        ]
        .into_iter()
        .find(|&(limit, _)| ratio <= limit)
        .map(|(_, m)| m)
    }

    /// Its name for the player.
    pub fn label(self) -> &'static str {
        match self {
            Medal::Gold => "Gold",
            Medal::Silver => "Silver",
            Medal::Bronze => "Bronze",
        }
    }
}

/// Keeps `seconds` in `map` under `file` (to the millisecond) if it beats what is there;
/// true when it does. A time that is not a positive finite number (under a day) is ignored.
fn keep_fastest(map: &mut BTreeMap<String, u64>, file: &str, seconds: f64) -> bool {
    if !(seconds.is_finite() && seconds > 0.0 && seconds < 86_400.0) {
        return false;
    }
    let ms = (seconds * 1000.0).round() as u64;
    let best = map.get(file).is_none_or(|&b| ms < b);
    if best {
        map.insert(file.to_string(), ms);
    }
    best
}

/// Progress as loaded, with what the player should be told about it, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedProgress {
    /// The progress to use.
    pub progress: Progress,
    /// A one-time message: the file was unusable and was set aside.
    pub notice: Option<String>,
}

/// What winning a level changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinRecord {
    /// The best score before this win, if the level had been won before.
    pub previous_best: Option<u64>,
    /// Whether this score is the new best.
    pub new_best: bool,
}

/// Where the progress file lives: `progress.ron` in the game's config folder.
pub fn progress_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join("progress.ron"))
}

impl Progress {
    /// No level won yet.
    pub fn new() -> Progress {
        Progress {
            version: PROGRESS_VERSION,
            ..Progress::default()
        }
    }

    /// Whether level `index` of `files` (level file names in play order) may be played: the
    /// first always, any other once the one before it was won. Out of range: locked.
    pub fn is_unlocked(&self, files: &[String], index: usize) -> bool {
        index < files.len() && self.opens_after(index.checked_sub(1).map(|i| files[i].as_str()))
    }

    /// Whether a level may be played whose list has `previous` (a level file name) just
    /// before it, or nothing (it is the first).
    pub fn opens_after(&self, previous: Option<&str>) -> bool {
        previous.is_none_or(|file| self.won.contains(file))
    }

    /// The best score of a level, if it was won.
    pub fn best(&self, file: &str) -> Option<u64> {
        self.best_scores.get(file).copied()
    }

    /// Records a win of `file` with `score`.
    pub fn record_win(&mut self, file: &str, score: u64) -> WinRecord {
        self.won.insert(file.to_string());
        let previous_best = self.best(file);
        let new_best = previous_best.is_none_or(|b| score > b);
        if new_best {
            self.best_scores.insert(file.to_string(), score);
        }
        WinRecord {
            previous_best,
            new_best,
        }
    }

    /// The best lap of a race level, seconds, if one was flown.
    pub fn best_lap(&self, file: &str) -> Option<f64> {
        self.best_laps.get(file).map(|&ms| ms as f64 / 1000.0)
    }

    /// Records a lap of `seconds` flown on `file` (each lap of a race, as
    /// `GameEvent::Lap` reports it), kept to the millisecond; true when it is the level's
    /// new best. A time that is not a positive finite number (under a day) is ignored.
    pub fn record_lap(&mut self, file: &str, seconds: f64) -> bool {
        keep_fastest(&mut self.best_laps, file, seconds)
    }

    /// The fastest win of a level, seconds, if it was won with a time.
    pub fn best_time(&self, file: &str) -> Option<f64> {
        self.best_times.get(file).map(|&ms| ms as f64 / 1000.0)
    }

    /// Records the time of a win of `file`, to the millisecond; true when it is the
    /// level's new best (the same rules as [`Progress::record_lap`]).
    pub fn record_time(&mut self, file: &str, seconds: f64) -> bool {
        keep_fastest(&mut self.best_times, file, seconds)
    }

    /// Parses progress text; the error gives line, column and what was wrong.
    pub fn parse(text: &str) -> Result<Progress, String> {
        let p: Progress = ron::from_str(text).map_err(|e| ron_error(&e))?;
        if p.version != PROGRESS_VERSION {
            return Err(format!(
                "version {} is not supported: this build reads version {PROGRESS_VERSION}",
                p.version
            ));
        }
        Ok(p)
    }

    /// Loads the progress at `path`. A missing file gives a fresh start; an unusable one is
    /// renamed to `progress.ron.bad` and gives a fresh start with a notice.
    pub fn load(path: &Path) -> LoadedProgress {
        let parsed = read_optional(path).and_then(|t| t.map(|t| Progress::parse(&t)).transpose());
        match parsed {
            Ok(progress) => LoadedProgress {
                progress: progress.unwrap_or_else(Progress::new),
                notice: None,
            },
            Err(why) => LoadedProgress {
                progress: Progress::new(),
                notice: Some(format!(
                    "the progress file {} was not usable ({why}); {}; starting with no levels won",
                    path.display(),
                    set_aside(path)
                )),
            },
        }
    }

    /// Writes the progress to `path` atomically, creating its folder.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: cannot write the progress: {e}", path.display()))?;
        write_atomically(path, &text, "the progress")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Vec<String> {
        ["01_a.ron", "02_b.ron", "03_c.ron"]
            .map(String::from)
            .to_vec()
    }

    /// A fresh folder, removed when the guard drops, and the progress file's path in a
    /// folder inside it that does not exist yet.
    fn temp() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cavefly").join("progress.ron");
        (dir, path)
    }

    #[test]
    fn the_best_lap_of_each_race_is_kept_and_survives_a_save() {
        let mut p = Progress::new();
        assert_eq!(p.best_lap("race_ring.ron"), None);
        assert!(p.record_lap("race_ring.ron", 41.5));
        assert!(!p.record_lap("race_ring.ron", 43.0));
        assert!(p.record_lap("race_ring.ron", 39.25));
        assert!(!p.record_lap("race_ring.ron", f64::NAN));
        assert!(!p.record_lap("race_ring.ron", 0.0));
        assert!(p.record_lap("other.ron", 50.0));
        assert_eq!(p.best_lap("race_ring.ron"), Some(39.25));
        let (_dir, path) = temp();
        p.save(&path).unwrap();
        assert_eq!(Progress::load(&path).progress, p);
        // A file written before laps were kept still loads, with none.
        let old = "(version: 1, won: [\"01_a.ron\"], best_scores: {\"01_a.ron\": 10})";
        assert_eq!(Progress::parse(old).unwrap().best_laps.len(), 0);
        let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn only_the_first_level_and_those_after_a_win_are_unlocked() {
        let f = files();
        let mut p = Progress::new();
        let unlocked = |p: &Progress| (0..4).map(|i| p.is_unlocked(&f, i)).collect::<Vec<_>>();
        assert_eq!(unlocked(&p), [true, false, false, false]);
        p.record_win("01_a.ron", 10);
        assert_eq!(unlocked(&p), [true, true, false, false]);
        // Winning the third without the second unlocks nothing before it.
        p.record_win("03_c.ron", 5);
        assert_eq!(unlocked(&p), [true, true, false, false]);
        assert!(!Progress::new().is_unlocked(&[], 0));
    }

    #[test]
    fn the_best_score_only_rises() {
        let mut p = Progress::new();
        let first = p.record_win("01_a.ron", 120);
        assert_eq!(first.previous_best, None);
        assert!(first.new_best);
        let worse = p.record_win("01_a.ron", 80);
        assert_eq!(worse.previous_best, Some(120));
        assert!(!worse.new_best);
        assert_eq!(p.best("01_a.ron"), Some(120));
        assert!(p.record_win("01_a.ron", 300).new_best);
        assert_eq!(p.best("01_a.ron"), Some(300));
        assert_eq!(p.best("02_b.ron"), None);
    }

    #[test]
    fn progress_round_trips_through_the_file() {
        let (_dir, path) = temp();
        assert_eq!(Progress::load(&path).progress, Progress::new());
        let mut p = Progress::new();
        p.record_win("01_a.ron", 42);
        p.save(&path).unwrap();
        let back = Progress::load(&path);
        assert_eq!(back.notice, None);
        assert_eq!(back.progress, p);
        assert!(!path.with_extension("ron.tmp").exists());
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_kept_as_a_backup_and_the_player_told_once() {
        let (_dir, path) = temp();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let bad = "(version: 1, won: [\"01_a.ron\"], best_scores: {\"01_a.ron\": -3})";
        std::fs::write(&path, bad).unwrap();
        let loaded = Progress::load(&path);
        assert_eq!(loaded.progress, Progress::new());
        let notice = loaded.notice.unwrap();
        assert!(
            notice.contains("1:") && notice.contains("progress.ron.bad"),
            "{notice}"
        );
        let backup = path.with_extension("ron.bad");
        assert_eq!(std::fs::read_to_string(&backup).unwrap(), bad);
        assert!(!path.exists());
        assert_eq!(Progress::load(&path).notice, None);
        assert!(Progress::parse("(version: 7)")
            .unwrap_err()
            .contains("version 7"));
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn medals_follow_the_par_time_and_the_best_time_only_improves() {
        use Medal::*;
        let par = 40.0;
        let cases = [
            (30.0, Some(Gold)),
            (40.0, Some(Gold)),
            (40.001, Some(Silver)),
            (50.0, Some(Silver)),
            (50.01, Some(Bronze)),
            (60.0, Some(Bronze)),
            (60.5, None),
            (0.0, None),
            (f64::NAN, None),
        ];
        for (t, want) in cases {
            assert_eq!(Medal::for_time(t, par), want, "{t} s against par {par} s");
        }
        assert_eq!(Medal::for_time(10.0, 0.0), None);
        let mut p = Progress::new();
        assert!(p.record_time("05_x.ron", 52.3456));
        assert!(!p.record_time("05_x.ron", 60.0));
        assert!(!p.record_time("05_x.ron", f64::INFINITY));
        assert!(p.record_time("05_x.ron", 41.0));
        assert_eq!(p.best_time("05_x.ron"), Some(41.0));
        assert_eq!(p.best_time("06_y.ron"), None);
        // Older files, without times, still load.
        let old = Progress::parse("(version: 1, won: [\"01_a.ron\"])").unwrap();
        assert!(old.best_times.is_empty());
    }
}
