//! The shipped levels and meshes, built into the program so that it plays from any folder.
//!
//! Where a level is looked for, in order: a `levels/` folder in the current folder, then
//! beside the program or up to three folders above it (a build inside the source tree),
//! the first of them that holds a level file: designers edit those files and see them
//! reload live. Where there is none, the copy built into the program is unpacked once into
//! the platform's data folder (on Linux `$XDG_DATA_HOME/cavefly/shipped-HASH/`, `HASH`
//! naming the content so an update unpacks afresh; the temporary folder where the data
//! folder cannot be written) as `levels/` and `assets/meshes/` side by side, exactly as in
//! the source tree.
//! The ship's definition is compiled in already (`game::ship_def`).
//!
//! Meshes follow one rule wherever a level comes from ([`super::MeshFolders`]): a mesh path
//! is relative to the level's folder or to the game's assets folder. The built-in copy is
//! the last of the game's assets folders: [`builtin_asset`] is asked only when no folder on
//! disk has the file, so a shipped level's `../assets/meshes/NAME.ron` and a designer's
//! `meshes/NAME.ron` find the built-in mesh from any folder, the bytes read are the same
//! as the source tree's, and a level's content hash, with it every replay, stays the same.
//!
//! The API for the rest of the game is [`levels_dir`] (the folder to list and load levels
//! from), [`campaign_levels`] and [`arena_levels`] (the shipped levels of each kind, the
//! arenas in `levels/arenas/`), [`resolve_level`] (a level named on the command line: a path, or the name of a
//! shipped level) and [`builtin_asset`] (for the mesh path rule).

use crate::hash::Fnv1a;
use include_dir::{include_dir, Dir};
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// The shipped levels.
static LEVELS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/levels");
/// The meshes they place.
static MESHES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/assets/meshes");

/// The folder of the arena levels, inside the levels folder: levels made for two or more
/// players, each with its match rules.
pub const ARENAS: &str = "arenas";

