//! A level being played while its designer edits it: the loaded level, its running sim, and
//! what was wrong with the last reload.
//!
//! A reload that loads rebuilds the sim from the new level and keeps the ship where it was,
//! moving as it was, if that spot is still open; a reload that fails keeps the last good
//! level running and holds its errors (file, line:column, item, message) for the screen
//! until a reload succeeds. Headless: the window shell decides when to reload (usually when
//! a [`crate::level::watch::LevelWatcher`] says so) and draws the error.

use super::actions::Actions;
use super::placement::ShipPlacement;
use super::sim::Sim;
use crate::level::watch::LevelWatcher;
use crate::level::{load_level, LevelErrors, LoadedLevel, Problem};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What a reload did with the ship.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShipCarry {
    /// It keeps its position, heading and velocity in the new level.
    Kept(ShipPlacement),
    /// Its spot is rock (or taken) in the new level: it starts at the player start.
    Respawned,
    /// No ship was flying: the new level starts as it says.
    NoShip,
}

/// What a reload did.
#[derive(Clone, Debug, PartialEq)]
pub enum Reloaded {
    /// The new level runs.
    Applied(ShipCarry),
    /// The file did not load: the last good level keeps running; see
    /// [`PlaySession::error`].
    Failed,
}

/// A level file, the level last loaded from it, and its running sim.
pub struct PlaySession {
    path: PathBuf,
    level: LoadedLevel,
    sim: Sim,
    error: Option<LevelErrors>,
    reloads: u64,
    /// Players in the sim: it is rebuilt for as many on a restart or reload.
    players: usize,
}

impl PlaySession {
    /// Loads the level at `path` and starts its sim.
    pub fn open(path: &Path) -> Result<PlaySession, LevelErrors> {
        let level = load_level(path)?;
        let sim = build_sim(&level)?;
        Ok(PlaySession {
            path: path.to_path_buf(),
            level,
            sim,
            error: None,
            reloads: 0,
            players: 1,
        })
    }

    /// Starts a session on a level already loaded (its file is where reloads read).
    pub fn from_loaded(level: LoadedLevel) -> Result<PlaySession, LevelErrors> {
        let sim = build_sim(&level)?;
        Ok(PlaySession {
            path: level.file.clone(),
            level,
            sim,
            error: None,
            reloads: 0,
            players: 1,
        })
    }

    /// Loads the level file again (see [`PlaySession::reload_from`]).
    pub fn reload(&mut self) -> Reloaded {
        let path = self.path.clone();
        self.reload_from(&path)
    }

    /// Loads the level at `path`, which becomes the session's file. On success the sim is
    /// rebuilt, the ship carried over where it is still open, and the error cleared; on
    /// failure nothing changes but the error.
    pub fn reload_from(&mut self, path: &Path) -> Reloaded {
        self.path = path.to_path_buf();
        let loaded = load_level(path);
        let players = self.players;
        let built = loaded.and_then(|l| build_sim_for(&l, players).map(|s| (l, s)));
        let (level, mut sim) = match built {
            Ok(ok) => ok,
            Err(errors) => {
                self.error = Some(errors);
                return Reloaded::Failed;
            }
        };
        let carry = match self.sim.ship_placement() {
            None => ShipCarry::NoShip,
            Some(place) if sim.place_ship(&place) && is_open(&level, &sim) => {
                ShipCarry::Kept(place)
            }
            Some(_) => {
                let start = level.level.starts()[0].clone();
                sim.place_ship(&ShipPlacement {
                    position: start.position,
                    angle: start.angle,
                    velocity: crate::geom::Vec2::ZERO,
                    angular_velocity: 0.0,
                });
                ShipCarry::Respawned
            }
        };
        self.level = level;
        self.sim = sim;
        self.error = None;
        self.reloads += 1;
        Reloaded::Applied(carry)
    }

    /// Once per frame: reloads if `watcher` reports a change as of `now` (the files quiet
    /// for its debounce), then points it at the files the running level reads. `None` when
    /// there was nothing to reload. If a watched folder has vanished the watcher keeps its
    /// old files.
    pub fn reload_if_changed(
        &mut self,
        watcher: &mut LevelWatcher,
        now: Instant,
    ) -> Option<Reloaded> {
        if !watcher.poll_changed(now) {
            return None;
        }
        let reloaded = self.reload();
        let _ = watcher.watch(&self.sources());
        Some(reloaded)
    }

    /// Starts the level as last loaded again from its beginning.
    pub fn restart(&mut self) -> Result<(), LevelErrors> {
        self.sim = build_sim_for(&self.level, self.players)?;
        Ok(())
    }

    /// `level` started for `players` players (each needs a start in the level).
    pub fn from_loaded_for(level: LoadedLevel, players: usize) -> Result<PlaySession, LevelErrors> {
        let mut s = PlaySession::from_loaded(level)?;
        if players != 1 {
            s.players = players;
            s.sim = build_sim_for(&s.level, players)?;
        }
        Ok(s)
    }

    /// Players in the sim.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Advances the sim one fixed step.
    pub fn step(&mut self, actions: &Actions) {
        self.sim.step(actions);
    }

    /// The level running now (the last one that loaded).
    pub fn level(&self) -> &LoadedLevel {
        &self.level
    }

    /// The running sim.
    pub fn sim(&self) -> &Sim {
        &self.sim
    }

    /// The running sim, to step it or drive it from the shell.
    pub fn sim_mut(&mut self) -> &mut Sim {
        &mut self.sim
    }

    /// What was wrong with the last reload, until one succeeds: every problem with its
    /// file, line:column, item and message, for the screen.
    pub fn error(&self) -> Option<&LevelErrors> {
        self.error.as_ref()
    }

    /// The level file reloads read.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many reloads have succeeded.
    pub fn reloads(&self) -> u64 {
        self.reloads
    }

    /// The files a watcher should watch: the level file and every mesh file the running
    /// level read. (After a failed reload the level file is still among them, so saving a
    /// fix is noticed.)
    pub fn sources(&self) -> Vec<PathBuf> {
        let mut files = self.level.sources.clone();
        if !files.contains(&self.path) {
            files.insert(0, self.path.clone());
        }
        files
    }
}

/// The sim of `level`, or why it cannot run, as a level error on its file.
fn build_sim(level: &LoadedLevel) -> Result<Sim, LevelErrors> {
    build_sim_for(level, 1)
}

fn build_sim_for(level: &LoadedLevel, players: usize) -> Result<Sim, LevelErrors> {
    let sim = match players {
        1 => Sim::from_level(level),
        n => Sim::from_level_for(level, n),
    };
    sim.map_err(|e| LevelErrors {
        problems: vec![Problem {
            file: level.file.clone(),
            line: 1,
            col: 1,
            item: String::new(),
            message: e.to_string(),
        }],
    })
}

/// Whether the ship, as placed in `sim`, is in open space in `level`: neither its origin nor
/// a corner in solid rock, and no part touching rock or another body.
fn is_open(level: &LoadedLevel, sim: &Sim) -> bool {
    let Some(place) = sim.ship_placement() else {
        return false;
    };
    let corners = sim.ship_corners();
    !level.world.solid.contains(place.position)
        && !corners.iter().any(|&p| level.world.solid.contains(p))
        && !sim.ship_overlaps()
}
