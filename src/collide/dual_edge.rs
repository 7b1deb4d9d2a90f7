//! The default polygon contact: GJK/EPA for the normal, then "dual-edge" contact points.
//!
//! GJK (separated) or EPA (overlapping) names the closest features of the two shapes: on
//! each side either one vertex or one edge. The reference edge is chosen among the edges of
//! those features — an edge feature itself, or both edges that meet at a vertex feature —
//! as the one with the greatest separation; edges within [`FLIP_TOLERANCE`] of that are
//! treated as equal and the longest wins, so a box settling on the floor does not flip its
//! reference face back and forth (and the choice does not depend on which shape is A).
//! For the other shape, when its side of the feature pair is a single vertex, BOTH edges
//! adjacent to that vertex are clipped against the reference edge, and every clipped point
//! within the speculative distance is kept. A corner digging into a face gives one point; an
//! edge lying almost flat along a face gives two, and keeps giving two while it tilts by
//! small angles, because the neighbouring edge is tested whichever vertex GJK happened to
//! pick. That is what makes resting contact stable.
//!
//! Segments take part as two-sided "2-gons" (see [`Proxy`]).

use super::clearance::{extent, Clearance};
use super::epa::penetration;
use super::gjk::{distance_proxies, SimplexCache};
use super::incident::{contained_vertices, next, overlap_depth, Clip, PointSet, Reference};
use super::proxy::{Outline, Proxy};
use super::shortcut::{features, Answer, Feature, Separations};
use super::Manifold;
use crate::constants::{LINEAR_SLOP, MAX_POLYGON_VERTICES};

/// Candidate reference edges whose separations differ by less than this are equally good,
/// and the longest is taken. Larger resists flips better but may pick a face that
/// penetrates slightly more than the best one; Box2D uses the same tenth of the slop.
pub const FLIP_TOLERANCE: f64 = 0.1 * LINEAR_SLOP;
use crate::geom::{Shape, Transform, Vec2};

/// Which shape a reference or incident feature is on.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Side {
    A,
    B,
}

/// Contact between two placed polygons or segments (at least one a polygon).
pub fn collide(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
) -> Option<Manifold> {
    collide_tracked(a, xf_a, b, xf_b, margin, None, &mut None)
}

/// [`collide`] asking GJK and EPA for the closest features every time, never the
/// separating-axis shortcut ([`super::shortcut`]): the reference the shortcut is measured
/// against. It gives the same manifold.
pub fn collide_by_gjk_epa(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
) -> Option<Manifold> {
    collide_in_frame_of_a(a, xf_a, b, xf_b, margin, Route::GjkEpa)
}

/// How the closest features are found.
enum Route<'c> {
    /// The separating-axis shortcut where it is sure, else GJK (warm-started from the
    /// cache, when there is one) and EPA. When the bounding circles or the shortcut show
    /// the shapes apart, that proof goes to the clearance.
    Shortcut(Option<&'c mut SimplexCache>, &'c mut Option<Clearance>),
    /// GJK and EPA always, cold.
    GjkEpa,
}

/// [`collide`], warm-started from `cache` when given, that also says how it knew the
/// shapes apart: `clearance` is set when the bounding circles or an edge normal proved
/// them farther apart than `margin` (before GJK was asked, so `cache` was left as it was),
/// and cleared otherwise.
pub fn collide_tracked(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
    cache: Option<&mut SimplexCache>,
    clearance: &mut Option<Clearance>,
) -> Option<Manifold> {
    *clearance = None;
    collide_in_frame_of_a(a, xf_a, b, xf_b, margin, Route::Shortcut(cache, clearance))
}

fn collide_in_frame_of_a(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
    route: Route,
) -> Option<Manifold> {
    let rel = match in_reach(a, xf_a, b, xf_b, margin) {
        Ok(rel) => rel,
        Err(gap) => {
            if let Route::Shortcut(_, clearance) = route {
                // B's bounding circle is fixed to B: B's own extent bounds its motion.
                *clearance = Some(Clearance {
                    separation: gap,
                    radius: extent(b),
                });
            }
            return None;
        }
    };
    let pb = Proxy::from_shape_in(b, &rel);
    match route {
        Route::Shortcut(cache, clearance) => {
            let mut apart = None;
            let found = shortcut_or_gjk_epa(a, &pb, margin, cache, &mut apart);
            if let Some((on_b, separation)) = apart {
                *clearance = Some(edge_proof(a, b, &rel, on_b, separation));
            }
            found
        }
        Route::GjkEpa => by_gjk_epa(&Proxy::from_shape(a), &pb, margin, None),
    }
    .map(|m| m.transformed(xf_a))
}

