//! The `cavefly check` command: exit status, per-file report, and no panic on odd input.

use std::process::Command;

fn check(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cavefly"))
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn shipped_levels_exit_zero_with_a_summary() {
    let (code, text) = check(&["levels/04_first_flight.ron", "levels/05_crystal_mine.ron"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(text.matches(": OK: ").count(), 2, "{text}");
    assert!(text.contains("segments in") && text.contains("built in"));
}

#[test]
fn any_bad_file_exits_one_and_is_named_with_its_position() {
    let (code, text) = check(&[
        "levels/04_first_flight.ron",
        "tests/levels_bad/zone_unknown.ron",
    ]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("levels/04_first_flight.ron: OK"));
    assert!(text.contains("tests/levels_bad/zone_unknown.ron: 3 errors"));
    assert!(text.contains(
        "tests/levels_bad/zone_unknown.ron:18:45: zones[0].actions[1]: unknown door `ghost_door`"
    ));
    assert!(!text.contains("panicked"));
}

#[test]
fn odd_input_is_an_error_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("cavefly_check_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deep = dir.join("deep.ron");
    std::fs::write(
        &deep,
        "(version: 1, name: ".to_string() + &"[(".repeat(100_000),
    )
    .unwrap();
    let binary = dir.join("binary.ron");
    std::fs::write(&binary, (0..=255u8).cycle().take(4096).collect::<Vec<u8>>()).unwrap();
    let empty = dir.join("empty.ron");
    std::fs::write(&empty, "").unwrap();
    let paths: Vec<String> = [&deep, &binary, &empty, &dir]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let args: Vec<&str> = paths.iter().map(String::as_str).collect();
    let (code, text) = check(&args);
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("panicked"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.ends_with(": 1 error")).count(),
        4,
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mesh_files_are_checked_as_meshes() {
    let (code, text) = check(&["assets/meshes/arch.ron", "assets/meshes/crystals.ron"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("assets/meshes/arch.ron: OK: mesh of 34 vertices and"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(
        &bad,
        "(\n    vertices: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],\n    triangles: [(0, 1, 2), (0, 1, 9)],\n)\n",
    )
    .unwrap();
    let (code, text) = check(&[bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains(&format!(
            "{}:3:28: triangles[1]: triangle 1 uses vertex 9, but the mesh has only 3 vertices",
            bad.display()
        )),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_link_to_an_endless_device_or_a_pipe_is_refused_without_reading_it() {
    // Read, /dev/zero fills the memory and a pipe with no writer waits for ever; the
    // command must answer at once, and for a level and its input script alike.
    let dir = tempfile::tempdir().unwrap();
    let zero = dir.path().join("zero.ron");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let pipe = dir.path().join("pipe.ron");
    let made = Command::new("mkfifo").arg(&pipe).status();
    let mut odd = vec![zero.display().to_string()];
    if made.is_ok_and(|s| s.success()) {
        odd.push(pipe.display().to_string());
    }
    let args: Vec<&str> = odd.iter().map(String::as_str).collect();
    let (code, text) = check(&args);
    assert_eq!(code, 1, "{text}");
    for file in &odd {
        assert!(
            text.contains(&format!(
                "{file}:1:1: cannot read the file: a device, pipe or socket, not a file"
            )),
            "{text}"
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_cavefly"))
        .args(["sim", "levels/04_first_flight.ron", "--inputs", &odd[0]])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot read the input script: a device"),
        "{err}"
    );
}

/// A level with `n` debris, each with two problems (a position that is not a number and a
/// density below the least).
fn level_of_bad_debris(n: usize) -> String {
    let src = std::fs::read_to_string("levels/01_training_cave.ron").unwrap();
    let at = src.find("debris: [").unwrap() + "debris: [".len();
    let bad: String = (0..n)
        .map(|k| {
            format!(
                "\n        (name: \"bad{k}\", shape: Circle(radius: 0.5), position: (NaN, 0.0), density: -1.0),"
            )
        })
        .collect();
    format!("{}{bad}{}", &src[..at], &src[at..])
}

#[test]
fn a_reader_that_stops_early_ends_the_report_quietly_with_the_checks_status() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.ron");
    std::fs::write(&file, level_of_bad_debris(3_000)).unwrap();
    // 6,000 problems: a report far longer than a pipe holds.
    let (code, text) = check(&[file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(text.lines().count(), 6_001, "{}", &text[..200]);
    // As `cavefly check bad.ron | head -1` reads it: one line, then the pipe is closed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_cavefly"))
        .arg("check")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    assert!(String::from_utf8_lossy(&first).contains("bad.ron: 6000 errors"));
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.is_empty(), "{err}");
}
