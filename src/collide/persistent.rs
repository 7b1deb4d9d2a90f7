//! What a pair of shapes remembers from one query to the next: the GJK simplex its last
//! full query ended with, and the manifold itself, reused while the pair has barely moved;
//! or, for a pair found apart, the proof of it ([`Clearance`]), trusted while the pair has
//! not moved far enough to undo it.
//!
//! A reused manifold is the cached one carried along with B's motion relative to A. The
//! feature ids say whose material each point is: a point on B over A's reference edge moves
//! with B, its depth changing by B's motion along A's normal; a point on A under B's
//! reference edge stays, while B's edge, and with it the normal, moves with B. For a vertex
//! that is exact until the features change; a point where an incident edge was cut at the
//! reference edge's side is off by its slide times the angle between the two edges. So the
//! limits below are about features rather than accuracy: a point that has slid far may
//! have left its edge, a turn brings other corners nearer, and a point that lands or lifts
//! (its depth changes sign) may bring a neighbouring corner into play. Any of those, or a
//! speculative margin wider by more than [`MARGIN_SLACK`] than the one the cached manifold
//! was found with, and the pair is queried afresh.

use super::clearance::Clearance;
use super::gjk::SimplexCache;
use super::{contact_tracked, FeatureId, FeatureKind, Manifold, ManifoldPoint};
use crate::constants::LINEAR_SLOP;
use crate::geom::{Shape, Transform, Vec2};

/// A cached point may move this far with B, relative to A, before the pair is queried
/// again (m): a fifth of the slop, 1 mm.
pub const REUSE_DISTANCE: f64 = 0.2 * LINEAR_SLOP;
/// B may turn this far relative to A before the pair is queried again (rad, compared
/// through its sine): a tenth of a degree.
pub const REUSE_ANGLE: f64 = 2e-3;

/// A manifold found within one margin is reused under a margin up to this much wider (m):
/// the slop, 5 mm. A pair's margin follows its closing speed, which jitters from step to
/// step in a pile, and in a sagging stack most queries were asked only because the margin
/// had grown by a hair. A point the reused manifold may lack lies beyond the old margin,
/// so at least the speculative distance away, and the new margin exceeds the speculative
/// distance by the most the pair can close in the step: after the step that point is still
/// at least the speculative distance less this slack apart, not touching.
pub const MARGIN_SLACK: f64 = LINEAR_SLOP;

/// A pair's memory between queries; starts empty.
#[derive(Clone, Debug, Default)]
pub struct PairCache {
    /// The GJK simplex the last full query ended with, to warm-start the next.
    pub simplex: SimplexCache,
    last: Last,
}

/// What the last query found, with B's pose relative to A at that time.
#[derive(Clone, Debug, Default)]
enum Last {
    /// Nothing to go on: a new pair, or one the query found apart without a proof.
    #[default]
    Unknown,
    /// Apart, and how the query knew.
    Apart {
        relative: Transform,
        clearance: Clearance,
    },
    /// Touching, or within the margin.
    Touching(Recent),
}

/// The last computed manifold in A's frame, with B's pose relative to A at that time.
#[derive(Clone, Debug)]
struct Recent {
    relative: Transform,
    normal: Vec2,
    points: [ManifoldPoint; 2],
    count: usize,
    margin: f64,
}

const NO_POINT: ManifoldPoint = ManifoldPoint {
    point: Vec2::ZERO,
    depth: 0.0,
    id: FeatureId::ROUND,
};

impl PairCache {
    /// The pair's manifold at A's pose `xf_a` and B's `xf_b` with speculative margin
    /// `margin`: the remembered answer while it still holds (see the module's notes), else
    /// `query`'s, which is remembered. `query` gets the simplex to warm-start from and a
    /// slot for its proof when it finds the pair apart (as [`contact_tracked`] fills it).
    #[inline]
    pub fn refresh(
        &mut self,
        xf_a: &Transform,
        xf_b: &Transform,
        margin: f64,
        query: impl FnOnce(&mut SimplexCache, &mut Option<Clearance>) -> Option<Manifold>,
    ) -> Option<Manifold> {
        if let Some(m) = self.reuse(xf_a, xf_b, margin) {
            return m;
        }
        let mut clearance = None;
        let m = query(&mut self.simplex, &mut clearance);
        self.keep(m.as_ref(), clearance, xf_a, xf_b, margin);
        m
    }

