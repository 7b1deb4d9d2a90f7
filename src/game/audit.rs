//! Checks on a whole game state that long runs (the soak test) make after every step:
//! every number finite, and every body and bolt inside the level. Each names what it found
//! wrong, so a failing run says which thing went bad.

use super::components::{Bolt, Drone, Health, Piece, Turret};
use super::door::Door;
use super::ship::Ship;
use super::state::State;
use crate::geom::{Aabb, Vec2};

/// The first number of `state` that is not finite, named: a body's position, angle or
/// velocities, a ship's health, fuel or cooldowns, a piece's or an enemy's health, a
/// turret's aim, a drone's target, a bolt, a door, a player's checkpoint, the countdown, a
/// particle or a beam. `None` when all are finite.
pub fn non_finite(state: &State) -> Option<String> {
    for (handle, b) in state.physics.bodies() {
        let ok = b.position().is_finite()
            && b.angle().is_finite()
            && b.linear_velocity().is_finite()
            && b.angular_velocity().is_finite();
        if !ok {
            return Some(format!(
                "body {handle:?}: position {:?}, angle {}, velocity {:?}, spin {}",
                b.position(),
                b.angle(),
                b.linear_velocity(),
                b.angular_velocity()
            ));
        }
    }
    let w = &state.world;
    let bad = |what: &str, e: hecs::Entity| Some(format!("{what} of entity {}", e.id()));
    for (e, ship) in w.query::<(hecs::Entity, &Ship)>().iter() {
        if !ship.is_finite() {
            return bad("ship state", e);
        }
    }
    for (e, door) in w.query::<(hecs::Entity, &Door)>().iter() {
        if !door.is_finite() {
            return bad("door state", e);
        }
    }
    for (e, p) in w.query::<(hecs::Entity, &Piece)>().iter() {
        if !p.health.is_finite() {
            return bad("piece health", e);
        }
    }
    for (e, h) in w.query::<(hecs::Entity, &Health)>().iter() {
        if !(h.hits.is_finite() && h.max.is_finite()) {
            return bad("enemy health", e);
        }
    }
    for (e, t) in w.query::<(hecs::Entity, &Turret)>().iter() {
        if !(t.aim.is_finite() && t.cooldown.is_finite()) {
            return bad("turret aim", e);
        }
    }
    for (e, d) in w.query::<(hecs::Entity, &Drone)>().iter() {
        if !(d.patrol.target().is_finite() && d.speed.is_finite()) {
            return bad("drone patrol", e);
        }
    }
    for (e, b) in w.query::<(hecs::Entity, &Bolt)>().iter() {
        if !(b.position.is_finite() && b.velocity.is_finite() && b.life.is_finite()) {
            return bad("bolt", e);
        }
    }
    for (i, p) in state.run.players.iter().enumerate() {
        let ok = p.checkpoint.0.is_finite()
            && p.checkpoint.1.is_finite()
            && p.respawn_in.is_none_or(f64::is_finite);
        if !ok {
            return Some(format!("player {i}: checkpoint or respawn time"));
        }
    }
    if !state.run.countdown.is_none_or(f64::is_finite) {
        return Some("the escape countdown".into());
    }
    for (i, p) in state.fx.particles.iter().enumerate() {
        let ok = p.position.is_finite()
            && p.velocity.is_finite()
            && p.age.is_finite()
            && p.size.is_finite()
            && p.angle.is_finite();
        if !ok {
            return Some(format!("particle {i}: {p:?}"));
        }
    }
    for (i, b) in state.fx.beams.iter().enumerate() {
        if !(b.from.is_finite() && b.to.is_finite() && b.age.is_finite()) {
            return Some(format!("beam {i}: {b:?}"));
        }
    }
    None
}

/// The first body or bolt of `state` outside `bounds`, named with where it is. Things that
/// leave the level must be removed; `None` when everything is inside.
pub fn outside(state: &State, bounds: &Aabb) -> Option<String> {
    let inside = |p: Vec2| p.cmpge(bounds.min).all() && p.cmple(bounds.max).all();
    for (handle, b) in state.physics.bodies() {
        if !inside(b.position()) {
            return Some(format!(
                "body {handle:?} at {:?}, velocity {:?}",
                b.position(),
                b.linear_velocity()
            ));
        }
    }
    for (e, b) in state.world.query::<(hecs::Entity, &Bolt)>().iter() {
        if !inside(b.position) {
            return Some(format!("bolt {} at {:?}", e.id(), b.position));
        }
    }
    None
}
