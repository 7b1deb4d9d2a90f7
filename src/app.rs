//! The game's shell: the window and its loop, and the headless frame commands. It joins the
//! simulation to presentation (renderer, input, sound); nothing below it knows it exists.

pub mod bench;
pub mod bench_replay;
pub mod bench_split;
pub mod clock;
pub mod gamepad;
pub mod graphics;
pub mod heap;
pub mod music;
pub mod online_play;
pub mod pad;
pub mod session;
pub mod shell;
pub mod shot;
pub mod thread_cpu;
pub mod window;

// The screens' state lives below the UI; the shell reaches it by these names too.
pub use crate::screens::{catalog, config_file, flow, match_menu, progress, settings};
