//! `cavefly shot`: simulate a level for some steps, with scripted inputs or none, and render
//! that frame offscreen to a PNG. No window is needed.

use crate::game::{Actions, InputScript, Sim};
use crate::level::{load_level, LoadedLevel};
use crate::render::glow::Glow;
use crate::render::offscreen::{Rgba8, OFFSCREEN_FORMAT};
use crate::render::player_views::PlayerCameras;
use crate::render::{Camera, Effects, Gpu, Offscreen, Renderer, RockMesh, Snapshot};
use glam::Vec2;
use std::path::{Path, PathBuf};

/// What to render.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotOptions {
    /// The level file.
    pub level: PathBuf,
    /// How many steps to simulate first.
    pub frame: u64,
    /// Input script driving the steps (no input when absent or once it runs out).
    pub inputs: Option<PathBuf>,
    /// Width and height, pixels.
    pub size: (u32, u32),
    /// How light glows; none lets the adapter decide ([`Glow::for_adapter`]).
    pub glow: Option<Glow>,
}

/// Parses `WxH`, e.g. `1280x720`.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("size `{text}`: expected WIDTHxHEIGHT in pixels, like 1280x720");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if w == 0 || h == 0 {
        return Err(bad());
    }
    Ok((w, h))
}

/// A level's sim advanced `frame` steps with `script`, with its effects and camera.
pub struct Replay {
    /// The simulation.
    pub sim: Sim,
    /// Particles and the flame.
    pub effects: Effects,
    /// The camera, following the ship step by step.
    pub camera: Camera,
}

/// The first ship's position and velocity, in the renderer's floats.
pub(super) fn ship_motion(sim: &Sim) -> Option<(Vec2, Vec2)> {
    sim.ship().map(|b| {
        let (p, v) = (b.position(), b.linear_velocity());
        (
            Vec2::new(p.x as f32, p.y as f32),
            Vec2::new(v.x as f32, v.y as f32),
        )
    })
}

impl Replay {
    /// Builds the sim of `level` for as many players as `script` has (one without) and
    /// steps it `frame` times with their actions; the camera follows player 1.
    pub fn run(
        level: &LoadedLevel,
        rock: &RockMesh,
        frame: u64,
        script: Option<&InputScript>,
    ) -> Result<Replay, String> {
        let players = script.map_or(1, |s| s.players.len().max(1));
        let mut sim = Sim::from_level_for(level, players).map_err(|e| e.to_string())?;
        let mut effects = Effects::new();
        let start = ship_motion(&sim).map_or(Vec2::ZERO, |m| m.0);
        let mut camera = Camera::new(start, rock.bounds);
        let mut actions = script.into_iter().flat_map(|s| s.steps());
        for _ in 0..frame {
            let a = actions.next().unwrap_or_default();
            sim.step(&a);
            effects.after_steps(&sim, &a);
            if let Some((p, v)) = ship_motion(&sim) {
                camera.follow(p, v, sim.time_step() as f32);
            }
        }
        Ok(Replay {
            sim,
            effects,
            camera,
        })
    }
}

/// Renders the frame `options` describe on `gpu`.
pub fn render_shot(gpu: &Gpu, options: &ShotOptions) -> Result<Rgba8, String> {
    let level = load_level(&options.level).map_err(|e| e.to_string())?;
    let script = match &options.inputs {
        Some(path) => Some(InputScript::load(path).map_err(|e| e.to_string())?),
        None => None,
    };
    let rock = RockMesh::from_level(&level);
    let replay = Replay::run(&level, &rock, options.frame, script.as_ref())?;
    let (w, h) = options.size;
    let target = Offscreen::new(gpu, w, h)?;
    let glow = gpu.glow(options.glow);
    let mut renderer = Renderer::with_glow(&gpu.device, OFFSCREEN_FORMAT, &rock, glow);
    let snap = Snapshot::capture(&replay.sim, 1.0, &replay.effects);
    target.capture(gpu, &mut renderer, &replay.camera.view(w, h), &snap)
}

/// A match of `players` players on `level` after `frames` steps, each step's actions by
/// player from `actions`: the sim, its effects and each player's camera.
pub struct SplitReplay {
    /// The sim after the last step.
    pub sim: Sim,
    /// Presentation effects.
    pub effects: Effects,
    /// One camera per player.
    pub cameras: PlayerCameras,
}

impl SplitReplay {
    /// Plays `frames` steps of `level` for `players` players.
    pub fn run(
        level: &LoadedLevel,
        rock: &RockMesh,
        players: usize,
        frames: u64,
        mut actions: impl FnMut(u64) -> Vec<Actions>,
    ) -> Result<SplitReplay, String> {
        let mut sim = Sim::from_level_for(level, players).map_err(|e| e.to_string())?;
        let mut effects = Effects::new();
        let mut cameras = PlayerCameras::new(&sim, rock.bounds);
        for step in 0..frames {
            let a = actions(step);
            sim.step(&a);
            effects.after_steps(&sim, &a);
            cameras.follow(&sim);
        }
        Ok(SplitReplay {
            sim,
            effects,
            cameras,
        })
    }

    /// Renders the frame, split between the players' views, at `size`.
    pub fn render(&self, gpu: &Gpu, rock: &RockMesh, size: (u32, u32)) -> Result<Rgba8, String> {
        let (w, h) = size;
        let target = Offscreen::new(gpu, w, h)?;
        let mut renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT, rock);
        let snap = Snapshot::capture(&self.sim, 1.0, &self.effects);
        target.capture_views(gpu, &mut renderer, &self.cameras.passes(w, h, &snap))
    }
}

/// `cavefly shot`: renders and writes the PNG; returns a line saying what was written.
pub fn shot(options: &ShotOptions, out: &Path) -> Result<String, String> {
    let gpu = Gpu::headless()?;
    let image = render_shot(&gpu, options)?;
    crate::render::image::write_png(out, &image)?;
    let glow = gpu.glow(options.glow);
    Ok(format!(
        "{}: frame {} of {} at {}x{} on {}, {} glow",
        out.display(),
        options.frame,
        options.level.display(),
        image.width,
        image.height,
        gpu.describe(),
        glow.name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_or_say_what_was_expected() {
        assert_eq!(parse_size("1280x720"), Ok((1280, 720)));
        assert_eq!(parse_size("64X48"), Ok((64, 48)));
        for bad in ["1280", "0x10", "ax3", "12x-3", ""] {
            assert!(
                parse_size(bad).unwrap_err().contains("WIDTHxHEIGHT"),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_camera_follows_the_replayed_ship() {
        let level = load_level(Path::new("levels/04_first_flight.ron")).unwrap();
        let rock = RockMesh::from_level(&level);
        let script =
            InputScript::parse("(version: 1, runs: [(frames: 120, thrust: true)])", "t").unwrap();
        let r = Replay::run(&level, &rock, 120, Some(&script)).unwrap();
        let ship = ship_motion(&r.sim).unwrap().0;
        assert!(
            (r.camera.center - ship).length() < 5.0,
            "{:?} {:?}",
            r.camera.center,
            ship
        );
        assert!(r.effects.throttle() > 0.9);
        assert!(!r.sim.particles().is_empty(), "the engines left exhaust");
    }
}
