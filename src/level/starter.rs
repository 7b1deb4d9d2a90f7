//! `cavefly new`: a commented starter level (a cave with a pad, a few debris pieces, a zone
//! with a message and an exit zone to reach) for a designer to build on.

use std::io::Write;
use std::path::Path;

/// The starter level, as shipped in `assets/new_level.ron` (named "New Level").
pub const NEW_LEVEL: &str = include_str!("../../assets/new_level.ron");

/// The starter level's text with the level named `name`.
pub fn new_level_text(name: &str) -> String {
    let quoted: String = name
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '"' | '\\' => vec!['\\', c],
            _ => vec![c],
        })
        .collect();
    NEW_LEVEL.replacen("name: \"New Level\"", &format!("name: \"{quoted}\""), 1)
}

/// The level name a file suggests: `03_ice_caves.ron` gives "Ice caves".
pub fn name_from_file(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let words = stem
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '_' || c == '-')
        .replace(['_', '-'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => "New Level".to_string(),
    }
}

/// Writes the starter level to `path`, named after the file. Never overwrites: an existing
/// file (or any other write failure) is an error that names the path.
pub fn write_new_level(path: &Path) -> Result<(), String> {
    let text = new_level_text(&name_from_file(path));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => format!(
                "`{}` already exists; expected the name of a new file (nothing was overwritten)",
                path.display()
            ),
            _ => format!("cannot create `{}`: {e}", path.display()),
        })?;
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write `{}`: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_file_and_are_quoted() {
        assert_eq!(
            name_from_file(Path::new("levels/03_ice_caves.ron")),
            "Ice caves"
        );
        assert_eq!(name_from_file(Path::new("x/42.ron")), "New Level");
        let text = new_level_text("Say \"hi\" \\ bye");
        assert!(text.contains(r#"name: "Say \"hi\" \\ bye","#));
        assert!(!NEW_LEVEL.contains("TODO"));
    }
}
