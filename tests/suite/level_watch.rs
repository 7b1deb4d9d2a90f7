//! The level watcher: a save is reported once the files have been quiet for the debounce,
//! not before; a burst of saves gives one report; the watched set can change without losing
//! a save; the operating system's events and polling behave the same.
//!
//! Time is driven by the test (`poll_changed(now)`); real time passes only to let the
//! operating system deliver its events.

use cavefly::level::watch::{LevelWatcher, WatchError, DEBOUNCE};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const MS: Duration = Duration::from_millis(1);

/// The two ways of watching: the operating system's events (where they start) and polling.
const KINDS: [&str; 2] = ["events", "polling"];

/// A watcher of `kind` over `files`, made when the test is ready for it.
fn watcher(kind: &str, files: &[PathBuf]) -> LevelWatcher {
    match kind {
        "events" => LevelWatcher::new(files).unwrap(),
        _ => LevelWatcher::polling(files).unwrap(),
    }
}

/// Writes `text` to `path` and waits a little: long enough for the operating system to
/// deliver its events and for the file's modification time to move on.
fn save(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    std::thread::sleep(30 * MS);
}

/// Polls at `now` until the watcher has noticed a change (events may take a moment);
/// none may be reported yet.
fn notice(w: &mut LevelWatcher, now: Instant) {
    for _ in 0..200 {
        assert!(!w.poll_changed(now), "reported before the debounce");
        if w.pending() {
            return;
        }
        std::thread::sleep(10 * MS);
    }
    panic!("the change was never noticed ({:?})", w.mode());
}

#[test]
fn a_save_is_reported_after_the_debounce_and_not_before() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.ron");
    std::fs::write(&level, "one").unwrap();
    for kind in KINDS {
        let mut w = watcher(kind, std::slice::from_ref(&level));
        let t0 = Instant::now();
        assert!(!w.poll_changed(t0), "{:?}: nothing changed yet", w.mode());
        save(&level, &format!("{:?} was here", w.mode()));
        notice(&mut w, t0);
        assert!(!w.poll_changed(t0 + 100 * MS));
        assert!(!w.poll_changed(t0 + DEBOUNCE - MS));
        assert!(w.poll_changed(t0 + DEBOUNCE), "{:?}", w.mode());
        // Once per quiet spell.
        assert!(!w.poll_changed(t0 + 10 * DEBOUNCE));
        assert!(!w.pending());
    }
}

#[test]
fn a_burst_of_saves_gives_one_report() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.ron");
    std::fs::write(&level, "start").unwrap();
    for kind in KINDS {
        let mut w = watcher(kind, std::slice::from_ref(&level));
        let t0 = Instant::now();
        let mut reports = 0;
        // Five saves 100 ms apart: each restarts the quiet spell.
        for i in 0..5u32 {
            let now = t0 + i * 100 * MS;
            save(&level, &"x".repeat(10 + i as usize));
            reports += w.poll_changed(now) as u32;
            assert!(w.pending(), "{:?}: save {i} not noticed", w.mode());
        }
        let last = t0 + 400 * MS;
        for k in 1..=20u32 {
            reports += w.poll_changed(last + k * 50 * MS) as u32;
        }
        assert_eq!(reports, 1, "{:?}", w.mode());
    }
}

#[test]
fn a_mesh_file_is_watched_with_the_level() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.ron");
    std::fs::create_dir(dir.path().join("meshes")).unwrap();
    let mesh = dir.path().join("meshes").join("rock.ron");
    std::fs::write(&level, "level").unwrap();
    std::fs::write(&mesh, "mesh").unwrap();
    for kind in KINDS {
        let mut w = watcher(kind, &[level.clone(), mesh.clone()]);
        let t0 = Instant::now();
        save(&mesh, &format!("mesh for {:?}", w.mode()));
        notice(&mut w, t0);
        assert!(w.poll_changed(t0 + DEBOUNCE));
    }
}

#[test]
fn watch_changes_the_set_and_keeps_what_is_due() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.ron");
    let b = dir.path().join("b.ron");
    let other = tempfile::tempdir().unwrap();
    let c = other.path().join("c.ron");
    for p in [&a, &b, &c] {
        std::fs::write(p, "0").unwrap();
    }
    for kind in KINDS {
        let mut w = watcher(kind, std::slice::from_ref(&a));
        let t0 = Instant::now();
        save(&a, &format!("{kind} {}", "a".repeat(3)));
        notice(&mut w, t0);
        // From now on `b` and `c` are watched instead; the save of `a` is still due.
        w.watch(&[b.clone(), c.clone()]).unwrap();
        assert_eq!(w.files().count(), 2);
        assert!(w.pending());
        assert!(w.poll_changed(t0 + DEBOUNCE), "{kind}");
        save(&a, "no longer watched");
        let t1 = t0 + 2 * DEBOUNCE;
        for k in 0..10u32 {
            assert!(!w.poll_changed(t1 + k * DEBOUNCE), "{kind}");
        }
        save(&c, &format!("in another folder, {kind}"));
        let t2 = t1 + 20 * DEBOUNCE;
        notice(&mut w, t2);
        assert!(w.poll_changed(t2 + DEBOUNCE));
    }
}

#[test]
fn a_save_between_the_reload_and_watch_is_still_reported() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.ron");
    std::fs::write(&level, "first").unwrap();
    for kind in KINDS {
        let mut w = watcher(kind, std::slice::from_ref(&level));
        let t0 = Instant::now();
        save(&level, &format!("second, {kind}"));
        notice(&mut w, t0);
        assert!(w.poll_changed(t0 + DEBOUNCE));
        // The reload reads the file here; then the designer saves again before the
        // watcher is pointed at the new level's files.
        save(&level, &format!("third and longer, {kind}"));
        w.watch(std::slice::from_ref(&level)).unwrap();
        let t1 = t0 + 2 * DEBOUNCE;
        notice(&mut w, t1);
        assert!(w.poll_changed(t1 + DEBOUNCE), "{kind}");
    }
}

#[test]
fn a_deleted_and_recreated_file_is_a_change() {
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("level.ron");
    std::fs::write(&level, "v1").unwrap();
    for kind in KINDS {
        let mut w = watcher(kind, std::slice::from_ref(&level));
        let t0 = Instant::now();
        // An editor that saves by writing a new file and renaming it over the old one.
        let temp = dir.path().join("level.ron.tmp");
        std::fs::write(&temp, format!("{:?} saved this", w.mode())).unwrap();
        std::fs::rename(&temp, &level).unwrap();
        std::thread::sleep(30 * MS);
        notice(&mut w, t0);
        assert!(w.poll_changed(t0 + DEBOUNCE));
    }
}

#[test]
fn nothing_or_a_missing_folder_cannot_be_watched() {
    assert_eq!(LevelWatcher::new(&[]).unwrap_err(), WatchError::NoFiles);
    let dir = tempfile::tempdir().unwrap();
    let lost = dir.path().join("no_such_folder").join("level.ron");
    let e = LevelWatcher::polling(std::slice::from_ref(&lost)).unwrap_err();
    assert_eq!(e, WatchError::NoFolder(lost));
    assert!(e.to_string().contains("folder does not exist"));
    // A file that does not exist yet, in a folder that does, can be watched.
    let later = dir.path().join("later.ron");
    let mut w = LevelWatcher::new(std::slice::from_ref(&later)).unwrap();
    let t0 = Instant::now();
    save(&later, "here now");
    notice(&mut w, t0);
    assert!(w.poll_changed(t0 + DEBOUNCE));
}
