//! The player's files in the user's config folder (settings, progress): where they live,
//! how they are written (atomically: a temporary file renamed over the old one, so a crash
//! mid-write never leaves half a file), and how an unusable one is set aside as a backup.

use std::path::{Path, PathBuf};

/// The game's config folder, the platform's own: on Linux `$XDG_CONFIG_HOME/cavefly`, else
/// `$HOME/.config/cavefly`; on macOS `~/Library/Application Support/cavefly`; on Windows
/// `%APPDATA%\cavefly\config`. None if the platform gives no home folder.
pub fn config_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "cavefly").map(|d| d.config_dir().to_path_buf())
}

/// Writes `text` (and a final newline) to `path` atomically, creating its folder. `what`
/// names the contents for the error ("the settings").
pub fn write_atomically(path: &Path, text: &str, what: &str) -> Result<(), String> {
    let shown = path.display();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("{shown}: cannot create its folder: {e}"))?;
    }
    let tmp = path.with_extension("ron.tmp");
    let write = || -> std::io::Result<()> {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.write_all(b"\n")?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{shown}: cannot write {what}: {e}")
    })
}

/// Most backups of one file kept side by side (`NAME.ron.bad`, `NAME.ron.bad2`, ...).
const MOST_BACKUPS: u32 = 99;

/// Renames an unusable file at `path` to `NAME.ron.bad`, or where that is taken by an
/// earlier one to the first free `NAME.ron.badN` (so no earlier backup is lost), and says
/// where it went (or why it could not be moved), for the notice shown to the player.
pub fn set_aside(path: &Path) -> String {
    let name = |n: u32| match n {
        1 => path.with_extension("ron.bad"),
        n => path.with_extension(format!("ron.bad{n}")),
    };
    let free = (1..=MOST_BACKUPS).map(name).find(|b| !b.exists());
    let backup = free.unwrap_or_else(|| name(MOST_BACKUPS));
    match std::fs::rename(path, &backup) {
        Ok(()) => format!("kept as {}", backup.display()),
        Err(e) => format!("and could not be set aside: {e}"),
    }
}

/// Reads `path`: `Ok(None)` if there is no such file, the text, or why it could not be read.
pub fn read_optional(path: &Path) -> Result<Option<String>, String> {
    match crate::level::read_text_file(path) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot be read: {e}")),
    }
}

/// Formats a RON error as `LINE:COL: message`.
pub fn ron_error(e: &ron::error::SpannedError) -> String {
    format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_unusable_file_does_not_replace_the_first_ones_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.ron");
        for text in ["first", "second", "third"] {
            std::fs::write(&path, text).unwrap();
            let said = set_aside(&path);
            assert!(said.starts_with("kept as "), "{said}");
            assert!(!path.exists());
        }
        let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
        assert_eq!(read("settings.ron.bad"), "first");
        assert_eq!(read("settings.ron.bad2"), "second");
        assert_eq!(read("settings.ron.bad3"), "third");
    }
}
