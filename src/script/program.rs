//! A zone's actions compiled against the level's names: indices instead of strings, and
//! the commands the game receives already built.

use super::command::{DoorOp, ScriptCommand};
use super::state::WorldState;
use crate::level::{Action, Level, MoverKind};

/// One compiled action.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Op {
    SetFlag(usize),
    ClearFlag(usize),
    ToggleFlag(usize),
    AddCounter(usize, i64),
    /// Shows a message: kept for the HUD and sent to the game.
    Message(String, f64),
    /// Sent to the game as it is.
    Command(ScriptCommand),
    /// Pauses the sequence for this many seconds.
    Wait(f64),
    /// An action naming something the level does not declare (only an unvalidated level
    /// can): does nothing.
    Nothing,
}

/// Compiles `actions` for `level`, whose flags and counters `state` holds.
pub(crate) fn compile(actions: &[Action], level: &Level, state: &WorldState) -> Vec<Op> {
    actions
        .iter()
        .map(|a| compile_one(a, level, state))
        .collect()
}

fn compile_one(action: &Action, level: &Level, state: &WorldState) -> Op {
    let flag = |name: &str, make: fn(usize) -> Op| state.flag_index(name).map_or(Op::Nothing, make);
    let door = |name: &str, op: DoorOp| {
        level
            .movers
            .iter()
            .position(|m| m.name == name && m.kind == MoverKind::Door)
            .map_or(Op::Nothing, |mover| {
                Op::Command(ScriptCommand::Door { mover, op })
            })
    };
    match action {
        Action::SetFlag(f) => flag(f, Op::SetFlag),
        Action::ClearFlag(f) => flag(f, Op::ClearFlag),
        Action::ToggleFlag(f) => flag(f, Op::ToggleFlag),
        Action::AddCounter(n, by) => state
            .counter_index(n)
            .map_or(Op::Nothing, |c| Op::AddCounter(c, *by)),
        Action::OpenDoor(d) => door(d, DoorOp::Open),
        Action::CloseDoor(d) => door(d, DoorOp::Close),
        Action::ToggleDoor(d) => door(d, DoorOp::Toggle),
        Action::Message { text, seconds } if seconds.is_finite() && *seconds > 0.0 => {
            Op::Message(text.clone(), *seconds)
        }
        Action::Message { .. } => Op::Nothing,
        Action::Spawn {
            template,
            at,
            angle,
        } => level
            .templates
            .iter()
            .position(|t| t.name() == template)
            .filter(|_| at.is_finite() && angle.is_finite())
            .map_or(Op::Nothing, |template| {
                Op::Command(ScriptCommand::Spawn {
                    template,
                    position: *at,
                    angle: *angle,
                })
            }),
        Action::Sound(name) => {
            level
                .sounds
                .iter()
                .position(|s| &s.name == name)
                .map_or(Op::Nothing, |sound| {
                    let s = &level.sounds[sound];
                    Op::Command(ScriptCommand::Sound {
                        sound,
                        cue: s.cue,
                        volume: s.volume.clamp(0.0, 1.0),
                    })
                })
        }
        Action::Checkpoint { position, angle } if position.is_finite() && angle.is_finite() => {
            Op::Command(ScriptCommand::Checkpoint {
                position: *position,
                angle: *angle,
            })
        }
        Action::Checkpoint { .. } => Op::Nothing,
        Action::Gravity(g) if g.is_finite() => Op::Command(ScriptCommand::Gravity(*g)),
        Action::Gravity(_) => Op::Nothing,
        // A negative or non-finite wait (an unvalidated level) waits not at all.
        Action::Wait(t) => Op::Wait(if t.is_finite() { t.max(0.0) } else { 0.0 }),
        Action::Win => Op::Command(ScriptCommand::Win),
        Action::Lose => Op::Command(ScriptCommand::Lose),
        Action::Kill => Op::Command(ScriptCommand::KillShips { ships: Vec::new() }),
    }
}
