//! Convex polygons: the shape of debris, ship parts and enemies.

use super::{convex_hull, right_perp, Aabb, ShapeError, Transform, Vec2};
use crate::constants::{MAX_POLYGON_VERTICES, POLYGON_WELD_REL};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A strictly convex, counter-clockwise polygon with at most
/// [`MAX_POLYGON_VERTICES`] vertices, stored inline with its outward edge normals.
///
/// Edge `i` runs from vertex `i` to vertex `i + 1` (wrapping) and has normal `normals()[i]`.
/// Built only through validating constructors, so every instance is usable by collision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConvexPolygon {
    verts: [Vec2; MAX_POLYGON_VERTICES],
    normals: [Vec2; MAX_POLYGON_VERTICES],
    count: usize,
    centroid: Vec2,
    radius: f64,
}

impl ConvexPolygon {
    /// A polygon from its outline in order (either winding). Consecutive duplicate points
    /// and collinear points are dropped; the result is made counter-clockwise. Returns an
    /// error, never panics, for: fewer than 3 points, a non-finite coordinate, fewer than 3
    /// points left after clean-up (no area), a non-convex or self-overlapping outline, and
    /// more than [`MAX_POLYGON_VERTICES`] vertices.
    pub fn new(points: &[Vec2]) -> Result<ConvexPolygon, ShapeError> {
        if points.len() < 3 {
            return Err(ShapeError::TooFewPoints {
                found: points.len(),
            });
        }
        if let Some(index) = points.iter().position(|p| !p.is_finite()) {
            return Err(ShapeError::NonFinite { index });
        }
        let bounds = Aabb::from_points(points).expect("at least three points");
        let extent = bounds.size().max_element();
        let tol = POLYGON_WELD_REL * extent;
        // Keep each point's input index so errors can name it.
        let mut pts: Vec<(usize, Vec2)> = points.iter().copied().enumerate().collect();
        remove_duplicates_and_collinear(&mut pts, tol);
        if pts.len() < 3 || extent <= 0.0 {
            return Err(ShapeError::Degenerate {
                remaining: pts.len().min(2),
            });
        }
        let twice_area: f64 = (0..pts.len())
            .map(|i| pts[i].1.perp_dot(pts[(i + 1) % pts.len()].1))
            .sum();
        if twice_area.abs() <= tol * extent {
            return Err(ShapeError::Degenerate {
                remaining: pts.len(),
            });
        }
        if twice_area < 0.0 {
            pts.reverse();
        }
        check_convex(&pts)?;
        if pts.len() > MAX_POLYGON_VERTICES {
            return Err(ShapeError::TooManyVertices {
                count: pts.len(),
                max: MAX_POLYGON_VERTICES,
            });
        }
        let vs: Vec<Vec2> = pts.iter().map(|p| p.1).collect();
        Ok(Self::from_clean(&vs))
    }

    /// The convex hull of a point cloud as a polygon. Errors as [`ConvexPolygon::new`].
    pub fn hull(points: &[Vec2]) -> Result<ConvexPolygon, ShapeError> {
        if let Some(index) = points.iter().position(|p| !p.is_finite()) {
            return Err(ShapeError::NonFinite { index });
        }
        if points.len() < 3 {
            return Err(ShapeError::TooFewPoints {
                found: points.len(),
            });
        }
        let hull = convex_hull(points);
        if hull.len() < 3 {
            return Err(ShapeError::Degenerate {
                remaining: hull.len(),
            });
        }
        ConvexPolygon::new(&hull)
    }

    /// A box centred on the origin with the given half-width and half-height.
    pub fn rect(half_width: f64, half_height: f64) -> Result<ConvexPolygon, ShapeError> {
        Self::rect_at(half_width, half_height, &Transform::IDENTITY)
    }

