//! Incident-edge clipping for the dual-edge manifold: an incident edge is cut to the slab over
//! the reference edge (and, for overlapping shapes, to the inside of the reference shape), and
//! the surviving end points within the speculative margin become contact candidates, of which
//! at most two are kept.

use super::proxy::Outline;
use super::{FeatureId, FeatureKind, ManifoldPoint};
use crate::constants::MAX_POLYGON_VERTICES;
use crate::geom::{left_perp, Vec2};

/// Up to four candidate points with their coordinate along the reference edge (two per
/// incident edge; more edges are only clipped in the rare deep case, where the first four
/// found are plenty).
#[derive(Clone, Copy)]
pub(super) struct PointSet {
    pts: [(ManifoldPoint, f64); 4],
    len: usize,
    /// Points farther than this from the reference edge are not kept.
    margin: f64,
}

impl PointSet {
    #[inline(always)]
    pub(super) fn within(margin: f64) -> Self {
        let empty = ManifoldPoint {
            point: Vec2::ZERO,
            depth: 0.0,
            id: FeatureId::ROUND,
        };
        PointSet {
            pts: [(empty, 0.0); 4],
            len: 0,
            margin,
        }
    }
}

impl PointSet {
    pub(super) fn as_slice(&self) -> &[(ManifoldPoint, f64)] {
        &self.pts[..self.len]
    }

    pub(super) fn margin(&self) -> f64 {
        self.margin
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a point unless one with the same id is there (a vertex shared by both incident
    /// edges) or the set is full.
    #[inline(always)]
    pub(super) fn push(&mut self, point: ManifoldPoint, tangent: f64) {
        if self.len < self.pts.len() && !self.as_slice().iter().any(|(q, _)| q.id == point.id) {
            self.pts[self.len] = (point, tangent);
            self.len += 1;
        }
    }
}

impl PointSet {
    /// At most two points: with more, the deepest (it carries the penetration) and the one
    /// farthest from it along the reference edge (the deeper of two at the same place),
    /// which together span the support and so resist rotation best.
    #[inline(always)]
    pub(super) fn best_two(&self, scale: f64) -> ([ManifoldPoint; 2], usize) {
        let c = self.as_slice();
        match c.len() {
            0 => (
                [ManifoldPoint {
                    point: Vec2::ZERO,
                    depth: 0.0,
                    id: FeatureId::ROUND,
                }; 2],
                0,
            ),
            1 => ([c[0].0; 2], 1),
            2 => ([c[0].0, c[1].0], 2),
            _ => {
                let tie = 1e-9 * scale;
                // Points of equal depth (an edge lying on the face) are told apart by their
                // place along the edge, which does not change with the frame.
                let max_depth = c
                    .iter()
                    .map(|x| x.0.depth)
                    .fold(f64::NEG_INFINITY, f64::max);
                let deepest = c
                    .iter()
                    .filter(|x| x.0.depth >= max_depth - tie)
                    .min_by(|x, y| x.1.total_cmp(&y.1))
                    .expect("non-empty");
                let reach = c
                    .iter()
                    .map(|x| (x.1 - deepest.1).abs())
                    .fold(0.0, f64::max);
                let partner = c
                    .iter()
                    .filter(|x| x.0.id != deepest.0.id && (x.1 - deepest.1).abs() >= reach - tie)
                    .max_by(|x, y| x.0.depth.total_cmp(&y.0.depth))
                    .expect("more than one point");
                ([deepest.0, partner.0], 2)
            }
        }
    }
}

/// The reference shape's vertices that lie inside the incident shape, each with its depth
/// along the reference normal (how far the incident shape must move along it to clear the
/// vertex).
pub(super) fn contained_vertices(
    rp: &Outline,
    re: usize,
    ip: &Outline,
    reference_is_b: bool,
    out: &mut PointSet,
) {
    let normal = rp.normals()[re];
    let v1 = rp.points()[re];
    let tangent = left_perp(normal);
    let floor = ip
        .points()
        .iter()
        .map(|x| x.dot(normal))
        .fold(f64::INFINITY, f64::min);
    for (k, r) in rp.points().iter().enumerate() {
        let inside = ip
            .points()
            .iter()
            .zip(ip.normals())
            .all(|(x, n)| n.dot(*r - *x) <= 0.0);
        if inside {
            let id = FeatureId {
                reference_is_b,
                reference_edge: re as u8,
                incident: k as u8,
                kind: FeatureKind::Inside,
            };
            let point = ManifoldPoint {
                point: *r,
                depth: r.dot(normal) - floor,
                id,
            };
            out.push(point, tangent.dot(*r - v1));
        }
    }
}

/// How far [`clip`] cuts an incident edge.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Clip {
    /// To the slab over the reference edge and inside the reference shape.
    Inside,
    /// To the slab only: the last resort when nothing lies inside.
    Slab,
}

/// The index after `i` in a loop of `n`.
#[inline]
pub(super) fn next(i: usize, n: usize) -> usize {
    if i + 1 == n {
        0
    } else {
        i + 1
    }
}

/// A clipped incident end point and the feature that made it.
type ClipPoint = (Vec2, FeatureId);

/// Keeps the part of segment `seg` where `m · x <= c`. A cut end takes the id of the end it
/// replaces: `cut[0]` for the first, `cut[1]` for the second.
#[inline(always)]
fn clip_to_half_plane(
    seg: [ClipPoint; 2],
    m: Vec2,
    c: f64,
    cut: [FeatureId; 2],
) -> Option<[ClipPoint; 2]> {
    let (d1, d2) = (m.dot(seg[0].0) - c, m.dot(seg[1].0) - c);
    if d1 > 0.0 && d2 > 0.0 {
        return None;
    }
    if d1 <= 0.0 && d2 <= 0.0 {
        return Some(seg);
    }
    let x = seg[0].0 + (seg[1].0 - seg[0].0) * (d1 / (d1 - d2));
    Some(if d1 > 0.0 {
        [(x, cut[0]), seg[1]]
    } else {
        [seg[0], (x, cut[1])]
    })
}

/// A reference edge set up for clipping incident edges against it: the half-planes
/// `m · x <= c` an incident edge is cut to, in the order it is cut — the two sides of the
/// slab over the edge, then the reference polygon's edges that face away from the reference
/// normal — worked out once for every incident edge clipped against it.
pub(super) struct Reference {
    planes: [(Vec2, f64); 2 + MAX_POLYGON_VERTICES],
    /// How many of `planes` [`Clip::Inside`] cuts to ([`Clip::Slab`] cuts to the first two).
    inside: usize,
    v1: Vec2,
    normal: Vec2,
    tangent: Vec2,
    edge: u8,
    reference_is_b: bool,
}

impl Reference {
    /// Edge `re` of `rp` as the reference; `reference_is_b` names the side in feature ids.
    #[inline(always)]
    pub(super) fn new(rp: &Outline, re: usize, reference_is_b: bool) -> Reference {
        let (rn, rv, rns) = (rp.len(), rp.points(), rp.normals());
        let (v1, v2) = (rv[re], rv[next(re, rn)]);
        let normal = rns[re];
        let tangent = left_perp(normal);
        // The planes are written where they stay: built aside and moved in, they were
        // copied by a call to `memmove` on every query.
        let mut r = Reference {
            planes: [(Vec2::ZERO, 0.0); 2 + MAX_POLYGON_VERTICES],
            inside: 2,
            v1,
            normal,
            tangent,
            edge: re as u8,
            reference_is_b,
        };
        r.planes[0] = (-tangent, -tangent.dot(v1));
        r.planes[1] = (tangent, tangent.dot(v2));
        // Edges facing along the reference normal never cut the slab below the edge, and
        // leaving them out keeps speculative points above it.
        if rn > 2 {
            for k in 0..rn {
                if k != re && rns[k].dot(normal) <= 0.0 {
                    r.planes[r.inside] = (rns[k], rns[k].dot(rv[k]));
                    r.inside += 1;
                }
            }
        }
        r
    }

