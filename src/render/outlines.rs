//! Bodies' glowing outlines, one fan of triangles per body (`shaders/outline.wgsl`), drawn
//! over the bodies' fills and blended by the brightest like every stroke. The outline is
//! widened by how far its stroke reaches — each corner pushed out along its bisector, so
//! the widened outline keeps a constant distance from every edge — and fanned from the
//! body's centre: edge `i`'s triangle runs from the centre to the widened corners at the
//! edge's two ends. Each corner carries where it lies against the edge and its neighbour
//! on each side (along each and out from its line, in pixels); those are linear, so the
//! rasterizer hands every pixel its own, and the pixel works out its distance to the
//! outline.
//!
//! The fan's triangles are thin near the centre, so a pixel near the outline lies in the
//! triangle of the edge nearest it or of a neighbour: the three edges are all it needs.
//!
//! Drawn as a line per edge, an outline of `n` edges cost `2n` triangles, and the lines
//! overlapped each other at every corner and reached inside the body along every edge, so
//! many pixels were shaded twice; drawn as a fan it costs `n` triangles and shades each
//! pixel once. The corners are worked out here rather than in a vertex shader: on a
//! software rasterizer the vertex stage runs on one thread, the same one that sets up and
//! bins every triangle.

use bytemuck::{Pod, Zeroable};
use glam::Vec2;

/// One corner of an outline's triangle (laid out as `OutlineIn` in `shaders/outline.wgsl`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
pub struct OutlineVertex {
    /// World position.
    pub pos: [f32; 2],
    /// How far along the edge before, the edge and the edge after the corner lies from
    /// each one's start, pixels.
    pub along: [f32; 3],
    /// How far out from each of those edges' lines it lies (positive outside), pixels.
    pub across: [f32; 3],
    /// The three edges' lengths and the stroke's core half-width, pixels.
    pub lengths_core: [f32; 4],
    /// The stroke's colour times its light (alpha), and its glow radius in pixels.
    pub light_glow: [f32; 4],
}

/// Points closer than this (metres) are one point.
const SAME_POINT: f32 = 1e-5;
/// A corner sharper than this (the cosine of half the turn between its edges' normals) has
/// its widened corner pulled in to four times the stroke's reach, where a needle's tip
/// would otherwise throw it far out.
const SHARPEST_HALF_TURN: f32 = 0.25;
/// Pixels the widened outline reaches past the stroke, so the rasterizer's rounding never
/// cuts its faint end.
const MARGIN_PX: f32 = 1.0;

/// How an outline is stroked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutlineLook {
    /// Stroke colour; alpha scales its light.
    pub color: [f32; 4],
    /// The stroke's core half-width and glow radius, pixels.
    pub width: [f32; 2],
}

/// One edge of the outline being drawn: its start, direction and length.
#[derive(Clone, Copy, Debug)]
struct Edge {
    start: Vec2,
    dir: Vec2,
    length: f32,
}

impl Edge {
    /// Its outward normal, on a counter-clockwise outline.
    fn out(&self) -> Vec2 {
        Vec2::new(self.dir.y, -self.dir.x)
    }

    /// Where `p` lies against the edge, pixels: along it, and out from its line.
    fn frame(&self, p: Vec2, pixels_per_metre: f32) -> (f32, f32) {
        let rel = p - self.start;
        (
            rel.dot(self.dir) * pixels_per_metre,
            rel.dot(self.out()) * pixels_per_metre,
        )
    }
}

/// What [`push_outline`] reuses between bodies.
#[derive(Debug, Default)]
pub struct OutlineScratch {
    points: Vec<Vec2>,
    edges: Vec<Edge>,
    corners: Vec<Vec2>,
}

