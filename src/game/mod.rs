//! The game: the simulation the players fly in, stepped by their actions, hashed for
//! replays, saved and restored whole.
//!
//! Everything here runs headless: no window, GPU or audio. Presentation reads the sim's
//! state and events; it never reaches into physics.
//!
//! The files form layers, each using only those above it in this list:
//! - data and pure rules: [`actions`], [`events`], [`hud`], [`layers`], [`ship_def`],
//!   [`particles`], [`aim`], [`laser`], [`split`], [`error`], [`input`], [`setup`],
//!   [`matches`] (the match of a level for several players), [`coop`] (their starts);
//! - components: [`components`], [`ship`] (the ship's component), [`door`] (the movers');
//!   and the one id scheme and fixed order, [`ids`];
//! - the state: [`state`] — the hecs world and the named resources;
//! - spawning: [`spawn`] — one function per kind of thing;
//! - systems, each a plain function that borrows what it uses: [`scripting`], [`flight`],
//!   [`weapons`], [`tractor`], [`enemies`], [`damage`], [`bolts`], [`bounds`], [`versus`],
//!   [`lives`], [`supplies`], [`objective`], [`race`], [`effects`], [`drift`];
//! - the schedule: [`schedule`] — the one order of the systems in a step;
//! - the whole: [`snapshot`], [`view`], [`placement`], [`audit`], [`sim`] ([`Sim`]), and [`timeline`]
//!   (the kept actions and keyframes a run rewinds with);
//! - around it: [`track`] and [`replay`] (input scripts and replays), [`session`] (a level
//!   played while its file is edited).

pub mod actions;
pub mod aim;
pub mod audit;
pub mod bolts;
pub mod bounds;
pub mod components;
pub mod coop;
pub mod damage;
pub mod door;
pub mod drift;
pub mod effects;
pub mod enemies;
pub mod error;
pub mod events;
pub mod flight;
pub mod hud;
pub mod ids;
pub mod input;
pub mod laser;
pub mod layers;
pub mod lives;
pub mod matches;
pub mod objective;
pub mod particles;
pub mod placement;
pub mod race;
pub mod replay;
pub mod schedule;
pub mod scripting;
pub mod session;
pub mod setup;
pub mod ship;
pub mod ship_def;
pub mod sim;
pub mod snapshot;
pub mod spawn;
pub mod split;
pub mod state;
pub mod supplies;
pub mod timeline;
pub mod track;
pub mod tractor;
pub mod versus;
pub mod view;
pub mod weapons;

pub use actions::Actions;
pub use error::{SetupError, SpawnError};
pub use events::GameEvent;
pub use hud::{ComponentHealth, Hud, Outcome};
pub use input::{Bindings, Control, Held};
pub use matches::{MatchHud, MatchRun};
pub use replay::InputScript;
pub use setup::{DebrisSetup, SimSetup};
pub use ship::Ship;
pub use ship_def::{PartKind, ShipDef};
pub use sim::Sim;
pub use snapshot::Snapshot;

#[cfg(test)]
mod ice_tests;