/// The proof an edge normal gave, with B placed by `rel` in A's frame. An edge of A: B's
/// points move past it, bounded by B's extent. An edge of B: A's points as B sees them,
/// as far from B's origin as A reaches.
fn edge_proof(a: &Shape, b: &Shape, rel: &Transform, on_b: bool, separation: f64) -> Clearance {
    let radius = if on_b {
        let (c, r) = a.bounding_circle();
        (c - rel.p).length() + r
    } else {
        extent(b)
    };
    Clearance { separation, radius }
}

/// The shortcut's manifold where it is sure, else GJK's and EPA's (warm-started from
/// `cache`). When the shortcut found an edge normal separating the shapes, `apart` gets
/// the edge's side (B's when true) and separation. Shape A is in its own frame: a polygon
/// is read where it lies, and its proxy is built only for GJK and EPA.
fn shortcut_or_gjk_epa(
    a: &Shape,
    pb: &Proxy,
    margin: f64,
    cache: Option<&mut SimplexCache>,
    apart: &mut Option<(bool, f64)>,
) -> Option<Manifold> {
    if let Shape::Polygon(p) = a {
        if let Some(m) = shortcut_answer(&Outline::of_polygon(p), &pb.outline(), margin, apart) {
            return m;
        }
        return by_gjk_epa(&Proxy::from_shape(a), pb, margin, cache);
    }
    let pa = Proxy::from_shape(a);
    match shortcut_answer(&pa.outline(), &pb.outline(), margin, apart) {
        Some(m) => m,
        None => by_gjk_epa(&pa, pb, margin, cache),
    }
}

/// The manifold from the features GJK and EPA name.
fn by_gjk_epa(
    pa: &Proxy,
    pb: &Proxy,
    margin: f64,
    cache: Option<&mut SimplexCache>,
) -> Option<Manifold> {
    let (normal, fa, fb) = features_by_gjk_epa(pa, pb, margin, cache)?;
    manifold_from_features(&pa.outline(), &pb.outline(), margin, normal, fa, fb, None)
        .unwrap_or(None)
}

/// B's placement in A's frame, or how far apart the shapes' bounding circles are when that
/// is more than `margin`. The query works in A's frame: B's points move once, A's not at all.
#[inline]
fn in_reach(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
) -> Result<Transform, f64> {
    let rel = xf_a.inv_mul(xf_b);
    let (ca, ra) = a.bounding_circle();
    let (cb, rb) = b.bounding_circle();
    let apart = (rel.apply(cb) - ca).length();
    if apart <= ra + rb + margin {
        Ok(rel)
    } else {
        Err(apart - ra - rb)
    }
}

/// The separating-axis shortcut's answer alone: `Some` with the manifold (or with `None`
/// for no contact) where it is sure, `None` where [`collide`] would ask GJK and EPA. For
/// measuring the shortcut against [`collide_by_gjk_epa`].
pub fn collide_by_shortcut(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
) -> Option<Option<Manifold>> {
    let Ok(rel) = in_reach(a, xf_a, b, xf_b, margin) else {
        return Some(None);
    };
    let pb = Proxy::from_shape_in(b, &rel);
    let pa;
    let oa = match a {
        Shape::Polygon(p) => Outline::of_polygon(p),
        _ => {
            pa = Proxy::from_shape(a);
            pa.outline()
        }
    };
    let answer = shortcut_answer(&oa, &pb.outline(), margin, &mut None)?;
    Some(answer.map(|m| m.transformed(xf_a)))
}

/// Contact between two polygon or segment proxies in one frame, reporting points up to
/// `margin` apart.
pub fn collide_proxies(pa: &Proxy, pb: &Proxy, margin: f64) -> Option<Manifold> {
    match shortcut_answer(&pa.outline(), &pb.outline(), margin, &mut None) {
        Some(m) => m,
        None => by_gjk_epa(pa, pb, margin, None),
    }
}

