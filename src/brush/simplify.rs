//! Outline simplification (Douglas–Peucker on closed loops): points that lie within a
//! tolerance of the line between the points kept around them are dropped, so a roughened
//! or spline outline spends segments only where it bends. Pinned points are always kept,
//! which leaves the hand-made corners of a level exactly where they were written.

use crate::geom::Vec2;

/// Distance from `p` to the segment `a`–`b`.
pub fn distance_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    let d = b - a;
    let len2 = d.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(d) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + d * t)).length()
}

/// Marks in `keep` the points of `pts[from..to]` (open ends) that the chord `from`–`to`
/// misses by more than `tolerance`, recursively (with an explicit stack).
fn mark(pts: &[Vec2], from: usize, to: usize, tolerance: f64, keep: &mut [bool]) {
    let n = pts.len();
    let mut stack = vec![(from, to)];
    while let Some((a, b)) = stack.pop() {
        // Indices walk forward around the loop from a to b.
        let span = (b + n - a) % n;
        if span < 2 {
            continue;
        }
        let (pa, pb) = (pts[a], pts[b]);
        let mut far = (0.0, a);
        for k in 1..span {
            let i = (a + k) % n;
            let d = distance_to_segment(pts[i], pa, pb);
            if d > far.0 {
                far = (d, i);
            }
        }
        if far.0 > tolerance {
            keep[far.1] = true;
            stack.push((far.1, b));
            stack.push((a, far.1));
        }
    }
}

/// The closed loop `pts` with every point dropped that lies within `tolerance` of the
/// simplified loop; points for which `pinned` holds are kept. A loop that would keep fewer
/// than three points is returned whole.
pub fn simplify_loop(pts: &[Vec2], tolerance: f64, pinned: impl Fn(Vec2) -> bool) -> Vec<Vec2> {
    let n = pts.len();
    if n <= 3 {
        return pts.to_vec();
    }
    let mut keep: Vec<bool> = pts.iter().map(|p| pinned(*p)).collect();
    // Two anchors at least: the first point and the one farthest from it.
    keep[0] = true;
    let far = (1..n).fold(0, |best, i| {
        if (pts[i] - pts[0]).length_squared() > (pts[best] - pts[0]).length_squared() {
            i
        } else {
            best
        }
    });
    keep[far] = true;
    let anchors: Vec<usize> = (0..n).filter(|i| keep[*i]).collect();
    for (k, &a) in anchors.iter().enumerate() {
        let b = anchors[(k + 1) % anchors.len()];
        mark(pts, a, b, tolerance, &mut keep);
    }
    let out: Vec<Vec2> = (0..n).filter(|i| keep[*i]).map(|i| pts[i]).collect();
    if out.len() < 3 {
        pts.to_vec()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collinear_points_go_and_corners_stay() {
        let mut square = Vec::new();
        for i in 0..10 {
            square.push(Vec2::new(i as f64, 0.0));
        }
        for i in 0..10 {
            square.push(Vec2::new(10.0, i as f64));
        }
        for i in 0..10 {
            square.push(Vec2::new(10.0 - i as f64, 10.0));
        }
        for i in 0..10 {
            square.push(Vec2::new(0.0, 10.0 - i as f64));
        }
        let s = simplify_loop(&square, 1e-9, |_| false);
        assert_eq!(
            s,
            vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(10.0, 0.0),
                Vec2::new(10.0, 10.0),
                Vec2::new(0.0, 10.0)
            ]
        );
        let pinned = simplify_loop(&square, 1e-9, |p| p == Vec2::new(5.0, 0.0));
        assert_eq!(pinned.len(), 5);
    }
}
