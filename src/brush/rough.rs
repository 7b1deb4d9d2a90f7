//! Rough rock: an outline resampled evenly and pushed in and out along its normal by seeded
//! fractal noise, before the boolean operations. The same seed gives the same bits on every
//! platform (see [`super::noise`]).

use super::noise::loop_noise;
use crate::geom::Vec2;

/// Outline points per wavelength: the outline is resampled every `wavelength / 4`, so
/// curves and long edges roughen alike.
pub const SAMPLES_PER_WAVELENGTH: f64 = 4.0;

/// How a shape's outline is roughened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Roughness {
    /// Largest displacement along the normal (m, at least 0).
    pub amplitude: f64,
    /// Length of the coarsest bumps along the outline (m, positive).
    pub wavelength: f64,
    /// Picks the pattern: the same seed gives the same outline.
    pub seed: u64,
}

impl Roughness {
    /// Spacing of the resampled outline (m).
    pub fn spacing(&self) -> f64 {
        self.wavelength / SAMPLES_PER_WAVELENGTH
    }
}

/// Length of a closed loop.
pub fn perimeter(contour: &[Vec2]) -> f64 {
    let n = contour.len();
    (0..n)
        .map(|i| (contour[(i + 1) % n] - contour[i]).length())
        .sum()
}

/// The closed loop with every edge cut into equal pieces no longer than `spacing`; the
/// loop's own points are kept, so every point lies on the original outline.
pub fn resample(contour: &[Vec2], spacing: f64) -> Vec<Vec2> {
    let n = contour.len();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b) = (contour[i], contour[(i + 1) % n]);
        let pieces = ((b - a).length() / spacing).ceil().max(1.0);
        let k = if pieces.is_finite() {
            pieces as usize
        } else {
            1
        };
        for j in 0..k {
            out.push(a + (b - a) * (j as f64 / k as f64));
        }
    }
    out
}

/// The closed loop resampled and displaced along its normal by `rough`'s noise: no point
/// moves farther than `amplitude` from where it lay on the outline.
pub fn roughen(contour: &[Vec2], rough: &Roughness) -> Vec<Vec2> {
    if contour.len() < 3 || rough.spacing().partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return contour.to_vec();
    }
    let pts = resample(contour, rough.spacing());
    let n = pts.len();
    let mut along = Vec::with_capacity(n);
    let mut length = 0.0;
    for i in 0..n {
        along.push(length);
        length += (pts[(i + 1) % n] - pts[i]).length();
    }
    if length.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return pts;
    }
    // A whole number of bumps around the loop, so the noise closes without a seam.
    let cells = (length / rough.wavelength).round().max(1.0) as u64;
    let normals = smooth_normals(&pts, &along, length, rough.wavelength / 2.0);
    (0..n)
        .map(|i| {
            let t = along[i] / length;
            pts[i] + normals[i] * (rough.amplitude * loop_noise(rough.seed, cells, t))
        })
        .collect()
}

/// The loop's normal at each point, averaged over the edges within `reach` of it along the
/// loop (by length). A sharp corner's normal then turns over a wavelength instead of at
/// once, so displacing the points by up to half a wavelength never folds the outline over
/// itself at an inside corner.
fn smooth_normals(pts: &[Vec2], along: &[f64], length: f64, reach: f64) -> Vec<Vec2> {
    let n = pts.len();
    let reach = reach.min(length / 4.0);
    // Edges of three laps, each with its midpoint's distance along the loop (the middle lap
    // is the loop itself) and its normal scaled by its length.
    let edge = |j: usize| {
        let i = j % n;
        let d = pts[(i + 1) % n] - pts[i];
        let lap = (j / n) as f64 - 1.0;
        (
            along[i] + d.length() / 2.0 + lap * length,
            Vec2::new(d.y, -d.x),
        )
    };
    let mut prefix = Vec::with_capacity(3 * n + 1);
    prefix.push(Vec2::ZERO);
    for j in 0..3 * n {
        let next = prefix[j] + edge(j).1;
        prefix.push(next);
    }
    let (mut lo, mut hi) = (0, 0);
    (0..n)
        .map(|i| {
            let s = along[i];
            while lo < 3 * n && edge(lo).0 < s - reach {
                lo += 1;
            }
            hi = hi.max(lo);
            while hi < 3 * n && edge(hi).0 <= s + reach {
                hi += 1;
            }
            let local =
                edge(n + (i + n - 1) % n).1.normalize_or_zero() + edge(n + i).1.normalize_or_zero();
            (prefix[hi] - prefix[lo])
                .try_normalize()
                .or_else(|| local.try_normalize())
                .unwrap_or(Vec2::ZERO)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resampling_keeps_corners_and_spacing() {
        let square = [
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(10.0, 10.0),
            Vec2::new(0.0, 10.0),
        ];
        let r = resample(&square, 0.75);
        assert_eq!(r.len(), 4 * 14);
        for c in square {
            assert!(r.contains(&c));
        }
        let n = r.len();
        for i in 0..n {
            assert!((r[(i + 1) % n] - r[i]).length() <= 0.75 + 1e-12);
        }
    }
}
