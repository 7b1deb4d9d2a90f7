//! Crossing pairs: contacts between simple polygons that need not be convex, from the points
//! where their boundaries cross.
//!
//! Every crossing of A's boundary with B's is found. Traced counter-clockwise from a stretch
//! outside B, A's boundary alternately enters and leaves B; each entering crossing is paired
//! with the next leaving one. A pair cuts off one lens of overlap, bounded by A's boundary
//! from the in point to the out point and by B's boundary from the out point back to the in
//! point. Its normal is the perpendicular of the chord from in to out (pointing out of A),
//! and its depth the largest distance between the lens's two sides measured along that
//! normal: how far A's side of the lens reaches past B's side. For convex shapes and a single
//! lens this is exactly the overlap of the shapes' projections on the normal, so moving B by
//! it separates them; for a concave A it can overshoot (A's outer corners count, though its
//! inner corner is what holds B).
//!
//! When the shapes penetrate deeply, a pair's stretch of B can run through another pair's
//! crossings, and the pairs conflict (a bar pushed right through a box makes two pairs with
//! opposite normals). Then B is traced from a leaving crossing: a pair is accepted when its
//! own entering crossing comes next along B, and thrown out when another live pair's
//! crossing does. The trace starts at the pair whose stretch of B has the most vertices
//! outside A (the suspect one), ties going to the deeper pair. Crossings that break the
//! in/out alternation (tangencies, rounding at vertices) are skipped.
//!
//! Limits: no boundary crossing means no answer, so one shape wholly inside the other gives
//! nothing here (the dispatcher [`super::contact_with`] falls back to the dual-edge method
//! for convex shapes); there are no speculative contacts; edges that overlap collinearly
//! do not cross. The cost is O(n·m) in the vertex counts.

use super::{FeatureId, FeatureKind, Manifold, ManifoldPoint};
use crate::constants::SPECULATIVE_DISTANCE;
use crate::geom::{left_perp, right_perp, ConvexPolygon, Transform, Vec2};

/// Contact points are taken from the deepest part of a lens: every point within this
/// distance of the deepest one. Wider keeps two points on a tilted resting face (stable
/// stacking); narrower keeps only the true deepest corner.
pub const CROSSING_POINT_BAND: f64 = SPECULATIVE_DISTANCE;

/// A point where A's boundary crosses B's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// Where.
    pub point: Vec2,
    /// A's edge (from vertex `edge_a` to the next) and the fraction along it.
    pub edge_a: usize,
    /// Fraction along A's edge, in `[0, 1)`.
    pub t_a: f64,
    /// B's edge.
    pub edge_b: usize,
    /// Fraction along B's edge, in `[0, 1)`.
    pub t_b: f64,
    /// Whether A enters B here (else it leaves).
    pub entering: bool,
}

/// One lens of overlap: an entering crossing paired with the next leaving one along A.
#[derive(Clone, Debug, PartialEq)]
pub struct CrossingPair {
    /// Where A enters B.
    pub enter: Crossing,
    /// Where A leaves B.
    pub leave: Crossing,
    /// Unit normal from A to B: the chord from `enter` to `leave` turned clockwise.
    pub normal: Vec2,
    /// How far B must move along `normal` to clear this lens.
    pub depth: f64,
}

/// Everything the method found for one pair of outlines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CrossingReport {
    /// Every boundary crossing, in order along A.
    pub crossings: Vec<Crossing>,
    /// The pairs kept.
    pub pairs: Vec<CrossingPair>,
    /// The pairs thrown out by the trace along B.
    pub rejected: Vec<CrossingPair>,
}

