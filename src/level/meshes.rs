//! A level's flair meshes: each file found by the path rules of [`super::mesh_path`],
//! read, outlined and checked to stay within the world once placed. Problems in a mesh
//! file name that file, the line and column and the item (`triangles[4]`); the level's
//! problem names the flair item that uses it.

use super::entities::{Flair, MeshSource};
use super::error::LevelErrors;
use super::limits::{MAX_BRUSH_SIZE, MAX_COORDINATE};
use super::mesh_path::MeshFolders;
use super::organic::Scatter;
use super::read::{parse_ron, read_text};
use super::source_map::SourceMap;
use crate::brush::{mesh_outline, Mesh, OutlineError, OutlinePolygon};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The item of a mesh that an outline error is about (`triangles[3]`, `vertices[7]`).
fn outline_item(mesh: &Mesh, e: &OutlineError) -> String {
    match e {
        OutlineError::Empty if mesh.vertices.len() < 3 => "vertices".to_string(),
        OutlineError::NonFinite { index } => format!("vertices[{index}]"),
        OutlineError::IndexOutOfRange { triangle, .. } => format!("triangles[{triangle}]"),
        OutlineError::OpenPath { vertex, .. } => format!("vertices[{vertex}]"),
        _ => "triangles".to_string(),
    }
}

/// The outline of an inline mesh, or the mesh item at fault under `item`
/// (`flair[2].mesh.triangles[3]`) with what is wrong.
fn inline_outline(mesh: &Mesh, item: &str) -> Result<Vec<OutlinePolygon>, (String, String)> {
    mesh_outline(mesh).map_err(|e| {
        (
            format!("{item}.{}", outline_item(mesh, &e)),
            format!("{e}; expected a closed triangle mesh"),
        )
    })
}

/// Reads and parses a mesh file (see [`load_mesh`] for its outline too).
pub fn load_mesh_file(path: &Path) -> Result<Mesh, LevelErrors> {
    parse_ron(&read_text(path)?, path)
}

/// Reads, parses and outlines the mesh file at `path`; a problem names the file, the line
/// and column and the item (`triangles[3]`).
pub fn load_mesh(path: &Path) -> Result<(Mesh, Vec<OutlinePolygon>), LevelErrors> {
    let text = read_text(path)?;
    let mesh: Mesh = parse_ron(&text, path)?;
    match mesh_outline(&mesh) {
        Ok(outline) => Ok((mesh, outline)),
        Err(e) => {
            let item = outline_item(&mesh, &e);
            let at = SourceMap::new(&text).locate(&item);
            Err(LevelErrors {
                problems: vec![super::error::Problem {
                    file: path.to_path_buf(),
                    line: at.line,
                    col: at.col,
                    item,
                    message: format!("{e}; expected a closed triangle mesh"),
                }],
            })
        }
    }
}

/// The outlines of a level's flair, one entry per item (empty where it failed), the mesh
/// files read, and the problems as (item path, message).
pub(super) struct FlairOutlines {
    /// Each flair item's outline in its mesh's frame.
    pub outlines: Vec<Vec<OutlinePolygon>>,
    /// The mesh outline of each shape that scatters dressing, in the order given.
    pub scatter: Vec<Vec<OutlinePolygon>>,
    /// Every mesh file read, by its real path, in path order (the order the content hash
    /// reads them in).
    pub files: Vec<PathBuf>,
    /// What went wrong, as (item path, message).
    pub problems: Vec<(String, String)>,
}

/// Mesh files read so far, each outlined once however many items use it.
struct MeshCache {
    folders: MeshFolders,
    read: BTreeMap<PathBuf, Result<Vec<OutlinePolygon>, String>>,
}

impl MeshCache {
    /// The outline of the mesh file `name`, or why it cannot be had.
    fn outline(&mut self, name: &str) -> Result<Vec<OutlinePolygon>, String> {
        let file = self.folders.resolve(name)?;
        self.read
            .entry(file.clone())
            .or_insert_with(|| {
                load_mesh(&file)
                    .map(|(_, outline)| outline)
                    .map_err(|mut e| {
                        for p in &mut e.problems {
                            p.file = shown(&p.file);
                        }
                        format!("in mesh file {e}")
                    })
            })
            .clone()
    }
}

