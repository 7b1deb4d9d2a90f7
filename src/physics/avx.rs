//! The contact solver's passes built twice: for the baseline processor and for one with
//! AVX, taken where the processor has it.
//!
//! The solver works on four constraints at once in `f64` lanes. The baseline build does each
//! lane operation as two 128-bit halves; built for AVX the same operations take the shorter
//! VEX forms, about a fifth fewer instructions per pass. Both do the same IEEE operations in
//! the same order (the compiler never fuses a multiply and an add on its own), so they give
//! the same bits: a replay recorded on one machine plays the same on the other, and the
//! golden hashes hold on both.

use super::body_state::BodyState;
use super::contact_solver::{ContactSolver, Pass};

impl ContactSolver {
    /// One pass over every constraint.
    pub fn solve(&mut self, states: &mut [BodyState], pass: &Pass) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor has just been found to support AVX.
            unsafe { self.solve_avx(states, pass) };
            return;
        }
        self.solve_batches(states, pass);
    }

    /// Re-applies last step's impulses.
    pub fn warm_start(&mut self, states: &mut [BodyState]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: as in `solve`.
            unsafe { self.warm_start_avx(states) };
            return;
        }
        self.warm_start_batches(states);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn solve_avx(&mut self, states: &mut [BodyState], pass: &Pass) {
        self.solve_batches(states, pass);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn warm_start_avx(&mut self, states: &mut [BodyState]) {
        self.warm_start_batches(states);
    }
}
