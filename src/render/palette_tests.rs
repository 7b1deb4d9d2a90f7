//! The palettes against the game's own colours. Thresholds:
//! - a ship's or a bolt's light against every background colour of every world (the sky at
//!   both ends, the rock's light band, the far silhouettes) keeps a contrast ratio of at
//!   least 4.5:1 — WCAG 2's level for small text, which thin strokes and dots are like;
//! - against the rock's glowing edge, where ships fly close to walls, their colours differ
//!   by a CIE76 ΔE of at least 10 (about 2.3 is just noticeable; 10 tells them apart at a
//!   glance), so no player's ship reads as part of the wall;
//! - worlds differ from one another by ΔE 10 or more in their largest areas (the sky's top
//!   and the rock's light band) and visibly (ΔE 5) in their edges;
//! - the far silhouettes stay well darker than the rock's light band (8 units of L* or
//!   more), so they are never taken for rock one can hit.

use super::*;
use crate::render::capture::BOLT_COLOR;
use crate::render::renderer::SHIP_COLORS;

fn shown(c: [f32; 3]) -> [f32; 3] {
    displayed(c)
}

fn backgrounds(p: &Palette) -> Vec<(&'static str, [f32; 3])> {
    let mut v = vec![
        ("sky low", p.sky_low),
        ("sky high", p.sky_high),
        ("rock light", p.rock_light),
        ("rock dark", p.rock_dark),
    ];
    v.extend(p.far.iter().map(|&c| ("far", c)));
    v
}

fn game_lights() -> Vec<(String, [f32; 3])> {
    let mut v: Vec<(String, [f32; 3])> = SHIP_COLORS
        .iter()
        .enumerate()
        .map(|(i, &c)| (format!("ship {}", i + 1), light_of(c)))
        .collect();
    v.push(("bolt".into(), light_of(BOLT_COLOR)));
    v
}

#[test]
fn ships_and_bolts_stand_out_from_every_worlds_rock_and_background() {
    for world in WorldKind::ALL {
        let p = Palette::of(world);
        for (name, light) in game_lights() {
            let fg = shown(light);
            for (what, bg) in backgrounds(&p) {
                let ratio = contrast(fg, shown(bg));
                assert!(ratio >= 4.5, "{world:?}: {name} on {what}: {ratio:.2}");
            }
            let edge = shown(light_of(p.edge));
            let d = delta_e(fg, edge);
            assert!(
                d >= 10.0,
                "{world:?}: {name} against the rock's edge: ΔE {d:.1}"
            );
        }
    }
}

#[test]
fn every_world_has_its_own_colours() {
    for (i, a) in WorldKind::ALL.iter().enumerate() {
        for b in &WorldKind::ALL[i + 1..] {
            let (p, q) = (Palette::of(*a), Palette::of(*b));
            let sky = delta_e(shown(p.sky_high), shown(q.sky_high));
            let rock = delta_e(shown(p.rock_light), shown(q.rock_light));
            let edge = delta_e(shown(light_of(p.edge)), shown(light_of(q.edge)));
            assert!(sky >= 10.0, "{a:?}/{b:?} sky ΔE {sky:.1}");
            assert!(rock >= 10.0, "{a:?}/{b:?} rock ΔE {rock:.1}");
            assert!(edge >= 5.0, "{a:?}/{b:?} edge ΔE {edge:.1}");
        }
    }
}

#[test]
fn the_far_silhouettes_are_darker_than_the_rock_and_still_show_against_the_sky() {
    for world in WorldKind::ALL {
        let p = Palette::of(world);
        let rock = lab(shown(p.rock_light))[0];
        for (i, &c) in p.far.iter().enumerate() {
            let l = lab(shown(c))[0];
            assert!(
                l + 8.0 <= rock,
                "{world:?} far[{i}]: L* {l:.1} against rock {rock:.1}"
            );
        }
        // Each layer's crest shows against the sky behind it: at least just noticeably.
        for crest in [p.far[1], p.far[3]] {
            let d = delta_e(shown(crest), shown(p.sky_low))
                .min(delta_e(shown(crest), shown(p.sky_high)));
            assert!(d >= 2.3, "{world:?}: crest ΔE {d:.1} from the sky");
        }
    }
}

#[test]
fn the_measures_agree_with_known_values() {
    // White on black is 21:1; a colour against itself 1:1 and ΔE 0.
    assert!((contrast([1.0; 3], [0.0; 3]) - 21.0).abs() < 1e-3);
    assert!((contrast([0.3, 0.5, 0.7], [0.3, 0.5, 0.7]) - 1.0).abs() < 1e-6);
    // sRGB white is L* 100, a* b* 0; black L* 0.
    let w = lab([1.0; 3]);
    assert!(
        (w[0] - 100.0).abs() < 0.05 && w[1].abs() < 0.05 && w[2].abs() < 0.05,
        "{w:?}"
    );
    assert!(lab([0.0; 3])[0].abs() < 1e-4);
    // The glow pass's mapping: black stays black, bright light approaches white.
    assert_eq!(displayed([0.0; 3]), [0.0; 3]);
    assert!(displayed([20.0; 3])[0] > 0.999);
}
