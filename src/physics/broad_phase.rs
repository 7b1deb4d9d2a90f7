//! Broad phase for bodies: a uniform grid.
//!
//! Each collider's bounding box is entered into every grid cell it covers; colliders that
//! share a cell are candidate pairs, kept when their boxes really overlap. The cell size
//! follows the colliders (twice the median box size), so a pile of debris costs about one
//! cell each whatever the world's extent. Everything is sorted, never hashed, so the pair
//! list comes out in the same order on every run. A stack of bodies is no harder than a
//! scattered field, unlike a single-axis sweep where a tall column overlaps all the way up.
//!
//! The grid is kept between steps: when a few colliders leave their loose boxes, only their
//! cells are replaced and only their pairs are found again ([`GridBroadPhase::update`]),
//! giving the same pairs as a build from scratch.

use crate::geom::Aabb;

/// The grid, kept between steps. A copy of a world starts without one (it is built again
/// from scratch on the copy's first broad phase, with the same result).
#[derive(Default, Debug)]
pub(crate) struct GridBroadPhase {
    /// `(cell key, collider)` for every cell of every collider not in `big`, sorted.
    cells: Vec<(u64, u32)>,
    sizes: Vec<f64>,
    /// Colliders covering too many cells, paired by brute force; sorted.
    big: Vec<u32>,
    /// The cell size of the last build; zero when there is no grid.
    cell: f64,
    /// How many entries the grid was built for.
    len: usize,
    /// Working memory of [`GridBroadPhase::update`].
    fresh: Vec<(u64, u32)>,
    merged: Vec<(u64, u32)>,
    changed: Vec<bool>,
}

impl Clone for GridBroadPhase {
    fn clone(&self) -> Self {
        GridBroadPhase::default()
    }
}

