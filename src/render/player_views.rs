//! Each player's own camera when players share the window: every camera follows its own
//! ship (smoothed, looking ahead, kept in the level), and the frame is split among them by
//! [`super::layout`], one view per player in player order. A player without a ship (lost,
//! waiting to respawn) keeps the camera where it was.

use super::camera::{Bounds, Camera, View};
use super::layout::{split_views, ViewRect};
use super::renderer::ViewPass;
use super::snapshot::Snapshot;
use crate::game::Sim;
use glam::Vec2;

/// Player `i`'s ship's position and velocity, in the renderer's precision.
fn ship_motion(sim: &Sim, i: usize) -> Option<(Vec2, Vec2)> {
    sim.ship_of(i).map(|b| {
        let (p, v) = (b.position(), b.linear_velocity());
        (
            Vec2::new(p.x as f32, p.y as f32),
            Vec2::new(v.x as f32, v.y as f32),
        )
    })
}

/// One camera per player.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerCameras {
    cameras: Vec<Camera>,
}

impl PlayerCameras {
    /// A camera on each of `sim`'s players' ships, kept inside `bounds`.
    pub fn new(sim: &Sim, bounds: Option<Bounds>) -> PlayerCameras {
        let cameras = (0..sim.players().max(1))
            .map(|i| {
                let mut c = Camera::new(Vec2::ZERO, bounds);
                if let Some((p, v)) = ship_motion(sim, i) {
                    c.snap(p, v);
                }
                c
            })
            .collect();
        PlayerCameras { cameras }
    }

    /// The cameras, in player order.
    pub fn cameras(&self) -> &[Camera] {
        &self.cameras
    }

    /// Moves every camera after one step of `sim`.
    pub fn follow(&mut self, sim: &Sim) {
        let dt = sim.time_step() as f32;
        for (i, c) in self.cameras.iter_mut().enumerate() {
            if let Some((p, v)) = ship_motion(sim, i) {
                c.follow(p, v, dt);
            }
        }
    }

    /// Zooms every camera by `factor`.
    pub fn zoom_by(&mut self, factor: f32) {
        for c in &mut self.cameras {
            c.zoom_by(factor);
        }
    }

    /// Each player's rectangle of a `width` × `height` frame and what it shows.
    pub fn views(&self, width: u32, height: u32) -> Vec<(ViewRect, View)> {
        let rects = split_views(width, height, self.cameras.len());
        rects
            .into_iter()
            .zip(&self.cameras)
            .map(|(r, c)| (r, c.view(r.width, r.height)))
            .collect()
    }

    /// The render passes of a frame of `snap`, one per player.
    pub fn passes<'a>(&self, width: u32, height: u32, snap: &'a Snapshot) -> Vec<ViewPass<'a>> {
        self.views(width, height)
            .into_iter()
            .map(|(rect, view)| ViewPass { rect, view, snap })
            .collect()
    }
}