    #[inline(always)]
    fn planes(&self, mode: Clip) -> &[(Vec2, f64)] {
        match mode {
            Clip::Inside => &self.planes[..self.inside],
            Clip::Slab => &self.planes[..2],
        }
    }

    /// Clips incident edge `ie` of `ip` to the slab over the reference edge and, in
    /// [`Clip::Inside`] mode, to the inside of the reference polygon, so a deep point never
    /// lies outside the reference shape; keeps the points within the speculative distance
    /// of the reference edge. A point is reported where it lies on the incident shape's
    /// surface: inside both shapes when they overlap, and within the speculative distance of
    /// both when they do not.
    #[inline(always)]
    pub(super) fn clip(&self, ip: &Outline, ie: usize, mode: Clip, out: &mut PointSet) {
        let id = |incident: usize, kind: FeatureKind| FeatureId {
            reference_is_b: self.reference_is_b,
            reference_edge: self.edge,
            incident: incident as u8,
            kind,
        };
        let (iv, inn) = (ip.points(), ip.len());
        let (i1, i2) = (ie, next(ie, inn));
        let seg = [
            (iv[i1], id(i1, FeatureKind::Vertex)),
            (iv[i2], id(i2, FeatureKind::Vertex)),
        ];
        let cut = [id(ie, FeatureKind::ClipStart), id(ie, FeatureKind::ClipEnd)];
        let Some(seg) = self.clip_segment(mode, seg, cut) else {
            return;
        };
        for (p, fid) in seg {
            let separation = self.normal.dot(p - self.v1);
            if separation <= out.margin {
                let point = ManifoldPoint {
                    point: p,
                    depth: -separation,
                    id: fid,
                };
                out.push(point, self.tangent.dot(p - self.v1));
            }
        }
    }