/// What the grid needs to know of a collider.
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// Whether two colliders may touch: different bodies, at least one dynamic and one moving,
/// and their boxes overlap.
fn allowed(entries: &[Option<Entry>], i: u32, j: u32) -> bool {
    let (a, b) = (entries[i as usize].as_ref(), entries[j as usize].as_ref());
    let (Some(a), Some(b)) = (a, b) else {
        return false;
    };
    a.body != b.body
        && (a.dynamic || b.dynamic)
        && (a.moving || b.moving)
        && a.aabb.overlaps(&b.aabb)
}

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
        self.cell = 0.0;
        if sizes.is_empty() {
            return;
        }
        let mid = sizes.len() / 2;
        let median = *sizes.select_nth_unstable_by(mid, f64::total_cmp).1;
        let cell = (2.0 * median).max(1e-3);
        self.cell = cell;
        self.len = entries.len();
        self.cells.clear();
        let big = &mut self.big;
        big.clear();
        for (i, e) in entries.iter().enumerate() {
            let Some(e) = e else { continue };
            match covered(&e.aabb, cell) {
                Some((lo, hi)) => {
                    for x in lo.0..=hi.0 {
                        for y in lo.1..=hi.1 {
                            self.cells.push((cell_key(x, y), i as u32));
                        }
                    }
                }
                None => big.push(i as u32),
            }
        }
        self.cells.sort_unstable();
        let allowed = |i: u32, j: u32| allowed(entries, i, j);
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

    /// Whether the grid was built for `len` entries and can be updated.
    pub fn can_update(&self, len: usize) -> bool {
        self.cell > 0.0 && self.len == len
    }

    /// Which entries the last [`GridBroadPhase::update`] was told had changed, by index.
    pub fn changed(&self) -> &[bool] {
        &self.changed
    }

    /// Updates the grid after the entries listed in `changed` (ascending) changed, and puts
    /// in `out` every allowed pair with at least one of them, sorted. With the pairs of
    /// the last build that involve none of them, that is exactly what
    /// [`GridBroadPhase::pairs`] would find now.
    pub fn update(
        &mut self,
        entries: &[Option<Entry>],
        changed: &[u32],
        out: &mut Vec<(u32, u32)>,
    ) {
        debug_assert!(self.can_update(entries.len()));
        out.clear();
        let cell = self.cell;
        self.changed.clear();
        self.changed.resize(entries.len(), false);
        for &i in changed {
            self.changed[i as usize] = true;
        }
        let flags = &self.changed;
        self.cells.retain(|&(_, i)| !flags[i as usize]);
        self.big.retain(|&i| !flags[i as usize]);
        self.fresh.clear();
        for &i in changed {
            let Some(e) = &entries[i as usize] else {
                continue;
            };
            match covered(&e.aabb, cell) {
                Some((lo, hi)) => {
                    for x in lo.0..=hi.0 {
                        for y in lo.1..=hi.1 {
                            self.fresh.push((cell_key(x, y), i));
                        }
                    }
                }
                None => self.big.push(i),
            }
        }
        self.big.sort_unstable();
        self.fresh.sort_unstable();
        merge_sorted(&self.cells, &self.fresh, &mut self.merged);
        std::mem::swap(&mut self.cells, &mut self.merged);
        for &i in changed {
            let Some(e) = &entries[i as usize] else {
                continue;
            };
            let mut pair = |j: u32| {
                if j != i && allowed(entries, i, j) {
                    out.push((i.min(j), i.max(j)));
                }
            };
            let Some((lo, hi)) = covered(&e.aabb, cell) else {
                (0..entries.len() as u32).for_each(pair);
                continue;
            };
            for x in lo.0..=hi.0 {
                for y in lo.1..=hi.1 {
                    let key = cell_key(x, y);
                    let start = self.cells.partition_point(|c| c.0 < key);
                    for &(_, j) in self.cells[start..].iter().take_while(|c| c.0 == key) {
                        pair(j);
                    }
                }
            }
            self.big.iter().for_each(|&j| pair(j));
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// The range of cells a box covers, or `None` when it covers more than [`MAX_CELLS`] or
/// its numbers are not finite. The count is taken before any cell index is: a box
/// thousands of kilometres across (a body flung at an absurd speed) has cell indices past
/// what an integer holds, and counted in integers its cells wrapped round to a few, which
/// were then walked one by one until memory ran out.
fn covered(aabb: &Aabb, cell: f64) -> Option<((i64, i64), (i64, i64))> {
    let lo = ((aabb.min.x / cell).floor(), (aabb.min.y / cell).floor());
    let hi = ((aabb.max.x / cell).floor(), (aabb.max.y / cell).floor());
    let count = (hi.0 - lo.0 + 1.0) * (hi.1 - lo.1 + 1.0);
    // Also false for NaN, and for a box whose sides are infinite.
    let few = count <= MAX_CELLS as f64;
    few.then_some(((lo.0 as i64, lo.1 as i64), (hi.0 as i64, hi.1 as i64)))
}

/// Merges two sorted lists into `out`.
pub(crate) fn merge_sorted<T: Copy + Ord>(a: &[T], b: &[T], out: &mut Vec<T>) {
    out.clear();
    out.reserve(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if b[j] < a[i] {
            out.push(b[j]);
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
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

    /// Numbers in [0, 1) from a fixed seed.
    fn uniform(mut seed: u64) -> impl FnMut() -> f64 {
        move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// Pairs of `entries` by brute force.
    fn brute_force(entries: &[Option<Entry>]) -> Vec<(u32, u32)> {
        let mut want = Vec::new();
        for i in 0..entries.len() as u32 {
            for j in i + 1..entries.len() as u32 {
                if allowed(entries, i, j) {
                    want.push((i, j));
                }
            }
        }
        want
    }

    #[test]
    fn boxes_too_far_or_too_wide_for_cell_indices_are_paired_by_brute_force() {
        let cell = 1.0;
        let far = Aabb::from_center(Vec2::new(1e300, 0.0), Vec2::splat(0.5));
        let across = Aabb {
            min: Vec2::new(-1e19, -1.0),
            max: Vec2::new(1e19, 1.0),
        };
        let nan = Aabb::from_center(Vec2::new(f64::NAN, 0.0), Vec2::splat(0.5));
        let endless = Aabb {
            min: Vec2::splat(f64::NEG_INFINITY),
            max: Vec2::splat(f64::INFINITY),
        };
        for b in [across, nan, endless] {
            assert_eq!(covered(&b, cell), None, "{b:?}");
        }
        // So far out, a box is a point to the number's precision: a cell or two, its
        // index saturated.
        let ((x0, y0), (x1, y1)) = covered(&far, cell).unwrap();
        assert_eq!((x0, x1), (i64::MAX, i64::MAX));
        assert_eq!((y0, y1), (-1, 0));
        let near = Aabb::from_center(Vec2::new(-3.2, 7.9), Vec2::splat(0.5));
        assert_eq!(covered(&near, cell), Some(((-4, 7), (-3, 8))));
        // Among ordinary boxes, the wide one still meets the one it overlaps, and the
        // one that is not a number meets none.
        let entries = vec![
            entry(0.0, 0.0, 0.5, 0),
            entry(5.0, 0.0, 0.5, 1),
            Some(Entry {
                aabb: across,
                body: 2,
                moving: true,
                dynamic: true,
            }),
            Some(Entry {
                aabb: nan,
                body: 3,
                moving: true,
                dynamic: true,
            }),
        ];
        let mut grid = GridBroadPhase::default();
        let mut out = Vec::new();
        grid.pairs(&entries, &mut out);
        assert_eq!(out, vec![(0, 2), (1, 2)]);
    }

    #[test]
    fn updating_a_few_colliders_finds_what_a_fresh_build_finds() {
        let mut next = uniform(99);
        let mut entries: Vec<Option<Entry>> = (0..400)
            .map(|i| {
                let mut e = entry(next() * 60.0 - 30.0, next() * 60.0 - 30.0, 0.3 + next(), i);
                if let Some(e) = e.as_mut() {
                    e.moving = next() < 0.7;
                    e.dynamic = next() < 0.9;
                }
                e
            })
            .collect();
        entries.push(entry(0.0, -40.0, 45.0, 999));
        let mut grid = GridBroadPhase::default();
        let mut pairs = Vec::new();
        grid.pairs(&entries, &mut pairs);
        assert_eq!(pairs, brute_force(&entries));
        let (mut fresh, mut total_changed) = (Vec::new(), 0);
        for round in 0..60 {
            // Move, grow, wake, put to sleep, empty or refill a few slots; now and then
            // one becomes huge.
            let mut changed = Vec::new();
            for _ in 0..1 + (next() * 12.0) as usize {
                let i = (next() * entries.len() as f64) as usize;
                let (x, y) = (next() * 60.0 - 30.0, next() * 60.0 - 30.0);
                let half = if round % 7 == 3 {
                    25.0
                } else {
                    0.2 + next() * 2.0
                };
                entries[i] = match (next() * 10.0) as u32 {
                    0 => None,
                    1 => entries[i].map(|e| Entry {
                        moving: !e.moving,
                        ..e
                    }),
                    _ => entry(x, y, half, i as u32),
                };
                changed.push(i as u32);
            }
            changed.sort_unstable();
            changed.dedup();
            total_changed += changed.len();
            assert!(grid.can_update(entries.len()));
            grid.update(&entries, &changed, &mut fresh);
            let touches = |&(a, b): &(u32, u32)| changed.contains(&a) || changed.contains(&b);
            assert!(
                fresh.iter().all(touches),
                "only the changed colliders' pairs"
            );
            pairs.retain(|p| !touches(p));
            pairs.extend_from_slice(&fresh);
            pairs.sort_unstable();
            assert_eq!(pairs, brute_force(&entries), "round {round}");
        }
        assert!(
            total_changed > 200,
            "the rounds changed enough to mean something"
        );
        assert!(!GridBroadPhase::clone(&grid).can_update(entries.len()));
    }

    #[test]
    fn pairs_match_brute_force() {
        let mut entries = Vec::new();
        let mut next = uniform(12345);
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