/// Every file under `dir`, its subfolders' included, as (path under `prefix`, contents).
fn walk(dir: &'static Dir<'static>, prefix: &str, out: &mut Vec<(PathBuf, &'static [u8])>) {
    for f in dir.files() {
        out.push((Path::new(prefix).join(f.path()), f.contents()));
    }
    for d in dir.dirs() {
        walk(d, prefix, out);
    }
}

/// Every built-in file as (path relative to the unpacked root, contents), in path order:
/// the campaign levels, the arenas (`levels/arenas/`) and the meshes.
pub fn files() -> Vec<(PathBuf, &'static [u8])> {
    let mut out = Vec::new();
    for (dir, prefix) in [(&LEVELS, "levels"), (&MESHES, "assets/meshes")] {
        walk(dir, prefix, &mut out);
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The level files of `dir` (not its subfolders), in file-name order; an unreadable
/// folder is an error.
pub fn ron_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: cannot list the levels: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// The campaign levels, in order: the files of [`levels_dir`].
pub fn campaign_levels() -> Result<Vec<PathBuf>, String> {
    ron_files(&levels_dir()?)
}

/// The arena levels, in file-name order: the files of [`levels_dir`]`/arenas`.
pub fn arena_levels() -> Result<Vec<PathBuf>, String> {
    ron_files(&levels_dir()?.join(ARENAS))
}

/// A name for this content: the same files give the same name.
fn content_name() -> String {
    let mut h = Fnv1a::new();
    for (path, bytes) in files() {
        h.write(path.to_string_lossy().as_bytes());
        h.write(bytes);
    }
    format!("shipped-{:016x}", h.finish())
}

/// A `levels/` folder on disk that holds levels: in the current folder, else beside the
/// program or up to three folders above it. A folder of that name with no level file in it
/// or in its `arenas/` (an empty one, or another program's, say in the home folder above an
/// installed program) does not hide the shipped levels.
pub fn levels_dir_on_disk() -> Option<PathBuf> {
    let beside_program = std::env::current_exe()
        .ok()
        .map(|exe| {
            exe.ancestors()
                .skip(1)
                .take(4)
                .map(|d| d.join("levels"))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    std::iter::once(PathBuf::from("levels"))
        .chain(beside_program)
        .find(|d| holds_levels(d))
}

/// Whether `dir` is a folder with a level file (`.ron`) in it or in its `arenas/`.
fn holds_levels(dir: &Path) -> bool {
    let any = |d: &Path| ron_files(d).is_ok_and(|files| !files.is_empty());
    dir.is_dir() && (any(dir) || any(&dir.join(ARENAS)))
}

/// Unpacks the built-in files under `root` (files already there with the same contents
/// are left alone); returns the unpacked `levels/` folder.
pub fn unpack(root: &Path) -> Result<PathBuf, String> {
    for (path, bytes) in files() {
        let target = root.join(&path);
        if super::file_read::read_file(&target).is_ok_and(|old| old == bytes) {
            continue;
        }
        let parent = target.parent().unwrap_or(root);
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("{}: cannot create the folder: {e}", parent.display()))?;
        // Written whole under another name, then renamed: a half-written level is never seen.
        let tmp = target.with_extension("ron.tmp");
        std::fs::write(&tmp, bytes)
            .and_then(|()| std::fs::rename(&tmp, &target))
            .map_err(|e| format!("{}: cannot unpack a shipped file: {e}", target.display()))?;
    }
    Ok(root.join("levels"))
}

/// Where the built-in copy may be unpacked, in order: the platform's data folder, then the
/// temporary folder (for a home that cannot be written to).
fn unpack_roots() -> Vec<PathBuf> {
    let data =
        directories::ProjectDirs::from("", "", "cavefly").map(|d| d.data_dir().to_path_buf());
    let temp = std::env::temp_dir().join("cavefly");
    data.into_iter()
        .chain([temp])
        .map(|base| base.join(content_name()))
        .collect()
}

/// The built-in copy, unpacked into the first of [`unpack_roots`] that takes it: once per
/// run of the program.
fn unpacked() -> Result<PathBuf, String> {
    static ROOT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    ROOT.get_or_init(|| {
        let mut why = Vec::new();
        for root in unpack_roots() {
            match unpack(&root) {
                Ok(_) => return Ok(root),
                Err(e) => why.push(e),
            }
        }
        Err(why.join("; "))
    })
    .clone()
}

/// The folder levels are listed and loaded from: one on disk if there is one, else the
/// built-in copy, unpacked.
pub fn levels_dir() -> Result<PathBuf, String> {
    match levels_dir_on_disk() {
        Some(dir) => Ok(dir),
        None => unpacked().map(|root| root.join("levels")),
    }
}

/// Where `relative`, a path inside the game's assets folder (`meshes/arch.ron`, or
/// `../assets/meshes/arch.ron` as a level beside `assets/` writes it), lies in the built-in
/// copy, if it names a built-in file; `..` is followed by name and may not leave the
/// assets folder.
fn builtin_asset_name(relative: &Path) -> Option<PathBuf> {
    let mut name = PathBuf::from("assets");
    for c in relative.components() {
        match c {
            Component::Normal(part) => name.push(part),
            Component::CurDir => {}
            Component::ParentDir if name.pop() => {}
            _ => return None,
        }
    }
    let inside = name.starts_with("assets") && name != Path::new("assets");
    (inside && files().iter().any(|(p, _)| *p == name)).then_some(name)
}

/// The built-in copy of the game's asset at `relative` (see [`builtin_asset_name`]),
/// unpacked, by its real path; none when the program has no such file, an error when it
/// has it but cannot unpack it.
pub fn builtin_asset(relative: &Path) -> Option<Result<PathBuf, String>> {
    let name = builtin_asset_name(relative)?;
    Some(unpacked().and_then(|root| {
        let file = root.join(name);
        file.canonicalize()
            .map_err(|e| format!("{}: cannot find the unpacked copy: {e}", file.display()))
    }))
}

/// The level file a command-line argument names: an existing path as it is, else the
/// shipped level — campaign level or arena — whose file is called that (with or without
/// `.ron`, e.g. `11_reactor` or `race_ring`).
/// A name that matches nothing is returned unchanged, for the loader to report.
pub fn resolve_level(arg: &Path) -> PathBuf {
    if arg.exists() || arg.components().count() != 1 {
        return arg.to_path_buf();
    }
    let file = if arg.extension().is_some_and(|x| x == "ron") {
        arg.to_path_buf()
    } else {
        arg.with_extension("ron")
    };
    let Ok(dir) = levels_dir() else {
        return arg.to_path_buf();
    };
    [dir.join(&file), dir.join(ARENAS).join(&file)]
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| arg.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_folder_with_a_level_file_counts_as_a_levels_folder() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("levels");
        assert!(!holds_levels(&dir), "no folder");
        std::fs::create_dir(&dir).unwrap();
        assert!(!holds_levels(&dir), "an empty folder");
        std::fs::write(dir.join("notes.txt"), "not a level").unwrap();
        std::fs::create_dir(dir.join("old.ron")).unwrap();
        std::fs::create_dir(dir.join(ARENAS)).unwrap();
        assert!(
            !holds_levels(&dir),
            "no level file, a folder named like one"
        );
        std::fs::write(dir.join(ARENAS).join("duel.ron"), "(").unwrap();
        assert!(holds_levels(&dir), "an arena, even a broken one");
        std::fs::remove_file(dir.join(ARENAS).join("duel.ron")).unwrap();
        std::fs::write(dir.join("mine.ron"), "(").unwrap();
        assert!(holds_levels(&dir), "a level being written");
    }

    #[test]
    fn every_shipped_level_and_mesh_is_built_in_unchanged() {
        let built_in = files();
        for folder in ["levels", "levels/arenas", "assets/meshes"] {
            for entry in std::fs::read_dir(folder).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|x| x == "ron") {
                    let found = built_in.iter().find(|(p, _)| *p == path);
                    let (_, bytes) =
                        found.unwrap_or_else(|| panic!("{} is not built in", path.display()));
                    assert_eq!(
                        *bytes,
                        std::fs::read(&path).unwrap().as_slice(),
                        "{}",
                        path.display()
                    );
                }
            }
        }
    }

    #[test]
    fn assets_are_found_in_the_built_in_copy_by_name_only_inside_the_assets_folder() {
        let arch = Some(PathBuf::from("assets/meshes/arch.ron"));
        for name in [
            "meshes/arch.ron",
            "./meshes/arch.ron",
            "../assets/meshes/arch.ron",
            "meshes/../meshes/arch.ron",
        ] {
            assert_eq!(builtin_asset_name(Path::new(name)), arch, "{name}");
        }
        for name in [
            "meshes/no_such_mesh.ron",
            "../levels/11_reactor.ron",
            "../../assets/meshes/arch.ron/..",
            "meshes",
            "",
            "/assets/meshes/arch.ron",
        ] {
            assert_eq!(builtin_asset_name(Path::new(name)), None, "{name}");
        }
    }

    #[test]
    fn the_unpacked_copy_loads_with_its_meshes_and_the_same_content_hash() {
        let root = tempfile::tempdir().unwrap();
        let dir = unpack(root.path()).unwrap();
        // Unpacking again over the same files leaves them as they are.
        assert_eq!(unpack(root.path()).unwrap(), dir);
        let mut names = Vec::new();
        let arenas = ron_files(&dir.join(ARENAS)).unwrap();
        assert_eq!(arenas.len(), 3, "{arenas:?}");
        for unpacked in ron_files(&dir).unwrap().into_iter().chain(arenas) {
            let name = unpacked.strip_prefix(&dir).unwrap().to_owned();
            let original = crate::level::load_level(&Path::new("levels").join(&name)).unwrap();
            let copy = crate::level::load_level(&unpacked).unwrap();
            assert_eq!(copy.content_hash, original.content_hash, "{name:?}");
            assert_eq!(
                copy.sources.len(),
                original.sources.len(),
                "{name:?}: its meshes"
            );
            names.push(name);
        }
        assert!(names.len() >= 8, "{names:?}");
    }
}
