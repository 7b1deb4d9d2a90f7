//! Vetting a rollback-session message before the session sees it. The session library
//! trusts its peer: a message with the wrong number of connection entries, an input run that
//! does not decode, a timestamp from the future or a frame near the integer limits trips an
//! assertion inside it. So each payload is first read into a mirror of the message's wire
//! layout (the same serde shape, hence the same bytes) and checked against what a genuine
//! peer in a two-player match can send; only then is it decoded for the session.

use serde::Deserialize;

/// Most frames of input one message may carry: the sender repeats every input not yet
/// acknowledged, which a genuine peer keeps within a few prediction windows.
pub const MAX_INPUT_FRAMES: usize = 256;

#[derive(Deserialize)]
struct WireMessage {
    _magic: u16,
    body: WireBody,
}

#[derive(Deserialize)]
struct WireStatus {
    _disconnected: bool,
    last_frame: i32,
}

#[derive(Deserialize)]
struct WireInput {
    peer_connect_status: Vec<WireStatus>,
    _disconnect_requested: bool,
    start_frame: i32,
    ack_frame: i32,
    bytes: Vec<u8>,
}

// Every field is read for its place in the layout; only some are checked.
#[allow(dead_code)]
#[derive(Deserialize)]
enum WireBody {
    SyncRequest(u32),
    SyncReply(u32),
    Input(WireInput),
    InputAck(i32),
    QualityReport(i16, u128),
    QualityReply(u128),
    ChecksumReport(u128, i32),
    KeepAlive,
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It does not read as a session message at all.
    Shape,
    /// It reads, but holds values a genuine peer never sends.
    Values,
}

/// Checks one session-message payload for a match of `players` players, with `now_ms` the
/// milliseconds since the Unix epoch (quality replies echo a timestamp of ours, so one from
/// the future is forged).
pub fn vet(payload: &[u8], players: usize, now_ms: u128) -> Result<(), Refusal> {
    let msg: WireMessage = bincode::deserialize(payload).map_err(|_| Refusal::Shape)?;
    let frame_ok = |f: i32| (-1..i32::MAX / 2).contains(&f);
    let ok = match msg.body {
        WireBody::SyncRequest(_) | WireBody::SyncReply(_) | WireBody::KeepAlive => true,
        WireBody::QualityReport(_, _) => true,
        WireBody::QualityReply(pong) => pong <= now_ms,
        WireBody::InputAck(f) => frame_ok(f),
        WireBody::ChecksumReport(_, f) => (0..i32::MAX / 2).contains(&f),
        WireBody::Input(i) => {
            i.peer_connect_status.len() == players
                && i.peer_connect_status.iter().all(|s| frame_ok(s.last_frame))
                && (0..i32::MAX / 2).contains(&i.start_frame)
                && frame_ok(i.ack_frame)
                && rle_len(&i.bytes).is_some_and(|n| n <= MAX_INPUT_FRAMES)
        }
    };
    ok.then_some(()).ok_or(Refusal::Values)
}

/// The decoded length of a run-length-encoded input block (the session library's bitfield
/// encoding: varint headers, each a literal run of bytes or a repeat of 0x00/0xff), or
/// `None` if it is not well formed.
fn rle_len(buf: &[u8]) -> Option<usize> {
    let (mut at, mut len) = (0usize, 0usize);
    while at < buf.len() {
        let (head, used) = varint(&buf[at..])?;
        at += used;
        let run = if head & 1 == 1 { head >> 2 } else { head >> 1 };
        let run = usize::try_from(run)
            .ok()
            .filter(|&r| r <= MAX_INPUT_FRAMES)?;
        len = len.checked_add(run).filter(|&l| l <= MAX_INPUT_FRAMES)?;
        if head & 1 == 0 {
            at = at.checked_add(run).filter(|&a| a <= buf.len())?;
        }
    }
    Some(len)
}

/// A little-endian base-128 varint: its value and its length in bytes.
fn varint(buf: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &b) in buf.iter().enumerate().take(10) {
        value |= u64::from(b & 0x7f).checked_shl(7 * i as u32)?;
        if b & 0x80 == 0 {
            return Some((value, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_lengths_are_read_and_bad_runs_refused() {
        // A literal run of 3 bytes: header 3 << 1.
        assert_eq!(rle_len(&[6, 1, 2, 3]), Some(3));
        // A repeat of 0xff, 5 long: header (5 << 2) | 2 | 1.
        assert_eq!(rle_len(&[23]), Some(5));
        // A literal run longer than what follows.
        assert_eq!(rle_len(&[6, 1]), None);
        // An unterminated varint.
        assert_eq!(rle_len(&[0x80, 0x80]), None);
        // A repeat far past the limit.
        assert_eq!(rle_len(&[0xff, 0xff, 0xff, 0x7f]), None);
        assert_eq!(rle_len(&[]), Some(0));
    }

    #[test]
    fn shapes_that_are_not_messages_are_refused() {
        assert_eq!(vet(&[], 2, 0), Err(Refusal::Shape));
        assert_eq!(vet(&[1, 0, 99, 0, 0, 0], 2, 0), Err(Refusal::Shape));
    }
}