/// The manifold (or no contact) by the separating-axis shortcut, or `None` where it
/// cannot be sure of GJK's and EPA's answer. Where an edge normal shows the shapes apart,
/// `apart` gets its side (B's when true) and separation.
fn shortcut_answer(
    pa: &Outline,
    pb: &Outline,
    margin: f64,
    apart: &mut Option<(bool, f64)>,
) -> Option<Option<Manifold>> {
    if pa.len() == 4 && pb.len() == 4 {
        shortcut_answer_of::<4>(pa, pb, margin, apart)
    } else {
        shortcut_answer_of::<0>(pa, pb, margin, apart)
    }
}

/// [`shortcut_answer`] compiled for outlines of `N` points each (boxes, for `N` = 4), so
/// that every loop over their points is laid out whole; for any counts when `N` is 0.
#[inline(never)]
fn shortcut_answer_of<const N: usize>(
    pa: &Outline,
    pb: &Outline,
    margin: f64,
    apart: &mut Option<(bool, f64)>,
) -> Option<Option<Manifold>> {
    let (pa, pb) = if N == 0 {
        (*pa, *pb)
    } else {
        (pa.first::<N>(), pb.first::<N>())
    };
    let (pa, pb) = (&pa, &pb);
    let mut separations = [[0.0; MAX_POLYGON_VERTICES]; 2];
    match features(
        pa,
        pb,
        margin,
        FLIP_TOLERANCE.min(1e-2 * pa.scale().max(pb.scale())),
        &mut separations,
    ) {
        Answer::Apart { on_b, separation } => {
            *apart = Some((on_b, separation));
            Some(None)
        }
        Answer::Features { normal, a, b, flat } => {
            let found = Found {
                separations: &separations,
                flat,
            };
            manifold_from_features(pa, pb, margin, normal, a, b, Some(found)).ok()
        }
        Answer::Unsure => None,
    }
}

/// Two edges lying flat against each other, where GJK or EPA could have named either edge
/// or either of its end vertices, give different manifolds depending on that choice: the
/// shortcut's answer is not taken.
struct Ambiguous;

/// The closest features as GJK (apart) or EPA (overlapping) name them, with the direction
/// from A to B; `None` when GJK finds the shapes farther apart than `margin`.
fn features_by_gjk_epa(
    pa: &Proxy,
    pb: &Proxy,
    margin: f64,
    cache: Option<&mut SimplexCache>,
) -> Option<(Vec2, Feature, Feature)> {
    let g = distance_proxies(pa, pb, cache.as_deref());
    if let Some(c) = cache {
        *c = g.cache();
    }
    if g.distance > margin {
        return None;
    }
    let (normal, pairs) = if g.distance > 0.0 {
        let v = g.simplex.vertices();
        let last = v[v.len() - 1];
        (
            g.normal,
            [(v[0].index_a, v[0].index_b), (last.index_a, last.index_b)],
        )
    } else {
        let p = penetration(pa, pb, &g.simplex);
        (p.normal, p.edge)
    };
    let fa = classify(&pa.outline(), pairs[0].0, pairs[1].0, normal);
    let fb = classify(&pb.outline(), pairs[0].1, pairs[1].1, -normal);
    Some((normal, fa, fb))
}

/// What the separating-axis pass measured on its way to the features it named.
#[derive(Clone, Copy)]
struct Found<'s> {
    /// Every edge's separation from the other shape.
    separations: &'s Separations,
    /// Both features are edges lying flat against each other.
    flat: bool,
}

