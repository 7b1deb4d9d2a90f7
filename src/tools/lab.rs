//! `cavefly lab`: every contact method and the exact separating-axis answer on the same
//! polygon pairs, measured side by side.
//!
//! One row per method: how often it answers an overlapping pair, its depth and normal errors
//! against the exact answer, the share of overlapping pairs that moving B by the method's
//! depth along its normal actually separates (a miss counts as a failure), its points per
//! contact, its jitter (how far the contact points move when B turns by
//! [`JITTER_ANGLE`]), and its time per query. The timing column uses the wall clock; it is a
//! measurement, and nothing in the simulation reads it.

use crate::collide::proxy::Proxy;
use crate::collide::{clip, contact, crossing, epa, gjk, sat, Manifold};
use crate::geom::{ConvexPolygon, Rot, Shape, Transform, Vec2};
use crate::rng::Pcg32;
use std::fmt::Write;
use std::hint::black_box;
use std::time::Instant;

/// How far B is turned (radians, about its centroid) to measure jitter.
pub const JITTER_ANGLE: f64 = 1e-4;

/// Overlaps and gaps smaller than this fraction of the pair's size count as touching and are
/// left out of the error statistics, where either answer is right.
const TOUCH_REL: f64 = 1e-9;

/// Two convex polygons, each placed by a transform.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// Shape A.
    pub a: ConvexPolygon,
    /// Where A is.
    pub xf_a: Transform,
    /// Shape B.
    pub b: ConvexPolygon,
    /// Where B is.
    pub xf_b: Transform,
}

impl Pair {
    /// A's and B's vertices in the world.
    pub fn world(&self) -> (Vec<Vec2>, Vec<Vec2>) {
        let place = |p: &ConvexPolygon, xf: &Transform| -> Vec<Vec2> {
            p.vertices().iter().map(|v| xf.apply(*v)).collect()
        };
        (place(&self.a, &self.xf_a), place(&self.b, &self.xf_b))
    }

    /// The larger bounding radius, for relative tolerances.
    pub fn scale(&self) -> f64 {
        self.a.radius().max(self.b.radius())
    }

    /// Whether one polygon lies wholly inside the other.
    pub fn contained(&self) -> bool {
        let rel = self.xf_a.inv_mul(&self.xf_b);
        let inv = rel.inverse();
        let b_in_a = self
            .b
            .vertices()
            .iter()
            .all(|v| self.a.contains_point(rel.apply(*v)));
        let a_in_b = self
            .a
            .vertices()
            .iter()
            .all(|v| self.b.contains_point(inv.apply(*v)));
        b_in_a || a_in_b
    }

    /// The same pair with B turned by `angle` about its centroid.
    fn with_b_turned(&self, angle: f64) -> Pair {
        let pivot = self.xf_b.apply(self.b.centroid());
        let turn = Rot::from_angle(angle);
        let q = Rot::from_angle(self.xf_b.q.angle() + angle);
        let p = pivot + turn.rotate(self.xf_b.p - pivot);
        Pair {
            xf_b: Transform { p, q },
            ..self.clone()
        }
    }
}

/// The methods the lab compares, in row order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabMethod {
    /// The exact separating-axis answer (no contact points).
    Exact,
    /// GJK/EPA's own normal and depth (no contact points: those are the dual-edge row's).
    GjkEpa,
    /// The dual-edge manifold, the default method: normal, and depth of its deepest point.
    DualEdge,
    /// The clipping method.
    Clipping,
    /// Crossing pairs, without the dispatcher's fallback.
    CrossingPairs,
}

impl LabMethod {
    /// Every method, in row order.
    pub const ALL: [LabMethod; 5] = [
        LabMethod::Exact,
        LabMethod::GjkEpa,
        LabMethod::DualEdge,
        LabMethod::Clipping,
        LabMethod::CrossingPairs,
    ];

