//! The `cavefly` command line: play (the default) and the headless tools.

use cavefly::app::{bench, catalog, shot, window};
use cavefly::game::InputScript;
use cavefly::level::shipped;
use cavefly::tools::{check, contact, lab, lab_pairs, shape_spec, sim};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
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
        /// Replay this input script (RON) instead of reading the keyboard.
        #[arg(long, requires = "level")]
        inputs: Option<PathBuf>,
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
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let play_default = Command::Play {
        level: None,
        no_vsync: false,
        quit_after_frames: None,
        inputs: None,
    };
    match cli.command.unwrap_or(play_default) {
        Command::Play {
            level,
            no_vsync,
            quit_after_frames,
            inputs,
        } => {
            let level = level.map(|l| shipped::resolve_level(&l));
            let level = match level.as_deref().map(cavefly::level::load_level).transpose() {
                Ok(l) => l,
                Err(e) => return fail("play", &e.to_string()),
            };
            let replay = match inputs.as_deref().map(InputScript::load).transpose() {
                Ok(script) => script.map(|s| s.frames().collect()),
                Err(e) => return fail("play", &e),
            };
            let options = window::PlayOptions {
                vsync: !no_vsync,
                quit_after_frames,
                replay,
            };
            match window::play(level, options) {
                Ok(r) => {
                    println!("cavefly play: {} frames, {} steps", r.frames, r.steps);
                    ExitCode::SUCCESS
                }
                Err(e) => fail("play", &e),
            }
        }
        Command::Sim {
            level,
            frames,
            inputs,
            hash_every,
            profile,
            golden,
        } => {
            if let Some(file) = golden {
                let bless = std::env::var("CAVEFLY_BLESS").as_deref() == Ok("1");
                return match sim::check_golden(&file, std::path::Path::new("."), bless) {
                    Ok((report, all_match)) => {
                        print!("{report}");
                        if all_match {
                            ExitCode::SUCCESS
                        } else {
                            ExitCode::FAILURE
                        }
                    }
                    Err(e) => {
                        eprintln!("cavefly sim: {e}");
                        ExitCode::FAILURE
                    }
                };
            }
            let Some(level) = level else {
                eprintln!("cavefly sim: a level file is needed");
                return ExitCode::FAILURE;
            };
            match sim::run(&sim::SimRequest {
                level: shipped::resolve_level(&level),
                inputs,
                frames,
                hash_every,
                profile,
            }) {
                Ok(out) => {
                    print!("{}", out.report);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cavefly sim: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Levels => levels(),
        Command::New { file } => match cavefly::level::starter::write_new_level(&file) {
            Ok(()) => {
                println!(
                    "cavefly new: wrote {0}; play it with `cavefly play {0}`",
                    file.display()
                );
                ExitCode::SUCCESS
            }
            Err(e) => fail("new", &e),
        },
        Command::Replay {
            file,
            quit_after_frames,
        } => {
            let (script, level) = match cavefly::game::replay::load_replay(&file) {
                Ok(r) => r,
                Err(e) => return fail("replay", &e),
            };
            let options = window::PlayOptions {
                vsync: true,
                quit_after_frames,
                replay: Some(script.frames().collect()),
            };
            match window::play(Some(level), options) {
                Ok(r) => {
                    println!("cavefly replay: {} frames, {} steps", r.frames, r.steps);
                    ExitCode::SUCCESS
                }
                Err(e) => fail("replay", &e),
            }
        }
        Command::Record { plan, out } => match cavefly::tools::record::record(&plan, &out) {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => fail("record", &e),
        },
        Command::Demo => {
            print!("{}", contact::demo());
            ExitCode::SUCCESS
        }
        Command::Check { files } => {
            let (report, ok) = check::check_files(&files);
            print!("{report}");
            if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Command::Contact { a, b, at_a, at_b } => {
            let parsed = (|| {
                Ok::<_, String>((
                    shape_spec::parse_shape(&a)?,
                    shape_spec::parse_transform(&at_a)?,
                    shape_spec::parse_shape(&b)?,
                    shape_spec::parse_transform(&at_b)?,
                ))
            })();
            match parsed {
                Ok((a, xf_a, b, xf_b)) => {
                    print!("{}", contact::report_pair(&a, &xf_a, &b, &xf_b));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cavefly contact: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Lab {
            random,
            seed,
            pairs,
        } => match pairs {
            Some(path) => match lab_pairs::load(&path) {
                Ok(pairs) => {
                    print!("{}", lab_pairs::report(&pairs));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cavefly lab: {e}");
                    ExitCode::FAILURE
                }
            },
            None if random == 0 => {
                eprintln!("cavefly lab: --random must be at least 1");
                ExitCode::FAILURE
            }
            None => {
                print!("{}", lab::random_report(random, seed));
                ExitCode::SUCCESS
            }
        },
        Command::Shot {
            level,
            inputs,
            bench: true,
            ..
        } => match bench::run(
            level.map(|l| shipped::resolve_level(&l)).as_deref(),
            inputs.as_deref(),
        ) {
            Ok(report) => {
                print!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => fail("shot", &e),
        },
        Command::Shot {
            level,
            frame,
            inputs,
            size,
            out,
            bench: false,
        } => {
            let (Some(level), Some(out)) = (level, out) else {
                return fail("shot", "a LEVEL and --out FILE.png are needed");
            };
            let run = || {
                let options = shot::ShotOptions {
                    level: shipped::resolve_level(&level),
                    frame,
                    inputs,
                    size: shot::parse_size(&size)?,
                };
                shot::shot(&options, &out)
            };
            match run() {
                Ok(line) => {
                    println!("{line}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail("shot", &e),
            }
        }
    }
}

/// `cavefly levels`: prints the catalogue.
fn levels() -> ExitCode {
    match catalog::find_levels_dir().and_then(|d| catalog::Catalog::scan(&d)) {
        Ok(c) => {
            print!("{}", catalog::describe(&c));
            ExitCode::SUCCESS
        }
        Err(e) => fail("levels", &e),
    }
}

/// Prints `cavefly COMMAND: message` to stderr and returns failure.
fn fail(command: &str, message: &str) -> ExitCode {
    eprintln!("cavefly {command}: {message}");
    ExitCode::FAILURE
}
