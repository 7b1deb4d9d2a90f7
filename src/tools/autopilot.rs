//! An autopilot that flies the ship through a plan of waypoints and chores, producing the
//! same per-step actions a player would. `cavefly record` uses it to make the shipped
//! levels' winning replays; the replays hold only the actions, so they stand on their own.

use crate::game::{Actions, Sim};
use crate::geom::Vec2;
use serde::{Deserialize, Serialize};

/// One chore of a plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Task {
    /// Fly to a point and settle there (within 30 cm, slower than 30 cm/s; with a piece on
    /// the beam, within 50 cm and slower than 80 cm/s).
    Fly(Vec2),
    /// Pass through a point without stopping.
    Via(Vec2),
    /// Descend onto a pad whose surface middle is this point, and rest on it for the
    /// seconds given.
    Land(Vec2, f64),
    /// Hover at a point, firing, for the seconds given (the nose points up, so the target
    /// must be above).
    Shoot(Vec2, f64),
    /// Turn the nose towards a piece near a point and hold the beam until it locks.
    Grab(Vec2),
    /// Let go of the beam.
    Release,
    /// Hover where the ship is for the seconds given.
    Hover(f64),
}

/// A plan: the tasks, in order, and the most steps to spend on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// The level file.
    pub level: String,
    /// The tasks (player 1's, where several fly).
    pub tasks: Vec<Task>,
    /// The tasks of the other players, player 2's first, each flown by its own autopilot
    /// at the same time (default none: one player).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<Vec<Task>>,
    /// Give up after this many steps (default 12,000: 100 s).
    #[serde(default = "default_limit")]
    pub limit: u64,
}

fn default_limit() -> u64 {
    12_000
}

/// Top cruising speed, m/s.
const CRUISE: f64 = 5.0;
/// How quickly velocity errors are corrected, s.
const RESPONSE: f64 = 0.45;
/// How far ahead the turn is led by the spin, s.
const TURN_LEAD: f64 = 0.06;
/// Heading error left alone, radians: smaller holds a hover closer (the nose's tilt is
/// what moves the ship sideways) at the cost of more taps on the rotate keys.
const TURN_DEADBAND: f64 = 0.01;

/// The autopilot's state between steps.
#[derive(Clone, Debug, Default)]
pub struct Pilot {
    /// The player whose ship it flies.
    pub player: usize,
    /// Thrust owed (sigma-delta modulation of on/off thrust into an average).
    owed: f64,
    /// Steps spent on the current task's timed part.
    timer: u64,
    /// Whether the beam is held.
    tractor: bool,
    /// The point to hold while a timed task runs.
    hold: Option<Vec2>,
}

impl Pilot {
    /// An autopilot for player `player`'s ship.
    pub fn for_player(player: usize) -> Pilot {
        Pilot {
            player,
            ..Pilot::default()
        }
    }

    /// The actions for this step on `task`, and whether the task is done.
    pub fn act(&mut self, sim: &Sim, task: &Task) -> (Actions, bool) {
        let me = self.player;
        let Some(ship) = sim.ship_of(me) else {
            // Waiting for a respawn.
            return (Actions::default(), false);
        };
        let (p, v) = (ship.position(), ship.linear_velocity());
        let dt = sim.time_step();
        let seconds = |s: f64| (s / dt).round() as u64;
        let mut fire = false;
        let (target, max_speed, done) = match *task {
            Task::Fly(t) => {
                // A load swinging on the beam keeps the ship from settling as close.
                let (near, still) = if sim.tow_of(me).is_some() {
                    (0.5, 0.8)
                } else {
                    (0.3, 0.3)
                };
                (t, CRUISE, (t - p).length() < near && v.length() < still)
            }
            Task::Via(t) => (t, CRUISE, (t - p).length() < 1.5),
            Task::Land(pad, secs) => {
                // Aim a little below where the ship rests, so it settles onto the pad.
                let over = Vec2::new(pad.x, pad.y + 0.2);
                let above = (p.x - pad.x).abs() < 0.4 && v.x.abs() < 0.5;
                let landed = sim.landed_pad_of(me).is_some();
                if landed {
                    self.timer += 1;
                }
                let goal = if above {
                    over
                } else {
                    Vec2::new(pad.x, pad.y + 2.5)
                };
                let done = landed && self.timer >= seconds(secs);
                if landed {
                    return (self.steer(sim, p, v, Vec2::ZERO, false, 0.0), done);
                }
                (goal, if above { 0.8 } else { CRUISE }, false)
            }
            Task::Shoot(at, secs) => {
                self.timer += 1;
                fire = true;
                (at, 2.0, self.timer >= seconds(secs))
            }
            Task::Hover(secs) => {
                self.timer += 1;
                let at = *self.hold.get_or_insert(p);
                (at, 2.0, self.timer >= seconds(secs))
            }
            Task::Grab(piece) => {
                self.tractor = true;
                let locked = sim.tow_of(me).is_some();
                let a = self.turn_to(sim, piece - p);
                return (Actions { tractor: true, ..a }, locked);
            }
            Task::Release => {
                self.tractor = false;
                return (Actions::default(), true);
            }
        };
        if done {
            self.timer = 0;
            self.hold = None;
        }
        let to = target - p;
        let want = (to / RESPONSE.max(1e-6) * 0.6).clamp_length_max(max_speed);
        (self.steer(sim, p, v, want, fire, 1.0), done)
    }