/// Appends the triangles of the glowing outline `outline` (convex; either winding) to
/// `out`, three corners each, counter-clockwise, for a view of `pixels_per_metre`.
/// Repeated points are dropped; an outline of fewer than two distinct points draws nothing.
pub fn push_outline(
    out: &mut Vec<OutlineVertex>,
    scratch: &mut OutlineScratch,
    outline: &[Vec2],
    look: &OutlineLook,
    pixels_per_metre: f32,
) {
    distinct_ccw(outline, &mut scratch.points);
    let pts = &scratch.points[..];
    let n = pts.len();
    if n < 2 || !pixels_per_metre.is_finite() || pixels_per_metre <= 0.0 {
        return;
    }
    let ppm = pixels_per_metre;
    let reach = (look.width[0] + look.width[1] + MARGIN_PX).max(MARGIN_PX) / ppm;
    let centre = pts.iter().copied().sum::<Vec2>() / n as f32;
    scratch.edges.clear();
    scratch.edges.extend((0..n).map(|i| {
        let d = pts[(i + 1) % n] - pts[i];
        Edge {
            start: pts[i],
            dir: d.normalize_or(Vec2::X),
            length: d.length(),
        }
    }));
    let edges = &scratch.edges[..];
    scratch.corners.clear();
    scratch
        .corners
        .extend((0..n).map(|i| widened_corner(edges[(i + n - 1) % n], edges[i], reach)));
    let e = look.color;
    let light_glow = [e[0] * e[3], e[1] * e[3], e[2] * e[3], look.width[1]];
    for i in 0..n {
        let three = [edges[(i + n - 1) % n], edges[i], edges[(i + 1) % n]];
        let lengths_core = [
            three[0].length * ppm,
            three[1].length * ppm,
            three[2].length * ppm,
            look.width[0],
        ];
        let corners = [centre, scratch.corners[i], scratch.corners[(i + 1) % n]];
        out.extend(corners.map(|p| {
            let f = three.map(|edge| edge.frame(p, ppm));
            OutlineVertex {
                pos: p.to_array(),
                along: f.map(|(along, _)| along),
                across: f.map(|(_, across)| across),
                lengths_core,
                light_glow,
            }
        }));
    }
}

/// The outline's distinct, finite points, counter-clockwise, into `out`.
fn distinct_ccw(outline: &[Vec2], out: &mut Vec<Vec2>) {
    out.clear();
    for &p in outline {
        if !p.is_finite() {
            continue;
        }
        if out.last().is_none_or(|&q| q.distance(p) > SAME_POINT) {
            out.push(p);
        }
    }
    while out.len() > 1 && out[0].distance(out[out.len() - 1]) <= SAME_POINT {
        out.pop();
    }
    let twice_area: f32 = (0..out.len())
        .map(|i| out[i].perp_dot(out[(i + 1) % out.len()]))
        .sum();
    if twice_area < 0.0 {
        out.reverse();
    }
}

