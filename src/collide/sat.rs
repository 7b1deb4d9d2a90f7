//! The exact separating-axis answer for two convex polygons: the reference that `cavefly
//! lab` measures every contact method against.
//!
//! For convex polygons the minimum translation that separates them lies along one of their
//! edge normals, so checking every edge normal of both shapes gives the exact penetration
//! depth and direction. It has no contact points; it is a yardstick, not a manifold.

use crate::geom::{right_perp, Vec2};

/// The least overlap of two convex polygons over every edge normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Separation {
    /// Unit axis from A to B along which the overlap is least.
    pub normal: Vec2,
    /// The overlap along it: positive when the shapes overlap (moving B by
    /// `normal * depth` makes them touch), negative when they are apart by at least that.
    pub depth: f64,
}

/// How far A reaches past B's near side along `axis`.
pub fn overlap_along(a: &[Vec2], b: &[Vec2], axis: Vec2) -> f64 {
    let reach = a
        .iter()
        .map(|p| p.dot(axis))
        .fold(f64::NEG_INFINITY, f64::max);
    let start = b.iter().map(|p| p.dot(axis)).fold(f64::INFINITY, f64::min);
    reach - start
}

/// The separating-axis answer for two convex counter-clockwise polygons given by their
/// vertices in one frame. `None` for fewer than three vertices on either side.
pub fn separation(a: &[Vec2], b: &[Vec2]) -> Option<Separation> {
    if a.len() < 3 || b.len() < 3 {
        return None;
    }
    let mut best: Option<Separation> = None;
    for (poly, sign) in [(a, 1.0), (b, -1.0)] {
        for i in 0..poly.len() {
            let edge = poly[(i + 1) % poly.len()] - poly[i];
            let Some(n) = right_perp(edge).try_normalize() else {
                continue;
            };
            let axis = n * sign;
            let depth = overlap_along(a, b, axis);
            if best.is_none_or(|s| depth < s.depth) {
                best = Some(Separation {
                    normal: axis,
                    depth,
                });
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_overlapping_mostly_sideways_separate_along_x() {
        let a = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ];
        let b: Vec<Vec2> = a.iter().map(|v| *v + Vec2::new(0.9, 0.3)).collect();
        let s = separation(&a, &b).unwrap();
        assert_eq!(s.normal, Vec2::X);
        assert!((s.depth - 0.1).abs() < 1e-12);
        let far: Vec<Vec2> = a.iter().map(|v| *v + Vec2::new(0.0, 3.0)).collect();
        let s = separation(&a, &far).unwrap();
        assert!((s.depth + 2.0).abs() < 1e-12 && s.normal == Vec2::Y);
    }
}
