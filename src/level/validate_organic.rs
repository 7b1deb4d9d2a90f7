//! Checks on organic rock: tunnels, roughness and scattered dressing. A roughened outline
//! must stay a shape (not fold through itself) and within the segment budget.

use super::build::to_brush;
use super::limits::{
    MAX_BRUSH_SIZE, MAX_FLAIR_SCALE, MAX_OUTLINE_POINTS, MAX_POLYGON_POINTS, MIN_ROUGH_WAVELENGTH,
    MIN_SCATTER_SPACING,
};
use super::organic::{Rough, Scatter};
use super::schema::Shape;
use super::validate_shapes::{num, Checker};
use crate::brush::outline::signed_area;
use crate::brush::rough::{perimeter, SAMPLES_PER_WAVELENGTH};
use crate::brush::tunnel::sample_count;
use crate::geom::{Aabb, Vec2};

/// Checks a world shape's tunnel fields, roughness and scatter; the other fields are
/// checked by [`Checker::brush`], which runs first and found them right when `shape_ok`.
/// A roughened shape's size is measured only once the shape itself is right: the
/// outline of a wrong one (a rectangle with its corners swapped, a point a billion metres
/// out) is not a size to measure.
pub fn check_organic(
    c: &mut Checker,
    path: &str,
    shape: &Shape,
    shape_ok: bool,
    within: Option<&Aabb>,
) {
    let before = c.problems.len();
    if let Shape::Tunnel { points, width, .. } = shape {
        tunnel(c, path, points, width);
    }
    if let Some(r) = shape.rough() {
        // The shape's own size is only known once its own fields are right.
        let shape_ok = shape_ok && c.problems.len() == before;
        rough(c, &format!("{path}.rough"), r, shape, shape_ok, within);
    }
    if let Some(sc) = shape.scatter() {
        scatter(c, &format!("{path}.scatter"), sc);
    }
}

fn tunnel(c: &mut Checker, path: &str, points: &[Vec2], widths: &[f64]) {
    let p = format!("{path}.points");
    let n = points.len();
    let mut ok = true;
    if !(2..=MAX_POLYGON_POINTS).contains(&n) {
        c.fail(
            &p,
            format!("expected 2 to {MAX_POLYGON_POINTS} points, got {n}"),
        );
        ok = false;
    } else if !c.points(&p, points) {
        ok = false;
    } else if points.windows(2).all(|w| w[0] == w[1]) {
        c.fail(
            &p,
            "the points are all the same: expected a tunnel of some length",
        );
        ok = false;
    }
    let w = format!("{path}.width");
    if widths.len() != 1 && widths.len() != n {
        c.fail(
            &w,
            format!(
                "expected one width for every point or one per point ({n}), got {}",
                widths.len()
            ),
        );
        ok = false;
    }
    for (i, v) in widths.iter().enumerate() {
        ok &= c.number(&format!("{w}[{i}]"), *v, 0.0, MAX_BRUSH_SIZE, true);
    }
    if ok {
        let samples = sample_count(points, widths);
        if samples > MAX_OUTLINE_POINTS {
            let narrowest = widths.iter().copied().fold(f64::INFINITY, f64::min);
            c.fail(
                path,
                format!(
                    "a tunnel this long and only {} m wide at its narrowest takes {samples} samples along its centre line; expected at most {MAX_OUTLINE_POINTS}: widen it or split it in two",
                    num(narrowest)
                ),
            );
        }
    }
}

/// How far the shape's outline lies from its middle (m): the inradius of a circle or a
/// rectangle, half a tunnel's narrowest width, and `2 · area / perimeter` for a polygon
/// (its inradius when a circle fits it, less for a thin one).
fn half_thickness(shape: &Shape) -> f64 {
    match shape {
        Shape::Rect { min, max, .. } => (max.x - min.x).min(max.y - min.y) / 2.0,
        Shape::Circle { radius, .. } => *radius,
        Shape::Polygon { points, .. } => 2.0 * signed_area(points).abs() / perimeter(points),
        Shape::Polyline { width, .. } => width / 2.0,
        Shape::Tunnel { width, .. } => width.iter().copied().fold(f64::INFINITY, f64::min) / 2.0,
    }
}

fn rough(
    c: &mut Checker,
    path: &str,
    r: &Rough,
    shape: &Shape,
    shape_ok: bool,
    within: Option<&Aabb>,
) {
    let a = c.number(
        &format!("{path}.amplitude"),
        r.amplitude,
        0.0,
        MAX_BRUSH_SIZE,
        false,
    );
    let w = c.number(
        &format!("{path}.wavelength"),
        r.wavelength,
        MIN_ROUGH_WAVELENGTH,
        MAX_BRUSH_SIZE,
        false,
    );
    if !(a && w && shape_ok) {
        return;
    }
    let amp = format!("{path}.amplitude");
    let half = half_thickness(shape);
    if r.amplitude > half / 2.0 {
        c.fail(
            &amp,
            format!(
                "an amplitude of {} m could push the outline through the shape's middle, which lies about {} m inside it; expected at most half that, {} m",
                num(r.amplitude),
                num(half),
                num(half / 2.0)
            ),
        );
    } else if r.amplitude > r.wavelength / 2.0 {
        c.fail(
            &amp,
            format!(
                "an amplitude of {} m is steeper than the bumps are long: expected at most half the wavelength, {} m, or the outline folds back over itself",
                num(r.amplitude),
                num(r.wavelength / 2.0)
            ),
        );
    }
    let length = to_brush(shape).outline_length(within);
    let points = length * SAMPLES_PER_WAVELENGTH / r.wavelength;
    if points.is_nan() || points > MAX_OUTLINE_POINTS as f64 {
        c.fail(
            format!("{path}.wavelength"),
            format!(
                "a wavelength of {} m cuts the shape's {} m outline into {} points; expected at most {MAX_OUTLINE_POINTS}: a wavelength of at least {} m",
                num(r.wavelength),
                num(length.round()),
                points.ceil(),
                num((length * SAMPLES_PER_WAVELENGTH / MAX_OUTLINE_POINTS as f64 * 100.0).ceil() / 100.0)
            ),
        );
    }
}

fn scatter(c: &mut Checker, path: &str, sc: &Scatter) {
    if sc.mesh.trim().is_empty() {
        c.fail(format!("{path}.mesh"), "expected the path of a mesh file");
    }
    c.number(
        &format!("{path}.every"),
        sc.every,
        MIN_SCATTER_SPACING,
        MAX_BRUSH_SIZE,
        false,
    );
    let s = format!("{path}.scale");
    let (lo, hi) = sc.scale;
    let ok = c.number(&s, lo, 0.0, MAX_FLAIR_SCALE, true)
        && c.number(&s, hi, 0.0, MAX_FLAIR_SCALE, true);
    if ok && lo > hi {
        c.fail(
            &s,
            format!(
                "expected (smallest, largest), got ({}, {}): the smallest is larger",
                num(lo),
                num(hi)
            ),
        );
    }
}
