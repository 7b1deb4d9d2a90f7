//! Putting a flying ship somewhere else: a live reload keeps each ship where it was in the
//! rebuilt sim, if the spot is still open.
//!
//! Called between steps by the game shell, never from inside a step.

use super::state::State;
use super::view::ship_body;
use crate::collide::gjk::intersects;
use crate::geom::{Shape, Transform, Vec2};

/// Where a ship is and how it moves: what a reload carries over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShipPlacement {
    /// Position of the body's origin (m).
    pub position: Vec2,
    /// Heading (radians, 0 = nose up).
    pub angle: f64,
    /// Velocity (m/s).
    pub velocity: Vec2,
    /// Spin (rad/s).
    pub angular_velocity: f64,
}

/// Where `player`'s ship is and how it moves; `None` while it does not fly.
pub fn ship_placement(s: &State, player: usize) -> Option<ShipPlacement> {
    let body = s.physics.body(ship_body(s, player)?)?;
    Some(ShipPlacement {
        position: body.position(),
        angle: body.angle(),
        velocity: body.linear_velocity(),
        angular_velocity: body.angular_velocity(),
    })
}

/// Moves `player`'s ship to `place` (a teleport: no motion between the old and the new
/// spot). False, with nothing changed, while it does not fly or if a number is not finite.
pub fn place_ship(s: &mut State, player: usize, place: &ShipPlacement) -> bool {
    let finite = place.position.is_finite()
        && place.angle.is_finite()
        && place.velocity.is_finite()
        && place.angular_velocity.is_finite();
    let Some(body) = ship_body(s, player) else {
        return false;
    };
    if !finite || s.physics.body(body).is_none() {
        return false;
    }
    s.physics.set_transform(body, place.position, place.angle);
    s.physics.set_linear_velocity(body, place.velocity);
    s.physics.set_angular_velocity(body, place.angular_velocity);
    true
}

/// The collider shapes of `player`'s ship with the body's transform.
fn ship_shapes(s: &State, player: usize) -> Vec<(Shape, Transform)> {
    let Some(body) = ship_body(s, player).and_then(|b| s.physics.body(b)) else {
        return Vec::new();
    };
    let xf = body.transform();
    body.colliders()
        .iter()
        .filter_map(|&c| s.physics.collider(c))
        .map(|c| (*c.shape(), xf))
        .collect()
}

/// The corners of every part of `player`'s ship, in world coordinates (empty while it does
/// not fly); a round part gives its centre.
pub fn ship_corners(s: &State, player: usize) -> Vec<Vec2> {
    let mut out = Vec::new();
    for (shape, xf) in ship_shapes(s, player) {
        match shape {
            Shape::Polygon(p) => out.extend(p.vertices().iter().map(|v| xf.apply(*v))),
            Shape::Circle(c) => out.push(xf.apply(c.center)),
            Shape::Segment(seg) => out.extend([xf.apply(seg.a), xf.apply(seg.b)]),
        }
    }
    out
}

/// Whether any part of `player`'s ship touches a rock segment or another body. A ship
/// wholly inside rock touches no segment: check its corners against the level's solid
/// region too.
pub fn ship_overlaps(s: &State, player: usize) -> bool {
    let Some(me) = ship_body(s, player) else {
        return false;
    };
    let shapes = ship_shapes(s, player);
    let touches = |other: &Shape, other_xf: &Transform| {
        let bounds = other.aabb(other_xf);
        shapes.iter().any(|(shape, xf)| {
            shape.aabb(xf).overlaps(&bounds) && intersects(shape, xf, other, other_xf)
        })
    };
    let rock = s
        .physics
        .rock()
        .iter()
        .any(|r| touches(&Shape::Segment(r.segment), &Transform::IDENTITY));
    rock || s.physics.bodies().filter(|(h, _)| *h != me).any(|(_, b)| {
        let xf = b.transform();
        b.colliders()
            .iter()
            .filter_map(|&c| s.physics.collider(c))
            .any(|c| touches(c.shape(), &xf))
    })
}
