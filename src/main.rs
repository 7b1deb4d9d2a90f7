//! The `cavefly` command line: play (the default) and the headless tools.

use cavefly::app::{catalog, shot, window};
use cavefly::game::InputScript;
use cavefly::level::shipped;
use cavefly::screens::online::{OnlineIntent, MAX_INPUT_DELAY};
use cavefly::tools::{check, contact, lab, lab_pairs, lab_shortcut, shape_spec, sim};
use clap::{Parser, Subcommand};
use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Cavefly: a 2D cave-flyer and the collision engine beneath it.
#[derive(Parser)]
#[command(name = "cavefly", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play in a window: the title screen and its level list (the default), or straight
    /// into LEVEL.
    Play {
        /// The level file (RON); none opens the title screen.
        level: Option<PathBuf>,
        /// Do not wait for the display's refresh.
        #[arg(long)]
        no_vsync: bool,
        /// Quit by itself after this many frames (for tests).
        #[arg(long)]
        quit_after_frames: Option<u64>,
        /// Quit by itself once this many seconds have passed on the clock (for tests that
        /// wait on the network; nothing in the simulation reads the clock).
        #[arg(long, value_name = "SECONDS")]
        quit_after_seconds: Option<f64>,
        /// Replay this input script (RON) instead of reading the keyboard.
        #[arg(long, requires = "level")]
        inputs: Option<PathBuf>,
        /// Start LEVEL as a match of two on one keyboard (left side and right side), the
        /// window split between them; the level needs a start for each.
        #[arg(long, requires = "level", conflicts_with = "inputs")]
        two_players: bool,
        /// Host LEVEL online on this UDP port (the level must be one of the levels folder,
        /// which the joiner loads from its own copy); the window waits for a joiner.
        #[arg(long, value_name = "PORT", requires = "level", conflicts_with_all = ["inputs", "two_players", "join"])]
        host: Option<u16>,
        /// Join the online match hosted at this address (IP:PORT, or IP for port 7000).
        #[arg(long, value_name = "ADDR", conflicts_with_all = ["level", "inputs", "two_players"])]
        join: Option<String>,
        /// With --host: steps between a local input and the step it applies to (0 to 8).
        #[arg(long, default_value_t = 2, requires = "host",
              value_parser = clap::value_parser!(u8).range(0..=i64::from(MAX_INPUT_DELAY)))]
        input_delay: u8,
        /// How light glows: bloom, halo (far cheaper on a software rasterizer) or auto
        /// (the halo on a software adapter, else the bloom).
        #[arg(long, default_value = "auto")]
        glow: String,
    },
    /// List the levels the title screen offers: those of a `levels/` folder on disk, else
    /// the ones built into the program.
    Levels,
    /// Write a commented starter level to FILE: a cave with a pad, debris, a zone with a
    /// message and an exit to reach. Never overwrites an existing file.
    New {
        /// The level file to create (RON).
        file: PathBuf,
    },
    /// A scripted tour of the collision core: a crate settling on a ledge, rocking, tipping.
    Demo,
    /// Watch a saved replay in the window, on the level it was recorded on.
    Replay {
        /// The replay file (saved with F5 or `cavefly record`).
        file: PathBuf,
        /// Quit by itself after this many frames (for tests).
        #[arg(long)]
        quit_after_frames: Option<u64>,
    },
    /// Fly a plan with the autopilot and save the session as a replay.
    Record {
        /// The plan (RON: the level and its tasks).
        plan: PathBuf,
        /// Where to write the replay.
        #[arg(long)]
        out: PathBuf,
    },
    /// Check level files (and mesh files): print a summary of each, or every problem with its
    /// line:column. Exits with status 1 if any file has a problem.
    Check {
        /// Level or mesh files (RON).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The contact between two shapes: GJK distance, EPA depth and the contact manifold.
    ///
    /// Shapes: box:HW,HH  circle:R  ngon:N,R  segment:X1,Y1,X2,Y2  poly:X,Y;X,Y;X,Y...
    /// Transforms: X,Y or X,Y,ANGLE (radians).
    Contact {
        /// Shape A.
        a: String,
        /// Shape B.
        b: String,
        /// Where A is placed.
        #[arg(long, default_value = "0,0", allow_hyphen_values = true)]
        at_a: String,
        /// Where B is placed.
        #[arg(long, default_value = "0,0", allow_hyphen_values = true)]
        at_b: String,
    },
    /// Run a level headless with recorded actions; print a summary and the state hash.
    Sim {
        /// The level file (RON).
        #[arg(required_unless_present = "golden")]
        level: Option<PathBuf>,
        /// Steps to run (default: the input script's length, or 1200).
        #[arg(long)]
        frames: Option<u64>,
        /// Input script: a RON file of per-step actions (none means idle).
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Also print the hash every K steps.
        #[arg(long, value_name = "K")]
        hash_every: Option<u64>,
        /// Also print where the physics step's time went, phase by phase.
        #[arg(long)]
        profile: bool,
        /// Instead, run every entry of a golden file and check its hash; with
        /// CAVEFLY_BLESS=1, rewrite the hashes.
        #[arg(long, conflicts_with_all = ["level", "frames", "inputs", "hash_every", "profile"])]
        golden: Option<PathBuf>,
    },
    /// Play an online match headless with scripted inputs: this process is one player, PEER
    /// the other (both on UDP). Prints the confirmed state hash at the last step, which
    /// equals `cavefly sim LEVEL --inputs FILE`, and the desyncs seen. Exits with status 1 if
    /// the peer never answers or is lost.
    Netplay(NetplayArgs),
    /// Every contact method and the exact separating-axis answer on the same polygon pairs:
    /// one row per method with depth and normal errors, the share of pairs its answer
    /// separates, points per contact, jitter and nanoseconds per query.
    Lab {
        /// How many random pairs to measure.
        #[arg(long, default_value_t = 10_000, conflicts_with = "pairs")]
        random: usize,
        /// Seed of the random pairs (the same seed gives the same pairs).
        #[arg(long, default_value_t = 1, conflicts_with = "pairs")]
        seed: u64,
        /// Instead of random pairs, read pairs from this RON file and print every method's
        /// answer for each, as RON.
        #[arg(long)]
        pairs: Option<PathBuf>,
    },
    /// Simulate a level for some steps and render that frame offscreen to a PNG (no window
    /// needed). With --bench, render a stress scene instead and report frame times.
    Shot {
        /// The level file (RON); with --bench, the level of the second scene or of the
        /// replay (optional).
        #[arg(required_unless_present = "bench")]
        level: Option<PathBuf>,
        /// Steps to simulate before the frame.
        #[arg(long, default_value_t = 0)]
        frame: u64,
        /// Input script (RON) driving the steps; with --bench, a replay to play and time.
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Frame size, WIDTHxHEIGHT in pixels.
        #[arg(long, default_value = "1280x720")]
        size: String,
        /// The PNG to write.
        #[arg(long, required_unless_present = "bench")]
        out: Option<PathBuf>,
        /// Time rendering at 1280x720: a stress scene (2,000 debris, 10,000 particles) and
        /// a level, each stage's time and frame times; with --inputs, play that replay on
        /// LEVEL and print its frame times.
        #[arg(long, conflicts_with_all = ["frame", "out", "size"])]
        bench: bool,
        /// With --bench: the frame rate of LEVEL's start in one view against two views
        /// sharing the frame (split-screen).
        #[arg(long, requires = "bench", conflicts_with = "inputs")]
        split: bool,
        /// How light glows: bloom (an HDR scene, its bright parts blurred and added back),
        /// halo (drawn straight into the output, each bright stroke drawing its own glow:
        /// far cheaper on a software rasterizer) or auto (the halo on a software adapter,
        /// else the bloom).
        #[arg(long, default_value = "auto")]
        glow: String,
    },
}

