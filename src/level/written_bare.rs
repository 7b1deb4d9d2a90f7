//! Optional fields written without `Some`, as level files write them: `player_start: (...)`,
//! `rules: Versus(...)`, `push: (0.0, -3.0)`.

use serde::{Deserialize, Serialize};

/// `player_start: (...)` and `rules: ...` are written without `Some`: a field that is
/// there is present.
pub(super) fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// Writes an optional field as it is read: without `Some`.
pub(super) fn bare<S: serde::Serializer, T: Serialize>(
    value: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(p) => p.serialize(s),
        None => s.serialize_none(),
    }
}
