//! # Cavefly
//!
//! A 2D cave-flyer game — a ship that rotates and thrusts under gravity through carved
//! caves — and the collision and physics engine beneath it.
//!
//! Goals, in priority order:
//!
//! 1. **Correct collision.** Every contact method is checked against an exact answer
//!    (the separating-axis depth for convex polygons) and against a peer engine.
//! 2. **Deterministic simulation.** The same level and inputs give the same bits on every
//!    run, debug or release: no wall clock, hash-map order, thread timing or unseeded
//!    randomness reaches the simulation, so replays and regression hashes can pin it.
//! 3. **Robust to bad input.** Constructors and loaders return errors, never panic, and
//!    say what was expected.
//! 4. **Fast.** Measured with benchmarks side by side with peer engines, never asserted by
//!    timed tests.
//! 5. **Fun to fly**, on top of all of the above.
//!
//! It is a library with a game on top, not a general-purpose engine: shapes are circles,
//! segments and small convex polygons, and the world is a cave outline of segments.
//!
//! Layers (each may use only those before it): [`geom`] → [`collide`] → [`broad`] →
//! [`brush`] → [`physics`] → [`level`] → [`script`] → [`game`] → [`net`] (online play);
//! [`tools`] are the headless commands of the `cavefly` binary, and [`constants`] and [`hash`] serve every layer. Presentation sits
//! on top: [`render`] (wgpu) and [`audio`] (rodio), then the screens — their pure state
//! ([`screens`]), the menus and HUD drawn from it ([`ui`]), and the window, its loop and
//! the headless frames ([`app`]); nothing imports upward.

#![warn(missing_docs)]

pub mod app;
pub mod audio;
pub mod broad;
pub mod brush;
pub mod collide;
pub mod constants;
pub mod game;
pub mod geom;
pub mod hash;
pub mod level;
pub mod net;
pub mod physics;
pub mod render;
pub mod rng;
pub mod screens;
pub mod script;
pub mod tools;
pub mod ui;
