//! Presentation state that lives between frames: the engine flame's brightness, eased
//! towards the engines' output so it flares and dies smoothly. It reads the sim and never
//! writes to it. The particles themselves (exhaust, sparks, dust) are made by the sim.

use crate::game::{Actions, Sim};

/// Per-run presentation state.
#[derive(Clone, Debug, Default)]
pub struct Effects {
    throttle: f32,
}

impl Effects {
    /// A new run: the flame is out.
    pub fn new() -> Effects {
        Effects::default()
    }

    /// Engine output shown by the flame, 0 to 1.
    pub fn throttle(&self) -> f32 {
        self.throttle
    }

    /// Follows one sim step that was taken with `actions`: the flame eases towards the
    /// engines' output.
    pub fn after_step(&mut self, sim: &Sim, actions: &Actions) {
        let dt = sim.time_step() as f32;
        let output = sim.ship_state().map_or(0.0, |s| s.throttle()) as f32;
        let target = if actions.thrust { output } else { 0.0 };
        self.throttle += (target - self.throttle) * (dt * 12.0).min(1.0);
    }
}
