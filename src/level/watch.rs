//! Watching a level's files for a live reload: the level file and every mesh file it reads
//! (`LoadedLevel::sources`).
//!
//! A change is reported once the files have been quiet for a while (the debounce), so an
//! editor's half-written save is never read, and a burst of saves gives one reload. The
//! operating system's file events are used where they start; otherwise, or on request, the
//! files' modification stamps are compared on every poll.
//!
//! This is presentation-side code: it reads the wall clock only through the `now` its caller
//! passes, and nothing here may reach the simulation.

use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant, SystemTime};

/// How long the files must stay unchanged before a change is reported: long enough for an
/// editor to finish a save (write, rename, touch), short enough to feel immediate.
pub const DEBOUNCE: Duration = Duration::from_millis(250);

/// Why a watcher could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchError {
    /// No files were given.
    NoFiles,
    /// A file's folder does not exist, so nothing there can be watched.
    NoFolder(PathBuf),
}

impl fmt::Display for WatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WatchError::NoFiles => f.write_str("no files to watch; expected the level file"),
            WatchError::NoFolder(p) => write!(
                f,
                "cannot watch `{}`: its folder does not exist",
                p.display()
            ),
        }
    }
}

impl std::error::Error for WatchError {}

/// How the watcher learns of changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchMode {
    /// File events from the operating system.
    Events,
    /// Comparing modification stamps on every poll, with why events are not used.
    Polling(String),
}

/// What a file looked like when last seen: its modification time and length, or `None`
/// while it cannot be read (deleted, mid-rename).
type Stamp = Option<(SystemTime, u64)>;

fn stamp(path: &Path) -> Stamp {
    let m = std::fs::metadata(path).ok()?;
    Some((m.modified().ok()?, m.len()))
}

/// The OS watcher and the events it sends.
struct Events {
    watcher: RecommendedWatcher,
    events: Receiver<notify::Result<notify::Event>>,
    folders: BTreeSet<PathBuf>,
}

/// Watches a set of files and says, after a quiet spell, that one of them changed.
pub struct LevelWatcher {
    files: Vec<(PathBuf, Stamp)>,
    events: Option<Events>,
    mode: WatchMode,
    /// When the last change was noticed; `None` while nothing waits to be reported.
    changed_at: Option<Instant>,
    debounce: Duration,
}

impl LevelWatcher {
    /// Watches `paths` with the operating system's file events, or by polling if those
    /// cannot start (see [`LevelWatcher::mode`]).
    pub fn new(paths: &[PathBuf]) -> Result<LevelWatcher, WatchError> {
        let mut w = LevelWatcher::polling(paths)?;
        let (tx, rx) = channel();
        match notify::recommended_watcher(move |e| {
            let _ = tx.send(e);
        }) {
            Ok(watcher) => {
                w.events = Some(Events {
                    watcher,
                    events: rx,
                    folders: BTreeSet::new(),
                });
                w.mode = WatchMode::Events;
                w.watch_folders();
            }
            Err(e) => w.mode = WatchMode::Polling(format!("file events unavailable: {e}")),
        }
        Ok(w)
    }

    /// Watches `paths` by comparing their modification stamps on every poll.
    pub fn polling(paths: &[PathBuf]) -> Result<LevelWatcher, WatchError> {
        let mut w = LevelWatcher {
            files: Vec::new(),
            events: None,
            mode: WatchMode::Polling("polling was asked for".to_string()),
            changed_at: None,
            debounce: DEBOUNCE,
        };
        w.set_files(paths)?;
        Ok(w)
    }

    /// The same watcher with another quiet spell than [`DEBOUNCE`].
    pub fn with_debounce(mut self, debounce: Duration) -> LevelWatcher {
        self.debounce = debounce;
        self
    }

    /// How changes are noticed.
    pub fn mode(&self) -> &WatchMode {
        &self.mode
    }

    /// The files watched.
    pub fn files(&self) -> impl Iterator<Item = &Path> {
        self.files.iter().map(|(p, _)| p.as_path())
    }

