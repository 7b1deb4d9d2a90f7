//! The rock: the cave's outline as one-sided segments linked into chains.
//!
//! Rock is static. A segment collides only from its open side (its normal's side), and a
//! contact whose normal comes from an end vertex is accepted only where that vertex is a
//! convex corner of the rock; at a flat or concave joint the contact is taken on the
//! segment's face instead. That is what lets a box slide along a chain of collinear segments
//! without catching on the joints ("ghost collisions").

use crate::collide::clearance::{extent, Clearance};
use crate::collide::{circles, contact_tracked, dual_edge, Manifold};
use crate::geom::{Aabb, Circle, Segment, Shape, Transform, Vec2};

/// One piece of rock outline. Rock lies on the left of `a → b`, open space on the right,
/// where [`Segment::normal`] points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RockSegment {
    /// The segment.
    pub segment: Segment,
    /// The segment before this one in its chain (ending at `segment.a`), if any.
    pub prev: Option<u32>,
    /// The segment after this one in its chain (starting at `segment.b`), if any.
    pub next: Option<u32>,
    /// Friction of the rock here.
    pub friction: f64,
    /// Restitution of the rock here.
    pub restitution: f64,
}

impl RockSegment {
    /// A free-standing segment with default rock material (friction 0.6, no bounce).
    pub fn new(segment: Segment) -> RockSegment {
        RockSegment {
            segment,
            prev: None,
            next: None,
            friction: 0.6,
            restitution: 0.0,
        }
    }

    /// Links consecutive segments of an open or closed polyline into one chain. Rock must be
    /// on the left of the direction of travel. Returns an empty chain for fewer than two
    /// distinct points; zero-length pieces are skipped.
    pub fn chain(points: &[Vec2], closed: bool) -> Vec<RockSegment> {
        let mut pts: Vec<Vec2> = Vec::with_capacity(points.len());
        for p in points {
            if pts.last() != Some(p) && p.is_finite() {
                pts.push(*p);
            }
        }
        if closed && pts.len() > 2 && pts.first() == pts.last() {
            pts.pop();
        }
        let n = pts.len();
        let count = if closed && n > 2 {
            n
        } else {
            n.saturating_sub(1)
        };
        let mut out: Vec<RockSegment> = (0..count)
            .filter_map(|i| Segment::new(pts[i], pts[(i + 1) % n]).ok())
            .map(RockSegment::new)
            .collect();
        let m = out.len() as u32;
        for (i, s) in out.iter_mut().enumerate() {
            let i = i as u32;
            s.prev = if i > 0 {
                Some(i - 1)
            } else if closed && m > 2 {
                Some(m - 1)
            } else {
                None
            };
            s.next = if i + 1 < m {
                Some(i + 1)
            } else if closed && m > 2 {
                Some(0)
            } else {
                None
            };
        }
        out
    }

    /// Bounding box.
    pub fn aabb(&self) -> Aabb {
        Aabb::new(self.segment.a, self.segment.b)
    }
}

/// Offsets every link in `chain` by `base` so a chain can be appended to a longer list.
pub(crate) fn offset_links(chain: &mut [RockSegment], base: u32) {
    for s in chain {
        s.prev = s.prev.map(|p| p + base);
        s.next = s.next.map(|n| n + base);
    }
}

/// Whether the rock turns toward open space at the joint from `s` to `t` (a convex corner
/// that sticks out). Rock is on the left, so a left turn is convex.
fn convex_joint(s: &Segment, t: &Segment) -> bool {
    (s.b - s.a).perp_dot(t.b - t.a) > 0.0
}

/// Whether `n` lies in the cone between unit normals `n1` and `n2` (less than a half turn).
fn within_cone(n: Vec2, n1: Vec2, n2: Vec2) -> bool {
    let limit = n1.dot(n2) - 1e-9;
    n.dot(n1) >= limit && n.dot(n2) >= limit
}

