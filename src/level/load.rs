//! Loading a level file: read, parse (RON), validate, read and outline its meshes, build,
//! and check that bodies start in open space. This is the one validator: `check`, the game
//! and live reload all load through it, so a level that loads always runs. Every problem is
//! collected; none panics.

use super::build::{build_world, scattering, LoadedLevel};
use super::entities::Enemy;
use super::error::{LevelErrors, Problem};
use super::meshes::flair_outlines;
use super::organic::Scatter;
use super::read::{parse_ron, read_text};
use super::schema::{Level, LEVEL_VERSION};
use super::script::Action;
use super::source_map::SourceMap;
use super::templates::Template;
use super::validate::validate;
use super::validate_shapes::show;
use crate::geom::Vec2;
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
    let flair = {
        let scatter: Vec<(String, &Scatter)> = scattering(&level)
            .into_iter()
            .map(|(item, _, sc)| (item, sc))
            .collect();
        flair_outlines(&level.flair, &scatter, path)
    };
    problems.extend(flair.problems);
    if problems.is_empty() {
        let (world, tree) = build_world(&level, &flair.outlines, &flair.scatter);
        for (item, at) in body_starts(&level) {
            if world.solid.contains(at) {
                problems.push((
                    item,
                    format!(
                        "{} is inside solid rock; expected a point in open space",
                        show(at)
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
                hash.write(&super::file_read::read_file(&file).unwrap_or_default());
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

/// Where moving bodies appear, each with its item: the ship (at the start and at every
/// checkpoint a script sets), every piece of debris, every drone, and every piece or drone a
/// script spawns. Each must be in open space, or the solver would shoot it out of the rock.
fn body_starts(level: &Level) -> Vec<(String, Vec2)> {
    let single = level
        .player_start
        .iter()
        .map(|s| ("player_start.position".to_string(), s.position));
    let several = level
        .player_starts
        .iter()
        .enumerate()
        .map(|(i, s)| (format!("player_starts[{i}].position"), s.position));
    let mut starts: Vec<(String, Vec2)> = single.chain(several).collect();
    for (i, d) in level.debris.iter().enumerate() {
        starts.push((format!("debris[{i}].position"), d.position));
    }
    for (i, e) in level.enemies.iter().enumerate() {
        if let Enemy::Drone(d) = e {
            starts.extend(
                d.path
                    .first()
                    .map(|p| (format!("enemies[{i}].path[0]"), *p)),
            );
        }
    }
    let moves = |name: &str| {
        level.templates.iter().any(|t| {
            t.name() == name && matches!(t, Template::Debris { .. } | Template::Drone { .. })
        })
    };
    for (z, zone) in level.zones.iter().enumerate() {
        for (k, action) in zone.actions.iter().enumerate() {
            let item = format!("zones[{z}].actions[{k}]");
            match action {
                Action::Spawn { template, at, .. } if moves(template) => {
                    starts.push((format!("{item}.at"), *at));
                }
                Action::Checkpoint { position, .. } => {
                    starts.push((format!("{item}.position"), *position));
                }
                _ => {}
            }
        }
    }
    starts
}
