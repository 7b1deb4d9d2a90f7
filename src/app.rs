//! The game's shell: the window and its loop, and the headless frame commands. It joins the
//! simulation to presentation (renderer, input, sound); nothing below it knows it exists.

pub mod bench;
pub mod catalog;
pub mod clock;
pub mod config_file;
pub mod flow;
pub mod gamepad;
pub mod graphics;
pub mod pad;
pub mod progress;
pub mod session;
pub mod settings;
pub mod shell;
pub mod shot;
pub mod window;
