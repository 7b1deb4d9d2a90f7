//! The fixed-step clock: measured frame time goes into an accumulator, which pays out whole
//! simulation steps, at most a few per frame so a slow frame cannot snowball; what is left
//! over says how far between the last two steps to draw. A frame also stops stepping once
//! its steps have used [`STEP_BUDGET`] of wall time ([`take_steps`]): where steps cost more
//! than the time they stand for (a level of tens of thousands of bodies), the game slows
//! down and keeps drawing, rather than spending seconds a frame on steps it cannot afford.

use std::time::{Duration, Instant};

/// Most steps one frame may catch up; beyond this the backlog is dropped (the game slows
/// down rather than freezing to catch up).
pub const MAX_CATCH_UP_STEPS: u32 = 8;
/// Longest frame time counted, seconds (a stall, a debugger, a dragged window).
const MAX_FRAME_TIME: f64 = 0.25;

/// Most wall time one frame spends taking steps (after the first, which is always taken).
pub const STEP_BUDGET: Duration = Duration::from_millis(33);

/// Takes up to `due` steps with `step` (which returns `false` to stop, as when the level
/// has ended), and no more once the steps taken have used `budget` by `now` (always at
/// least one). Returns how many were taken; the clock has already paid out `due`, so those
/// not taken are dropped.
pub fn take_steps(
    due: u32,
    budget: Duration,
    mut now: impl FnMut() -> Instant,
    mut step: impl FnMut() -> bool,
) -> u32 {
    let began = now();
    let mut taken = 0;
    while taken < due {
        taken += 1;
        if !step() || now().saturating_duration_since(began) >= budget {
            break;
        }
    }
    taken
}

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

    /// Steps taken of `due` where each costs `cost` of a clock that moves only as steps
    /// are taken, and the level ends at step `stop_after`.
    fn steps_costing(cost: Duration, due: u32, stop_after: u32) -> u32 {
        let t = std::cell::Cell::new(Instant::now());
        let mut steps = 0;
        take_steps(
            due,
            STEP_BUDGET,
            || t.get(),
            || {
                steps += 1;
                t.set(t.get() + cost);
                steps < stop_after
            },
        )
    }

    #[test]
    fn steps_stop_once_the_frames_budget_is_spent_and_never_before_the_first() {
        // Cheap steps: every step due is taken.
        assert_eq!(steps_costing(Duration::from_micros(100), 8, u32::MAX), 8);
        // 12 ms a step against 33 ms: the third step spends it.
        assert_eq!(steps_costing(Duration::from_millis(12), 8, u32::MAX), 3);
        // A step that alone costs more than the budget is still taken, once.
        assert_eq!(steps_costing(Duration::from_millis(250), 8, u32::MAX), 1);
        // The level ending stops the steps; none due takes none.
        assert_eq!(steps_costing(Duration::from_micros(100), 8, 3), 3);
        assert_eq!(steps_costing(Duration::from_millis(250), 0, u32::MAX), 0);
    }

    #[test]
    fn a_long_stall_is_capped() {
        let mut c = StepClock::new(1.0 / 120.0);
        assert_eq!(c.advance(10.0), MAX_CATCH_UP_STEPS);
        assert!(c.alpha() < 1.0);
        assert_eq!(c.advance(1.0 / 120.0), 1);
    }
}
