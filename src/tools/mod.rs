//! Headless tools behind the command line: each returns its report as text (or an error
//! message) so it can be tested without a terminal. `src/main.rs` only parses arguments.

pub mod autopilot;
pub mod check;
pub mod contact;
pub mod error;
pub mod lab;
pub mod lab_pairs;
pub mod lab_shortcut;
pub mod record;
pub mod shape_spec;
pub mod sim;
