//! EPA: penetration depth and normal of two overlapping convex shapes.
//!
//! Starts from GJK's simplex, which holds the origin, as a polygon inside the Minkowski
//! difference `B − A`, and repeatedly pushes out the polygon edge nearest the origin with the
//! difference's support point along that edge's normal. When the support point adds nothing,
//! that edge lies on the difference's boundary: its distance from the origin is the
//! penetration depth and its normal the direction of least penetration. For polygons the
//! difference has finitely many edges, so the answer is the exact separating-axis answer,
//! reached in at most as many steps as the difference has vertices.
//!
//! What it returns in the cases that make implementations fail ([`EpaCase`]):
//! - touching shapes: the origin lies on the difference's boundary, so an edge through the
//!   origin is found; depth is 0 and the normal is that boundary edge's normal.
//! - a point (0-dimensional) simplex, which GJK leaves when a vertex of the difference is at
//!   the origin: the polygon is seeded with support points along both axes, giving a polygon
//!   with the origin at (or next to) a vertex; EPA then refines the edges there. Depth ≈ 0.
//! - a collinear simplex (a segment through the origin, or a flat triangle): seeded with the
//!   support points on both sides of the segment's line. If one side adds nothing the shapes
//!   touch along that line: depth 0, normal perpendicular to it.
//! - a polygon that stops growing (the support point is already a vertex, or is no further
//!   out than the edge): the current nearest edge is returned; this is the normal ending.
//! - depth is never negative: tiny negative values from rounding are clamped to zero.

use super::gjk::Simplex;
use super::proxy::Proxy;
use crate::constants::{EPA_MAX_ITERATIONS, EPA_TOLERANCE_REL, MAX_POLYGON_VERTICES};
use crate::geom::{convex_hull_indices, right_perp, Vec2};

/// How EPA ended. Every ending returns a usable depth and normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpaCase {
    /// The nearest edge lies on the difference's boundary (within tolerance).
    Converged,
    /// The support point along the nearest edge was already a polygon vertex.
    Stalled,
    /// The iteration cap was reached; the nearest edge so far is returned.
    IterationCap,
    /// The difference is flat (two collinear segments): depth 0, normal perpendicular.
    Flat,
}

/// The result of EPA.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Penetration {
    /// Unit normal from A to B: moving B by `normal * depth` separates the shapes.
    pub normal: Vec2,
    /// Penetration depth, zero or more.
    pub depth: f64,
    /// The boundary edge found, as `(index_a, index_b)` of its two end points. It belongs to
    /// A where the two A indices differ, to B where the B indices differ, to both (parallel
    /// edges) where both do.
    pub edge: [(usize, usize); 2],
    /// How it ended.
    pub case: EpaCase,
    /// Iterations used.
    pub iterations: usize,
}

/// Room for every vertex of the Minkowski difference of two polygons, plus seeds.
const CAP: usize = 2 * MAX_POLYGON_VERTICES + 4;

/// A polygon vertex (a difference point and the vertices that made it) with the cached
/// outward normal and origin distance of the edge that starts at it.
#[derive(Clone, Copy, Default)]
struct PolyVertex {
    w: Vec2,
    ia: usize,
    ib: usize,
    normal: Vec2,
    dist: f64,
}

/// The expanding polygon, counter-clockwise; an insertion recomputes only the two new edges.
struct Polytope {
    v: [PolyVertex; CAP],
    n: usize,
}

impl Polytope {
    /// Makes the polygon `verts` (counter-clockwise).
    fn set(&mut self, verts: &[PolyVertex]) {
        self.v[..verts.len()].copy_from_slice(verts);
        self.n = verts.len();
        for i in 0..self.n {
            self.update_edge(i);
        }
    }

    fn update_edge(&mut self, i: usize) {
        let next = if i + 1 == self.n { 0 } else { i + 1 };
        let (a, b) = (self.v[i].w, self.v[next].w);
        let e = b - a;
        let len = e.length();
        let v = &mut self.v[i];
        if len > 0.0 {
            v.normal = right_perp(e) / len;
            v.dist = v.normal.dot(a);
        } else {
            v.normal = Vec2::ZERO;
            v.dist = f64::INFINITY;
        }
    }

    fn nearest_edge(&self) -> usize {
        let mut best = 0;
        for i in 1..self.n {
            if self.v[i].dist < self.v[best].dist {
                best = i;
            }
        }
        best
    }

    fn contains(&self, ia: usize, ib: usize) -> bool {
        self.v[..self.n].iter().any(|v| v.ia == ia && v.ib == ib)
    }

