//! Smooth tunnels: a centripetal Catmull-Rom spline through the designer's points, its width
//! eased from point to point, closed into area with round ends.
//!
//! The area is given as many small counter-clockwise pieces: a trapezoid for each stretch
//! of the sampled centre line, a fan that rounds each bend's outer side, and a half disc at
//! each end. Under the non-zero fill rule their union is exactly the swept area, however
//! tightly the tunnel turns or crosses itself, where one offset polygon would fold over its
//! inner side. Only `+ - * /` and `sqrt`: the same bits on every platform.

use super::outline::signed_area;
use crate::constants::{CIRCLE_MAX_SIDES, CIRCLE_MIN_SIDES, CIRCLE_TOLERANCE};
use crate::geom::Vec2;

/// Samples per width along the centre line: a stretch is at most a sixth of the narrowest
/// width, so the walls follow the curve within a few millimetres on tight bends.
const SAMPLES_PER_WIDTH: f64 = 6.0;
/// Most stretches along the widest width: however narrow a tunnel gets at one point, a
/// stretch is at least this fraction of its widest width. Each stretch's piece overlaps
/// about this many of its neighbours, so a tunnel pinched to a hair at one end and wide at
/// the other stays a few thousand pieces that merge in milliseconds, not millions of
/// overlaps that take minutes; the walls near the pinch then follow the curve within a
/// stretch of the wide part's sixtieth.
const MOST_SAMPLES_PER_WIDEST: f64 = 60.0;
/// Fewest samples per span between two of the designer's points.
const MIN_SAMPLES_PER_SPAN: usize = 4;

/// The designer's points with repeats dropped, each with its full width (`widths` holds
/// one width for all points or one per point).
fn distinct(points: &[Vec2], widths: &[f64]) -> Vec<(Vec2, f64)> {
    let width = |i: usize| widths.get(i).or(widths.first()).copied().unwrap_or(0.0);
    let mut out: Vec<(Vec2, f64)> = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        match out.last_mut() {
            Some(last) if last.0 == *p => last.1 = last.1.max(width(i)),
            _ => out.push((*p, width(i))),
        }
    }
    out
}

/// The sampling step along the centre line for these widths.
fn step(widths: &[f64]) -> f64 {
    let narrowest = widths.iter().copied().fold(f64::INFINITY, f64::min);
    let widest = widths.iter().copied().fold(0.0, f64::max);
    (narrowest / SAMPLES_PER_WIDTH)
        .max(widest / MOST_SAMPLES_PER_WIDEST)
        .max(1e-3)
}

/// How many samples the tunnel's centre line takes: what the outline's size grows with.
pub fn sample_count(points: &[Vec2], widths: &[f64]) -> usize {
    let pts = distinct(points, widths);
    let h = step(widths);
    pts.windows(2)
        .map(|w| {
            let k = ((w[1].0 - w[0].0).length() / h).ceil();
            if k.is_finite() {
                (k as usize).max(MIN_SAMPLES_PER_SPAN)
            } else {
                usize::MAX / 4
            }
        })
        .fold(1, usize::saturating_add)
}

/// The centre line sampled: points and half widths.
pub fn centre_line(points: &[Vec2], widths: &[f64]) -> Vec<(Vec2, f64)> {
    let pts = distinct(points, widths);
    let n = pts.len();
    if n < 2 {
        return pts.into_iter().map(|(p, w)| (p, w / 2.0)).collect();
    }
    let h = step(widths);
    let at = |i: isize| -> Vec2 {
        // Ends mirrored, so the spline leaves each end along its first stretch.
        if i < 0 {
            pts[0].0 * 2.0 - pts[1].0
        } else if i as usize >= n {
            pts[n - 1].0 * 2.0 - pts[n - 2].0
        } else {
            pts[i as usize].0
        }
    };
    let mut out = Vec::new();
    for i in 0..n - 1 {
        let (p0, p1, p2, p3) = (
            at(i as isize - 1),
            at(i as isize),
            at(i as isize + 1),
            at(i as isize + 2),
        );
        let (w1, w2) = (pts[i].1, pts[i + 1].1);
        let k = ((p2 - p1).length() / h)
            .ceil()
            .max(MIN_SAMPLES_PER_SPAN as f64) as usize;
        for j in 0..k {
            let u = j as f64 / k as f64;
            let ease = u * u * (3.0 - 2.0 * u);
            out.push((
                centripetal(p0, p1, p2, p3, u),
                (w1 + (w2 - w1) * ease) / 2.0,
            ));
        }
    }
    out.push((pts[n - 1].0, pts[n - 1].1 / 2.0));
    out
}