    /// A box with the given half-extents, placed by `xf` in the local frame.
    pub fn rect_at(
        half_width: f64,
        half_height: f64,
        xf: &Transform,
    ) -> Result<ConvexPolygon, ShapeError> {
        for (what, v) in [("half-width", half_width), ("half-height", half_height)] {
            if !v.is_finite() {
                return Err(ShapeError::NonFinite { index: 0 });
            }
            if v <= 0.0 {
                return Err(ShapeError::NotPositive { what, value: v });
            }
        }
        let (w, h) = (half_width, half_height);
        ConvexPolygon::new(&[
            xf.apply(Vec2::new(-w, -h)),
            xf.apply(Vec2::new(w, -h)),
            xf.apply(Vec2::new(w, h)),
            xf.apply(Vec2::new(-w, h)),
        ])
    }

    /// A regular polygon with `sides` vertices on a circle of `radius` about the origin, the
    /// first vertex on the +x axis.
    pub fn regular(sides: usize, radius: f64) -> Result<ConvexPolygon, ShapeError> {
        if !radius.is_finite() {
            return Err(ShapeError::NonFinite { index: 0 });
        }
        if radius <= 0.0 {
            return Err(ShapeError::NotPositive {
                what: "radius",
                value: radius,
            });
        }
        let pts: Vec<Vec2> = (0..sides)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / sides as f64;
                radius * Vec2::new(a.cos(), a.sin())
            })
            .collect();
        ConvexPolygon::new(&pts)
    }

    /// Builds from points already known to be clean, convex and counter-clockwise.
    fn from_clean(vs: &[Vec2]) -> ConvexPolygon {
        let count = vs.len();
        let mut verts = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        let mut normals = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        verts[..count].copy_from_slice(vs);
        for i in 0..count {
            normals[i] = right_perp(vs[(i + 1) % count] - vs[i]).normalize();
        }
        let mut poly = ConvexPolygon {
            verts,
            normals,
            count,
            centroid: Vec2::ZERO,
            radius: 0.0,
        };
        poly.centroid = poly.mass(1.0).center;
        poly.radius = vs
            .iter()
            .map(|v| (*v - poly.centroid).length())
            .fold(0.0, f64::max);
        poly
    }

    /// The vertices, counter-clockwise.
    #[inline]
    pub fn vertices(&self) -> &[Vec2] {
        &self.verts[..self.count]
    }

    /// The outward unit normals; `normals()[i]` belongs to the edge from vertex `i` to `i + 1`.
    #[inline]
    pub fn normals(&self) -> &[Vec2] {
        &self.normals[..self.count]
    }

    /// Number of vertices.
    #[inline]
    pub fn len(&self) -> usize {
        self.count
    }

    /// Always false: a polygon has at least three vertices.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The centroid (centre of area).
    #[inline]
    pub fn centroid(&self) -> Vec2 {
        self.centroid
    }

    /// Distance from the centroid to the farthest vertex: a bounding circle.
    #[inline]
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The least width: the smallest distance between two parallel lines that hold the
    /// polygon between them. For a convex polygon one of the lines runs along an edge, so it
    /// is the smallest, over the edges, of the farthest vertex's depth behind that edge.
    pub fn width(&self) -> f64 {
        let vs = self.vertices();
        vs.iter()
            .zip(self.normals())
            .map(|(v, n)| vs.iter().map(|w| n.dot(*v - *w)).fold(0.0, f64::max))
            .fold(f64::INFINITY, f64::min)
    }

    /// Index of the vertex farthest along `dir`.
    #[inline]
    pub fn support(&self, dir: Vec2) -> usize {
        support_index(self.vertices(), dir)
    }

    /// Whether `p` (local frame) lies inside or on the polygon.
    pub fn contains_point(&self, p: Vec2) -> bool {
        self.vertices()
            .iter()
            .zip(self.normals())
            .all(|(v, n)| n.dot(p - *v) <= 0.0)
    }

    /// The polygon moved by `xf`.
    pub fn transformed(&self, xf: &Transform) -> ConvexPolygon {
        let vs: Vec<Vec2> = self.vertices().iter().map(|v| xf.apply(*v)).collect();
        let mut p = *self;
        p.verts[..self.count].copy_from_slice(&vs);
        for i in 0..self.count {
            p.normals[i] = xf.q.rotate(self.normals[i]);
        }
        p.centroid = xf.apply(self.centroid);
        p
    }

    /// Bounding box under `xf`.
    pub fn aabb(&self, xf: &Transform) -> Aabb {
        let mut b = Aabb::new(xf.apply(self.verts[0]), xf.apply(self.verts[0]));
        for v in &self.verts[1..self.count] {
            let w = xf.apply(*v);
            b.min = b.min.min(w);
            b.max = b.max.max(w);
        }
        b
    }
}

