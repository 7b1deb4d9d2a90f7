//! Level errors: every problem of a file, each with where it is and what was expected.

use std::fmt;
use std::path::PathBuf;

/// One problem in a level file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file.
    pub file: PathBuf,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
    /// The item path (`debris[7].shape`), empty for syntax errors.
    pub item: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file.display(), self.line, self.col)?;
        if !self.item.is_empty() {
            write!(f, "{}: ", self.item)?;
        }
        f.write_str(&self.message)
    }
}

/// Every problem found in a level file, in file order (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelErrors {
    /// The problems.
    pub problems: Vec<Problem>,
}

impl fmt::Display for LevelErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LevelErrors {}
