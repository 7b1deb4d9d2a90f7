//! One level being played in the window: its loaded file, the running sim, the presentation
//! effects, the camera and the fixed-step clock. Restarting rebuilds the sim from the file
//! already loaded.

use super::clock::StepClock;
use crate::audio::Audio;
use crate::game::{Actions, Sim};
use crate::level::LoadedLevel;
use crate::render::{Camera, Effects, RockMesh};
use glam::Vec2;

/// A level in play.
pub struct Session {
    /// The level as loaded.
    pub level: LoadedLevel,
    /// The simulation.
    pub sim: Sim,
    /// Particles and the flame.
    pub effects: Effects,
    /// The camera following the ship.
    pub camera: Camera,
    /// The fixed-step accumulator.
    pub clock: StepClock,
    /// The rock's triangles and outline.
    pub rock: RockMesh,
}

fn ship_position(sim: &Sim) -> Vec2 {
    sim.ship().map_or(Vec2::ZERO, |s| {
        Vec2::new(s.position().x as f32, s.position().y as f32)
    })
}

impl Session {
    /// Starts `level` from its beginning.
    pub fn new(level: LoadedLevel) -> Result<Session, String> {
        let sim = Sim::from_level(&level)?;
        let rock = RockMesh::from_world(&level.world);
        Ok(Session {
            clock: StepClock::new(sim.time_step()),
            camera: Camera::new(ship_position(&sim), rock.bounds),
            effects: Effects::new(),
            sim,
            rock,
            level,
        })
    }

    /// Starts the same level again from its beginning (the zoom is kept).
    pub fn restart(&mut self) -> Result<(), String> {
        let zoom = self.camera.zoom;
        self.sim = Sim::from_level(&self.level)?;
        self.effects = Effects::new();
        self.camera = Camera::new(ship_position(&self.sim), self.rock.bounds);
        self.camera.zoom = zoom;
        self.clock.reset();
        Ok(())
    }

    /// Takes one fixed step with `actions`, moves the camera and plays its sounds.
    pub fn step(&mut self, actions: &Actions, audio: &Audio) {
        self.sim.step(actions);
        self.effects.after_step(&self.sim, actions);
        if let Some(ship) = self.sim.ship() {
            let (p, v) = (ship.position(), ship.linear_velocity());
            self.camera.follow(
                Vec2::new(p.x as f32, p.y as f32),
                Vec2::new(v.x as f32, v.y as f32),
                self.sim.time_step() as f32,
            );
        }
        crate::audio::game_sounds::play_step(audio, &self.sim);
    }
}
