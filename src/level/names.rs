//! Names in a level: the one namespace of flair, debris, enemies, movers and zones, the
//! lists of flags, counters, templates and sounds, and errors that list the known names.

use super::validate_shapes::Checker;
use std::collections::BTreeMap;

/// Entity names (flair, debris, enemies, movers, zones share one namespace), with the path
/// of the item that holds each.
#[derive(Default)]
pub(super) struct Names {
    owner: BTreeMap<String, String>,
}

impl Names {
    /// Records `name` as held by the item at `path`; a second holder is an error.
    pub(super) fn add(&mut self, c: &mut Checker, path: &str, name: &str) {
        if name.trim().is_empty() {
            c.fail(format!("{path}.name"), "expected a non-empty name");
        } else if let Some(first) = self.owner.get(name) {
            c.fail(format!("{path}.name"), format!("duplicate name `{name}`: already used by {first}; expected names unique across flair, debris, enemies, movers and zones"));
        } else {
            self.owner.insert(name.to_string(), path.to_string());
        }
    }

    /// Checks that `name` is held by an item `is_kind` accepts (by its path).
    pub(super) fn expect(
        &self,
        c: &mut Checker,
        path: &str,
        name: &str,
        what: &str,
        is_kind: impl Fn(&str) -> bool,
    ) {
        match self.owner.get(name) {
            Some(p) if is_kind(p) => {}
            Some(p) => c.fail(path, format!("`{name}` is {p}, not a {what}")),
            None => {
                let valid: Vec<&str> = self
                    .owner
                    .iter()
                    .filter(|(_, p)| is_kind(p))
                    .map(|(n, _)| n.as_str())
                    .collect();
                c.fail(
                    path,
                    format!("unknown {what} `{name}`; expected one of: {}", list(&valid)),
                );
            }
        }
    }
}

/// The names in backticks, or a note that there are none.
pub(super) fn list(names: &[&str]) -> String {
    super::ron_message::backticked(names, "(none declared)")
}

/// Checks that `name` is one of `declared`, else lists them.
pub(super) fn known(c: &mut Checker, path: &str, name: &str, what: &str, declared: &[&str]) {
    if !declared.contains(&name) {
        c.fail(
            path,
            format!(
                "unknown {what} `{name}`; expected one of: {}",
                list(declared)
            ),
        );
    }
}

/// The non-empty, unique names of a section, with an error for each other.
pub(super) fn unique_list<'a>(
    c: &mut Checker,
    section: &str,
    names: impl Iterator<Item = &'a str>,
) -> Vec<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for (i, n) in names.enumerate() {
        if n.trim().is_empty() {
            c.fail(format!("{section}[{i}]"), "expected a non-empty name");
        } else if seen.contains(&n) {
            c.fail(
                format!("{section}[{i}]"),
                format!("duplicate name `{n}` in {section}"),
            );
        } else {
            seen.push(n);
        }
    }
    seen
}
