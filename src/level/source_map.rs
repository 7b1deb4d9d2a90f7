//! Where each item of a RON file starts: a light scan of the text (no types, no values)
//! that maps item paths such as `debris[7].shape` to a line and column, so validation
//! errors found after deserialising can point into the file.
//!
//! It also names the item around a parse error. On text that is not valid RON it gives up
//! quietly where it loses track, and the deepest item found stands in.

pub use super::scan::Position;
use super::scan::Scanner;

#[derive(Debug, Default)]
struct Node {
    at: Option<Position>,
    end: Option<Position>,
    /// For a struct field's value: where the field's name starts.
    key: Option<Position>,
    fields: Vec<(String, Node)>,
    items: Vec<Node>,
}

/// The positions of a RON document's items.
#[derive(Debug)]
pub struct SourceMap {
    root: Node,
}

/// Nesting deeper than this is not mapped (RON's own limit is lower).
const MAX_DEPTH: usize = 64;

/// Scans one value and everything inside it.
fn scan_value(s: &mut Scanner, depth: usize) -> Node {
    s.skip_blank();
    let mut node = Node {
        at: Some(s.pos()),
        ..Node::default()
    };
    if depth > MAX_DEPTH {
        return node;
    }
    match s.peek() {
        Some('(') => group(s, &mut node, ')', depth),
        Some('[') => group(s, &mut node, ']', depth),
        Some('{') => group(s, &mut node, '}', depth),
        Some('"') => s.quoted('"'),
        Some('\'') => s.quoted('\''),
        Some(c) if c.is_alphabetic() || c == '_' => {
            let word = s.ident();
            if (word == "r" || word == "br") && matches!(s.peek(), Some('"' | '#')) {
                s.raw_string();
            } else if word == "b" && s.peek() == Some('"') {
                s.quoted('"');
            } else {
                s.skip_blank();
                if s.peek() == Some('(') {
                    group(s, &mut node, ')', depth);
                }
            }
        }
        _ => {
            while s
                .peek()
                .is_some_and(|c| !c.is_whitespace() && !",)]}:".contains(c))
            {
                s.bump();
            }
        }
    }
    node.end = Some(s.pos());
    node
}

/// Whether an identifier followed by a single `:` starts here (a struct field).
fn at_field(s: &Scanner) -> bool {
    let mut k = 0;
    while s
        .peek_at(k)
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
    {
        k += 1;
    }
    if k == 0 {
        return false;
    }
    while s.peek_at(k).is_some_and(char::is_whitespace) {
        k += 1;
    }
    s.peek_at(k) == Some(':') && s.peek_at(k + 1) != Some(':')
}

fn group(s: &mut Scanner, node: &mut Node, close: char, depth: usize) {
    s.bump();
    loop {
        s.skip_blank();
        let before = s.offset();
        match s.peek() {
            None => return,
            Some(c) if c == close => {
                s.bump();
                return;
            }
            Some(',') => s.bump(),
            _ if close == ')' && at_field(s) => {
                let key = s.pos();
                let name = s.ident();
                s.skip_blank();
                s.bump(); // ':'
                let mut value = scan_value(s, depth + 1);
                value.key = Some(key);
                node.fields.push((name, value));
            }
            _ => {
                let value = scan_value(s, depth + 1);
                s.skip_blank();
                if s.peek() == Some(':') {
                    // A map entry: keep the value, positioned at its key.
                    s.bump();
                    let mut entry = scan_value(s, depth + 1);
                    entry.at = value.at;
                    node.items.push(entry);
                } else {
                    node.items.push(value);
                }
            }
        }
        if s.offset() == before {
            s.bump();
        }
    }
}

impl SourceMap {
    /// Scans `source`.
    pub fn new(source: &str) -> SourceMap {
        let mut s = Scanner::new(source);
        // Skip inner attributes such as `#![enable(implicit_some)]`.
        loop {
            s.skip_blank();
            if s.peek() == Some('#') {
                while s.peek().is_some_and(|c| c != ']') {
                    s.bump();
                }
                s.bump();
            } else {
                break;
            }
        }
        SourceMap {
            root: scan_value(&mut s, 0),
        }
    }

    /// Where the item at `path` (such as `flair[2].mesh` or `zones[0].actions[1]`) starts,
    /// or where the deepest existing part of that path starts; the top-level value for an
    /// empty path.
    pub fn locate(&self, path: &str) -> Position {
        let start = Position { line: 1, col: 1 };
        let mut node = &self.root;
        let mut best = node.at.unwrap_or(start);
        for step in path_steps(path) {
            let next = match step {
                // A field of a struct wrapped in a one-item enum variant, such as
                // `Inline((vertices: ...))`, is found through the wrapper.
                Step::Field(name) => field(node, name).or_else(|| match node.items.as_slice() {
                    [only] => field(only, name),
                    _ => None,
                }),
                Step::Index(i) => node.items.get(i),
            };
            match next {
                Some(n) => {
                    node = n;
                    best = n.at.unwrap_or(best);
                }
                None => break,
            }
        }
        best
    }
}

/// The value of `node`'s field `name`.
fn field<'a>(node: &'a Node, name: &str) -> Option<&'a Node> {
    node.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

