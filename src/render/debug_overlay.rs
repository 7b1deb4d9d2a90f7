//! The designer's debug overlay (F1): rock outlines with their normals, the line tree's
//! boxes, body boxes, contact points and normals, zones with their names and state, and a
//! panel of flags, counters and timings. Built as plain lines and labels from the sim and
//! the level; the window draws the lines with the frame and the text with the UI.

use super::snapshot::{to_f32, Beam};
use crate::game::Sim;
use crate::geom::Aabb;
use crate::level::{LoadedLevel, ZoneShape};
use glam::Vec2;

/// Length of a drawn rock normal, m.
const NORMAL_LENGTH: f32 = 0.6;

/// A text label at a world position.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Where, world space.
    pub at: Vec2,
    /// The text.
    pub text: String,
    /// Colour, linear RGBA.
    pub color: [f32; 4],
}

/// Everything the overlay draws for one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DebugOverlay {
    /// Thin lines, world space.
    pub lines: Vec<Beam>,
    /// Labels in the world.
    pub labels: Vec<Label>,
    /// Lines of the text panel.
    pub panel: Vec<String>,
}

/// Frame and step timings for the panel.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timings {
    /// Frames per second.
    pub fps: f64,
    /// Time of the last simulation step, ms.
    pub step_ms: f64,
}

impl DebugOverlay {
    /// The overlay for `sim` running `level`.
    pub fn build(sim: &Sim, level: &LoadedLevel, timings: Timings) -> DebugOverlay {
        let mut o = DebugOverlay::default();
        const ROCK: [f32; 4] = [0.3, 1.0, 0.4, 0.9];
        const NORMAL: [f32; 4] = [1.0, 1.0, 0.3, 0.7];
        for s in sim.physics().rock() {
            let (a, b) = (to_f32(s.segment.a), to_f32(s.segment.b));
            o.line(a, b, ROCK);
            let mid = (a + b) * 0.5;
            o.line(
                mid,
                mid + to_f32(s.segment.normal()) * NORMAL_LENGTH,
                NORMAL,
            );
        }
        for (aabb, leaf) in level.tree.node_boxes() {
            let c = if leaf {
                [0.3, 0.5, 1.0, 0.35]
            } else {
                [0.6, 0.3, 1.0, 0.25]
            };
            o.aabb(&aabb, c);
        }
        for (_, aabb) in sim.physics().collider_aabbs() {
            o.aabb(&aabb, [1.0, 0.6, 0.2, 0.6]);
        }
        for e in sim.physics().contact_events() {
            let p = to_f32(e.point);
            let n = to_f32(e.normal);
            o.line(
                p - Vec2::new(0.1, 0.0),
                p + Vec2::new(0.1, 0.0),
                [1.0, 0.2, 0.2, 1.0],
            );
            o.line(p, p + n * 0.5, [1.0, 0.2, 0.2, 1.0]);
        }
        o.zones(sim, level);
        o.panel(sim, timings);
        o
    }

    fn line(&mut self, from: Vec2, to: Vec2, color: [f32; 4]) {
        self.lines.push(Beam { from, to, color });
    }

    fn aabb(&mut self, b: &Aabb, color: [f32; 4]) {
        let (lo, hi) = (to_f32(b.min), to_f32(b.max));
        let c = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
        for i in 0..4 {
            self.line(c[i], c[(i + 1) % 4], color);
        }
    }

    fn zones(&mut self, sim: &Sim, level: &LoadedLevel) {
        let states: Vec<_> = sim
            .script()
            .map(|s| s.zones().collect())
            .unwrap_or_default();
        for z in &level.level.zones {
            let state = states.iter().find(|(n, _)| *n == z.name).map(|(_, s)| *s);
            let occupied = state.is_some_and(|s| s.occupied);
            let color = if occupied {
                [0.3, 1.0, 1.0, 0.9]
            } else {
                [0.2, 0.6, 0.8, 0.6]
            };
            let outline: Vec<Vec2> = match &z.shape {
                ZoneShape::Rect { min, max } => {
                    let (lo, hi) = (to_f32(*min), to_f32(*max));
                    vec![lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)]
                }
                ZoneShape::Circle { center, radius } => (0..24)
                    .map(|i| {
                        let a = i as f32 / 24.0 * std::f32::consts::TAU;
                        to_f32(*center) + Vec2::new(a.cos(), a.sin()) * *radius as f32
                    })
                    .collect(),
                ZoneShape::Polygon { points } => points.iter().map(|p| to_f32(*p)).collect(),
            };
            for i in 0..outline.len() {
                self.line(outline[i], outline[(i + 1) % outline.len()], color);
            }
            let centre = outline.iter().copied().sum::<Vec2>() / outline.len().max(1) as f32;
            let fired = state.map_or(0, |s| s.fired);
            self.labels.push(Label {
                at: centre,
                text: format!(
                    "{}{} · fired {fired}",
                    z.name,
                    if occupied { " (inside)" } else { "" }
                ),
                color,
            });
        }
    }

    fn panel(&mut self, sim: &Sim, t: Timings) {
        self.panel.push(format!(
            "{:.0} fps · step {:.2} ms · {} bodies · {} contacts",
            t.fps,
            t.step_ms,
            sim.physics().body_count(),
            sim.physics().contact_events().len()
        ));
        if let Some(script) = sim.script() {
            let flags: Vec<String> = script
                .flags()
                .map(|(n, on)| format!("{n}={}", if on { "set" } else { "clear" }))
                .collect();
            if !flags.is_empty() {
                self.panel.push(format!("flags: {}", flags.join(", ")));
            }
            let counters: Vec<String> =
                script.counters().map(|(n, v)| format!("{n}={v}")).collect();
            if !counters.is_empty() {
                self.panel
                    .push(format!("counters: {}", counters.join(", ")));
            }
            self.panel
                .push(format!("level clock {:.2} s", script.clock()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Actions;
    use crate::level::load_level;

    #[test]
    fn the_overlay_shows_rock_normals_zones_and_flags() {
        let level = load_level(std::path::Path::new("levels/02_the_lock.ron")).unwrap();
        let mut sim = Sim::from_level(&level).unwrap();
        for _ in 0..30 {
            sim.step(&Actions::default());
        }
        let o = DebugOverlay::build(
            &sim,
            &level,
            Timings {
                fps: 60.0,
                step_ms: 0.2,
            },
        );
        let rock = sim.physics().rock().len();
        let nodes = level.tree.node_count();
        // Two lines per rock segment (edge and normal), four per tree node and per body box.
        assert!(
            o.lines.len() >= 2 * rock + 4 * nodes,
            "{} lines",
            o.lines.len()
        );
        assert_eq!(o.labels.len(), level.level.zones.len());
        // The ship starts inside the briefing zone, which has fired once.
        let briefing = o
            .labels
            .iter()
            .find(|l| l.text.starts_with("briefing"))
            .unwrap();
        assert!(
            briefing.text.contains("(inside)") && briefing.text.contains("fired 1"),
            "{}",
            briefing.text
        );
        assert!(
            o.panel.iter().any(|l| l == "flags: door_held=clear"),
            "{:?}",
            o.panel
        );
        // Each rock normal points out of the rock, away from the solid side.
        for s in sim.physics().rock() {
            let probe = (s.segment.a + s.segment.b) * 0.5 + s.segment.normal() * 0.05;
            assert!(!level.world.solid.contains(probe));
        }
    }
}
