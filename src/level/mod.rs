//! Levels.