/// Index of the point farthest along `dir` (the first of equals).
#[inline]
pub(crate) fn support_index(points: &[Vec2], dir: Vec2) -> usize {
    let mut best = 0;
    let mut best_d = points[0].dot(dir);
    for (i, p) in points.iter().enumerate().skip(1) {
        let d = p.dot(dir);
        if d > best_d {
            best = i;
            best_d = d;
        }
    }
    best
}

/// Drops consecutive duplicates and vertices on the line through their neighbours, cyclically,
/// until none remain.
fn remove_duplicates_and_collinear(pts: &mut Vec<(usize, Vec2)>, tol: f64) {
    let mut changed = true;
    while changed && pts.len() >= 3 {
        changed = false;
        let n = pts.len();
        for i in 0..n {
            let prev = pts[(i + n - 1) % n].1;
            let cur = pts[i].1;
            let next = pts[(i + 1) % n].1;
            let base = next - prev;
            let len = base.length();
            let redundant = (cur - prev).length() <= tol
                || (len > tol && (base.perp_dot(cur - prev) / len).abs() <= tol && {
                    // Collinear and between its neighbours: a straight-through vertex.
                    let t = (cur - prev).dot(base) / (len * len);
                    (0.0..=1.0).contains(&t)
                });
            if redundant {
                pts.remove(i);
                changed = true;
                break;
            }
        }
    }
    if pts.len() == 2 && (pts[0].1 - pts[1].1).length() <= tol {
        pts.pop();
    }
}

/// Every turn must be strictly to the left, and the outline must wind exactly once.
fn check_convex(pts: &[(usize, Vec2)]) -> Result<(), ShapeError> {
    let n = pts.len();
    let mut turning = 0.0;
    for i in 0..n {
        let a = pts[i].1;
        let b = pts[(i + 1) % n].1;
        let c = pts[(i + 2) % n].1;
        let (e1, e2) = (b - a, c - b);
        let cross = e1.perp_dot(e2);
        if cross <= 0.0 {
            return Err(ShapeError::NotConvex {
                index: pts[(i + 1) % n].0,
            });
        }
        turning += cross.atan2(e1.dot(e2));
    }
    if turning > std::f64::consts::TAU + 1e-6 {
        return Err(ShapeError::NotConvex { index: pts[0].0 });
    }
    Ok(())
}

/// Polygons serialise as their vertex list and are validated again when read back.
impl Serialize for ConvexPolygon {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.vertices().serialize(s)
    }
}

