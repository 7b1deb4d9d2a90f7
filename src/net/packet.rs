//! The datagram frame: every datagram Cavefly sends carries a small header of its own before
//! its payload, so that stray or corrupted bytes are recognised and dropped before they reach
//! the rollback session.
//!
//! ```text
//! offset  size  field
//!      0     4  magic "CVFN"
//!      4     1  protocol version (PROTOCOL_VERSION)
//!      5     1  kind: 0 a rollback-session message, 1 "match finished", 2 the opening
//!               handshake (see `handshake`)
//!      6     2  payload length, little endian
//!      8     4  FNV-1a of bytes 4..8 and the payload (the low 32 bits of the 64-bit
//!               hash), little endian
//!     12     …  payload
//! ```

use crate::hash::Fnv1a;
use thiserror::Error;

/// The first four bytes of every datagram.
pub const MAGIC: [u8; 4] = *b"CVFN";
/// The protocol version this build speaks; a peer with another version is not understood.
pub const PROTOCOL_VERSION: u8 = 1;
/// Bytes before the payload.
pub const HEADER_LEN: usize = 12;
/// The largest payload the protocol carries. A rollback message with a one-byte input per
/// frame is a few dozen bytes; this leaves room and stays under any path's MTU.
pub const MAX_PAYLOAD: usize = 1024;
/// The largest datagram the protocol allows; anything longer is dropped unread.
pub const MAX_DATAGRAM: usize = HEADER_LEN + MAX_PAYLOAD;

/// What a datagram carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A message of the rollback session (serialised as the session library writes it).
    Session,
    /// "I have confirmed the match up to its last frame": frame and state hash.
    Finished,
    /// A message of the opening handshake (who hosts, which level, what input delay).
    Hello,
}

impl Kind {
    fn byte(self) -> u8 {
        match self {
            Kind::Session => 0,
            Kind::Finished => 1,
            Kind::Hello => 2,
        }
    }

    fn from_byte(b: u8) -> Option<Kind> {
        match b {
            0 => Some(Kind::Session),
            1 => Some(Kind::Finished),
            2 => Some(Kind::Hello),
            _ => None,
        }
    }
}

/// Why a datagram was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Malformed {
    /// Longer than [`MAX_DATAGRAM`].
    #[error("longer than the protocol's {MAX_DATAGRAM} bytes")]
    TooLong,
    /// Shorter than the header, or not starting with [`MAGIC`].
    #[error("not a Cavefly datagram")]
    NotOurs,
    /// Another protocol version.
    #[error("protocol version {0}, this build speaks {PROTOCOL_VERSION}")]
    Version(u8),
    /// An unknown kind byte.
    #[error("unknown kind {0}")]
    Kind(u8),
    /// The length field disagrees with the datagram's size.
    #[error("length field disagrees with the datagram")]
    Length,
    /// The payload's checksum does not match.
    #[error("checksum mismatch")]
    Checksum,
    /// The payload does not decode as its kind says.
    #[error("payload does not decode")]
    Payload,
}

/// The 32-bit checksum of a datagram: its version, kind and length bytes, then its payload.
fn checksum(header: &[u8], payload: &[u8]) -> u32 {
    let mut h = Fnv1a::new();
    h.write(&header[4..8]);
    h.write(payload);
    h.finish() as u32
}

/// Frames `payload` as a datagram of `kind`; `None` if the payload is longer than
/// [`MAX_PAYLOAD`].
pub fn encode(kind: Kind, payload: &[u8]) -> Option<Vec<u8>> {
    if payload.len() > MAX_PAYLOAD {
        return None;
    }
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(&MAGIC);
    out.push(PROTOCOL_VERSION);
    out.push(kind.byte());
    out.extend_from_slice(&(payload.len() as u16).to_le_bytes());
    let sum = checksum(&out, payload);
    out.extend_from_slice(&sum.to_le_bytes());
    out.extend_from_slice(payload);
    Some(out)
}

