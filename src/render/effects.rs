//! Presentation state that lives between frames: each ship's engine flame brightness,
//! eased towards its engines' output so it flares and dies smoothly. It reads the sim and never
//! writes to it. The particles themselves (exhaust, sparks, dust) are made by the sim.

use crate::game::{Actions, Sim};

/// Per-run presentation state.
#[derive(Clone, Debug, Default)]
pub struct Effects {
    /// Each player's flame, in player order.
    throttle: Vec<f32>,
}

impl Effects {
    /// A new run: the flame is out.
    pub fn new() -> Effects {
        Effects::default()
    }

    /// The first player's engine output shown by the flame, 0 to 1.
    pub fn throttle(&self) -> f32 {
        self.throttle_of(0)
    }

    /// Player `i`'s engine output shown by the flame, 0 to 1.
    pub fn throttle_of(&self, i: usize) -> f32 {
        self.throttle.get(i).copied().unwrap_or(0.0)
    }

    /// Follows one sim step that the first player took with `actions`: the flame eases
    /// towards the engines' output.
    pub fn after_step(&mut self, sim: &Sim, actions: &Actions) {
        self.after_steps(sim, std::slice::from_ref(actions));
    }

    /// Follows one sim step taken with every player's `actions`.
    pub fn after_steps(&mut self, sim: &Sim, actions: &[Actions]) {
        let dt = sim.time_step() as f32;
        self.throttle
            .resize(actions.len().max(self.throttle.len()), 0.0);
        for (i, a) in actions.iter().enumerate() {
            let output = sim.ship_state_of(i).map_or(0.0, |s| s.throttle()) as f32;
            let target = if a.thrust { output } else { 0.0 };
            let t = &mut self.throttle[i];
            *t += (target - *t) * (dt * 12.0).min(1.0);
        }
    }
}
