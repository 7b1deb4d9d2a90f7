//! The headless tools' errors: each says what failed in the words of the layer that
//! failed, and callers can tell them apart.

use crate::game::replay::ReplayError;
use crate::game::SetupError;
use crate::level::LevelErrors;
use thiserror::Error;

/// Why a headless tool could not do its work.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum ToolError {
    /// A level file does not load: every problem with its line and column.
    #[error("{}", .0.to_string().trim_end())]
    Level(#[from] LevelErrors),
    /// An input script or replay does not load or does not fit its level.
    #[error(transparent)]
    Script(#[from] ReplayError),
    /// The level loads but its sim cannot be built.
    #[error("{file}: {error}")]
    Setup {
        /// The level file.
        file: String,
        /// Why.
        error: SetupError,
    },
    /// A file the tool reads or writes itself (a plan, a golden file).
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: String,
        /// What went wrong, and what was expected.
        message: String,
    },
}

impl ToolError {
    /// A problem with the file `file`.
    pub fn file(file: &std::path::Path, message: impl Into<String>) -> ToolError {
        ToolError::File {
            file: file.display().to_string(),
            message: message.into(),
        }
    }
}