/// Outlines every flair item of the level at `level_file`, and the mesh of each scattering
/// shape in `scatter` (its item path and its scatter).
pub(super) fn flair_outlines(
    flair: &[Flair],
    scatter: &[(String, &Scatter)],
    level_file: &Path,
) -> FlairOutlines {
    let mut cache = MeshCache {
        folders: MeshFolders::for_level(level_file),
        read: BTreeMap::new(),
    };
    let mut out = FlairOutlines {
        outlines: Vec::with_capacity(flair.len()),
        scatter: Vec::with_capacity(scatter.len()),
        files: Vec::new(),
        problems: Vec::new(),
    };
    for (i, f) in flair.iter().enumerate() {
        let item = format!("flair[{i}].mesh");
        let outline = match &f.mesh {
            MeshSource::File(name) => cache.outline(name).map_err(|m| (item.clone(), m)),
            MeshSource::Inline(mesh) => inline_outline(mesh, &item),
        };
        let placed = outline.and_then(|o| placed_within_world(f, o).map_err(|m| (item, m)));
        match placed {
            Ok(o) => out.outlines.push(o),
            Err(problem) => {
                out.problems.push(problem);
                out.outlines.push(Vec::new());
            }
        }
    }
    for (path, sc) in scatter {
        let item = format!("{path}.scatter.mesh");
        // A bare file name may name a shipped mesh: `stalactite.ron`.
        let outline = cache.outline(&sc.mesh).or_else(|first| {
            if sc.mesh.contains('/') {
                return Err(first);
            }
            cache
                .outline(&format!("meshes/{}", sc.mesh))
                .map_err(|_| first)
        });
        match outline.and_then(|o| scattered_size(sc, o)) {
            Ok(o) => out.scatter.push(o),
            Err(message) => {
                out.problems.push((item, message));
                out.scatter.push(Vec::new());
            }
        }
    }
    out.files = cache.read.into_keys().collect();
    out
}

/// `outline` if, at the scatter's largest scale, no copy reaches farther from its origin
/// than a world brush may be wide.
fn scattered_size(
    sc: &Scatter,
    outline: Vec<OutlinePolygon>,
) -> Result<Vec<OutlinePolygon>, String> {
    let reach = outline
        .iter()
        .flat_map(|p| p.outer.iter())
        .map(|v| v.length())
        .fold(0.0, f64::max);
    let placed = reach * sc.scale.1;
    if placed.is_finite() && placed <= MAX_BRUSH_SIZE {
        Ok(outline)
    } else {
        Err(format!(
            "at scale {} the mesh reaches {placed:e} m from its origin; expected at most {MAX_BRUSH_SIZE} m",
            sc.scale.1
        ))
    }
}

/// `file` (a real path) as a person would write it: from the current folder when it lies
/// below it.
fn shown(file: &Path) -> PathBuf {
    std::env::current_dir()
        .and_then(|d| d.canonicalize())
        .ok()
        .and_then(|d| file.strip_prefix(d).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| file.to_path_buf())
}

/// `outline` if, placed as `f` says, it stays within the world's coordinate range.
fn placed_within_world(
    f: &Flair,
    outline: Vec<OutlinePolygon>,
) -> Result<Vec<OutlinePolygon>, String> {
    let reach = outline
        .iter()
        .flat_map(|p| p.outer.iter())
        .map(|v| v.abs().max_element())
        .fold(0.0, f64::max);
    let placed = f.position.abs().max_element() + f.scale.abs() * reach * std::f64::consts::SQRT_2;
    if placed.is_finite() && placed <= MAX_COORDINATE {
        Ok(outline)
    } else {
        Err(format!(
            "the placed mesh reaches {placed:e} m from the origin; expected it within ±{MAX_COORDINATE} m"
        ))
    }
}