/// Runs the crossing-pairs method on two simple counter-clockwise outlines in one frame.
/// Outlines that are not simple give meaningless pairs but never a panic.
pub fn crossing_pairs(a: &[Vec2], b: &[Vec2]) -> CrossingReport {
    let mut report = CrossingReport::default();
    if a.len() < 3 || b.len() < 3 {
        return report;
    }
    report.crossings = find_crossings(a, b);
    let pairs: Vec<CrossingPair> = pair_along_a(&report.crossings)
        .into_iter()
        .map(|(enter, leave)| measure_pair(a, b, enter, leave))
        .collect();
    let keep = resolve_conflicts(a, b, &pairs);
    for (pair, kept) in pairs.into_iter().zip(keep) {
        if kept {
            report.pairs.push(pair);
        } else {
            report.rejected.push(pair);
        }
    }
    report
}

/// Every crossing of the two boundaries, sorted along A. Edges are half-open (`t` in
/// `[0, 1)`) so a crossing at a shared vertex counts once; parallel edges never cross.
pub fn find_crossings(a: &[Vec2], b: &[Vec2]) -> Vec<Crossing> {
    let mut out = Vec::new();
    for i in 0..a.len() {
        let (a0, da) = (a[i], a[(i + 1) % a.len()] - a[i]);
        for j in 0..b.len() {
            let (b0, db) = (b[j], b[(j + 1) % b.len()] - b[j]);
            let denom = da.perp_dot(db);
            if denom == 0.0 {
                continue;
            }
            let w = b0 - a0;
            let (t, u) = (w.perp_dot(db) / denom, w.perp_dot(da) / denom);
            if (0.0..1.0).contains(&t) && (0.0..1.0).contains(&u) {
                out.push(Crossing {
                    point: a0 + da * t,
                    edge_a: i,
                    t_a: t,
                    edge_b: j,
                    t_b: u,
                    // B's inside is on the left of its edges: A enters when it heads left.
                    entering: denom < 0.0,
                });
            }
        }
    }
    out.sort_by(|x, y| x.edge_a.cmp(&y.edge_a).then(x.t_a.total_cmp(&y.t_a)));
    out
}

/// Pairs each entering crossing with the next leaving one, tracing A from the first
/// entering crossing that follows a leaving one (so the trace starts outside B). A second
/// entering or leaving crossing in a row breaks the alternation and is skipped.
fn pair_along_a(crossings: &[Crossing]) -> Vec<(Crossing, Crossing)> {
    let n = crossings.len();
    let start = (0..n)
        .find(|&k| crossings[k].entering && !crossings[(k + n - 1) % n].entering)
        .or_else(|| (0..n).find(|&k| crossings[k].entering));
    let Some(start) = start else {
        return Vec::new();
    };
    let mut pairs = Vec::new();
    let mut open: Option<Crossing> = None;
    for k in 0..n {
        let c = crossings[(start + k) % n];
        match (c.entering, open) {
            (true, None) => open = Some(c),
            (false, Some(enter)) => {
                pairs.push((enter, c));
                open = None;
            }
            _ => {} // breaks the alternation
        }
    }
    pairs
}

/// What a point of a lens's stretch is: a vertex of its outline, or a crossing (named by
/// A's and B's crossing edges).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mark {
    Vertex(usize),
    Cross(usize, usize),
}

impl Mark {
    fn of(c: &Crossing) -> Mark {
        Mark::Cross(c.edge_a, c.edge_b)
    }
}

/// A stretch of an outline, counter-clockwise, from a point on edge `from.1` at fraction
/// `from.2` to a point on edge `to.1` at `to.2`: the start, the vertices passed, the end.
fn stretch(
    points: &[Vec2],
    from: (&Crossing, usize, f64),
    to: (&Crossing, usize, f64),
) -> Vec<(Vec2, Mark)> {
    let n = points.len();
    let mut out = vec![(from.0.point, Mark::of(from.0))];
    let same_edge_ahead = from.1 == to.1 && to.2 >= from.2;
    if !same_edge_ahead {
        let mut k = (from.1 + 1) % n;
        loop {
            out.push((points[k], Mark::Vertex(k)));
            if k == to.1 {
                break;
            }
            k = (k + 1) % n;
        }
    }
    out.push((to.0.point, Mark::of(to.0)));
    out
}

