//! The error returned when a shape cannot be built from its input.

use thiserror::Error;

/// Why a shape constructor refused its input. Constructors never panic; every way input can
/// be unusable has a variant here so callers (level loading, tools) can say what was wrong.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ShapeError {
    /// A polygon needs at least three points.
    #[error("a polygon needs at least 3 points, got {found}")]
    TooFewPoints {
        /// How many points were given.
        found: usize,
    },
    /// A coordinate, radius or size was NaN or infinite.
    #[error("value {index} is not a finite number")]
    NonFinite {
        /// Which input point (or value) was not finite.
        index: usize,
    },
    /// After merging duplicate points and dropping collinear ones, fewer than three remain:
    /// the polygon has no area.
    #[error("the points enclose no area: {remaining} remain after merging duplicates and collinear points, 3 needed")]
    Degenerate {
        /// Points left after clean-up.
        remaining: usize,
    },
    /// The points do not form a convex polygon.
    #[error("the polygon is not convex at point {index}")]
    NotConvex {
        /// The input index of the first vertex where the outline turns the wrong way.
        index: usize,
    },
    /// More vertices than a convex polygon may hold.
    #[error("a convex polygon may have at most {max} vertices, got {count}")]
    TooManyVertices {
        /// Vertices after clean-up.
        count: usize,
        /// The limit, [`crate::constants::MAX_POLYGON_VERTICES`].
        max: usize,
    },
    /// A radius, half-extent or length that must be positive was not.
    #[error("{what} must be positive, got {value}")]
    NotPositive {
        /// Which quantity.
        what: &'static str,
        /// The value given.
        value: f64,
    },
}
