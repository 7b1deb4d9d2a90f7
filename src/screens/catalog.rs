//! The level list behind the title screen: every `*.ron` file of the levels folder, in
//! file-name order (so `01_…`, `02_…` play in sequence), with the name and description each
//! file gives (and its par time and campaign world). Only those fields are read here; a file that cannot even give them is
//! listed with the reason, so the player sees it rather than a silently shorter list.

use crate::level::WorldKind;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One level of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelEntry {
    /// The file.
    pub path: PathBuf,
    /// Its file name, the key progress is kept under.
    pub file: String,
    /// The name shown to the player (the file name when unreadable).
    pub name: String,
    /// A line or two about it.
    pub description: String,
    /// Why its name could not be read, if it could not.
    pub problem: Option<String>,
    /// Its par time in milliseconds, if it has one (medals are won against it).
    pub par_ms: Option<u64>,
    /// The campaign world it belongs to.
    pub world: WorldKind,
}

/// The levels, in play order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalog {
    /// The folder they came from.
    pub dir: PathBuf,
    /// The levels.
    pub levels: Vec<LevelEntry>,
}

/// The two fields of a level file the list shows; the rest is skipped unread.
#[derive(Deserialize)]
struct Header {
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default, deserialize_with = "written_bare")]
    par: Option<f64>,
    #[serde(default)]
    world: WorldHeader,
}

/// An optional number written without `Some`, as level files write them.
fn written_bare<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    f64::deserialize(d).map(Some)
}

/// The one field of a level's `world` section the list reads.
#[derive(Deserialize, Default)]
struct WorldHeader {
    #[serde(default)]
    kind: WorldKind,
}

impl LevelEntry {
    /// Reads the name and description of the level file at `path`.
    pub fn read(path: &Path) -> LevelEntry {
        let file = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let header = crate::level::read_text_file(path)
            .map_err(|e| format!("cannot be read: {e}"))
            .and_then(|t| {
                ron::from_str::<Header>(&t)
                    .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))
            });
        let (name, description, par, world, problem) = match header {
            Ok(h) => (h.name, h.description, h.par, h.world.kind, None),
            Err(e) => (
                file.clone(),
                String::new(),
                None,
                WorldKind::default(),
                Some(e),
            ),
        };
        let par_ms = par
            .filter(|p| p.is_finite() && *p > 0.0)
            .map(|p| (p * 1000.0).round() as u64);
        LevelEntry {
            path: path.to_path_buf(),
            file,
            name,
            description,
            problem,
            par_ms,
            world,
        }
    }
}

impl Catalog {
    /// Lists the level files of `dir` in file-name order; an unreadable folder is an error.
    pub fn scan(dir: &Path) -> Result<Catalog, String> {
        let paths = crate::level::shipped::ron_files(dir)?;
        Ok(Catalog {
            dir: dir.to_path_buf(),
            levels: paths.iter().map(|p| LevelEntry::read(p)).collect(),
        })
    }

    /// The file names, in order (what [`super::progress::Progress::is_unlocked`] takes).
    pub fn files(&self) -> Vec<String> {
        self.levels.iter().map(|l| l.file.clone()).collect()
    }

    /// The index of the level whose file is `path`, compared by file name within this
    /// catalogue's folder (so `levels/01.ron` and `./levels/01.ron` agree).
    pub fn index_of(&self, path: &Path) -> Option<usize> {
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
        self.levels.iter().position(|l| same(&l.path, path))
    }
}

/// Where the shipped levels are: a `levels/` folder on disk, else the copy built into the
/// program (see [`crate::level::shipped`]).
pub fn find_levels_dir() -> Result<PathBuf, String> {
    crate::level::shipped::levels_dir()
}

/// The catalogue as `cavefly levels` prints it: the folder, then one line per level (file,
/// name, description, or why it cannot be read).
pub fn describe(catalog: &Catalog) -> String {
    let mut out = format!("levels in {}:\n", catalog.dir.display());
    for l in &catalog.levels {
        match &l.problem {
            Some(p) => out.push_str(&format!("  {}: cannot be read: {p}\n", l.file)),
            None if l.description.is_empty() => {
                out.push_str(&format!("  {}: {}\n", l.file, l.name))
            }
            None => out.push_str(&format!("  {}: {}: {}\n", l.file, l.name, l.description)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_levels_are_listed_in_file_order_with_their_names() {
        let c = Catalog::scan(Path::new("levels")).unwrap();
        assert!(c.levels.len() >= 2, "{c:?}");
        let files = c.files();
        let mut sorted = files.clone();
        sorted.sort();
        assert_eq!(files, sorted);
        assert!(c.levels.iter().all(|l| l.problem.is_none()), "{c:?}");
        // Each entry carries the name and description its file gives.
        for (i, l) in c.levels.iter().enumerate() {
            let level = crate::level::load_level(&l.path).unwrap();
            assert_eq!(l.name, level.level.name);
            assert_eq!(l.description, level.level.description);
            assert_eq!(l.world, level.level.world.kind);
            let par = level.level.par.map(|p| (p * 1000.0).round() as u64);
            assert_eq!(l.par_ms, par);
            let dotted = Path::new(".").join(&l.path);
            assert_eq!(c.index_of(&dotted), Some(i));
        }
        assert_eq!(c.index_of(Path::new("Cargo.toml")), None);
    }

    #[test]
    fn an_unreadable_level_is_listed_with_its_problem() {
        let dir = std::env::temp_dir().join(format!("cavefly-catalog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("b.ron"),
            "(version: 1, name: \"Bee\", par: 61.25, world: (kind: Ice, rock: []))",
        )
        .unwrap();
        std::fs::write(dir.join("a.ron"), "(version: 1, nam").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a level").unwrap();
        let c = Catalog::scan(&dir).unwrap();
        assert_eq!(c.files(), ["a.ron", "b.ron"]);
        assert_eq!(c.levels[0].name, "a.ron");
        assert!(c.levels[0].problem.as_deref().unwrap().starts_with("1:"));
        assert_eq!(c.levels[1].name, "Bee");
        assert_eq!(
            (c.levels[1].par_ms, c.levels[1].world),
            (Some(61_250), WorldKind::Ice)
        );
        assert_eq!(c.levels[0].world, WorldKind::Mines);
        assert!(Catalog::scan(&dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
