//! `docs/levels.md` cannot drift from the code. Every fenced block says its language; every
//! `ron` example loads through the level loader (a complete level as it is, a fragment of
//! top-level fields inside a small level that supplies the fields the fragment leaves out,
//! so each fragment goes through its own type and the validator); and every field, variant
//! and keyword the loaded examples hold is named in the reference's inline code.

use cavefly::level::{load_level_source, LoadedLevel};
use std::collections::BTreeSet;
use std::path::Path;

const DOC: &str = "docs/levels.md";

/// A fenced block: where it starts, its language and its text.
struct Block {
    line: usize,
    lang: String,
    text: String,
}

fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in doc.lines().enumerate() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(lang), None) => {
                open = Some(Block {
                    line: i + 1,
                    lang: lang.trim().to_string(),
                    text: String::new(),
                })
            }
            (Some(_), Some(b)) => out.push(b),
            (None, Some(mut b)) => {
                b.text.push_str(line);
                b.text.push('\n');
                open = Some(b);
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "{DOC}: a fenced block is never closed");
    out
}

/// The top-level fields a fragment sets: lines that start, unindented, with `name:`.
fn top_level_fields(fragment: &str) -> Vec<&str> {
    fragment
        .lines()
        .filter_map(|l| {
            let (name, _) = l.split_once(':')?;
            (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
                .then_some(name)
        })
        .collect()
}

/// A small level holding `fragment`, with the fields it leaves out: a big open cave, the
/// ship in its middle, and the door the zone examples open.
fn wrap(fragment: &str) -> String {
    let mut sets = top_level_fields(fragment);
    // A level gives one kind of start or the other.
    if sets.contains(&"player_starts") {
        sets.push("player_start");
    }
    let defaults = [
        ("version", "version: 2,"),
        ("name", "name: \"doc example\","),
        ("world", "world: (rock: [Rect(min: (-150.0, -150.0), max: (150.0, 150.0))], carve: [Circle(center: (0.0, 0.0), radius: 140.0)]),"),
        ("player_start", "player_start: (position: (0.0, 5.0)),"),
        ("movers", "movers: [(name: \"vault_door\", kind: Door, size: (1.5, 9.0), path: [(30.0, 0.0), (30.0, 9.0)])],"),
    ];
    let mut level = String::from("(\n");
    for (field, text) in defaults {
        if !sets.contains(&field) {
            level.push_str(text);
            level.push('\n');
        }
    }
    level.push_str(fragment);
    level.push_str(")\n");
    level
}

/// Loads every `ron` block of the reference.
fn load_examples() -> Vec<(Block, LoadedLevel)> {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let mut out = Vec::new();
    for b in blocks(&doc) {
        assert!(
            !b.lang.is_empty(),
            "{DOC}:{}: say the block's language (`ron`, `sh`, `text`)",
            b.line
        );
        if b.lang != "ron" {
            continue;
        }
        let complete = b.text.trim_start().starts_with('(');
        let text = if complete {
            b.text.clone()
        } else {
            wrap(&b.text)
        };
        // As if it were a level in `levels/`, so example mesh paths resolve.
        let loaded =
            load_level_source(&text, Path::new("levels/doc_example.ron")).unwrap_or_else(|e| {
                panic!("{DOC}:{}: the example does not load:\n{e}\n{text}", b.line)
            });
        out.push((b, loaded));
    }
    out
}

#[test]
fn every_example_in_the_reference_loads() {
    let examples = load_examples();
    assert!(examples.len() >= 18, "only {} examples", examples.len());
    // The smallest level is complete as written.
    let (_, pocket) = examples
        .iter()
        .find(|(_, l)| l.level.name == "Pocket")
        .expect("the smallest valid level is in the reference");
    assert_eq!(pocket.world.chains.len(), 2);
}

/// The identifiers of RON text outside strings and comments.
fn identifiers(ron: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut word = String::new();
    let mut in_string = false;
    let mut escaped = false;
    for c in ron.chars().chain(std::iter::once(' ')) {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if word
            .chars()
            .next()
            .is_some_and(|f| f.is_alphabetic() || f == '_')
        {
            out.insert(std::mem::take(&mut word));
        }
        word.clear();
        in_string = c == '"';
    }
    out
}

/// The identifiers inside the reference's inline code spans (tables and prose).
fn documented_words(doc: &str) -> BTreeSet<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let spans: Vec<&str> = prose.split('`').skip(1).step_by(2).collect();
    spans.iter().flat_map(|s| identifiers(s)).collect()
}

#[test]
fn every_field_and_variant_the_examples_hold_is_documented() {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let documented = documented_words(&doc);
    let mut missing = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for (b, loaded) in load_examples() {
        // Written out, a level names every field of every struct it holds, defaults included.
        let written = ron::to_string(&loaded.level).unwrap();
        for word in identifiers(&written) {
            seen.insert(word.clone());
            if !documented.contains(&word)
                && !["true", "false", "inf", "NaN"].contains(&word.as_str())
            {
                missing.insert(format!("`{word}` (in the example at line {})", b.line));
            }
        }
    }
    assert!(missing.is_empty(), "{DOC} never names: {missing:?}");
    // The examples between them hold every section of a level.
    for word in [
        "refuel_rate",
        "velocity_iterations",
        "Reactor",
        "DestroyAndEscape",
        "Every",
        "Fuel",
        "angle",
        "initial",
    ] {
        assert!(seen.contains(word), "no example holds `{word}`");
    }
}

#[test]
fn the_block_reader_and_the_wrapper_behave() {
    let doc = "a\n```ron\nflags: [\"f\"],\n```\n```sh\ncavefly\n```\n";
    let b = blocks(doc);
    assert_eq!(b.len(), 2);
    assert_eq!((b[0].line, b[0].lang.as_str()), (2, "ron"));
    assert_eq!(
        top_level_fields("world: (\n    rock: [],\n),\nname: \"x\",\n"),
        ["world", "name"]
    );
    let wrapped = wrap("name: \"mine\",\n");
    assert_eq!(
        wrapped.matches("name:").count(),
        2,
        "the door's name and the fragment's"
    );
    assert!(!wrapped.contains("doc example"));
    assert_eq!(
        identifiers(r#"(a: Foo(b_c: "x y", d: [1.5, e]))"#)
            .into_iter()
            .collect::<Vec<_>>(),
        ["Foo", "a", "b_c", "d", "e"]
    );
}

#[test]
fn every_limit_is_stated_in_the_limits_table() {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let start = doc.find("\n## Limits\n").expect("a Limits section");
    let end = doc[start + 1..]
        .find("\n## ")
        .map_or(doc.len(), |e| start + 1 + e);
    let section = &doc[start..end];
    for (name, value) in cavefly::level::limits::ALL {
        // As the validator writes it in its messages.
        let written = if value == 0.0 || (1e-4..1e15).contains(&value.abs()) {
            format!("{value}")
        } else {
            format!("{value:e}")
        };
        assert!(
            section.contains(&format!("`{written}`")),
            "{DOC}: the Limits table does not state {name} = `{written}`"
        );
    }
}

#[test]
fn the_largest_file_read_is_stated() {
    let doc = std::fs::read_to_string(DOC).unwrap();
    let mib = cavefly::level::MAX_FILE_BYTES >> 20;
    assert!(
        doc.replace('\n', " ")
            .contains(&format!("at most {mib} MiB")),
        "{DOC} does not state the largest file read, {mib} MiB"
    );
}
