//! The game runs from any folder: the built program, copied into an empty temporary folder
//! (so no `levels/` folder is beside it or above it) and run there with empty config and
//! data folders, lists the shipped levels from the copy built into it and simulates one by
//! name.

use std::path::Path;
use std::process::Command;

fn run_in(dir: &Path, exe: &Path, args: &[&str]) -> (bool, String, String) {
    run_with(dir, exe, args, &[])
}

/// As [`run_in`], with `env` set after (and over) its own variables.
fn run_with(
    dir: &Path,
    exe: &Path,
    args: &[&str],
    env: &[(&str, &Path)],
) -> (bool, String, String) {
    let out = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .envs(env.iter().copied())
        .output()
        .expect("the program runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A copy of the built program in `dir`, with no `levels/` folder beside or above it.
fn program_in(dir: &Path) -> std::path::PathBuf {
    let exe = dir.join("cavefly");
    std::fs::copy(env!("CARGO_BIN_EXE_cavefly"), &exe).unwrap();
    exe
}

#[test]
fn the_program_lists_and_plays_the_shipped_levels_from_an_empty_folder() {
    let dir = tempfile::tempdir().unwrap();
    let exe = program_in(dir.path());

    let (ok, out, err) = run_in(dir.path(), &exe, &["levels"]);
    assert!(ok, "{err}");
    // Every level of the source tree's folder is listed, with the name its file gives.
    let mut files: Vec<_> = std::fs::read_dir("levels")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    for f in &files {
        let level = cavefly::level::load_level(&Path::new("levels").join(f)).unwrap();
        let line = format!("  {f}: {}", level.level.name);
        assert!(out.contains(&line), "`{line}` missing from:\n{out}");
    }
    // From the copy built in, unpacked into the data folder, not from any folder on disk.
    assert!(out.starts_with("levels in "), "{out}");
    assert!(out.lines().next().unwrap().contains("data"), "{out}");

    // A shipped level by name, its meshes found beside it, with the hash the source tree's
    // copy gives.
    let (ok, by_name, err) = run_in(dir.path(), &exe, &["sim", "11_reactor", "--frames", "120"]);
    assert!(ok, "{err}");
    let (ok, from_tree, err) = run_in(
        Path::new("."),
        Path::new(env!("CARGO_BIN_EXE_cavefly")),
        &["sim", "levels/11_reactor.ron", "--frames", "120"],
    );
    assert!(ok, "{err}");
    let hash = |s: &str| s.lines().find(|l| l.contains("hash")).map(str::to_owned);
    assert!(hash(&by_name).is_some(), "{by_name}");
    assert_eq!(hash(&by_name), hash(&from_tree));

    // An unknown name is an error that names it, not a crash.
    let (ok, _, err) = run_in(dir.path(), &exe, &["sim", "no_such_level"]);
    assert!(!ok);
    assert!(err.contains("no_such_level"), "{err}");
}

#[test]
fn a_designers_level_in_any_folder_finds_the_games_meshes_and_nothing_outside() {
    let dir = tempfile::tempdir().unwrap();
    let exe = Path::new(env!("CARGO_BIN_EXE_cavefly"));
    // A designer's copies of a shipped level in a folder of their own, with no `assets/`
    // beside it: the mesh paths as the shipped file writes them, and relative to the game's
    // assets folder.
    let designs = dir.path().join("designs");
    std::fs::create_dir(&designs).unwrap();
    let text = std::fs::read_to_string("levels/01_training_cave.ron").unwrap();
    assert!(
        text.contains("File(\"../assets/meshes/"),
        "the level uses meshes"
    );
    std::fs::write(designs.join("as_shipped.ron"), &text).unwrap();
    let short = text.replace("File(\"../assets/meshes/", "File(\"meshes/");
    std::fs::write(designs.join("short.ron"), &short).unwrap();
    let escaping = text.replace("File(\"../assets/meshes/", "File(\"../../../assets/meshes/");
    std::fs::write(designs.join("escaping.ron"), &escaping).unwrap();
    let missing = short.replace("stalactite.ron", "no_such_mesh.ron");
    std::fs::write(designs.join("missing.ron"), &missing).unwrap();

    let hash = |s: &str| s.lines().find(|l| l.starts_with("hash")).map(str::to_owned);
    let args = |file: &str| ["sim", file, "--frames", "60"].map(str::to_owned);
    let (ok, from_tree, err) = run_in(
        Path::new("."),
        exe,
        &args("levels/01_training_cave.ron")
            .each_ref()
            .map(String::as_str),
    );
    assert!(ok, "{err}");
    assert!(hash(&from_tree).is_some(), "{from_tree}");
    for file in ["designs/as_shipped.ron", "designs/short.ron"] {
        let (ok, out, err) = run_in(dir.path(), exe, &args(file).each_ref().map(String::as_str));
        assert!(ok, "{file}: {err}");
        // The same meshes, so the same rock and the same run.
        assert_eq!(hash(&out), hash(&from_tree), "{file}");
    }
    // `check` prints each problem on its standard output.
    let (ok, out, _) = run_in(dir.path(), exe, &["check", "designs/escaping.ron"]);
    assert!(!ok);
    assert!(out.contains("leads outside the level's folder"), "{out}");
    let (ok, out, _) = run_in(dir.path(), exe, &["check", "designs/missing.ron"]);
    assert!(!ok);
    assert!(out.contains("mesh file not found"), "{out}");
    assert!(out.contains("built into the game"), "{out}");
}

#[test]
fn a_levels_folder_without_levels_does_not_hide_the_shipped_ones() {
    let dir = tempfile::tempdir().unwrap();
    let exe = program_in(dir.path());
    // A folder called `levels` in the current folder, which is also the program's (as a
    // home folder is above an installed program), holding no level.
    let levels = dir.path().join("levels");
    std::fs::create_dir_all(levels.join("arenas")).unwrap();
    std::fs::write(levels.join("notes.txt"), "not a level").unwrap();
    let (ok, out, err) = run_in(dir.path(), &exe, &["levels"]);
    assert!(ok, "{err}");
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.contains("data"),
        "listed from {first}, not the built-in copy"
    );
    assert!(out.contains("  11_reactor.ron: "), "{out}");

    // A level file makes it the designer's folder: listed alone, from there.
    let text = std::fs::read_to_string("levels/04_first_flight.ron").unwrap();
    std::fs::write(levels.join("mine.ron"), text).unwrap();
    let (ok, out, err) = run_in(dir.path(), &exe, &["levels"]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().next(), Some("levels in levels:"), "{out}");
    assert!(out.contains("  mine.ron: First Flight"), "{out}");
    assert!(!out.contains("11_reactor"), "{out}");
}

#[test]
fn a_data_folder_that_cannot_be_written_falls_back_to_the_temporary_folder() {
    let dir = tempfile::tempdir().unwrap();
    let exe = program_in(dir.path());
    let work = dir.path().join("work");
    std::fs::create_dir(&work).unwrap();
    // The data folder's path runs through a file, so nothing can be created under it.
    let blocked = dir.path().join("not_a_folder");
    std::fs::write(&blocked, "a file").unwrap();
    let temp = dir.path().join("tmp");
    std::fs::create_dir(&temp).unwrap();
    let data = blocked.join("data");
    let env = [
        ("XDG_DATA_HOME", data.as_path()),
        ("TMPDIR", temp.as_path()),
    ];
    let (ok, text, err) = run_with(&work, &exe, &["levels"], &env);
    assert!(ok, "{err}");
    let first = text.lines().next().unwrap_or_default();
    assert!(first.contains(&*temp.to_string_lossy()), "{first}");
    assert!(text.contains("  11_reactor.ron: "), "{text}");
}
