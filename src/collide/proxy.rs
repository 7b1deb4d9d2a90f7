//! Support-point proxies: the form in which GJK and EPA see a shape.

use crate::constants::MAX_POLYGON_VERTICES;
use crate::geom::{right_perp, ConvexPolygon, Shape, Transform, Vec2};

/// A shape as a convex set of points plus a radius (a circle is one point with a radius, a
/// segment two points), with the outward normal of each edge `i → i + 1`. A segment is a
/// two-sided "2-gon": edge 0 runs `a → b`, edge 1 runs back `b → a` with the opposite normal.
#[derive(Clone, Copy, Debug)]
pub struct Proxy {
    points: [Vec2; MAX_POLYGON_VERTICES],
    normals: [Vec2; MAX_POLYGON_VERTICES],
    count: usize,
    /// Radius around the points (positive for circles only).
    pub radius: f64,
    scale: f64,
}

impl Proxy {
    /// The proxy of a shape in its own local frame.
    #[inline]
    pub fn from_shape(shape: &Shape) -> Proxy {
        Self::from_shape_in(shape, &Transform::IDENTITY)
    }

    /// The proxy of a shape moved by `xf` (for example into another shape's frame).
    // Always inlined: a segment/polygon query was 5-15% slower with it left to a call.
    #[inline(always)]
    pub fn from_shape_in(shape: &Shape, xf: &Transform) -> Proxy {
        // Zero-filled once, then written field by field by whichever shape it is.
        let mut p = Proxy {
            points: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            normals: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            count: 0,
            radius: 0.0,
            scale: 0.0,
        };
        match shape {
            Shape::Circle(c) => {
                p.points[0] = xf.apply(c.center);
                p.count = 1;
                p.radius = c.radius;
            }
            Shape::Segment(s) => {
                let (a, b) = (xf.apply(s.a), xf.apply(s.b));
                let n = right_perp(b - a).normalize_or_zero();
                p.points[..2].copy_from_slice(&[a, b]);
                p.normals[..2].copy_from_slice(&[n, -n]);
                p.count = 2;
            }
            Shape::Polygon(poly) => {
                let (vs, ns) = (poly.vertices(), poly.normals());
                for ((p, n), (v, m)) in p
                    .points
                    .iter_mut()
                    .zip(&mut p.normals)
                    .zip(vs.iter().zip(ns))
                {
                    *p = xf.apply(*v);
                    *n = xf.q.rotate(*m);
                }
                p.count = vs.len();
            }
        }
        p.scale = p.measure_scale();
        p
    }

    /// The proxy's points and edge normals as an [`Outline`].
    #[inline]
    pub fn outline(&self) -> Outline<'_> {
        Outline {
            points: self.points(),
            normals: self.normals(),
            scale: self.scale,
        }
    }

    /// The points, counter-clockwise for polygons.
    #[inline]
    pub fn points(&self) -> &[Vec2] {
        &self.points[..self.count]
    }

    /// Outward normals of the edges (empty for a circle).
    #[inline]
    pub fn normals(&self) -> &[Vec2] {
        if self.count < 2 {
            &[]
        } else {
            &self.normals[..self.count]
        }
    }

    /// Number of points.
    #[inline]
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the proxy has no points (never, for a proxy made from a shape).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Index of the point farthest along `dir`.
    #[inline]
    pub fn support(&self, dir: Vec2) -> usize {
        crate::geom::support_index(self.points(), dir)
    }

    /// A length for relative tolerances: the largest coordinate extent of the points plus
    /// the radius (never zero).
    #[inline]
    pub fn scale(&self) -> f64 {
        self.scale
    }

    fn measure_scale(&self) -> f64 {
        measure(self.points(), self.radius)
    }
}

/// A polygon's or a segment's points and edge normals in one frame, borrowed: what the
/// separating-axis pass and the dual-edge manifold read. A polygon in its own frame is read
/// where it lies, without building a [`Proxy`].
#[derive(Clone, Copy, Debug)]
pub struct Outline<'a> {
    points: &'a [Vec2],
    normals: &'a [Vec2],
    scale: f64,
}

impl<'a> Outline<'a> {
    /// A polygon's outline in its own local frame: the numbers of the proxy placed by the
    /// identity transform, which changes nothing but the sign of a zero.
    #[inline]
    pub fn of_polygon(polygon: &'a ConvexPolygon) -> Outline<'a> {
        let points = polygon.vertices();
        Outline {
            points,
            normals: polygon.normals(),
            scale: measure(points, 0.0),
        }
    }

    /// The points, counter-clockwise for polygons.
    #[inline]
    pub fn points(&self) -> &'a [Vec2] {
        self.points
    }

    /// Outward normals of the edges.
    #[inline]
    pub fn normals(&self) -> &'a [Vec2] {
        self.normals
    }

    /// Number of points.
    #[inline]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// The outline of its first `N` points (all of them, when it has `N`): the same outline
    /// with its length known where the code is compiled for that count.
    #[inline(always)]
    pub(super) fn first<const N: usize>(&self) -> Outline<'a> {
        Outline {
            points: &self.points[..N],
            normals: &self.normals[..N],
            scale: self.scale,
        }
    }

    /// Whether the outline has no points (never, for one made from a shape).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// A length for relative tolerances, as [`Proxy::scale`].
    #[inline]
    pub fn scale(&self) -> f64 {
        self.scale
    }
}

/// The largest coordinate extent of `points` plus `radius` (never zero).
#[inline]
fn measure(points: &[Vec2], radius: f64) -> f64 {
    let (mut lo, mut hi) = (points[0], points[0]);
    for p in &points[1..] {
        lo = lo.min(*p);
        hi = hi.max(*p);
    }
    ((hi - lo).max_element() + radius).max(f64::MIN_POSITIVE)
}
