//! Seeded fractal noise and circle points that give the same bits on every platform: only
//! `+ - * /`, `sqrt`, `floor` and integer hashing, which IEEE 754 rounds exactly, never a
//! library sine or cosine (those differ by platform in the last bits).

/// The splitmix64 finaliser: a well-mixed 64-bit hash of `z`.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A number in `[0, 1)` hashed from a seed and two keys.
pub fn unit_hash(seed: u64, a: u64, b: u64) -> f64 {
    let h = mix(mix(mix(seed) ^ a) ^ b);
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// Octaves of noise summed: each has half the wavelength of the one before.
pub const OCTAVES: u32 = 3;
/// Each octave's weight relative to the one before.
pub const GAIN: f64 = 0.5;

/// Fractal value noise around a loop, in `[-1, 1]`, at `t` (a fraction of the way around,
/// `0 <= t < 1`) for a loop cut into `cells` cells at the coarsest octave. Periodic: `t = 0`
/// and `t = 1` give the same value, so a closed outline has no seam.
pub fn loop_noise(seed: u64, cells: u64, t: f64) -> f64 {
    let mut sum = 0.0;
    let mut weight = 1.0;
    let mut total = 0.0;
    for octave in 0..OCTAVES {
        let n = cells.max(1) << octave;
        let x = t * n as f64;
        let i = x.floor();
        let f = x - i;
        let i = (i as u64) % n;
        let lattice = |k: u64| 2.0 * unit_hash(seed, octave as u64, k % n) - 1.0;
        let (a, b) = (lattice(i), lattice(i + 1));
        // Smoothstep between lattice values: no kink at the lattice points.
        let s = f * f * (3.0 - 2.0 * f);
        sum += weight * (a + (b - a) * s);
        total += weight;
        weight *= GAIN;
    }
    (sum / total).clamp(-1.0, 1.0)
}

/// `(sin x, cos x)` from series in `+ - * /` alone, for `|x|` up to a few turns: exact to
/// a few units in the last place, and the same bits on every platform.
pub fn sin_cos(x: f64) -> (f64, f64) {
    let quarter = std::f64::consts::FRAC_PI_2;
    let k = (x / quarter + 0.5).floor();
    let r = x - k * quarter;
    let r2 = r * r;
    // Taylor series to r^17 and r^16: |r| <= pi/4 leaves an error below 1e-17.
    let mut s = 1.0;
    let mut c = 1.0;
    for n in (1..=8).rev() {
        let n = n as f64;
        s = 1.0 - r2 / ((2.0 * n) * (2.0 * n + 1.0)) * s;
        c = 1.0 - r2 / ((2.0 * n - 1.0) * (2.0 * n)) * c;
    }
    let (s, c) = (r * s, c);
    match (k as i64).rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// `n` points of a circle, counter-clockwise from the positive x axis, placed with
/// [`sin_cos`].
pub fn circle_loop(center: crate::geom::Vec2, radius: f64, n: usize) -> Vec<crate::geom::Vec2> {
    (0..n)
        .map(|i| {
            let (s, c) = sin_cos(std::f64::consts::TAU * i as f64 / n as f64);
            center + radius * crate::geom::Vec2::new(c, s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_sine_and_cosine_match_the_library_closely() {
        for i in -400..=400 {
            let x = i as f64 * 0.031;
            let (s, c) = sin_cos(x);
            assert!((s - x.sin()).abs() < 1e-15, "{x}");
            assert!((c - x.cos()).abs() < 1e-15, "{x}");
        }
    }

    #[test]
    fn loop_noise_is_bounded_periodic_and_seeded() {
        let at = |seed, t| loop_noise(seed, 7, t);
        assert!((at(3, 0.0) - at(3, 1.0 - 1e-12)).abs() < 1e-9);
        let mut differ = 0;
        for i in 0..1000 {
            let t = i as f64 / 1000.0;
            let v = at(3, t);
            assert!((-1.0..=1.0).contains(&v));
            assert_eq!(v.to_bits(), at(3, t).to_bits());
            differ += usize::from(v != at(4, t));
        }
        assert!(differ > 990, "{differ}");
    }
}
