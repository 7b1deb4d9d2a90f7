//! The game: the simulation the player flies in, stepped by actions, hashed for replays.
//!
//! Everything here runs headless: no window, GPU or audio. Presentation reads the sim's
//! state and events; it never reaches into physics.

pub mod actions;
pub mod aim;
pub mod components;
mod damage;
pub mod door;
pub mod enemies;
pub mod events;
pub mod hud;
pub mod input;
pub mod laser;
pub mod layers;
mod level_setup;
pub mod particles;
pub mod placement;
pub mod projectiles;
pub mod replay;
mod scripting;
pub mod session;
pub mod setup;
pub mod ship;
pub mod ship_def;
pub mod sim;
pub mod split;
mod state;
mod supplies;
pub mod tractor;
mod view;
pub mod weapons;

pub use actions::{Actions, InputScript};
pub use events::GameEvent;
pub use hud::{ComponentHealth, Hud, Outcome};
pub use input::{Bindings, Control, Held};
pub use setup::{DebrisSetup, SimSetup};
pub use ship::Ship;
pub use ship_def::{PartKind, ShipDef};
pub use sim::Sim;
