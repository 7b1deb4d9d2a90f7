//! A separating-axis shortcut to the features GJK and EPA name for the dual-edge manifold.
//!
//! The dual-edge manifold needs only two things from GJK (shapes apart) or EPA (shapes
//! overlapping): which feature of each shape is nearest the other — a vertex or an edge —
//! and the direction they face each other along. For convex polygons (and a segment against
//! a polygon) that direction is an edge normal: EPA's last edge is the Minkowski difference's
//! face of least penetration, whose normal is the edge normal along which the shapes are
//! least deep in each other, and when the shapes are apart with an edge nearest, GJK's last
//! edge is the face whose normal separates them most. Either face joins that edge to the
//! other shape's vertex deepest along its normal. So one pass over every edge normal of both
//! shapes names the same features without iterating, whenever one normal is clearly best.
//!
//! Where the pass cannot be sure which features GJK or EPA would name, it says so
//! ([`Answer::Unsure`]) and the caller asks them: two normals within [`TIE_REL`] of the size
//! of each other (unless they are two edges lying flat against each other, where every
//! choice GJK or EPA could make gives the same manifold), and shapes apart or just touching
//! whose nearest points are not an edge and a vertex over it (two corners). `cavefly lab`
//! and the tests check on random and resting pairs that the manifold is the same either way.

use super::incident::next;
use super::proxy::Outline;
use crate::constants::MAX_POLYGON_VERTICES;
use crate::geom::Vec2;

/// Separations closer than this fraction of the pair's size are ties (GJK's touching
/// tolerance and EPA's convergence tolerance are a hundredth and a thousandth of it).
pub const TIE_REL: f64 = 1e-9;

/// One side of the closest feature pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Feature {
    /// Vertex `i`.
    Vertex(usize),
    /// Edge `i`, from vertex `i` to `i + 1`.
    Edge(usize),
}

/// What the separating-axis pass found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Answer {
    /// An edge normal separates the shapes by more than the margin: no contact. The edge
    /// is B's when `on_b`; the other shape's points lie `separation` beyond its line.
    Apart { on_b: bool, separation: f64 },
    /// The features GJK or EPA would name on A and on B, and the direction from A to B
    /// they face each other along. `flat`: both are edges lying flat against each other,
    /// where GJK or EPA could as well have named an end vertex of either (no edge next to
    /// them separates within the flip tolerance of them, so the reference edge is the same
    /// whichever is named); the caller checks that the incident points are too.
    Features {
        normal: Vec2,
        a: Feature,
        b: Feature,
        flat: bool,
    },
    /// Too close to call: ask GJK and EPA.
    Unsure,
}

/// An edge normal of one shape and how well it separates the other shape.
#[derive(Clone, Copy)]
struct Axis {
    /// Whether the edge is B's (its normal then points from B to A).
    on_b: bool,
    edge: usize,
    /// Least signed distance of the other shape's points from the edge's line.
    separation: f64,
    /// The other shape's point at that distance.
    support: usize,
}

const NO_AXIS: Axis = Axis {
    on_b: false,
    edge: 0,
    separation: f64::NEG_INFINITY,
    support: 0,
};

/// Every edge's separation from the other shape, A's edges then B's, as the pass measured
/// them: the least signed distance of the other shape's points from the edge's line.
pub(super) type Separations = [[f64; MAX_POLYGON_VERTICES]; 2];

