//! The opening handshake of a match started from the window: the joiner knows the host's
//! address, the host learns the joiner's from its first message, tells it the level (its
//! name among the shipped levels and its content hash) and the input delay, and the joiner
//! accepts only if its own copy of that level has the same hash.
//!
//! ```text
//! joiner → host   Join                      repeated until an Offer comes
//! host → joiner   Offer(delay, hash, name)  repeated until Accept or Refuse comes
//! joiner → host   Accept(hash) | Refuse(why), sent three times
//! ```
//!
//! Every message travels in a [`Kind::Hello`] datagram of the usual frame; anything else,
//! and anything from an address other than the chosen peer's, is counted and dropped. A
//! session datagram from the chosen joiner also counts as its acceptance: it only starts
//! the match after accepting, so its Accept was lost on the way. Both sides poll without
//! blocking, so the window keeps drawing while they wait.

use super::packet::{self, Kind, Malformed, MAX_DATAGRAM};
use super::session::NetError;
use std::io::ErrorKind;
use std::net::{SocketAddr, UdpSocket};
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, Instant};

/// How often an unanswered message is sent again.
const RESEND: Duration = Duration::from_millis(100);
/// How many times the joiner's last message is sent (it is not answered).
const LAST_WORD_COPIES: usize = 3;
/// The longest level name carried.
const MAX_NAME: usize = 200;
/// The longest refusal carried.
const MAX_REASON: usize = 600;

/// What the host offers: the level and the input delay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The level's file name among the shipped levels (e.g. `arenas/versus_quarry.ron`).
    pub level: String,
    /// Its content hash on the host.
    pub level_hash: u64,
    /// Steps between a local input and the step it applies to.
    pub input_delay: u8,
}

/// A finished handshake: who plays whom on what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreed {
    /// The local address the handshake used (the match binds it again).
    pub local: SocketAddr,
    /// The peer's address.
    pub peer: SocketAddr,
    /// The level and input delay.
    pub offer: Offer,
}

/// One handshake message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hello {
    /// "I want to join."
    Join,
    /// The host's level and input delay.
    Offer(Offer),
    /// "I have that level, with this hash."
    Accept(u64),
    /// "I cannot play that", and why.
    Refuse(String),
}

impl Hello {
    /// The message as a datagram payload.
    pub fn encode(&self) -> Vec<u8> {
        match self {
            Hello::Join => vec![0],
            Hello::Offer(o) => {
                let name = truncated(&o.level, MAX_NAME);
                let mut out = vec![1, o.input_delay];
                out.extend_from_slice(&o.level_hash.to_le_bytes());
                out.push(name.len() as u8);
                out.extend_from_slice(name.as_bytes());
                out
            }
            Hello::Accept(hash) => {
                let mut out = vec![2];
                out.extend_from_slice(&hash.to_le_bytes());
                out
            }
            Hello::Refuse(why) => {
                let mut out = vec![3];
                out.extend_from_slice(truncated(why, MAX_REASON).as_bytes());
                out
            }
        }
    }

    /// Reads a payload; anything but a well-formed message is refused.
    pub fn decode(payload: &[u8]) -> Result<Hello, Malformed> {
        let hash = |b: &[u8]| -> Result<u64, Malformed> {
            Ok(u64::from_le_bytes(
                b.try_into().map_err(|_| Malformed::Payload)?,
            ))
        };
        match payload.split_first() {
            Some((0, [])) => Ok(Hello::Join),
            Some((1, rest)) if rest.len() >= 10 => {
                let (delay, hash_bytes, len) = (rest[0], &rest[1..9], rest[9] as usize);
                let name = std::str::from_utf8(&rest[10..]).map_err(|_| Malformed::Payload)?;
                if name.len() != len || name.is_empty() || name.chars().any(char::is_control) {
                    return Err(Malformed::Payload);
                }
                Ok(Hello::Offer(Offer {
                    level: name.to_string(),
                    level_hash: hash(hash_bytes)?,
                    input_delay: delay,
                }))
            }
            Some((2, rest)) => Ok(Hello::Accept(hash(rest)?)),
            Some((3, rest)) if rest.len() <= MAX_REASON => {
                let why = std::str::from_utf8(rest).map_err(|_| Malformed::Payload)?;
                Ok(Hello::Refuse(why.to_string()))
            }
            _ => Err(Malformed::Payload),
        }
    }
}

