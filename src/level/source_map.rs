//! Where each item of a RON file starts: a light scan of the text (no types, no values)
//! that maps item paths such as `debris[7].shape` to a line and column, so validation
//! errors found after deserialising can point into the file.
//!
//! It is only used on text that RON has already parsed; on anything else it gives up
//! quietly and the deepest item found stands in.

/// A line and column, both counted from 1 (columns in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
}

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

struct Scanner {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

const MAX_DEPTH: usize = 64;

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.i += 1;
            if c == '\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
    }

    fn pos(&self) -> Position {
        Position {
            line: self.line,
            col: self.col,
        }
    }

    fn skip_blank(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => self.bump(),
                (Some('/'), Some('/')) => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    let mut depth = 0usize;
                    loop {
                        match (self.peek(), self.peek_at(1)) {
                            (None, _) => return,
                            (Some('/'), Some('*')) => {
                                depth += 1;
                                self.bump();
                                self.bump();
                            }
                            (Some('*'), Some('/')) => {
                                self.bump();
                                self.bump();
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => self.bump(),
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            s.push(c);
            self.bump();
        }
        s
    }

    fn quoted(&mut self, quote: char) {
        self.bump();
        while let Some(c) = self.peek() {
            self.bump();
            if c == '\\' {
                self.bump();
            } else if c == quote {
                return;
            }
        }
    }

    fn raw_string(&mut self) {
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump(); // the opening quote
        while let Some(c) = self.peek() {
            self.bump();
            if c == '"' && (0..hashes).all(|k| self.peek_at(k) == Some('#')) {
                (0..hashes).for_each(|_| self.bump());
                return;
            }
        }
    }

    fn value(&mut self, depth: usize) -> Node {
        self.skip_blank();
        let mut node = Node {
            at: Some(self.pos()),
            ..Node::default()
        };
        if depth > MAX_DEPTH {
            return node;
        }
        match self.peek() {
            Some('(') => self.group(&mut node, ')', depth),
            Some('[') => self.group(&mut node, ']', depth),
            Some('{') => self.group(&mut node, '}', depth),
            Some('"') => self.quoted('"'),
            Some('\'') => self.quoted('\''),
            Some(c) if c.is_alphabetic() || c == '_' => {
                let word = self.ident();
                if (word == "r" || word == "br") && matches!(self.peek(), Some('"' | '#')) {
                    self.raw_string();
                } else if word == "b" && self.peek() == Some('"') {
                    self.quoted('"');
                } else {
                    self.skip_blank();
                    if self.peek() == Some('(') {
                        self.group(&mut node, ')', depth);
                    }
                }
            }
            _ => {
                while self
                    .peek()
                    .is_some_and(|c| !c.is_whitespace() && !",)]}:".contains(c))
                {
                    self.bump();
                }
            }
        }
        node.end = Some(self.pos());
        node
    }

    /// Whether an identifier followed by a single `:` starts here (a struct field).
    fn at_field(&self) -> bool {
        let mut k = 0;
        while self
            .peek_at(k)
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            k += 1;
        }
        if k == 0 {
            return false;
        }
        while self.peek_at(k).is_some_and(char::is_whitespace) {
            k += 1;
        }
        self.peek_at(k) == Some(':') && self.peek_at(k + 1) != Some(':')
    }

    fn group(&mut self, node: &mut Node, close: char, depth: usize) {
        self.bump();
        loop {
            self.skip_blank();
            let before = self.i;
            match self.peek() {
                None => return,
                Some(c) if c == close => {
                    self.bump();
                    return;
                }
                Some(',') => self.bump(),
                _ if close == ')' && self.at_field() => {
                    let key = self.pos();
                    let name = self.ident();
                    self.skip_blank();
                    self.bump(); // ':'
                    let mut value = self.value(depth + 1);
                    value.key = Some(key);
                    node.fields.push((name, value));
                }
                _ => {
                    let value = self.value(depth + 1);
                    self.skip_blank();
                    if self.peek() == Some(':') {
                        // A map entry: keep the value, positioned at its key.
                        self.bump();
                        let mut entry = self.value(depth + 1);
                        entry.at = value.at;
                        node.items.push(entry);
                    } else {
                        node.items.push(value);
                    }
                }
            }
            if self.i == before {
                self.bump();
            }
        }
    }
}

impl SourceMap {
    /// Scans `source`.
    pub fn new(source: &str) -> SourceMap {
        let mut s = Scanner {
            chars: source.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
        };
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
        SourceMap { root: s.value(0) }
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
                Step::Field(name) => node.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
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

/// The first bracket that does not match, as where it is and what is wrong, or `None` when
/// every `(`, `[` and `{` outside strings and comments is closed by its partner.
pub fn unbalanced_bracket(source: &str) -> Option<(Position, String)> {
    let mut s = Scanner {
        chars: source.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
    };
    let mut open: Vec<(char, Position)> = Vec::new();
    loop {
        s.skip_blank();
        let at = s.pos();
        match s.peek() {
            None => break,
            Some('"') => s.quoted('"'),
            Some('\'') => s.quoted('\''),
            Some(c @ ('(' | '[' | '{')) => {
                open.push((c, at));
                s.bump();
            }
            Some(c @ (')' | ']' | '}')) => {
                let want = match c {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                match open.pop() {
                    Some((o, _)) if o == want => {}
                    Some((o, from)) => {
                        return Some((at, format!("unbalanced brackets: `{o}` opened at {}:{} is closed by `{c}`; expected `{}`", from.line, from.col, closer(o))));
                    }
                    None => {
                        return Some((at, format!("unbalanced brackets: `{c}` closes nothing")))
                    }
                }
                s.bump();
            }
            Some(c) if c.is_alphanumeric() || c == '_' => {
                let word = s.ident();
                if (word == "r" || word == "br") && matches!(s.peek(), Some('"' | '#')) {
                    s.raw_string();
                }
            }
            Some(_) => s.bump(),
        }
    }
    open.pop().map(|(o, from)| (from, format!("unbalanced brackets: `{o}` is never closed; expected `{}` before the end of the file", closer(o))))
}

fn closer(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
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
    }

    #[test]
    fn finds_the_first_unbalanced_bracket() {
        assert_eq!(
            unbalanced_bracket("(a: [1, 2), \"(\")").map(|p| p.0),
            Some(Position { line: 1, col: 10 })
        );
        assert_eq!(
            unbalanced_bracket("(\n  a: [1]\n").map(|p| p.0),
            Some(Position { line: 1, col: 1 })
        );
        assert_eq!(unbalanced_bracket("// ) in a comment\n(a: \")]\")"), None);
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
            let _ = unbalanced_bracket(src);
        }
    }
}