impl SourceMap {
    /// The item at exactly `path`, if the text has it (no fallback to a parent).
    fn find(&self, path: &str) -> Option<&Node> {
        let mut node = &self.root;
        for step in path_steps(path) {
            node = match step {
                Step::Field(name) => field(node, name),
                Step::Index(i) => node.items.get(i),
            }?;
        }
        Some(node)
    }

    /// Where the name of the struct field at exactly `path` starts (`flair[0].rotation`
    /// gives the position of the `r`), if the text has that field.
    pub fn field_key(&self, path: &str) -> Option<Position> {
        self.find(path)?.key
    }

    /// Where the value at exactly `path` starts and ends (the end just past its last
    /// character), if the text has it.
    pub fn span(&self, path: &str) -> Option<(Position, Position)> {
        let node = self.find(path)?;
        Some((node.at?, node.end?))
    }

    /// How many list items the value at exactly `path` holds (0 if it is absent).
    pub fn item_count(&self, path: &str) -> usize {
        self.find(path).map_or(0, |n| n.items.len())
    }
}

impl SourceMap {
    /// The path of the innermost item whose text holds `at` (such as `debris[2].shape.radius`),
    /// empty when `at` is in no item (between top-level fields).
    pub fn path_at(&self, at: Position) -> String {
        let inside =
            |n: &Node| n.key.or(n.at).is_some_and(|s| s <= at) && n.end.is_none_or(|e| at < e);
        let mut path = String::new();
        let mut node = &self.root;
        loop {
            if let Some((name, child)) = node.fields.iter().find(|(_, c)| inside(c)) {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(name);
                node = child;
            } else if let Some((i, child)) = node.items.iter().enumerate().find(|(_, c)| inside(c))
            {
                path.push_str(&format!("[{i}]"));
                node = child;
            } else {
                return path;
            }
        }
    }
}

enum Step<'a> {
    Field(&'a str),
    Index(usize),
}

fn path_steps(path: &str) -> Vec<Step<'_>> {
    let mut steps = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let name_end = part.find('[').unwrap_or(part.len());
        if name_end > 0 {
            steps.push(Step::Field(&part[..name_end]));
        }
        for index in part[name_end..].split('[').skip(1) {
            if let Ok(i) = index.trim_end_matches(']').parse() {
                steps.push(Step::Index(i));
            }
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_fields_items_and_enum_payloads() {
        let src = "// a level\n(\n  name: \"x\", // c\n  debris: [\n    (name: \"a\", shape: Box(width: 1, height: 2)),\n    (name: \"b)\", shape: Circle(radius: 3)),\n  ],\n)\n";
        let map = SourceMap::new(src);
        assert_eq!(map.locate("name"), Position { line: 3, col: 9 });
        assert_eq!(map.locate("debris[1]"), Position { line: 6, col: 5 });
        assert_eq!(map.locate("debris[1].shape"), Position { line: 6, col: 25 });
        assert_eq!(
            map.locate("debris[0].shape.height"),
            Position { line: 5, col: 46 }
        );
        // A missing item falls back to the deepest one found.
        assert_eq!(map.locate("debris[5].shape"), Position { line: 4, col: 11 });
        // A struct inside a one-item variant is reached through it.
        let src = "(mesh: Inline((vertices: [(0, 0)], triangles: [(0, 1, 2)])))";
        let map = SourceMap::new(src);
        assert_eq!(
            map.locate("mesh.triangles[0]"),
            Position { line: 1, col: 48 }
        );
    }

    #[test]
    fn finds_the_item_around_a_position() {
        let src = "(\n  a: [(r: 1), (r: \"x\", s: Circle(radius: 2))],\n  b: 3,\n)";
        let map = SourceMap::new(src);
        assert_eq!(map.path_at(Position { line: 2, col: 21 }), "a[1].r");
        assert_eq!(map.path_at(Position { line: 2, col: 42 }), "a[1].s.radius");
        assert_eq!(map.path_at(Position { line: 2, col: 33 }), "a[1].s");
        assert_eq!(map.path_at(Position { line: 3, col: 6 }), "b");
        assert_eq!(map.path_at(Position { line: 3, col: 3 }), "b");
        assert_eq!(map.path_at(Position { line: 3, col: 7 }), "");
    }

    #[test]
    fn finds_exact_fields_and_counts_items() {
        let src = "(\n  a: [(r: 1), (r: \"x\", s: 2)],\n  b: 35,\n)";
        let map = SourceMap::new(src);
        assert_eq!(map.item_count("a"), 2);
        assert_eq!(map.item_count("c"), 0);
        assert_eq!(map.field_key("a[1].s"), Some(Position { line: 2, col: 24 }));
        assert_eq!(map.field_key("a[0].s"), None);
        assert_eq!(
            map.span("b"),
            Some((Position { line: 3, col: 6 }, Position { line: 3, col: 8 }))
        );
    }

    #[test]
    fn garbage_never_panics() {
        for src in [
            "",
            "(",
            "[[[",
            "\"open",
            "/* x",
            "(a: (b: [1, 2",
            "r#\"",
            "(:,:)",
        ] {
            let _ = SourceMap::new(src).locate("a.b[3].c");
            let _ = SourceMap::new(src).path_at(Position { line: 1, col: 3 });
            let _ = super::super::scan::unbalanced_bracket(src);
        }
    }
}