/// `print!` for the commands' output: a reader that has gone (`cavefly check … | head`)
/// ends the output quietly where `print!` would panic, and the command's own status
/// stands; any other failure to write is the command's error.
macro_rules! say {
    ($($arg:tt)*) => {
        write_out(format_args!($($arg)*))
    };
}

/// `println!` as [`say!`] writes.
macro_rules! sayln {
    ($($arg:tt)*) => {
        write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `args` to standard output, as [`say!`] describes.
fn write_out(args: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    use std::io::{ErrorKind, Write};
    let mut out = std::io::stdout().lock();
    match out.write_fmt(args).and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            Err(Failure::Error(format!("cannot write the output: {e}")))
        }
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    // Frame memory is reused, not handed back and faulted in again every frame.
    cavefly::app::heap::keep_freed_memory();
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Play {
        level: None,
        no_vsync: false,
        quit_after_frames: None,
        quit_after_seconds: None,
        inputs: None,
        two_players: false,
        host: None,
        join: None,
        input_delay: 2,
        glow: "auto".into(),
    });
    let name = command.name();
    finish(name, run(command))
}

/// `cavefly netplay`'s options.
#[derive(clap::Args)]
struct NetplayArgs {
    /// The level file (RON); it needs two player starts.
    level: PathBuf,
    /// Which player this process is.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    player: u8,
    /// The local UDP address to bind, ADDR:PORT.
    #[arg(long)]
    bind: std::net::SocketAddr,
    /// The peer's UDP address, ADDR:PORT.
    #[arg(long)]
    peer: std::net::SocketAddr,
    /// Two-player input script (the format of `cavefly sim`); this process plays its
    /// player's track. None means idle.
    #[arg(long)]
    inputs: Option<PathBuf>,
    /// Steps to play (default: the script's length, or 1200).
    #[arg(long)]
    frames: Option<u64>,
    /// Simulated loss on this side's sends, 0 to 1.
    #[arg(long, default_value_t = 0.0)]
    loss: f64,
    /// Simulated delay on this side's sends, in milliseconds.
    #[arg(long, default_value_t = 0)]
    delay_ms: u64,
    /// Seed of the simulated loss.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Steps between an input and the step it applies to.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=30))]
    input_delay: u8,
    /// Seconds to wait for the peer to answer at the start.
    #[arg(long, default_value_t = 15)]
    connect_timeout: u64,
}

