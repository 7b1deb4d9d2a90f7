//! Contact manifolds: the output of every contact method.

use crate::geom::{Transform, Vec2};

/// What kind of feature pair produced a contact point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureKind {
    /// A vertex of the incident shape against the reference edge.
    Vertex,
    /// An incident edge (given as `incident`) cut short where its first vertex lay outside
    /// the reference shape's slab or sides: the cut point stands in for that vertex. Named
    /// by the end it replaced, not by the plane that cut it, so a point at a corner of the
    /// reference edge keeps its id whichever of the two planes meeting there cuts it.
    ClipStart,
    /// As [`FeatureKind::ClipStart`], for the incident edge's second vertex.
    ClipEnd,
    /// A curved shape (circle) against anything: one point per pair.
    Round,
    /// A vertex of the reference shape (given as `incident`) lying inside the other shape,
    /// when one shape has sunk wholly inside the other.
    Inside,
    /// The clipping method's single point, the centroid of the overlap's vertices;
    /// `reference_edge` and `incident` name the edges of A and B with the longest piece
    /// inside the other shape.
    Centroid,
    /// A point where the two boundaries cross (crossing pairs); `reference_edge` is A's
    /// crossing edge and `incident` B's.
    Crossing,
}

/// Names the features that made a contact point, so the solver can carry its impulse from
/// one step to the next (warm starting) while the same features stay in touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureId {
    /// Whether the reference edge belongs to shape B (else A).
    pub reference_is_b: bool,
    /// Index of the reference edge on its shape.
    pub reference_edge: u8,
    /// The incident vertex (for [`FeatureKind::Vertex`]) or incident edge (for clips).
    pub incident: u8,
    /// How the point arose.
    pub kind: FeatureKind,
}

impl FeatureId {
    /// The id of the only point of a round contact.
    pub const ROUND: FeatureId = FeatureId {
        reference_is_b: false,
        reference_edge: 0,
        incident: 0,
        kind: FeatureKind::Round,
    };

    /// A compact key, equal exactly when the ids are equal.
    pub fn key(&self) -> u32 {
        (self.reference_is_b as u32) << 24
            | (self.reference_edge as u32) << 16
            | (self.incident as u32) << 8
            | match self.kind {
                FeatureKind::Vertex => 0,
                FeatureKind::ClipStart => 1,
                FeatureKind::ClipEnd => 2,
                FeatureKind::Round => 3,
                FeatureKind::Inside => 255,
                FeatureKind::Centroid => 254,
                FeatureKind::Crossing => 253,
            }
    }
}

/// One contact point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldPoint {
    /// World position, midway between the two surfaces.
    pub point: Vec2,
    /// Penetration depth: positive when overlapping, negative for a speculative point.
    pub depth: f64,
    /// Which features made it.
    pub id: FeatureId,
}

/// The contact between two shapes: a shared normal and one or two points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// Unit normal from A to B.
    pub normal: Vec2,
    points: [ManifoldPoint; 2],
    count: usize,
}

impl Manifold {
    /// A manifold from a normal and one or two points (extra points are ignored).
    pub fn new(normal: Vec2, points: &[ManifoldPoint]) -> Manifold {
        let empty = ManifoldPoint {
            point: Vec2::ZERO,
            depth: 0.0,
            id: FeatureId::ROUND,
        };
        // Written point by point: two fixed moves, where a copy of a slice of one or two
        // points was a loop of unknown length.
        Manifold {
            normal,
            points: [
                points.first().copied().unwrap_or(empty),
                points.get(1).copied().unwrap_or(empty),
            ],
            count: points.len().min(2),
        }
    }

    /// The contact points.
    #[inline]
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.count]
    }

    /// The largest depth among the points.
    pub fn max_depth(&self) -> f64 {
        self.points()
            .iter()
            .map(|p| p.depth)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The same contact seen from the other shape: the normal is negated, points stay.
    pub fn flipped(mut self) -> Manifold {
        self.normal = -self.normal;
        self
    }

    /// The manifold mapped from a local frame to the world by `xf`.
    pub fn transformed(mut self, xf: &Transform) -> Manifold {
        self.normal = xf.q.rotate(self.normal);
        for p in &mut self.points[..self.count] {
            p.point = xf.apply(p.point);
        }
        self
    }

    /// Whether every number in it is finite.
    pub fn is_finite(&self) -> bool {
        self.normal.is_finite()
            && self
                .points()
                .iter()
                .all(|p| p.point.is_finite() && p.depth.is_finite())
    }
}
