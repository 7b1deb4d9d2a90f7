//! Putting the flying ship somewhere else: a live reload keeps the ship where it was in the
//! rebuilt sim, if the spot is still open.
//!
//! Called between steps by the game shell, never from inside a step.

use super::sim::Sim;
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

impl Sim {
    /// Where the flying ship is and how it moves; `None` while no ship flies.
    pub fn ship_placement(&self) -> Option<ShipPlacement> {
        let body = self.physics.body(self.ship.as_ref()?.body())?;
        Some(ShipPlacement {
            position: body.position(),
            angle: body.angle(),
            velocity: body.linear_velocity(),
            angular_velocity: body.angular_velocity(),
        })
    }

    /// Moves the flying ship to `place` (a teleport: no motion between the old and the new
    /// spot). False, with nothing changed, while no ship flies or if a number is not finite.
    pub fn place_ship(&mut self, place: &ShipPlacement) -> bool {
        let finite = place.position.is_finite()
            && place.angle.is_finite()
            && place.velocity.is_finite()
            && place.angular_velocity.is_finite();
        let Some(body) = self.ship.as_ref().map(|s| s.body()) else {
            return false;
        };
        if !finite || self.physics.body(body).is_none() {
            return false;
        }
        self.physics
            .set_transform(body, place.position, place.angle);
        self.physics.set_linear_velocity(body, place.velocity);
        self.physics
            .set_angular_velocity(body, place.angular_velocity);
        true
    }

    /// The corners of every part of the flying ship, in world coordinates (empty while no
    /// ship flies); a round part gives its centre.
    pub fn ship_corners(&self) -> Vec<Vec2> {
        let mut out = Vec::new();
        for (shape, xf) in self.ship_shapes() {
            match shape {
                Shape::Polygon(p) => out.extend(p.vertices().iter().map(|v| xf.apply(*v))),
                Shape::Circle(c) => out.push(xf.apply(c.center)),
                Shape::Segment(s) => out.extend([xf.apply(s.a), xf.apply(s.b)]),
            }
        }
        out
    }

    /// Whether any part of the flying ship touches a rock segment or another body. A ship
    /// wholly inside rock touches no segment: check its corners against the level's solid
    /// region too.
    pub fn ship_overlaps(&self) -> bool {
        let Some(me) = self.ship.as_ref().map(|s| s.body()) else {
            return false;
        };
        let shapes = self.ship_shapes();
        let touches = |other: &Shape, other_xf: &Transform| {
            let bounds = other.aabb(other_xf);
            shapes.iter().any(|(shape, xf)| {
                shape.aabb(xf).overlaps(&bounds) && intersects(shape, xf, other, other_xf)
            })
        };
        let rock = self
            .physics
            .rock()
            .iter()
            .any(|r| touches(&Shape::Segment(r.segment), &Transform::IDENTITY));
        rock || self
            .physics
            .bodies()
            .filter(|(h, _)| *h != me)
            .any(|(_, b)| {
                let xf = b.transform();
                b.colliders()
                    .iter()
                    .filter_map(|&c| self.physics.collider(c))
                    .any(|c| touches(c.shape(), &xf))
            })
    }

    /// The ship's collider shapes with the body's transform.
    fn ship_shapes(&self) -> Vec<(Shape, Transform)> {
        let Some(body) = self.ship.as_ref().and_then(|s| self.physics.body(s.body())) else {
            return Vec::new();
        };
        let xf = body.transform();
        body.colliders()
            .iter()
            .filter_map(|&c| self.physics.collider(c))
            .map(|c| (*c.shape(), xf))
            .collect()
    }
}
