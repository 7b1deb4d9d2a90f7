//! Level format versions: an older level file's text is upgraded to the current format
//! before it is parsed, so levels written for an earlier Cavefly keep loading.
//!
//! A step rewrites the text in place without moving anything: a renamed field is padded
//! with spaces to its old length. Every line and column an error names is therefore the one
//! in the file the designer wrote, and item paths are given back in the file's own words.
//!
//! The versions:
//! - 1: the first format.
//! - 2: a flair's heading is `angle`, as it is for debris, enemies, the player start and
//!   spawned templates (version 1 called it `rotation`). Nothing else changed.

use super::error::{LevelErrors, Problem};
use super::schema::LEVEL_VERSION;
use super::source_map::{Position, SourceMap};
use std::path::Path;

/// The oldest level version this build can still read (by upgrading it).
pub const OLDEST_LEVEL_VERSION: u32 = 1;

/// A level file's text in the current format, and what was changed to get there.
#[derive(Debug)]
pub(super) struct Migrated {
    /// The text to parse: the file's own text if it was already current.
    pub text: String,
    /// The version the file was written in, when it was older and has been upgraded.
    pub upgraded_from: Option<u32>,
    /// Fields renamed on the way, as (path now, path in the file).
    renamed: Vec<(String, String)>,
}

impl Migrated {
    /// `item` (a path in the current format) as the file spells it: `flair[0].angle` in a
    /// version 1 file is `flair[0].rotation`.
    pub fn item_as_written(&self, item: &str) -> String {
        for (now, was) in &self.renamed {
            if let Some(rest) = item.strip_prefix(now.as_str()) {
                if rest.is_empty() || rest.starts_with(['.', '[']) {
                    return format!("{was}{rest}");
                }
            }
        }
        item.to_string()
    }

    /// `errors` with every item path as the file spells it.
    pub fn as_written(&self, mut errors: LevelErrors) -> LevelErrors {
        for p in &mut errors.problems {
            p.item = self.item_as_written(&p.item);
        }
        errors
    }
}

/// What is wrong with a level's `version`, or `None` if this build reads it.
pub fn version_problem(version: u32) -> Option<String> {
    if version > LEVEL_VERSION {
        Some(format!(
            "this level file is version {version}, newer than this game, which reads level \
             versions {OLDEST_LEVEL_VERSION} to {LEVEL_VERSION}; expected a newer Cavefly to open it"
        ))
    } else if version < OLDEST_LEVEL_VERSION {
        Some(format!(
            "unsupported level version {version}: expected {OLDEST_LEVEL_VERSION} to {LEVEL_VERSION}"
        ))
    } else {
        None
    }
}

/// Upgrades `source`, the text of the level file `file`, to the current format. A file
/// from a newer Cavefly is refused here; a file whose version cannot be read is passed on
/// unchanged for the parser and the validator to report.
pub(super) fn migrate(source: &str, file: &Path) -> Result<Migrated, LevelErrors> {
    let map = SourceMap::new(source);
    let mut out = Migrated {
        text: source.to_string(),
        upgraded_from: None,
        renamed: Vec::new(),
    };
    let Some((at, end)) = map.span("version") else {
        return Ok(out);
    };
    // Read the number as RON reads it (`0x2` and `1_0` are numbers too).
    let Some(version) =
        text_between(source, at, end).and_then(|t| ron::from_str::<u32>(t.trim()).ok())
    else {
        return Ok(out);
    };
    if version > LEVEL_VERSION {
        return Err(LevelErrors {
            problems: vec![Problem {
                file: file.to_path_buf(),
                line: at.line,
                col: at.col,
                item: "version".to_string(),
                message: version_problem(version).unwrap_or_default(),
            }],
        });
    }
    if !(OLDEST_LEVEL_VERSION..LEVEL_VERSION).contains(&version) {
        return Ok(out);
    }
    // Each step reads the text as the previous one left it; positions never move.
    for from in version..LEVEL_VERSION {
        if from == 1 {
            flair_rotation_to_angle(&mut out);
        }
    }
    out.upgraded_from = Some(version);
    Ok(out)
}

