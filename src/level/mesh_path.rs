//! Where a level may read mesh files: its own folder and the game's assets folder, nothing
//! else.
//!
//! A mesh path is relative, with `/` between folders. It is looked up in the level file's
//! folder, then in the game's assets folder, and must end up inside one of them after `..`
//! and symbolic links are followed. The game's assets folder is one on disk (beside the
//! levels, in the current folder or beside the program), else the copy built into the
//! program ([`super::shipped::builtin_asset`]), so the same level finds the same meshes
//! from any folder. A path that is absolute or leads elsewhere is refused
//! before the file is opened, so a level cannot make the game read, or echo in an error,
//! a file outside those folders.

use std::path::{Component, Path, PathBuf};

/// A folder mesh files may come from: as the user named it (for messages) and as it really
/// is (for the containment check).
#[derive(Clone, Debug)]
struct Folder {
    shown: PathBuf,
    real: PathBuf,
}

impl Folder {
    fn new(shown: PathBuf) -> Folder {
        let real = real_path(&shown);
        Folder { shown, real }
    }
}

/// The folders a level's mesh files may come from.
#[derive(Clone, Debug)]
pub struct MeshFolders {
    level: Folder,
    assets: Vec<Folder>,
}

/// `path` with every symbolic link and `..` resolved; for a path that does not exist, the
/// absolute path with `.` and `..` removed by name.
fn real_path(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        lexical(&absolute)
    })
}

/// `path` with `.` dropped and each `..` removing the name before it, by name only.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether `name` starts at a root or a drive (`/x`, `\x`, `C:x`), whatever the platform.
fn is_absolute(name: &str) -> bool {
    let bytes = name.as_bytes();
    Path::new(name).has_root()
        || name.starts_with(['/', '\\'])
        || (bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':')
}

/// The game's assets folders on disk: `assets/` beside the level's folder (the game's own
/// layout puts `levels/` and `assets/` side by side), in the current folder, and beside
/// the program or up to three folders above it (a build inside the source tree).
fn assets_folders(level_dir: &Path) -> Vec<PathBuf> {
    let mut found = vec![level_dir.join("..").join("assets"), PathBuf::from("assets")];
    if let Ok(exe) = std::env::current_exe() {
        found.extend(exe.ancestors().skip(1).take(4).map(|d| d.join("assets")));
    }
    found.retain(|d| d.is_dir());
    found
}

impl MeshFolders {
    /// The folders the level file at `level_file` may read meshes from.
    pub fn for_level(level_file: &Path) -> MeshFolders {
        let dir = match level_file.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut assets: Vec<Folder> = Vec::new();
        for d in assets_folders(&dir) {
            let folder = Folder::new(d);
            if !assets.iter().any(|a| a.real == folder.real) {
                assets.push(folder);
            }
        }
        MeshFolders {
            level: Folder::new(dir),
            assets,
        }
    }

    fn holds(&self, path: &Path) -> bool {
        std::iter::once(&self.level)
            .chain(&self.assets)
            .any(|f| path.starts_with(&f.real))
    }

    /// The real path of the mesh file `name` names, or why it may not be read. Only file
    /// metadata is looked at, never the file's contents.
    pub fn resolve(&self, name: &str) -> Result<PathBuf, String> {
        let rule = "mesh paths are relative to the level file's folder and must stay inside it or the game's assets folder";
        if name.trim().is_empty() {
            return Err(format!("expected the path of a mesh file; {rule}"));
        }
        if is_absolute(name) {
            return Err(format!("`{name}` is an absolute path; {rule}"));
        }
        if name.contains('\\') {
            return Err(format!(
                "`{name}` separates folders with `\\`; mesh paths use `/`, on every system"
            ));
        }
        let relative = Path::new(name);
        let mut tried = Vec::new();
        let mut escapes = false;
        for folder in std::iter::once(&self.level).chain(&self.assets) {
            let by_name = lexical(&folder.real.join(relative));
            if !self.holds(&by_name) {
                escapes |= std::ptr::eq(folder, &self.level);
                continue;
            }
            let candidate = folder.real.join(relative);
            tried.push(folder.shown.join(relative));
            // Metadata follows links but reads nothing of the file.
            if !std::fs::metadata(&candidate).is_ok_and(|m| m.is_file()) {
                continue;
            }
            let real = candidate
                .canonicalize()
                .map_err(|e| format!("cannot resolve `{name}`: {e}"))?;
            if !self.holds(&real) {
                return Err(format!(
                    "`{name}` leads through a symbolic link to `{}`, outside the level's folder and the game's assets folder; {rule}",
                    real.display()
                ));
            }
            return Ok(real);
        }
        // Last of the game's assets folders: the copy built into the program.
        if let Some(found) = super::shipped::builtin_asset(relative) {
            return found;
        }
        if escapes && tried.is_empty() {
            return Err(format!(
                "`{name}` leads outside the level's folder `{}`; {rule}",
                self.level.shown.display()
            ));
        }
        let tried: Vec<String> = tried.iter().map(|p| format!("`{}`", p.display())).collect();
        Err(format!(
            "mesh file not found: tried {} and the meshes built into the game; expected a path relative to the level file's folder or to the game's assets folder",
            tried.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised_by_name_only() {
        assert_eq!(lexical(Path::new("/a/b/../c/./d")), PathBuf::from("/a/c/d"));
        assert_eq!(lexical(Path::new("/a/../../x")), PathBuf::from("/x"));
        for abs in ["/etc/passwd", "\\share\\x.ron", "C:/x.ron", "c:x.ron"] {
            assert!(is_absolute(abs), "{abs}");
        }
        for rel in ["meshes/a.ron", "../assets/a.ron", "ab:c.ron"] {
            assert!(!is_absolute(rel), "{rel}");
        }
    }
}
