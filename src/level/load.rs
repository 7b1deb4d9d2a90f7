//! Loading a level file: read, parse (RON), validate, read and outline its meshes, build.
//! Every problem is collected; none panics.

use super::build::{build_world, LoadedLevel};
use super::entities::MeshSource;
use super::error::{LevelErrors, Problem};
use super::ron_message::describe;
use super::scan::unbalanced_bracket;
use super::schema::{Level, LEVEL_VERSION};
use super::source_map::{Position, SourceMap};
use super::validate::validate;
use super::validate_shapes::MAX_COORDINATE;
use crate::brush::{mesh_outline, Mesh, OutlinePolygon};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn one(file: &Path, line: usize, col: usize, message: String) -> LevelErrors {
    LevelErrors {
        problems: vec![Problem {
            file: file.to_path_buf(),
            line,
            col,
            item: String::new(),
            message,
        }],
    }
}

/// Reads a file as UTF-8, or says where it stops being text.
fn read_text(path: &Path) -> Result<String, LevelErrors> {
    let bytes =
        std::fs::read(path).map_err(|e| one(path, 1, 1, format!("cannot read the file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let text = std::str::from_utf8(valid).unwrap_or("");
        let line = 1 + text.matches('\n').count();
        let col = 1 + text.rsplit('\n').next().map_or(0, |l| l.chars().count());
        one(
            path,
            line,
            col,
            "the file is not valid UTF-8 text: expected a RON text file".to_string(),
        )
    })
}

/// Parses `source`, the text of `file`, as RON into `T`; a problem names the file, the line
/// and column, the item the parser stopped in, and what was expected.
pub fn parse_ron<T: serde::de::DeserializeOwned>(
    source: &str,
    file: &Path,
) -> Result<T, LevelErrors> {
    ron::Options::default().from_str(source).map_err(|e| {
        // A bracket out of place confuses the parser into a vaguer message further on: say
        // which bracket is wrong instead, and keep the parser's words.
        if let Some((at, message)) = unbalanced_bracket(source) {
            return one(
                file,
                at.line,
                at.col,
                format!(
                    "{message} (the parser said at {}:{}: {})",
                    e.span.start.line,
                    e.span.start.col,
                    describe(&e.code)
                ),
            );
        }
        // Name the item the parser stopped in, found by a light scan of the text.
        let at = Position {
            line: e.span.start.line.max(1),
            col: e.span.start.col.max(1),
        };
        let mut errors = one(file, at.line, at.col, describe(&e.code));
        errors.problems[0].item = SourceMap::new(source).path_at(at);
        errors
    })
}

/// Loads, validates and builds the level at `path`.
pub fn load_level(path: &Path) -> Result<LoadedLevel, LevelErrors> {
    let start = Instant::now();
    let source = read_text(path)?;
    let mut loaded = load_level_source(&source, path)?;
    loaded.build_time = start.elapsed();
    Ok(loaded)
}

/// Reads and parses a mesh file.
pub fn load_mesh_file(path: &Path) -> Result<Mesh, LevelErrors> {
    parse_ron(&read_text(path)?, path)
}

/// Loads `source` as the text of the level file `path` (meshes are found relative to the
/// file's folder), validates it and builds it.
pub fn load_level_source(source: &str, path: &Path) -> Result<LoadedLevel, LevelErrors> {
    let start = Instant::now();
    let migrated = super::migrate::migrate(source, path)?;
    let mut level: Level = parse_ron(&migrated.text, path).map_err(|e| migrated.as_written(e))?;
    if migrated.upgraded_from.is_some() {
        level.version = LEVEL_VERSION;
    }
    let mut problems = validate(&level);
    let base = path.parent().unwrap_or(Path::new("."));
    let mut files: BTreeMap<PathBuf, Result<Vec<OutlinePolygon>, String>> = BTreeMap::new();
    let mut outlines = Vec::with_capacity(level.flair.len());
    for (i, f) in level.flair.iter().enumerate() {
        let outline = match &f.mesh {
            MeshSource::File(name) => {
                let file = base.join(name);
                files
                    .entry(file.clone())
                    .or_insert_with(|| mesh_file_outline(&file))
                    .clone()
            }
            MeshSource::Inline(mesh) => {
                mesh_outline(mesh).map_err(|e| format!("{e}; expected a closed triangle mesh"))
            }
        };
        // A mesh whose placed outline leaves the world's coordinate range is an error too.
        let outline = outline.and_then(|o| {
            let reach = o.iter().flat_map(|p| p.outer.iter()).map(|v| v.abs().max_element()).fold(0.0, f64::max);
            let placed = f.position.abs().max_element() + f.scale.abs() * reach * std::f64::consts::SQRT_2;
            if placed.is_finite() && placed <= MAX_COORDINATE {
                Ok(o)
            } else {
                Err(format!("the placed mesh reaches {placed:e} m from the origin; expected it within ±{MAX_COORDINATE} m"))
            }
        });
        match outline {
            Ok(o) => outlines.push(o),
            Err(message) => {
                problems.push((format!("flair[{i}].mesh"), message));
                outlines.push(Vec::new());
            }
        }
    }
    if problems.is_empty() {
        let (world, tree) = build_world(&level, &outlines);
        // Bodies must start in open space: the ship and every piece of debris.
        let single = level
            .player_start
            .iter()
            .map(|s| ("player_start.position".to_string(), s.position));
        let several = level
            .player_starts
            .iter()
            .enumerate()
            .map(|(i, s)| (format!("player_starts[{i}].position"), s.position));
        let starts = single.chain(several).chain(
            level
                .debris
                .iter()
                .enumerate()
                .map(|(i, d)| (format!("debris[{i}].position"), d.position)),
        );
        for (item, at) in starts {
            if world.solid.contains(at) {
                problems.push((
                    item,
                    format!(
                        "({}, {}) is inside solid rock; expected a point in open space",
                        at.x, at.y
                    ),
                ));
            }
        }
        if problems.is_empty() {
            // The content hash covers the level's text and every mesh file it read, so a
            // replay can tell that it was recorded against this exact level.
            let mut hash = crate::hash::Fnv1a::new();
            hash.write(source.as_bytes());
            let mut sources = vec![path.to_path_buf()];
            for file in files.keys() {
                hash.write(&std::fs::read(file).unwrap_or_default());
                sources.push(file.clone());
            }
            return Ok(LoadedLevel {
                file: path.to_path_buf(),
                level,
                world,
                tree,
                build_time: start.elapsed(),
                content_hash: hash.finish(),
                sources,
            });
        }
    }
    // The upgraded text has every item where the file has it.
    let map = SourceMap::new(&migrated.text);
    let mut problems: Vec<Problem> = problems
        .into_iter()
        .map(|(item, message)| {
            let at = map.locate(&item);
            Problem {
                file: path.to_path_buf(),
                line: at.line,
                col: at.col,
                item: migrated.item_as_written(&item),
                message,
            }
        })
        .collect();
    problems.sort_by_key(|p| (p.line, p.col));
    Err(LevelErrors { problems })
}

fn mesh_file_outline(file: &Path) -> Result<Vec<OutlinePolygon>, String> {
    if !file.is_file() {
        return Err(format!(
            "mesh file not found: tried `{}`; expected a path relative to the level file's folder",
            file.display()
        ));
    }
    let mesh = load_mesh_file(file).map_err(|e| format!("in mesh file {e}"))?;
    mesh_outline(&mesh).map_err(|e| {
        format!(
            "mesh file `{}`: {e}; expected a closed triangle mesh",
            file.display()
        )
    })
}
