//! Casts of a ray, a moving circle and a moving box against one segment: the exact tests
//! that the line tree runs at its leaves (and that brute force runs over every segment).
//!
//! Each returns the fraction of the motion at first contact and the unit normal at contact,
//! pointing from the segment towards the moving shape. A shape that already touches the
//! segment reports fraction 0.

use crate::collide::{ray_cast, RayCast};
use crate::geom::{convex_hull, right_perp, Segment, Shape, Transform, Vec2};

/// First hit of the ray `origin + t * translation`, `t` in `[0, max_fraction]`, on `seg`
/// (from either side; the normal faces the ray).
pub fn ray_segment(
    seg: &Segment,
    origin: Vec2,
    translation: Vec2,
    max_fraction: f64,
) -> Option<(f64, Vec2)> {
    let ray = RayCast {
        origin,
        translation,
        max_fraction,
    };
    ray_cast(&Shape::Segment(*seg), &Transform::IDENTITY, &ray).map(|h| (h.fraction, h.normal))
}

/// Distance from `p` to `seg`.
pub fn closest_distance(seg: &Segment, p: Vec2) -> f64 {
    (p - seg.closest_point(p).0).length()
}

/// First time the ray from `origin` along `translation` enters the circle (`None` if it
/// starts inside or misses within `[0, max]`).
fn ray_circle(origin: Vec2, translation: Vec2, center: Vec2, radius: f64, max: f64) -> Option<f64> {
    let m = origin - center;
    let a = translation.dot(translation);
    let b = m.dot(translation);
    let c = m.dot(m) - radius * radius;
    if a <= 0.0 || c <= 0.0 || b >= 0.0 {
        return None;
    }
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()) / a;
    (0.0..=max).contains(&t).then_some(t)
}

/// First contact of a circle of `radius` whose centre moves from `center` by `translation`
/// (fractions `[0, 1]`) with `seg`.
pub fn sweep_circle_segment(
    seg: &Segment,
    center: Vec2,
    radius: f64,
    translation: Vec2,
) -> Option<(f64, Vec2)> {
    let (closest, _) = seg.closest_point(center);
    let dist = (center - closest).length();
    if dist <= radius {
        let normal = if dist > 0.0 {
            (center - closest) / dist
        } else {
            seg.normal()
        };
        return Some((0.0, normal));
    }
    let n = seg.normal();
    let mut best: Option<(f64, Vec2)> = None;
    let mut consider = |t: f64, normal: Vec2| {
        if best.is_none_or(|(bt, _)| t < bt) {
            best = Some((t, normal));
        }
    };
    for side in [n, -n] {
        let offset = Segment {
            a: seg.a + side * radius,
            b: seg.b + side * radius,
        };
        if let Some((t, _)) = ray_segment(&offset, center, translation, 1.0) {
            if translation.dot(side) < 0.0 {
                consider(t, side);
            }
        }
    }
    for end in [seg.a, seg.b] {
        if let Some(t) = ray_circle(center, translation, end, radius, 1.0) {
            consider(t, (center + t * translation - end).normalize_or_zero());
        }
    }
    best
}

/// First contact of an axis-aligned box with half extents `half` whose centre moves from
/// `center` by `translation` (fractions `[0, 1]`) with `seg`: a ray cast of the centre
/// against the Minkowski sum of the segment and the box.
pub fn sweep_box_segment(
    seg: &Segment,
    center: Vec2,
    half: Vec2,
    translation: Vec2,
) -> Option<(f64, Vec2)> {
    let corners = [
        Vec2::new(-half.x, -half.y),
        Vec2::new(half.x, -half.y),
        Vec2::new(half.x, half.y),
        Vec2::new(-half.x, half.y),
    ];
    let points: Vec<Vec2> = corners
        .iter()
        .flat_map(|c| [seg.a + *c, seg.b + *c])
        .collect();
    let hull = convex_hull(&points);
    if hull.len() < 3 {
        return None;
    }
    let n = hull.len();
    let mut t_enter = f64::NEG_INFINITY;
    let mut t_exit = 1.0f64;
    let mut normal = Vec2::ZERO;
    let mut deepest = (f64::NEG_INFINITY, Vec2::ZERO);
    for i in 0..n {
        let (v, w) = (hull[i], hull[(i + 1) % n]);
        let out = right_perp(w - v).normalize_or_zero();
        let gap = out.dot(center - v);
        if gap > deepest.0 {
            deepest = (gap, out);
        }
        let denom = out.dot(translation);
        if denom == 0.0 {
            if gap > 0.0 {
                return None;
            }
            continue;
        }
        let t = -gap / denom;
        if denom < 0.0 {
            if t > t_enter {
                t_enter = t;
                normal = out;
            }
        } else {
            t_exit = t_exit.min(t);
        }
        if t_enter > t_exit {
            return None;
        }
    }
    if deepest.0 <= 0.0 {
        return Some((0.0, deepest.1));
    }
    (t_enter >= 0.0 && t_enter <= t_exit).then_some((t_enter, normal))
}