    /// The row label (the names of [`crate::collide::ContactMethod`] where they exist).
    pub fn name(self) -> &'static str {
        match self {
            LabMethod::Exact => "exact_sat",
            LabMethod::GjkEpa => "gjk_epa",
            LabMethod::DualEdge => "dual_edge",
            LabMethod::Clipping => "clipping",
            LabMethod::CrossingPairs => "crossing_pairs",
        }
    }

    /// The method's answer for an overlapping pair: `None` when it reports no overlap.
    pub fn answer(self, pair: &Pair) -> Option<Answer> {
        let from_manifold = |m: Manifold| Answer {
            normal: m.normal,
            depth: m.max_depth(),
            points: m.points().iter().map(|p| (p.point, p.depth)).collect(),
        };
        let (a, b) = (Shape::Polygon(pair.a), Shape::Polygon(pair.b));
        let answer = match self {
            LabMethod::Exact => {
                let (wa, wb) = pair.world();
                sat::separation(&wa, &wb).map(|s| Answer {
                    normal: s.normal,
                    depth: s.depth,
                    points: Vec::new(),
                })
            }
            LabMethod::GjkEpa => {
                epa_answer(&a, &pair.xf_a, &b, &pair.xf_b).map(|(normal, depth)| Answer {
                    normal,
                    depth,
                    points: Vec::new(),
                })
            }
            LabMethod::DualEdge => contact(&a, &pair.xf_a, &b, &pair.xf_b).map(from_manifold),
            LabMethod::Clipping => {
                clip::collide_polygons(&pair.a, &pair.xf_a, &pair.b, &pair.xf_b).map(from_manifold)
            }
            LabMethod::CrossingPairs => {
                crossing::collide_polygons(&pair.a, &pair.xf_a, &pair.b, &pair.xf_b)
                    .map(from_manifold)
            }
        };
        answer.filter(|x| x.depth > 0.0)
    }
}

/// EPA's normal and depth for overlapping shapes (`None` when GJK finds them apart).
fn epa_answer(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Option<(Vec2, f64)> {
    let pa = Proxy::from_shape_in(a, xf_a);
    let pb = Proxy::from_shape_in(b, xf_b);
    let core = gjk::distance_proxies(&pa, &pb, None);
    (core.distance == 0.0).then(|| {
        let p = epa::penetration(&pa, &pb, &core.simplex);
        (p.normal, p.depth + pa.radius + pb.radius)
    })
}

/// A method's normal, depth and contact points (with their own depths) for one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// Penetration depth along it.
    pub depth: f64,
    /// Contact points and their depths.
    pub points: Vec<(Vec2, f64)>,
}

/// `count` random convex pairs from `seed`: hulls of 3 to 8 random points, 0.2 m to 5 m
/// across, B placed around A so that about half of the pairs overlap.
pub fn random_pairs(count: usize, seed: u64) -> Vec<Pair> {
    let mut rng = Pcg32::new(seed);
    let polygon = |rng: &mut Pcg32| {
        let size = 10f64.powf(rng.range(0.2f64.log10(), 5f64.log10())) / 2.0;
        let n = rng.int(3, 8);
        let pts: Vec<Vec2> = (0..n)
            .map(|_| Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * size)
            .collect();
        ConvexPolygon::hull(&pts)
            .or_else(|_| ConvexPolygon::regular(n, size))
            .expect("a regular polygon with a positive radius is valid")
    };
    (0..count)
        .map(|_| {
            let a = polygon(&mut rng);
            let b = polygon(&mut rng);
            let xf_a = Transform::new(
                Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)),
                rng.range(-3.2, 3.2),
            );
            let dir = rng.range(0.0, std::f64::consts::TAU);
            let reach = rng.range(0.0, 1.3) * (a.radius() + b.radius());
            let q = Rot::from_angle(rng.range(-3.2, 3.2));
            let center = xf_a.apply(a.centroid()) + Vec2::new(dir.cos(), dir.sin()) * reach;
            let xf_b = Transform {
                p: center - q.rotate(b.centroid()),
                q,
            };
            Pair { a, xf_a, b, xf_b }
        })
        .collect()
}

