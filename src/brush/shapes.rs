//! Brush shapes: what a level carves out of the rock or adds to it, and the contours that
//! stand for them.

use super::outline::signed_area;
use super::rough::{perimeter, roughen, Roughness};
use super::Region;
use crate::constants::{CIRCLE_MAX_SIDES, CIRCLE_MIN_SIDES, CIRCLE_TOLERANCE, ROCK_SPECK_AREA};
use crate::geom::{Aabb, Vec2};
use i_overlay::mesh::float::stroke::offset::StrokeOffset;
use i_overlay::mesh::float::style::{LineCap, LineJoin, StrokeStyle};

/// One brush: a shape that fills (rock, add) or empties (carve) part of the world.
#[derive(Clone, Debug, PartialEq)]
pub enum Brush {
    /// A simple polygon, in either winding.
    Polygon(Vec<Vec2>),
    /// A circle, cut into a polygon within [`CIRCLE_TOLERANCE`].
    Circle {
        /// Centre.
        center: Vec2,
        /// Radius (positive).
        radius: f64,
    },
    /// A thick polyline (a tunnel): every point within `width / 2` of the line, with round
    /// joins and ends.
    Polyline {
        /// The centre line, at least two points.
        points: Vec<Vec2>,
        /// Full width (positive).
        width: f64,
    },
    /// A smooth tunnel: a spline through the points, its width eased from point to point,
    /// with round ends (see [`super::tunnel`]).
    Tunnel {
        /// The points the centre line passes through, at least two.
        points: Vec<Vec2>,
        /// Full width at each point, or one width for all (positive).
        widths: Vec<f64>,
    },
    /// Another brush with its outline roughened (see [`super::rough`]).
    Rough {
        /// The brush roughened.
        base: Box<Brush>,
        /// How.
        rough: Roughness,
    },
}

/// Sides of the polygon that stands for a circle of `radius`: enough that no point of the
/// circle is farther than [`CIRCLE_TOLERANCE`] from it.
pub fn circle_sides(radius: f64) -> usize {
    let ratio = (1.0 - CIRCLE_TOLERANCE / radius).clamp(-1.0, 1.0);
    let sides = (std::f64::consts::PI / ratio.acos()).ceil();
    if sides.is_finite() {
        (sides as usize).clamp(CIRCLE_MIN_SIDES, CIRCLE_MAX_SIDES)
    } else {
        CIRCLE_MAX_SIDES
    }
}

/// The vertices of a circle's polygon, counter-clockwise.
pub fn circle_points(center: Vec2, radius: f64) -> Vec<Vec2> {
    let n = circle_sides(radius);
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            center + radius * Vec2::new(a.cos(), a.sin())
        })
        .collect()
}

impl Brush {
    /// Whether the brush's outline is generated (roughened or a spline) rather than written
    /// point by point: the world simplifies such outlines after the booleans.
    pub fn is_organic(&self) -> bool {
        matches!(self, Brush::Tunnel { .. } | Brush::Rough { .. })
    }

    /// The contours of the brush before any roughening: one loop for a polygon or a circle;
    /// for a stroke or a tunnel, the loops of its area once its pieces (those that reach
    /// into `within`, when given) are merged.
    fn plain_loops(&self, rough: &Roughness, within: Option<&Aabb>) -> Vec<Vec<Vec2>> {
        match self {
            Brush::Circle { center, radius } => {
                // Points no farther apart than the roughness samples, placed without the
                // platform's sine and cosine.
                let n = (std::f64::consts::TAU * radius / rough.spacing()).ceil();
                let n = if n.is_finite() { n as usize } else { 0 };
                let n = n.clamp(CIRCLE_MIN_SIDES, 1 << 20);
                vec![super::noise::circle_loop(*center, *radius, n)]
            }
            Brush::Polygon(_) => self.contours(),
            // Merging a stroke's or a tunnel's pieces can leave slivers of no area where
            // pieces touch: roughened, they would grow into specks of rock.
            _ => Region::from_contours(&self.contours_in(within))
                .contours()
                .filter(|c| signed_area(c).abs() >= ROCK_SPECK_AREA)
                .cloned()
                .collect(),
        }
    }