/// How a command failed.
enum Failure {
    /// Print `cavefly COMMAND: message` on stderr.
    Error(String),
    /// The command has already said what was wrong (a check's problems, a golden mismatch).
    Reported,
}

impl<E: Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure::Error(e.to_string())
    }
}

/// The one place a command's result becomes what the user sees and the exit status.
fn finish(command: &str, result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Reported) => ExitCode::FAILURE,
        Err(Failure::Error(message)) => {
            eprintln!("cavefly {command}: {}", message.trim_end());
            ExitCode::FAILURE
        }
    }
}

impl Command {
    /// The command's name on the command line.
    fn name(&self) -> &'static str {
        match self {
            Command::Play { .. } => "play",
            Command::Levels => "levels",
            Command::New { .. } => "new",
            Command::Demo => "demo",
            Command::Replay { .. } => "replay",
            Command::Record { .. } => "record",
            Command::Check { .. } => "check",
            Command::Contact { .. } => "contact",
            Command::Sim { .. } => "sim",
            Command::Lab { .. } => "lab",
            Command::Shot { .. } => "shot",
            Command::Netplay(_) => "netplay",
        }
    }
}

/// Runs one command.
fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Play {
            level,
            no_vsync,
            quit_after_frames,
            quit_after_seconds,
            inputs,
            two_players,
            host,
            join,
            input_delay,
            glow,
        } => {
            let online = online_choice(level.as_deref(), host, join, input_delay)?;
            let level = level.filter(|_| online.is_none());
            let quit_after = quit_after_seconds
                .map(|s| {
                    std::time::Duration::try_from_secs_f64(s).map_err(|_| {
                        format!(
                            "--quit-after-seconds must be a number of seconds, 0 or more, not {s}"
                        )
                    })
                })
                .transpose()?;
            let glow = cavefly::render::glow::Glow::parse(&glow)?;
            play(
                level,
                (no_vsync, glow),
                (quit_after_frames, quit_after),
                inputs,
                two_players,
                online,
            )
        }
        Command::Sim {
            level,
            frames,
            inputs,
            hash_every,
            profile,
            golden,
        } => match golden {
            Some(file) => golden_runs(&file),
            None => {
                let level = level.ok_or("a level file is needed")?;
                let out = sim::run(&sim::SimRequest {
                    level: shipped::resolve_level(&level),
                    inputs,
                    frames,
                    hash_every,
                    profile,
                })?;
                say!("{}", out.report)?;
                Ok(())
            }
        },
        Command::Netplay(args) => netplay(&args),
        Command::Levels => {
            let dir = catalog::find_levels_dir()?;
            say!("{}", catalog::describe(&catalog::Catalog::scan(&dir)?))?;
            Ok(())
        }
        Command::New { file } => {
            cavefly::level::starter::write_new_level(&file)?;
            sayln!(
                "cavefly new: wrote {0}; play it with `cavefly play {0}`",
                file.display()
            )?;
            Ok(())
        }
        Command::Replay {
            file,
            quit_after_frames,
        } => {
            let (script, level) = cavefly::game::replay::load_replay(&file)?;
            let options = window::PlayOptions {
                vsync: true,
                quit_after_frames,
                quit_after: None,
                two_players: script.players.len() > 1,
                replay: Some(script.steps().collect()),
                online: None,
                glow: None,
            };
            let r = window::play(Some(level), options)?;
            sayln!("cavefly replay: {} frames, {} steps", r.frames, r.steps)?;
            Ok(())
        }
        Command::Record { plan, out } => {
            say!("{}", cavefly::tools::record::record(&plan, &out)?)?;
            Ok(())
        }
        Command::Demo => {
            say!("{}", contact::demo())?;
            Ok(())
        }
        Command::Check { files } => {
            let (report, ok) = check::check_files(&files);
            say!("{report}")?;
            ok.then_some(()).ok_or(Failure::Reported)
        }
        Command::Contact { a, b, at_a, at_b } => {
            let a = shape_spec::parse_shape(&a)?;
            let xf_a = shape_spec::parse_transform(&at_a)?;
            let b = shape_spec::parse_shape(&b)?;
            let xf_b = shape_spec::parse_transform(&at_b)?;
            say!("{}", contact::report_pair(&a, &xf_a, &b, &xf_b))?;
            Ok(())
        }
        Command::Lab {
            random,
            seed,
            pairs,
        } => {
            match pairs {
                Some(path) => say!("{}", lab_pairs::report(&lab_pairs::load(&path)?))?,
                None if random == 0 => return Err("--random must be at least 1".into()),
                None => say!(
                    "{}\n{}",
                    lab::random_report(random, seed),
                    lab_shortcut::report(random, seed)
                )?,
            }
            Ok(())
        }
        Command::Shot {
            level,
            inputs,
            bench: true,
            split,
            glow,
            ..
        } => {
            let level = level.map(|l| shipped::resolve_level(&l));
            if split {
                say!(
                    "{}",
                    cavefly::app::bench_split::run(level.as_deref(), &glow)?
                )?;
            } else {
                say!(
                    "{}",
                    cavefly::app::bench_replay::run(level.as_deref(), inputs.as_deref(), &glow)?
                )?;
            }
            Ok(())
        }
        Command::Shot {
            level,
            frame,
            inputs,
            size,
            out,
            bench: false,
            glow,
            ..
        } => {
            let (Some(level), Some(out)) = (level, out) else {
                return Err("a LEVEL and --out FILE.png are needed".into());
            };
            let options = shot::ShotOptions {
                level: shipped::resolve_level(&level),
                frame,
                inputs,
                size: shot::parse_size(&size)?,
                glow: cavefly::render::glow::Glow::parse(&glow)?,
            };
            sayln!("{}", shot::shot(&options, &out)?)?;
            Ok(())
        }
    }
}