/// One method's measurements.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    /// The method.
    pub name: &'static str,
    /// Overlapping pairs the method answered, and all overlapping pairs.
    pub answered: (usize, usize),
    /// Mean and worst absolute depth error (m) over the answered pairs.
    pub depth_error: (f64, f64),
    /// Mean and worst angle (degrees) between its normal and the exact one.
    pub angle_error: (f64, f64),
    /// Share of overlapping pairs separated by moving B by depth along the normal.
    pub separates: f64,
    /// The same share over the overlapping pairs where neither polygon holds the other, and
    /// how many of those there are.
    pub separates_uncontained: (f64, usize),
    /// Mean contact points per answered pair.
    pub points: f64,
    /// Mean distance (m) the contact points move when B turns by [`JITTER_ANGLE`].
    pub jitter: f64,
    /// Wall-clock nanoseconds per query over every pair, overlapping or not.
    pub ns_per_query: f64,
}

/// Measures every method on `pairs`.
pub fn measure(pairs: &[Pair]) -> Vec<Row> {
    let exact: Vec<Option<Answer>> = pairs.iter().map(|p| LabMethod::Exact.answer(p)).collect();
    LabMethod::ALL
        .iter()
        .map(|&m| measure_method(m, pairs, &exact))
        .collect()
}

fn measure_method(method: LabMethod, pairs: &[Pair], exact: &[Option<Answer>]) -> Row {
    let mut row = Row {
        name: method.name(),
        ..Row::default()
    };
    let (mut depth_sum, mut angle_sum, mut points, mut separated) = (0.0, 0.0, 0usize, 0usize);
    let (mut jitter_sum, mut jitter_count) = (0.0, 0usize);
    let (mut uncontained, mut separated_uncontained) = (0usize, 0usize);
    for (pair, truth) in pairs.iter().zip(exact) {
        let Some(truth) = truth
            .as_ref()
            .filter(|t| t.depth > TOUCH_REL * pair.scale())
        else {
            continue;
        };
        row.answered.1 += 1;
        let contained = pair.contained();
        uncontained += usize::from(!contained);
        let Some(ans) = method.answer(pair) else {
            continue;
        };
        row.answered.0 += 1;
        let depth_error = (ans.depth - truth.depth).abs();
        let angle = ans
            .normal
            .dot(truth.normal)
            .clamp(-1.0, 1.0)
            .acos()
            .to_degrees();
        depth_sum += depth_error;
        angle_sum += angle;
        row.depth_error.1 = row.depth_error.1.max(depth_error);
        row.angle_error.1 = row.angle_error.1.max(angle);
        points += ans.points.len();
        if separates(pair, &ans) {
            separated += 1;
            separated_uncontained += usize::from(!contained);
        }
        if let Some(turned) = method.answer(&pair.with_b_turned(JITTER_ANGLE)) {
            if !ans.points.is_empty() && !turned.points.is_empty() {
                jitter_sum += point_set_distance(&ans.points, &turned.points);
                jitter_count += 1;
            }
        }
    }
    let answered = row.answered.0.max(1) as f64;
    row.depth_error.0 = depth_sum / answered;
    row.angle_error.0 = angle_sum / answered;
    row.points = points as f64 / answered;
    row.separates = separated as f64 / row.answered.1.max(1) as f64;
    row.separates_uncontained = (
        separated_uncontained as f64 / uncontained.max(1) as f64,
        uncontained,
    );
    row.jitter = jitter_sum / jitter_count.max(1) as f64;
    row.ns_per_query = time_per_query(method, pairs);
    row
}

/// Whether moving B by the answer's depth along its normal leaves the pair apart (or
/// touching, within the relative tolerance).
fn separates(pair: &Pair, ans: &Answer) -> bool {
    let (wa, wb) = pair.world();
    let moved: Vec<Vec2> = wb.iter().map(|v| *v + ans.normal * ans.depth).collect();
    sat::separation(&wa, &moved).is_some_and(|s| s.depth <= TOUCH_REL * pair.scale())
}

/// The largest distance from a point of either set to the nearest point of the other.
fn point_set_distance(p: &[(Vec2, f64)], q: &[(Vec2, f64)]) -> f64 {
    let one_way = |p: &[(Vec2, f64)], q: &[(Vec2, f64)]| {
        p.iter()
            .map(|a| {
                q.iter()
                    .map(|b| (a.0 - b.0).length())
                    .fold(f64::INFINITY, f64::min)
            })
            .fold(0.0, f64::max)
    };
    one_way(p, q).max(one_way(q, p))
}