/// The contact of rock segment `i` (as shape A) with `shape` placed by `xf` (as B), or
/// `None` when they do not touch or the shape is behind the segment; then `clearance`
/// holds the proof where the shape was found beyond the margin in front of it.
pub(crate) fn rock_contact(
    rock: &[RockSegment],
    i: usize,
    shape: &Shape,
    xf: &Transform,
    margin: f64,
    clearance: &mut Option<Clearance>,
) -> Option<Manifold> {
    let s = &rock[i];
    let seg = s.segment;
    let n_face = seg.normal();
    // One-sided: the shape's centre must be in front of the segment's line, and the shape
    // no farther in front than the margin (its bounding circle beyond it is beyond it all).
    let (center, radius) = shape.bounding_circle();
    let ahead = n_face.dot(xf.apply(center) - seg.a);
    if ahead > radius + margin {
        // The segment's line, fixed in the world, with the shape's bounding circle (on
        // the shape's body) wholly beyond the margin in front of it.
        *clearance = Some(Clearance {
            separation: ahead - radius,
            radius: extent(shape),
        });
        return None;
    }
    if ahead < 0.0 {
        return None;
    }
    let seg_shape = Shape::Segment(seg);
    let m = contact_tracked(
        &seg_shape,
        &Transform::IDENTITY,
        shape,
        xf,
        margin,
        None,
        clearance,
    )?;
    let alignment = m.normal.dot(n_face);
    if alignment <= 0.0 {
        return None;
    }
    if alignment >= 1.0 - 1e-9 {
        return Some(m);
    }
    // The normal came from an end vertex: which one is nearer the contact?
    let centroid = m.points().iter().map(|p| p.point).sum::<Vec2>() / m.points().len() as f64;
    let e = seg.b - seg.a;
    let at_start = (centroid - seg.a).dot(e) < 0.5 * e.length_squared();
    let neighbour = if at_start { s.prev } else { s.next }.and_then(|k| rock.get(k as usize));
    let admissible = match neighbour {
        None => true, // A free end: its vertex normals are real.
        Some(t) => {
            let (first, second) = if at_start {
                (&t.segment, &seg)
            } else {
                (&seg, &t.segment)
            };
            convex_joint(first, second) && within_cone(m.normal, n_face, t.segment.normal())
        }
    };
    if admissible {
        return Some(m);
    }
    face_contact(&seg, n_face, shape, xf, margin)
}

