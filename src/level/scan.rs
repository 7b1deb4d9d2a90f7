//! A small RON lexer: positions (line and column), blanks and comments, identifiers and
//! strings. The source map and the bracket check are built on it.

/// A line and column, both counted from 1 (columns in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
}

/// A cursor over RON text that knows its line and column and how to skip blanks,
/// comments, identifiers and strings.
pub(super) struct Scanner {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Scanner {
    /// A scanner at the start of `source`.
    pub(super) fn new(source: &str) -> Scanner {
        Scanner {
            chars: source.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
        }
    }

    /// How many characters have been read.
    pub(super) fn offset(&self) -> usize {
        self.i
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    pub(super) fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    pub(super) fn bump(&mut self) {
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

    pub(super) fn pos(&self) -> Position {
        Position {
            line: self.line,
            col: self.col,
        }
    }

    pub(super) fn skip_blank(&mut self) {
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

    pub(super) fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            s.push(c);
            self.bump();
        }
        s
    }

    pub(super) fn quoted(&mut self, quote: char) {
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

    pub(super) fn raw_string(&mut self) {
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
}

/// The first bracket that does not match, as where it is and what is wrong, or `None` when
/// every `(`, `[` and `{` outside strings and comments is closed by its partner.
pub fn unbalanced_bracket(source: &str) -> Option<(Position, String)> {
    let mut s = Scanner::new(source);
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
}