/// The dual-edge manifold from the closest features: the reference edge among their edges,
/// then the incident edges clipped against it. When the separating-axis pass named them
/// (`by_pass`), its separations are reused; when it says they lie flat against each other,
/// this checks that naming either edge's end vertex instead would give the same manifold,
/// and says [`Ambiguous`] where it would not.
#[inline(always)]
fn manifold_from_features(
    pa: &Outline,
    pb: &Outline,
    margin: f64,
    normal: Vec2,
    fa: Feature,
    fb: Feature,
    by_pass: Option<Found>,
) -> Result<Option<Manifold>, Ambiguous> {
    let scale = pa.scale().max(pb.scale());
    let flat = by_pass.is_some_and(|f| f.flat);
    let separations = by_pass.map(|f| f.separations);
    let (reference, edge, feature) = choose_reference(pa, pb, fa, fb, normal, scale, separations);
    let (ref_proxy, inc_proxy) = match reference {
        Side::A => (pa, pb),
        Side::B => (pb, pa),
    };
    let reference_is_b = reference == Side::B;
    let plan = Reference::new(ref_proxy, edge, reference_is_b);
    let mut found = PointSet::within(margin);
    let (incident, incident_count) = incident_edges(inc_proxy, feature);
    for &inc_edge in &incident[..incident_count] {
        plan.clip(inc_proxy, inc_edge, Clip::Inside, &mut found);
    }
    if flat {
        let clear = !found.is_empty()
            && neighbours_add_nothing(&plan, ref_proxy, edge, inc_proxy, feature, &found);
        if !clear {
            return Err(Ambiguous);
        }
    }
    if found.is_empty() {
        // Deep overlap past a corner: the edges next to the incident feature miss the
        // reference shape, so look along the whole incident outline.
        let all = if inc_proxy.len() == 2 {
            1
        } else {
            inc_proxy.len()
        };
        for inc_edge in 0..all {
            plan.clip(inc_proxy, inc_edge, Clip::Inside, &mut found);
        }
    }
    if found.is_empty() && inc_proxy.len() > 2 {
        // No part of the incident outline is inside the reference shape: the reference
        // shape sits inside the incident one. Its own vertices are the contact.
        contained_vertices(ref_proxy, edge, inc_proxy, reference_is_b, &mut found);
    }
    if found.is_empty() {
        for &inc_edge in &incident[..incident_count] {
            plan.clip(inc_proxy, inc_edge, Clip::Slab, &mut found);
        }
    }
    let (mut points, count) = found.best_two(scale);
    if count == 0 {
        return Ok(None);
    }
    // In a deep overlap the part of the incident shape that reaches deepest into the
    // reference shape can lie off the clipped edges, so no kept point shows how far the
    // shapes must move apart. The deepest point then carries the depth of the deepest point
    // of the overlap (its position stays inside both shapes). Only the deepest point takes
    // it: the points come in clipping order, and a shallow point given the full depth
    // would be lifted every step while the body rests.
    let deepest = (0..count)
        .max_by(|&i, &j| points[i].depth.total_cmp(&points[j].depth))
        .expect("at least one point");
    let ref_n = ref_proxy.normals()[edge];
    let ref_v = ref_proxy.points()[edge];
    let reach = inc_proxy
        .points()
        .iter()
        .map(|p| -ref_n.dot(*p - ref_v))
        .fold(f64::NEG_INFINITY, f64::max);
    // The incident vertices bound the overlap's depth from above, so the exact overlap is
    // only needed when they reach deeper than the kept points (an incident corner hanging
    // past the reference edge's end reaches deeper without being inside).
    if reach > points[deepest].depth {
        let overlap = overlap_depth(ref_proxy, edge, inc_proxy);
        if overlap > points[deepest].depth {
            points[deepest].depth = overlap;
        }
    }
    let ref_normal = ref_proxy.normals()[edge];
    let n = if reference_is_b {
        -ref_normal
    } else {
        ref_normal
    };
    Ok(Some(Manifold::new(n, &points[..count])))
}

/// Whether clipping the incident edge's neighbours too (as when the incident feature is one
/// of its end vertices) adds no point to `found`.
#[inline(always)]
fn neighbours_add_nothing(
    plan: &Reference,
    ref_proxy: &Outline,
    edge: usize,
    inc_proxy: &Outline,
    feature: Feature,
    found: &PointSet,
) -> bool {
    let (n, Feature::Edge(e)) = (inc_proxy.len(), feature) else {
        return false;
    };
    if n == 2 {
        // A segment offers its one edge whichever feature is named.
        return true;
    }
    let (points, margin) = (inc_proxy.points(), found.margin());
    let (ref_n, ref_v) = (ref_proxy.normals()[edge], ref_proxy.points()[edge]);
    [(e + n - 1) % n, (e + 1) % n].into_iter().all(|k| {
        // The neighbour runs from an end of the incident edge to its own far vertex. When
        // both lie within every clipping plane the clip keeps it whole, so it adds nothing
        // if the far vertex lies beyond the margin (the shared vertex is already there, or
        // out of the margin for both). The common cases are decided without clipping: that
        // one, and the neighbour lying wholly beside the slab (an overhanging box's side).
        let (shared, far) = if k == (e + 1) % n {
            (points[k], points[(k + 1) % n])
        } else {
            (points[e], points[k])
        };
        if plan.beside_slab(shared, far)
            || (ref_n.dot(far - ref_v) > margin && plan.holds(shared) && plan.holds(far))
        {
            return true;
        }
        let mut more = PointSet::within(found.margin());
        plan.clip(inc_proxy, k, Clip::Inside, &mut more);
        more.as_slice()
            .iter()
            .all(|(p, _)| found.as_slice().iter().any(|(q, _)| q.id == p.id))
    })
}

