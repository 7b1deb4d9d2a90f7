//! GJK: distance, closest points and overlap of two convex shapes.
//!
//! Works on the Minkowski difference `B − A` (points `b − a`): the shapes overlap when it
//! holds the origin, and otherwise its point nearest the origin is `closest_b − closest_a`.
//! The simplex (one to three difference points) is reduced each step to the sub-simplex
//! nearest the origin, using barycentric coordinates (Voronoi regions), then grown toward
//! the origin by a support point. In two dimensions a triangle that holds the origin means
//! overlap.

use super::proxy::Proxy;
use crate::constants::{GJK_MAX_ITERATIONS, GJK_TOUCH_REL};
use crate::geom::{left_perp, right_perp, Shape, Transform, Vec2};

/// One vertex of the simplex: a point of A, a point of B, their difference, and which
/// vertices of A and B made it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SimplexVertex {
    /// The point of A.
    pub wa: Vec2,
    /// The point of B.
    pub wb: Vec2,
    /// `wb − wa`, a point of the Minkowski difference.
    pub w: Vec2,
    /// Barycentric weight of this vertex in the closest point.
    pub a: f64,
    /// Index of the vertex of A.
    pub index_a: usize,
    /// Index of the vertex of B.
    pub index_b: usize,
}

/// GJK's simplex: one to three vertices of the Minkowski difference.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Simplex {
    /// The vertices; only the first `count` are meaningful.
    pub v: [SimplexVertex; 3],
    /// Number of vertices.
    pub count: usize,
}

impl Simplex {
    /// The meaningful vertices.
    pub fn vertices(&self) -> &[SimplexVertex] {
        &self.v[..self.count]
    }

    fn vertex(a: &Proxy, ia: usize, b: &Proxy, ib: usize) -> SimplexVertex {
        let (wa, wb) = (a.points()[ia], b.points()[ib]);
        SimplexVertex {
            wa,
            wb,
            w: wb - wa,
            a: 1.0,
            index_a: ia,
            index_b: ib,
        }
    }

    /// Closest points on A and B from the barycentric weights.
    fn witness_points(&self) -> (Vec2, Vec2) {
        let v = self.vertices();
        match self.count {
            1 => (v[0].wa, v[0].wb),
            2 => (
                v[0].a * v[0].wa + v[1].a * v[1].wa,
                v[0].a * v[0].wb + v[1].a * v[1].wb,
            ),
            _ => {
                let p = v[0].a * v[0].wa + v[1].a * v[1].wa + v[2].a * v[2].wa;
                (p, p)
            }
        }
    }

    /// Direction from the simplex toward the origin (not normalised).
    fn search_direction(&self) -> Vec2 {
        match self.count {
            1 => -self.v[0].w,
            _ => {
                let e = self.v[1].w - self.v[0].w;
                if e.perp_dot(-self.v[0].w) > 0.0 {
                    left_perp(e)
                } else {
                    right_perp(e)
                }
            }
        }
    }

    /// Reduces a segment to the part nearest the origin.
    fn solve2(&mut self) {
        let (w1, w2) = (self.v[0].w, self.v[1].w);
        let e12 = w2 - w1;
        let d12_2 = -w1.dot(e12);
        if d12_2 <= 0.0 {
            self.v[0].a = 1.0;
            self.count = 1;
            return;
        }
        let d12_1 = w2.dot(e12);
        if d12_1 <= 0.0 {
            self.v[0] = self.v[1];
            self.v[0].a = 1.0;
            self.count = 1;
            return;
        }
        let inv = 1.0 / (d12_1 + d12_2);
        self.v[0].a = d12_1 * inv;
        self.v[1].a = d12_2 * inv;
    }

    /// Reduces a triangle to the vertex, edge or whole triangle whose region holds the origin.
    fn solve3(&mut self) {
        let (w1, w2, w3) = (self.v[0].w, self.v[1].w, self.v[2].w);
        let e12 = w2 - w1;
        let (d12_1, d12_2) = (w2.dot(e12), -w1.dot(e12));
        let e13 = w3 - w1;
        let (d13_1, d13_2) = (w3.dot(e13), -w1.dot(e13));
        let e23 = w3 - w2;
        let (d23_1, d23_2) = (w3.dot(e23), -w2.dot(e23));
        let n123 = e12.perp_dot(e13);
        let d123_1 = n123 * w2.perp_dot(w3);
        let d123_2 = n123 * w3.perp_dot(w1);
        let d123_3 = n123 * w1.perp_dot(w2);

        if d12_2 <= 0.0 && d13_2 <= 0.0 {
            self.set_vertex(0);
        } else if d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0 {
            self.set_edge(0, 1, d12_1, d12_2);
        } else if d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0 {
            self.set_edge(0, 2, d13_1, d13_2);
        } else if d12_1 <= 0.0 && d23_2 <= 0.0 {
            self.set_vertex(1);
        } else if d13_1 <= 0.0 && d23_1 <= 0.0 {
            self.set_vertex(2);
        } else if d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0 {
            self.set_edge(1, 2, d23_1, d23_2);
        } else {
            let inv = 1.0 / (d123_1 + d123_2 + d123_3);
            self.v[0].a = d123_1 * inv;
            self.v[1].a = d123_2 * inv;
            self.v[2].a = d123_3 * inv;
        }
    }

