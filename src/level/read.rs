//! Reading RON files: bytes to text, text to a value, each problem with the file, the line
//! and column and the item the parser stopped in.

use super::error::{LevelErrors, Problem};
use super::ron_message::describe;
use super::scan::unbalanced_bracket;
use super::source_map::{Position, SourceMap};
use std::path::Path;

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
pub(super) fn read_text(path: &Path) -> Result<String, LevelErrors> {
    let bytes = super::file_read::read_file(path)
        .map_err(|e| one(path, 1, 1, format!("cannot read the file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let text = std::str::from_utf8(valid).unwrap_or("");
        let line = 1 + text.matches('\n').count();
        let col = 1 + text.rsplit('\n').next().map_or(0, |l| l.chars().count());
        let mut errors = one(
            path,
            line,
            col,
            "the file is not valid UTF-8 text: expected a RON text file".to_string(),
        );
        // The item the text stops being text in, found in the part before (whose last
        // character is the one before the bad byte).
        let last = Position {
            line,
            col: (col - 1).max(1),
        };
        errors.problems[0].item = SourceMap::new(text).path_at(last);
        errors
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
        let map = SourceMap::new(source);
        if let Some((at, message)) = unbalanced_bracket(source) {
            let mut errors = one(
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
            errors.problems[0].item = map.path_at(at);
            return errors;
        }
        // Name the item the parser stopped in, found by a light scan of the text; a missing
        // field is named as the item it would have been.
        let at = Position {
            line: e.span.start.line.max(1),
            col: e.span.start.col.max(1),
        };
        let mut errors = one(file, at.line, at.col, describe(&e.code));
        let mut item = map.path_at(at);
        if let ron::Error::MissingStructField { field, .. } = &e.code {
            if !item.is_empty() {
                item.push('.');
            }
            item.push_str(field);
        }
        errors.problems[0].item = item;
        errors
    })
}