    /// Whether the pair remembers nothing to go on (new, or last found apart without a
    /// proof): [`PairCache::refresh`] will then ask its query.
    #[inline]
    pub fn knows_nothing(&self) -> bool {
        matches!(self.last, Last::Unknown)
    }

    /// Remembers `m` (world frame; `None`: no contact, with its proof `clearance` when
    /// there is one), found with A at `xf_a`, B at `xf_b` and speculative margin `margin`.
    #[inline]
    fn keep(
        &mut self,
        m: Option<&Manifold>,
        clearance: Option<Clearance>,
        xf_a: &Transform,
        xf_b: &Transform,
        margin: f64,
    ) {
        let Some(m) = m.filter(|m| !m.points().is_empty()) else {
            self.last = match clearance {
                Some(clearance) => Last::Apart {
                    relative: xf_a.inv_mul(xf_b),
                    clearance,
                },
                None => Last::Unknown,
            };
            return;
        };
        let mut points = [NO_POINT; 2];
        for (slot, p) in points.iter_mut().zip(m.points()) {
            *slot = ManifoldPoint {
                point: xf_a.apply_inv(p.point),
                ..*p
            };
        }
        self.last = Last::Touching(Recent {
            relative: xf_a.inv_mul(xf_b),
            normal: xf_a.q.inv_rotate(m.normal),
            points,
            count: m.points().len(),
            margin,
        });
    }

    /// The remembered answer carried to the new poses: `Some(None)` for a pair still
    /// proved apart, the manifold for one still touching, or `None` when there is nothing
    /// to go on or the pair has moved too far for it (see the module's notes).
    pub fn reuse(
        &self,
        xf_a: &Transform,
        xf_b: &Transform,
        margin: f64,
    ) -> Option<Option<Manifold>> {
        let last = match &self.last {
            Last::Unknown => return None,
            Last::Apart {
                relative,
                clearance,
            } => {
                let now = xf_a.inv_mul(xf_b);
                return clearance.holds(relative, &now, margin).then_some(None);
            }
            Last::Touching(last) => last,
        };
        if margin > last.margin + MARGIN_SLACK {
            return None;
        }
        let now = xf_a.inv_mul(xf_b);
        // The turn since caching, by its sine (the cosine must stay positive): no
        // trigonometry on this path, which every resting contact takes every step.
        let turn = now.q.inv_mul(last.relative.q);
        if turn.c <= 0.0 || turn.s.abs() > REUSE_ANGLE {
            return None;
        }
        // B's motion relative to A since caching, in A's frame: its material then at `x`
        // is now at `moved(x)`.
        let moved = |x: Vec2| now.apply(last.relative.apply_inv(x));
        // The normal is the reference edge's: it turns with B when the edge is B's.
        let b_face = face_is_b(&last.points[0].id);
        let normal = if b_face {
            now.q.rotate(last.relative.q.inv_rotate(last.normal))
        } else {
            last.normal
        };
        let mut points = [NO_POINT; 2];
        for (slot, p) in points.iter_mut().zip(&last.points[..last.count]) {
            let (point, depth, shift) = if b_face {
                // A's material under B's edge: the point stays, the edge moves over it.
                let foot = p.point - last.normal * p.depth;
                let now_foot = moved(foot);
                (p.point, normal.dot(p.point - now_foot), now_foot - foot)
            } else {
                // B's material over A's edge: the point moves with B.
                let at = moved(p.point);
                (at, p.depth - (at - p.point).dot(normal), at - p.point)
            };
            if shift.length_squared() > REUSE_DISTANCE * REUSE_DISTANCE
                || (depth >= 0.0) != (p.depth >= 0.0)
            {
                return None;
            }
            *slot = ManifoldPoint {
                point: xf_a.apply(point),
                depth,
                id: p.id,
            };
        }
        Some(Some(Manifold::new(
            xf_a.q.rotate(normal),
            &points[..last.count],
        )))
    }
}

/// Whether a manifold whose points are named like `id` has its reference edge on B, with
/// the points on A's outline under it: then the edge and the normal move with B and the
/// points stay with A. Otherwise the points are taken as B's material over A's edge: exact
/// for the dual-edge method's points on A's edges, and the rule for every other kind
/// (round, crossing, centroid, a vertex sunk inside the other shape).
fn face_is_b(id: &FeatureId) -> bool {
    matches!(
        id.kind,
        FeatureKind::Vertex | FeatureKind::ClipStart | FeatureKind::ClipEnd
    ) && id.reference_is_b
}