/// `cavefly play`: the window, on the title screen or straight into a level.
fn play(
    level: Option<PathBuf>,
    (no_vsync, glow): (bool, Option<cavefly::render::glow::Glow>),
    (quit_after_frames, quit_after): (Option<u64>, Option<std::time::Duration>),
    inputs: Option<PathBuf>,
    two_players: bool,
    online: Option<OnlineIntent>,
) -> Result<(), Failure> {
    let level = level
        .map(|l| shipped::resolve_level(&l))
        .as_deref()
        .map(cavefly::level::load_level)
        .transpose()?;
    let replay = inputs
        .as_deref()
        .map(InputScript::load)
        .transpose()?
        .map(|s| s.steps().collect::<Vec<_>>());
    let two_players = two_players
        || replay
            .as_ref()
            .is_some_and(|r| r.iter().any(|a| a.len() > 1));
    let options = window::PlayOptions {
        vsync: !no_vsync,
        quit_after_frames,
        quit_after,
        replay,
        two_players,
        online,
        glow,
    };
    let r = window::play(level, options)?;
    sayln!("cavefly play: {} frames, {} steps", r.frames, r.steps)?;
    Ok(())
}

/// What `cavefly play --host PORT LEVEL` or `--join ADDR` starts with, if either is given.
/// A hosted level is offered by its name under the levels folder, where the joiner looks
/// for it.
fn online_choice(
    level: Option<&Path>,
    host: Option<u16>,
    join: Option<String>,
    input_delay: u8,
) -> Result<Option<OnlineIntent>, Failure> {
    if let Some(address) = join {
        return Ok(Some(OnlineIntent::Join(address)));
    }
    let Some(port) = host else {
        return Ok(None);
    };
    let level = level.ok_or("--host needs the level to offer")?;
    let dir = shipped::levels_dir()?;
    // A path, a shipped level's name, or a name under the levels folder (`arenas/NAME.ron`).
    let file = Some(shipped::resolve_level(level))
        .filter(|f| f.is_file())
        .unwrap_or_else(|| dir.join(level));
    let name = match (file.canonicalize(), dir.canonicalize()) {
        (Ok(f), Ok(d)) if f.starts_with(&d) => cavefly::ui::online::offer_name(&d, &f),
        _ => {
            return Err(format!(
                "{}: only a level of the levels folder ({}) can be hosted online; the other side loads it from its own copy",
                level.display(),
                dir.display()
            )
            .into())
        }
    };
    Ok(Some(OnlineIntent::Host {
        port: port.to_string(),
        level: name,
        input_delay,
    }))
}

