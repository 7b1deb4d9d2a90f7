//! Co-op: players fly a level together. Each has their own lives (`lives.rs`); the level
//! is won when its objective is met by any of them (`objective.rs`) and lost when all are
//! out of lives. What this file adds is a start for every player on a level that gives
//! fewer — a campaign level has one — found beside the first start in open space.

use crate::geom::{Aabb, Vec2};
use crate::level::LoadedLevel;

/// Open space a derived start needs around it (m): the ship's reach from its centre (its
/// nose, 0.8 m) and a margin. A start resting just above a floor, as the shipped levels'
/// do, has the same room beside it.
pub const START_CLEARANCE: f64 = 0.85;
/// How far apart derived starts are tried (m).
const START_SPACING: f64 = 2.5;

/// Whether a ship could start at `p`: outside rock, with no rock within
/// [`START_CLEARANCE`].
fn open(loaded: &LoadedLevel, p: Vec2) -> bool {
    if loaded.world.solid.contains(p) {
        return false;
    }
    let r = Vec2::splat(START_CLEARANCE);
    let near = loaded.tree.query_aabb(&Aabb::new(p - r, p + r));
    near.iter().all(|&i| {
        let s = &loaded.tree.segments()[i as usize];
        (s.closest_point(p).0 - p).length() >= START_CLEARANCE
    })
}

/// A start for each of `players`: the level's own, then, where it gives fewer, starts
/// beside its first — to the right, the left, then above, farther each time — each in
/// open space and clear of the others. Where no such place is found, the first start
/// itself (the ships push each other apart).
pub fn starts_for(loaded: &LoadedLevel, players: usize) -> Vec<(Vec2, f64)> {
    let mut starts: Vec<(Vec2, f64)> = loaded
        .level
        .starts()
        .iter()
        .map(|s| (s.position, s.angle))
        .collect();
    let Some(&(first, angle)) = starts.first() else {
        return starts;
    };
    let mut tries = Vec::new();
    for k in 1..=4 {
        let d = START_SPACING * k as f64;
        tries.extend([Vec2::new(d, 0.0), Vec2::new(-d, 0.0), Vec2::new(0.0, d)]);
    }
    while starts.len() < players {
        let free = tries.iter().map(|t| first + *t).find(|&p| {
            open(loaded, p)
                && starts
                    .iter()
                    .all(|(s, _)| (*s - p).length() >= START_SPACING - 1e-9)
        });
        starts.push((free.unwrap_or(first), angle));
    }
    starts
}
