//! Online play: two-player rollback sessions (the GGPO model, on the `ggrs` crate) over UDP.
//!
//! Each side steps the sim at once with its own input and a prediction of the peer's; when
//! the peer's real input arrives and differs, the session restores the snapshot of the
//! first wrong step and re-simulates to the present. That rests on what the game layer
//! guarantees: [`crate::game::Sim::save`] / `restore` and bit-for-bit determinism, with the
//! state hash as the checksum the peers compare every [`rollback::DESYNC_INTERVAL`] steps.
//!
//! - [`packet`]: the datagram frame (magic, version, length, checksum);
//! - [`vet`]: the check of every session message before the session sees it;
//! - [`link`]: simulated loss and delay on our sends, seeded;
//! - [`socket`]: the UDP socket, its peer filter and counters;
//! - [`input`]: actions packed in one byte;
//! - [`rollback`]: the session's configuration and its save/load/advance requests;
//! - [`session`]: one match (connecting, stepping, a lost peer, desyncs, ping);
//! - [`handshake`]: the opening exchange of a match started from the window (who, which
//!   level, what input delay);
//! - [`online`]: a match started from the window, handshake then session, polled per step;
//! - [`headless`]: a match with scripted inputs, as `cavefly netplay` plays it.
//!
//! It uses the game and level layers only: no GPU, audio or window.

pub mod handshake;
pub mod headless;
pub mod input;
pub mod link;
pub mod online;
pub mod packet;
pub mod rollback;
pub mod session;
pub mod socket;
pub mod vet;

pub use input::PackedActions;
pub use link::LinkConditions;
pub use session::{MatchOptions, NetError, NetMatch, Phase};
