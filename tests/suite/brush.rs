//! Boolean operations obey area arithmetic, and a carved world's segments face open space.

use crate::common;

use cavefly::brush::{Brush, Region, WorldBrushes, WorldGeometry};
use cavefly::geom::{left_perp, Vec2};
use proptest::prelude::*;

/// A random star-shaped (so simple) polygon around `center`.
fn arb_star() -> impl Strategy<Value = Vec<Vec2>> {
    (
        (-3.0f64..3.0, -3.0f64..3.0),
        prop::collection::vec((0.2f64..1.0, 0.5f64..3.0), 3..12),
    )
        .prop_map(|((cx, cy), spokes)| {
            let total: f64 = spokes.iter().map(|s| s.0).sum();
            let mut angle = 0.0;
            spokes
                .iter()
                .map(|&(step, r)| {
                    angle += step / total * std::f64::consts::TAU;
                    Vec2::new(cx, cy) + r * Vec2::new(angle.cos(), angle.sin())
                })
                .collect()
        })
}

/// Shoelace area, written here independently of the engine.
fn shoelace(p: &[Vec2]) -> f64 {
    let n = p.len();
    0.5 * (0..n)
        .map(|i| p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y)
        .sum::<f64>()
}

proptest! {
    #![proptest_config(common::config(64))]

    #[test]
    fn union_and_intersection_obey_area_arithmetic(a in arb_star(), b in arb_star()) {
        let (ra, rb) = (Region::from_contour(&a), Region::from_contour(&b));
        let (area_a, area_b) = (shoelace(&a).abs(), shoelace(&b).abs());
        prop_assert!((ra.area() - area_a).abs() <= 1e-4 * area_a);
        let union = ra.union(&rb).area();
        let inter = ra.intersection(&rb).area();
        let diff = ra.difference(&rb).area();
        let scale = area_a + area_b;
        prop_assert!((union - (area_a + area_b - inter)).abs() <= 1e-4 * scale, "{union} vs {area_a} + {area_b} - {inter}");
        prop_assert!((diff - (area_a - inter)).abs() <= 1e-4 * scale);
        prop_assert!(inter <= area_a.min(area_b) * (1.0 + 1e-4));
    }

    #[test]
    fn carved_world_segments_face_open_space(
        caves in prop::collection::vec(((-40.0f64..40.0, -40.0f64..40.0), 1.0f64..12.0), 1..8),
        tunnel in prop::collection::vec((-45.0f64..45.0, -45.0f64..45.0), 2..6),
        width in 1.0f64..6.0,
        spire in arb_star(),
    ) {
        let carve: Vec<Brush> = caves
            .iter()
            .map(|&((x, y), radius)| Brush::Circle { center: Vec2::new(x, y), radius })
            .chain(std::iter::once(Brush::Polyline {
                points: tunnel.iter().map(|&(x, y)| Vec2::new(x, y)).collect(),
                width,
            }))
            .collect();
        let spire: Vec<Vec2> = spire.iter().map(|p| *p * 3.0).collect();
        let brushes = WorldBrushes {
            rock: vec![Brush::Polygon(vec![
                Vec2::new(-50.0, -50.0),
                Vec2::new(50.0, -50.0),
                Vec2::new(50.0, 50.0),
                Vec2::new(-50.0, 50.0),
            ])],
            carve,
            add: vec![Brush::Polygon(spire)],
            flair: vec![],
        };
        let world = WorldGeometry::build(&brushes);
        prop_assert!(!world.segments.is_empty());
        let eps = 1e-5;
        for (i, ws) in world.segments.iter().enumerate() {
            let s = ws.segment;
            let len = s.length();
            if len < 1e-3 {
                continue;
            }
            let mid = 0.5 * (s.a + s.b);
            let out = mid + s.normal() * eps;
            let inside = mid + left_perp((s.b - s.a) / len) * eps;
            prop_assert!(!world.solid.contains(out), "segment {i} {s:?}: {out} is in rock");
            prop_assert!(world.solid.contains(inside), "segment {i} {s:?}: {inside} is not rock");
            prop_assert_eq!(world.segments[ws.next as usize].segment.a, s.b);
            prop_assert_eq!(world.segments[ws.prev as usize].segment.b, s.a);
            prop_assert_eq!(world.segments[ws.next as usize].chain, ws.chain);
        }
        let chained: u32 = world.chains.iter().map(|c| c.len).sum();
        prop_assert_eq!(chained as usize, world.segments.len());
        // The render triangles cover the rock's area.
        let render = world.render_mesh();
        let tri_area: f64 = render.triangles.iter().map(|t| {
            let [a, b, c] = t.map(|i| render.vertices[i as usize]);
            0.5 * (b - a).perp_dot(c - a)
        }).sum();
        prop_assert!((tri_area - world.solid.area()).abs() <= 1e-4 * world.solid.area());
    }
}

#[test]
fn carving_a_cave_leaves_a_hole_whose_segments_face_inwards() {
    let brushes = WorldBrushes {
        rock: vec![Brush::Polygon(vec![
            Vec2::new(-10.0, -10.0),
            Vec2::new(10.0, -10.0),
            Vec2::new(10.0, 10.0),
            Vec2::new(-10.0, 10.0),
        ])],
        carve: vec![Brush::Circle {
            center: Vec2::ZERO,
            radius: 5.0,
        }],
        ..Default::default()
    };
    let world = WorldGeometry::build(&brushes);
    assert_eq!(world.chains.len(), 2);
    assert_eq!(world.solid.polygons[0].holes.len(), 1);
    let cave_area = 400.0 - world.solid.area();
    let disc = std::f64::consts::PI * 25.0;
    assert!(cave_area < disc && cave_area > 0.99 * disc, "{cave_area}");
    // Segments of the cave's chain point towards its centre.
    let cave = if world.chains[0].len == 4 { 1 } else { 0 };
    for ws in world.chain_segments(cave) {
        let mid = 0.5 * (ws.segment.a + ws.segment.b);
        assert!(ws.segment.normal().dot(-mid / mid.length()) > 0.99);
    }
}