/// Contact of `b` against edge `edge` of `a` used as the reference face, whatever GJK would
/// pick: B's vertex deepest below the face gives the incident feature, and both of its edges
/// are clipped to the face's slab. The rock uses this to keep a body sliding over a joint
/// between two segments on the segments' face normal instead of the joint's vertex normal.
pub fn collide_on_face(
    a: &Shape,
    xf_a: &Transform,
    edge: usize,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
) -> Option<Manifold> {
    let rel = xf_a.inv_mul(xf_b);
    let (pa, pb) = (Proxy::from_shape(a), Proxy::from_shape_in(b, &rel));
    if edge >= pa.normals().len() || pb.len() < 2 {
        return None;
    }
    let deepest = pb.support(-pa.normals()[edge]);
    let (pa, pb) = (pa.outline(), pb.outline());
    let plan = Reference::new(&pa, edge, false);
    let mut found = PointSet::within(margin);
    let (incident, count) = incident_edges(&pb, Feature::Vertex(deepest));
    for &inc_edge in &incident[..count] {
        plan.clip(&pb, inc_edge, Clip::Slab, &mut found);
    }
    let (points, count) = found.best_two(pa.scale().max(pb.scale()));
    (count > 0).then(|| Manifold::new(pa.normals()[edge], &points[..count]).transformed(xf_a))
}

/// A vertex when both indices agree, the edge between them when they are neighbours; a
/// segment's two-sided edge is the side that faces `dir`.
#[inline(always)]
fn classify(p: &Outline, i: usize, j: usize, dir: Vec2) -> Feature {
    let n = p.len();
    if i == j || n < 2 {
        return Feature::Vertex(i);
    }
    if n == 2 {
        return Feature::Edge(if p.normals()[0].dot(dir) >= 0.0 { 0 } else { 1 });
    }
    if (i + 1) % n == j {
        Feature::Edge(i)
    } else if (j + 1) % n == i {
        Feature::Edge(j)
    } else {
        // Not neighbours: only possible for a degenerate difference; use one vertex.
        Feature::Vertex(i)
    }
}

/// The two edges that meet at vertex `v` (a segment's two sides).
#[inline(always)]
fn adjacent_edges(p: &Outline, v: usize) -> [usize; 2] {
    let n = p.len();
    [(v + n - 1) % n, v]
}

/// The edges a feature offers as reference, and how many: the edge itself, or both edges
/// at a vertex.
#[inline(always)]
fn feature_edges(p: &Outline, f: Feature) -> ([usize; 2], usize) {
    match f {
        Feature::Edge(e) => ([e, e], 1),
        Feature::Vertex(v) => (adjacent_edges(p, v), 2),
    }
}

/// A candidate reference edge.
#[derive(Clone, Copy)]
struct Face {
    side: Side,
    edge: usize,
    /// Least signed distance of the other shape's points from this edge's line.
    separation: f64,
}

impl Face {
    /// Edge `edge` of `p` as a candidate, with its separation from `other` as measured by
    /// the separating-axis pass when there was one.
    #[inline(always)]
    fn new(
        side: Side,
        p: &Outline,
        edge: usize,
        other: &Outline,
        separations: Option<&Separations>,
    ) -> Face {
        let separation = match separations {
            Some(s) => s[usize::from(side == Side::B)][edge],
            None => {
                let (n, v) = (p.normals()[edge], p.points()[edge]);
                let mut least = f64::INFINITY;
                for q in other.points() {
                    least = least.min(n.dot(*q - v));
                }
                least
            }
        };
        Face {
            side,
            edge,
            separation,
        }
    }

    #[inline(always)]
    fn length(&self, pa: &Outline, pb: &Outline) -> f64 {
        let p = match self.side {
            Side::A => pa,
            Side::B => pb,
        };
        (p.points()[next(self.edge, p.len())] - p.points()[self.edge]).length()
    }
}

