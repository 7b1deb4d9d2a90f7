//! A level reads mesh files from its own folder and the game's assets folder only: a path
//! that is absolute, climbs out with `..`, or leaves through a symbolic link is refused at
//! the flair item's line and column, with the rule in the message, and the file is never
//! opened (its contents never reach the error, and a pipe is never waited on).

use cavefly::level::{load_level, LevelErrors};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

const TRIANGLE: &str = "(vertices: [(0.0, 0.0), (4.0, 0.0), (2.0, 3.0)], triangles: [(0, 1, 2)])";
/// What a file outside the allowed folders holds: a parse error would echo its first token.
const SECRET: &str = "TOPSECRET_TOKEN (";

/// A level whose one flair names `mesh`, written at `dir/name`.
fn level_naming(dir: &Path, name: &str, mesh: &str) -> PathBuf {
    let text = format!(
        r#"(
    version: 2,
    name: "paths",
    world: (
        rock: [Rect(min: (-50.0, -50.0), max: (50.0, 50.0))],
        carve: [Circle(center: (0.0, 0.0), radius: 20.0)],
    ),
    flair: [(name: "thing", mesh: File({mesh:?}), position: (0.0, -19.0))],
    player_start: (position: (0.0, 0.0)),
)
"#
    );
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Loads in a thread and gives up after ten seconds, so a read of a pipe fails the test
/// instead of hanging it.
fn load_soon(path: &Path) -> Result<cavefly::level::LoadedLevel, LevelErrors> {
    let (tx, rx) = mpsc::channel();
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = tx.send(load_level(&path));
    });
    rx.recv_timeout(Duration::from_secs(10))
        .expect("loading the level blocked: it opened a file it should not have")
}

/// The one problem of a refused level: at the flair's mesh, line 8 column 35 (the `File`).
fn refusal(path: &Path) -> String {
    let errors = load_soon(path).expect_err("the level must be refused");
    assert_eq!(errors.problems.len(), 1, "{errors}");
    let p = &errors.problems[0];
    assert_eq!(
        (p.line, p.col, p.item.as_str()),
        (8, 35, "flair[0].mesh"),
        "{errors}"
    );
    assert!(!p.message.contains("TOPSECRET"), "{errors}");
    p.message.clone()
}

#[test]
fn meshes_in_the_level_folder_and_the_game_assets_load() {
    let game = tempfile::tempdir().unwrap();
    let root = game.path();
    write(&root.join("levels/meshes/own.ron"), TRIANGLE);
    write(&root.join("assets/meshes/shared.ron"), TRIANGLE);
    // Beside the level, in a folder below it, and in the game's assets beside `levels/`.
    for (mesh, file) in [
        ("meshes/own.ron", "levels/meshes/own.ron"),
        ("./meshes/../meshes/own.ron", "levels/meshes/own.ron"),
        ("../assets/meshes/shared.ron", "assets/meshes/shared.ron"),
    ] {
        let level = level_naming(&root.join("levels"), "a.ron", mesh);
        let loaded = load_soon(&level).unwrap_or_else(|e| panic!("{mesh}: {e}"));
        let real = root.join(file).canonicalize().unwrap();
        assert_eq!(loaded.sources, vec![level.clone(), real], "{mesh}");
    }
}

#[test]
fn a_shipped_mesh_is_found_in_the_game_assets_from_any_level_folder() {
    let dir = tempfile::tempdir().unwrap();
    let level = level_naming(dir.path(), "mine.ron", "meshes/rock_spire.ron");
    let loaded = load_soon(&level).unwrap_or_else(|e| panic!("{e}"));
    let shipped = Path::new("assets/meshes/rock_spire.ron")
        .canonicalize()
        .unwrap();
    assert_eq!(loaded.sources[1], shipped);
}

#[test]
fn absolute_paths_are_refused_even_to_a_good_mesh() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.ron");
    write(&good, TRIANGLE);
    let level = level_naming(dir.path(), "a.ron", good.to_str().unwrap());
    assert!(refusal(&level).contains("is an absolute path; mesh paths are relative"));
    let level = level_naming(dir.path(), "b.ron", "C:/meshes/good.ron");
    assert!(refusal(&level).contains("is an absolute path"));
}

#[test]
fn climbing_out_of_the_allowed_folders_is_refused_unread() {
    let game = tempfile::tempdir().unwrap();
    let root = game.path();
    write(&root.join("secret/plans.ron"), SECRET);
    let level = level_naming(&root.join("levels"), "a.ron", "../secret/plans.ron");
    let message = refusal(&level);
    assert!(
        message.contains("leads outside the level's folder")
            && message.contains("must stay inside it or the game's assets folder"),
        "{message}"
    );
    let level = level_naming(
        &root.join("levels"),
        "b.ron",
        "../../../../../../etc/passwd",
    );
    assert!(refusal(&level).contains("leads outside"));
    let level = level_naming(&root.join("levels"), "c.ron", "meshes\\plans.ron");
    assert!(refusal(&level).contains("mesh paths use `/`"));
}

#[cfg(unix)]
#[test]
fn symbolic_links_out_of_the_allowed_folders_are_refused_unread() {
    use std::os::unix::fs::symlink;
    let game = tempfile::tempdir().unwrap();
    let root = game.path();
    write(&root.join("secret/plans.ron"), SECRET);
    write(&root.join("levels/inside.ron"), TRIANGLE);
    std::fs::create_dir_all(root.join("levels/meshes")).unwrap();
    // A link to a file outside, a link to a folder outside, and a link that stays inside.
    symlink(
        root.join("secret/plans.ron"),
        root.join("levels/meshes/plans.ron"),
    )
    .unwrap();
    symlink(root.join("secret"), root.join("levels/vault")).unwrap();
    symlink(
        root.join("levels/inside.ron"),
        root.join("levels/meshes/ok.ron"),
    )
    .unwrap();
    for mesh in ["meshes/plans.ron", "vault/plans.ron"] {
        let level = level_naming(&root.join("levels"), "a.ron", mesh);
        let message = refusal(&level);
        assert!(
            message.contains("leads through a symbolic link"),
            "{message}"
        );
    }
    let level = level_naming(&root.join("levels"), "b.ron", "meshes/ok.ron");
    let loaded = load_soon(&level).unwrap_or_else(|e| panic!("{e}"));
    let inside = root.join("levels/inside.ron").canonicalize().unwrap();
    assert_eq!(loaded.sources[1], inside);
}

#[cfg(unix)]
#[test]
fn a_pipe_is_never_opened_inside_or_outside() {
    let game = tempfile::tempdir().unwrap();
    let root = game.path();
    std::fs::create_dir_all(root.join("levels")).unwrap();
    std::fs::create_dir_all(root.join("outside")).unwrap();
    for fifo in ["levels/pipe.ron", "outside/pipe.ron"] {
        let made = std::process::Command::new("mkfifo")
            .arg(root.join(fifo))
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("mkfifo is not available; skipping the pipe check");
            return;
        }
    }
    let level = level_naming(&root.join("levels"), "a.ron", "pipe.ron");
    assert!(refusal(&level).contains("mesh file not found"));
    let level = level_naming(&root.join("levels"), "b.ron", "../outside/pipe.ron");
    assert!(refusal(&level).contains("leads outside"));
}