    /// Watches `paths` from now on (after a reload: the new level's sources). A file already
    /// watched keeps what was last seen of it, so a save that lands between the reload's
    /// read and this call is still reported; a new file counts as seen as it is now. A
    /// change noticed but not yet reported stays due. On error nothing changes.
    pub fn watch(&mut self, paths: &[PathBuf]) -> Result<(), WatchError> {
        self.set_files(paths)?;
        self.watch_folders();
        Ok(())
    }

    /// Whether a watched file changed and has since been quiet for the debounce, as of
    /// `now`. Never blocks; call it every frame. True once per quiet spell.
    pub fn poll_changed(&mut self, now: Instant) -> bool {
        if self.look() {
            self.changed_at = Some(now);
        }
        match self.changed_at {
            Some(at) if now.saturating_duration_since(at) >= self.debounce => {
                self.changed_at = None;
                true
            }
            _ => false,
        }
    }

    /// Whether a change is waiting for the files to go quiet.
    pub fn pending(&self) -> bool {
        self.changed_at.is_some()
    }

    /// Takes the OS events (or, when polling, just looks) and updates the stamps; true if
    /// a watched file is not as it was.
    fn look(&mut self) -> bool {
        let mut named = false;
        if let Some(ev) = &self.events {
            let mut any = false;
            while let Ok(e) = ev.events.try_recv() {
                match e {
                    // Reading a file (the reload itself) is no change.
                    Ok(e) if e.kind.is_access() => {}
                    Ok(e) => {
                        any = true;
                        named |= e
                            .paths
                            .iter()
                            .any(|p| self.files.iter().any(|(f, _)| same_file(p, f)));
                    }
                    // An error (such as an overflowing event queue) may hide a change: look.
                    Err(_) => any = true,
                }
            }
            if !any {
                return false;
            }
        }
        // Stamps catch what the events leave unnamed; events catch two saves of the same
        // length within the file system's clock tick.
        let mut changed = named;
        for (path, seen) in &mut self.files {
            let now = stamp(path);
            if now != *seen {
                *seen = now;
                changed = true;
            }
        }
        changed
    }

    fn set_files(&mut self, paths: &[PathBuf]) -> Result<(), WatchError> {
        if paths.is_empty() {
            return Err(WatchError::NoFiles);
        }
        let mut files = Vec::with_capacity(paths.len());
        for p in paths {
            if !folder_of(p).is_dir() {
                return Err(WatchError::NoFolder(p.clone()));
            }
            if files.iter().any(|(f, _)| f == p) {
                continue;
            }
            let seen = match self.files.iter().find(|(f, _)| f == p) {
                Some((_, was)) => *was,
                None => stamp(p),
            };
            files.push((p.clone(), seen));
        }
        self.files = files;
        Ok(())
    }

    /// Watches the folders that hold the files (not the files: an editor that saves by
    /// writing a new file and renaming it over the old one would end a file watch). A
    /// folder that cannot be watched turns the watcher to polling.
    fn watch_folders(&mut self) {
        let Some(ev) = self.events.as_mut() else {
            return;
        };
        let want: BTreeSet<PathBuf> = self.files.iter().map(|(p, _)| folder_of(p)).collect();
        for gone in ev.folders.difference(&want) {
            let _ = ev.watcher.unwatch(gone);
        }
        let mut failed = None;
        for dir in want.difference(&ev.folders) {
            if let Err(e) = ev.watcher.watch(dir, RecursiveMode::NonRecursive) {
                failed = Some(format!("cannot watch `{}`: {e}", dir.display()));
                break;
            }
        }
        match failed {
            None => ev.folders = want,
            Some(reason) => {
                self.events = None;
                self.mode = WatchMode::Polling(reason);
            }
        }
    }
}

impl fmt::Debug for LevelWatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LevelWatcher")
            .field("files", &self.files)
            .field("mode", &self.mode)
            .field("changed_at", &self.changed_at)
            .field("debounce", &self.debounce)
            .finish()
    }
}

/// Whether two paths name the same file, allowing for `./` in one of them.
fn same_file(a: &Path, b: &Path) -> bool {
    let clean = |p: &Path| -> PathBuf {
        p.components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .collect()
    };
    a == b || clean(a) == clean(b)
}

/// The folder that holds `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}
