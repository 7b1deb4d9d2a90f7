//! Number-level mutation of RON text, shared by the level and mesh property tests: every
//! numeric literal outside comments and strings, with where it is, and the values to put in.
#![allow(dead_code)]

/// A numeric literal in RON text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number {
    /// Byte range in the text.
    pub start: usize,
    /// End of the byte range (exclusive).
    pub end: usize,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
}

/// Every numeric literal of `src`, in order, outside comments and strings.
pub fn numbers(src: &str) -> Vec<Number> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line, mut line_start) = (0usize, 1usize, 0usize);
    let col = |line_start: usize, i: usize| src[line_start..i].chars().count() + 1;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                i += 1;
                line += 1;
                line_start = i;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        if b[i] == b'\n' {
                            line += 1;
                            line_start = i + 1;
                        }
                        i += 1;
                    }
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    } else if b[i] == b'\n' {
                        line += 1;
                        line_start = i + 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
            }
            c if c.is_ascii_digit()
                || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) =>
            {
                let start = i;
                i += 1;
                while i < b.len() {
                    let d = b[i];
                    let exp_sign = (d == b'-' || d == b'+') && matches!(b[i - 1], b'e' | b'E');
                    if d.is_ascii_digit()
                        || d == b'.'
                        || d == b'_'
                        || d == b'e'
                        || d == b'E'
                        || exp_sign
                    {
                        i += 1;
                    } else {
                        break;
                    }
                }
                out.push(Number {
                    start,
                    end: i,
                    line,
                    col: col(line_start, start),
                });
            }
            _ => i += 1,
        }
    }
    out
}

/// `src` with the numbers at `at` (indices into `numbers(src)`) replaced by `values`.
pub fn replace(src: &str, found: &[Number], changes: &[(usize, String)]) -> String {
    let mut changes: Vec<&(usize, String)> = changes.iter().collect();
    changes.sort_by_key(|c| std::cmp::Reverse(found[c.0].start));
    changes.dedup_by_key(|c| c.0);
    let mut out = src.to_string();
    for (k, v) in changes {
        out.replace_range(found[*k].start..found[*k].end, v);
    }
    out
}

/// How to rewrite one number: a value of one of the classes the property tests draw from.
#[derive(Clone, Debug)]
pub enum Value {
    /// This exact text (specials: zero, subnormal, huge, infinite, NaN, integer edges).
    Text(String),
    /// This number.
    Number(f64),
    /// The original, negated.
    Negated,
    /// The original times this factor.
    Scaled(f64),
}

impl Value {
    /// The text that replaces `original`.
    pub fn render(&self, original: &str) -> String {
        let was: f64 = original.replace('_', "").parse().unwrap_or(1.0);
        match self {
            Value::Text(t) => t.clone(),
            Value::Number(v) => format!("{v:?}"),
            Value::Negated if original.starts_with('-') => original[1..].to_string(),
            Value::Negated => format!("-{original}"),
            Value::Scaled(k) => format!("{:?}", was * k),
        }
    }
}

/// Texts that stand for the special values: zeros, the subnormal edges, the largest finite
/// number and beyond, infinities, NaN, and integer edges of the u32, i32 and i64 fields.
pub const SPECIALS: [&str; 31] = [
    "0",
    "0.0",
    "-0.0",
    "1",
    "-1",
    "1e-12",
    "-1e-12",
    "1e-300",
    "1e-6",
    "0.001",
    "1e6",
    "1e12",
    "1e300",
    "-1e300",
    "1.7976931348623157e308",
    "-1.7976931348623157e308",
    "1e309",
    "inf",
    "-inf",
    "NaN",
    "5e-324",
    "-5e-324",
    "2.2250738585072014e-308",
    "2.225073858507201e-308",
    "1e-310",
    "4294967295",
    "4294967296",
    "-2147483649",
    "9223372036854775807",
    "18446744073709551616",
    "0.5",
];

/// Values around each limit: the limit, the next numbers above and below it, its negative,
/// and twice and half of it.
pub fn around_limits(limits: &[f64]) -> Vec<f64> {
    let mut out = Vec::new();
    for &l in limits {
        out.extend([l, l.next_up(), l.next_down(), -l, 2.0 * l, 0.5 * l]);
    }
    out
}

/// A value of every class: specials, subnormals, limits and their neighbours, any
/// magnitude from the smallest subnormal to the largest finite number, and the original
/// negated, nudged or scaled.
pub fn arb_value(limits: &[f64]) -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    let limits = around_limits(limits);
    prop_oneof![
        3 => prop::sample::select(SPECIALS.to_vec()).prop_map(|t| Value::Text(t.to_string())),
        2 => (1u64..(1 << 52), any::<bool>())
            .prop_map(|(bits, neg)| Value::Number(if neg { -1.0 } else { 1.0 } * f64::from_bits(bits))),
        4 => prop::sample::select(limits).prop_map(Value::Number),
        3 => (-323.0f64..308.0, any::<bool>())
            .prop_map(|(e, neg)| Value::Number(if neg { -1.0 } else { 1.0 } * 10f64.powf(e))),
        1 => Just(Value::Negated),
        2 => prop::sample::select(vec![1.0 + 1e-9, 1.0 - 1e-9, 1e-6, 1e6, 0.0, 2.0, 0.5, 1e3, -1.0, 1e-3])
            .prop_map(Value::Scaled),
        1 => (0u32..300).prop_map(|n| Value::Text(n.to_string())),
    ]
}
