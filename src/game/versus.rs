//! Versus: ships fight. A ship is hurt by the other player's laser (see `weapons.rs`), by
//! their ship ramming it, and by a piece of debris they handled lately — held in their
//! beam, or touched by their ship within [`HANDLE_WINDOW`] — so the tractor beam is a
//! weapon. The player who last hurt a ship within [`KILL_WINDOW`] scores a point when it is
//! destroyed; a ship destroyed with no such attacker (a crash into rock, its own thrown
//! piece) costs its own player a point, never below zero. The first to the level's
//! `first_to` wins. A destroyed ship comes back after the level's `respawn_after` at the
//! start farthest from the other ships.

use super::components::{Piece, Tow};
use super::events::GameEvent;
use super::hud::Outcome;
use super::ids::{entity_of, ordered, user_data};
use super::matches::{Handled, MatchRun, HANDLE_WINDOW, KILL_WINDOW};
use super::ship::Ship;
use super::state::Run;
use crate::geom::Vec2;
use crate::level::{MatchMode, MatchRules};
use crate::physics::{BodyHandle, ContactEventKind, PhysicsWorld};
use hecs::World;

/// Health a laser shot takes from the ship part it hits, per unit of the gun's damage.
pub const LASER_SHIP_DAMAGE: f64 = 8.0;

/// The running versus match, if one is played.
fn versus(run: &mut Run) -> Option<&mut MatchRun> {
    run.contest
        .as_mut()
        .filter(|m| m.mode() == MatchMode::Versus)
}

/// What a body is to the versus rules: a ship's player, or a piece's entity id.
enum Side {
    Ship(usize),
    Piece(u64),
    Other,
}

fn side(world: &World, physics: &PhysicsWorld, body: Option<BodyHandle>) -> Side {
    let Some(e) = body.and_then(|b| entity_of(physics, world, b)) else {
        return Side::Other;
    };
    if let Ok(ship) = world.get::<&Ship>(e) {
        return Side::Ship(ship.player());
    }
    if world.get::<&Piece>(e).is_ok() {
        return Side::Piece(user_data(e));
    }
    Side::Other
}

/// Marks `piece` as `player`'s for the next [`HANDLE_WINDOW`] seconds.
fn handle(handled: &mut Vec<Handled>, piece: u64, player: usize) {
    match handled.binary_search_by_key(&piece, |h| h.piece) {
        Ok(i) => {
            handled[i].player = player;
            handled[i].left = HANDLE_WINDOW;
        }
        Err(i) => handled.insert(
            i,
            Handled {
                piece,
                player,
                left: HANDLE_WINDOW,
            },
        ),
    }
}

/// After the contacts: finds who hurt each ship hurt during this step, and who handles
/// which piece. Runs after `apply_contacts` (which hurt the ships) and before
/// `ships_lost` (which scores the kills).
pub fn versus_blame(
    world: &World,
    physics: &PhysicsWorld,
    run: &mut Run,
    events: &mut Vec<GameEvent>,
    dt: f64,
) {
    let Some(m) = versus(run) else {
        return;
    };
    for c in &mut m.players {
        if let Some((_, left)) = c.attacker.as_mut() {
            *left -= dt;
        }
        c.attacker = c.attacker.filter(|(_, left)| *left > 0.0);
    }
    m.handled.iter_mut().for_each(|h| h.left -= dt);
    m.handled.retain(|h| h.left > 0.0);
    // Ships hurt during this step, and lasers that hurt them.
    let mut hurt = Vec::new();
    let mut blamed = Vec::new();
    for e in events.iter() {
        match *e {
            GameEvent::PartDamaged { player, .. } => hurt.push(player),
            GameEvent::ShipHurtBy { player, by } => blamed.push((player, by)),
            _ => {}
        }
    }
    // Rams and handled pieces that hit a hurt ship, judged by who handled what before
    // this step's contacts.
    let contacts = physics.contact_events();
    for c in contacts {
        if c.kind != ContactEventKind::Begin || c.normal_speed >= 0.0 {
            continue;
        }
        let (a, b) = (
            side(world, physics, c.body_a),
            side(world, physics, c.body_b),
        );
        for (victim, other) in [(&a, &b), (&b, &a)] {
            let Side::Ship(v) = *victim else {
                continue;
            };
            if !hurt.contains(&v) {
                continue;
            }
            let by = match *other {
                Side::Ship(q) => Some(q),
                Side::Piece(id) => m
                    .handled
                    .binary_search_by_key(&id, |h| h.piece)
                    .ok()
                    .map(|i| m.handled[i].player),
                Side::Other => None,
            };
            if let Some(q) = by.filter(|&q| q != v) {
                blamed.push((v, q));
                events.push(GameEvent::ShipHurtBy { player: v, by: q });
            }
        }
    }
    for (v, q) in blamed {
        if let Some(c) = m.players.get_mut(v) {
            c.attacker = Some((q, KILL_WINDOW));
        }
    }
    // Pieces touched by a ship, or held in its beam, are that player's for a while.
    for c in contacts {
        if c.kind == ContactEventKind::End {
            continue;
        }
        let (a, b) = (
            side(world, physics, c.body_a),
            side(world, physics, c.body_b),
        );
        match (a, b) {
            (Side::Ship(p), Side::Piece(id)) | (Side::Piece(id), Side::Ship(p)) => {
                handle(&mut m.handled, id, p)
            }
            _ => {}
        }
    }
    for e in ordered::<(&Ship, &Tow)>(world) {
        let (Ok(ship), Ok(tow)) = (world.get::<&Ship>(e), world.get::<&Tow>(e)) else {
            continue;
        };
        if let Some(piece) = entity_of(physics, world, tow.body) {
            handle(&mut m.handled, user_data(piece), ship.player());
        }
    }
}

