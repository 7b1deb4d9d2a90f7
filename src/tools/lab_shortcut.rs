//! `cavefly lab`'s check of the separating-axis shortcut: the dual-edge manifold with the
//! shortcut against the one GJK and EPA give, on random pairs, on resting pairs (an edge
//! lying on a face, flat or tilted by up to a hundredth of a radian, overhanging or not,
//! touching, sunk or hovering within the speculative distance) and on polygons against rock
//! segments.

use super::lab::random_pairs;
use crate::collide::dual_edge::{collide, collide_by_gjk_epa, collide_by_shortcut};
use crate::collide::Manifold;
use crate::constants::SPECULATIVE_DISTANCE;
use crate::geom::{ConvexPolygon, Rot, Segment, Shape, Transform, Vec2};
use crate::rng::Pcg32;

/// Two shapes, each placed by a transform.
pub type PlacedPair = (Shape, Transform, Shape, Transform);

/// How the two routes compared over a set of pairs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Agreement {
    /// Pairs compared.
    pub pairs: usize,
    /// Pairs the shortcut answered without GJK and EPA.
    pub shortcut: usize,
    /// Pairs where the shortcut's own answer disagrees with GJK's and EPA's (as for
    /// `agree` below).
    pub shortcut_wrong: usize,
    /// Pairs with a contact (by GJK and EPA).
    pub contacts: usize,
    /// Pairs whose manifolds agree: both none, or the same feature ids, and normal, depths
    /// and points within 1e-12 of the pair's size.
    pub agree: usize,
    /// Pairs whose manifolds are the same to the bit.
    pub identical: usize,
    /// The first pair that disagreed, described.
    pub first_mismatch: Option<String>,
}

/// Compares the two routes on every pair, with the engine's speculative distance.
pub fn compare(pairs: &[PlacedPair]) -> Agreement {
    let mut out = Agreement {
        pairs: pairs.len(),
        ..Agreement::default()
    };
    for (a, xf_a, b, xf_b) in pairs {
        let margin = SPECULATIVE_DISTANCE;
        let fast = collide(a, xf_a, b, xf_b, margin);
        let slow = collide_by_gjk_epa(a, xf_a, b, xf_b, margin);
        if let Some(own) = collide_by_shortcut(a, xf_a, b, xf_b, margin) {
            out.shortcut += 1;
            let size = a.bounding_circle().1.max(b.bounding_circle().1);
            out.shortcut_wrong += usize::from(!agree(own.as_ref(), slow.as_ref(), size));
        }
        out.contacts += usize::from(slow.is_some());
        out.identical += usize::from(fast == slow);
        let size = a.bounding_circle().1.max(b.bounding_circle().1);
        if agree(fast.as_ref(), slow.as_ref(), size) {
            out.agree += 1;
        } else if out.first_mismatch.is_none() {
            out.first_mismatch = Some(format!(
                "{a:?} at {xf_a:?} and {b:?} at {xf_b:?}: shortcut {fast:?}, GJK/EPA {slow:?}"
            ));
        }
    }
    out
}

fn agree(x: Option<&Manifold>, y: Option<&Manifold>, size: f64) -> bool {
    match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            let tol = 1e-12 * size.max(1.0);
            x.points().len() == y.points().len()
                && (x.normal - y.normal).length() <= 1e-12
                && x.points().iter().zip(y.points()).all(|(p, q)| {
                    p.id == q.id
                        && (p.point - q.point).length() <= tol
                        && (p.depth - q.depth).abs() <= tol
                })
        }
        _ => false,
    }
}

/// A random convex shape for resting pairs: a box, a regular polygon or the hull of random
/// points, 0.1 m to 4 m across.
fn random_polygon(rng: &mut Pcg32) -> ConvexPolygon {
    let size = 10f64.powf(rng.range(0.1f64.log10(), 4f64.log10())) / 2.0;
    let n = rng.int(3, 8);
    let shape = match rng.int(0, 2) {
        0 => ConvexPolygon::rect(size, size * rng.range(0.2, 1.0)),
        1 => ConvexPolygon::regular(n, size),
        _ => {
            let pts: Vec<Vec2> = (0..n)
                .map(|_| Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * size)
                .collect();
            ConvexPolygon::hull(&pts)
        }
    };
    shape
        .or_else(|_| ConvexPolygon::regular(n, size))
        .expect("a regular polygon with a positive radius is valid")
}

/// How far a resting edge is tilted off flat: exactly flat, a rounding error, or up to a
/// hundredth of a radian either way.
fn random_tilt(rng: &mut Pcg32) -> f64 {
    let magnitude = match rng.int(0, 3) {
        0 => 0.0,
        1 => 1e-15,
        _ => 10f64.powf(rng.range(-12.0, -2.0)),
    };
    if rng.int(0, 1) == 0 {
        magnitude
    } else {
        -magnitude
    }
}

/// How far apart a resting edge is from the face under it: exactly touching, a rounding
/// error apart, or sunk up to 5 cm or hovering up to 3 cm (past the speculative distance).
fn random_gap(rng: &mut Pcg32) -> f64 {
    match rng.int(0, 3) {
        0 => 0.0,
        1 => 1e-13 * if rng.int(0, 1) == 0 { 1.0 } else { -1.0 },
        _ => rng.range(-0.05, 0.03),
    }
}

/// Where a resting edge lies on the face under it: its middle `along` the face (0 and 1 are
/// the face's ends), `gap` off it, turned `tilt` off flat.
#[derive(Clone, Copy)]
struct Rest {
    along: f64,
    gap: f64,
    tilt: f64,
}