/// [`contact_tracked`] with the whole pair memory ([`PairCache::refresh`]): the remembered
/// answer while it holds, else a query warm-started from the simplex; either way
/// remembered for the next call: what the physics world does for each contact, with its
/// own query, through [`PairCache::refresh`].
#[inline]
pub fn contact_persistent(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    margin: f64,
    cache: &mut PairCache,
) -> Option<Manifold> {
    cache.refresh(xf_a, xf_b, margin, |simplex, clearance| {
        contact_tracked(a, xf_a, b, xf_b, margin, Some(simplex), clearance)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::contact_within;
    use crate::constants::SPECULATIVE_DISTANCE;
    use crate::geom::{ConvexPolygon, Segment};
    use crate::rng::Pcg32;

    const MARGIN: f64 = SPECULATIVE_DISTANCE;

    fn boxed(hw: f64, hh: f64) -> Shape {
        ConvexPolygon::rect(hw, hh).unwrap().into()
    }

    /// A 1 m crate over a 4 m slab (top at y = 0.5, both in the slab's frame), its centre
    /// at `(0.3, y)` turned `angle`, then the pair placed by `frame`.
    fn crate_at(frame: &Transform, y: f64, dx: f64, angle: f64) -> Transform {
        Transform::new(frame.apply(Vec2::new(0.3 + dx, y)), frame.q.angle() + angle)
    }

    fn assert_close(a: &Manifold, b: &Manifold, tol: f64) {
        assert_eq!(a.points().len(), b.points().len(), "{a:?} against {b:?}");
        assert!((a.normal - b.normal).length() <= tol, "{a:?} against {b:?}");
        for (p, q) in a.points().iter().zip(b.points()) {
            assert_eq!(p.id, q.id);
            assert!((p.point - q.point).length() <= tol, "{a:?} against {b:?}");
            assert!((p.depth - q.depth).abs() <= tol, "{a:?} against {b:?}");
        }
    }

    /// Caches the slab/crate pair at `first`, then moves the crate to `then`: the reused
    /// manifold (which must be given) against a fresh query.
    fn reused_and_fresh(
        slab: &Shape,
        crate_: &Shape,
        frame: &Transform,
        first: Transform,
        then: Transform,
    ) -> (Manifold, Manifold) {
        let mut cache = PairCache::default();
        contact_persistent(slab, frame, crate_, &first, MARGIN, &mut cache).expect("touching");
        let reused = cache.reuse(frame, &then, MARGIN).flatten().expect("reused");
        let fresh = contact_within(slab, frame, crate_, &then, MARGIN).expect("touching");
        (reused, fresh)
    }

    #[test]
    fn a_small_move_reuses_the_manifold_and_matches_a_fresh_query() {
        let (slab, crate_) = (boxed(2.0, 0.5), boxed(0.5, 0.5));
        let frame = Transform::new(Vec2::new(-1.0, 2.0), 0.2);
        // Resting 3 mm deep; then slid 0.6 mm and sunk 0.2 mm, or slid and turned half a
        // milliradian: the same corners touch, now where the fresh query finds them.
        let first = crate_at(&frame, 0.997, 0.0, 0.0);
        for then in [
            crate_at(&frame, 0.9968, 6e-4, 0.0),
            crate_at(&frame, 0.997, 3e-4, 5e-4),
        ] {
            let (reused, fresh) = reused_and_fresh(&slab, &crate_, &frame, first, then);
            assert_eq!(reused.points().len(), 2);
            assert_close(&reused, &fresh, 1e-12);
        }
        // The crate wider than the slab: the slab's corners under the crate's face, which
        // is the reference edge, so the normal turns with the crate.
        let (narrow, wide) = (boxed(0.4, 0.5), boxed(0.6, 0.5));
        let first = Transform::new(frame.apply(Vec2::new(0.0, 0.997)), frame.q.angle());
        let then = Transform::new(frame.apply(Vec2::new(4e-4, 0.9969)), frame.q.angle() + 8e-4);
        let (reused, fresh) = reused_and_fresh(&narrow, &wide, &frame, first, then);
        assert!(reused.points()[0].id.reference_is_b);
        assert_close(&reused, &fresh, 1e-12);
    }

    #[test]
    fn sliding_turning_or_a_wider_margin_queries_afresh() {
        let (slab, crate_) = (boxed(2.0, 0.5), boxed(0.5, 0.5));
        let a = Transform::IDENTITY;
        // Tilted a degree: one corner 10 mm deep, the other hovering 7 mm up.
        let tilt = 1f64.to_radians();
        let start = crate_at(&a, 0.998, 0.0, tilt);
        let mut cache = PairCache::default();
        let m = contact_persistent(&slab, &a, &crate_, &start, MARGIN, &mut cache).unwrap();
        assert_eq!(m.points().len(), 2);
        assert!(m.points().iter().any(|p| p.depth < 0.0));
        assert!(m.points().iter().any(|p| p.depth > 0.0));
        let just = 0.9 * REUSE_DISTANCE;
        assert!(cache
            .reuse(&a, &crate_at(&a, 0.998, just, tilt), MARGIN)
            .is_some());
        // A margin grown by a hair (a closing speed that jitters) keeps the answer.
        assert_eq!(
            cache.reuse(&a, &start, MARGIN + 0.9 * MARGIN_SLACK),
            Some(Some(m))
        );
        // Each of these leaves the limits: the answer is the fresh query's, bit for bit.
        let cases = [
            ("slid 1.5 mm", crate_at(&a, 0.998, 0.0015, tilt), MARGIN),
            (
                "turned 3 mrad",
                crate_at(&a, 0.998, 0.0, tilt + 3e-3),
                MARGIN,
            ),
            ("a wider margin", start, 1.5 * MARGIN),
            (
                "a margin wider by more than the slack",
                start,
                MARGIN + 1.1 * MARGIN_SLACK,
            ),
        ];
        for (what, xf, margin) in cases {
            assert!(cache.reuse(&a, &xf, margin).is_none(), "{what}");
            let mut c = cache.clone();
            let got = contact_persistent(&slab, &a, &crate_, &xf, margin, &mut c);
            assert_eq!(
                got,
                contact_within(&slab, &a, &crate_, &xf, margin),
                "{what}"
            );
        }
    }

    #[test]
    fn a_corner_landing_or_lifting_queries_afresh() {
        let (slab, crate_) = (boxed(2.0, 0.5), boxed(0.5, 0.5));
        let a = Transform::IDENTITY;
        // Turned half a milliradian: one corner 0.2 mm deep, the other 0.3 mm up.
        let tilt: f64 = 5e-4;
        let y = 0.5 + 0.5 * tilt.cos() + 0.5 * tilt.sin() - 2e-4;
        let mut cache = PairCache::default();
        let m = contact_persistent(
            &slab,
            &a,
            &crate_,
            &crate_at(&a, y, 0.0, tilt),
            MARGIN,
            &mut cache,
        )
        .unwrap();
        let mut depths: Vec<f64> = m.points().iter().map(|p| p.depth).collect();
        depths.sort_by(f64::total_cmp);
        assert!(
            (depths[0] + 3e-4).abs() < 1e-9 && (depths[1] - 2e-4).abs() < 1e-9,
            "{m:?}"
        );
        // Sunk 0.2 mm the hovering corner still hovers; 0.5 mm and it has landed. Raised
        // 0.3 mm, the deep corner has lifted.
        assert!(cache
            .reuse(&a, &crate_at(&a, y - 2e-4, 0.0, tilt), MARGIN)
            .is_some());
        assert!(cache
            .reuse(&a, &crate_at(&a, y - 5e-4, 0.0, tilt), MARGIN)
            .is_none());
        assert!(cache
            .reuse(&a, &crate_at(&a, y + 3e-4, 0.0, tilt), MARGIN)
            .is_none());
    }

    #[test]
    fn a_pair_found_apart_is_trusted_apart_until_it_may_not_be() {
        // Two 4 m planks, B's bottom 0.3 m over A's top: A's top edge proves them apart
        // with 0.28 m of room over the margin.
        let plank = boxed(2.0, 0.1);
        let a = Transform::IDENTITY;
        let at = |x: f64, y: f64, angle: f64| Transform::new(Vec2::new(x, y), angle);
        let mut cache = PairCache::default();
        assert!(
            contact_persistent(&plank, &a, &plank, &at(0.0, 0.5, 0.0), MARGIN, &mut cache)
                .is_none()
        );
        for trusted in [at(0.0, 0.3, 0.0), at(0.25, 0.5, 0.0), at(0.0, 0.5, 0.1)] {
            assert_eq!(cache.reuse(&a, &trusted, MARGIN), Some(None), "{trusted:?}");
        }
        // Nearer than the room, or turned so an end (2 m out) may swing that far, or a
        // margin as wide as the gap: queried again.
        for (xf, margin) in [
            (at(0.0, 0.2, 0.0), MARGIN),
            (at(0.0, 0.5, 0.15), MARGIN),
            (at(0.0, 0.5, 0.0), 0.3),
        ] {
            assert_eq!(cache.reuse(&a, &xf, margin), None, "{xf:?}");
        }
        // Boxes whose bounding circles are apart: the circles' gap (8.6 cm) is the proof.
        let b = boxed(0.5, 0.5);
        let mut cache = PairCache::default();
        assert!(contact_persistent(&b, &a, &b, &at(0.0, 1.5, 0.0), MARGIN, &mut cache).is_none());
        assert_eq!(cache.reuse(&a, &at(0.05, 1.5, 0.0), MARGIN), Some(None));
        assert_eq!(cache.reuse(&a, &at(0.0, 1.42, 0.0), MARGIN), None);
    }

    /// A polygon (3 to 8 sides, up to a metre, its centroid off its origin), a sliver up to
    /// 6 m long from near its origin, or a segment up to 4 m long, also off its origin.
    fn random_shape(rng: &mut Pcg32) -> Shape {
        let off = Vec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5));
        if rng.next_u32().is_multiple_of(4) {
            let half = Vec2::new(rng.range(0.2, 2.0), rng.range(-0.5, 0.5));
            return Segment::new(off - half, off + half).unwrap().into();
        }
        if rng.next_u32().is_multiple_of(3) {
            // A long sliver: its far end swings far when the other shape turns.
            let (long, wide) = (rng.range(2.0, 6.0), rng.range(0.05, 0.3));
            let p = ConvexPolygon::new(&[
                off,
                off + Vec2::new(long, -wide),
                off + Vec2::new(long, wide),
            ]);
            return p.unwrap().into();
        }
        let sides = rng.int(3, 8);
        let p = ConvexPolygon::regular(sides, rng.range(0.15, 1.0)).unwrap();
        let turn = Transform::new(off, rng.range(0.0, 6.0));
        p.transformed(&turn).into()
    }

    /// Over pairs of polygons and segments drifting and spinning past each other (up to
    /// 2.5 cm and 0.05 rad a step, the margin changing), wherever the cache trusts a pair
    /// still apart, the query itself finds it apart by a proof of its own and leaves the
    /// GJK simplex as it was: skipping the query changes nothing.
    #[test]
    fn a_pair_trusted_apart_is_one_the_query_finds_apart_untouched() {
        let mut rng = Pcg32::new(41);
        let (mut trusted, mut touching) = (0, 0);
        for _ in 0..400 {
            let (a, b) = (random_shape(&mut rng), random_shape(&mut rng));
            if matches!((&a, &b), (Shape::Segment(_), Shape::Segment(_))) {
                continue;
            }
            let place = |rng: &mut Pcg32, x: f64, y: f64| {
                let at = Vec2::new(x, y) + Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
                (
                    Transform::new(at, rng.range(-3.0, 3.0)),
                    rng.range(-3.0, 3.0),
                )
            };
            let (mut xf_a, spin_a) = place(&mut rng, 40.0, -20.0);
            let (mut xf_b, spin_b) = place(&mut rng, 41.5, -20.0);
            let closing = Vec2::new(rng.range(-1.5, 0.3), rng.range(-0.3, 0.3)) / 60.0;
            let mut cache = PairCache::default();
            for _ in 0..120 {
                let margin = MARGIN + rng.range(0.0, 0.03);
                if cache.reuse(&xf_a, &xf_b, margin) == Some(None) {
                    trusted += 1;
                    let (mut simplex, mut proof) = (cache.simplex, None);
                    let m = contact_tracked(
                        &a,
                        &xf_a,
                        &b,
                        &xf_b,
                        margin,
                        Some(&mut simplex),
                        &mut proof,
                    );
                    assert_eq!(m, None, "{a:?} at {xf_a:?}, {b:?} at {xf_b:?}");
                    assert_eq!(simplex, cache.simplex);
                    assert!(proof.is_some());
                }
                touching += usize::from(
                    contact_persistent(&a, &xf_a, &b, &xf_b, margin, &mut cache).is_some(),
                );
                let jitter = Vec2::new(rng.range(-0.01, 0.01), rng.range(-0.01, 0.01));
                xf_b = Transform::new(xf_b.p + closing + jitter, xf_b.q.angle() + spin_b / 60.0);
                xf_a = Transform::new(xf_a.p - jitter, xf_a.q.angle() + spin_a / 60.0);
            }
        }
        // Both answers are common, so the boundary between them is really probed.
        assert!(trusted > 10_000 && touching > 2_000, "{trusted} {touching}");
    }
}