    /// Turns towards `want` velocity and modulates thrust to reach it against gravity,
    /// lifting whatever the beam holds as well.
    fn steer(&mut self, sim: &Sim, p: Vec2, v: Vec2, want: Vec2, fire: bool, gain: f64) -> Actions {
        let me = self.player;
        // Gravity and any current or wind where the ship is: the engines hold against both.
        let gravity = sim.physics().settings().gravity + sim.push_at(p);
        let accel = (want - v) / RESPONSE * gain - gravity;
        let ship = sim.ship_of(me).expect("steer is only called with a ship");
        // A piece on the beam hangs from the ship: the engines lift both.
        let load = sim
            .tow_of(me)
            .and_then(|(piece, _)| sim.physics().body(piece))
            .map_or(0.0, |b| b.mass());
        let max = sim
            .ship_state_of(me)
            .map_or(1.0, |s| s.max_thrust(sim.ship_def()))
            / (ship.mass() + load);
        let mut a = self.turn_to(sim, accel);
        let nose = ship.rotation().rotate(Vec2::Y);
        let along = accel.dot(nose).max(0.0);
        let aligned = accel.length() < 1e-9 || nose.angle_to(accel).abs() < 0.6;
        if aligned && gain > 0.0 {
            self.owed += (along / max).min(1.0);
            if self.owed >= 1.0 {
                self.owed -= 1.0;
                a.thrust = true;
            }
        }
        a.fire = fire;
        a.tractor = self.tractor;
        a
    }

    /// Rotates the nose towards `dir` (left or right, or neither once close).
    fn turn_to(&self, sim: &Sim, dir: Vec2) -> Actions {
        let Some(ship) = sim.ship_of(self.player) else {
            return Actions::default();
        };
        let nose = ship.rotation().rotate(Vec2::Y);
        let w = ship.angular_velocity();
        // Lead the turn by the spin, so it does not overshoot.
        let err = nose.angle_to(dir) - w * TURN_LEAD;
        Actions {
            left: dir.length() > 1e-9 && err > TURN_DEADBAND,
            right: dir.length() > 1e-9 && err < -TURN_DEADBAND,
            tractor: self.tractor,
            ..Actions::default()
        }
    }
}

/// Flies every player's tasks of `plan` on `sim` at once, each ship with its own
/// autopilot, and returns each player's actions of every step and how many tasks were
/// finished in all, stopping when the level is won or lost, every player's tasks have run
/// out, or the limit is reached. A player whose tasks are done holds nothing.
pub fn fly_all(sim: &mut Sim, plan: &Plan) -> (Vec<Vec<Actions>>, usize) {
    let lists: Vec<&Vec<Task>> = std::iter::once(&plan.tasks).chain(&plan.others).collect();
    let mut pilots: Vec<Pilot> = (0..lists.len()).map(Pilot::for_player).collect();
    let mut next = vec![0; lists.len()];
    let mut actions = vec![Vec::new(); lists.len()];
    let mut steps = 0u64;
    while steps < plan.limit && sim.outcome().is_none() {
        if next.iter().zip(&lists).all(|(n, l)| *n >= l.len()) {
            break;
        }
        let mut now = Vec::with_capacity(lists.len());
        for (i, pilot) in pilots.iter_mut().enumerate() {
            let a = match lists[i].get(next[i]) {
                Some(t) => {
                    let (a, done) = pilot.act(sim, t);
                    next[i] += usize::from(done);
                    a
                }
                None => Actions::default(),
            };
            now.push(a);
        }
        sim.step(&now);
        for (track, a) in actions.iter_mut().zip(now) {
            track.push(a);
        }
        steps += 1;
    }
    (actions, next.iter().sum())
}