impl Rest {
    fn random(rng: &mut Pcg32) -> Rest {
        let along = rng.range(-0.3, 1.3);
        let (gap, tilt) = (random_gap(rng), random_tilt(rng));
        Rest { along, gap, tilt }
    }
}

/// Places `b`'s edge `f` against the face of `a`'s edge `e` (A placed by `xf_a`) as `rest`
/// says.
fn rest_on(
    a: &ConvexPolygon,
    xf_a: &Transform,
    e: usize,
    b: &ConvexPolygon,
    f: usize,
    rest: Rest,
) -> Transform {
    let edge = |p: &ConvexPolygon, i: usize| {
        let v = p.vertices();
        (v[i], v[(i + 1) % v.len()], p.normals()[i])
    };
    let (a1, a2, na) = edge(a, e);
    let (b1, b2, nb) = edge(b, f);
    // Turn B so that its edge's normal points against A's, then by the tilt.
    let turn = xf_a.q.angle() + (-na).y.atan2((-na).x) - nb.y.atan2(nb.x) + rest.tilt;
    let q = Rot::from_angle(turn);
    let target = xf_a.apply(a1 + (a2 - a1) * rest.along) + xf_a.q.rotate(na) * rest.gap;
    let mid_b = q.rotate(0.5 * (b1 + b2));
    Transform {
        p: target - mid_b,
        q,
    }
}

/// `count` resting pairs from `seed`.
pub fn resting_pairs(count: usize, seed: u64) -> Vec<PlacedPair> {
    let mut rng = Pcg32::new(seed);
    (0..count)
        .map(|_| {
            let a = random_polygon(&mut rng);
            let b = random_polygon(&mut rng);
            let xf_a = Transform::new(
                Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)),
                rng.range(-3.2, 3.2),
            );
            let e = rng.int(0, a.len() - 1);
            let f = rng.int(0, b.len() - 1);
            let xf_b = rest_on(&a, &xf_a, e, &b, f, Rest::random(&mut rng));
            (Shape::Polygon(a), xf_a, Shape::Polygon(b), xf_b)
        })
        .collect()
}

/// `count` polygons against rock segments from `seed`: half resting on the segment (either
/// side), half placed at random near it.
pub fn segment_pairs(count: usize, seed: u64) -> Vec<PlacedPair> {
    let mut rng = Pcg32::new(seed);
    (0..count)
        .map(|k| {
            let length = rng.range(0.3, 20.0);
            let segment = Segment::new(Vec2::new(-0.5 * length, 0.0), Vec2::new(0.5 * length, 0.0))
                .expect("a segment of positive length");
            let xf_a = Transform::new(
                Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)),
                rng.range(-3.2, 3.2),
            );
            let b = random_polygon(&mut rng);
            let xf_b = if k % 2 == 0 {
                // The segment as a two-sided face: rest on its upper or lower side.
                let side = if rng.int(0, 1) == 0 {
                    0.0
                } else {
                    std::f64::consts::PI
                };
                let face =
                    ConvexPolygon::rect_at(0.5 * length, 1e-3, &Transform::new(Vec2::ZERO, side))
                        .expect("a thin box");
                let f = rng.int(0, b.len() - 1);
                let rest = Rest::random(&mut rng);
                // The thin box's top face (edge 2) lies 1 mm off the segment: take it back.
                let rest = Rest {
                    gap: rest.gap - 1e-3,
                    ..rest
                };
                rest_on(&face, &xf_a, 2, &b, f, rest)
            } else {
                let reach = rng.range(0.0, 1.2) * b.radius();
                let at = Vec2::new(rng.range(-0.6, 0.6) * length, reach);
                Transform::new(xf_a.apply(at), rng.range(-3.2, 3.2))
            };
            (Shape::Segment(segment), xf_a, Shape::Polygon(b), xf_b)
        })
        .collect()
}

/// The lab's own random polygon pairs as placed pairs.
pub fn random_placed_pairs(count: usize, seed: u64) -> Vec<PlacedPair> {
    random_pairs(count, seed)
        .into_iter()
        .map(|p| (Shape::Polygon(p.a), p.xf_a, Shape::Polygon(p.b), p.xf_b))
        .collect()
}

/// The lab's section on the shortcut: `count` pairs of each kind from `seed`.
pub fn report(count: usize, seed: u64) -> String {
    let mut out = String::from(
        "Separating-axis shortcut against GJK/EPA (the dual-edge manifold either way): pairs the\n\
         shortcut answered alone, how many of those it got wrong, and how many final manifolds\n\
         agree (same ids; normal, points and depths to 1e-12 of the size) and are identical.\n",
    );
    out.push_str(&format!(
        "{:<24} {:>8} {:>9} {:>6} {:>9} {:>9} {:>10}\n",
        "pairs", "count", "shortcut", "wrong", "contacts", "agree", "identical"
    ));
    let kinds: [(&str, Vec<PlacedPair>); 3] = [
        ("random polygons", random_placed_pairs(count, seed)),
        ("resting polygons", resting_pairs(count, seed)),
        ("polygons on segments", segment_pairs(count, seed)),
    ];
    let mut mismatch = None;
    for (name, pairs) in kinds {
        let a = compare(&pairs);
        out.push_str(&format!(
            "{:<24} {:>8} {:>9} {:>6} {:>9} {:>9} {:>10}\n",
            name, a.pairs, a.shortcut, a.shortcut_wrong, a.contacts, a.agree, a.identical
        ));
        mismatch = mismatch.or(a.first_mismatch);
    }
    if let Some(m) = mismatch {
        out.push_str(&format!("first disagreement: {m}\n"));
    }
    out
}