/// A's stretch of a pair's lens (in to out) and B's stretch (out to in).
type Stretches = (Vec<(Vec2, Mark)>, Vec<(Vec2, Mark)>);

fn lens(a: &[Vec2], b: &[Vec2], enter: &Crossing, leave: &Crossing) -> Stretches {
    let on_a = stretch(
        a,
        (enter, enter.edge_a, enter.t_a),
        (leave, leave.edge_a, leave.t_a),
    );
    let on_b = stretch(
        b,
        (leave, leave.edge_b, leave.t_b),
        (enter, enter.edge_b, enter.t_b),
    );
    (on_a, on_b)
}

/// The pair's normal (the chord turned clockwise, out of A; A's edge normal when the chord
/// has no length) and depth (A's stretch's reach past B's stretch along it).
fn measure_pair(a: &[Vec2], b: &[Vec2], enter: Crossing, leave: Crossing) -> CrossingPair {
    let chord = leave.point - enter.point;
    let edge = a[(enter.edge_a + 1) % a.len()] - a[enter.edge_a];
    let normal = right_perp(chord)
        .try_normalize()
        .unwrap_or_else(|| right_perp(edge).normalize_or_zero());
    let (on_a, on_b) = lens(a, b, &enter, &leave);
    let reach = on_a
        .iter()
        .map(|p| p.0.dot(normal))
        .fold(f64::NEG_INFINITY, f64::max);
    let floor = on_b
        .iter()
        .map(|p| p.0.dot(normal))
        .fold(f64::INFINITY, f64::min);
    CrossingPair {
        enter,
        leave,
        normal,
        depth: reach - floor,
    }
}

/// Which pairs to keep. Pairs whose stretch of B holds no other pair's crossing are all
/// kept; otherwise B is traced from the suspect pair's leaving crossing (see the module
/// comment) and each pair is accepted or thrown out in turn.
fn resolve_conflicts(a: &[Vec2], b: &[Vec2], pairs: &[CrossingPair]) -> Vec<bool> {
    // Every paired crossing, in order along B: (pair, is_leave).
    let mut along_b: Vec<(usize, bool, usize, f64)> = pairs
        .iter()
        .enumerate()
        .flat_map(|(k, p)| {
            [
                (k, true, p.leave.edge_b, p.leave.t_b),
                (k, false, p.enter.edge_b, p.enter.t_b),
            ]
        })
        .collect();
    along_b.sort_by(|x, y| x.2.cmp(&y.2).then(x.3.total_cmp(&y.3)));
    let n = along_b.len();
    let next_is_own = |i: usize| {
        let (k, leave, ..) = along_b[i];
        let (k2, leave2, ..) = along_b[(i + 1) % n];
        !leave || (k2 == k && !leave2)
    };
    if (0..n).all(next_is_own) {
        return vec![true; pairs.len()];
    }
    let start_pair = (0..pairs.len())
        .max_by(|&x, &y| {
            let (ox, oy) = (
                outside_count(a, b, &pairs[x]),
                outside_count(a, b, &pairs[y]),
            );
            ox.cmp(&oy)
                .then(pairs[x].depth.total_cmp(&pairs[y].depth))
                .then(y.cmp(&x))
        })
        .expect("a conflict needs pairs");
    let start = along_b
        .iter()
        .position(|&(k, leave, ..)| k == start_pair && leave)
        .expect("every pair has a leaving crossing");
    trace_b(&along_b, start, pairs.len())
}

/// The number of B's vertices on a pair's stretch of B that lie outside A.
fn outside_count(a: &[Vec2], b: &[Vec2], pair: &CrossingPair) -> usize {
    let (_, on_b) = lens(a, b, &pair.enter, &pair.leave);
    on_b.iter()
        .filter(|p| matches!(p.1, Mark::Vertex(_)) && !contains_point(a, p.0))
        .count()
}

