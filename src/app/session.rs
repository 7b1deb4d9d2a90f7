//! One level being played in the window: the level and its running sim (reloaded live when
//! its files change), the presentation effects, the camera, the fixed-step clock, and the
//! run's timeline: the actions kept since the level (re)started, for saving a replay, and
//! the keyframes that rewinding goes back through.

use super::clock::StepClock;
use super::config_file::config_dir;
use crate::audio::Audio;
use crate::game::session::{PlaySession, Reloaded};
use crate::game::timeline::{RewindInfo, Timeline};
use crate::game::{Actions, InputScript, Sim};
use crate::level::watch::LevelWatcher;
use crate::level::LoadedLevel;
use crate::render::player_views::PlayerCameras;
use crate::render::{Camera, Effects, RockMesh};
use glam::Vec2;
use std::path::PathBuf;
use std::time::Instant;

/// Most of a failed reload's problems the screen lists: enough to go on with, few enough
/// that the game stays in view and a file of thousands of problems costs the frame nothing.
pub const MOST_PROBLEMS_SHOWN: usize = 8;

/// A level in play.
pub struct Session {
    /// The level and its sim.
    pub play: PlaySession,
    /// Particles and the flame.
    pub effects: Effects,
    /// The camera following the ship.
    pub camera: Camera,
    /// In a match of several players, each player's own camera (the view splits).
    pub views: Option<PlayerCameras>,
    /// The fixed-step accumulator.
    pub clock: StepClock,
    /// The rock's triangles and outline.
    pub rock: RockMesh,
    /// Watches the level's files; none if watching could not start.
    watcher: Option<LevelWatcher>,
    /// The kept actions since the sim started, and the keyframes to rewind through.
    timeline: Timeline,
}

fn ship_position(sim: &Sim) -> Vec2 {
    sim.ship().map_or(Vec2::ZERO, |s| {
        Vec2::new(s.position().x as f32, s.position().y as f32)
    })
}

impl Session {
    /// Starts `level` from its beginning and watches its files.
    pub fn new(level: LoadedLevel) -> Result<Session, String> {
        Session::for_players(level, 1)
    }