/// The features of `pa` and `pb` (one frame) that GJK or EPA would name, or
/// [`Answer::Apart`] when an edge normal shows them farther apart than `margin`. When it
/// names features, `separations` holds every edge's separation.
#[inline(always)]
pub(super) fn features(
    pa: &Outline,
    pb: &Outline,
    margin: f64,
    flip_tol: f64,
    separations: &mut Separations,
) -> Answer {
    if pa.len() < 2 || pb.len() < 2 {
        return Answer::Unsure;
    }
    // The three best axes, best first.
    let mut top = [NO_AXIS; 3];
    for (on_b, p, q) in [(false, pa, pb), (true, pb, pa)] {
        let side = &mut separations[usize::from(on_b)];
        // The sweep compiled for each count of points, so its loops are laid out whole
        // (the arms run to the most vertices a polygon has).
        const _: () = assert!(MAX_POLYGON_VERTICES == 8);
        let qs = q.points();
        let apart = match qs.len() {
            2 => sweep::<2>(on_b, p, qs, margin, side, &mut top),
            3 => sweep::<3>(on_b, p, qs, margin, side, &mut top),
            4 => sweep::<4>(on_b, p, qs, margin, side, &mut top),
            5 => sweep::<5>(on_b, p, qs, margin, side, &mut top),
            6 => sweep::<6>(on_b, p, qs, margin, side, &mut top),
            7 => sweep::<7>(on_b, p, qs, margin, side, &mut top),
            8 => sweep::<8>(on_b, p, qs, margin, side, &mut top),
            _ => return Answer::Unsure,
        };
        if let Some(separation) = apart {
            return Answer::Apart { on_b, separation };
        }
    }
    let tie = TIE_REL * pa.scale().max(pb.scale());
    let [best, second, third] = top;
    if !best.separation.is_finite() {
        return Answer::Unsure;
    }
    // Apart, or touching to within rounding (where GJK's own answer or EPA's is a matter of
    // rounding, and both name an edge and a vertex over it only when there is one).
    let apart = best.separation > -tie;
    let (own, other) = if best.on_b { (pb, pa) } else { (pa, pb) };
    let (own_feature, other_feature, flat) = if best.separation - second.separation > tie {
        if apart && !over_edge(own, best.edge, &[other.points()[best.support]], tie) {
            return Answer::Unsure;
        }
        (
            Feature::Edge(best.edge),
            Feature::Vertex(best.support),
            false,
        )
    } else if second.on_b != best.on_b
        && best.separation - third.separation > tie
        && lie_flat(own, best.edge, other, second.edge, tie)
    {
        let e = other.points()[second.edge];
        let f = other.points()[next(second.edge, other.len())];
        if apart && !over_edge(own, best.edge, &[e, f], tie) {
            return Answer::Unsure;
        }
        // Had GJK or EPA named an end vertex of either flat edge, the edge next to it
        // would be a candidate reference edge too: none may come within the flip tolerance
        // (and the tie tolerance, for rounding) of the flat edges.
        let bar = best.separation.max(second.separation) - flip_tol - tie;
        let neighbours_lose = |p: &Outline, e: usize, own_side: bool| {
            let n = p.len();
            let s = &separations[usize::from(own_side)];
            s[(e + n - 1) % n] < bar && s[(e + 1) % n] < bar
        };
        if !neighbours_lose(own, best.edge, best.on_b)
            || !neighbours_lose(other, second.edge, second.on_b)
        {
            return Answer::Unsure;
        }
        (Feature::Edge(best.edge), Feature::Edge(second.edge), true)
    } else {
        return Answer::Unsure;
    };
    let n = own.normals()[best.edge];
    if best.on_b {
        Answer::Features {
            normal: -n,
            a: other_feature,
            b: own_feature,
            flat,
        }
    } else {
        Answer::Features {
            normal: n,
            a: own_feature,
            b: other_feature,
            flat,
        }
    }
}

/// Measures every edge of `p` against the `N` points `qs` of the other shape: each
/// separation goes to `separations` and the three best axes to `top`. Stops at the first
/// edge that separates by more than `margin`, giving its separation.
#[inline(always)]
fn sweep<const N: usize>(
    on_b: bool,
    p: &Outline,
    qs: &[Vec2],
    margin: f64,
    separations: &mut [f64; MAX_POLYGON_VERTICES],
    top: &mut [Axis; 3],
) -> Option<f64> {
    let (count, qs) = (N, &qs[..N]);
    // The other shape's deepest point along each edge normal. The normals turn
    // counter-clockwise round the shape, and with them the deepest point round the other
    // shape, so after the first edge it is found by walking on from the last one (a convex
    // outline's depths along a direction fall to one minimum and rise again; at most a full
    // turn of steps).
    let mut support = 0;
    for (edge, (n, v)) in p.normals().iter().zip(p.points()).enumerate() {
        let mut low = n.dot(qs[support]);
        if edge == 0 {
            for (k, x) in qs.iter().enumerate().skip(1) {
                let d = n.dot(*x);
                if d < low {
                    (low, support) = (d, k);
                }
            }
        } else {
            for _ in 1..count {
                let k = next(support, count);
                let d = n.dot(qs[k]);
                // Level steps are walked over: a flat top (an edge parallel to the last
                // one) would otherwise stop the walk at the far side's highest point.
                if d > low {
                    break;
                }
                (low, support) = (d, k);
            }
        }
        let separation = n.dot(qs[support] - *v);
        if separation > margin {
            return Some(separation);
        }
        separations[edge] = separation;
        let axis = Axis {
            on_b,
            edge,
            separation,
            support,
        };
        if separation > top[0].separation {
            *top = [axis, top[0], top[1]];
        } else if separation > top[1].separation {
            *top = [top[0], axis, top[1]];
        } else if separation > top[2].separation {
            top[2] = axis;
        }
    }
    None
}

