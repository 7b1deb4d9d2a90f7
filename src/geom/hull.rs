//! Convex hulls of point clouds (Andrew's monotone chain).

use super::Vec2;

/// Indices of the convex hull of `points`, counter-clockwise, without collinear points.
/// Non-finite points are ignored. The order is deterministic (a total order on coordinates),
/// so equal input gives equal output on every run.
pub fn convex_hull_indices(points: &[Vec2]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].is_finite())
        .collect();
    idx.sort_by(|&i, &j| {
        let (a, b) = (points[i], points[j]);
        a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y))
    });
    idx.dedup_by(|i, j| points[*i] == points[*j]);
    if idx.len() < 3 {
        return idx;
    }
    let turns_left = |hull: &[usize], i: usize| {
        let (o, a) = (points[hull[hull.len() - 2]], points[hull[hull.len() - 1]]);
        (a - o).perp_dot(points[i] - o) > 0.0
    };
    // Lower chain left to right, then upper chain right to left; each keeps only left turns.
    let mut hull: Vec<usize> = Vec::with_capacity(idx.len() + 1);
    for &i in &idx {
        while hull.len() >= 2 && !turns_left(&hull, i) {
            hull.pop();
        }
        hull.push(i);
    }
    let lower = hull.len() + 1;
    for &i in idx.iter().rev().skip(1) {
        while hull.len() >= lower && !turns_left(&hull, i) {
            hull.pop();
        }
        hull.push(i);
    }
    hull.pop();
    hull
}

/// The convex hull of `points`, counter-clockwise, without collinear points.
pub fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    convex_hull_indices(points)
        .into_iter()
        .map(|i| points[i])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_of_square_with_interior_and_edge_points() {
        let pts = [
            Vec2::new(0.5, 0.5),
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.5, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(0.2, 0.7),
        ];
        let h = convex_hull(&pts);
        assert_eq!(
            h,
            vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(1.0, 0.0),
                Vec2::new(1.0, 1.0),
                Vec2::new(0.0, 1.0)
            ]
        );
    }

    #[test]
    fn hull_of_collinear_points_is_two_points() {
        let pts: Vec<Vec2> = (0..5)
            .map(|i| Vec2::new(i as f64, 2.0 * i as f64))
            .collect();
        assert_eq!(convex_hull(&pts).len(), 2);
    }
}