/// Scores the loss of `player`'s ship in versus: a point to the player who last hurt it
/// within the window, else a point off its own player. The first to the level's score
/// wins the match.
pub fn score_kill(run: &mut Run, player: usize, events: &mut Vec<GameEvent>) {
    let Some(m) = versus(run) else {
        return;
    };
    let MatchRules::Versus { first_to, .. } = m.setup.rules else {
        return;
    };
    let by = m
        .players
        .get_mut(player)
        .and_then(|c| c.attacker.take())
        .map(|(q, _)| q);
    events.push(GameEvent::Kill { player, by });
    match by {
        Some(q) => {
            if let Some(c) = m.players.get_mut(q) {
                c.points += 1;
                if c.points >= first_to && m.winner.is_none() {
                    m.winner = Some(q);
                    events.push(GameEvent::MatchWon { player: q });
                }
            }
        }
        None => {
            if let Some(c) = m.players.get_mut(player) {
                c.points = c.points.saturating_sub(1);
            }
        }
    }
    if m.winner.is_some() {
        run.outcome.get_or_insert(Outcome::Won);
    }
}

/// Sets where each waiting player's next ship appears: the start farthest from the
/// nearest other ship (the first such start on a tie; their own start while no other
/// ship flies).
pub fn versus_respawn_points(world: &World, physics: &PhysicsWorld, run: &mut Run) {
    let Some(m) = run
        .contest
        .as_ref()
        .filter(|m| m.mode() == MatchMode::Versus)
    else {
        return;
    };
    let starts = m.setup.starts.clone();
    let ships: Vec<(usize, Vec2)> = ordered::<&Ship>(world)
        .into_iter()
        .filter_map(|e| {
            let player = world.get::<&Ship>(e).ok()?.player();
            let body = world.get::<&super::components::Body>(e).ok()?.0;
            Some((player, physics.body(body)?.position()))
        })
        .collect();
    for (i, p) in run.players.iter_mut().enumerate() {
        if p.respawn_in.is_none() {
            continue;
        }
        if let Some(start) = farthest_start(&starts, &ships, i) {
            p.checkpoint = start;
        }
    }
}

/// The start farthest from the nearest ship of another player than `me`, if any flies.
pub fn farthest_start(
    starts: &[(Vec2, f64)],
    ships: &[(usize, Vec2)],
    me: usize,
) -> Option<(Vec2, f64)> {
    let others: Vec<Vec2> = ships
        .iter()
        .filter(|(p, _)| *p != me)
        .map(|(_, at)| *at)
        .collect();
    if others.is_empty() {
        return None;
    }
    let clearance = |s: &(Vec2, f64)| {
        others
            .iter()
            .map(|o| (s.0 - *o).length())
            .fold(f64::INFINITY, f64::min)
    };
    let mut best: Option<((Vec2, f64), f64)> = None;
    for s in starts {
        let d = clearance(s);
        if best.is_none_or(|(_, b)| d > b) {
            best = Some((*s, d));
        }
    }
    best.map(|(s, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_farthest_start_is_the_one_farthest_from_the_nearest_other_ship() {
        let starts = [
            (Vec2::new(-10.0, 0.0), 0.0),
            (Vec2::new(10.0, 0.0), 0.5),
            (Vec2::new(0.0, 30.0), 1.0),
        ];
        // The other ship near the right start: the top one is farthest (about 31.6 m).
        let ships = [(1, Vec2::new(9.0, 0.0)), (0, Vec2::new(0.0, 29.0))];
        assert_eq!(farthest_start(&starts, &ships, 0), Some(starts[2]));
        // Near the top: the left and right starts tie at about 31.6 m; the first wins.
        let ships = [(1, Vec2::new(0.0, 31.0))];
        assert_eq!(farthest_start(&starts, &ships, 0), Some(starts[0]));
        // Nobody else flies: no opinion.
        assert_eq!(farthest_start(&starts, &[(0, Vec2::ZERO)], 0), None);
    }
}