    /// Length of the brush's outline before roughening: what the roughened outline's size
    /// grows with. With `within`, only the outline of the pieces that reach into it, as
    /// [`Brush::contours_within`] builds them.
    pub fn outline_length(&self, within: Option<&Aabb>) -> f64 {
        let r = Roughness {
            amplitude: 0.0,
            wavelength: 1.0,
            seed: 0,
        };
        self.plain_loops(&r, within)
            .iter()
            .map(|c| perimeter(c))
            .sum()
    }

    /// A box around all the brush covers, roughening included, or `None` when a number is
    /// not finite. A tunnel's is taken from its sampled centre line, so a spline that swings
    /// wide of its points stays inside.
    pub fn reach(&self) -> Option<Aabb> {
        let found = match self {
            Brush::Polygon(points) => Aabb::from_points(points),
            Brush::Circle { center, radius } => {
                Some(Aabb::from_center(*center, Vec2::splat(*radius)))
            }
            Brush::Polyline { points, width } => {
                Aabb::from_points(points).map(|b| b.expanded(width / 2.0))
            }
            Brush::Tunnel { points, widths } => {
                let line = super::tunnel::centre_line(points, widths);
                let widest = line.iter().fold(0.0_f64, |m, (_, h)| m.max(*h));
                let centres: Vec<Vec2> = line.iter().map(|(p, _)| *p).collect();
                Aabb::from_points(&centres).map(|b| b.expanded(widest))
            }
            Brush::Rough { base, rough } => base.reach().map(|b| b.expanded(rough.amplitude)),
        };
        found.filter(|b| b.min.is_finite() && b.max.is_finite())
    }

    /// The contours of [`Brush::contours`], leaving out each piece of a tunnel that lies
    /// wholly outside `within` (before roughening, which may push it in by its amplitude):
    /// all that carving the brush out of rock lying inside `within` needs. A tunnel that
    /// runs far beyond the rock, or doubles back on itself out there, then costs the
    /// booleans nothing for that part. The roughness of what is left follows its own
    /// outline, so it may differ from that of the whole tunnel.
    pub fn contours_within(&self, within: &Aabb) -> Vec<Vec<Vec2>> {
        self.contours_in(Some(within))
    }

    /// The contours of the brush's area: outer boundaries counter-clockwise, holes (where a
    /// tunnel crosses itself into a ring) clockwise. Brushes are validated before this is
    /// called; degenerate input gives an empty or degenerate contour, not a panic.
    pub fn contours(&self) -> Vec<Vec<Vec2>> {
        self.contours_in(None)
    }

    fn contours_in(&self, within: Option<&Aabb>) -> Vec<Vec<Vec2>> {
        match self {
            Brush::Polygon(points) => {
                let mut c = points.clone();
                if signed_area(&c) < 0.0 {
                    c.reverse();
                }
                vec![c]
            }
            Brush::Circle { center, radius } => vec![circle_points(*center, *radius)],
            Brush::Polyline { points, width } => {
                let path: Vec<[f64; 2]> = points.iter().map(|p| [p.x, p.y]).collect();
                if path.len() < 2
                    || width.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)
                    || !path.iter().flatten().all(|v| v.is_finite())
                {
                    return Vec::new();
                }
                let step = 2.0
                    * (1.0 - 2.0 * CIRCLE_TOLERANCE / width)
                        .clamp(-1.0, 1.0)
                        .acos();
                let angle = step.max(std::f64::consts::PI / CIRCLE_MAX_SIDES as f64);
                let style = StrokeStyle::new(*width)
                    .line_join(LineJoin::Round(angle))
                    .start_cap(LineCap::Round(angle))
                    .end_cap(LineCap::Round(angle));
                path.stroke(style, false)
                    .into_iter()
                    .flatten()
                    .map(|c| c.into_iter().map(|p| Vec2::new(p[0], p[1])).collect())
                    .collect()
            }
            Brush::Tunnel { points, widths } => {
                let mut pieces = super::tunnel::tunnel_pieces(points, widths);
                if let Some(w) = within {
                    pieces.retain(|(_, c)| Aabb::from_points(c).is_some_and(|b| b.overlaps(w)));
                }
                super::tunnel::merged_in_runs(pieces)
            }
            Brush::Rough { base, rough } => base
                .plain_loops(rough, within.map(|w| w.expanded(rough.amplitude)).as_ref())
                .iter()
                .map(|c| roughen(c, rough))
                .collect(),
        }
    }
}
