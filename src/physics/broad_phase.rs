//! Broad phase for bodies: a uniform grid rebuilt each step.
//!
//! Each collider's bounding box is entered into every grid cell it covers; colliders that
//! share a cell are candidate pairs, kept when their boxes really overlap. The cell size
//! follows the colliders (twice the median box size), so a pile of debris costs about one
//! cell each whatever the world's extent. Everything is sorted, never hashed, so the pair
//! list comes out in the same order on every run. A stack of bodies is no harder than a
//! scattered field, unlike a single-axis sweep where a tall column overlaps all the way up.

use crate::geom::Aabb;

/// Scratch storage kept between steps so the grid allocates once.
#[derive(Default, Debug, Clone)]
pub(crate) struct GridBroadPhase {
    cells: Vec<(u64, u32)>,
    sizes: Vec<f64>,
    big: Vec<u32>,
}

/// What the grid needs to know of a collider.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub aabb: Aabb,
    pub body: u32,
    /// Whether its body moves (dynamic or kinematic).
    pub moving: bool,
    pub dynamic: bool,
}

/// Colliders covering more cells than this are paired by brute force instead (a huge
/// static ground would otherwise fill the grid).
const MAX_CELLS: i64 = 64;

impl GridBroadPhase {
    /// Overlapping pairs `(i, j)` with `i < j`, of colliders on different bodies where at
    /// least one body is dynamic and one moves, sorted. `entries[i]` is `None` for a free
    /// slot.
    pub fn pairs(&mut self, entries: &[Option<Entry>], out: &mut Vec<(u32, u32)>) {
        out.clear();
        let sizes = &mut self.sizes;
        sizes.clear();
        sizes.extend(
            entries
                .iter()
                .flatten()
                .map(|e| e.aabb.size().max_element()),
        );
        if sizes.is_empty() {
            return;
        }
        let mid = sizes.len() / 2;
        let median = *sizes.select_nth_unstable_by(mid, f64::total_cmp).1;
        let cell = (2.0 * median).max(1e-3);
        self.cells.clear();
        let big = &mut self.big;
        big.clear();
        for (i, e) in entries.iter().enumerate() {
            let Some(e) = e else { continue };
            let lo = (
                (e.aabb.min.x / cell).floor() as i64,
                (e.aabb.min.y / cell).floor() as i64,
            );
            let hi = (
                (e.aabb.max.x / cell).floor() as i64,
                (e.aabb.max.y / cell).floor() as i64,
            );
            if (hi.0 - lo.0 + 1) * (hi.1 - lo.1 + 1) > MAX_CELLS {
                big.push(i as u32);
                continue;
            }
            for x in lo.0..=hi.0 {
                for y in lo.1..=hi.1 {
                    self.cells.push((cell_key(x, y), i as u32));
                }
            }
        }
        self.cells.sort_unstable();
        let allowed = |i: u32, j: u32| {
            let (a, b) = (entries[i as usize].as_ref(), entries[j as usize].as_ref());
            let (Some(a), Some(b)) = (a, b) else {
                return false;
            };
            a.body != b.body
                && (a.dynamic || b.dynamic)
                && (a.moving || b.moving)
                && a.aabb.overlaps(&b.aabb)
        };
        let mut start = 0;
        while start < self.cells.len() {
            let key = self.cells[start].0;
            let mut end = start + 1;
            while end < self.cells.len() && self.cells[end].0 == key {
                end += 1;
            }
            for k in start..end {
                for l in k + 1..end {
                    let (i, j) = (self.cells[k].1, self.cells[l].1);
                    if allowed(i, j) {
                        out.push((i.min(j), i.max(j)));
                    }
                }
            }
            start = end;
        }
        for &i in big.iter() {
            for (j, e) in entries.iter().enumerate() {
                let j = j as u32;
                if e.is_some() && j != i && (!big.contains(&j) || j > i) && allowed(i, j) {
                    out.push((i.min(j), i.max(j)));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// One key per cell, ordered by row then column.
fn cell_key(x: i64, y: i64) -> u64 {
    ((y as i32 as u32 as u64) << 32) | (x as i32 as u32 as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Vec2;

    fn entry(x: f64, y: f64, half: f64, body: u32) -> Option<Entry> {
        Some(Entry {
            aabb: Aabb::from_center(Vec2::new(x, y), Vec2::splat(half)),
            body,
            moving: true,
            dynamic: true,
        })
    }

    #[test]
    fn pairs_match_brute_force() {
        let mut entries = Vec::new();
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for i in 0..300 {
            let (x, y, half) = (
                next() * 40.0 - 20.0,
                next() * 40.0 - 20.0,
                0.2 + next() * 1.5,
            );
            entries.push(if i % 17 == 3 {
                None
            } else {
                entry(x, y, half, i)
            });
        }
        // One huge box, as a static ground would be.
        entries.push(entry(0.0, 0.0, 30.0, 999));
        let mut grid = GridBroadPhase::default();
        let mut got = Vec::new();
        grid.pairs(&entries, &mut got);
        let mut want = Vec::new();
        for i in 0..entries.len() {
            for j in i + 1..entries.len() {
                if let (Some(a), Some(b)) = (&entries[i], &entries[j]) {
                    if a.aabb.overlaps(&b.aabb) {
                        want.push((i as u32, j as u32));
                    }
                }
            }
        }
        assert!(
            want.len() > 300,
            "the test world is crowded enough to mean something"
        );
        assert_eq!(got, want);
    }
}