    /// What is left of `seg` cut to every half-plane of `mode`, cut ends named by `cut`.
    #[inline(always)]
    fn clip_segment(
        &self,
        mode: Clip,
        mut seg: [ClipPoint; 2],
        cut: [FeatureId; 2],
    ) -> Option<[ClipPoint; 2]> {
        for &(m, c) in self.planes(mode) {
            seg = clip_to_half_plane(seg, m, c, cut)?;
        }
        Some(seg)
    }

    /// Whether `x` lies within every half-plane [`Reference::clip`] cuts to in
    /// [`Clip::Inside`] mode, so that an incident edge whose two ends both do comes
    /// through the clip whole.
    #[inline(always)]
    pub(super) fn holds(&self, x: Vec2) -> bool {
        self.planes(Clip::Inside)
            .iter()
            .all(|&(m, c)| m.dot(x) - c <= 0.0)
    }

    /// Whether the slab over the reference edge alone leaves nothing of the edge from `a`
    /// to `b`, so that [`Reference::clip`] (which cuts to the slab first) keeps no point of
    /// it.
    #[inline(always)]
    pub(super) fn beside_slab(&self, a: Vec2, b: Vec2) -> bool {
        let ends = [(a, FeatureId::ROUND), (b, FeatureId::ROUND)];
        self.clip_segment(Clip::Slab, ends, [FeatureId::ROUND; 2])
            .is_none()
    }
}

/// Most vertices the overlap of an incident outline with the half-planes of a reference
/// shape can have: each half-plane adds at most one.
const MAX_OVERLAP: usize = 2 * MAX_POLYGON_VERTICES + 4;

/// Writes to `out` the part of the closed outline `src` where `m · x <= c` and returns how
/// many points it wrote, or returns `None` (writing nothing) when every point lies strictly
/// inside, where the part is `src` itself.
fn clip_outline(src: &[Vec2], out: &mut [Vec2; MAX_OVERLAP], m: Vec2, c: f64) -> Option<usize> {
    let len = src.len();
    let mut side = [0.0; MAX_OVERLAP];
    let mut all_inside = true;
    for (d, p) in side.iter_mut().zip(src) {
        *d = m.dot(*p) - c;
        all_inside &= *d < 0.0;
    }
    if all_inside {
        return None;
    }
    let mut n = 0;
    for i in 0..len {
        let j = next(i, len);
        let (p, q, dp, dq) = (src[i], src[j], side[i], side[j]);
        if dp <= 0.0 && n < MAX_OVERLAP {
            out[n] = p;
            n += 1;
        }
        if (dp < 0.0) != (dq < 0.0) && dp != dq && n < MAX_OVERLAP {
            out[n] = p + (q - p) * (dp / (dp - dq));
            n += 1;
        }
    }
    Some(n)
}

/// How deep below reference edge `re` the overlap of the two shapes reaches: the incident
/// outline clipped to the reference shape (for a segment, to the region behind it over its
/// length), and the depth of its deepest point. `NEG_INFINITY` when they do not overlap.
pub(super) fn overlap_depth(rp: &Outline, re: usize, ip: &Outline) -> f64 {
    // Clipped back and forth between two buffers, plane by plane.
    let mut pts = [[Vec2::ZERO; MAX_OVERLAP]; 2];
    let mut len = ip.len().min(MAX_OVERLAP);
    pts[0][..len].copy_from_slice(&ip.points()[..len]);
    let mut cur = 0;
    // A plane that leaves the outline whole is passed over.
    let mut cut = |m: Vec2, c: f64| {
        let [a, b] = &mut pts;
        let (src, dst) = if cur == 0 { (a, b) } else { (b, a) };
        if let Some(n) = clip_outline(&src[..len], dst, m, c) {
            len = n;
            cur = 1 - cur;
        }
    };
    let (normal, v1) = (rp.normals()[re], rp.points()[re]);
    if rp.len() == 2 {
        let v2 = rp.points()[next(re, 2)];
        let tangent = left_perp(normal);
        cut(normal, normal.dot(v1));
        cut(-tangent, -tangent.dot(v1));
        cut(tangent, tangent.dot(v2));
    } else {
        for (v, n) in rp.points().iter().zip(rp.normals()) {
            cut(*n, n.dot(*v));
        }
    }
    pts[cur][..len]
        .iter()
        .map(|p| -normal.dot(*p - v1))
        .fold(f64::NEG_INFINITY, f64::max)
}
