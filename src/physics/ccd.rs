//! Continuous collision: fast bodies do not pass through rock, and bullets do not pass
//! through anything.
//!
//! After the solve, a body that moved more than a fraction of its own size this step (or any
//! bullet) is swept from its pose at the start of the step to its pose at the end. Conservative
//! advancement finds the first time it comes within [`LINEAR_SLOP`] of an obstacle: at each
//! probe the GJK distance to the nearest obstacle, divided by the fastest any point of the body
//! can close (its centre's speed plus its spin times its reach), is a step that cannot
//! overshoot. The body is put back at that pose with its velocity kept, so the next step's
//! speculative contact stops it at the surface.

use super::body::Body;
use super::world::PhysicsWorld;
use crate::collide::gjk;
use crate::collide::swept::sweep_boxes;
use crate::constants::LINEAR_SLOP;
use crate::geom::{Aabb, Rot, Shape, Transform, Vec2};

/// Probes per sweep before giving up and taking the last safe time.
const MAX_PROBES: usize = 40;

/// An obstacle a swept body may hit, placed in the world.
struct Obstacle {
    shape: Shape,
    xf: Transform,
    /// For rock: the segment's normal; the body only hits it from the front.
    front: Option<(Vec2, Vec2)>,
}

/// The body's frame at fraction `t` of the step.
fn pose_at(b: &Body, t: f64, turn: f64) -> Transform {
    let center = b.center0 + (b.center - b.center0) * t;
    let q = Rot::from_angle(b.rot0.angle() + turn * t);
    Transform {
        p: center - q.rotate(b.local_center),
        q,
    }
}

/// Runs continuous collision for every fast body and every bullet.
pub(crate) fn solve_continuous(world: &mut PhysicsWorld, _dt: f64) {
    let fraction = world.settings.ccd_size_fraction;
    for i in 0..world.bodies.items.len() {
        let Some(b) = world.bodies.items[i].as_ref() else {
            continue;
        };
        if !b.is_dynamic() || b.colliders.is_empty() {
            continue;
        }
        let moved = (b.center - b.center0).length();
        if !(b.bullet && moved > 0.0) && moved <= fraction * b.min_extent {
            continue;
        }
        let parts: Vec<Shape> = b
            .colliders
            .iter()
            .filter_map(|c| world.colliders.get_shape(c.index, c.generation))
            .collect();
        let turn = (b.rot
            * Rot {
                c: b.rot0.c,
                s: -b.rot0.s,
            })
        .angle();
        let reach = parts
            .iter()
            .map(|s| {
                let (c, r) = s.bounding_circle();
                (c - b.local_center).length() + r
            })
            .fold(0.0, f64::max);
        let swept = sweep_bounds(&parts, &pose_at(b, 0.0, turn), &pose_at(b, 1.0, turn));
        // The body's bounding circle as a box, moving with its centre: whatever the body
        // does while turning, it stays inside this box.
        let mover = (
            Aabb::from_center(b.center0, Vec2::splat(reach + LINEAR_SLOP)),
            b.center - b.center0,
        );
        let obstacles = gather_obstacles(world, i, b.bullet, &swept, mover);
        if obstacles.is_empty() {
            continue;
        }
        let speed_bound = moved + turn.abs() * reach;
        if let Some(t) = time_of_impact(b, &parts, turn, speed_bound, &obstacles) {
            let xf = pose_at(b, t, turn);
            let b = world.bodies.items[i].as_mut().expect("still there");
            b.rot = xf.q;
            b.center = xf.apply(b.local_center);
        }
    }
}

fn sweep_bounds(parts: &[Shape], start: &Transform, end: &Transform) -> Aabb {
    let mut bounds: Option<Aabb> = None;
    for s in parts {
        let b = s.aabb(start).union(&s.aabb(end));
        bounds = Some(bounds.map_or(b, |x| x.union(&b)));
    }
    bounds
        .unwrap_or(Aabb::new(start.p, start.p))
        .expanded(LINEAR_SLOP)
}

/// Obstacles the body may meet this step: those overlapping its swept bounds that the
/// swept-rectangle test (the cheap pre-check) says the moving box actually reaches.
fn gather_obstacles(
    world: &PhysicsWorld,
    body: usize,
    bullet: bool,
    swept: &Aabb,
    mover: (Aabb, Vec2),
) -> Vec<Obstacle> {
    let reaches = |b: &Aabb, moves: Vec2| sweep_boxes(b, moves, &mover.0, mover.1).is_some();
    let start_center = world.bodies.items[body]
        .as_ref()
        .map_or(Vec2::ZERO, |b| b.center0);
    let mut out = Vec::new();
    for i in world.rock_tree.query_aabb(swept) {
        let s = &world.rock[i as usize];
        let seg = s.segment;
        let n = seg.normal();
        if s.aabb().overlaps(swept)
            && n.dot(start_center - seg.a) > 0.0
            && reaches(&s.aabb(), Vec2::ZERO)
        {
            out.push(Obstacle {
                shape: Shape::Segment(seg),
                xf: Transform::IDENTITY,
                front: Some((seg.a, n)),
            });
        }
    }
    if bullet {
        for (k, other) in world.bodies.items.iter().enumerate() {
            let Some(other) = other.as_ref().filter(|o| k != body && !o.bullet) else {
                continue;
            };
            let xf = other.transform();
            let (start, moved) = (other.previous_transform(), other.center - other.center0);
            for c in &other.colliders {
                if let Some(shape) = world.colliders.get_shape(c.index, c.generation) {
                    if shape.aabb(&xf).overlaps(swept) && reaches(&shape.aabb(&start), moved) {
                        out.push(Obstacle {
                            shape,
                            xf,
                            front: None,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The first fraction of the step at which the body comes within the slop of an obstacle,
/// or `None` if it starts there or never does.
fn time_of_impact(
    b: &Body,
    parts: &[Shape],
    turn: f64,
    speed_bound: f64,
    obstacles: &[Obstacle],
) -> Option<f64> {
    if speed_bound <= 0.0 {
        return None;
    }
    let target = LINEAR_SLOP;
    let mut t = 0.0;
    for probe in 0..MAX_PROBES {
        let xf = pose_at(b, t, turn);
        let mut nearest = f64::INFINITY;
        for part in parts {
            for o in obstacles {
                if let Some((a, n)) = o.front {
                    // One-sided rock: ignore it once the body's centre is behind it.
                    if n.dot(xf.apply(b.local_center) - a) < 0.0 {
                        continue;
                    }
                }
                if let Some(d) = gjk::distance(part, &xf, &o.shape, &o.xf, None) {
                    nearest = nearest.min(d.distance);
                }
            }
        }
        if nearest <= target {
            return (probe > 0).then_some(t);
        }
        t += (nearest - target) / speed_bound;
        if t >= 1.0 {
            return None;
        }
    }
    Some(t)
}
