//! World geometry: the solid rock built from brushes, its one-sided collision segments
//! grouped into closed chains, and (on request) the triangles that draw it.

use super::outline::signed_area;
use super::simplify::simplify_loop;
use super::{triangulate, Brush, OutlinePolygon, Region};
use crate::constants::{ROCK_SIMPLIFY_TOLERANCE, ROCK_SPECK_AREA};
use crate::geom::{Aabb, Segment, Vec2};

/// The brushes of a world, in the order they are applied: the union of `rock`, minus the
/// union of `carve`, plus the union of `add` and the flair outlines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorldBrushes {
    /// What starts out solid.
    pub rock: Vec<Brush>,
    /// What is cut out of the rock: tunnels and caves.
    pub carve: Vec<Brush>,
    /// What is added back after carving.
    pub add: Vec<Brush>,
    /// Outlines of placed flair meshes, added after carving like `add`.
    pub flair: Vec<OutlinePolygon>,
}

/// A box around all the rock these brushes make, with a metre to spare: the pieces of a
/// carving tunnel outside it are left out (see [`Brush::contours_within`]). `None` when a
/// rock brush's extent is not finite, and then nothing is left out.
pub fn carve_reach(rock: &[Brush]) -> Option<Aabb> {
    let mut boxes = rock.iter().map(Brush::reach);
    let first = boxes.next()??;
    boxes
        .try_fold(first, |all, b| b.map(|b| all.union(&b)))
        .map(|b| b.expanded(CARVE_REACH_MARGIN))
}

/// How far past the rock's box (m) a carving's pieces are still kept.
const CARVE_REACH_MARGIN: f64 = 1.0;

/// One collision segment of the world. Rock lies to the left of `segment.a → segment.b`, so
/// its normal (the right perpendicular) points out of rock into open space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldSegment {
    /// The segment itself.
    pub segment: Segment,
    /// Index of the segment before this one in its chain (whose `b` is this one's `a`).
    pub prev: u32,
    /// Index of the segment after this one in its chain (whose `a` is this one's `b`).
    pub next: u32,
    /// Index of the chain this segment belongs to.
    pub chain: u32,
}

/// A closed chain of segments: `segments[first .. first + len]`, in order, the last linked
/// back to the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    /// Index of the chain's first segment.
    pub first: u32,
    /// Number of segments in the chain.
    pub len: u32,
}

/// Triangles that cover the rock, for drawing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RenderMesh {
    /// Vertex positions.
    pub vertices: Vec<Vec2>,
    /// Triangles as index triples, counter-clockwise.
    pub triangles: Vec<[u32; 3]>,
}

/// The built world: solid rock, its collision segments and chains.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorldGeometry {
    /// The rock: polygons with holes.
    pub solid: Region,
    /// Collision segments, chain by chain.
    pub segments: Vec<WorldSegment>,
    /// The closed chains that the segments form.
    pub chains: Vec<Chain>,
}

/// How close (m) a point of the merged outline must be to a written point to count as it.
const PIN_DISTANCE: f64 = 1e-5;

fn union_of(brushes: &[Brush]) -> Region {
    let contours: Vec<Vec<Vec2>> = brushes.iter().flat_map(Brush::contours).collect();
    Region::from_contours(&contours)
}

impl WorldGeometry {
    /// Builds the world: rock minus carvings plus additions and flair, then its segments
    /// and chains. Each step is one boolean pass, however many brushes there are.
    pub fn build(brushes: &WorldBrushes) -> WorldGeometry {
        WorldGeometry::from_solid(WorldGeometry::build_solid(brushes))
    }

