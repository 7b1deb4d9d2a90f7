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

/// Renames an unusable file at `path` to `NAME.ron.bad` and says where it went (or why it
/// could not be moved), for the notice shown to the player.
pub fn set_aside(path: &Path) -> String {
    let backup = path.with_extension("ron.bad");
    match std::fs::rename(path, &backup) {
        Ok(()) => format!("kept as {}", backup.display()),
        Err(e) => format!("and could not be set aside: {e}"),
    }
}

/// Reads `path`: `Ok(None)` if there is no such file, the text, or why it could not be read.
pub fn read_optional(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read_to_string(path) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot be read: {e}")),
    }
}

/// Formats a RON error as `LINE:COL: message`.
pub fn ron_error(e: &ron::error::SpannedError) -> String {
    format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code)
}
