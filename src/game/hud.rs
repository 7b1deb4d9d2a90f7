//! What the heads-up display shows, and how a level ended: plain data read from the sim
//! after each step, so the UI never reaches into the simulation.

/// One ship component's health, for the HUD.
#[derive(Clone, Debug, PartialEq)]
pub struct ComponentHealth {
    /// Its name, as the player reads it ("hull", "left engine", ...).
    pub name: &'static str,
    /// Health left, 0 (destroyed) to 1 (intact).
    pub health: f64,
}

/// Everything the HUD draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hud {
    /// Fuel left, 0 (empty) to 1 (full).
    pub fuel: f64,
    /// Hull health, 0 to 1.
    pub hull: f64,
    /// Every ship component, hull first.
    pub components: Vec<ComponentHealth>,
    /// Points scored so far.
    pub score: u64,
    /// Ships left, the one flying included.
    pub lives: u32,
    /// The zone message being shown, if any.
    pub message: Option<String>,
    /// What the level asks of the player, in a short sentence.
    pub objective: String,
    /// Seconds left on a running countdown (the escape timer), if any.
    pub countdown: Option<f64>,
    /// The match figures (points, laps, checkpoints, the winner) of a level made for
    /// several players; none for a campaign level.
    pub contest: Option<super::matches::MatchHud>,
}

/// How a level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The objective was met.
    Won,
    /// The last ship was lost, or a script said so.
    Lost,
}