    /// Adds support point `s`, found beyond edge `i`: every edge that `s` sees (a contiguous
    /// chain through `i`) is replaced by the two edges from the chain's ends to `s`, which
    /// keeps the polygon convex even when `s` lies beyond the neighbouring edges too.
    fn insert(&mut self, i: usize, s: PolyVertex, tol: f64) {
        let n = self.n;
        let sees = |k: usize| self.v[k].normal.dot(s.w) - self.v[k].dist > tol;
        let mut back = 0;
        while back + 1 < n && sees((i + n - back - 1) % n) {
            back += 1;
        }
        let mut fwd = 0;
        while back + fwd + 1 < n && sees((i + fwd + 1) % n) {
            fwd += 1;
        }
        // The chain's first vertex stays; the `back + fwd` vertices inside it go, `s` comes.
        let mut first = (i + n - back) % n;
        let hidden = back + fwd;
        if first + hidden >= n {
            self.v[..n].rotate_left(first);
            first = 0;
        }
        self.v.copy_within(first + 1 + hidden..n, first + 2);
        self.v[first + 1] = s;
        self.n = n + 1 - hidden;
        self.update_edge(first);
        self.update_edge(first + 1);
    }

    fn result(&self, i: usize, case: EpaCase, iterations: usize) -> Penetration {
        let (a, b) = (self.v[i], self.v[if i + 1 == self.n { 0 } else { i + 1 }]);
        Penetration {
            normal: -a.normal,
            depth: a.dist.max(0.0),
            edge: [(a.ia, a.ib), (b.ia, b.ib)],
            case,
            iterations,
        }
    }
}

fn support(a: &Proxy, b: &Proxy, d: Vec2) -> PolyVertex {
    let (ia, ib) = (a.support(-d), b.support(d));
    PolyVertex {
        w: b.points()[ib] - a.points()[ia],
        ia,
        ib,
        ..PolyVertex::default()
    }
}

/// Penetration of two overlapping point sets in one frame, from the GJK simplex that holds
/// the origin. Radii are not applied. See the module documentation for each case.
pub fn penetration(a: &Proxy, b: &Proxy, simplex: &Simplex) -> Penetration {
    let tol = EPA_TOLERANCE_REL * a.scale().max(b.scale());
    let mut seed = [PolyVertex::default(); 3];
    for (s, v) in seed.iter_mut().zip(simplex.vertices()) {
        *s = PolyVertex {
            w: v.w,
            ia: v.index_a,
            ib: v.index_b,
            ..PolyVertex::default()
        };
    }
    let seed = &mut seed[..simplex.count];
    let area2 = if seed.len() == 3 {
        (seed[1].w - seed[0].w).perp_dot(seed[2].w - seed[0].w)
    } else {
        0.0
    };
    let mut poly = Polytope {
        v: [PolyVertex::default(); CAP],
        n: 0,
    };
    if area2.abs() > tol * tol {
        if area2 < 0.0 {
            seed.swap(1, 2);
        }
        poly.set(seed);
    } else if let Err(flat) = seed_polytope(a, b, seed, tol, &mut poly) {
        return flat;
    }
    expand(a, b, &mut poly, tol)
}

/// Builds a starting polygon around a point or collinear simplex by adding support points.
fn seed_polytope(
    a: &Proxy,
    b: &Proxy,
    seed: &[PolyVertex],
    tol: f64,
    poly: &mut Polytope,
) -> Result<(), Penetration> {
    // The two simplex points farthest apart define the line (or there is only a point).
    let (mut p, mut q) = (seed[0], seed[0]);
    for x in seed {
        for y in seed {
            if (x.w - y.w).length_squared() > (p.w - q.w).length_squared() {
                (p, q) = (*x, *y);
            }
        }
    }
    let line = q.w - p.w;
    if line.length() > tol {
        // A segment through the origin: add the support points on each side of its line.
        // A side that adds nothing is flat: the origin is on the boundary there.
        let n = right_perp(line).normalize();
        let right = support(a, b, n);
        let left = support(a, b, -n);
        let beyond = |s: &PolyVertex, d: Vec2| d.dot(s.w - p.w) > tol;
        let mut verts = [p; 4];
        let mut count = 1;
        for (s, d, next) in [(right, n, Some(q)), (left, -n, None)] {
            if beyond(&s, d) {
                verts[count] = s;
                count += 1;
            }
            if let Some(next) = next {
                verts[count] = next;
                count += 1;
            }
        }
        if count >= 3 {
            poly.set(&verts[..count]);
            return Ok(());
        }
    } else {
        // A single point at the origin: take support points along both axes and their hull.
        let mut pts = vec![p];
        for d in [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y] {
            pts.push(support(a, b, d));
        }
        let ws: Vec<Vec2> = pts.iter().map(|v| v.w).collect();
        let hull: Vec<PolyVertex> = convex_hull_indices(&ws)
            .into_iter()
            .map(|i| pts[i])
            .collect();
        if hull.len() >= 3 {
            poly.set(&hull);
            return Ok(());
        }
    }
    // Every support point lies on one line: the shapes are collinear segments touching.
    let n = if line.length() > tol {
        right_perp(line).normalize()
    } else {
        Vec2::Y
    };
    Err(Penetration {
        normal: -n,
        depth: 0.0,
        edge: [(p.ia, p.ib), (q.ia, q.ib)],
        case: EpaCase::Flat,
        iterations: 0,
    })
}

