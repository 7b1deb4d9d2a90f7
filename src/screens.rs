//! The screens' pure state: which screen shows and what the player's choices do
//! ([`flow`]), the player's settings and progress and the files that keep them, and the
//! list of levels. No window, no drawing: [`crate::ui`] draws from this state and
//! [`crate::app`] carries out the commands it returns, so all of it is tested headless.
//! It may use the game's plain data (outcomes, key bindings), never the layers above.

pub mod catalog;
pub mod config_file;
pub mod flow;
#[cfg(test)]
mod flow_match_tests;
pub mod match_menu;
pub mod online;
pub mod pad_bindings;
pub mod progress;
pub mod seats;
pub mod settings;