/// Picks the reference edge among the features' edges that face the other shape: the
/// longest of those whose separation is within [`FLIP_TOLERANCE`] of the best. Returns its
/// side, its index and the other shape's feature. `separations`: the separating-axis
/// pass's, where it named the features.
#[inline(always)]
fn choose_reference(
    pa: &Outline,
    pb: &Outline,
    fa: Feature,
    fb: Feature,
    normal: Vec2,
    scale: f64,
    separations: Option<&Separations>,
) -> (Side, usize, Feature) {
    let mut faces = [Face {
        side: Side::A,
        edge: 0,
        separation: 0.0,
    }; 4];
    let mut count = 0;
    let mut best_aligned = (f64::NEG_INFINITY, Side::A, 0);
    let mut best = f64::NEG_INFINITY;
    for (side, p, other, f, dir) in [
        (Side::A, pa, pb, fa, normal),
        (Side::B, pb, pa, fb, -normal),
    ] {
        let (edges, n) = feature_edges(p, f);
        for &e in &edges[..n] {
            let alignment = p.normals()[e].dot(dir);
            if alignment > best_aligned.0 {
                best_aligned = (alignment, side, e);
            }
            if alignment > 0.0 {
                faces[count] = Face::new(side, p, e, other, separations);
                best = best.max(faces[count].separation);
                count += 1;
            }
        }
    }
    let (side, edge) = if count == 0 {
        (best_aligned.1, best_aligned.2)
    } else {
        // The faces within the tolerance of the best, in order; the longest wins. Lengths
        // are measured only where there is a choice.
        let bar = best - FLIP_TOLERANCE.min(1e-2 * scale);
        let mut kept = [(faces[0], 0.0); 4];
        let mut n = 0;
        for f in &faces[..count] {
            if f.separation >= bar {
                kept[n] = (*f, 0.0);
                n += 1;
            }
        }
        if n > 1 {
            for k in &mut kept[..n] {
                k.1 = k.0.length(pa, pb);
            }
        }
        let chosen = kept[..n]
            .iter()
            .max_by(|(x, xl), (y, yl)| {
                // Equal lengths (two same-size boxes) prefer A's edge, so the choice and
                // hence the feature ids do not flicker from step to step.
                let tie = 1e-9 * xl.max(*yl);
                if (xl - yl).abs() <= tie {
                    (x.side == Side::A)
                        .cmp(&(y.side == Side::A))
                        .then(x.separation.total_cmp(&y.separation))
                } else {
                    xl.total_cmp(yl)
                }
            })
            .expect("the best face passes its own filter")
            .0;
        (chosen.side, chosen.edge)
    };
    match side {
        Side::A => (Side::A, edge, fb),
        Side::B => (Side::B, edge, fa),
    }
}

/// The incident edges to clip, and how many: both neighbours of a vertex (the dual edges),
/// or the edge itself. A segment has one edge to offer.
#[inline(always)]
fn incident_edges(p: &Outline, f: Feature) -> ([usize; 2], usize) {
    match f {
        _ if p.len() == 2 => ([0, 0], 1),
        Feature::Vertex(v) => (adjacent_edges(p, v), 2),
        Feature::Edge(e) => ([e, e], 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::contact;
    use crate::geom::ConvexPolygon;

    fn boxed(hw: f64, hh: f64) -> Shape {
        ConvexPolygon::rect(hw, hh).unwrap().into()
    }

    #[test]
    fn corner_into_face_gives_one_point() {
        let a = boxed(2.0, 0.5);
        let b = boxed(0.5, 0.5);
        let xf_b = Transform::new(
            Vec2::new(0.0, 0.5 + 0.5f64.sqrt() - 0.01),
            std::f64::consts::FRAC_PI_4,
        );
        let m = contact(&a, &Transform::IDENTITY, &b, &xf_b).unwrap();
        assert_eq!(m.points().len(), 1);
        assert!((m.normal - Vec2::Y).length() < 1e-12);
        assert!((m.points()[0].depth - 0.01).abs() < 1e-9);
    }

    #[test]
    fn segment_under_box_gives_two_points() {
        use crate::geom::Segment;
        let s: Shape = Segment::new(Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0))
            .unwrap()
            .into();
        let b = boxed(0.5, 0.25);
        let m = contact(
            &s,
            &Transform::IDENTITY,
            &b,
            &Transform::from_translation(Vec2::new(1.0, 0.24)),
        )
        .unwrap();
        assert_eq!(m.points().len(), 2);
        assert!((m.normal - Vec2::Y).length() < 1e-12, "{:?}", m.normal);
        for p in m.points() {
            assert!((p.depth - 0.01).abs() < 1e-9);
        }
    }
}
