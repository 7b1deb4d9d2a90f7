//! Checks on numbers, points and shapes, shared by the level validator. Each check records
//! a problem as (item path, what is wrong and what was expected).

use super::entities::DebrisShape;
use super::schema::Shape;
use super::script::ZoneShape;
use crate::brush::outline::signed_area;
use crate::geom::{ConvexPolygon, Vec2};

/// Farthest a point may be from the origin on either axis (m): a level is at most 200 km
/// across, far beyond any cave, so a larger number is a typo.
pub const MAX_COORDINATE: f64 = 1.0e5;
/// Largest radius, width or side of a world brush or zone (m).
pub const MAX_BRUSH_SIZE: f64 = 1.0e4;
/// Largest size of a body: debris, mover (m).
pub const MAX_BODY_SIZE: f64 = 100.0;
/// Most points in one brush polygon or polyline (self-intersection is checked pairwise).
pub const MAX_POLYGON_POINTS: usize = 4096;
/// Largest gravity, speed or spin a level may ask for: far beyond play, so only typos hit it.
pub const MAX_RATE: f64 = 1.0e4;

/// Problems found so far, as (item path, message).
#[derive(Default)]
pub struct Checker {
    /// The problems.
    pub problems: Vec<(String, String)>,
}

fn show(p: Vec2) -> String {
    format!("({}, {})", p.x, p.y)
}

impl Checker {
    /// Records a problem.
    pub fn fail(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push((path.into(), message.into()));
    }

    /// A finite point within [`MAX_COORDINATE`].
    pub fn point(&mut self, path: &str, p: Vec2) -> bool {
        let ok = p.is_finite() && p.abs().max_element() <= MAX_COORDINATE;
        if !ok {
            self.fail(
                path,
                format!(
                    "expected a finite point within ±{MAX_COORDINATE} m on each axis, got {}",
                    show(p)
                ),
            );
        }
        ok
    }

    /// Every point finite and in range.
    pub fn points(&mut self, path: &str, pts: &[Vec2]) -> bool {
        let mut ok = true;
        for (i, p) in pts.iter().enumerate() {
            ok &= self.point(&format!("{path}[{i}]"), *p);
        }
        ok
    }

    /// A finite number in `lo..=hi` (`lo` excluded when `open_low`).
    pub fn number(&mut self, path: &str, v: f64, lo: f64, hi: f64, open_low: bool) -> bool {
        let ok = v.is_finite() && (if open_low { v > lo } else { v >= lo }) && v <= hi;
        if !ok {
            let low = if open_low { "greater than" } else { "at least" };
            self.fail(
                path,
                format!("expected a number {low} {lo} and at most {hi}, got {v}"),
            );
        }
        ok
    }

    /// A finite number (angles, velocities).
    pub fn finite(&mut self, path: &str, v: f64, limit: f64) -> bool {
        self.number(path, v, -limit, limit, false)
    }

    /// A world brush shape.
    pub fn brush(&mut self, path: &str, shape: &Shape) {
        match shape {
            Shape::Rect { min, max } => self.rect(path, *min, *max),
            Shape::Circle { center, radius } => self.circle(path, *center, *radius),
            Shape::Polygon { points } => self.simple_polygon(&format!("{path}.points"), points),
            Shape::Polyline { points, width } => {
                let p = format!("{path}.points");
                if points.len() < 2 || points.len() > MAX_POLYGON_POINTS {
                    self.fail(
                        &p,
                        format!(
                            "expected 2 to {MAX_POLYGON_POINTS} points, got {}",
                            points.len()
                        ),
                    );
                } else if self.points(&p, points) && points.windows(2).all(|w| w[0] == w[1]) {
                    self.fail(
                        &p,
                        "the points are all the same: expected a line of some length",
                    );
                }
                self.number(&format!("{path}.width"), *width, 0.0, MAX_BRUSH_SIZE, true);
            }
        }
    }

    /// A zone's region.
    pub fn zone_shape(&mut self, path: &str, shape: &ZoneShape) {
        match shape {
            ZoneShape::Rect { min, max } => self.rect(path, *min, *max),
            ZoneShape::Circle { center, radius } => self.circle(path, *center, *radius),
            ZoneShape::Polygon { points } => self.simple_polygon(&format!("{path}.points"), points),
        }
    }

    fn circle(&mut self, path: &str, center: Vec2, radius: f64) {
        self.point(&format!("{path}.center"), center);
        self.number(&format!("{path}.radius"), radius, 0.0, MAX_BRUSH_SIZE, true);
    }