/// The centripetal Catmull-Rom curve from `p1` (u = 0) to `p2` (u = 1): knots spaced by
/// the square root of the chord, which never loops or cusps within a span.
fn centripetal(p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2, u: f64) -> Vec2 {
    let knot = |a: Vec2, b: Vec2| (b - a).length().sqrt().max(1e-9);
    let t0 = 0.0;
    let t1 = t0 + knot(p0, p1);
    let t2 = t1 + knot(p1, p2);
    let t3 = t2 + knot(p2, p3);
    let t = t1 + (t2 - t1) * u;
    let lerp = |a: Vec2, b: Vec2, ta: f64, tb: f64| {
        a * ((tb - t) / (tb - ta)) + b * ((t - ta) / (tb - ta))
    };
    let a1 = lerp(p0, p1, t0, t1);
    let a2 = lerp(p1, p2, t1, t2);
    let a3 = lerp(p2, p3, t2, t3);
    let b1 = lerp(a1, a2, t0, t2);
    let b2 = lerp(a2, a3, t1, t3);
    lerp(b1, b2, t1, t2)
}

/// Points of the arc of radius `r` about `c` from direction `from` to `to` (unit vectors
/// at most a quarter turn apart), within [`CIRCLE_TOLERANCE`], both ends included.
fn arc(c: Vec2, r: f64, from: Vec2, to: Vec2, out: &mut Vec<Vec2>) {
    // A chord of angle θ sags r·θ²/8 below its arc.
    let max_angle = (8.0 * CIRCLE_TOLERANCE / r).sqrt();
    let angle = (to - from).length() * 1.12;
    let k = (angle / max_angle).ceil().clamp(1.0, 64.0) as usize;
    for j in 0..=k {
        let t = j as f64 / k as f64;
        let dir = (from * (1.0 - t) + to * t).normalize_or_zero();
        out.push(c + dir * r);
    }
}

/// Most pieces merged in one pass: a longer tunnel is merged a run of this many
/// consecutive pieces at a time, then the runs' outlines together.
pub const PIECES_PER_RUN: usize = 512;

