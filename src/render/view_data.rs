//! One view's data for a frame, built on the CPU and then uploaded to the view's buffers:
//! the rock in view (its triangles' indices and its outline's segments) and the snapshot's
//! bodies, ships, beams, debug lines and particles as vertices and records. What the view
//! cannot show is left out, and what crosses its edge is kept inside it (see `cull`).

use super::camera::View;
use super::cull::{clip_triangle, ViewBox};
use super::glow::{Halos, HALO_REACH_PX};
use super::outlines::{push_outline, OutlineLook, OutlineScratch, OutlineVertex};
use super::pipelines::{FillVertex, LineInstance, ParticleInstance};
use super::scene_pass::Rock;
use super::snapshot::{ShipDraw, Snapshot};
use glam::Vec2;

/// Rock outline: core half-width and glow radius, pixels (its colour is the world's).
pub(super) const ROCK_LINE_WIDTH: [f32; 2] = [1.1, 7.0];
/// Body outlines.
const BODY_LINE_WIDTH: [f32; 2] = [0.9, 2.5];
/// Ship outline (core and glow, pixels) and the first player's colour.
const SHIP_LINE: ([f32; 2], [f32; 4]) = ([1.2, 6.0], [0.55, 1.0, 0.75, 1.4]);
/// Each player's ship colour, in player order: green, violet, sky blue, gold.
pub const SHIP_COLORS: [[f32; 4]; 4] = [
    SHIP_LINE.1,
    [0.95, 0.5, 1.0, 1.4],
    [0.45, 0.75, 1.0, 1.4],
    [1.0, 0.85, 0.35, 1.4],
];
/// Beams.
const BEAM_WIDTH: [f32; 2] = [1.5, 9.0];
/// Debug lines: a thin core, no glow.
const DEBUG_WIDTH: [f32; 2] = [1.0, 1.5];
/// The flames' stroke.
const FLAME_WIDTH: [f32; 2] = [1.0, 8.0];
/// Smallest particle radius drawn, pixels (as in `shaders/particle.wgsl`).
const MIN_PARTICLE_PX: f32 = 1.5;
/// How far inside the view's edges, pixels, geometry is cut to (see `cull`): under half a
/// pixel, so no pixel's centre is lost, and far above the rounding of world positions.
const CLIP_INSET_PX: f32 = 0.125;

fn premultiply(c: [f32; 4]) -> [f32; 4] {
    [c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3]]
}

/// How far a stroke of `width` (core and glow, pixels) reaches from its line, metres; with
/// `halo`, as far as a bright stroke's halo.
fn reach(width: [f32; 2], halo: bool, pixels_per_metre: f32) -> f32 {
    let px = width[0] + width[1];
    if halo {
        px.max(HALO_REACH_PX) / pixels_per_metre
    } else {
        px / pixels_per_metre
    }
}

/// The vertices and records of the view being built: rebuilt for each view of each frame,
/// keeping their room.
#[derive(Debug)]
pub(super) struct ViewData {
    /// Indices of the rock's triangles in view.
    pub rock_index_data: Vec<u32>,
    /// Filled triangles, three corners each.
    pub fill_data: Vec<FillVertex>,
    /// Bodies' outlines' triangles.
    pub outline_data: Vec<OutlineVertex>,
    outline_scratch: OutlineScratch,
    /// Outline triangles that cross the view's edge, drawn after the rest (see `cull`).
    outline_crossing: Vec<OutlineVertex>,
    /// What the view being built shows, just inside its edges (see `cull`).
    inside: ViewBox,
    /// Whether geometry crossing the view's edge is cut to it and drawn last.
    pub cut_to_view: bool,
    /// Triangles that crossed the edges of this frame's views so far.
    pub crossing: u32,
    /// The halos of bright body outlines' edges, which follow the lines' in `line_data`.
    body_halos: Vec<LineInstance>,
    /// The rock's outline segments in view, then every other line.
    pub line_data: Vec<LineInstance>,
    /// How many of `line_data` are the rock's.
    pub rock_lines: u32,
    /// How many of `line_data` are drawn as strokes (the rest are the bright ones again,
    /// for their halos).
    pub halo_lines: u32,
    /// The particles in view.
    pub particle_data: Vec<ParticleInstance>,
}

