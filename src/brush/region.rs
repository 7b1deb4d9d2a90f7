//! Regions: sets of polygons with holes, and the boolean operations on them (through the
//! i_overlay crate).

use super::outline::{point_in_loop, signed_area, OutlinePolygon};
use crate::geom::{Aabb, Vec2};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::single::SingleFloatOverlay;

/// A planar region: polygons, each an outer boundary (counter-clockwise) with holes
/// (clockwise). Walking any contour keeps the region on the left.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Region {
    /// The polygons, which do not overlap.
    pub polygons: Vec<OutlinePolygon>,
}

type Shapes = Vec<Vec<Vec<[f64; 2]>>>;

fn to_shapes(r: &Region) -> Shapes {
    r.polygons
        .iter()
        .map(|p| {
            std::iter::once(&p.outer)
                .chain(&p.holes)
                .map(|c| c.iter().map(|v| [v.x, v.y]).collect())
                .collect()
        })
        .collect()
}

fn from_shapes(shapes: Shapes) -> Region {
    let to_vec = |c: &Vec<[f64; 2]>| c.iter().map(|p| Vec2::new(p[0], p[1])).collect();
    Region {
        polygons: shapes
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| OutlinePolygon {
                outer: to_vec(&s[0]),
                holes: s[1..].iter().map(to_vec).collect(),
            })
            .collect(),
    }
}

impl Region {
    /// A region of one simple polygon, in either winding.
    pub fn from_contour(points: &[Vec2]) -> Region {
        let mut c = points.to_vec();
        if signed_area(&c) < 0.0 {
            c.reverse();
        }
        Region::from_contours(&[c])
    }

    /// The region of points around which the contours wind a non-zero number of times:
    /// counter-clockwise contours add area, clockwise ones (holes) take it away. Non-finite
    /// points are skipped.
    pub fn from_contours(contours: &[Vec<Vec2>]) -> Region {
        let subject = contour_paths(contours);
        if subject.is_empty() {
            return Region::default();
        }
        let empty: Vec<Vec<[f64; 2]>> = Vec::new();
        from_shapes(subject.overlay(&empty, OverlayRule::Subject, FillRule::NonZero))
    }

    /// Whether the region is empty.
    pub fn is_empty(&self) -> bool {
        self.polygons.is_empty()
    }

    fn overlay(&self, other: &Region, rule: OverlayRule) -> Region {
        let (a, b) = (to_shapes(self), to_shapes(other));
        if a.is_empty() && b.is_empty() {
            return Region::default();
        }
        from_shapes(a.overlay(&b, rule, FillRule::NonZero))
    }

    /// This region with the area of `contours` (non-zero winding: counter-clockwise adds,
    /// clockwise holes take away) cut out, in one pass however many contours there are.
    pub fn difference_contours(&self, contours: &[Vec<Vec2>]) -> Region {
        self.overlay_contours(contours, OverlayRule::Difference)
    }

    /// This region together with the area of `contours` (non-zero winding), in one pass.
    pub fn union_contours(&self, contours: &[Vec<Vec2>]) -> Region {
        self.overlay_contours(contours, OverlayRule::Union)
    }

    fn overlay_contours(&self, contours: &[Vec<Vec2>], rule: OverlayRule) -> Region {
        let clip = contour_paths(contours);
        let subject: Vec<Vec<[f64; 2]>> = to_shapes(self).into_iter().flatten().collect();
        if subject.is_empty() && clip.is_empty() {
            return Region::default();
        }
        from_shapes(subject.overlay(&clip, rule, FillRule::NonZero))
    }

    /// Points in either region.
    pub fn union(&self, other: &Region) -> Region {
        self.overlay(other, OverlayRule::Union)
    }

    /// Points in both regions.
    pub fn intersection(&self, other: &Region) -> Region {
        self.overlay(other, OverlayRule::Intersect)
    }

    /// Points in this region and not in `other`.
    pub fn difference(&self, other: &Region) -> Region {
        self.overlay(other, OverlayRule::Difference)
    }

    /// The enclosed area.
    pub fn area(&self) -> f64 {
        self.contours().map(|c| signed_area(c)).sum()
    }

    /// Every contour: each polygon's outer boundary followed by its holes.
    pub fn contours(&self) -> impl Iterator<Item = &Vec<Vec2>> {
        self.polygons
            .iter()
            .flat_map(|p| std::iter::once(&p.outer).chain(&p.holes))
    }

    /// Whether `p` is inside the region (on a boundary counts as either).
    pub fn contains(&self, p: Vec2) -> bool {
        self.polygons.iter().any(|poly| {
            point_in_loop(&poly.outer, p) && !poly.holes.iter().any(|h| point_in_loop(h, p))
        })
    }

    /// The bounds of the region, or `None` when it is empty.
    pub fn bounds(&self) -> Option<Aabb> {
        let pts: Vec<Vec2> = self.contours().flatten().copied().collect();
        Aabb::from_points(&pts)
    }
}

impl From<Vec<OutlinePolygon>> for Region {
    fn from(polygons: Vec<OutlinePolygon>) -> Region {
        Region { polygons }
    }
}

/// Contours as boolean-operation paths: non-finite points dropped, and paths left with
/// fewer than three points (no area) left out.
fn contour_paths(contours: &[Vec<Vec2>]) -> Vec<Vec<[f64; 2]>> {
    contours
        .iter()
        .map(|c| {
            c.iter()
                .filter(|v| v.is_finite())
                .map(|v| [v.x, v.y])
                .collect::<Vec<_>>()
        })
        .filter(|c| c.len() >= 3)
        .collect()
}
