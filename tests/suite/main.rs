//! Every integration test of the game and the engine, as one test binary: one link
//! instead of one per file, which was most of a cold test run's build time. Each module is
//! one file of this folder; `cargo test --test suite MODULE::` runs one of them.

mod common;
mod mutate;
#[path = "../../benches/scenes/mod.rs"]
mod scenes;

mod bounds;
mod brush;
mod check_cli;
mod clip;
mod combat;
mod coop;
mod crossing;
mod degenerate;
mod door;
mod dual_edge;
mod flight;
mod gameplay;
mod gjk_epa_oracle;
mod lab;
mod level_docs;
mod level_extremes;
mod level_properties;
mod level_regression;
mod level_schema;
mod level_versions;
mod level_watch;
mod levels;
mod line_tree;
mod match_rules;
mod match_snapshot;
mod mesh_paths;
mod mesh_properties;
mod music;
mod netplay;
mod netplay_handshake;
mod new_level;
mod online_window;
mod organic;
mod outline;
mod parry_oracle;
mod physics_api;
mod physics_regression;
mod physics_rest;
mod physics_scenarios;
mod players;
mod race;
mod reload;
mod render_glow;
mod render_golden;
mod render_grain;
mod render_split;
mod render_worlds;
mod replays;
mod rewind;
mod runs_anywhere;
mod script_runtime;
mod shortcut;
mod snapshot;
mod soak;
mod spawn;
mod stop;
mod swept;
mod ui_overlay;
mod versus;