/// `cavefly netplay`: one side of a headless online match.
fn netplay(a: &NetplayArgs) -> Result<(), Failure> {
    use cavefly::net::headless;
    if !(0.0..=1.0).contains(&a.loss) {
        return Err(format!("--loss must be 0 to 1, got {}", a.loss).into());
    }
    let player = usize::from(a.player - 1);
    let input_delay = usize::from(a.input_delay);
    let level = shipped::resolve_level(&a.level);
    let m = headless::load(&level, a.inputs.as_deref(), player, input_delay)?;
    let mut options = cavefly::net::MatchOptions::new(player, a.bind, a.peer);
    options.input_delay = input_delay;
    options.connect_timeout = std::time::Duration::from_secs(a.connect_timeout.max(1));
    options.link = cavefly::net::LinkConditions {
        loss: a.loss,
        delay: std::time::Duration::from_millis(a.delay_ms),
        seed: a.seed,
    };
    let frames = a.frames.unwrap_or(if m.script_len > 0 {
        m.script_len as u64
    } else {
        sim::DEFAULT_FRAMES
    });
    let req = headless::NetplayRequest { frames, options };
    // A progress line that cannot be written is not the match's failure; its report is.
    let out = headless::play(m.sim, &m.track, &req, &mut |line| {
        let _ = sayln!("cavefly netplay: {line}");
    })?;
    say!("{}", headless::report(&out, frames))?;
    match headless::verdict(&out) {
        Some(problem) => Err(problem.into()),
        None => Ok(()),
    }
}

/// `cavefly sim --golden FILE`: every pinned run, checked (or, with `CAVEFLY_BLESS=1`,
/// rewritten).
fn golden_runs(file: &Path) -> Result<(), Failure> {
    let bless = std::env::var("CAVEFLY_BLESS").as_deref() == Ok("1");
    let (report, all_match) = sim::check_golden(file, Path::new("."), bless)?;
    say!("{report}")?;
    all_match.then_some(()).ok_or(Failure::Reported)
}