impl Default for ViewData {
    fn default() -> ViewData {
        ViewData {
            rock_index_data: Vec::new(),
            fill_data: Vec::new(),
            outline_data: Vec::new(),
            outline_scratch: OutlineScratch::default(),
            outline_crossing: Vec::new(),
            inside: ViewBox {
                min: Vec2::ZERO,
                max: Vec2::ZERO,
            },
            cut_to_view: true,
            crossing: 0,
            body_halos: Vec::new(),
            line_data: Vec::new(),
            rock_lines: 0,
            halo_lines: 0,
            particle_data: Vec::new(),
        }
    }
}

impl ViewData {
    fn line(&mut self, halos: &mut Halos, a: Vec2, b: Vec2, color: [f32; 4], width: [f32; 2]) {
        self.line_data.push(LineInstance {
            a: a.to_array(),
            b: b.to_array(),
            color,
            width,
            halo: halos.of(color, width),
        });
    }

    /// A body outlined by `points`: its fill, and its stroke; a bright stroke's edges also
    /// go to the halo list.
    fn body(
        &mut self,
        halos: &mut Halos,
        points: &[Vec2],
        fill: [f32; 4],
        look: OutlineLook,
        pixels_per_metre: f32,
    ) {
        let c = premultiply(fill);
        for i in 1..points.len().saturating_sub(1) {
            self.fill_triangle([points[0], points[i], points[i + 1]], c);
        }
        let (scratch, data) = (&mut self.outline_scratch, &mut self.outline_data);
        let first = data.len();
        push_outline(data, scratch, points, &look, pixels_per_metre);
        let inside = &self.inside;
        if !inside.holds(data[first..].iter().map(|v| Vec2::from(v.pos))) {
            self.crossing += (data.len() - first) as u32 / 3;
            self.outline_crossing.extend(data.drain(first..));
        }
        let halo = halos.of(look.color, look.width);
        if halo[0] > 0.0 {
            let n = points.len();
            self.body_halos.extend((0..n).map(|i| LineInstance {
                a: points[i].to_array(),
                b: points[(i + 1) % n].to_array(),
                color: look.color,
                width: look.width,
                halo,
            }));
        }
    }

    /// A filled triangle of premultiplied colour `color`, cut to the view where it crosses
    /// the view's edge.
    fn fill_triangle(&mut self, tri: [Vec2; 3], color: [f32; 4]) {
        let vertex = |p: Vec2| FillVertex {
            pos: p.to_array(),
            color,
        };
        if self.inside.holds(tri) {
            self.fill_data.extend(tri.map(vertex));
            return;
        }
        self.crossing += 1;
        let clipped = clip_triangle(tri, &self.inside);
        let c = clipped.corners();
        for i in 1..c.len().saturating_sub(1) {
            self.fill_data.extend([c[0], c[i], c[i + 1]].map(vertex));
        }
    }

    /// A ship: its flames while the engines push, its parts, each outlined in the
    /// player's colour turning red as it is hurt.
    fn ship(&mut self, halos: &mut Halos, ship: &ShipDraw, time: f32, pixels_per_metre: f32) {
        if ship.throttle > 0.01 {
            // The flames: flickering additive tongues behind the working engines.
            let flicker = 0.8 + 0.2 * (time * 57.0).sin() * (time * 23.0).cos();
            let len = (0.4 + 0.7 * ship.throttle) * flicker;
            let side = ship.nose.perp() * 0.1;
            let hot = [
                1.0 * ship.throttle,
                0.6 * ship.throttle,
                0.2 * ship.throttle,
                0.0,
            ];
            for &tail in &ship.nozzles {
                let tip = tail - ship.nose * len;
                self.fill_triangle([tail - side, tail + side, tip], hot);
                let color = [1.0, 0.7, 0.3, 1.5 * ship.throttle];
                self.line(halos, tail, tip, color, FLAME_WIDTH);
            }
        }
        let (w, c) = (SHIP_LINE.0, SHIP_COLORS[ship.player % SHIP_COLORS.len()]);
        for (part, &health) in ship.parts.iter().zip(&ship.health) {
            // Hurt parts glow from the ship's colour towards red.
            let hurt = 1.0 - health.clamp(0.0, 1.0);
            let edge = [
                c[0] + (1.0 - c[0]) * hurt,
                c[1] * (1.0 - 0.8 * hurt),
                c[2] * (1.0 - hurt),
                c[3],
            ];
            let look = OutlineLook {
                color: edge,
                width: w,
            };
            self.body(halos, part, [0.04, 0.08, 0.07, 1.0], look, pixels_per_metre);
        }
    }