/// Whether edge `e` of `p` and edge `f` of `q` face each other along one line (their
/// normals opposite to within the tie tolerance over the pair's size).
#[inline(always)]
fn lie_flat(p: &Outline, e: usize, q: &Outline, f: usize, tie: f64) -> bool {
    let (n, m) = (p.normals()[e], q.normals()[f]);
    n.dot(m) < 0.0 && n.perp_dot(m).abs() * p.scale().max(q.scale()) <= tie
}

/// Whether the points `xs` (one point, or the two ends of an edge lying flat against edge
/// `e`) project onto edge `e` of `p` at least the tie tolerance inside its ends, so that the
/// nearest points of two shapes apart lie on that edge and not at one of its corners.
#[inline(always)]
fn over_edge(p: &Outline, e: usize, xs: &[Vec2], tie: f64) -> bool {
    let v1 = p.points()[e];
    let t = p.points()[next(e, p.len())] - v1;
    let length = t.length();
    if length <= 2.0 * tie {
        return false;
    }
    let along = |x: &Vec2| t.dot(*x - v1) / length;
    let lo = xs.iter().map(along).fold(f64::INFINITY, f64::min);
    let hi = xs.iter().map(along).fold(f64::NEG_INFINITY, f64::max);
    if xs.len() == 1 {
        lo > tie && hi < length - tie
    } else {
        hi.min(length) - lo.max(0.0) > tie
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::proxy::Proxy;
    use crate::geom::{ConvexPolygon, Shape, Transform};

    fn boxed(hw: f64, hh: f64) -> Shape {
        ConvexPolygon::rect(hw, hh).unwrap().into()
    }

    fn answer(a: &Shape, b: &Shape, xf_b: Transform) -> Answer {
        let pa = Proxy::from_shape(a);
        let pb = Proxy::from_shape_in(b, &xf_b);
        let separations = &mut [[0.0; MAX_POLYGON_VERTICES]; 2];
        features(&pa.outline(), &pb.outline(), 0.02, 5e-4, separations)
    }

    #[test]
    fn a_corner_in_a_face_names_the_face_and_the_corner() {
        let (floor, crate_) = (boxed(2.0, 0.5), boxed(0.5, 0.5));
        // Turned 30 degrees and sunk 1 cm: its lowest corner is in the floor's top face.
        let turn = std::f64::consts::FRAC_PI_6;
        let drop = 0.5 * (turn.cos() + turn.sin());
        let xf = Transform::new(Vec2::new(0.3, 0.5 + drop - 0.01), turn);
        let Answer::Features { normal, a, b, .. } = answer(&floor, &crate_, xf) else {
            panic!("a clear answer");
        };
        assert!((normal - Vec2::Y).length() < 1e-12);
        // The rectangle's edges run bottom, right, top, left; the top is edge 2.
        assert_eq!(a, Feature::Edge(2));
        assert!(matches!(b, Feature::Vertex(_)));
    }

    #[test]
    fn a_crate_lying_flat_names_both_faces() {
        let (floor, crate_) = (boxed(2.0, 0.5), boxed(0.5, 0.5));
        let xf = Transform::from_translation(Vec2::new(0.3, 0.995));
        assert_eq!(
            answer(&floor, &crate_, xf),
            Answer::Features {
                normal: Vec2::Y,
                a: Feature::Edge(2),
                b: Feature::Edge(0),
                flat: true,
            }
        );
    }

    #[test]
    fn far_apart_is_apart_and_corner_to_corner_is_unsure() {
        let b = boxed(0.5, 0.5);
        let far = Transform::from_translation(Vec2::new(0.0, 1.5));
        // B's bottom edge is 0.5 m above A's top edge, measured on A's edge first.
        assert_eq!(
            answer(&b, &b, far),
            Answer::Apart {
                on_b: false,
                separation: 0.5
            }
        );
        // Diagonal, 1 cm apart corner to corner: the nearest points are two vertices.
        let d = 0.01 / 2f64.sqrt();
        let corner = Transform::from_translation(Vec2::new(1.0 + d, 1.0 + d));
        assert_eq!(answer(&b, &b, corner), Answer::Unsure);
        // Exactly touching corner to corner: either corner's edges could be named.
        let touching = Transform::from_translation(Vec2::new(1.0, 1.0));
        assert_eq!(answer(&b, &b, touching), Answer::Unsure);
        // Exactly touching face to face, overlapping by half: the two faces.
        let flat = Transform::from_translation(Vec2::new(0.5, 1.0));
        assert!(matches!(
            answer(&b, &b, flat),
            Answer::Features { flat: true, .. }
        ));
    }
}
