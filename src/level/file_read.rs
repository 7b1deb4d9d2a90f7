//! Reading the game's text files safely: only a regular file, and no more than
//! [`MAX_FILE_BYTES`]. A path that names a folder, a device such as `/dev/zero` or a named
//! pipe is refused before it is opened (opening a pipe waits for a writer; reading a device
//! never ends), and a file that is, or grows, too large is refused while reading, so that
//! a hot reload or a title screen listing a folder never hangs or fills the memory.

use std::io::{self, Read};
use std::path::Path;

/// Largest file the game reads as text (a level, a mesh, a ship, a replay or input script,
/// settings, progress), in bytes: far beyond any it writes, so that a file that is not one
/// (a link to a device, a log that grew) is refused before it fills the memory.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The bytes of the regular file at `path` (links followed), if it holds at most
/// [`MAX_FILE_BYTES`].
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    read_at_most(path, MAX_FILE_BYTES)
}

/// The text of the regular file at `path`, as [`read_file`]; not UTF-8 is an error.
pub fn read_text_file(path: &Path) -> io::Result<String> {
    String::from_utf8(read_file(path)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (a bad byte after {} bytes)",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The bytes of the regular file at `path`, if it holds at most `limit`.
fn read_at_most(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let kind = if meta.is_dir() {
            "a folder"
        } else {
            "a device, pipe or socket"
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{kind}, not a file"),
        ));
    }
    let too_large = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {} MiB, the most the game reads", limit >> 20),
        )
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("level.ron");
        std::fs::write(&file, "(name: \"é\")").unwrap();
        assert_eq!(read_text_file(&file).unwrap(), "(name: \"é\")");
        std::fs::write(&file, b"\xff\xfe").unwrap();
        let e = read_text_file(&file).unwrap_err().to_string();
        assert!(e.contains("not UTF-8"), "{e}");
    }

    #[test]
    fn a_file_past_the_limit_is_refused_and_one_at_it_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("big.ron");
        std::fs::write(&file, vec![b'x'; 2 << 20]).unwrap();
        let e = read_at_most(&file, 1 << 20).unwrap_err().to_string();
        assert!(e.contains("larger than 1 MiB"), "{e}");
        assert_eq!(read_at_most(&file, 2 << 20).unwrap().len(), 2 << 20);
    }

    #[cfg(unix)]
    #[test]
    fn folders_devices_and_pipes_are_refused_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_file(dir.path()).unwrap_err().to_string();
        assert!(e.contains("a folder, not a file"), "{e}");
        // A link to an endless device: read, it would fill the memory.
        let zero = dir.path().join("zero.ron");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let e = read_file(&zero).unwrap_err().to_string();
        assert!(e.contains("a device, pipe or socket, not a file"), "{e}");
        // A named pipe with no writer: opened, it would wait for ever.
        let fifo = dir.path().join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read_file(&fifo).unwrap_err().to_string();
            assert!(e.contains("a device, pipe or socket, not a file"), "{e}");
        }
        // A link to itself.
        let looped = dir.path().join("loop.ron");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        assert!(read_file(&looped).is_err());
        assert!(read_file(&dir.path().join("missing.ron")).is_err());
    }
}