    fn set_vertex(&mut self, i: usize) {
        self.v[0] = self.v[i];
        self.v[0].a = 1.0;
        self.count = 1;
    }

    fn set_edge(&mut self, i: usize, j: usize, wi: f64, wj: f64) {
        let inv = 1.0 / (wi + wj);
        let (vi, vj) = (self.v[i], self.v[j]);
        self.v[0] = SimplexVertex { a: wi * inv, ..vi };
        self.v[1] = SimplexVertex { a: wj * inv, ..vj };
        self.count = 2;
    }
}

/// The vertex indices of a previous result, to start the next query from (warm start).
/// Coherent motion usually needs one or two iterations from a cached simplex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimplexCache {
    /// Number of cached vertices (0 means start cold).
    pub count: u8,
    /// Indices into A (a proxy has at most a few points: bytes keep a contact small).
    pub index_a: [u8; 3],
    /// Indices into B.
    pub index_b: [u8; 3],
}

/// The result of a distance query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceOutput {
    /// Closest point on A (world frame for [`distance`]).
    pub point_a: Vec2,
    /// Closest point on B.
    pub point_b: Vec2,
    /// Unit direction from A to B, or zero where the shapes overlap.
    pub normal: Vec2,
    /// Distance between the shapes; zero where they touch or overlap.
    pub distance: f64,
    /// GJK iterations used.
    pub iterations: usize,
    /// The final simplex (in the frame the query ran in: A's local frame for [`distance`]).
    pub simplex: Simplex,
}

impl DistanceOutput {
    /// The simplex's vertex indices, for warm-starting the next query.
    pub fn cache(&self) -> SimplexCache {
        let mut c = SimplexCache {
            count: self.simplex.count as u8,
            ..Default::default()
        };
        // An index past a byte (never, for proxies of a few points) is kept as one no
        // proxy has, so the next query starts cold rather than from a wrong vertex.
        let byte = |i: usize| u8::try_from(i).unwrap_or(u8::MAX);
        for (i, v) in self.simplex.vertices().iter().enumerate() {
            c.index_a[i] = byte(v.index_a);
            c.index_b[i] = byte(v.index_b);
        }
        c
    }
}

/// Distance between the point sets of two proxies given in the same frame. Radii are not
/// applied here. Where the sets overlap or touch, `distance` is zero and the simplex holds
/// the origin (a triangle, or a segment or point through it), ready for EPA.
pub fn distance_proxies(a: &Proxy, b: &Proxy, cache: Option<&SimplexCache>) -> DistanceOutput {
    let mut s = Simplex::default();
    if let Some(c) = cache.filter(|c| (1..=3).contains(&c.count)) {
        for i in 0..c.count as usize {
            let (ia, ib) = (c.index_a[i] as usize, c.index_b[i] as usize);
            if ia < a.len() && ib < b.len() {
                s.v[s.count] = Simplex::vertex(a, ia, b, ib);
                s.count += 1;
            }
        }
        if s.count == 3 && (s.v[1].w - s.v[0].w).perp_dot(s.v[2].w - s.v[0].w) == 0.0 {
            s.count = 2; // A flat cached triangle would divide by zero; drop a vertex.
        }
    }
    if s.count == 0 {
        s.v[0] = Simplex::vertex(a, 0, b, 0);
        s.count = 1;
    }
    let touch = GJK_TOUCH_REL * a.scale().max(b.scale());
    let mut iterations = 0;
    while iterations < GJK_MAX_ITERATIONS {
        let saved: [(usize, usize); 3] = std::array::from_fn(|i| (s.v[i].index_a, s.v[i].index_b));
        let saved_count = s.count;
        match s.count {
            2 => s.solve2(),
            3 => s.solve3(),
            _ => {}
        }
        if s.count == 3 {
            break;
        }
        let d = s.search_direction();
        if d.length_squared() <= touch * touch {
            break;
        }
        let ia = a.support(-d);
        let ib = b.support(d);
        iterations += 1;
        if saved[..saved_count].contains(&(ia, ib)) {
            break; // No new support point: the simplex is as close as it gets.
        }
        s.v[s.count] = Simplex::vertex(a, ia, b, ib);
        s.count += 1;
    }
    let (pa, pb) = s.witness_points();
    let mut distance = (pb - pa).length();
    let mut normal = Vec2::ZERO;
    if s.count == 3 || distance <= touch {
        distance = 0.0;
    } else {
        normal = (pb - pa) / distance;
    }
    DistanceOutput {
        point_a: pa,
        point_b: pb,
        normal,
        distance,
        iterations,
        simplex: s,
    }
}