/// Walks the crossings along B from `start` (a leaving crossing), skipping thrown-out
/// pairs: after a pair's leaving crossing, its own entering crossing next accepts it and
/// any other pair's crossing throws it out. Stops when every pair is decided.
fn trace_b(along_b: &[(usize, bool, usize, f64)], start: usize, count: usize) -> Vec<bool> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        Open,
        Kept,
        Out,
    }
    let mut state = vec![State::Open; count];
    let mut candidate: Option<usize> = None;
    let n = along_b.len();
    // Each loop round decides at least one pair, so `count + 1` rounds suffice.
    for i in 0..n * (count + 1) {
        let (k, leave, ..) = along_b[(start + i) % n];
        if state[k] != State::Open {
            continue;
        }
        match (leave, candidate) {
            (true, Some(c)) => {
                state[c] = State::Out;
                candidate = Some(k);
            }
            (true, None) => candidate = Some(k),
            (false, Some(c)) if c == k => {
                state[k] = State::Kept;
                candidate = None;
            }
            (false, Some(c)) => {
                state[c] = State::Out;
                candidate = None;
            }
            (false, None) => {}
        }
        if !state.contains(&State::Open) {
            break;
        }
    }
    state.iter().map(|s| *s == State::Kept).collect()
}

/// Whether `p` lies inside the simple polygon `poly` (crossing-number test; points on the
/// boundary may go either way).
pub fn contains_point(poly: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (u, v) = (poly[i], poly[(i + 1) % n]);
        if (u.y > p.y) != (v.y > p.y) {
            let x = u.x + (p.y - u.y) / (v.y - u.y) * (v.x - u.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// The contact manifold between two simple counter-clockwise outlines in one frame: the
/// deepest kept pair, or `None` when the boundaries do not cross.
///
/// Its points come from the deepest part of the lens: on the side (A's stretch or B's) whose
/// points within [`CROSSING_POINT_BAND`] of the deepest (and at least half as deep) span
/// less along the chord — the corner rather than the face it digs into — reduced to the two
/// farthest apart along the chord. Each point's depth is its own reach past the other
/// side's extreme.
pub fn collide_outlines(a: &[Vec2], b: &[Vec2]) -> Option<Manifold> {
    let report = crossing_pairs(a, b);
    let pair = report
        .pairs
        .iter()
        .max_by(|x, y| x.depth.total_cmp(&y.depth))?;
    let (on_a, on_b) = lens(a, b, &pair.enter, &pair.leave);
    let n = pair.normal;
    let tangent = left_perp(n);
    let reach = on_a
        .iter()
        .map(|p| p.0.dot(n))
        .fold(f64::NEG_INFINITY, f64::max);
    let floor = on_b
        .iter()
        .map(|p| p.0.dot(n))
        .fold(f64::INFINITY, f64::min);
    // Candidate points with their own depth: within the band of the deepest, and at least
    // half as deep (so the crossings themselves, at depth zero, never count for a shallow
    // lens).
    let least = (pair.depth - CROSSING_POINT_BAND).max(0.5 * pair.depth);
    let deep_a: Vec<_> = on_a
        .iter()
        .map(|p| (p, p.0.dot(n) - floor))
        .filter(|(_, d)| *d >= least)
        .collect();
    let deep_b: Vec<_> = on_b
        .iter()
        .map(|p| (p, reach - p.0.dot(n)))
        .filter(|(_, d)| *d >= least)
        .collect();
    let chord = (pair.leave.point - pair.enter.point).length();
    let tie = 1e-9 * (chord + pair.depth);
    let span = |s: &[(&(Vec2, Mark), f64)]| {
        let t = s.iter().map(|(p, _)| p.0.dot(tangent));
        t.clone().fold(f64::NEG_INFINITY, f64::max) - t.fold(f64::INFINITY, f64::min)
    };
    let on_b_side = deep_a.is_empty() || span(&deep_b) <= span(&deep_a) + tie;
    let chosen = if on_b_side { &deep_b } else { &deep_a };
    let id = |mark: Mark| match mark {
        Mark::Vertex(k) => FeatureId {
            reference_is_b: !on_b_side,
            reference_edge: if on_b_side {
                pair.enter.edge_a
            } else {
                pair.leave.edge_b
            } as u8,
            incident: k as u8,
            kind: FeatureKind::Vertex,
        },
        Mark::Cross(edge_a, edge_b) => FeatureId {
            reference_is_b: false,
            reference_edge: edge_a as u8,
            incident: edge_b as u8,
            kind: FeatureKind::Crossing,
        },
    };
    // The farthest point each way along the chord; of points level within the tie, the
    // deeper.
    let extreme = |sign: f64| {
        let far = chosen
            .iter()
            .map(|x| sign * x.0 .0.dot(tangent))
            .fold(f64::NEG_INFINITY, f64::max);
        chosen
            .iter()
            .filter(|x| sign * x.0 .0.dot(tangent) >= far - tie)
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(p, d)| ManifoldPoint {
                point: p.0,
                depth: *d,
                id: id(p.1),
            })
    };
    let (lo, hi) = (extreme(-1.0)?, extreme(1.0)?);
    let points = if (hi.point - lo.point).length() > 0.0 {
        vec![lo, hi]
    } else {
        vec![lo]
    };
    Some(Manifold::new(n, &points))
}

/// Contact between two placed convex polygons by crossing pairs (no answer when one lies
/// wholly inside the other or they are apart).
pub fn collide_polygons(
    a: &ConvexPolygon,
    xf_a: &Transform,
    b: &ConvexPolygon,
    xf_b: &Transform,
) -> Option<Manifold> {
    let rel = xf_a.inv_mul(xf_b);
    let bv: Vec<Vec2> = b.vertices().iter().map(|v| rel.apply(*v)).collect();
    collide_outlines(a.vertices(), &bv).map(|m| m.transformed(xf_a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, half: f64) -> Vec<Vec2> {
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .iter()
            .map(|&(u, v)| Vec2::new(x + u * half, y + v * half))
            .collect()
    }

    #[test]
    fn overlapping_squares_cross_twice_entering_then_leaving() {
        let c = find_crossings(&square(0.0, 0.0, 1.0), &square(1.5, 1.5, 1.0));
        assert_eq!(c.len(), 2);
        // A's right edge goes up into B at (1, 0.5); A's top edge leaves B at (0.5, 1).
        assert!(c[0].entering && !c[1].entering);
        assert!((c[0].point - Vec2::new(1.0, 0.5)).length() < 1e-12);
        assert!((c[1].point - Vec2::new(0.5, 1.0)).length() < 1e-12);
        assert_eq!((c[0].edge_a, c[1].edge_a), (1, 2));
    }

    #[test]
    fn tracing_b_throws_out_the_start_pair_when_another_pair_comes_next() {
        // Along B: pair 0 leaves, pair 1 enters, pair 1 leaves, pair 0 enters.
        let along_b = [
            (0, true, 0, 0.0),
            (1, false, 1, 0.0),
            (1, true, 2, 0.0),
            (0, false, 3, 0.0),
        ];
        assert_eq!(trace_b(&along_b, 0, 2), vec![false, true]);
        // Started from pair 1 instead, pair 1 goes and pair 0 stays.
        assert_eq!(trace_b(&along_b, 2, 2), vec![true, false]);
    }

    #[test]
    fn points_inside_an_l_but_not_in_its_notch() {
        let ell: Vec<Vec2> = [
            (0.0, 0.0),
            (3.0, 0.0),
            (3.0, 1.0),
            (1.0, 1.0),
            (1.0, 3.0),
            (0.0, 3.0),
        ]
        .iter()
        .map(|&(x, y)| Vec2::new(x, y))
        .collect();
        assert!(contains_point(&ell, Vec2::new(2.5, 0.5)));
        assert!(contains_point(&ell, Vec2::new(0.5, 2.5)));
        assert!(!contains_point(&ell, Vec2::new(2.0, 2.0)));
    }
}
