//! Broad phase for bodies: sweep and prune along x.
//!
//! Colliders stay sorted by the left edge of their bounding box. Bodies move a little each
//! step, so the insertion sort that restores the order does little work; the sweep then
//! only compares boxes whose x ranges overlap. Ties sort by collider index, so the pair list
//! comes out in the same order on every run.

use crate::geom::Aabb;

/// The sorted order of colliders, kept between steps.
#[derive(Default, Debug, Clone)]
pub(crate) struct SweepAndPrune {
    order: Vec<u32>,
}

/// What the sweep needs to know of a collider.
pub(crate) struct Entry {
    pub aabb: Aabb,
    pub body: u32,
    /// Whether its body moves (dynamic or kinematic).
    pub moving: bool,
    pub dynamic: bool,
}

impl SweepAndPrune {
    /// Overlapping pairs `(i, j)` with `i < j`, of colliders on different bodies where at
    /// least one body is dynamic, sorted. `entries[i]` is `None` for a free slot.
    pub fn pairs(&mut self, entries: &[Option<Entry>], out: &mut Vec<(u32, u32)>) {
        out.clear();
        self.order
            .retain(|&i| entries.get(i as usize).is_some_and(|e| e.is_some()));
        let present: usize = self.order.len();
        if present != entries.iter().filter(|e| e.is_some()).count() {
            // Colliders were added: rebuild the list (the sort below orders it).
            self.order = (0..entries.len() as u32)
                .filter(|&i| entries[i as usize].is_some())
                .collect();
        }
        let key = |i: u32| {
            let e = entries[i as usize].as_ref().expect("live entry");
            (e.aabb.min.x, i)
        };
        // Insertion sort: nearly sorted input costs close to one pass.
        for k in 1..self.order.len() {
            let item = self.order[k];
            let item_key = key(item);
            let mut j = k;
            while j > 0
                && key(self.order[j - 1]).partial_cmp(&item_key)
                    == Some(std::cmp::Ordering::Greater)
            {
                self.order[j] = self.order[j - 1];
                j -= 1;
            }
            self.order[j] = item;
        }
        for (k, &i) in self.order.iter().enumerate() {
            let a = entries[i as usize].as_ref().expect("live entry");
            for &j in &self.order[k + 1..] {
                let b = entries[j as usize].as_ref().expect("live entry");
                if b.aabb.min.x > a.aabb.max.x {
                    break;
                }
                if a.body == b.body || !(a.dynamic || b.dynamic) || !(a.moving || b.moving) {
                    continue;
                }
                if a.aabb.min.y <= b.aabb.max.y && b.aabb.min.y <= a.aabb.max.y {
                    out.push((i.min(j), i.max(j)));
                }
            }
        }
        out.sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Vec2;

    fn entry(x: f64, y: f64, body: u32) -> Option<Entry> {
        Some(Entry {
            aabb: Aabb::from_center(Vec2::new(x, y), Vec2::splat(0.5)),
            body,
            moving: true,
            dynamic: true,
        })
    }

    #[test]
    fn pairs_match_brute_force() {
        let mut entries = Vec::new();
        let mut seed = 12345u64;
        for i in 0..200 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = (seed >> 33) as f64 / (1u64 << 31) as f64 * 20.0;
            let y = (seed >> 11 & 0xffff) as f64 / 65536.0 * 20.0;
            entries.push(if i % 17 == 3 { None } else { entry(x, y, i) });
        }
        let mut sap = SweepAndPrune::default();
        let mut got = Vec::new();
        sap.pairs(&entries, &mut got);
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
        assert_eq!(got, want);
        // Move everything a little and ask again: the kept order must still be right.
        for e in entries.iter_mut().flatten() {
            e.aabb.min.x -= 0.3;
            e.aabb.max.x -= 0.3;
        }
        sap.pairs(&entries, &mut got);
        assert_eq!(got, want);
    }
}