    /// The rock of [`WorldGeometry::build`]: rock minus carvings plus additions and flair.
    /// Where any brush is organic (roughened or a tunnel), the outline is then simplified
    /// within [`ROCK_SIMPLIFY_TOLERANCE`], every point of the other brushes and the flair
    /// kept where it is, and loops smaller than [`ROCK_SPECK_AREA`] (slivers where rough
    /// outlines nearly meet) are dropped; a world of written shapes alone comes out of the
    /// booleans as it is.
    pub fn build_solid(brushes: &WorldBrushes) -> Region {
        let solid = WorldGeometry::merge(brushes);
        let all = || {
            brushes
                .rock
                .iter()
                .chain(&brushes.carve)
                .chain(&brushes.add)
        };
        if !all().any(Brush::is_organic) {
            return solid;
        }
        let mut pins: Vec<Vec2> = all()
            .filter(|b| !b.is_organic())
            .flat_map(Brush::contours)
            .flatten()
            .chain(
                brushes
                    .flair
                    .iter()
                    .flat_map(|p| std::iter::once(&p.outer).chain(&p.holes))
                    .flatten()
                    .copied(),
            )
            .filter(|p| p.is_finite())
            .collect();
        pins.sort_by(|a, b| a.x.total_cmp(&b.x));
        // The booleans round points onto their grid: a written point comes back within a few
        // micrometres of where it was written.
        let pinned = |p: Vec2| {
            let from = pins.partition_point(|q| q.x < p.x - PIN_DISTANCE);
            pins[from..]
                .iter()
                .take_while(|q| q.x <= p.x + PIN_DISTANCE)
                .any(|q| (q.y - p.y).abs() <= PIN_DISTANCE)
        };
        let loops: Vec<Vec<Vec2>> = solid
            .contours()
            .map(|c| simplify_loop(c, ROCK_SIMPLIFY_TOLERANCE, pinned))
            .filter(|c| signed_area(c).abs() >= ROCK_SPECK_AREA)
            .collect();
        // One more pass of the non-zero rule keeps the region valid should two loops that
        // nearly touch have moved into each other.
        Region::from_contours(&loops)
    }

    fn merge(brushes: &WorldBrushes) -> Region {
        let rock = union_of(&brushes.rock);
        let carve: Vec<Vec<Vec2>> = match carve_reach(&brushes.rock) {
            Some(reach) => brushes
                .carve
                .iter()
                .flat_map(|b| b.contours_within(&reach))
                .collect(),
            None => brushes.carve.iter().flat_map(Brush::contours).collect(),
        };
        let carved = if carve.is_empty() {
            rock
        } else {
            rock.difference_contours(&carve)
        };
        // Each flair polygon winds once around its solid and zero times around its holes,
        // so the non-zero rule over all of them (and the added brushes) is their union.
        let mut added: Vec<Vec<Vec2>> = brushes.add.iter().flat_map(Brush::contours).collect();
        added.extend(
            brushes
                .flair
                .iter()
                .flat_map(|p| std::iter::once(&p.outer).chain(&p.holes).cloned()),
        );
        if added.is_empty() {
            carved
        } else {
            carved.union_contours(&added)
        }
    }

    /// The world whose rock is exactly `solid`.
    pub fn from_solid(solid: Region) -> WorldGeometry {
        let (segments, chains) = chains_of(&solid);
        WorldGeometry {
            solid,
            segments,
            chains,
        }
    }

    /// Triangles covering the rock, for drawing (computed on each call: the renderer keeps
    /// them; collision never needs them).
    pub fn render_mesh(&self) -> RenderMesh {
        triangulate::triangulate(&self.solid)
    }

    /// The segments of one chain, in order.
    pub fn chain_segments(&self, chain: usize) -> &[WorldSegment] {
        let c = self.chains[chain];
        &self.segments[c.first as usize..(c.first + c.len) as usize]
    }
}

/// Segments and chains of a region: one closed chain per contour, in contour order, so rock
/// (on the left of each contour) is on the left of each segment. Repeated points are skipped.
fn chains_of(solid: &Region) -> (Vec<WorldSegment>, Vec<Chain>) {
    let mut segments = Vec::new();
    let mut chains = Vec::new();
    for contour in solid.contours() {
        let mut pts: Vec<Vec2> = Vec::with_capacity(contour.len());
        for &p in contour {
            if pts.last() != Some(&p) {
                pts.push(p);
            }
        }
        while pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        if pts.len() < 3 {
            continue;
        }
        let first = segments.len() as u32;
        let n = pts.len() as u32;
        let chain = chains.len() as u32;
        for i in 0..n {
            let (a, b) = (pts[i as usize], pts[((i + 1) % n) as usize]);
            segments.push(WorldSegment {
                segment: Segment { a, b },
                prev: first + (i + n - 1) % n,
                next: first + (i + 1) % n,
                chain,
            });
        }
        chains.push(Chain { first, len: n });
    }
    (segments, chains)
}
