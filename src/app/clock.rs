//! The fixed-step clock: measured frame time goes into an accumulator, which pays out whole
//! simulation steps, at most a few per frame so a slow frame cannot snowball; what is left
//! over says how far between the last two steps to draw.

/// Most steps one frame may catch up; beyond this the backlog is dropped (the game slows
/// down rather than freezing to catch up).
pub const MAX_CATCH_UP_STEPS: u32 = 8;
/// Longest frame time counted, seconds (a stall, a debugger, a dragged window).
const MAX_FRAME_TIME: f64 = 0.25;

/// The accumulator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepClock {
    step: f64,
    behind: f64,
}

impl StepClock {
    /// A clock for steps of `step` seconds.
    pub fn new(step: f64) -> StepClock {
        StepClock { step, behind: 0.0 }
    }

    /// Adds a frame of `elapsed` seconds; returns how many steps to take now.
    pub fn advance(&mut self, elapsed: f64) -> u32 {
        if !(elapsed.is_finite() && elapsed > 0.0) {
            return 0;
        }
        self.behind += elapsed.min(MAX_FRAME_TIME);
        let due = (self.behind / self.step).floor();
        let steps = due.min(MAX_CATCH_UP_STEPS as f64) as u32;
        self.behind -= steps as f64 * self.step;
        if due > MAX_CATCH_UP_STEPS as f64 {
            // Drop the backlog but keep the fraction, so drawing stays smooth.
            self.behind = self.behind.rem_euclid(self.step);
        }
        steps
    }

    /// How far from the previous step to the latest to draw, 0 to 1.
    pub fn alpha(&self) -> f64 {
        (self.behind / self.step).clamp(0.0, 1.0)
    }

    /// Forgets time owed (after a pause).
    pub fn reset(&mut self) {
        self.behind = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_pay_out_whole_steps_and_keep_the_rest() {
        let mut c = StepClock::new(0.01);
        assert_eq!(c.advance(0.025), 2);
        assert!((c.alpha() - 0.5).abs() < 1e-9);
        assert_eq!(c.advance(0.006), 1);
        assert!((c.alpha() - 0.1).abs() < 1e-6);
        assert_eq!(c.advance(f64::NAN), 0);
    }

    #[test]
    fn a_long_stall_is_capped() {
        let mut c = StepClock::new(1.0 / 120.0);
        assert_eq!(c.advance(10.0), MAX_CATCH_UP_STEPS);
        assert!(c.alpha() < 1.0);
        assert_eq!(c.advance(1.0 / 120.0), 1);
    }
}
