//! A small seeded random generator (PCG-XSH-RR 64/32) for random cases: the same
//! seed gives the same sequence on every machine. The simulation keeps one in its state for
//! gameplay randomness (spark spreads, debris cuts), so replays reproduce it.

/// A permuted congruential generator with 64 bits of state and 32-bit output.
#[derive(Clone, Debug)]
pub struct Pcg32 {
    state: u64,
    increment: u64,
}

impl Pcg32 {
    const MULTIPLIER: u64 = 6_364_136_223_846_793_005;

    /// A generator for `seed` (any value, zero included).
    pub fn new(seed: u64) -> Pcg32 {
        let mut rng = Pcg32 {
            state: 0,
            increment: (0xda3e_39cb_94b9_5bdb ^ seed.rotate_left(17)) << 1 | 1,
        };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(seed);
        rng.next_u32();
        rng
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old
            .wrapping_mul(Self::MULTIPLIER)
            .wrapping_add(self.increment);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        xorshifted.rotate_right((old >> 59) as u32)
    }

    /// A uniform number in `[0, 1)` with 53 random bits.
    pub fn next_f64(&mut self) -> f64 {
        let bits = (u64::from(self.next_u32()) << 21) ^ u64::from(self.next_u32());
        (bits & ((1 << 53) - 1)) as f64 / (1u64 << 53) as f64
    }

    /// A uniform number in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// A uniform whole number in `lo..=hi`.
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_f64() * (hi - lo + 1) as f64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_values_spread_over_the_range() {
        let (mut a, mut b, mut c) = (Pcg32::new(7), Pcg32::new(7), Pcg32::new(8));
        let xs: Vec<u32> = (0..4).map(|_| a.next_u32()).collect();
        assert_eq!(xs, (0..4).map(|_| b.next_u32()).collect::<Vec<_>>());
        assert_ne!(xs, (0..4).map(|_| c.next_u32()).collect::<Vec<_>>());
        let mut buckets = [0usize; 10];
        for _ in 0..10_000 {
            let x = a.next_f64();
            assert!((0.0..1.0).contains(&x));
            buckets[(x * 10.0) as usize] += 1;
        }
        assert!(
            buckets.iter().all(|&n| (800..1200).contains(&n)),
            "{buckets:?}"
        );
        assert!((0..1000).all(|_| (3..=8).contains(&a.int(3, 8))));
    }
}
