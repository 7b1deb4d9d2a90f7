//! One player's actions over a run, stored run-length and written as short text: runs
//! separated by spaces, each a step count followed by the letters of what is held —
//! `L` rotate left, `R` rotate right, `T` thrust, `F` fire, `B` tractor beam — so
//! `120 30T 12LT 5F` is 120 idle steps, 30 of thrust, 12 of thrust while turning left and
//! 5 of firing. Written letters come in that order; read letters may come in any order.

use super::actions::Actions;

/// Where an action's flag is kept.
type Flag = fn(&mut Actions) -> &mut bool;

/// The letters of the actions, in the order they are written.
const LETTERS: [(char, Flag); 5] = [
    ('L', |a| &mut a.left),
    ('R', |a| &mut a.right),
    ('T', |a| &mut a.thrust),
    ('F', |a| &mut a.fire),
    ('B', |a| &mut a.tractor),
];

/// Longest line written, in characters.
const LINE: usize = 96;

/// What is wrong with an action text, and where: the line (index into the lines given)
/// and the character in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackError {
    /// Which line.
    pub line: usize,
    /// Which character of the line, from 0.
    pub at: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// One player's actions, step by step, kept as runs of equal actions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Track {
    runs: Vec<(u32, Actions)>,
}

impl Track {
    /// The track of `actions`, one per step.
    pub fn from_actions(actions: &[Actions]) -> Track {
        let mut t = Track::default();
        for a in actions {
            t.push(*a);
        }
        t
    }

    /// The track of runs of `(steps, actions)` (runs of no steps are dropped).
    pub fn from_runs(runs: impl IntoIterator<Item = (u32, Actions)>) -> Track {
        let mut t = Track::default();
        for (n, a) in runs {
            t.push_run(n, a);
        }
        t
    }

    /// Adds one step.
    pub fn push(&mut self, a: Actions) {
        self.push_run(1, a);
    }

    fn push_run(&mut self, n: u32, a: Actions) {
        if n == 0 {
            return;
        }
        match self.runs.last_mut() {
            Some((m, b)) if *b == a && m.checked_add(n).is_some() => *m += n,
            _ => self.runs.push((n, a)),
        }
    }

    /// The runs, in order.
    pub fn runs(&self) -> &[(u32, Actions)] {
        &self.runs
    }

    /// Steps held.
    pub fn len(&self) -> usize {
        self.runs.iter().map(|r| r.0 as usize).sum()
    }

    /// Whether it holds no steps.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The actions of every step, in order.
    pub fn iter(&self) -> impl Iterator<Item = Actions> + '_ {
        self.runs
            .iter()
            .flat_map(|&(n, a)| std::iter::repeat_n(a, n as usize))
    }

    /// The track as lines of text of at most about 96 characters.
    pub fn to_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for (n, a) in &self.runs {
            let mut run = n.to_string();
            let mut a = *a;
            for (c, field) in LETTERS {
                if *field(&mut a) {
                    run.push(c);
                }
            }
            if !line.is_empty() && line.len() + 1 + run.len() > LINE {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&run);
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }

    /// Reads a track from its lines of text; an error says which line, which character
    /// and what was expected.
    pub fn parse(lines: &[String]) -> Result<Track, TrackError> {
        let mut t = Track::default();
        for (l, text) in lines.iter().enumerate() {
            let fail = |at: usize, message: String| TrackError {
                line: l,
                at,
                message,
            };
            let chars: Vec<char> = text.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_whitespace() {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                if i == start {
                    return Err(fail(
                        i,
                        format!(
                            "expected a step count, found `{}`: a run is a count and the letters held, such as `30LT`",
                            chars[i]
                        ),
                    ));
                }
                let digits: String = chars[start..i].iter().collect();
                let n: u32 = match digits.parse() {
                    Ok(n) if n > 0 => n,
                    _ => {
                        return Err(fail(
                            start,
                            format!(
                                "expected a step count from 1 to {}, found {digits}",
                                u32::MAX
                            ),
                        ))
                    }
                };
                let mut a = Actions::default();
                while i < chars.len() && !chars[i].is_whitespace() {
                    let c = chars[i];
                    let Some((_, field)) = LETTERS.iter().find(|(l, _)| *l == c) else {
                        return Err(fail(
                            i,
                            format!(
                                "expected one of the letters L, R, T, F, B (left, right, thrust, fire, beam), found `{c}`"
                            ),
                        ));
                    };
                    let held = field(&mut a);
                    if *held {
                        return Err(fail(i, format!("`{c}` is written twice in one run")));
                    }
                    *held = true;
                    i += 1;
                }
                t.push_run(n, a);
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(s: &str) -> Actions {
        Actions {
            left: s.contains('L'),
            right: s.contains('R'),
            thrust: s.contains('T'),
            fire: s.contains('F'),
            tractor: s.contains('B'),
        }
    }

    #[test]
    fn runs_write_and_read_back() {
        let steps: Vec<Actions> = ["", "", "T", "T", "LT", "F", "RFB", "RFB", ""]
            .iter()
            .map(|s| act(s))
            .collect();
        let t = Track::from_actions(&steps);
        assert_eq!(t.to_lines(), vec!["2 2T 1LT 1F 2RFB 1".to_string()]);
        assert_eq!(t.len(), steps.len());
        let back = Track::parse(&t.to_lines()).unwrap();
        assert_eq!(back.iter().collect::<Vec<_>>(), steps);
    }

    #[test]
    fn long_tracks_wrap_into_lines_that_join_back() {
        let steps: Vec<Actions> = (0..2000)
            .map(|i| act(["T", "LT", "", "F"][(i / 3) % 4]))
            .collect();
        let t = Track::from_actions(&steps);
        let lines = t.to_lines();
        assert!(lines.len() > 5);
        assert!(lines.iter().all(|l| l.len() <= LINE), "{lines:?}");
        assert_eq!(Track::parse(&lines).unwrap(), t);
    }

    #[test]
    fn letters_in_any_order_read_the_same() {
        let a = Track::parse(&["3BTL".to_string()]).unwrap();
        let b = Track::parse(&["3LTB".to_string()]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_lines(), vec!["3LTB".to_string()]);
    }

    #[test]
    fn a_bad_run_says_where_and_what() {
        let lines = ["10T 5LT".to_string(), "4 7TX 2".to_string()];
        let e = Track::parse(&lines).unwrap_err();
        assert_eq!((e.line, e.at), (1, 4));
        assert!(e.message.contains("`X`"), "{}", e.message);
        let e = Track::parse(&["T5".to_string()]).unwrap_err();
        assert_eq!(e.at, 0);
        assert!(e.message.contains("step count"), "{}", e.message);
        let e = Track::parse(&["0T".to_string()]).unwrap_err();
        assert!(e.message.contains("from 1"), "{}", e.message);
        let e = Track::parse(&["99999999999T".to_string()]).unwrap_err();
        assert!(e.message.contains("99999999999"), "{}", e.message);
        let e = Track::parse(&["3TT".to_string()]).unwrap_err();
        assert_eq!(e.at, 2);
    }
}