/// `s` cut to at most `max` bytes on a character boundary.
fn truncated(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The file a level name from a peer stands for, under `levels_dir`: only a relative path
/// of plain folder and file names ending in `.ron`, so a peer can never name a file
/// outside the shipped levels.
pub fn level_file(levels_dir: &Path, name: &str) -> Result<PathBuf, String> {
    let rel = Path::new(name);
    let plain = rel.components().all(|c| matches!(c, Component::Normal(_)));
    if !plain || rel.extension().is_none_or(|x| x != "ron") {
        return Err(format!(
            "the host asked for level `{name}`, which is not a shipped level's name"
        ));
    }
    Ok(levels_dir.join(rel))
}

/// A socket for the handshake: non-blocking, counting what it drops.
struct Socket {
    socket: UdpSocket,
    buf: Vec<u8>,
    dropped: u64,
}

impl Socket {
    fn bind(addr: SocketAddr) -> Result<Socket, NetError> {
        let bind_error = |e: std::io::Error| NetError::Bind {
            addr,
            message: e.to_string(),
        };
        let socket = UdpSocket::bind(addr).map_err(bind_error)?;
        socket.set_nonblocking(true).map_err(bind_error)?;
        Ok(Socket {
            socket,
            buf: vec![0; MAX_DATAGRAM + 1],
            dropped: 0,
        })
    }

    fn send(&self, to: SocketAddr, m: &Hello) {
        if let Some(d) = packet::encode(Kind::Hello, &m.encode()) {
            // A lost send is resent, or made up for by the match's own retries.
            let _ = self.socket.send_to(&d, to);
        }
    }

    /// The next datagram waiting: its sender and what it holds (a handshake message, or
    /// `None` for a session datagram); drops everything else.
    fn next(&mut self) -> Option<(SocketAddr, Option<Hello>)> {
        loop {
            let (n, from) = match self.socket.recv_from(&mut self.buf) {
                Ok(got) => got,
                Err(e) if e.kind() == ErrorKind::WouldBlock => return None,
                Err(_) => continue,
            };
            match packet::decode(&self.buf[..n]) {
                Ok((Kind::Hello, payload)) => match Hello::decode(payload) {
                    Ok(m) => return Some((from, Some(m))),
                    Err(_) => self.dropped += 1,
                },
                Ok((Kind::Session, _)) => return Some((from, None)),
                _ => self.dropped += 1,
            }
        }
    }
}

/// The host's side: waits for a joiner on its port.
pub struct Host {
    socket: Socket,
    offer: Offer,
    local: SocketAddr,
    peer: Option<SocketAddr>,
    offered_at: Option<Instant>,
    first_offer: Option<Instant>,
    timeout: Duration,
}

impl Host {
    /// Binds `addr` and waits for a joiner; `timeout` bounds the wait for the joiner's
    /// answer once it has asked.
    pub fn bind(addr: SocketAddr, offer: Offer, timeout: Duration) -> Result<Host, NetError> {
        let socket = Socket::bind(addr)?;
        let local = socket.socket.local_addr().map_err(|e| NetError::Bind {
            addr,
            message: e.to_string(),
        })?;
        Ok(Host {
            socket,
            offer,
            local,
            peer: None,
            offered_at: None,
            first_offer: None,
            timeout,
        })
    }

    /// The address bound (its port is the one to open).
    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// The joiner, once one has asked.
    pub fn peer(&self) -> Option<SocketAddr> {
        self.peer
    }

    /// Datagrams dropped: not handshake messages, malformed, or from a stranger.
    pub fn dropped(&self) -> u64 {
        self.socket.dropped
    }

    /// Reads what has come and answers; `Some` once the joiner has accepted.
    pub fn poll(&mut self) -> Result<Option<Agreed>, NetError> {
        while let Some((from, m)) = self.socket.next() {
            if self.peer.is_some_and(|p| p != from) {
                self.socket.dropped += 1;
                continue;
            }
            match m {
                Some(Hello::Join) => {
                    if self.peer.is_none() {
                        self.peer = Some(from);
                        self.first_offer = Some(Instant::now());
                    }
                    self.offered_at = None;
                }
                Some(Hello::Accept(h)) if self.peer.is_some() && h == self.offer.level_hash => {
                    return Ok(Some(self.agreed(from)));
                }
                // Only a joiner that accepted starts the match.
                None if self.peer.is_some() => return Ok(Some(self.agreed(from))),
                Some(Hello::Refuse(why)) if self.peer.is_some() => {
                    return Err(NetError::Handshake(format!("{from} cannot play: {why}")));
                }
                _ => self.socket.dropped += 1,
            }
        }
        if let Some(peer) = self.peer {
            if self.first_offer.is_some_and(|t| t.elapsed() > self.timeout) {
                return Err(NetError::Handshake(format!(
                    "{peer} asked to join, then did not answer the offer within {} s",
                    self.timeout.as_secs()
                )));
            }
            if self.offered_at.is_none_or(|t| t.elapsed() >= RESEND) {
                self.socket.send(peer, &Hello::Offer(self.offer.clone()));
                self.offered_at = Some(Instant::now());
            }
        }
        Ok(None)
    }

    fn agreed(&self, peer: SocketAddr) -> Agreed {
        Agreed {
            local: self.local,
            peer,
            offer: self.offer.clone(),
        }
    }
}

/// The joiner's side: asks the host at a known address.
pub struct Joiner {
    socket: Socket,
    host: SocketAddr,
    local: SocketAddr,
    started: Instant,
    asked_at: Option<Instant>,
    timeout: Duration,
}

impl Joiner {
    /// Binds `bind` (port 0 for any) and starts asking `host`; `timeout` bounds the wait
    /// for its offer.
    pub fn start(
        bind: SocketAddr,
        host: SocketAddr,
        timeout: Duration,
    ) -> Result<Joiner, NetError> {
        let socket = Socket::bind(bind)?;
        let local = socket.socket.local_addr().map_err(|e| NetError::Bind {
            addr: bind,
            message: e.to_string(),
        })?;
        Ok(Joiner {
            socket,
            host,
            local,
            started: Instant::now(),
            asked_at: None,
            timeout,
        })
    }

    /// The address bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Datagrams dropped: not handshake messages, malformed, or from a stranger.
    pub fn dropped(&self) -> u64 {
        self.socket.dropped
    }

    /// Reads what has come and asks again if due. When the host's offer comes, `check`
    /// says whether this side can play it (its own copy of the level has that hash); the
    /// answer goes back to the host, and an offer refused ends the handshake with why.
    pub fn poll(
        &mut self,
        check: &mut dyn FnMut(&Offer) -> Result<(), String>,
    ) -> Result<Option<Agreed>, NetError> {
        while let Some((from, m)) = self.socket.next() {
            match m {
                Some(Hello::Offer(offer)) if from == self.host => {
                    return match check(&offer) {
                        Ok(()) => {
                            self.last_word(&Hello::Accept(offer.level_hash));
                            Ok(Some(Agreed {
                                local: self.local,
                                peer: self.host,
                                offer,
                            }))
                        }
                        Err(why) => {
                            self.last_word(&Hello::Refuse(why.clone()));
                            Err(NetError::Handshake(why))
                        }
                    };
                }
                _ => self.socket.dropped += 1,
            }
        }
        if self.started.elapsed() > self.timeout {
            return Err(NetError::NoPeer {
                peer: self.host,
                seconds: self.timeout.as_secs(),
                port: self.host.port(),
            });
        }
        if self.asked_at.is_none_or(|t| t.elapsed() >= RESEND) {
            self.socket.send(self.host, &Hello::Join);
            self.asked_at = Some(Instant::now());
        }
        Ok(None)
    }

    fn last_word(&self, m: &Hello) {
        for _ in 0..LAST_WORD_COPIES {
            self.socket.send(self.host, m);
        }
    }
}

/// The joiner's check of an offer against its own levels: the named level must exist
/// under `levels_dir` and have the offered content hash.
pub fn check_offer(levels_dir: &Path, offer: &Offer) -> Result<(), String> {
    let file = level_file(levels_dir, &offer.level)?;
    let level = crate::level::load_level(&file)
        .map_err(|e| format!("the host's level `{}` does not load here: {e}", offer.level))?;
    if level.content_hash != offer.level_hash {
        return Err(format!(
            "the host's level `{}` differs from this one (host {:016x}, here {:016x}); both must run the same version of the game",
            offer.level, offer.level_hash, level.content_hash
        ));
    }
    Ok(())
}
