//! `cavefly check FILE...`: load every level file (or mesh file) and report, per file, a
//! summary or every problem found.

use crate::brush::{Mesh, OutlinePolygon};
use crate::level::source_map::SourceMap;
use crate::level::{load_level, load_mesh, LevelErrors, LoadedLevel};
use std::fmt::Write;
use std::path::Path;

/// `n` and the noun, plural unless `n` is 1.
fn count(n: usize, noun: &str) -> String {
    match (n, noun.strip_suffix('y')) {
        (1, _) => format!("1 {noun}"),
        (_, None) if noun.ends_with("ex") => format!("{n} {}ices", &noun[..noun.len() - 2]),
        (_, Some(stem)) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

/// Most segments a level's rock should have: beyond it, loading and the line tree slow
/// down for detail no player sees (roughen with a longer wavelength).
pub const ROCK_SEGMENT_BUDGET: usize = 20_000;

/// One line summing up a level that loaded.
pub fn summary(l: &LoadedLevel) -> String {
    let holes: usize = l.world.solid.polygons.iter().map(|p| p.holes.len()).sum();
    let over = l.world.segments.len().saturating_sub(ROCK_SEGMENT_BUDGET);
    let budget = if over > 0 {
        format!(
            "; the rock is {over} segments over its budget of {ROCK_SEGMENT_BUDGET}: roughen with longer wavelengths"
        )
    } else {
        String::new()
    };
    format!(
        "OK: {} with {}, {} in {}, {}, {}, line tree of {} (depth {}), built in {:.1} ms{budget}",
        count(l.world.solid.polygons.len(), "solid polygon"),
        count(holes, "hole"),
        count(l.world.segments.len(), "segment"),
        count(l.world.chains.len(), "chain"),
        count(l.body_count(), "body"),
        count(l.level.zones.len(), "zone"),
        count(l.tree.node_count(), "node"),
        l.tree.depth(),
        l.build_time.as_secs_f64() * 1000.0,
    )
}

/// The report on one file from what loading it gave: its summary line, or a count of its
/// problems and each problem on its own line; and whether it loaded.
pub fn report(file: &Path, loaded: &Result<LoadedLevel, LevelErrors>) -> (String, bool) {
    let mut out = String::new();
    match loaded {
        Ok(level) => {
            let _ = writeln!(out, "{}: {}", file.display(), summary(level));
        }
        Err(errors) => {
            let n = errors.problems.len();
            let _ = writeln!(
                out,
                "{}: {n} error{}",
                file.display(),
                if n == 1 { "" } else { "s" }
            );
            for p in &errors.problems {
                let _ = writeln!(out, "  {p}");
            }
        }
    }
    (out, loaded.is_ok())
}

/// The report on one mesh file, as [`report`] gives for a level.
pub fn mesh_report(
    file: &Path,
    loaded: &Result<(Mesh, Vec<OutlinePolygon>), LevelErrors>,
) -> (String, bool) {
    match loaded {
        Ok((mesh, outline)) => {
            let holes: usize = outline.iter().map(|p| p.holes.len()).sum();
            let line = format!(
                "{}: OK: mesh of {} and {}, outlined to {} with {}\n",
                file.display(),
                count(mesh.vertices.len(), "vertex"),
                count(mesh.triangles.len(), "triangle"),
                count(outline.len(), "polygon"),
                count(holes, "hole"),
            );
            (line, true)
        }
        Err(errors) => {
            let mut out = format!(
                "{}: {} error{}\n",
                file.display(),
                errors.problems.len(),
                if errors.problems.len() == 1 { "" } else { "s" }
            );
            for p in &errors.problems {
                let _ = writeln!(out, "  {p}");
            }
            (out, false)
        }
    }
}

/// Whether `file` holds a mesh (a top-level `vertices` field and no `version`) rather than
/// a level.
fn is_mesh_file(file: &Path) -> bool {
    crate::level::read_text_file(file).is_ok_and(|text| {
        let map = SourceMap::new(&text);
        map.field_key("vertices").is_some() && map.field_key("version").is_none()
    })
}

/// Checks every file; returns the report and whether every file is OK. A level file is
/// checked by loading it exactly as the game does; a mesh file (`assets/meshes/*.ron`) by
/// reading and outlining it as a level that uses it would.
pub fn check_files<P: AsRef<Path>>(files: &[P]) -> (String, bool) {
    let mut out = String::new();
    let mut all_ok = true;
    for file in files {
        let file = file.as_ref();
        let (text, ok) = if is_mesh_file(file) {
            mesh_report(file, &load_mesh(file))
        } else {
            report(file, &load_level(file))
        };
        out.push_str(&text);
        all_ok &= ok;
    }
    (out, all_ok)
}
