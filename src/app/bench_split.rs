//! `cavefly shot --bench --split [LEVEL]`: the frame rate of one view against two views
//! sharing the frame (split-screen), at 1280×720 on the same level, the same step and the
//! same snapshot. The two views are the two players' cameras where the level seats two
//! ships, else two cameras on the one ship; each view is half the frame, so the pixels
//! drawn are the same and the difference is the second view's scene pass (its culling,
//! uploads and draw calls).

use super::bench::{load_line, whole, write_scene, Bench, Frame, BENCH_FRAMES, BENCH_SIZE};
use crate::game::Sim;
use crate::level::LoadedLevel;
use crate::render::layout::split_views;
use crate::render::player_views::PlayerCameras;
use crate::render::{Camera, Effects, RockMesh, Snapshot};
use glam::Vec2;
use std::fmt::Write;

/// The least share of the one-view frame rate two views must hold.
pub const TARGET_SHARE: f64 = 0.75;

/// The cameras of the level's start: one per player where it seats two, else two on the
/// one ship.
fn cameras(level: &LoadedLevel, rock: &RockMesh) -> Result<(Sim, Vec<Camera>), String> {
    let two = Sim::from_level_for(level, 2);
    let sim = match two {
        Ok(s) => s,
        Err(_) => Sim::from_level(level).map_err(|e| e.to_string())?,
    };
    let mut cams = PlayerCameras::new(&sim, rock.bounds).cameras().to_vec();
    if cams.len() < 2 {
        let first = cams
            .first()
            .copied()
            .unwrap_or(Camera::new(Vec2::ZERO, rock.bounds));
        cams = vec![first, first];
    }
    Ok((sim, cams))
}

/// Measures `level`'s start in one view, then in two, and returns the report (glow drawn
/// the `glow` way: "auto", "bloom" or "halo").
pub fn bench_split(level: &LoadedLevel, glow: &str) -> Result<String, String> {
    let mut b = Bench::open(glow)?;
    let (w, h) = BENCH_SIZE;
    let rock = RockMesh::from_level(level);
    let (sim, cams) = cameras(level, &rock)?;
    let snap = Snapshot::capture(&sim, 1.0, &Effects::new());
    let at = |snap: &Snapshot, i: usize| {
        let mut s = snap.clone();
        s.time += i as f32 / 60.0;
        s
    };
    let one_view = cams[0].view(w, h);
    let mut one = |i: usize| -> Frame { (whole(one_view), at(&snap, i)) };
    let rects = split_views(w, h, 2);
    let views: Vec<_> = rects
        .iter()
        .zip(&cams)
        .map(|(r, c)| (*r, c.view(r.width, r.height)))
        .collect();
    let mut two = |i: usize| -> Frame { (views.clone(), at(&snap, i)) };
    let single = b.measure(&rock, &mut one)?;
    let split = b.measure(&rock, &mut two)?;
    let mut out = format!("adapter: {}, {w}x{h}\nglow: {}\n", b.gpu_name(), b.glow());
    out.push_str(&load_line());
    let cameras = match sim.players() {
        1 => "two cameras on the one ship",
        _ => "each player's camera on their ship",
    };
    let what = format!(
        "{} ({}) at its start, {cameras}; {BENCH_FRAMES} frames",
        level.level.name,
        level.file.display(),
    );
    write_scene(&mut out, &format!("one view: {what}"), &single);
    write_scene(
        &mut out,
        &format!(
            "two views, split {}x{} and {}x{}: {what}",
            rects[0].width, rects[0].height, rects[1].width, rects[1].height
        ),
        &split,
    );
    let share = split.throughput / single.throughput.max(1e-9);
    let _ = writeln!(
        out,
        "two views hold {:.0}% of the one-view frame rate ({:.1} against {:.1} frames/s; mean frame {:.2} ms against {:.2} ms); the target is at least {:.0}%: {}",
        100.0 * share,
        split.throughput,
        single.throughput,
        split.frame.mean,
        single.frame.mean,
        100.0 * TARGET_SHARE,
        if share >= TARGET_SHARE { "met" } else { "NOT met" }
    );
    Ok(out)
}

/// `cavefly shot --bench --split [LEVEL]`: LEVEL, else the plain bench's level.
pub fn run(level: Option<&std::path::Path>, glow: &str) -> Result<String, String> {
    let path = match level {
        Some(p) => p.to_path_buf(),
        None => {
            crate::level::shipped::resolve_level(std::path::Path::new(super::bench::DEFAULT_LEVEL))
        }
    };
    bench_split(
        &crate::level::load_level(&path).map_err(|e| e.to_string())?,
        glow,
    )
}
