//! The rock of the last few worlds built, kept by everything it is built from: the `world`
//! section, the flair and the mesh outlines. Loading a level whose rock did not change (a
//! designer moving a zone or a turret and saving, a replay checked against its level, the
//! same level loaded by the game and by `check`) reuses the built rock instead of running the
//! booleans again; organic rock is most of a level's load time. The key is the inputs' full
//! text, not only a hash of it, so two different worlds can never share an entry, and the
//! rock built is the same bits either way.

use crate::broad::LineTree;
use crate::brush::WorldGeometry;
use crate::hash::Fnv1a;
use std::sync::{Arc, Mutex};

/// How many worlds are kept: enough for a level being edited, the levels of a campaign
/// loaded one after another, and a few threads loading at once.
const KEEP: usize = 24;

/// The rock built from one key.
type Built = Arc<(WorldGeometry, LineTree)>;

/// Kept worlds, most recently used last: (hash of the key, the key, the rock).
type Kept = Mutex<Vec<(u64, String, Built)>>;

/// The worlds the game has built lately.
static RECENT: Kept = Mutex::new(Vec::new());

/// The rock for `key`, from the kept worlds or built by `build` (and then kept).
pub fn get_or_build(key: String, build: impl FnOnce() -> (WorldGeometry, LineTree)) -> Built {
    get_or_build_in(&RECENT, key, build)
}

/// Lets go of every kept world, so the next load of each builds its rock again: what a
/// benchmark of the build calls between runs.
pub fn forget_built_worlds() {
    RECENT.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

fn get_or_build_in(
    kept: &Kept,
    key: String,
    build: impl FnOnce() -> (WorldGeometry, LineTree),
) -> Built {
    let mut h = Fnv1a::new();
    h.write(key.as_bytes());
    let hash = h.finish();
    let found = {
        // A panic while the lock was held leaves the list as it was: still usable.
        let mut recent = kept.lock().unwrap_or_else(|e| e.into_inner());
        recent
            .iter()
            .position(|(h, k, _)| *h == hash && *k == key)
            .map(|i| {
                let entry = recent.remove(i);
                let built = entry.2.clone();
                recent.push(entry);
                built
            })
    };
    if let Some(built) = found {
        return built;
    }
    // Built outside the lock, so other threads load meanwhile.
    let built: Built = Arc::new(build());
    let mut recent = kept.lock().unwrap_or_else(|e| e.into_inner());
    if !recent.iter().any(|(h, k, _)| *h == hash && *k == key) {
        if recent.len() >= KEEP {
            recent.remove(0);
        }
        recent.push((hash, key, built.clone()));
    }
    built
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brush::{Brush, WorldBrushes};
    use crate::geom::Vec2;

    fn world(size: f64) -> (WorldGeometry, LineTree) {
        let brushes = WorldBrushes {
            rock: vec![Brush::Polygon(vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(size, 0.0),
                Vec2::new(size, size),
            ])],
            ..WorldBrushes::default()
        };
        let w = WorldGeometry::build(&brushes);
        let tree = LineTree::build(w.segments.iter().map(|s| s.segment).collect());
        (w, tree)
    }

    #[test]
    fn the_same_key_is_built_once_and_another_key_builds_its_own() {
        let kept = Kept::default();
        let key = |s: &str| s.to_string();
        let mut builds = 0;
        let a = get_or_build_in(&kept, key("a"), || {
            builds += 1;
            world(3.0)
        });
        let again = get_or_build_in(&kept, key("a"), || {
            builds += 1;
            world(3.0)
        });
        assert_eq!(
            builds, 1,
            "the second load of the same world reuses the first"
        );
        assert!(Arc::ptr_eq(&a, &again));
        let b = get_or_build_in(&kept, key("b"), || {
            builds += 1;
            world(5.0)
        });
        assert_eq!(builds, 2, "a different key is built");
        assert_ne!(a.0.segments, b.0.segments);
    }

    #[test]
    fn only_the_most_recent_worlds_are_kept() {
        let kept = Kept::default();
        let key = |i: usize| format!("world {i}");
        for i in 0..KEEP + 5 {
            get_or_build_in(&kept, key(i), || world(1.0 + i as f64));
        }
        let mut rebuilt = false;
        get_or_build_in(&kept, key(0), || {
            rebuilt = true;
            world(1.0)
        });
        assert!(rebuilt, "the oldest of more than {KEEP} worlds was let go");
        assert!(kept.lock().unwrap().len() <= KEEP);
    }
}