/// Distance and closest points between two placed shapes, in the world frame, radii applied
/// (a circle's closest point is on its rim). Pass a cache to warm-start; it is updated.
/// Non-finite transforms give `None`.
pub fn distance(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    cache: Option<&mut SimplexCache>,
) -> Option<DistanceOutput> {
    if !xf_a.is_finite() || !xf_b.is_finite() {
        return None;
    }
    let pa = Proxy::from_shape(a);
    let pb = Proxy::from_shape_in(b, &xf_a.inv_mul(xf_b));
    let mut out = distance_proxies(&pa, &pb, cache.as_deref());
    if let Some(c) = cache {
        *c = out.cache();
    }
    let radii = pa.radius + pb.radius;
    if radii > 0.0 {
        if out.distance > radii {
            out.distance -= radii;
            out.point_a += pa.radius * out.normal;
            out.point_b -= pb.radius * out.normal;
        } else {
            let mid = 0.5 * (out.point_a + out.point_b);
            out.point_a = mid;
            out.point_b = mid;
            out.distance = 0.0;
            out.normal = Vec2::ZERO;
        }
    }
    out.point_a = xf_a.apply(out.point_a);
    out.point_b = xf_a.apply(out.point_b);
    out.normal = xf_a.q.rotate(out.normal);
    Some(out)
}

/// Whether two placed shapes overlap or touch. Non-finite transforms never overlap.
pub fn intersects(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> bool {
    distance(a, xf_a, b, xf_b, None).is_some_and(|d| d.distance == 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, ConvexPolygon};

    fn square() -> Shape {
        ConvexPolygon::rect(0.5, 0.5).unwrap().into()
    }

    #[test]
    fn distance_between_separated_squares() {
        let xf_b = Transform::from_translation(Vec2::new(3.0, 0.25));
        let out = distance(&square(), &Transform::IDENTITY, &square(), &xf_b, None).unwrap();
        assert!((out.distance - 2.0).abs() < 1e-12);
        assert!((out.normal - Vec2::X).length() < 1e-12);
        assert!((out.point_a.x - 0.5).abs() < 1e-12 && (out.point_b.x - 2.5).abs() < 1e-12);
    }

    #[test]
    fn corner_to_corner_distance_and_simplex_indices() {
        let xf_b = Transform::from_translation(Vec2::new(2.0, 2.0));
        let out = distance(&square(), &Transform::IDENTITY, &square(), &xf_b, None).unwrap();
        assert!((out.distance - 2f64.sqrt()).abs() < 1e-12);
        assert_eq!(out.simplex.count, 1);
        // A's upper-right corner (index 2) against B's lower-left corner (index 0).
        assert_eq!((out.simplex.v[0].index_a, out.simplex.v[0].index_b), (2, 0));
    }

    #[test]
    fn circle_radius_is_applied() {
        let c: Shape = Circle::new(Vec2::ZERO, 0.25).unwrap().into();
        let xf_b = Transform::new(Vec2::new(0.0, 2.0), 0.4);
        let out = distance(&square(), &Transform::IDENTITY, &c, &xf_b, None).unwrap();
        assert!((out.distance - 1.25).abs() < 1e-12);
        assert!((out.point_b - Vec2::new(0.0, 1.75)).length() < 1e-12);
        assert!(intersects(
            &square(),
            &Transform::IDENTITY,
            &c,
            &Transform::from_translation(Vec2::new(0.7, 0.0))
        ));
    }

    #[test]
    fn warm_start_from_cache_agrees_with_cold_start() {
        let a = square();
        let b: Shape = ConvexPolygon::regular(7, 0.8).unwrap().into();
        let mut cache = SimplexCache::default();
        for k in 0..50 {
            let t = k as f64 * 0.05;
            let xf_b = Transform::new(Vec2::new(2.0 - t, 0.3 * t.sin()), t);
            let warm = distance(&a, &Transform::IDENTITY, &b, &xf_b, Some(&mut cache)).unwrap();
            let cold = distance(&a, &Transform::IDENTITY, &b, &xf_b, None).unwrap();
            assert!((warm.distance - cold.distance).abs() < 1e-9, "step {k}");
        }
    }

    #[test]
    fn non_finite_transform_gives_none() {
        let bad = Transform::from_translation(Vec2::new(f64::NAN, 0.0));
        assert!(distance(&square(), &bad, &square(), &Transform::IDENTITY, None).is_none());
        assert!(!intersects(
            &square(),
            &Transform::IDENTITY,
            &square(),
            &bad
        ));
    }
}