/// Version 1 → 2: `flair[i].rotation` becomes `flair[i].angle`.
fn flair_rotation_to_angle(m: &mut Migrated) {
    let map = SourceMap::new(&m.text);
    for i in 0..map.item_count("flair") {
        let was = format!("flair[{i}].rotation");
        if let Some(key) = map.field_key(&was) {
            if replace_word(&mut m.text, key, "rotation", "angle") {
                m.renamed.push((format!("flair[{i}].angle"), was));
            }
        }
    }
}

/// Replaces the word `old` that starts at `at` with `new` padded by spaces to the same
/// length; false (and nothing changed) if `old` is not there.
fn replace_word(text: &mut String, at: Position, old: &str, new: &str) -> bool {
    let Some(start) = byte_offset(text, at) else {
        return false;
    };
    if !text[start..].starts_with(old) || new.len() > old.len() {
        return false;
    }
    let padded = format!("{new:<width$}", width = old.len());
    text.replace_range(start..start + old.len(), &padded);
    true
}

/// The byte offset of a line and column (columns count characters).
fn byte_offset(text: &str, at: Position) -> Option<usize> {
    let line_start = if at.line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(at.line - 2)?.0 + 1
    };
    let line = &text[line_start..];
    let col = line
        .char_indices()
        .nth(at.col.checked_sub(1)?)
        .map(|(i, _)| i)?;
    Some(line_start + col)
}

/// The text from `at` up to (not including) `end`.
fn text_between(text: &str, at: Position, end: Position) -> Option<&str> {
    let a = byte_offset(text, at)?;
    let b = byte_offset(text, end).unwrap_or(text.len());
    text.get(a..b.max(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    const V1: &str = "(\n  version: 1,\n  flair: [\n    (name: \"a\", rotation: 0.5),\n    (name: \"b\"),\n    (rotation: 2, name: \"c\"),\n  ],\n)\n";

    #[test]
    fn renames_flair_rotation_keeping_every_position() {
        let m = migrate(V1, Path::new("old.ron")).unwrap();
        assert_eq!(m.upgraded_from, Some(1));
        assert_eq!(m.text.len(), V1.len());
        assert!(m.text.contains("(name: \"a\", angle   : 0.5)"));
        assert!(m.text.contains("(angle   : 2, name: \"c\")"));
        assert!(!m.text.contains("rotation"));
        assert_eq!(m.item_as_written("flair[2].angle"), "flair[2].rotation");
        assert_eq!(m.item_as_written("flair[1].angle"), "flair[1].angle");
        assert_eq!(m.item_as_written("flair[0].angles"), "flair[0].angles");
    }

    #[test]
    fn current_and_unreadable_versions_pass_unchanged() {
        for src in [
            V1.replace("version: 1", "version: 2"),
            V1.replace("version: 1", "version: 0x2"),
            V1.replace("version: 1", "version: \"one\""),
            V1.replace("version: 1,", ""),
            "(version: 1".to_string(),
            String::new(),
        ] {
            let m = migrate(&src, Path::new("x.ron")).unwrap();
            assert!(m.text == src && m.renamed.is_empty(), "{src}");
        }
    }

    #[test]
    fn a_version_written_in_hex_is_read_as_ron_reads_it() {
        let m = migrate(
            &V1.replace("version: 1", "version: 0x1"),
            Path::new("x.ron"),
        )
        .unwrap();
        assert_eq!(m.upgraded_from, Some(1));
    }

    #[test]
    fn a_newer_version_is_refused_where_it_is_written() {
        let src = V1.replace("version: 1", "version: 99");
        let e = migrate(&src, Path::new("new.ron")).unwrap_err();
        let p = &e.problems[0];
        assert_eq!((p.line, p.col, p.item.as_str()), (2, 12, "version"));
        assert!(p.message.contains("newer than this game"), "{}", p.message);
    }

    #[test]
    fn positions_past_the_text_are_not_found() {
        assert_eq!(byte_offset("ab\ncd", Position { line: 2, col: 2 }), Some(4));
        assert_eq!(byte_offset("ab\ncd", Position { line: 3, col: 1 }), None);
        assert_eq!(byte_offset("ab\ncd", Position { line: 1, col: 9 }), None);
        assert_eq!(byte_offset("é\nx", Position { line: 1, col: 2 }), Some(2));
    }
}
