//! Drifting: a zone's `push`, a steady current or wind, accelerates every dynamic body whose
//! centre of mass is inside it: the ships, debris and drones alike (a drone steers against
//! it). Bodies are visited in the physics world's slot order and zones in the level's order,
//! so the forces add up the same way on every run; where zones overlap their pushes add.

use crate::geom::Vec2;
use crate::physics::{BodyKind, PhysicsWorld};
use crate::script::region::Region;

/// Adds each push zone's acceleration, as a force through the centre of mass, to every
/// dynamic body inside it for the coming physics step.
pub(crate) fn drift(physics: &mut PhysicsWorld, pushes: &[(Region, Vec2)]) {
    if pushes.is_empty() {
        return;
    }
    let mut forces = Vec::new();
    for (handle, body) in physics.bodies() {
        if body.kind() != BodyKind::Dynamic {
            continue;
        }
        let at = body.center_of_mass();
        let accel = push_at(pushes, at);
        if accel != Vec2::ZERO {
            forces.push((handle, accel * body.mass(), at));
        }
    }
    for (handle, force, at) in forces {
        physics.apply_force(handle, force, at);
    }
}

/// The sum of the pushes of the zones that contain `at`, in the level's order (zero
/// outside them all).
pub(crate) fn push_at(pushes: &[(Region, Vec2)], at: Vec2) -> Vec2 {
    pushes
        .iter()
        .filter(|(region, _)| region.contains(at))
        .fold(Vec2::ZERO, |sum, (_, push)| sum + *push)
}