/// Checks a received datagram's frame and returns its kind and payload.
pub fn decode(datagram: &[u8]) -> Result<(Kind, &[u8]), Malformed> {
    if datagram.len() > MAX_DATAGRAM {
        return Err(Malformed::TooLong);
    }
    if datagram.len() < HEADER_LEN || datagram[..4] != MAGIC {
        return Err(Malformed::NotOurs);
    }
    if datagram[4] != PROTOCOL_VERSION {
        return Err(Malformed::Version(datagram[4]));
    }
    let kind = Kind::from_byte(datagram[5]).ok_or(Malformed::Kind(datagram[5]))?;
    let len = u16::from_le_bytes([datagram[6], datagram[7]]) as usize;
    let payload = &datagram[HEADER_LEN..];
    if payload.len() != len {
        return Err(Malformed::Length);
    }
    let sum = u32::from_le_bytes([datagram[8], datagram[9], datagram[10], datagram[11]]);
    if sum != checksum(datagram, payload) {
        return Err(Malformed::Checksum);
    }
    Ok((kind, payload))
}

/// The payload of a [`Kind::Finished`] datagram: the last frame of the match and the state
/// hash there.
pub fn finished_payload(frame: u32, hash: u64) -> Vec<u8> {
    let mut out = frame.to_le_bytes().to_vec();
    out.extend_from_slice(&hash.to_le_bytes());
    out
}

/// Reads a [`Kind::Finished`] payload.
pub fn read_finished(payload: &[u8]) -> Result<(u32, u64), Malformed> {
    let (frame, hash) = payload.split_at_checked(4).ok_or(Malformed::Payload)?;
    let frame: [u8; 4] = frame.try_into().map_err(|_| Malformed::Payload)?;
    let hash: [u8; 8] = hash.try_into().map_err(|_| Malformed::Payload)?;
    Ok((u32::from_le_bytes(frame), u64::from_le_bytes(hash)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Pcg32;

    #[test]
    fn a_framed_payload_reads_back_and_any_flipped_bit_is_caught() {
        let payload = b"rollback input for frame 42";
        let d = encode(Kind::Session, payload).unwrap();
        assert_eq!(d.len(), HEADER_LEN + payload.len());
        assert_eq!(decode(&d), Ok((Kind::Session, &payload[..])));
        for bit in 0..d.len() * 8 {
            let mut bad = d.clone();
            bad[bit / 8] ^= 1 << (bit % 8);
            assert!(decode(&bad).is_err(), "bit {bit} flipped went through");
        }
    }

    #[test]
    fn wrong_sizes_versions_and_kinds_are_named() {
        assert_eq!(encode(Kind::Session, &[0; MAX_PAYLOAD + 1]), None);
        let full = encode(Kind::Session, &[7; MAX_PAYLOAD]).unwrap();
        assert_eq!(full.len(), MAX_DATAGRAM);
        assert!(decode(&full).is_ok());
        let mut long = full.clone();
        long.push(0);
        assert_eq!(decode(&long), Err(Malformed::TooLong));
        assert_eq!(decode(b"CVF"), Err(Malformed::NotOurs));
        let mut v = full.clone();
        v[4] = 9;
        assert_eq!(decode(&v), Err(Malformed::Version(9)));
        let mut k = full.clone();
        k[5] = 7;
        assert_eq!(decode(&k), Err(Malformed::Kind(7)));
        assert_eq!(decode(&full[..100]), Err(Malformed::Length));
    }

    #[test]
    fn random_bytes_never_pass_the_frame() {
        let mut rng = Pcg32::new(16);
        for _ in 0..20_000 {
            let len = rng.int(0, 1400);
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u32() as u8).collect();
            assert!(decode(&bytes).is_err());
        }
    }

    #[test]
    fn finished_reads_back_and_short_payloads_are_refused() {
        let p = finished_payload(3600, 0x1234_5678_9abc_def0);
        assert_eq!(read_finished(&p), Ok((3600, 0x1234_5678_9abc_def0)));
        assert_eq!(read_finished(&p[..11]), Err(Malformed::Payload));
        assert_eq!(read_finished(&[]), Err(Malformed::Payload));
    }
}
