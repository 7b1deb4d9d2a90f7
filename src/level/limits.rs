//! Every numeric limit a level must keep, in one place, each with what it protects.
//!
//! The validator checks these and nothing else; `docs/levels.md` states the same values
//! (a test checks that it names each one), and the level property tests probe values just
//! inside and just outside each. The bounds on bodies and gravity were measured: at each
//! bound, alone in an enclosed cave, the engine keeps every body finite and inside the rock
//! (`tests/suite/level_extremes.rs`); beyond them small pieces sink through the floor or spin
//! through walls.

/// Farthest a point may be from the origin on either axis (m): a level is at most 200 km
/// across, far beyond any cave, so a larger number is a typo.
pub const MAX_COORDINATE: f64 = 1.0e5;
/// Largest radius, width or side of a world brush or a zone (m).
pub const MAX_BRUSH_SIZE: f64 = 1.0e4;
/// Most points in one brush or zone polygon, or one polyline (self-intersection is checked
/// pairwise).
pub const MAX_POLYGON_POINTS: usize = 4096;

/// Shortest wavelength of a shape's roughness (m): the outline gets a point every quarter
/// wavelength, so shorter bumps cost many points for detail no ship can feel.
pub const MIN_ROUGH_WAVELENGTH: f64 = 0.2;
/// Most points the outline of one roughened shape or one tunnel may take: the whole
/// level's rock aims to stay under 20,000 segments.
pub const MAX_OUTLINE_POINTS: usize = 20_000;
/// Shortest mean distance between two scattered copies of a mesh (m).
pub const MIN_SCATTER_SPACING: f64 = 0.5;

/// Smallest size of a body (m): a debris piece's width, height, diameter or thickness, a
/// mover's side, a reactor's diameter. Twenty times the solver's allowed overlap: smaller
/// pieces sink into rock under their own weight.
pub const MIN_BODY_SIZE: f64 = 0.1;
/// Largest size of a body (m): debris across, a mover's side, a reactor's diameter; and
/// how far a debris polygon's points may be from the piece's position.
pub const MAX_BODY_SIZE: f64 = 100.0;
/// Lightest material (kg/m²): a piece of the smallest size still weighs a tenth of a gram.
pub const MIN_DENSITY: f64 = 0.01;
/// Heaviest material (kg/m²).
pub const MAX_DENSITY: f64 = 1.0e5;
/// Largest friction coefficient.
pub const MAX_FRICTION: f64 = 10.0;

/// Strongest gravity, the level's or a script's (m/s², about five times Earth's). Under
/// stronger pull the smallest pieces are pressed through the floor within a few seconds.
pub const MAX_GRAVITY: f64 = 50.0;
/// Shortest fixed time step (s): ten thousand steps a second.
pub const MIN_TIME_STEP: f64 = 1.0e-4;
/// Longest fixed time step (s): twenty-five steps a second. Longer steps let bodies sink a
/// visible distance into rock before a contact catches them.
pub const MAX_TIME_STEP: f64 = 0.04;
/// Most sub-steps per step.
pub const MAX_SUBSTEPS: u32 = 64;
/// Most solver passes (velocity or position) per sub-step.
pub const MAX_ITERATIONS: u32 = 100;

/// Fastest a debris piece may start or be spawned (m/s): a rifle bullet.
pub const MAX_SPEED: f64 = 1000.0;
/// Fastest a debris piece may start spinning (rad/s, about 16 turns a second): faster, the
/// corners of a long piece outrun continuous collision and cut through rock.
pub const MAX_SPIN: f64 = 100.0;
/// Largest angle, either way (rad): any heading is reachable well within it.
pub const MAX_ANGLE: f64 = 1.0e4;
/// Fastest a mover or a drone may travel its path (m/s).
pub const MAX_PATH_SPEED: f64 = 100.0;

