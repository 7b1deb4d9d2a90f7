//! Scenes described once as plain data, built by the step bench in both engines and by the
//! resting tests in ours: piles of debris, columns of boxes, pyramids and caves.
//!
//! Included by `benches/step.rs` and by `tests/suite/physics_rest.rs` (through `#[path]`), so
//! the bench's figures and the tests' expectations are about the same scenes.
#![allow(dead_code)]

use cavefly::geom::{Circle, ConvexPolygon, Shape, Vec2};
use cavefly::physics::{
    BodyDef, BodyHandle, BodyKind, ColliderDef, PhysicsSettings, PhysicsWorld, RockSegment,
};
use cavefly::rng::Pcg32;

/// One scene, described once.
pub struct Scene {
    /// What it is, for tables.
    pub name: String,
    /// A static ground box: centre and half-extents.
    pub ground: Option<(Vec2, Vec2)>,
    /// Rock outlines: points walked with rock on the left, and whether the chain closes.
    pub rock: Vec<(Vec<Vec2>, bool)>,
    /// Dynamic bodies: position, angle and shape (in the body frame).
    pub bodies: Vec<(Vec2, f64, Shape)>,
}

/// A box pyramid of `rows` rows of 1 m boxes on a wide static ground.
pub fn pyramid(rows: usize) -> Scene {
    let mut bodies = Vec::new();
    let square: Shape = ConvexPolygon::rect(0.5, 0.5).unwrap().into();
    for row in 0..rows {
        for i in 0..rows - row {
            let x = i as f64 - (rows - row - 1) as f64 * 0.5;
            bodies.push((Vec2::new(x, 0.5 + row as f64), 0.0, square));
        }
    }
    Scene {
        name: format!("{rows}-row pyramid ({} boxes)", bodies.len()),
        ground: Some((Vec2::new(0.0, -1.0), Vec2::new(rows as f64 + 10.0, 1.0))),
        rock: Vec::new(),
        bodies,
    }
}

/// `columns` columns of `per_column` boxes of mixed sizes (half-widths and half-heights
/// 0.3–0.55 m), each box centred over the one below with a 5 cm gap, dropped onto flat
/// ground. A column stands if its boxes come to rest still stacked.
pub fn box_columns(seed: u64, columns: usize, per_column: usize) -> Scene {
    let mut rng = Pcg32::new(seed);
    let mut bodies = Vec::new();
    for c in 0..columns {
        let x = (c as f64 - (columns - 1) as f64 * 0.5) * 1.6;
        let mut y = 0.05;
        for _ in 0..per_column {
            let (hw, hh) = (rng.range(0.3, 0.55), rng.range(0.3, 0.55));
            let shape: Shape = ConvexPolygon::rect(hw, hh).unwrap().into();
            bodies.push((Vec2::new(x, y + hh), 0.0, shape));
            y += 2.0 * hh + 0.05;
        }
    }
    Scene {
        name: format!(
            "{} boxes in {columns} columns (seed {seed})",
            columns * per_column
        ),
        ground: Some((Vec2::new(0.0, -1.0), Vec2::new(columns as f64 + 20.0, 1.0))),
        rock: Vec::new(),
        bodies,
    }
}

/// A random convex polygon of 3 to 8 sides about `radius` across: a regular polygon with
/// its vertices pushed in and out and its start turned at random.
pub fn random_polygon(rng: &mut Pcg32, radius: f64) -> ConvexPolygon {
    let sides = rng.int(3, 8);
    let turn = rng.range(0.0, std::f64::consts::TAU);
    let pts: Vec<Vec2> = (0..sides)
        .map(|k| {
            let a = turn + std::f64::consts::TAU * (k as f64 + rng.range(-0.2, 0.2)) / sides as f64;
            let r = radius * rng.range(0.75, 1.0);
            Vec2::new(a.cos(), a.sin()) * r
        })
        .collect();
    ConvexPolygon::hull(&pts).unwrap_or_else(|_| ConvexPolygon::regular(sides, radius).unwrap())
}

/// `count` mixed convex polygons (3–8 sides, 0.3–0.55 m across) in a grid 10 wide, dropped
/// from up to ~12 m, at random angles.
fn polygon_grid_bodies(rng: &mut Pcg32, count: usize, base: Vec2) -> Vec<(Vec2, f64, Shape)> {
    (0..count)
        .map(|k| {
            let (col, row) = (k % 25, k / 25);
            let at = base + Vec2::new((col as f64 - 12.0) * 1.3, row as f64 * 1.3);
            let size = rng.range(0.3, 0.55);
            let shape: Shape = random_polygon(rng, size).into();
            (at, rng.range(0.0, std::f64::consts::TAU), shape)
        })
        .collect()
}

/// `count` mixed convex polygons dropped in a grid onto flat ground.
pub fn polygon_pile(seed: u64, count: usize) -> Scene {
    let mut rng = Pcg32::new(seed);
    Scene {
        name: format!("{count} polygons on flat ground (seed {seed})"),
        ground: Some((Vec2::new(0.0, -1.0), Vec2::new(60.0, 1.0))),
        rock: Vec::new(),
        bodies: polygon_grid_bodies(&mut rng, count, Vec2::new(0.0, 1.0)),
    }
}

