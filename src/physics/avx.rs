//! The contact solver's passes built twice: for the baseline processor and for one with
//! AVX, taken where the processor has it.
//!
//! The solver works on four constraints at once in `f64` lanes. The baseline build does each
//! lane operation as two 128-bit halves ([`F4`]); the AVX build does it as one 256-bit
//! instruction ([`A4`]), with about 40% fewer instructions per pass. Both do the same IEEE
//! operations in the same order (the compiler never fuses a multiply and an add on its
//! own), so they give the same bits: a replay recorded on one machine plays the same on the
//! other, and the golden hashes hold on both.

#[cfg(target_arch = "x86_64")]
use super::avx_lanes::A4;
use super::body_state::BodyState;
use super::contact_batch::{ContactBatch, Lanes};
use super::contact_solver::{ContactSolver, Pass};
use super::lanes::F4;

#[cfg(test)]
thread_local! {
    /// Set by tests to run the baseline build on a processor with AVX.
    static BASELINE_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the AVX build may run.
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx() -> bool {
    #[cfg(test)]
    if BASELINE_ONLY.with(|b| b.get()) {
        return false;
    }
    std::arch::is_x86_feature_detected!("avx")
}

impl ContactSolver {
    /// One pass over every constraint.
    pub fn solve(&mut self, states: &mut [BodyState], pass: &Pass) {
        #[cfg(target_arch = "x86_64")]
        if has_avx() {
            // SAFETY: the processor has just been found to support AVX.
            unsafe { self.solve_avx(states, pass) };
            return;
        }
        self.solve_batches::<F4>(states, pass);
    }

    /// Re-applies last step's impulses.
    pub fn warm_start(&mut self, states: &mut [BodyState]) {
        #[cfg(target_arch = "x86_64")]
        if has_avx() {
            // SAFETY: as in `solve`.
            unsafe { self.warm_start_avx(states) };
            return;
        }
        self.warm_start_batches::<F4>(states);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn solve_avx(&mut self, states: &mut [BodyState], pass: &Pass) {
        self.solve_batches::<A4>(states, pass);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn warm_start_avx(&mut self, states: &mut [BodyState]) {
        self.warm_start_batches::<A4>(states);
    }
}

impl ContactBatch {
    /// Fills the batch with the constraints of `lanes` (see `ContactBatch::fill`).
    pub(super) fn fill_dispatch(&mut self, lanes: &[Lanes<'_>], states: &[BodyState]) {
        #[cfg(target_arch = "x86_64")]
        if has_avx() {
            // SAFETY: the processor has just been found to support AVX.
            unsafe { self.fill_avx(lanes, states) };
            return;
        }
        self.fill::<F4>(lanes, states);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    fn fill_avx(&mut self, lanes: &[Lanes<'_>], states: &[BodyState]) {
        self.fill::<A4>(lanes, states);
    }
}

#[cfg(test)]
mod tests {
    use super::BASELINE_ONLY;
    use crate::geom::{ConvexPolygon, Vec2};
    use crate::physics::{BodyDef, BodyKind, ColliderDef, PhysicsSettings, PhysicsWorld};

    /// A leaning stack of boxes and bouncy, slippery polygons falling onto a tilted ground:
    /// one- and two-point contacts, speculative and overlapping, sliding and bouncing.
    fn scene() -> PhysicsWorld {
        let mut w = PhysicsWorld::new(PhysicsSettings::default());
        let ground = w.create_body(&BodyDef {
            kind: BodyKind::Static,
            angle: 0.05,
            ..BodyDef::default()
        });
        let slab = ConvexPolygon::rect(20.0, 0.5).unwrap();
        w.add_collider(ground, &ColliderDef::new(slab)).unwrap();
        for i in 0..40 {
            let b = w.create_body(&BodyDef {
                position: Vec2::new(
                    0.13 * (i % 5) as f64 + 0.9 * (i / 10) as f64,
                    1.0 + 1.05 * i as f64 * 0.5,
                ),
                angle: 0.1 * (i % 3) as f64,
                ..BodyDef::default()
            });
            let shape = if i % 4 == 3 {
                ConvexPolygon::regular(5 + i % 3, 0.4).unwrap()
            } else {
                ConvexPolygon::rect(0.5, 0.25).unwrap()
            };
            let def = ColliderDef {
                restitution: if i % 5 == 0 { 0.6 } else { 0.0 },
                friction: if i % 7 == 0 { 0.05 } else { 0.6 },
                ..ColliderDef::new(shape)
            };
            w.add_collider(b, &def).unwrap();
        }
        w
    }

    fn run(baseline: bool) -> Vec<u64> {
        BASELINE_ONLY.with(|b| b.set(baseline));
        let mut w = scene();
        let hashes = (0..240)
            .map(|_| {
                w.step(1.0 / 60.0);
                w.state_hash()
            })
            .collect();
        BASELINE_ONLY.with(|b| b.set(false));
        hashes
    }

    #[test]
    fn both_builds_of_the_passes_give_the_same_bits() {
        let (baseline, detected) = (run(true), run(false));
        assert_eq!(baseline.len(), 240);
        let moving = baseline.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(
            moving > 120,
            "the scene keeps moving: {moving} steps changed it"
        );
        // On a processor without AVX both runs take the baseline build, and agree trivially.
        assert_eq!(baseline, detected);
    }
}
