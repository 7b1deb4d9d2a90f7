//! Splitting a convex piece in two along a cut, and turning a body into two bodies that
//! carry on its motion.
//!
//! The geometry: the line through the hit point crosses the polygon's outline at two points;
//! each half takes the parent's vertices on its side plus both crossing points, so the two
//! halves share one chord and tile the parent exactly (their areas sum to the parent's to
//! floating-point accuracy). A crossing that would land within a welding distance of a
//! vertex is moved onto that vertex, so no half has a vertex the polygon constructor would
//! weld away (which would change the area).
//!
//! The vertex limit: a cut adds up to two vertices, so an eight-vertex piece cut off at a
//! single corner would give a nine-vertex half. Then (and when a half would be a sliver)
//! the cut line is turned about the hit point in steps of [`TURN_STEP`] radians, alternating
//! sides (+1, −1, +2, −2, … steps, up to a quarter turn) until both halves fit. Merging
//! nearly collinear vertices was not chosen: it changes the area, which the game counts on.
//!
//! Circles are not splittable (half a disc is no convex polygon of eight vertices); like any
//! piece below the minimum area they crumble.

use crate::constants::MAX_POLYGON_VERTICES;
use crate::geom::{ConvexPolygon, Shape, Transform, Vec2};
use crate::physics::{BodyDef, BodyHandle, BodyKind, ColliderDef, PhysicsWorld};

/// How far the cut line turns per try when the first cut does not fit, radians (2°).
pub const TURN_STEP: f64 = std::f64::consts::PI / 90.0;

/// A half smaller than this fraction of its parent's area is a sliver: the cut is turned.
pub const SLIVER_FRACTION: f64 = 0.02;

/// A crossing this close to a vertex (relative to the polygon's size) is moved onto it.
/// Ten times the polygon constructor's welding distance, so nothing is welded later.
const SNAP_REL: f64 = 1e-5;

/// A cut through a piece, world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cut {
    /// A point the cut passes through (usually the laser's hit point).
    pub point: Vec2,
    /// The cut's direction (any length; usually the beam's).
    pub direction: Vec2,
}

/// What became of a piece that was cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitOutcome {
    /// The piece was removed and replaced by these two halves.
    Split([BodyHandle; 2]),
    /// The piece is below the minimum area: the caller turns it to dust (removes it and
    /// calls [`super::particles::Particles::crumble`]). It was left in the world.
    Crumble,
    /// No cut through the hit point gives two valid halves (the point is outside the piece,
    /// or every turned cut leaves a sliver). The piece is unchanged.
    NoCut,
    /// Not a single-polygon dynamic body (a circle, a compound, a static or kinematic
    /// body), or the body is gone. Unchanged. Which bodies may be cut at all (debris, not
    /// the ship) is the caller's choice.
    NotSplittable,
}

/// Splits `poly` along the line through `point` with `direction` (both in the polygon's
/// frame), turning the line about `point` if needed (see the module notes). Returns the
/// halves (left of the direction first), or `None` when `point` lies outside the piece, no
/// cut works, or input is bad.
pub fn split_polygon(
    poly: &ConvexPolygon,
    point: Vec2,
    direction: Vec2,
) -> Option<[ConvexPolygon; 2]> {
    let d = direction.normalize_or_zero();
    if d == Vec2::ZERO || !point.is_finite() {
        return None;
    }
    // The cut point must lie in the piece or on its outline: turning a line that misses
    // about a point outside could swing it onto a cut nobody aimed.
    let slack = SNAP_REL * 2.0 * poly.radius();
    let outside = poly
        .vertices()
        .iter()
        .zip(poly.normals())
        .any(|(v, n)| n.dot(point - *v) > slack);
    if outside {
        return None;
    }
    let base = d.y.atan2(d.x);
    let tries = (std::f64::consts::FRAC_PI_2 / TURN_STEP) as i32;
    (0..=2 * tries).find_map(|k| {
        // 0, +1, −1, +2, −2, … steps.
        let step = if k % 2 == 1 { (k + 1) / 2 } else { -(k / 2) };
        let a = base + f64::from(step) * TURN_STEP;
        split_once(poly, point, Vec2::new(a.cos(), a.sin()))
    })
}

/// One straight cut along the unit direction `d` through `point`, or `None` if it does not
/// give two valid, non-sliver halves within the vertex limit.
fn split_once(poly: &ConvexPolygon, point: Vec2, d: Vec2) -> Option<[ConvexPolygon; 2]> {
    let v = poly.vertices();
    let n = v.len();
    let size = 2.0 * poly.radius();
    let snap = SNAP_REL * size;
    // Signed distance of each vertex from the line, positive on the left.
    let mut s: Vec<f64> = v.iter().map(|p| d.perp_dot(*p - point)).collect();
    for i in 0..n {
        let j = (i + 1) % n;
        if s[i] * s[j] < 0.0 {
            let t = s[i] / (s[i] - s[j]);
            let len = (v[j] - v[i]).length();
            if t * len <= snap {
                s[i] = 0.0;
            } else if (1.0 - t) * len <= snap {
                s[j] = 0.0;
            }
        }
    }
    let (mut left, mut right) = (Vec::with_capacity(n + 2), Vec::with_capacity(n + 2));
    for i in 0..n {
        let j = (i + 1) % n;
        if s[i] >= 0.0 {
            left.push(v[i]);
        }
        if s[i] <= 0.0 {
            right.push(v[i]);
        }
        if s[i] * s[j] < 0.0 {
            let x = v[i] + (v[j] - v[i]) * (s[i] / (s[i] - s[j]));
            left.push(x);
            right.push(x);
        }
    }
    let halves = [half(&left)?, half(&right)?];
    let parent = poly.mass(1.0).mass;
    let areas = [halves[0].mass(1.0).mass, halves[1].mass(1.0).mass];
    let tiles = ((areas[0] + areas[1]) - parent).abs() <= 1e-12 * parent;
    let no_sliver = areas.iter().all(|a| *a >= SLIVER_FRACTION * parent);
    (tiles && no_sliver).then_some(halves)
}