/// The same polygons dropped onto jagged one-sided rock: a floor of random teeth between two
/// walls, one open chain walked with the rock below.
pub fn jagged_pile(seed: u64, count: usize) -> Scene {
    let mut rng = Pcg32::new(seed ^ 0x9e37_79b9);
    // Walk right to left so the rock is on the left (below and outside the walls).
    let mut floor = vec![Vec2::new(19.0, 30.0), Vec2::new(19.0, 0.0)];
    let mut x = 19.0;
    while x > -19.0 {
        x -= rng.range(0.4, 1.6);
        floor.push(Vec2::new(x.max(-19.0), rng.range(-0.6, 0.6)));
    }
    floor.push(Vec2::new(-19.0, 0.0));
    floor.push(Vec2::new(-19.0, 30.0));
    let mut rng = Pcg32::new(seed);
    Scene {
        name: format!("{count} polygons on jagged rock (seed {seed})"),
        ground: None,
        rock: vec![(floor, false)],
        bodies: polygon_grid_bodies(&mut rng, count, Vec2::new(0.0, 2.0)),
    }
}

/// `count` mixed debris (a quarter of them circles, the rest polygons 0.25–0.55 m across)
/// dropped from at most a few metres into a wide cave whose lumpy outline has `segments`
/// rock segments. The floor grows with the count so that every pile is about ten pieces
/// deep: the work per piece stays the same from a thousand pieces to sixteen thousand.
pub fn cave_debris(count: usize, segments: usize) -> Scene {
    let mut rng = Pcg32::new(7);
    let per_row = (count / 10).max(40);
    let (half_w, height) = (per_row as f64 * 1.5 * 0.5 + 4.0, 40.0);
    // The outline, clockwise so that the rock lies outside: up the left wall, along the
    // ceiling, down the right wall and back along a lumpy floor.
    let corners = [
        Vec2::new(-half_w, 0.0),
        Vec2::new(-half_w, height),
        Vec2::new(half_w, height),
        Vec2::new(half_w, 0.0),
    ];
    let perimeter = 2.0 * (2.0 * half_w + height);
    let mut cave = Vec::with_capacity(segments);
    for k in 0..segments {
        let d = k as f64 / segments as f64 * perimeter;
        let (top, right) = (height + 2.0 * half_w, 2.0 * height + 2.0 * half_w);
        let p = if d < height {
            corners[0] + Vec2::new(0.0, d)
        } else if d < top {
            corners[1] + Vec2::new(d - height, 0.0)
        } else if d < right {
            corners[2] - Vec2::new(0.0, d - top)
        } else {
            let x = half_w - (d - right);
            Vec2::new(x, 0.4 * (x * 0.7).sin() + 0.25 * (x * 2.3).cos())
        };
        cave.push(p);
    }
    let bodies = (0..count)
        .map(|k| {
            let (col, row) = (k % per_row, k / per_row);
            let at = Vec2::new(
                (col as f64 - (per_row - 1) as f64 * 0.5) * 1.5,
                1.5 + row as f64 * 1.2,
            );
            let size = 0.25 + 0.3 * rng.next_f64();
            let shape: Shape = if k % 4 == 0 {
                Circle::new(Vec2::ZERO, size).unwrap().into()
            } else {
                random_polygon(&mut rng, size).into()
            };
            (at, 0.0, shape)
        })
        .collect();
    Scene {
        name: format!("{count} debris piled in a {segments}-segment cave"),
        ground: None,
        rock: vec![(cave, true)],
        bodies,
    }
}

/// Builds a scene in our engine with the given settings.
pub fn build(s: &Scene, settings: PhysicsSettings) -> (PhysicsWorld, Vec<BodyHandle>) {
    let mut w = PhysicsWorld::new(settings);
    if let Some((c, half)) = s.ground {
        let g = w.create_body(&BodyDef {
            kind: BodyKind::Static,
            position: c,
            ..BodyDef::default()
        });
        w.add_collider(
            g,
            &ColliderDef::new(ConvexPolygon::rect(half.x, half.y).unwrap()),
        )
        .unwrap();
    }
    for (points, closed) in &s.rock {
        w.add_rock(&RockSegment::chain(points, *closed));
    }
    let handles = s
        .bodies
        .iter()
        .map(|(p, angle, shape)| {
            let b = w.create_body(&BodyDef {
                position: *p,
                angle: *angle,
                ..BodyDef::default()
            });
            w.add_collider(b, &ColliderDef::new(*shape)).unwrap();
            b
        })
        .collect();
    (w, handles)
}

/// How many of `bodies` are awake.
pub fn awake(w: &PhysicsWorld, bodies: &[BodyHandle]) -> usize {
    bodies
        .iter()
        .filter(|b| w.body(**b).is_some_and(|b| b.is_awake()))
        .count()
}
