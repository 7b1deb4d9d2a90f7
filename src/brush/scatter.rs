//! Generated dressing: a mesh placed again and again along the ceilings or the floors of
//! the rock within a region (stalactites, stalagmites, boulders), spaced and sized by a
//! seed, its placed outlines merged into the rock like flair.

use super::noise::unit_hash;
use super::simplify::distance_to_segment;
use super::{OutlinePolygon, Region};
use crate::geom::{Aabb, Vec2};

/// Which rock faces a scatter follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    /// Faces looking down into open space: the mesh hangs from them, as it is drawn.
    Ceiling,
    /// Faces looking up: the mesh stands on them, turned upside down.
    Floor,
}

/// How a mesh is scattered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScatterRule {
    /// Ceiling or floor.
    pub facing: Facing,
    /// Mean distance between two placements along the rock (m).
    pub every: f64,
    /// Smallest and largest scale.
    pub scale: (f64, f64),
    /// Picks spacing and sizes.
    pub seed: u64,
}

/// A face counts as a ceiling or a floor up to this far from level: the normal's vertical
/// part is at least cos 45°.
const LEVEL_ENOUGH: f64 = std::f64::consts::FRAC_1_SQRT_2;
/// How far outside a region's outline (m) a rock face still counts as within it: the outline
/// of a carved shape is the rock's face, give or take the simplification.
pub const REGION_MARGIN: f64 = 0.1;

/// One placed copy: where its origin goes on the rock face, the face's normal, its scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// A point of the rock face.
    pub at: Vec2,
    /// The face's normal, out of rock into open space.
    pub normal: Vec2,
    /// The copy's scale.
    pub scale: f64,
}

/// Whether `p` lies in the region the closed loops enclose (non-zero winding), or within
/// [`REGION_MARGIN`] of one of them.
pub fn near_region(loops: &[Vec<Vec2>], bounds: Option<Aabb>, p: Vec2) -> bool {
    let Some(b) = bounds else { return false };
    let m = Vec2::splat(REGION_MARGIN);
    if p.cmplt(b.min - m).any() || p.cmpgt(b.max + m).any() {
        return false;
    }
    let mut winding = 0i64;
    for c in loops {
        let n = c.len();
        for i in 0..n {
            let (a, e) = (c[i], c[(i + 1) % n]);
            if distance_to_segment(p, a, e) <= REGION_MARGIN {
                return true;
            }
            let side = (e - a).perp_dot(p - a);
            if a.y <= p.y && e.y > p.y && side > 0.0 {
                winding += 1;
            } else if a.y > p.y && e.y <= p.y && side < 0.0 {
                winding -= 1;
            }
        }
    }
    winding != 0
}

/// The faces of a region's outline, loop by loop, each with its normal: worked out once and
/// shared by every scatter of a world.
#[derive(Clone, Debug, Default)]
pub struct Faces {
    loops: Vec<Vec<Face>>,
}

/// One face: its end points and its normal out of rock.
#[derive(Clone, Copy, Debug)]
struct Face {
    a: Vec2,
    b: Vec2,
    normal: Vec2,
}

impl Faces {
    /// The faces of every contour of `solid`, in order.
    pub fn of(solid: &Region) -> Faces {
        let loops = solid
            .contours()
            .map(|contour| {
                let n = contour.len();
                (0..n)
                    .map(|i| {
                        let (a, b) = (contour[i], contour[(i + 1) % n]);
                        let d = b - a;
                        Face {
                            a,
                            b,
                            normal: Vec2::new(d.y, -d.x).normalize_or_zero(),
                        }
                    })
                    .collect()
            })
            .collect();
        Faces { loops }
    }
}

/// The spots along the faces of `solid` that `rule` follows and `within` accepts (by the
/// face's midpoint): one every `rule.every` metres on average, spacing varied by a quarter
/// either way, the first half a spacing in from where a run of such faces begins.
pub fn scatter_spots(
    solid: &Region,
    rule: &ScatterRule,
    within: impl Fn(Vec2) -> bool,
) -> Vec<Spot> {
    spots_on(&Faces::of(solid), rule, within)
}

/// [`scatter_spots`] on faces already worked out.
pub fn spots_on(faces: &Faces, rule: &ScatterRule, within: impl Fn(Vec2) -> bool) -> Vec<Spot> {
    let mut spots = Vec::new();
    let mut count = 0u64;
    let draw = |k: &mut u64, stream: u64| {
        *k += 1;
        unit_hash(rule.seed, stream, *k)
    };
    for contour in &faces.loops {
        let n = contour.len();
        let face = |i: usize| {
            let Face { a, b, normal } = contour[i];
            let facing = match rule.facing {
                Facing::Ceiling => normal.y <= -LEVEL_ENOUGH,
                Facing::Floor => normal.y >= LEVEL_ENOUGH,
            };
            (a, b, normal, facing && within((a + b) * 0.5))
        };
        // Start where a run of faces ends, so no run is split at the loop's first point.
        let Some(start) = (0..n).find(|i| !face(*i).3) else {
            continue;
        };
        let mut to_next: Option<f64> = None;
        for k in 1..=n {
            let (a, b, normal, wanted) = face((start + k) % n);
            if !wanted {
                to_next = None;
                continue;
            }
            let len = (b - a).length();
            let mut gap = match to_next {
                Some(g) => g,
                None => rule.every * (0.75 + 0.5 * draw(&mut count, 0)) / 2.0,
            };
            let mut walked = 0.0;
            while walked + gap <= len {
                walked += gap;
                let u = draw(&mut count, 1);
                spots.push(Spot {
                    at: a + (b - a) * (walked / len),
                    normal,
                    scale: rule.scale.0 + (rule.scale.1 - rule.scale.0) * u,
                });
                gap = rule.every * (0.75 + 0.5 * draw(&mut count, 0));
            }
            to_next = Some(gap - (len - walked));
        }
    }
    spots
}

/// The mesh outline placed at each spot: upright (the mesh's +y into the rock) on a
/// ceiling, upside down on a floor, sunk into the rock far enough that a sloping face
/// leaves no gap under it. No rotation by angle: only exact sign flips.
pub fn place(outline: &[OutlinePolygon], facing: Facing, spots: &[Spot]) -> Vec<Vec<Vec2>> {
    let pts = || {
        outline
            .iter()
            .flat_map(|p| std::iter::once(&p.outer).chain(&p.holes))
            .flatten()
    };
    let half_width = pts().map(|p| p.x.abs()).fold(0.0, f64::max);
    let height = pts().map(|p| p.y.abs()).fold(0.0, f64::max);
    let flip = match facing {
        Facing::Ceiling => 1.0,
        Facing::Floor => -1.0,
    };
    let mut out = Vec::new();
    for s in spots {
        let slope = (s.normal.x / s.normal.y).abs();
        let sink = s.scale * (half_width * slope + 0.05 * height);
        let origin = s.at + Vec2::new(0.0, flip * sink);
        for poly in outline {
            for c in std::iter::once(&poly.outer).chain(&poly.holes) {
                out.push(c.iter().map(|p| origin + *p * (flip * s.scale)).collect());
            }
        }
    }
    out
}
