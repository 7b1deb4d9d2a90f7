//! Ray casts against every shape.

use crate::geom::{Shape, Transform, Vec2};

/// A ray: from `origin` along `translation`, up to `max_fraction` of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayCast {
    /// Start point (world frame).
    pub origin: Vec2,
    /// Direction and length of the ray (world frame).
    pub translation: Vec2,
    /// How much of `translation` to search, usually 1.
    pub max_fraction: f64,
}

/// Where a ray first hits a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// Hit point (world frame).
    pub point: Vec2,
    /// Unit surface normal at the hit, facing the ray.
    pub normal: Vec2,
    /// The hit is at `origin + fraction * translation`.
    pub fraction: f64,
}

/// The first hit of `ray` on `shape` placed by `xf`. A ray that starts inside a circle or
/// polygon reports no hit (solids are entered, never left); a segment is hit from either
/// side, with the normal facing the ray. Non-finite input gives `None`.
pub fn ray_cast(shape: &Shape, xf: &Transform, ray: &RayCast) -> Option<RayHit> {
    if !xf.is_finite() || !ray.origin.is_finite() || !ray.translation.is_finite() {
        return None;
    }
    let o = xf.apply_inv(ray.origin);
    let d = xf.q.inv_rotate(ray.translation);
    let max = ray.max_fraction;
    let (fraction, normal) = match shape {
        Shape::Circle(c) => ray_circle(o - c.center, d, c.radius, max)?,
        Shape::Segment(s) => ray_segment(s.a, s.b, o, d, max)?,
        Shape::Polygon(p) => ray_polygon(p.vertices(), p.normals(), o, d, max)?,
    };
    Some(RayHit {
        point: ray.origin + fraction * ray.translation,
        normal: xf.q.rotate(normal),
        fraction,
    })
}

/// Ray from `s` (relative to the centre) along `d` against a circle of radius `r`.
fn ray_circle(s: Vec2, d: Vec2, r: f64, max: f64) -> Option<(f64, Vec2)> {
    let c = s.length_squared() - r * r;
    let a = d.length_squared();
    if c < 0.0 || a == 0.0 {
        return None;
    }
    let b = s.dot(d);
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let t = (-b - disc.sqrt()) / a;
    if !(0.0..=max).contains(&t) {
        return None;
    }
    Some((t, (s + t * d) / r))
}

fn ray_segment(a: Vec2, b: Vec2, o: Vec2, d: Vec2, max: f64) -> Option<(f64, Vec2)> {
    let e = b - a;
    let n = crate::geom::right_perp(e).normalize_or_zero();
    let denom = n.dot(d);
    if denom == 0.0 || n == Vec2::ZERO {
        return None;
    }
    let t = n.dot(a - o) / denom;
    if !(0.0..=max).contains(&t) {
        return None;
    }
    let u = (o + t * d - a).dot(e) / e.length_squared();
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    Some((t, if denom < 0.0 { n } else { -n }))
}

/// Clips the ray against each edge's half-plane; the last plane it enters is the hit face.
fn ray_polygon(vs: &[Vec2], ns: &[Vec2], o: Vec2, d: Vec2, max: f64) -> Option<(f64, Vec2)> {
    let (mut lower, mut upper) = (0.0, max);
    let mut face = None;
    for (v, n) in vs.iter().zip(ns) {
        let numerator = n.dot(*v - o);
        let denominator = n.dot(d);
        if denominator == 0.0 {
            if numerator < 0.0 {
                return None;
            }
        } else if denominator < 0.0 && numerator < lower * denominator {
            lower = numerator / denominator;
            face = Some(*n);
        } else if denominator > 0.0 && numerator < upper * denominator {
            upper = numerator / denominator;
        }
        if upper < lower {
            return None;
        }
    }
    face.map(|n| (lower, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, ConvexPolygon, Segment};

    fn ray(o: (f64, f64), t: (f64, f64)) -> RayCast {
        RayCast {
            origin: Vec2::new(o.0, o.1),
            translation: Vec2::new(t.0, t.1),
            max_fraction: 1.0,
        }
    }

    #[test]
    fn ray_hits_circle_polygon_and_segment() {
        let c: Shape = Circle::new(Vec2::ZERO, 1.0).unwrap().into();
        let xf = Transform::from_translation(Vec2::new(5.0, 0.0));
        let h = ray_cast(&c, &xf, &ray((0.0, 0.0), (10.0, 0.0))).unwrap();
        assert!((h.fraction - 0.4).abs() < 1e-12 && (h.normal + Vec2::X).length() < 1e-12);

        let p: Shape = ConvexPolygon::rect(1.0, 1.0).unwrap().into();
        let xf = Transform::new(Vec2::new(0.0, 5.0), std::f64::consts::FRAC_PI_4);
        let h = ray_cast(&p, &xf, &ray((0.0, 0.0), (0.0, 10.0))).unwrap();
        assert!((h.point.y - (5.0 - 2f64.sqrt())).abs() < 1e-12);
        assert!(
            ray_cast(&p, &xf, &ray((0.0, 5.0), (0.0, 10.0))).is_none(),
            "starts inside"
        );

        let s: Shape = Segment::new(Vec2::new(-1.0, 2.0), Vec2::new(1.0, 2.0))
            .unwrap()
            .into();
        let h = ray_cast(&s, &Transform::IDENTITY, &ray((0.5, 0.0), (0.0, 4.0))).unwrap();
        assert!((h.fraction - 0.5).abs() < 1e-12 && (h.normal + Vec2::Y).length() < 1e-12);
        let h = ray_cast(&s, &Transform::IDENTITY, &ray((0.5, 4.0), (0.0, -4.0))).unwrap();
        assert!((h.normal - Vec2::Y).length() < 1e-12);
        assert!(ray_cast(&s, &Transform::IDENTITY, &ray((1.5, 0.0), (0.0, 4.0))).is_none());
    }
}
