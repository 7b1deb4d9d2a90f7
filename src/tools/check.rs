//! `cavefly check FILE...`: load every level file and report, per file, a summary or every
//! problem found.

use crate::level::{load_level, LoadedLevel};
use std::fmt::Write;
use std::path::Path;

/// One line summing up a level that loaded.
pub fn summary(l: &LoadedLevel) -> String {
    let holes: usize = l.world.solid.polygons.iter().map(|p| p.holes.len()).sum();
    format!(
        "OK: {} solid polygons with {} holes, {} segments in {} chains, {} bodies, {} zones, line tree of {} nodes (depth {}), built in {:.1} ms",
        l.world.solid.polygons.len(),
        holes,
        l.world.segments.len(),
        l.world.chains.len(),
        l.body_count(),
        l.level.zones.len(),
        l.tree.node_count(),
        l.tree.depth(),
        l.build_time.as_secs_f64() * 1000.0,
    )
}

/// Checks every file; returns the report and whether every file is OK.
pub fn check_files<P: AsRef<Path>>(files: &[P]) -> (String, bool) {
    let mut out = String::new();
    let mut all_ok = true;
    for file in files {
        let file = file.as_ref();
        match load_level(file) {
            Ok(level) => {
                let _ = writeln!(out, "{}: {}", file.display(), summary(&level));
            }
            Err(errors) => {
                all_ok = false;
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
    }
    (out, all_ok)
}
