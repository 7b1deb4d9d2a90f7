//! RON's parse errors reworded for level designers: what was found, and what was expected.

use ron::Error;

/// Names in backticks, comma-separated, or `none` when there are none.
pub(crate) fn backticked(names: &[&str], none: &str) -> String {
    if names.is_empty() {
        none.to_string()
    } else {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn quoted(names: &[&str]) -> String {
    backticked(names, "(none)")
}

fn within(outer: &Option<String>, word: &str) -> String {
    outer
        .as_ref()
        .map_or(String::new(), |o| format!(" {word} `{o}`"))
}

/// The message for a RON error: reworded for the common mistakes (unknown or missing fields
/// and variants), RON's own words for the rest.
pub fn describe(e: &Error) -> String {
    match e {
        Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{found}`{}; expected one of: {}",
            within(outer, "in"),
            quoted(expected)
        ),
        Error::MissingStructField { field, outer } => format!(
            "missing field `{field}`{}: it has no default, so it must be given",
            within(outer, "in")
        ),
        Error::DuplicateStructField { field, outer } => {
            format!(
                "field `{field}` is given twice{}: expected it once",
                within(outer, "in")
            )
        }
        Error::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown variant `{found}`{}; expected one of: {}",
            within(outer, "of"),
            quoted(expected)
        ),
        Error::InvalidValueForType { expected, found } => {
            format!("expected {expected}, found {found}")
        }
        Error::ExpectedDifferentLength { expected, found } => {
            format!("expected {expected}, found {found} elements")
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_fields_list_the_valid_ones() {
        let e = Error::NoSuchStructField {
            expected: &["radius"],
            found: "colour".into(),
            outer: Some("Circle".into()),
        };
        assert_eq!(
            describe(&e),
            "unknown field `colour` in `Circle`; expected one of: `radius`"
        );
    }
}