fn expand(a: &Proxy, b: &Proxy, poly: &mut Polytope, tol: f64) -> Penetration {
    for iteration in 0..EPA_MAX_ITERATIONS {
        let i = poly.nearest_edge();
        let s = support(a, b, poly.v[i].normal);
        if poly.v[i].normal.dot(s.w) - poly.v[i].dist <= tol {
            return poly.result(i, EpaCase::Converged, iteration);
        }
        if poly.contains(s.ia, s.ib) || poly.n == CAP {
            return poly.result(i, EpaCase::Stalled, iteration);
        }
        poly.insert(i, s, tol);
    }
    let i = poly.nearest_edge();
    poly.result(i, EpaCase::IterationCap, EPA_MAX_ITERATIONS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::gjk::distance_proxies;
    use crate::geom::{ConvexPolygon, Shape, Transform};

    fn proxies(b_at: Vec2, angle: f64) -> (Proxy, Proxy) {
        let sq: Shape = ConvexPolygon::rect(0.5, 0.5).unwrap().into();
        (
            Proxy::from_shape(&sq),
            Proxy::from_shape_in(&sq, &Transform::new(b_at, angle)),
        )
    }

    fn run(a: &Proxy, b: &Proxy) -> Penetration {
        let g = distance_proxies(a, b, None);
        assert_eq!(g.distance, 0.0);
        penetration(a, b, &g.simplex)
    }

    #[test]
    fn overlapping_squares_give_exact_depth_along_least_axis() {
        let (a, b) = proxies(Vec2::new(0.3, 0.9), 0.0);
        let p = run(&a, &b);
        assert!((p.depth - 0.1).abs() < 1e-12);
        assert!((p.normal - Vec2::Y).length() < 1e-12);
    }

    #[test]
    fn touching_squares_give_zero_depth() {
        let (a, b) = proxies(Vec2::new(1.0, 0.2), 0.0);
        let p = run(&a, &b);
        assert!(p.depth.abs() < 1e-12);
        assert!((p.normal - Vec2::X).length() < 1e-12);
    }

    #[test]
    fn corner_touching_corner_gives_zero_depth_and_a_face_normal() {
        // The simplex collapses to the single difference vertex at the origin.
        let (a, b) = proxies(Vec2::new(1.0, 1.0), 0.0);
        let p = run(&a, &b);
        assert!(p.depth.abs() < 1e-12);
        assert!(
            p.normal == Vec2::X
                || p.normal == Vec2::Y
                || (p.normal - Vec2::X).length() < 1e-12
                || (p.normal - Vec2::Y).length() < 1e-12,
            "{:?}",
            p.normal
        );
    }

    #[test]
    fn collinear_simplex_is_repaired() {
        let (a, b) = proxies(Vec2::new(0.0, 0.5), 0.0);
        // Find two real difference points with the origin between them on one line.
        let mut found = None;
        for i in 0..16 {
            for j in 0..16 {
                let (ia0, ib0, ia1, ib1) = (i / 4, i % 4, j / 4, j % 4);
                let w0 = b.points()[ib0] - a.points()[ia0];
                let w1 = b.points()[ib1] - a.points()[ia1];
                if w0.perp_dot(w1).abs() < 1e-12 && w0.dot(w1) < 0.0 {
                    found = Some((ia0, ib0, ia1, ib1));
                }
            }
        }
        let (ia0, ib0, ia1, ib1) = found.expect("a collinear pair exists");
        let mut s = Simplex::default();
        for (k, (ia, ib)) in [(ia0, ib0), (ia1, ib1)].into_iter().enumerate() {
            let (wa, wb) = (a.points()[ia], b.points()[ib]);
            s.v[k] = crate::collide::gjk::SimplexVertex {
                wa,
                wb,
                w: wb - wa,
                a: 0.5,
                index_a: ia,
                index_b: ib,
            };
        }
        s.count = 2;
        let p = penetration(&a, &b, &s);
        assert!((p.depth - 0.5).abs() < 1e-12, "{p:?}");
        assert!((p.normal - Vec2::Y).length() < 1e-12);
    }
}
