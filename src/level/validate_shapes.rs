//! Checks on numbers, points and shapes, shared by the level validator. Each check records
//! a problem as (item path, what is wrong and what was expected).

use super::entities::DebrisShape;
use super::limits::{
    MAX_BODY_SIZE, MAX_BRUSH_SIZE, MAX_COORDINATE, MAX_GRAVITY, MAX_POLYGON_POINTS, MIN_BODY_SIZE,
};
use super::schema::Shape;
use super::script::ZoneShape;
use crate::brush::outline::signed_area;
use crate::geom::{self, Vec2};

/// Problems found so far, as (item path, message).
#[derive(Default)]
pub struct Checker {
    /// The problems.
    pub problems: Vec<(String, String)>,
}

/// A number as a person would write it: plain when that is short, else with an exponent
/// (`1e-300`, not three hundred zeros).
pub(super) fn num(v: f64) -> String {
    if v == 0.0 || !v.is_finite() || (1e-4..1e15).contains(&v.abs()) {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

/// A point as `(x, y)`, each number as [`num`] writes it.
pub(super) fn show(p: Vec2) -> String {
    format!("({}, {})", num(p.x), num(p.y))
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
                format!(
                    "expected a number {low} {} and at most {}, got {}",
                    num(lo),
                    num(hi),
                    num(v)
                ),
            );
        }
        ok
    }

    /// A whole number in `lo..=hi`.
    pub fn count(&mut self, path: &str, v: u32, lo: u32, hi: u32) -> bool {
        let ok = (lo..=hi).contains(&v);
        if !ok {
            self.fail(
                path,
                format!("expected a whole number from {lo} to {hi}, got {v}"),
            );
        }
        ok
    }

    /// A gravity: finite and at most [`MAX_GRAVITY`] strong.
    pub fn gravity(&mut self, path: &str, g: Vec2) {
        self.acceleration(path, "gravity", g);
    }

    /// An acceleration (`what`: a gravity, a zone's push): finite and at most
    /// [`MAX_GRAVITY`] strong.
    pub fn acceleration(&mut self, path: &str, what: &str, g: Vec2) {
        if !g.is_finite() || g.length() > MAX_GRAVITY {
            self.fail(
                path,
                format!(
                    "expected a finite {what} of at most {MAX_GRAVITY} m/s², got {}",
                    show(g)
                ),
            );
        }
    }

    /// A finite number (angles, velocities).
    pub fn finite(&mut self, path: &str, v: f64, limit: f64) -> bool {
        self.number(path, v, -limit, limit, false)
    }

    /// A world brush shape.
    pub fn brush(&mut self, path: &str, shape: &Shape) {
        match shape {
            Shape::Rect { min, max, .. } => self.rect(path, *min, *max),
            Shape::Circle { center, radius, .. } => self.circle(path, *center, *radius),
            Shape::Polygon { points, .. } => self.simple_polygon(&format!("{path}.points"), points),
            // Checked with the other organic fields (`validate_organic.rs`).
            Shape::Tunnel { .. } => {}
            Shape::Polyline { points, width, .. } => {
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

    /// A debris shape: what [`DebrisShape::shape`] builds (the game builds it the same way),
    /// no thinner than [`MIN_BODY_SIZE`] and no wider than [`MAX_BODY_SIZE`].
    pub fn debris_shape(&mut self, path: &str, shape: &DebrisShape) {
        let (lo, hi) = (MIN_BODY_SIZE, MAX_BODY_SIZE);
        let sized = match shape {
            DebrisShape::Polygon { points } => self.body_points(&format!("{path}.points"), points),
            DebrisShape::Box { width, height } => {
                self.number(&format!("{path}.width"), *width, lo, hi, false)
                    & self.number(&format!("{path}.height"), *height, lo, hi, false)
            }
            DebrisShape::Circle { radius } => self.number(
                &format!("{path}.radius"),
                *radius,
                lo / 2.0,
                hi / 2.0,
                false,
            ),
        };
        if !sized {
            return;
        }
        let at = match shape {
            DebrisShape::Polygon { .. } => format!("{path}.points"),
            _ => path.to_string(),
        };
        match (shape, shape.shape()) {
            (_, Err(e)) => self.fail(
                at,
                format!("{e}; expected a convex polygon of 3 to 8 points, enclosing area"),
            ),
            (DebrisShape::Polygon { .. }, Ok(geom::Shape::Polygon(poly))) => {
                let vs = poly.vertices();
                let across = vs
                    .iter()
                    .flat_map(|a| vs.iter().map(move |b| (*a - *b).length()))
                    .fold(0.0, f64::max);
                if across > hi {
                    self.fail(
                        &at,
                        format!(
                            "the polygon is {} m across: expected debris at most {hi} m across",
                            num(across)
                        ),
                    );
                }
                let thick = poly.width();
                if thick < lo {
                    self.fail(
                        &at,
                        format!(
                            "the polygon is only {} m thick: expected debris at least {lo} m thick",
                            num(thick)
                        ),
                    );
                }
            }
            _ => {}
        }
    }

    /// A debris polygon's points: finite, and in its own frame near the piece's position.
    fn body_points(&mut self, path: &str, pts: &[Vec2]) -> bool {
        let mut ok = true;
        for (i, p) in pts.iter().enumerate() {
            if !(p.is_finite() && p.abs().max_element() <= MAX_BODY_SIZE) {
                self.fail(
                    format!("{path}[{i}]"),
                    format!("expected a finite point within ±{MAX_BODY_SIZE} m of the piece's position on each axis, got {}", show(*p)),
                );
                ok = false;
            }
        }
        ok
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
