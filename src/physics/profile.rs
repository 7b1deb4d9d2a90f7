//! Where a step's time goes, phase by phase. Measured with the machine's clock for people
//! to read (`cavefly sim --profile`, the step bench); never read by the simulation, so it
//! cannot change a result.

use std::time::Instant;

/// Milliseconds the last step spent in each phase.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepProfile {
    /// Bounding boxes and candidate pairs (bodies against bodies and against the rock).
    pub broad_phase: f64,
    /// Contact manifolds for every candidate pair, reused or computed afresh.
    pub narrow_phase: f64,
    /// Islands of touching bodies, and sleep.
    pub islands: f64,
    /// Preparing and solving the contact and joint constraints.
    pub solve: f64,
    /// Integrating velocities and positions (inside the solve's sub-steps).
    pub integrate: f64,
    /// Continuous collision for fast bodies and bullets.
    pub continuous: f64,
    /// Contact events.
    pub events: f64,
    /// The whole step.
    pub total: f64,
}

impl StepProfile {
    /// The phases with their names, in the order the step runs them.
    pub fn phases(&self) -> [(&'static str, f64); 7] {
        [
            ("broad phase", self.broad_phase),
            ("narrow phase", self.narrow_phase),
            ("islands", self.islands),
            ("solve", self.solve),
            ("integrate", self.integrate),
            ("continuous", self.continuous),
            ("events", self.events),
        ]
    }

    /// Adds another step's figures (for averages).
    pub fn accumulate(&mut self, other: &StepProfile) {
        self.broad_phase += other.broad_phase;
        self.narrow_phase += other.narrow_phase;
        self.islands += other.islands;
        self.solve += other.solve;
        self.integrate += other.integrate;
        self.continuous += other.continuous;
        self.events += other.events;
        self.total += other.total;
    }
}

/// Milliseconds since it was started or last lapped.
pub(crate) struct Stopwatch(Instant);

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch(Instant::now())
    }

    /// Milliseconds since the last lap, and starts the next.
    pub fn lap(&mut self) -> f64 {
        let now = Instant::now();
        let ms = (now - self.0).as_secs_f64() * 1000.0;
        self.0 = now;
        ms
    }
}