/// The contact taken on the segment's face normal (for flat or concave joints).
fn face_contact(
    seg: &Segment,
    n_face: Vec2,
    shape: &Shape,
    xf: &Transform,
    margin: f64,
) -> Option<Manifold> {
    match shape {
        Shape::Circle(c) => {
            let center = xf.apply(c.center);
            let t = (center - seg.a).dot(seg.b - seg.a) / (seg.b - seg.a).length_squared();
            if !(0.0..=1.0).contains(&t) {
                return None;
            }
            let foot = seg.a + (seg.b - seg.a) * t;
            let probe = Circle {
                center: Vec2::ZERO,
                radius: c.radius,
            };
            let m = circles::collide_segment_circle(
                seg,
                &Transform::IDENTITY,
                &probe,
                &Transform::from_translation(center),
                margin,
            )?;
            ((foot - center).dot(n_face) <= 0.0).then_some(m)
        }
        _ => {
            // Edge 0 of a segment proxy runs a → b with the segment's own normal.
            dual_edge::collide_on_face(
                &Shape::Segment(*seg),
                &Transform::IDENTITY,
                0,
                shape,
                xf,
                margin,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_link_neighbours_and_close_loops() {
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(-2.0, 0.0),
        ];
        let open = RockSegment::chain(&pts, false);
        assert_eq!(open.len(), 2);
        assert_eq!((open[0].prev, open[0].next), (None, Some(1)));
        assert_eq!((open[1].prev, open[1].next), (Some(0), None));
        let tri = [Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)];
        let closed = RockSegment::chain(&tri, true);
        assert_eq!(closed.len(), 3);
        assert_eq!((closed[0].prev, closed[2].next), (Some(2), Some(0)));
        assert!(RockSegment::chain(&[Vec2::ZERO], false).is_empty());
    }

    /// A shape whose bounding circle lies wholly more than the margin in front of the
    /// segment's line is passed over without a query: over shapes placed around that edge,
    /// the query itself never finds a contact for one passed over.
    #[test]
    fn shapes_beyond_the_margin_in_front_are_passed_over_rightly() {
        let seg = Segment::new(Vec2::new(1.5, 0.0), Vec2::new(-1.5, 0.0)).unwrap();
        let rock = [RockSegment::new(seg)];
        let mut rng = crate::rng::Pcg32::new(5);
        let (mut passed_over, mut touching) = (0, 0);
        for i in 0..3000usize {
            let size = 0.2 + 0.6 * rng.next_f64();
            let shape: Shape = if i.is_multiple_of(3) {
                Circle {
                    center: Vec2::new(0.1, 0.0),
                    radius: size,
                }
                .into()
            } else {
                crate::geom::ConvexPolygon::regular(3 + i % 6, size)
                    .unwrap()
                    .into()
            };
            let margin = 0.02 + 0.05 * rng.next_f64();
            let (_, radius) = shape.bounding_circle();
            let height = (radius + margin) * (0.5 + rng.next_f64());
            let xf = Transform::new(
                Vec2::new(4.0 * rng.next_f64() - 2.0, height),
                6.0 * rng.next_f64(),
            );
            let seg_shape = Shape::Segment(seg);
            let found = crate::collide::contact_within(
                &seg_shape,
                &Transform::IDENTITY,
                &shape,
                &xf,
                margin,
            );
            let (center, _) = shape.bounding_circle();
            if seg.normal().dot(xf.apply(center) - seg.a) > radius + margin {
                passed_over += 1;
                assert!(found.is_none(), "passed over a contact: {found:?}");
                assert!(rock_contact(&rock, 0, &shape, &xf, margin, &mut None).is_none());
            } else if found.is_some() {
                touching += 1;
                assert!(rock_contact(&rock, 0, &shape, &xf, margin, &mut None).is_some());
            }
        }
        assert!(
            passed_over > 800 && touching > 800,
            "{passed_over} {touching}"
        );
    }

    /// Shapes drifting and spinning over jagged rock, each segment's pair remembering its
    /// last answer as the world's contacts do: wherever a pair is trusted apart, the rock
    /// contact itself finds nothing.
    #[test]
    fn a_shape_trusted_clear_of_rock_has_no_contact_with_it() {
        use crate::collide::persistent::PairCache;
        let mut rng = crate::rng::Pcg32::new(9);
        // A zigzag floor of 5 cm steps, walked leftwards so its faces look up.
        let points: Vec<Vec2> = (0..80)
            .map(|i| Vec2::new(2.0 - 0.05 * i as f64, 0.02 * (i % 3) as f64))
            .collect();
        let rock = RockSegment::chain(&points, false);
        let (mut trusted, mut touching) = (0, 0);
        for i in 0..60usize {
            let size = rng.range(0.1, 0.5);
            let shape: Shape = if i.is_multiple_of(3) {
                Circle {
                    center: Vec2::new(0.1, 0.05),
                    radius: size,
                }
                .into()
            } else {
                let p = crate::geom::ConvexPolygon::regular(3 + i % 6, size).unwrap();
                p.transformed(&Transform::new(Vec2::new(0.2, -0.1), 0.3))
                    .into()
            };
            let mut xf = Transform::new(Vec2::new(rng.range(-1.0, 1.0), rng.range(0.3, 0.8)), 0.0);
            let drift = Vec2::new(rng.range(-0.6, 0.6), rng.range(-0.6, 0.1)) / 60.0;
            let spin = rng.range(-4.0, 4.0) / 60.0;
            let mut caches = vec![PairCache::default(); rock.len()];
            for _ in 0..90 {
                let margin = 0.02 + rng.range(0.0, 0.02);
                for (k, cache) in caches.iter_mut().enumerate() {
                    let id = Transform::IDENTITY;
                    if cache.reuse(&id, &xf, margin) == Some(None) {
                        trusted += 1;
                        let fresh = rock_contact(&rock, k, &shape, &xf, margin, &mut None);
                        assert!(fresh.is_none(), "{shape:?} at {xf:?} on {k}: {fresh:?}");
                    }
                    let m = cache.refresh(&id, &xf, margin, |_, proof| {
                        rock_contact(&rock, k, &shape, &xf, margin, proof)
                    });
                    touching += usize::from(m.is_some());
                }
                let wobble = Vec2::new(rng.range(-0.005, 0.005), rng.range(-0.005, 0.005));
                xf = Transform::new(xf.p + drift + wobble, xf.q.angle() + spin);
            }
        }
        assert!(
            trusted > 100_000 && touching > 2_000,
            "{trusted} {touching}"
        );
    }

    #[test]
    fn floor_normal_points_up_when_walking_left() {
        let floor = RockSegment::chain(&[Vec2::new(1.0, 0.0), Vec2::new(-1.0, 0.0)], false);
        assert_eq!(floor[0].segment.normal(), Vec2::Y);
    }
}