/// The corner where edge `into` meets edge `from` of a counter-clockwise outline, pushed
/// out so that it lies `reach` beyond both edges' lines.
fn widened_corner(into: Edge, from: Edge, reach: f32) -> Vec2 {
    let sum = into.out() + from.out();
    let half_turn = sum.length() / 2.0;
    // Edges doubling straight back (a needle's tip): out along the way it was going.
    let dir = if half_turn > 1e-3 {
        sum / (2.0 * half_turn)
    } else {
        into.dir
    };
    from.start + dir * (reach / half_turn.max(SHARPEST_HALF_TURN))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOOK: OutlineLook = OutlineLook {
        color: [1.0, 0.5, 0.25, 0.8],
        width: [1.0, 3.0],
    };
    /// The reach of `LOOK`'s stroke with the margin, pixels.
    const REACH_PX: f32 = 5.0;

    fn mesh(outline: &[Vec2], ppm: f32) -> Vec<OutlineVertex> {
        let mut out = Vec::new();
        push_outline(
            &mut out,
            &mut OutlineScratch::default(),
            outline,
            &LOOK,
            ppm,
        );
        out
    }

    fn square(side: f32) -> Vec<Vec2> {
        let h = side / 2.0;
        vec![
            Vec2::new(-h, -h),
            Vec2::new(h, -h),
            Vec2::new(h, h),
            Vec2::new(-h, h),
        ]
    }

    fn regular(n: usize, radius: f32, turn: f32, at: Vec2) -> Vec<Vec2> {
        (0..n)
            .map(|k| {
                at + Vec2::from_angle(turn + k as f32 * std::f32::consts::TAU / n as f32) * radius
            })
            .collect()
    }

    fn pos(v: &OutlineVertex) -> Vec2 {
        Vec2::from(v.pos)
    }

    /// Twice the signed area of the triangle `a`, `b`, `c`.
    fn twice_area(a: Vec2, b: Vec2, c: Vec2) -> f32 {
        (b - a).perp_dot(c - a)
    }

    /// The area of a list of triangles, each counter-clockwise.
    fn area(tris: &[OutlineVertex]) -> f32 {
        tris.chunks(3)
            .map(|t| {
                let twice = twice_area(pos(&t[0]), pos(&t[1]), pos(&t[2]));
                assert!(twice > 0.0, "{t:?}");
                twice / 2.0
            })
            .sum()
    }

    /// The distance from `p` to the segment `a`–`b`.
    fn segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
        let d = b - a;
        let t = ((p - a).dot(d) / d.length_squared()).clamp(0.0, 1.0);
        p.distance(a + d * t)
    }

    /// What the fragment shader makes of `p` in the triangle `tri` (its three corners):
    /// its distance to the outline in pixels, from the corners' values interpolated as the
    /// rasterizer does.
    fn shaded(tri: &[OutlineVertex], p: Vec2) -> f32 {
        let [a, b, c] = [pos(&tri[0]), pos(&tri[1]), pos(&tri[2])];
        let whole = twice_area(a, b, c);
        let w = [
            twice_area(p, b, c) / whole,
            twice_area(a, p, c) / whole,
            twice_area(a, b, p) / whole,
        ];
        let lerp =
            |f: &dyn Fn(&OutlineVertex) -> f32| -> f32 { (0..3).map(|k| w[k] * f(&tri[k])).sum() };
        let mut d2 = f32::MAX;
        for e in 0..3 {
            let along = lerp(&|v| v.along[e]);
            let across = lerp(&|v| v.across[e]);
            let past = (-along).max(along - tri[0].lengths_core[e]).max(0.0);
            d2 = d2.min(past * past + across * across);
        }
        d2.sqrt()
    }

    #[test]
    fn a_squares_fan_covers_it_widened_by_the_strokes_reach_exactly_once() {
        let ppm = 20.0;
        let v = mesh(&square(2.0), ppm);
        assert_eq!(v.len(), 12);
        // Reach: core 1 + glow 3 + margin 1 = 5 px = 0.25 m, so the widened square is 2.5 m
        // a side: its area, and every triangle turning the same way, mean no gaps and no
        // overlaps.
        assert!((area(&v) - 2.5 * 2.5).abs() < 1e-4);
        // Consecutive triangles share their corners, bit for bit, and the fan's apex.
        for i in 0..4 {
            assert_eq!(v[3 * i + 2].pos, v[(3 * i + 4) % 12].pos);
            assert_eq!(v[3 * i].pos, [0.0, 0.0]);
        }
        let corner = pos(&v[1]);
        assert!((corner - Vec2::splat(-1.25)).length() < 1e-5, "{corner}");
    }

    #[test]
    fn each_corner_carries_where_it_lies_against_three_edges() {
        let ppm = 20.0;
        let v = mesh(&square(2.0), ppm);
        // Edge 0 runs along the bottom from (-1, -1) to (1, -1); before it the left side
        // (down from (-1, 1)), after it the right side (up from (1, -1)).
        let apex = &v[0];
        assert_eq!(apex.along, [20.0, 20.0, 20.0]);
        assert_eq!(apex.across, [-20.0, -20.0, -20.0]);
        assert_eq!(apex.lengths_core, [40.0, 40.0, 40.0, 1.0]);
        // The widened corner beyond (-1, -1) lies 5 px out from the bottom and the left side:
        // 45 px down the left side, 5 px before the bottom's start and the right side's.
        let c = &v[1];
        for (got, want) in c.along.iter().zip([45.0, -5.0, -5.0]) {
            assert!((got - want).abs() < 1e-3, "{:?}", c.along);
        }
        for (got, want) in c.across.iter().zip([5.0, 5.0, -45.0]) {
            assert!((got - want).abs() < 1e-3, "{:?}", c.across);
        }
        // The stroke's colour times its light, and its glow.
        assert_eq!(c.light_glow, [0.8, 0.4, 0.2, 3.0]);
    }

    #[test]
    fn every_pixel_near_an_outline_finds_its_true_distance() {
        // Shapes as the game draws them: debris of three to eight sides, a circle of
        // twenty, a crate, a landing pad 20:1, at the default view's scale and closer.
        let mut shapes = vec![
            square(1.0),
            regular(20, 0.4, 0.1, Vec2::new(3.0, -1.0)),
            vec![
                Vec2::new(-1.5, 0.0),
                Vec2::new(1.5, 0.0),
                Vec2::new(1.5, 0.15),
                Vec2::new(-1.5, 0.15),
            ],
        ];
        for n in 3..=8 {
            shapes.push(regular(
                n,
                0.3 + 0.1 * n as f32,
                n as f32,
                Vec2::new(-7.0, 4.0),
            ));
        }
        for ppm in [30.0, 60.0] {
            for shape in &shapes {
                let v = mesh(shape, ppm);
                let mut seen = 0;
                for tri in v.chunks(3) {
                    // A lattice of points over the triangle.
                    for i in 0..=24 {
                        for j in 0..=(24 - i) {
                            let (u, w) = (i as f32 / 24.0, j as f32 / 24.0);
                            let p = pos(&tri[0])
                                + (pos(&tri[1]) - pos(&tri[0])) * u
                                + (pos(&tri[2]) - pos(&tri[0])) * w;
                            let n = shape.len();
                            let truth = (0..n)
                                .map(|k| segment_distance(p, shape[k], shape[(k + 1) % n]))
                                .fold(f32::MAX, f32::min)
                                * ppm;
                            let d = shaded(tri, p);
                            if truth < REACH_PX - 1.0 {
                                seen += 1;
                                assert!(
                                    (d - truth).abs() < 0.02,
                                    "{shape:?} at {p}: {d} vs {truth}"
                                );
                            }
                        }
                    }
                }
                assert!(seen > 100, "{seen}");
            }
        }
    }

    #[test]
    fn the_widened_outline_reaches_past_the_stroke_all_round() {
        let ppm = 25.0;
        let hexagon = regular(6, 1.5, 0.3, Vec2::ZERO);
        let v = mesh(&hexagon, ppm);
        for (i, t) in v.chunks(3).enumerate() {
            let c = pos(&t[1]);
            for (a, b) in [(i + 5, i), (i, i + 1)] {
                let (a, b) = (hexagon[a % 6], hexagon[b % 6]);
                let d = b - a;
                let out = (c - a).dot(Vec2::new(d.y, -d.x).normalize()) * ppm;
                assert!((out - REACH_PX).abs() < 1e-3, "corner {i}: {out}");
            }
        }
    }

    #[test]
    fn a_clockwise_outline_draws_as_its_counter_clockwise_twin() {
        let ccw = regular(5, 1.0, 0.2, Vec2::new(2.0, 1.0));
        let cw: Vec<Vec2> = ccw.iter().rev().copied().collect();
        let (a, b) = (mesh(&ccw, 30.0), mesh(&cw, 30.0));
        // The same triangles, starting from another corner.
        assert_eq!(a.len(), b.len());
        for t in b.chunks(3) {
            assert!(a.chunks(3).any(|u| u == t), "{t:?}");
        }
    }

    #[test]
    fn repeated_and_broken_points_are_dropped_and_nothing_is_not_drawn() {
        let sq = square(1.0);
        let mut messy = vec![sq[0], sq[0], sq[1], Vec2::NAN, sq[2], sq[2], sq[3], sq[0]];
        messy.push(Vec2::new(f32::INFINITY, 0.0));
        assert_eq!(mesh(&messy, 30.0), mesh(&sq, 30.0));
        assert!(mesh(&[Vec2::ONE, Vec2::ONE, Vec2::ONE], 30.0).is_empty());
        assert!(mesh(&[], 30.0).is_empty());
        assert!(mesh(&sq, 0.0).is_empty());
        assert!(mesh(&sq, f32::NAN).is_empty());
    }

    #[test]
    fn a_needle_and_a_line_still_give_finite_triangles_around_them() {
        let ppm = 30.0;
        let reach = REACH_PX / ppm;
        let needle = [Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 0.01)];
        let line = [Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(4.0, 0.0)];
        let pair = [Vec2::ZERO, Vec2::new(4.0, 0.0)];
        for outline in [&needle[..], &line[..], &pair[..]] {
            let v = mesh(outline, ppm);
            assert_eq!(v.len(), 3 * outline.len());
            for c in &v {
                let finite = [&c.pos[..], &c.along, &c.across, &c.lengths_core];
                assert!(
                    finite.iter().all(|x| x.iter().all(|f| f.is_finite())),
                    "{c:?}"
                );
                // Never further out than four reaches from the outline.
                let n = outline.len();
                let near = (0..n)
                    .map(|k| segment_distance(pos(c), outline[k], outline[(k + 1) % n]))
                    .fold(f32::MAX, f32::min);
                assert!(near <= 4.0 * reach + 1e-5, "{outline:?}: {c:?}");
            }
        }
        // The tip of the pair's needle is pushed out along it.
        let v = mesh(&pair, ppm);
        let tip = pos(&v[4]);
        assert!(
            (tip - Vec2::new(4.0 + 4.0 * reach, 0.0)).length() < 1e-5,
            "{tip}"
        );
    }
}