    /// Picks the rock in view: its triangles' indices and its outline's segments (which
    /// start the line list).
    fn build_rock(&mut self, rock: &Rock, view: &View, pixels_per_metre: f32, halo: bool) {
        self.rock_index_data.clear();
        self.line_data.clear();
        let seen = ViewBox::of(view, 0.0);
        for (i, &(min, max)) in rock.boxes.iter().enumerate() {
            if seen.overlaps(min, max) {
                let v = 3 * i as u32;
                self.rock_index_data.extend([v, v + 1, v + 2]);
            }
        }
        let seen = ViewBox::of(view, reach(ROCK_LINE_WIDTH, halo, pixels_per_metre));
        let visible = rock
            .outline
            .iter()
            .filter(|l| seen.shows_segment(Vec2::from(l.a), Vec2::from(l.b)));
        self.line_data.extend(visible);
        self.rock_lines = self.line_data.len() as u32;
    }

    /// Turns the rock in `view` and the snapshot into vertex and record data, leaving out
    /// what `view` cannot show; strokes get their halos from `halos` where `halo` is on.
    pub fn build(
        &mut self,
        snap: &Snapshot,
        view: &View,
        pixels_per_metre: f32,
        rock: &Rock,
        halos: &mut Halos,
        halo: bool,
    ) {
        self.fill_data.clear();
        self.outline_data.clear();
        self.body_halos.clear();
        self.particle_data.clear();
        self.inside = if self.cut_to_view {
            ViewBox::inside(view, CLIP_INSET_PX / pixels_per_metre)
        } else {
            ViewBox {
                min: Vec2::NEG_INFINITY,
                max: Vec2::INFINITY,
            }
        };
        self.build_rock(rock, view, pixels_per_metre, halo);
        let bodies = ViewBox::of(view, reach(BODY_LINE_WIDTH, halo, pixels_per_metre));
        for b in &snap.bodies {
            let pts = &snap.points[b.first as usize..(b.first + b.count) as usize];
            if bodies.shows_points(pts) {
                let look = OutlineLook {
                    color: b.edge,
                    width: BODY_LINE_WIDTH,
                };
                self.body(halos, pts, b.fill, look, pixels_per_metre);
            }
        }
        for ship in &snap.ships {
            self.ship(halos, ship, snap.time, pixels_per_metre);
        }
        // Blended by the brightest, outlines come out the same in any order.
        self.outline_data.append(&mut self.outline_crossing);
        let beams = ViewBox::of(view, reach(BEAM_WIDTH, halo, pixels_per_metre));
        for beam in &snap.beams {
            if beams.shows_segment(beam.from, beam.to) {
                self.line(halos, beam.from, beam.to, beam.color, BEAM_WIDTH);
            }
        }
        let debug = ViewBox::of(view, reach(DEBUG_WIDTH, halo, pixels_per_metre));
        for l in &snap.debug_lines {
            if debug.shows_segment(l.from, l.to) {
                self.line(halos, l.from, l.to, l.color, DEBUG_WIDTH);
            }
        }
        self.halo_lines = self.line_data.len() as u32;
        if halo {
            // The bright lines again, for the halo pass.
            for i in 0..self.line_data.len() {
                if self.line_data[i].halo[0] > 0.0 {
                    self.line_data.push(self.line_data[i]);
                }
            }
            self.line_data.extend_from_slice(&self.body_halos);
        }
        let seen = ViewBox::of(view, 0.0);
        let min_radius = MIN_PARTICLE_PX / pixels_per_metre;
        let particles = snap
            .particles
            .iter()
            .filter(|p| seen.shows_disc(p.position, p.size.max(min_radius)));
        self.particle_data
            .extend(particles.map(|p| ParticleInstance {
                pos: p.position.to_array(),
                size: p.size,
                pad: 0.0,
                color: p.color,
            }));
    }
}
