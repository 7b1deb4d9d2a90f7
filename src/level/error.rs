//! Level errors: every problem of a file, each with where it is and what was expected.

use std::fmt::{self, Write};
use std::path::{Path, PathBuf};

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

/// Problems written a line each.
struct Lines<'a>(&'a [Problem]);

impl fmt::Display for Lines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl fmt::Display for LevelErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Lines(&self.problems).fmt(f)
    }
}

impl std::error::Error for LevelErrors {}

impl LevelErrors {
    /// The first `most` problems, a line each. Where there are more, a first line counts
    /// them all and names the command that lists every one (`cavefly check level`): a
    /// file with thousands of problems reads as a few lines, the count first, where a
    /// panel that scrolls still shows it.
    pub fn first_lines(&self, most: usize, level: &Path) -> String {
        let total = self.problems.len();
        let shown = total.min(most);
        let mut out = String::new();
        if shown < total {
            let _ = writeln!(
                out,
                "{total} problems; the first {shown} follow (`cavefly check {}` lists every one):",
                level.display()
            );
        }
        let _ = write!(out, "{}", Lines(&self.problems[..shown]));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(n: usize) -> LevelErrors {
        LevelErrors {
            problems: (1..=n)
                .map(|line| Problem {
                    file: PathBuf::from("levels/x.ron"),
                    line,
                    col: 3,
                    item: format!("debris[{line}].density"),
                    message: "expected at least 0.01, got -1".into(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_long_list_counts_its_problems_first_and_shows_the_first_few() {
        let level = Path::new("levels/x.ron");
        let text = errors(40_000).first_lines(8, level);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9, "{text}");
        assert_eq!(
            lines[0],
            "40000 problems; the first 8 follow (`cavefly check levels/x.ron` lists every one):"
        );
        assert_eq!(
            lines[1],
            "levels/x.ron:1:3: debris[1].density: expected at least 0.01, got -1"
        );
        assert!(
            lines[8].starts_with("levels/x.ron:8:3: debris[8]."),
            "{text}"
        );
        // As many as shown, or fewer, are listed as they are, with no count.
        assert_eq!(errors(9).first_lines(8, level).lines().count(), 9);
        assert_eq!(errors(8).first_lines(8, level), errors(8).to_string());
        assert_eq!(errors(1).first_lines(8, level).lines().count(), 1);
    }
}