/// Nanoseconds per query: one warm-up pass over the pairs, then the best of three timed
/// passes.
fn time_per_query(method: LabMethod, pairs: &[Pair]) -> f64 {
    if pairs.is_empty() {
        return 0.0;
    }
    let pass = || {
        let start = Instant::now();
        for p in pairs {
            black_box(method.answer(black_box(p)));
        }
        start.elapsed().as_nanos() as f64 / pairs.len() as f64
    };
    pass();
    (0..3).map(|_| pass()).fold(f64::INFINITY, f64::min)
}

/// The lab's table for `count` random pairs from `seed`.
pub fn random_report(count: usize, seed: u64) -> String {
    let pairs = random_pairs(count, seed);
    let rows = measure(&pairs);
    let overlapping = rows.first().map_or(0, |r| r.answered.1);
    let mut out = format!(
        "{count} random convex pairs (seed {seed}): {overlapping} overlapping, {} apart or touching.\n\
         Errors are against the exact separating-axis answer, over the overlapping pairs each\n\
         method answered; 'separates' counts a miss as a failure; jitter turns B by {JITTER_ANGLE} rad.\n\
         gjk_epa is EPA's normal and depth; dual_edge's depth is its deepest contact point's, and its\n\
         normal is a face normal chosen among faces within a flip tolerance of the best.\n\n",
        count - overlapping
    );
    out.push_str(&format_table(&rows));
    out
}

/// The rows as an aligned text table, then the separation shares without containment.
pub fn format_table(rows: &[Row]) -> String {
    let mut out = format!(
        "{:<15} {:>11} {:>11} {:>11} {:>8} {:>10} {:>9} {:>6} {:>10} {:>8}\n",
        "method",
        "answered",
        "depth mean",
        "depth max",
        "angle°",
        "angle° max",
        "separates",
        "points",
        "jitter (m)",
        "ns/query"
    );
    for r in rows {
        let (points, jitter) = if r.points > 0.0 {
            (format!("{:.2}", r.points), format!("{:.3e}", r.jitter))
        } else {
            ("-".to_string(), "-".to_string())
        };
        let _ = writeln!(
            out,
            "{:<15} {:>11} {:>11.3e} {:>11.3e} {:>8.4} {:>10.3} {:>8.2}% {:>6} {:>10} {:>8.0}",
            r.name,
            format!("{}/{}", r.answered.0, r.answered.1),
            r.depth_error.0,
            r.depth_error.1,
            r.angle_error.0,
            r.angle_error.1,
            100.0 * r.separates,
            points,
            jitter,
            r.ns_per_query
        );
    }
    if let Some(first) = rows.first() {
        let _ = writeln!(
            out,
            "\nseparates, leaving out the pairs where one polygon lies wholly inside the other \
             ({} pairs left):",
            first.separates_uncontained.1
        );
        for r in rows {
            let _ = writeln!(
                out,
                "  {:<15} {:>8.2}%",
                r.name,
                100.0 * r.separates_uncontained.0
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_pairs_and_about_half_overlap() {
        let (a, b) = (random_pairs(300, 5), random_pairs(300, 5));
        assert_eq!(a, b);
        assert_ne!(a, random_pairs(300, 6));
        let overlapping = a
            .iter()
            .filter(|p| LabMethod::Exact.answer(p).is_some())
            .count();
        assert!((90..=210).contains(&overlapping), "{overlapping}");
    }

    #[test]
    fn turning_b_about_its_centroid_keeps_the_centroid() {
        let p = &random_pairs(1, 3)[0];
        let turned = p.with_b_turned(0.3);
        let c0 = p.xf_b.apply(p.b.centroid());
        let c1 = turned.xf_b.apply(p.b.centroid());
        assert!((c0 - c1).length() < 1e-12);
        assert!((turned.xf_b.q.angle() - p.xf_b.q.angle() - 0.3).abs() < 1e-12);
    }
}