    fn rect(&mut self, path: &str, min: Vec2, max: Vec2) {
        let ok = self.point(&format!("{path}.min"), min) & self.point(&format!("{path}.max"), max);
        if ok && !(min.x < max.x && min.y < max.y) {
            self.fail(
                path,
                format!(
                    "expected `min` below and left of `max`, got min {} and max {}",
                    show(min),
                    show(max)
                ),
            );
        }
    }

    /// A simple polygon: enough points, in range, enclosing area, not crossing itself.
    pub fn simple_polygon(&mut self, path: &str, pts: &[Vec2]) {
        if pts.len() < 3 || pts.len() > MAX_POLYGON_POINTS {
            self.fail(
                path,
                format!(
                    "expected 3 to {MAX_POLYGON_POINTS} points, got {}",
                    pts.len()
                ),
            );
            return;
        }
        if !self.points(path, pts) {
            return;
        }
        if signed_area(pts).abs()
            <= 1e-12 * (1.0 + pts.iter().map(|p| p.length_squared()).fold(0.0, f64::max))
        {
            self.fail(
                path,
                "the polygon encloses no area: expected at least 3 points not on one line",
            );
            return;
        }
        if let Some((i, j, at)) = self_intersection(pts) {
            self.fail(path, format!("the polygon crosses itself: edge {i} meets edge {j} near {}; expected a simple polygon", show(at)));
        }
    }

    /// A debris shape: convex with at most 8 points, or a positive box or circle.
    pub fn debris_shape(&mut self, path: &str, shape: &DebrisShape) {
        match shape {
            DebrisShape::Polygon { points } => {
                let p = format!("{path}.points");
                if !self.points(&p, points) {
                    return;
                }
                match ConvexPolygon::new(points) {
                    Ok(poly) if poly.radius() > MAX_BODY_SIZE => {
                        self.fail(&p, format!("the polygon is {:.0} m across: expected debris at most {MAX_BODY_SIZE} m across", 2.0 * poly.radius()))
                    }
                    Ok(_) => {}
                    Err(e) => self.fail(&p, format!("{e}; expected a convex polygon of 3 to 8 points, enclosing area")),
                }
            }
            DebrisShape::Box { width, height } => {
                self.number(&format!("{path}.width"), *width, 0.0, MAX_BODY_SIZE, true);
                self.number(&format!("{path}.height"), *height, 0.0, MAX_BODY_SIZE, true);
            }
            DebrisShape::Circle { radius } => {
                self.number(
                    &format!("{path}.radius"),
                    *radius,
                    0.0,
                    MAX_BODY_SIZE / 2.0,
                    true,
                );
            }
        }
    }
}

/// The first pair of non-adjacent edges of the closed polygon that meet, with a point where
/// they meet; also catches adjacent edges that fold back over each other.
fn self_intersection(pts: &[Vec2]) -> Option<(usize, usize, Vec2)> {
    let n = pts.len();
    let edge = |i: usize| (pts[i], pts[(i + 1) % n]);
    for i in 0..n {
        let (a, b) = edge(i);
        for j in i + 1..n {
            let (c, d) = edge(j);
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if adjacent {
                // Neighbours share a point; they are wrong only when they overlap.
                let (shared, p, q) = if j == i + 1 { (b, a, d) } else { (a, b, c) };
                let (u, v) = (p - shared, q - shared);
                if u.perp_dot(v) == 0.0 && u.dot(v) > 0.0 {
                    return Some((i, j, shared));
                }
                continue;
            }
            if let Some(at) = segments_meet(a, b, c, d) {
                return Some((i, j, at));
            }
        }
    }
    None
}

/// A point shared by segments ab and cd, if any.
fn segments_meet(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Option<Vec2> {
    let (r, s) = (b - a, d - c);
    let denom = r.perp_dot(s);
    let qp = c - a;
    if denom == 0.0 {
        if qp.perp_dot(r) != 0.0 {
            return None;
        }
        // Collinear: overlapping when their projections overlap.
        let rr = r.dot(r).max(f64::MIN_POSITIVE);
        let (t0, t1) = (qp.dot(r) / rr, (d - a).dot(r) / rr);
        let (lo, hi) = (t0.min(t1).max(0.0), t0.max(t1).min(1.0));
        return (lo <= hi).then(|| a + r * lo);
    }
    let t = qp.perp_dot(s) / denom;
    let u = qp.perp_dot(r) / denom;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then(|| a + r * t)
}
