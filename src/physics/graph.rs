//! Graph colouring of the contact constraints, so that four can be solved at once.
//!
//! Constraints of one colour share no moving body, so solving them together in SIMD lanes
//! gives the same answer as solving them one after the other. Colours are solved in turn, so
//! each sees the velocities left by the ones before, as Gauss-Seidel does. Colours are
//! assigned afresh each step, in the fixed order of the contact list (the lowest colour free
//! for both bodies wins), so the result depends only on the contacts, never on timing.
//!
//! Constraints between two moving bodies take the first colours; those that hold a body
//! against something fixed (rock, a static, kinematic or sleeping body) take colours after
//! them, so they are solved last, as Box2D keeps fixed contacts out of its first colour:
//! solved first, the ground would lift the bottom of a stack on each impact before the boxes
//! above had pushed down. Constraints that find no free colour go to an overflow list solved
//! one at a time after the colours.

/// Colours for constraints between two moving bodies.
const MOVING_COLORS: usize = 16;
/// Colours for constraints against something fixed. A body on finely cut rock can touch a
/// dozen segments at once.
const FIXED_COLORS: usize = 16;

/// One constraint to colour: its index, and the solver states of its two bodies (state 0
/// and any state whose body cannot be pushed count as fixed).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub index: u32,
    pub a: u32,
    pub b: u32,
    pub a_fixed: bool,
    pub b_fixed: bool,
}

/// The coloured constraints, in solving order.
#[derive(Debug, Default)]
pub(crate) struct Colors {
    /// Per solver state: the colours that already hold it, one bit each (the moving
    /// colours used, then the fixed ones: at most 32).
    used: Vec<u32>,
    /// Per colour: its constraints, in contact order.
    members: Vec<Vec<u32>>,
    /// Constraints that found no colour, solved one at a time.
    pub overflow: Vec<u32>,
}

const _: () = assert!(MOVING_COLORS + FIXED_COLORS <= 32);

impl Colors {
    /// Colours `edges` over `states` solver states.
    pub fn assign(&mut self, states: usize, edges: &[Edge]) {
        self.members
            .resize_with(MOVING_COLORS + FIXED_COLORS, Vec::new);
        for members in &mut self.members {
            members.clear();
        }
        self.used.clear();
        self.used.resize(states, 0);
        self.overflow.clear();
        // The lowest colour free for both bodies: the lowest bit set in neither.
        let mut moving_used = 0;
        for e in edges.iter().filter(|e| !e.a_fixed && !e.b_fixed) {
            let (a, b) = (e.a as usize, e.b as usize);
            let c = (!(self.used[a] | self.used[b])).trailing_zeros() as usize;
            if c < MOVING_COLORS {
                self.used[a] |= 1 << c;
                self.used[b] |= 1 << c;
                self.members[c].push(e.index);
                moving_used = moving_used.max(c + 1);
            } else {
                self.overflow.push(e.index);
            }
        }
        // The fixed colours come after the moving colours used; no moving pair holds them.
        for e in edges.iter().filter(|e| e.a_fixed != e.b_fixed) {
            let mover = if e.a_fixed { e.b } else { e.a } as usize;
            let k = (!(self.used[mover] >> moving_used)).trailing_zeros() as usize;
            if k < FIXED_COLORS {
                self.used[mover] |= 1 << (moving_used + k);
                self.members[moving_used + k].push(e.index);
            } else {
                self.overflow.push(e.index);
            }
        }
    }

    /// The colours' constraints in solving order (empty colours skipped).
    pub fn colors(&self) -> impl Iterator<Item = &[u32]> + Clone {
        self.members
            .iter()
            .filter(|m| !m.is_empty())
            .map(|m| m.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(index: u32, a: u32, b: u32) -> Edge {
        Edge {
            index,
            a,
            b,
            a_fixed: a == 0,
            b_fixed: b == 0,
        }
    }

    #[test]
    fn no_colour_holds_a_moving_body_twice_and_fixed_contacts_come_last() {
        // A chain of bodies 1-2-3-...-40, each also resting on the ground (state 0).
        let mut edges = Vec::new();
        for i in 1..40 {
            edges.push(edge(edges.len() as u32, i, i + 1));
            edges.push(edge(edges.len() as u32, 0, i));
        }
        let mut colors = Colors::default();
        colors.assign(41, &edges);
        assert!(colors.overflow.is_empty());
        let mut seen = vec![false; edges.len()];
        let mut fixed_started = false;
        for members in colors.colors() {
            let mut bodies = Vec::new();
            let fixed = edges[members[0] as usize].a_fixed;
            assert!(
                !fixed_started || fixed,
                "a moving pair after a fixed colour"
            );
            fixed_started |= fixed;
            for &m in members {
                let e = edges[m as usize];
                assert_eq!(e.a_fixed, fixed, "colours mix moving and fixed pairs");
                for s in [e.a, e.b].into_iter().filter(|&s| s != 0) {
                    assert!(!bodies.contains(&s), "body {s} twice in a colour");
                    bodies.push(s);
                }
                seen[m as usize] = true;
            }
        }
        assert!(seen.iter().all(|s| *s), "every constraint coloured once");
    }

    #[test]
    fn constraints_past_the_colours_overflow() {
        // 30 bodies all touching body 1: each needs its own colour.
        let edges: Vec<Edge> = (2..32).map(|i| edge(i - 2, 1, i)).collect();
        let mut colors = Colors::default();
        colors.assign(32, &edges);
        assert_eq!(colors.colors().count(), MOVING_COLORS);
        assert_eq!(colors.overflow.len(), 30 - MOVING_COLORS);
    }
}
