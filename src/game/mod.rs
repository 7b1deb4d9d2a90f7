//! The game: the simulation the player flies in, stepped by actions, hashed for replays.
//!
//! Everything here runs headless: no window, GPU or audio. Presentation reads the sim's
//! state and events; it never reaches into physics.

pub mod actions;
pub mod aim;
pub mod hud;
pub mod input;
pub mod laser;
mod level_setup;
pub mod particles;
pub mod sim;
pub mod split;

pub use actions::{Actions, InputScript};
pub use hud::{ComponentHealth, Hud, Outcome};
pub use input::{Bindings, Control, Held};
pub use sim::{DebrisSetup, ShipTuning, Sim, SimSetup};