/// A half from its outline, only if the polygon constructor keeps every point (nothing
/// welded or dropped as collinear) and it fits the vertex limit.
fn half(points: &[Vec2]) -> Option<ConvexPolygon> {
    if points.len() < 3 || points.len() > MAX_POLYGON_VERTICES {
        return None;
    }
    ConvexPolygon::new(points)
        .ok()
        .filter(|p| p.len() == points.len())
}

/// Splits a body along `cut` (see [`split_polygon`]). The body must be dynamic with a single
/// polygon collider. Below `min_area` (m²) the answer is [`SplitOutcome::Crumble`].
///
/// On success the parent is removed (with its contacts and joints) and each half becomes a
/// body at its own centroid, at the parent's angle, with the parent's material, filter,
/// tag, damping, gravity scale and user data. Each moves with the parent's rigid velocity
/// field at its centre, `v + ω × r`, and spins at `ω`; since the halves' centroids average to
/// the parent's and their inertias add up to the parent's by the parallel-axis theorem, this
/// keeps linear and angular momentum.
pub fn split_body(
    world: &mut PhysicsWorld,
    body: BodyHandle,
    cut: Cut,
    min_area: f64,
) -> SplitOutcome {
    let Some(b) = world.body(body) else {
        return SplitOutcome::NotSplittable;
    };
    let [handle] = b.colliders() else {
        return SplitOutcome::NotSplittable;
    };
    let Some(collider) = world.collider(*handle) else {
        return SplitOutcome::NotSplittable;
    };
    let def = *collider.def();
    if b.kind() != BodyKind::Dynamic || matches!(def.shape, Shape::Segment(_)) {
        return SplitOutcome::NotSplittable;
    }
    if def.shape.area() < min_area {
        return SplitOutcome::Crumble;
    }
    let Shape::Polygon(poly) = def.shape else {
        return SplitOutcome::NotSplittable;
    };
    let xf = b.transform();
    let local_point = xf.apply_inv(cut.point);
    let local_dir = xf.q.inv_rotate(cut.direction);
    let Some(halves) = split_polygon(&poly, local_point, local_dir) else {
        return SplitOutcome::NoCut;
    };
    let (center, v, w) = (
        b.center_of_mass(),
        b.linear_velocity(),
        b.angular_velocity(),
    );
    let template = BodyDef {
        kind: BodyKind::Dynamic,
        position: Vec2::ZERO,
        angle: b.angle(),
        linear_velocity: Vec2::ZERO,
        angular_velocity: w,
        linear_damping: b.linear_damping(),
        angular_damping: b.angular_damping(),
        gravity_scale: b.gravity_scale(),
        bullet: b.is_bullet(),
        fixed_rotation: b.is_fixed_rotation(),
        user_data: b.user_data(),
    };
    let mut made = Vec::with_capacity(2);
    for h in &halves {
        // Each half's frame sits at its centroid, so its body origin is its centre of mass.
        let c = h.centroid();
        let shape = h.transformed(&Transform::from_translation(-c));
        let at = xf.apply(c);
        let r = at - center;
        let child = world.create_body(&BodyDef {
            position: at,
            linear_velocity: v + w * Vec2::new(-r.y, r.x),
            ..template
        });
        made.push(child);
        let part = ColliderDef {
            shape: Shape::Polygon(shape),
            ..def
        };
        if world.add_collider(child, &part).is_none() {
            for m in made {
                world.remove_body(m);
            }
            return SplitOutcome::NoCut;
        }
    }
    world.remove_body(body);
    SplitOutcome::Split([made[0], made[1]])
}

/// The world outline of a piece for [`super::particles::Particles::crumble`]: the vertices
/// of a single-polygon body, or eight points round a single-circle body. `None` for a body
/// that is gone or is not one polygon or circle.
pub fn world_outline(world: &PhysicsWorld, body: BodyHandle) -> Option<Vec<Vec2>> {
    let b = world.body(body)?;
    let [handle] = b.colliders() else {
        return None;
    };
    let xf = b.transform();
    match world.collider(*handle)?.shape() {
        Shape::Polygon(p) => Some(p.vertices().iter().map(|v| xf.apply(*v)).collect()),
        Shape::Circle(c) => Some(
            (0..8)
                .map(|k| {
                    let a = std::f64::consts::TAU * f64::from(k) / 8.0;
                    xf.apply(c.center + c.radius * Vec2::new(a.cos(), a.sin()))
                })
                .collect(),
        ),
        Shape::Segment(_) => None,
    }
}

#[cfg(test)]
#[path = "split_tests.rs"]
mod tests;
