//! A zone's region, ready for point tests.

use crate::brush::outline::point_in_loop;
use crate::geom::Vec2;
use crate::level::ZoneShape;

/// A zone shape prepared for containment tests. Points on the boundary count as inside.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Region {
    Rect { min: Vec2, max: Vec2 },
    Circle { center: Vec2, radius: f64 },
    Polygon(Vec<Vec2>),
}

impl Region {
    pub(crate) fn new(shape: &ZoneShape) -> Region {
        match shape {
            ZoneShape::Rect { min, max } => Region::Rect {
                min: min.min(*max),
                max: min.max(*max),
            },
            ZoneShape::Circle { center, radius } => Region::Circle {
                center: *center,
                radius: *radius,
            },
            ZoneShape::Polygon { points } => Region::Polygon(points.clone()),
        }
    }

    /// Whether `p` is inside. A non-finite point or shape contains nothing.
    pub(crate) fn contains(&self, p: Vec2) -> bool {
        if !p.is_finite() {
            return false;
        }
        match self {
            Region::Rect { min, max } => {
                p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y
            }
            Region::Circle { center, radius } => (p - *center).length_squared() <= radius * radius,
            // Even-odd rule, as the brush outlines use (fewer than 3 points contain nothing).
            Region::Polygon(points) => points.len() >= 3 && point_in_loop(points, p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_contain_what_they_cover() {
        let v = Vec2::new;
        let rect = Region::new(&ZoneShape::Rect {
            min: v(0.0, 0.0),
            max: v(2.0, 1.0),
        });
        assert!(rect.contains(v(2.0, 1.0)) && !rect.contains(v(2.01, 0.5)));
        let circle = Region::new(&ZoneShape::Circle {
            center: v(1.0, 1.0),
            radius: 1.0,
        });
        assert!(circle.contains(v(1.7, 1.7)) && !circle.contains(v(1.8, 1.8)));
        // An L shape: the notch is outside.
        let l = Region::new(&ZoneShape::Polygon {
            points: vec![
                v(0.0, 0.0),
                v(2.0, 0.0),
                v(2.0, 1.0),
                v(1.0, 1.0),
                v(1.0, 2.0),
                v(0.0, 2.0),
            ],
        });
        assert!(l.contains(v(0.5, 1.5)) && l.contains(v(1.5, 0.5)));
        assert!(!l.contains(v(1.5, 1.5)) && !l.contains(v(f64::NAN, 0.5)));
    }
}
