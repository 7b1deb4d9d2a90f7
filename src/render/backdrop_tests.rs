use super::*;
use crate::render::camera::{BASE_HALF_HEIGHT, ZOOM_RANGE};
use glam::Vec2;

fn bounds() -> Option<Bounds> {
    Some(Bounds {
        min: Vec2::new(-90.0, -50.0),
        max: Vec2::new(110.0, 45.0),
    })
}

fn bits(b: &Backdrop) -> Vec<u32> {
    bytemuck::cast_slice::<BackdropVertex, u32>(&b.vertices).to_vec()
}

#[test]
fn the_same_level_gives_the_same_vertices_bit_for_bit() {
    for world in WorldKind::ALL {
        let seed = seed_of("The Mines of Moria");
        let a = Backdrop::build(world, seed, bounds());
        let b = Backdrop::build(world, seed, bounds());
        assert!(!a.vertices.is_empty());
        assert_eq!(a.vertices.len() % 3, 0);
        assert_eq!(bits(&a), bits(&b), "{world:?}");
    }
    // The seed is the name's FNV-1a 64 (the reference value of the empty string).
    assert_eq!(seed_of(""), 0xcbf2_9ce4_8422_2325);
}

#[test]
fn another_name_or_world_grows_other_silhouettes() {
    let mines = Backdrop::build(WorldKind::Mines, seed_of("a"), bounds());
    let other = Backdrop::build(WorldKind::Mines, seed_of("b"), bounds());
    assert_ne!(bits(&mines), bits(&other));
    let ice = Backdrop::build(WorldKind::Ice, seed_of("a"), bounds());
    let reactor = Backdrop::build(WorldKind::Reactor, seed_of("a"), bounds());
    assert_ne!(bits(&mines), bits(&ice));
    assert_ne!(bits(&ice), bits(&reactor));
    // Each world's colours come from its own palette.
    for (world, b) in [(WorldKind::Ice, &ice), (WorldKind::Reactor, &reactor)] {
        let far = Palette::of(world).far;
        assert!(b.vertices.iter().all(|v| {
            let c = [v.color[0], v.color[1], v.color[2]];
            (0..3).all(|k| {
                let (lo, hi) = (
                    far.iter().map(|f| f[k]).fold(f32::MAX, f32::min),
                    far.iter().map(|f| f[k]).fold(0.0, f32::max),
                );
                c[k] >= lo - 1e-6 && c[k] <= hi + 1e-6
            })
        }));
    }
}

#[test]
fn no_bounds_no_silhouettes() {
    assert!(Backdrop::build(WorldKind::Ice, 1, None).vertices.is_empty());
    let bad = Some(Bounds {
        min: Vec2::splat(f32::NAN),
        max: Vec2::ONE,
    });
    assert!(Backdrop::build(WorldKind::Ice, 1, bad).vertices.is_empty());
}

/// Where a layer's point shows, relative to the view's centre, for a camera at `c`.
fn on_screen(v: &BackdropVertex, c: Vec2) -> Vec2 {
    Vec2::from(v.pos) - c * v.parallax
}

#[test]
fn each_layer_spans_every_view_the_camera_can_show_and_scrolls_slower() {
    let b = bounds().unwrap();
    for world in WorldKind::ALL {
        let backdrop = Backdrop::build(world, 7, bounds());
        for layer in &LAYERS {
            let verts: Vec<_> = backdrop
                .vertices
                .iter()
                .filter(|v| v.parallax == layer.parallax)
                .collect();
            assert!(!verts.is_empty());
            assert!(layer.parallax > 0.0 && layer.parallax < 1.0);
            for zoom in [ZOOM_RANGE.0, 1.0, ZOOM_RANGE.1] {
                let half = Vec2::new(
                    BASE_HALF_HEIGHT * zoom * 16.0 / 9.0,
                    BASE_HALF_HEIGHT * zoom,
                );
                // The camera held at either side of the level, at its bottom and top.
                for c in [
                    Vec2::new(b.min.x + half.x, b.min.y + half.y),
                    Vec2::new(b.max.x - half.x, b.max.y - half.y),
                ] {
                    let xs = verts.iter().map(|v| on_screen(v, c).x);
                    let (lo, hi) = xs.fold((f32::MAX, f32::MIN), |(l, h), x| (l.min(x), h.max(x)));
                    assert!(
                        lo <= -half.x && hi >= half.x,
                        "{world:?} zoom {zoom}: {lo}..{hi}"
                    );
                    let ys = verts.iter().map(|v| on_screen(v, c).y);
                    let (lo, hi) = ys.fold((f32::MAX, f32::MIN), |(l, h), y| (l.min(y), h.max(y)));
                    assert!(
                        lo <= -half.y && hi >= half.y,
                        "{world:?} zoom {zoom}: {lo}..{hi}"
                    );
                }
            }
        }
    }
}