/// Largest uniform scale of a flair mesh.
pub const MAX_FLAIR_SCALE: f64 = 1000.0;
/// Longest time between two shots of a turret (s): an hour.
pub const MAX_FIRE_INTERVAL: f64 = 3600.0;
/// Longest escape countdown of a `DestroyAndEscape` objective (s): an hour.
pub const MAX_COUNTDOWN: f64 = 3600.0;
/// Longest time a script may name: a timer, a repeat, a wait or a message (s): a day.
pub const MAX_SECONDS: f64 = 86_400.0;
/// Shortest period of an `Every` trigger (s): ten times a second. A zone that spawns
/// pieces faster buries its spawn point under a pile that crushes the lowest through the
/// floor within seconds.
pub const MIN_PERIOD: f64 = 0.1;
/// Most player starts a level may give: the players a sim can take.
pub const MAX_STARTS: usize = 4;
/// Highest score a versus match may be played to.
pub const MAX_FIRST_TO: u32 = 100;
/// Most laps a race may have.
pub const MAX_LAPS: u32 = 100;
/// Longest a destroyed ship may wait to respawn in versus (s): a minute.
pub const MAX_RESPAWN_DELAY: f64 = 60.0;
/// Most fuel a pickup may hold, and the fastest a pad may refuel (seconds of thrust).
pub const MAX_FUEL: f64 = 1.0e4;
/// Longest par time a level may give (s): an hour.
pub const MAX_PAR: f64 = 3600.0;

/// Every limit above by name, with its value: what tests probe and the documentation must
/// state.
pub const ALL: [(&str, f64); 33] = [
    ("MAX_COORDINATE", MAX_COORDINATE),
    ("MAX_BRUSH_SIZE", MAX_BRUSH_SIZE),
    ("MAX_POLYGON_POINTS", MAX_POLYGON_POINTS as f64),
    ("MIN_ROUGH_WAVELENGTH", MIN_ROUGH_WAVELENGTH),
    ("MAX_OUTLINE_POINTS", MAX_OUTLINE_POINTS as f64),
    ("MIN_SCATTER_SPACING", MIN_SCATTER_SPACING),
    ("MIN_BODY_SIZE", MIN_BODY_SIZE),
    ("MAX_BODY_SIZE", MAX_BODY_SIZE),
    ("MIN_DENSITY", MIN_DENSITY),
    ("MAX_DENSITY", MAX_DENSITY),
    ("MAX_FRICTION", MAX_FRICTION),
    ("MAX_GRAVITY", MAX_GRAVITY),
    ("MIN_TIME_STEP", MIN_TIME_STEP),
    ("MAX_TIME_STEP", MAX_TIME_STEP),
    ("MAX_SUBSTEPS", MAX_SUBSTEPS as f64),
    ("MAX_ITERATIONS", MAX_ITERATIONS as f64),
    ("MAX_SPEED", MAX_SPEED),
    ("MAX_SPIN", MAX_SPIN),
    ("MAX_ANGLE", MAX_ANGLE),
    ("MAX_PATH_SPEED", MAX_PATH_SPEED),
    ("MAX_FLAIR_SCALE", MAX_FLAIR_SCALE),
    ("MAX_FIRE_INTERVAL", MAX_FIRE_INTERVAL),
    ("MAX_COUNTDOWN", MAX_COUNTDOWN),
    ("MAX_SECONDS", MAX_SECONDS),
    ("MIN_PERIOD", MIN_PERIOD),
    ("MAX_FUEL", MAX_FUEL),
    ("MAX_PAR", MAX_PAR),
    ("MAX_STARTS", MAX_STARTS as f64),
    ("MAX_FIRST_TO", MAX_FIRST_TO as f64),
    ("MAX_LAPS", MAX_LAPS as f64),
    ("MAX_RESPAWN_DELAY", MAX_RESPAWN_DELAY),
    ("MIN_RADIUS", MIN_BODY_SIZE / 2.0),
    ("MAX_RADIUS", MAX_BODY_SIZE / 2.0),
];
