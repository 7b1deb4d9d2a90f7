//! What happened during a step, for sound and effects: the sim emits these and the
//! presentation layer consumes them, never reaching into physics. Systems also tell later
//! systems of the same step through them: points scored, enemies destroyed.

use crate::geom::Vec2;

/// Something that happened during the last step.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEvent {
    /// A collision hard enough to hear: the closing energy decides the thump.
    Impact {
        /// Where, world frame.
        point: Vec2,
        /// The contact normal (out of the rock, for rock contacts).
        normal: Vec2,
        /// Impact energy, J.
        energy: f64,
    },
    /// The ship slid along rock fast enough to throw sparks.
    Scrape {
        /// Where.
        point: Vec2,
        /// Out of the rock.
        normal: Vec2,
        /// Sliding speed, m/s.
        speed: f64,
    },
    /// The laser fired.
    LaserFired {
        /// Muzzle.
        from: Vec2,
        /// Where the beam stopped.
        to: Vec2,
    },
    /// A ship part took damage.
    PartDamaged {
        /// Whose ship (the player's index).
        player: usize,
        /// Which part (index into the ship's parts).
        part: usize,
        /// Health lost.
        amount: f64,
    },
    /// Something blew up.
    Explosion {
        /// Where.
        point: Vec2,
        /// Rough size, m.
        size: f64,
    },
    /// A debris piece split in two.
    Split {
        /// The cut's hit point.
        point: Vec2,
    },
    /// The tractor beam locked on or let go.
    Tractor {
        /// True on lock, false on release.
        locked: bool,
    },
    /// Fuel was picked up or refilled on a pad.
    Refuel,
    /// The ship was destroyed.
    ShipLost,
    /// A new ship appeared at the checkpoint.
    Respawn,
    /// An enemy fired.
    EnemyFired {
        /// Muzzle.
        from: Vec2,
    },
    /// An enemy was destroyed.
    EnemyDestroyed {
        /// Where.
        point: Vec2,
        /// Its name in the level (objectives and scripts refer to it).
        name: String,
    },
    /// A player scored: the score system adds these up at the end of the step.
    Scored {
        /// Who (the player's index).
        player: usize,
        /// How many points.
        points: u64,
    },
    /// A script asked for one of the level's sounds.
    Sound {
        /// The level's sound name.
        name: String,
        /// The built-in sound it plays.
        cue: crate::level::SoundCue,
        /// Loudness, 0 to 1.
        volume: f64,
    },
    /// In versus, a ship was hurt by another player: their laser, their ship, or a piece
    /// they rammed or threw.
    ShipHurtBy {
        /// Whose ship was hurt.
        player: usize,
        /// Who hurt it.
        by: usize,
    },
    /// In versus, a ship was destroyed: by another player, or by a crash with no attacker.
    Kill {
        /// Whose ship was lost.
        player: usize,
        /// Who scores for it, if anyone.
        by: Option<usize>,
    },
    /// In a race, a player passed a checkpoint in order.
    Checkpoint {
        /// Who.
        player: usize,
        /// Its index in the race's checkpoints.
        index: usize,
    },
    /// In a race, a player completed a lap.
    Lap {
        /// Who.
        player: usize,
        /// The lap's time, seconds.
        seconds: f64,
    },
    /// The match was won.
    MatchWon {
        /// By whom.
        player: usize,
    },
}
