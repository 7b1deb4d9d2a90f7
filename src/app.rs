//! The game's shell: the window and its loop, and the headless frame commands. It joins the
//! simulation to presentation (renderer, input, sound); nothing below it knows it exists.

pub mod bench;
pub mod clock;
pub mod settings;
pub mod shot;
pub mod window;
