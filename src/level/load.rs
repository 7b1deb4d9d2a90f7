//! Loading a level file: read, parse (RON), validate, read and outline its meshes, build,
//! and check that bodies start in open space. This is the one validator: `check`, the game
//! and live reload all load through it, so a level that loads always runs. Every problem is
//! collected; none panics.

use super::build::{build_world, LoadedLevel};
use super::error::{LevelErrors, Problem};
use super::meshes::flair_outlines;
use super::read::{parse_ron, read_text};
use super::schema::{Level, LEVEL_VERSION};
use super::source_map::SourceMap;
use super::validate::validate;
use std::path::Path;
use std::time::Instant;

/// Loads, validates and builds the level at `path`.
pub fn load_level(path: &Path) -> Result<LoadedLevel, LevelErrors> {
    let start = Instant::now();
    let source = read_text(path)?;
    let mut loaded = load_level_source(&source, path)?;
    loaded.build_time = start.elapsed();
    Ok(loaded)
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
    let flair = flair_outlines(&level.flair, path);
    problems.extend(flair.problems);
    let outlines = flair.outlines;
    if problems.is_empty() {
        let (world, tree) = build_world(&level, &outlines);
        // Bodies must start in open space: the ship and every piece of debris.
        let starts = std::iter::once((
            "player_start.position".to_string(),
            level.player_start.position,
        ))
        .chain(
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
            for file in flair.files {
                hash.write(&std::fs::read(&file).unwrap_or_default());
                sources.push(file);
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
