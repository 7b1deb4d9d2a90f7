//! Mass properties: mass, centre of mass and rotational inertia of every shape.

use super::{Aabb, Circle, ConvexPolygon, Segment, Vec2};

/// Mass, centre of mass (in the shape's local frame) and moment of inertia about that centre.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MassProperties {
    /// Mass in kilograms.
    pub mass: f64,
    /// Centre of mass in the local frame.
    pub center: Vec2,
    /// Moment of inertia about the centre of mass, kg·m².
    pub inertia: f64,
}

impl MassProperties {
    /// The inertia about the local origin instead of the centre (parallel-axis theorem).
    pub fn inertia_about_origin(&self) -> f64 {
        self.inertia + self.mass * self.center.length_squared()
    }

    /// The combined properties of several parts of one body.
    pub fn combine(parts: &[MassProperties]) -> MassProperties {
        let mass: f64 = parts.iter().map(|p| p.mass).sum();
        if mass <= 0.0 {
            return MassProperties::default();
        }
        let center = parts.iter().map(|p| p.center * p.mass).sum::<Vec2>() / mass;
        let inertia = parts
            .iter()
            .map(|p| p.inertia + p.mass * (p.center - center).length_squared())
            .sum();
        MassProperties {
            mass,
            center,
            inertia,
        }
    }
}

impl Circle {
    /// Area.
    pub fn area(&self) -> f64 {
        std::f64::consts::PI * self.radius * self.radius
    }

    /// Mass properties at `density` kg/m²: a disc has I = m r² / 2.
    pub fn mass(&self, density: f64) -> MassProperties {
        let mass = density * self.area();
        MassProperties {
            mass,
            center: self.center,
            inertia: 0.5 * mass * self.radius * self.radius,
        }
    }
}

impl Segment {
    /// A segment has no area and so no mass at any density; segments are rock, and rock is
    /// static.
    pub fn mass(&self, _density: f64) -> MassProperties {
        MassProperties {
            mass: 0.0,
            center: 0.5 * (self.a + self.b),
            inertia: 0.0,
        }
    }
}

impl Aabb {
    /// Mass properties of the solid box at `density`: I = m (w² + h²) / 12.
    pub fn mass(&self, density: f64) -> MassProperties {
        let s = self.size();
        let mass = density * s.x * s.y;
        MassProperties {
            mass,
            center: self.center(),
            inertia: mass * (s.x * s.x + s.y * s.y) / 12.0,
        }
    }
}

impl ConvexPolygon {
    /// Mass properties at `density`, summed over the triangle fan from the first vertex.
    /// Working relative to a vertex keeps the sums well conditioned far from the origin.
    pub fn mass(&self, density: f64) -> MassProperties {
        let v = self.vertices();
        let origin = v[0];
        let mut area = 0.0;
        let mut center = Vec2::ZERO;
        let mut inertia = 0.0;
        for i in 1..v.len() - 1 {
            let e1 = v[i] - origin;
            let e2 = v[i + 1] - origin;
            let d = e1.perp_dot(e2);
            let tri_area = 0.5 * d;
            area += tri_area;
            center += tri_area * (e1 + e2) / 3.0;
            // Second moment of the triangle (origin, e1, e2) about `origin`.
            let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x;
            let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y;
            inertia += (0.25 / 3.0) * d * (intx2 + inty2);
        }
        let local_center = center / area;
        let mass = density * area;
        MassProperties {
            mass,
            center: origin + local_center,
            // Shift from `origin` to the centroid.
            inertia: density * inertia - mass * local_center.length_squared(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
    }

    #[test]
    fn disc_matches_closed_form() {
        let c = Circle::new(Vec2::new(1.0, 2.0), 0.5).unwrap();
        let m = c.mass(2.0);
        assert!(close(m.mass, 2.0 * std::f64::consts::PI * 0.25));
        assert!(close(m.inertia, 0.5 * m.mass * 0.25));
        assert_eq!(m.center, Vec2::new(1.0, 2.0));
    }

    #[test]
    fn rectangle_polygon_matches_closed_form_and_aabb() {
        let (w, h) = (3.0, 0.5);
        let poly = ConvexPolygon::rect(w / 2.0, h / 2.0).unwrap();
        let m = poly.mass(4.0);
        assert!(close(m.mass, 4.0 * w * h));
        assert!(close(m.inertia, m.mass * (w * w + h * h) / 12.0));
        assert!(m.center.length() < 1e-12);
        let b = Aabb::new(Vec2::new(-1.5, -0.25), Vec2::new(1.5, 0.25)).mass(4.0);
        assert!(close(b.mass, m.mass) && close(b.inertia, m.inertia));
    }

    #[test]
    fn right_triangle_matches_closed_form_far_from_origin() {
        // Legs a (x) and b (y): area ab/2, centroid at (a/3, b/3) from the right angle,
        // inertia about the centroid m (a² + b²) / 18.
        let (a, b) = (2.0, 1.0);
        let o = Vec2::new(1000.0, -500.0);
        let poly = ConvexPolygon::new(&[o, o + Vec2::new(a, 0.0), o + Vec2::new(0.0, b)]).unwrap();
        let m = poly.mass(1.0);
        assert!(close(m.mass, a * b / 2.0));
        assert!((m.center - (o + Vec2::new(a / 3.0, b / 3.0))).length() < 1e-9);
        assert!((m.inertia - m.mass * (a * a + b * b) / 18.0).abs() < 1e-9);
    }

    #[test]
    fn regular_polygon_approaches_disc() {
        // A regular n-gon of circumradius r: area n r² sin(2π/n) / 2 and
        // I = m r² (2 + cos(2π/n)) / 6 about its centre.
        let (n, r) = (8usize, 1.5);
        let poly = ConvexPolygon::regular(n, r).unwrap();
        let m = poly.mass(1.0);
        let t = 2.0 * std::f64::consts::PI / n as f64;
        assert!(close(m.mass, n as f64 * r * r * t.sin() / 2.0));
        assert!(close(m.inertia, m.mass * r * r * (2.0 + t.cos()) / 6.0));
    }

    #[test]
    fn combined_parts_use_parallel_axis() {
        let a = Circle::new(Vec2::new(-1.0, 0.0), 0.5).unwrap().mass(1.0);
        let b = Circle::new(Vec2::new(1.0, 0.0), 0.5).unwrap().mass(1.0);
        let m = MassProperties::combine(&[a, b]);
        assert!(close(m.mass, 2.0 * a.mass));
        assert!(m.center.length() < 1e-12);
        assert!(close(m.inertia, 2.0 * (a.inertia + a.mass)));
        assert!(close(b.inertia_about_origin(), b.inertia + b.mass));
    }
}
