//! Axis-aligned bounding boxes.

use super::Vec2;
use serde::{Deserialize, Serialize};

/// An axis-aligned box from `min` to `max` (inclusive). Used for bounding volumes in the
/// broad phase and as the shape of kinematic movers in the "stop" response.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aabb {
    /// Lower-left corner.
    pub min: Vec2,
    /// Upper-right corner.
    pub max: Vec2,
}

impl Aabb {
    /// A box from two corners; the corners may come in any order.
    #[inline]
    pub fn new(a: Vec2, b: Vec2) -> Aabb {
        Aabb {
            min: a.min(b),
            max: a.max(b),
        }
    }

    /// A box from its centre and half-extents.
    #[inline]
    pub fn from_center(center: Vec2, half: Vec2) -> Aabb {
        Aabb::new(center - half, center + half)
    }

    /// The smallest box holding every point, or `None` for no points.
    pub fn from_points(points: &[Vec2]) -> Option<Aabb> {
        let (first, rest) = points.split_first()?;
        let mut b = Aabb::new(*first, *first);
        for &p in rest {
            b.min = b.min.min(p);
            b.max = b.max.max(p);
        }
        Some(b)
    }

    /// The smallest box holding both.
    #[inline]
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// The box grown by `margin` on every side.
    #[inline]
    pub fn expanded(&self, margin: f64) -> Aabb {
        Aabb {
            min: self.min - Vec2::splat(margin),
            max: self.max + Vec2::splat(margin),
        }
    }

    /// Whether the two boxes overlap (touching counts).
    #[inline]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// Whether `other` lies entirely inside this box.
    #[inline]
    pub fn contains(&self, other: &Aabb) -> bool {
        self.min.x <= other.min.x
            && self.min.y <= other.min.y
            && other.max.x <= self.max.x
            && other.max.y <= self.max.y
    }

    /// Whether the point lies inside or on the box.
    #[inline]
    pub fn contains_point(&self, p: Vec2) -> bool {
        self.min.x <= p.x && p.x <= self.max.x && self.min.y <= p.y && p.y <= self.max.y
    }

    /// The centre.
    #[inline]
    pub fn center(&self) -> Vec2 {
        0.5 * (self.min + self.max)
    }

    /// Half the size on each axis.
    #[inline]
    pub fn half_extents(&self) -> Vec2 {
        0.5 * (self.max - self.min)
    }

    /// Width and height.
    #[inline]
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// The perimeter: the cost measure of the surface-area heuristic in two dimensions.
    #[inline]
    pub fn perimeter(&self) -> f64 {
        let s = self.size();
        2.0 * (s.x + s.y)
    }

    /// The area.
    #[inline]
    pub fn area(&self) -> f64 {
        let s = self.size();
        s.x * s.y
    }

    /// Whether the corners are finite and ordered.
    #[inline]
    pub fn is_valid(&self) -> bool {
        self.min.is_finite()
            && self.max.is_finite()
            && self.min.x <= self.max.x
            && self.min.y <= self.max.y
    }

    /// The four corners, counter-clockwise from the lower left.
    #[inline]
    pub fn corners(&self) -> [Vec2; 4] {
        [
            self.min,
            Vec2::new(self.max.x, self.min.y),
            self.max,
            Vec2::new(self.min.x, self.max.y),
        ]
    }

    /// Where a ray from `origin` along `translation` first enters the box, as a fraction of
    /// `translation` in `[0, max_fraction]`, with the normal of the face it enters through.
    /// A ray that starts inside reports no hit. Slab method.
    pub fn ray_cast(
        &self,
        origin: Vec2,
        translation: Vec2,
        max_fraction: f64,
    ) -> Option<(f64, Vec2)> {
        let mut t_min = f64::NEG_INFINITY;
        let mut t_max = max_fraction;
        let mut normal = Vec2::ZERO;
        for axis in 0..2 {
            let (o, d, lo, hi) = (
                origin[axis],
                translation[axis],
                self.min[axis],
                self.max[axis],
            );
            if d.abs() < f64::MIN_POSITIVE {
                if o < lo || o > hi {
                    return None;
                }
                continue;
            }
            let inv = 1.0 / d;
            let (mut t1, mut t2) = ((lo - o) * inv, (hi - o) * inv);
            let mut sign = -1.0;
            if t1 > t2 {
                std::mem::swap(&mut t1, &mut t2);
                sign = 1.0;
            }
            if t1 > t_min {
                t_min = t1;
                normal = Vec2::ZERO;
                normal[axis] = sign;
            }
            t_max = t_max.min(t2);
            if t_min > t_max {
                return None;
            }
        }
        if t_min < 0.0 || t_min > max_fraction || normal == Vec2::ZERO {
            return None;
        }
        Some((t_min, normal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ray_enters_box_through_the_facing_side() {
        let b = Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(3.0, 1.0));
        let (t, n) = b
            .ray_cast(Vec2::new(0.0, 0.5), Vec2::new(4.0, 0.0), 1.0)
            .unwrap();
        assert!((t - 0.25).abs() < 1e-12);
        assert_eq!(n, Vec2::new(-1.0, 0.0));
        let (t, n) = b
            .ray_cast(Vec2::new(2.0, 5.0), Vec2::new(0.0, -8.0), 1.0)
            .unwrap();
        assert!((t - 0.5).abs() < 1e-12);
        assert_eq!(n, Vec2::new(0.0, 1.0));
        assert!(b
            .ray_cast(Vec2::new(0.0, 2.0), Vec2::new(4.0, 0.0), 1.0)
            .is_none());
        assert!(b
            .ray_cast(Vec2::new(2.0, 0.0), Vec2::new(4.0, 0.0), 1.0)
            .is_none());
        assert!(b
            .ray_cast(Vec2::new(0.0, 0.0), Vec2::new(0.5, 0.0), 1.0)
            .is_none());
    }
}