impl<'de> Deserialize<'de> for ConvexPolygon {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let pts = Vec::<Vec2>::deserialize(d)?;
        ConvexPolygon::new(&pts).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn clockwise_input_is_made_counter_clockwise() {
        let p = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 1.0), v(1.0, 1.0), v(1.0, 0.0)]).unwrap();
        assert_eq!(p.len(), 4);
        let v = p.vertices();
        let twice_area: f64 = (0..4).map(|i| v[i].perp_dot(v[(i + 1) % 4])).sum();
        assert!((twice_area - 2.0).abs() < 1e-12);
        for (i, n) in p.normals().iter().enumerate() {
            let mid = 0.5 * (v[i] + v[(i + 1) % 4]);
            assert!(!p.contains_point(mid + 0.01 * *n));
            assert!(p.contains_point(mid - 0.01 * *n));
        }
    }

    #[test]
    fn width_is_the_narrowest_gap_between_parallel_supporting_lines() {
        let turn = Transform::new(v(5.0, -2.0), 0.3);
        let rect = ConvexPolygon::rect(1.5, 0.5).unwrap().transformed(&turn);
        assert!((rect.width() - 1.0).abs() < 1e-12);
        // An equilateral triangle of side 2 is as wide as it is tall: √3.
        let tri = ConvexPolygon::new(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 3f64.sqrt())]).unwrap();
        assert!((tri.width() - 3f64.sqrt()).abs() < 1e-12);
        // A regular hexagon of circumradius 1 measures √3 across its flats.
        let hex = ConvexPolygon::regular(6, 1.0).unwrap();
        assert!((hex.width() - 3f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn each_bad_input_gets_its_named_error() {
        use ShapeError::*;
        assert_eq!(
            ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0)]),
            Err(TooFewPoints { found: 2 })
        );
        assert_eq!(
            ConvexPolygon::new(&[v(0.0, 0.0), v(f64::INFINITY, 0.0), v(0.0, 1.0)]),
            Err(NonFinite { index: 1 })
        );
        assert!(matches!(
            ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0), v(3.0, 3.0)]),
            Err(Degenerate { .. })
        ));
        assert!(matches!(
            ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0)]),
            Err(Degenerate { .. })
        ));
        assert!(matches!(
            ConvexPolygon::new(&[v(1.0, 1.0), v(1.0, 1.0), v(1.0, 1.0)]),
            Err(Degenerate { .. })
        ));
        // An arrowhead: the notch at (1, 0.5) turns the wrong way.
        assert!(matches!(
            ConvexPolygon::new(&[
                v(0.0, 0.0),
                v(2.0, 0.0),
                v(1.0, 0.5),
                v(2.0, 2.0),
                v(0.0, 2.0)
            ]),
            Err(NotConvex { .. })
        ));
        // A pentagram turns left at every point but winds twice.
        let star: Vec<Vec2> = (0..5)
            .map(|i| {
                let a = std::f64::consts::TAU * (2 * i) as f64 / 5.0;
                v(a.cos(), a.sin())
            })
            .collect();
        assert!(matches!(ConvexPolygon::new(&star), Err(NotConvex { .. })));
        assert!(matches!(
            ConvexPolygon::regular(12, 1.0),
            Err(TooManyVertices { count: 12, .. })
        ));
        assert!(matches!(
            ConvexPolygon::rect(0.0, 1.0),
            Err(NotPositive { .. })
        ));
    }

    #[test]
    fn duplicates_and_collinear_points_are_dropped() {
        let p = ConvexPolygon::new(&[
            v(0.0, 0.0),
            v(0.0, 0.0),
            v(0.5, 0.0),
            v(1.0, 0.0),
            v(1.0, 1.0),
            v(0.0, 1.0),
        ])
        .unwrap();
        assert_eq!(
            p.vertices(),
            &[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]
        );
    }

    #[test]
    fn hull_of_cloud_and_serde_round_trip() {
        let cloud = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, 0.3),
            v(2.0, 2.0),
            v(0.0, 2.0),
            v(1.0, 1.0),
        ];
        let p = ConvexPolygon::hull(&cloud).unwrap();
        assert_eq!(p.len(), 4);
        assert!((p.centroid() - v(1.0, 1.0)).length() < 1e-12);
        let text = ron::to_string(&p).unwrap();
        let back: ConvexPolygon = ron::from_str(&text).unwrap();
        assert_eq!(back, p);
        assert!(ron::from_str::<ConvexPolygon>("[(0.0, 0.0), (1.0, 0.0)]").is_err());
    }
}