    /// Starts `level` for a match of `players` players, each with their own view.
    pub fn for_players(level: LoadedLevel, players: usize) -> Result<Session, String> {
        let watcher = match LevelWatcher::new(&level.sources) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("cavefly: live reload is off: {e}");
                None
            }
        };
        let play = PlaySession::from_loaded_for(level, players).map_err(|e| e.to_string())?;
        let rock = RockMesh::from_level(play.level());
        let views = (players > 1).then(|| PlayerCameras::new(play.sim(), rock.bounds));
        Ok(Session {
            views,
            clock: StepClock::new(play.sim().time_step()),
            timeline: Timeline::new(play.sim()),
            camera: Camera::new(ship_position(play.sim()), rock.bounds),
            effects: Effects::new(),
            play,
            rock,
            watcher,
        })
    }

    /// The running sim.
    pub fn sim(&self) -> &Sim {
        self.play.sim()
    }

    /// The level as last loaded.
    pub fn level(&self) -> &LoadedLevel {
        self.play.level()
    }

    /// Steps kept since the sim started (those rewound away are not counted).
    pub fn steps(&self) -> usize {
        self.timeline.steps() as usize
    }

    /// What the rewind buffer holds now.
    pub fn rewind_info(&self) -> RewindInfo {
        self.timeline.info(self.sim().steps())
    }

    /// Starts the same level again from its beginning (the zoom is kept).
    pub fn restart(&mut self) -> Result<(), String> {
        let zoom = self.camera.zoom;
        self.play.restart().map_err(|e| e.to_string())?;
        self.effects = Effects::new();
        self.camera = Camera::new(ship_position(self.play.sim()), self.rock.bounds);
        self.camera.zoom = zoom;
        if let Some(v) = &mut self.views {
            let zoom = v.cameras().first().map_or(1.0, |c| c.zoom);
            *v = PlayerCameras::new(self.play.sim(), self.rock.bounds);
            v.zoom_by(zoom);
        }
        self.clock.reset();
        self.timeline = Timeline::new(self.play.sim());
        Ok(())
    }

    /// Reloads the level if its files changed (and have been quiet for a moment); returns
    /// the new rock when a reload took. A reload that fails keeps the level running; see
    /// [`Session::reload_error`].
    pub fn poll_reload(&mut self) -> Option<RockMesh> {
        let watcher = self.watcher.as_mut()?;
        match self.play.reload_if_changed(watcher, Instant::now())? {
            Reloaded::Applied(_) => {
                self.rock = RockMesh::from_level(self.play.level());
                self.camera.bounds = self.rock.bounds;
                if let Some(v) = &mut self.views {
                    *v = PlayerCameras::new(self.play.sim(), self.rock.bounds);
                }
                self.effects = Effects::new();
                self.clock.reset();
                // The new sim starts its own step count: a replay, and rewinding, start
                // with it.
                self.timeline = Timeline::new(self.play.sim());
                Some(self.rock.clone())
            }
            Reloaded::Failed => None,
        }
    }

    /// What is wrong with the level file since the last reload, if anything: its first
    /// [`MOST_PROBLEMS_SHOWN`] problems on a line each (file:line:column: item: message),
    /// and a count of the rest.
    pub fn reload_error(&self) -> Option<String> {
        self.play
            .error()
            .map(|e| e.first_lines(MOST_PROBLEMS_SHOWN, self.play.path()))
    }

    /// Takes one fixed step with `actions`, moves the camera and plays its sounds.
    pub fn step(&mut self, actions: &Actions, audio: &Audio) {
        self.step_all(std::slice::from_ref(actions), audio);
    }

    /// Takes one fixed step with every player's actions, moves the cameras and plays its
    /// sounds.
    pub fn step_all(&mut self, actions: &[Actions], audio: &Audio) {
        self.timeline.step(self.play.sim_mut(), actions);
        self.effects.after_steps(self.play.sim(), actions);
        self.follow_ship();
        crate::audio::game_sounds::play_step(audio, self.play.sim());
    }

    /// Players in the level.
    pub fn players(&self) -> usize {
        self.play.players()
    }

    /// Zooms the view (every player's, in a match).
    pub fn zoom_by(&mut self, factor: f32) {
        self.camera.zoom_by(factor);
        if let Some(v) = &mut self.views {
            v.zoom_by(factor);
        }
    }

    /// Runs time back `steps` fixed steps, as far as the rewind buffer reaches; returns the
    /// steps it went back. Silent: the sounds of a step are heard only going forward.
    pub fn rewind(&mut self, steps: u64) -> u64 {
        let back = self.timeline.rewind(self.play.sim_mut(), steps);
        if back > 0 {
            self.effects
                .after_step(self.play.sim(), &Actions::default());
            self.follow_ship();
        }
        back
    }

    fn follow_ship(&mut self) {
        let sim = self.play.sim();
        if let Some(v) = &mut self.views {
            v.follow(sim);
        }
        if let Some(ship) = sim.ship() {
            let (p, v) = (ship.position(), ship.linear_velocity());
            self.camera.follow(
                Vec2::new(p.x as f32, p.y as f32),
                Vec2::new(v.x as f32, v.y as f32),
                sim.time_step() as f32,
            );
        }
    }

    /// Saves the session so far as a replay in the config folder's `replays/`; returns its
    /// path.
    pub fn save_replay(&self) -> Result<PathBuf, String> {
        let dir = config_dir()
            .ok_or("no folder for replays: neither XDG_CONFIG_HOME nor HOME is set")?
            .join("replays");
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("{}: cannot create the folder: {e}", dir.display()))?;
        let level = self.play.level();
        let stem = level
            .file
            .file_stem()
            .map_or("level".into(), |s| s.to_string_lossy().into_owned());
        let mut n = 1;
        let path = loop {
            let p = dir.join(format!("{stem}-{n:03}.ron"));
            if !p.exists() {
                break p;
            }
            n += 1;
        };
        InputScript::record(level, &self.timeline.tracks(), self.play.sim())
            .save(&path)
            .map_err(|e| e.to_string())?;
        Ok(path)
    }
}