/// Pieces of [`tunnel_pieces`] (all, or some left out) ready for the booleans: as they
/// are for a tunnel of up to [`PIECES_PER_RUN`] pieces; for a longer one, in order along
/// the tunnel, each run of that many merged into its outline first. The union is the same
/// area; but where a long tunnel doubles back along itself, every piece of one arm
/// overlaps dozens of the other's, and one pass over all of them takes seconds to minutes
/// (a 2 km hairpin took 5 to 16 s), where the runs' outlines cross only each other.
pub fn merged_in_runs(mut pieces: Vec<(usize, Vec<Vec2>)>) -> Vec<Vec<Vec2>> {
    if pieces.len() <= PIECES_PER_RUN {
        return pieces.into_iter().map(|(_, c)| c).collect();
    }
    // Stable: a stretch, then the bend at its end, then the next stretch.
    pieces.sort_by_key(|(at, _)| *at);
    let pieces: Vec<Vec<Vec2>> = pieces.into_iter().map(|(_, c)| c).collect();
    pieces
        .chunks(PIECES_PER_RUN)
        .flat_map(|run| {
            super::Region::from_contours(run)
                .contours()
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A loop, counter-clockwise.
fn ccw(mut c: Vec<Vec2>) -> Vec<Vec2> {
    if signed_area(&c) < 0.0 {
        c.reverse();
    }
    c
}

/// The tunnel's area as counter-clockwise pieces whose union (non-zero rule) is every
/// point within half the local width of the spline, with round ends.
pub fn tunnel_contours(points: &[Vec2], widths: &[f64]) -> Vec<Vec<Vec2>> {
    tunnel_pieces(points, widths)
        .into_iter()
        .map(|(_, c)| c)
        .collect()
}

/// The pieces of [`tunnel_contours`], in the same order, each with the index of the
/// centre-line sample it starts at (a stretch's first end, a bend, an end), so that
/// pieces near each other along the tunnel can be told apart from those near each other
/// in space only.
pub fn tunnel_pieces(points: &[Vec2], widths: &[f64]) -> Vec<(usize, Vec<Vec2>)> {
    let line = centre_line(points, widths);
    let ok = |v: f64| v.is_finite() && v > 0.0;
    if line.is_empty() || !line.iter().all(|(p, h)| p.is_finite() && ok(*h)) {
        return Vec::new();
    }
    if line.len() == 1 {
        let (c, r) = line[0];
        // A chord of angle θ sags r·θ²/8 below its arc.
        let sides = (std::f64::consts::TAU / (8.0 * CIRCLE_TOLERANCE / r).sqrt()).ceil();
        let n = (sides as usize).clamp(CIRCLE_MIN_SIDES, CIRCLE_MAX_SIDES);
        return vec![(0, super::noise::circle_loop(c, r, n))];
    }
    let dir = |i: usize| (line[i + 1].0 - line[i].0).normalize_or_zero();
    let left = |d: Vec2| Vec2::new(-d.y, d.x);
    let mut pieces = Vec::with_capacity(2 * line.len() + 2);
    for i in 0..line.len() - 1 {
        let ((a, ha), (b, hb)) = (line[i], line[i + 1]);
        let n = left(dir(i));
        pieces.push((i, ccw(vec![a - n * ha, b - n * hb, b + n * hb, a + n * ha])));
    }
    // Each bend's outer side: a fan from the centre over the arc the two stretches miss.
    for (i, &(c, h)) in line.iter().enumerate().take(line.len() - 1).skip(1) {
        let (d0, d1) = (dir(i - 1), dir(i));
        let turn = d0.perp_dot(d1);
        if turn == 0.0 && d0.dot(d1) > 0.0 {
            continue;
        }
        let side = if turn > 0.0 { -1.0 } else { 1.0 };
        let (n0, n1) = (left(d0) * side, left(d1) * side);
        let tip = (d0 - d1).normalize_or_zero();
        // From a point well inside the bend, so the fan overlaps both stretches instead of
        // meeting them edge to edge (where rounding would leave hairline gaps).
        let mut fan = vec![c - tip * (h / 2.0)];
        arc(c, h, n0, tip, &mut fan);
        fan.pop();
        arc(c, h, tip, n1, &mut fan);
        pieces.push((i, ccw(fan)));
    }
    // Round ends: half discs facing away from the tunnel, each with a point a little way
    // into its stretch so that it overlaps it.
    let last = line.len() - 1;
    let first_len = (line[1].0 - line[0].0).length();
    let last_len = (line[last].0 - line[last - 1].0).length();
    for (at, c, h, back, len) in [
        (0, line[0].0, line[0].1, -dir(0), first_len),
        (last, line[last].0, line[last].1, dir(last - 1), last_len),
    ] {
        let n = left(back);
        let mut cap = vec![c - back * len.min(h / 2.0)];
        arc(c, h, n, back, &mut cap);
        cap.pop();
        arc(c, h, back, -n, &mut cap);
        pieces.push((at, ccw(cap)));
    }
    pieces
}
