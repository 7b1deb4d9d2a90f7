//! The match's UDP socket: non-blocking, talking to one peer. Every datagram is framed
//! ([`super::packet`]); what comes from another address, is longer than the protocol allows,
//! fails its frame or does not vet as a session message ([`super::vet`]) is counted and
//! dropped, so nothing a packet holds can reach the session unchecked or panic the game.
//! Our own sends pass through the simulated [`Link`].
//!
//! The session owns a [`NetSocket`]; it and the match loop share one [`Wire`], so the loop
//! reads the counters and sends the match's own control datagrams on the same port.

use super::link::{Link, LinkConditions};
use super::packet::{self, Kind, Malformed, MAX_DATAGRAM};
use super::vet::vet;
use ggrs::{Message, NonBlockingSocket};
use std::cell::RefCell;
use std::io::ErrorKind;
use std::net::{SocketAddr, UdpSocket};
use std::rc::Rc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Most datagrams read in one call, so a flood cannot hold the game inside the socket.
const MAX_READS_PER_CALL: usize = 4096;

/// What the socket has seen and done, for the match report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WireStats {
    /// Datagrams sent to the peer (after the simulated loss).
    pub sent: u64,
    /// Datagrams dropped by the simulated loss.
    pub lost: u64,
    /// Sends the operating system refused.
    pub send_errors: u64,
    /// Datagrams accepted from the peer.
    pub accepted: u64,
    /// Datagrams from any address other than the peer's.
    pub strangers: u64,
    /// Datagrams longer than [`MAX_DATAGRAM`].
    pub too_long: u64,
    /// Datagrams whose frame was wrong (not ours, version, length, checksum).
    pub malformed: u64,
    /// Framed payloads that did not vet as a session message.
    pub refused: u64,
}

impl WireStats {
    /// Every datagram dropped on receipt.
    pub fn dropped(&self) -> u64 {
        self.strangers + self.too_long + self.malformed + self.refused
    }
}

/// The socket and its peer, shared by the session's [`NetSocket`] and the match loop.
#[derive(Debug)]
pub struct Wire {
    socket: UdpSocket,
    peer: SocketAddr,
    players: usize,
    link: Link,
    buf: Vec<u8>,
    stats: WireStats,
    peer_finished: Option<(u32, u64)>,
}

impl Wire {
    /// Binds `bind` (non-blocking) for a match of `players` with `peer`.
    pub fn bind(
        bind: SocketAddr,
        peer: SocketAddr,
        players: usize,
        link: LinkConditions,
    ) -> std::io::Result<Wire> {
        let socket = UdpSocket::bind(bind)?;
        socket.set_nonblocking(true)?;
        Ok(Wire {
            socket,
            peer,
            players,
            link: Link::new(link),
            // Twice the largest datagram, so a longer one is seen whole and recognised.
            buf: vec![0; 2 * MAX_DATAGRAM],
            stats: WireStats::default(),
            peer_finished: None,
        })
    }

    /// The address the socket is bound to.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.socket.local_addr()
    }

    /// The peer's address.
    pub fn peer(&self) -> SocketAddr {
        self.peer
    }

    /// The counters so far.
    pub fn stats(&self) -> WireStats {
        WireStats {
            lost: self.link.lost,
            ..self.stats
        }
    }

    /// What the peer said when it finished: its last frame and state hash there.
    pub fn peer_finished(&self) -> Option<(u32, u64)> {
        self.peer_finished
    }

    /// Frames `payload` and hands it to the link towards the peer.
    pub fn send(&mut self, kind: Kind, payload: &[u8]) {
        match packet::encode(kind, payload) {
            Some(d) => self.link.push(Instant::now(), d),
            None => self.stats.send_errors += 1,
        }
        self.flush();
    }

    /// Sends whatever the link's delay has released.
    pub fn flush(&mut self) {
        for d in self.link.due(Instant::now()) {
            match self.socket.send_to(&d, self.peer) {
                Ok(_) => self.stats.sent += 1,
                Err(_) => self.stats.send_errors += 1,
            }
        }
    }

    /// Reads every waiting datagram; returns the session messages among them.
    pub fn receive(&mut self) -> Vec<Message> {
        self.flush();
        let mut out = Vec::new();
        for _ in 0..MAX_READS_PER_CALL {
            let (n, from) = match self.socket.recv_from(&mut self.buf) {
                Ok(got) => got,
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                // An earlier send's "port unreachable" surfaces here on some systems.
                Err(e) if e.kind() == ErrorKind::ConnectionReset => continue,
                Err(e) if e.kind() == ErrorKind::ConnectionRefused => continue,
                Err(_) => break,
            };
            if from != self.peer {
                self.stats.strangers += 1;
                continue;
            }
            match self.accept(n) {
                Ok(Some(m)) => out.push(m),
                Ok(None) => {}
                Err(Malformed::TooLong) => self.stats.too_long += 1,
                Err(_) => self.stats.malformed += 1,
            }
        }
        out
    }

    /// Checks the first `n` bytes of the buffer: a session message, a control datagram
    /// taken in (`None`), or why it was dropped.
    fn accept(&mut self, n: usize) -> Result<Option<Message>, Malformed> {
        let (kind, payload) = packet::decode(&self.buf[..n])?;
        match kind {
            Kind::Finished => {
                self.peer_finished = Some(packet::read_finished(payload)?);
                self.stats.accepted += 1;
                Ok(None)
            }
            // A late handshake message: the match has begun, so it is not needed.
            Kind::Hello => {
                self.stats.refused += 1;
                Ok(None)
            }
            Kind::Session => {
                let now = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_millis());
                let message = vet(payload, self.players, now)
                    .ok()
                    .and_then(|_| bincode::deserialize::<Message>(payload).ok());
                match message {
                    Some(m) => {
                        self.stats.accepted += 1;
                        Ok(Some(m))
                    }
                    None => {
                        self.stats.refused += 1;
                        Ok(None)
                    }
                }
            }
        }
    }
}

/// The session's end of a shared [`Wire`].
pub struct NetSocket(pub Rc<RefCell<Wire>>);

impl NonBlockingSocket<SocketAddr> for NetSocket {
    fn send_to(&mut self, msg: &Message, addr: &SocketAddr) {
        let mut wire = self.0.borrow_mut();
        if *addr != wire.peer {
            return;
        }
        match bincode::serialize(msg) {
            Ok(bytes) => wire.send(Kind::Session, &bytes),
            Err(_) => wire.stats.send_errors += 1,
        }
    }

    fn receive_all_messages(&mut self) -> Vec<(SocketAddr, Message)> {
        let mut wire = self.0.borrow_mut();
        let peer = wire.peer;
        wire.receive().into_iter().map(|m| (peer, m)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair() -> (Wire, UdpSocket, UdpSocket) {
        let peer = UdpSocket::bind("127.0.0.1:0").unwrap();
        let wire = Wire::bind(
            "127.0.0.1:0".parse().unwrap(),
            peer.local_addr().unwrap(),
            2,
            LinkConditions::default(),
        )
        .unwrap();
        let stranger = UdpSocket::bind("127.0.0.1:0").unwrap();
        (wire, peer, stranger)
    }

    /// Reads until the expected number of datagrams has been counted (loopback delivery is
    /// immediate but not synchronous), or gives up after a bounded wait.
    fn settle(wire: &mut Wire, total: u64) {
        for _ in 0..200 {
            wire.receive();
            let s = wire.stats();
            if s.accepted + s.dropped() >= total {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[test]
    fn a_datagram_longer_than_the_protocol_allows_is_dropped() {
        let (mut wire, peer, _) = pair();
        let to = wire.local_addr().unwrap();
        // A correctly framed "finished" datagram, padded past the limit: whole and well
        // formed, only too long.
        let mut long = packet::encode(Kind::Finished, &packet::finished_payload(9, 9)).unwrap();
        long.resize(MAX_DATAGRAM + 1, 0);
        peer.send_to(&long, to).unwrap();
        settle(&mut wire, 1);
        assert_eq!(wire.stats().too_long, 1);
        assert_eq!(wire.peer_finished(), None);
        // The same datagram at its own length is taken.
        let ok = packet::encode(Kind::Finished, &packet::finished_payload(9, 9)).unwrap();
        peer.send_to(&ok, to).unwrap();
        settle(&mut wire, 2);
        assert_eq!(wire.peer_finished(), Some((9, 9)));
    }

    #[test]
    fn datagrams_from_any_other_address_are_ignored() {
        let (mut wire, _, stranger) = pair();
        let to = wire.local_addr().unwrap();
        let d = packet::encode(Kind::Finished, &packet::finished_payload(1, 2)).unwrap();
        for _ in 0..10 {
            stranger.send_to(&d, to).unwrap();
        }
        settle(&mut wire, 10);
        assert_eq!(wire.stats().strangers, 10);
        assert_eq!(wire.peer_finished(), None);
    }

    #[test]
    fn garbage_from_the_peer_is_counted_and_dropped() {
        let (mut wire, peer, _) = pair();
        let to = wire.local_addr().unwrap();
        let mut rng = crate::rng::Pcg32::new(5);
        // In small batches, read as they come: a burst larger than the system's receive
        // buffer would be cut short before the socket saw it.
        for batch in 1..=20 {
            for _ in 0..25 {
                let len = rng.int(0, 1500);
                let bytes: Vec<u8> = (0..len).map(|_| rng.next_u32() as u8).collect();
                peer.send_to(&bytes, to).unwrap();
            }
            settle(&mut wire, batch * 25);
        }
        // Well framed, but not a session message.
        let d = packet::encode(Kind::Session, &[1, 2, 3, 4, 5, 6, 7]).unwrap();
        peer.send_to(&d, to).unwrap();
        settle(&mut wire, 501);
        let s = wire.stats();
        assert_eq!(s.accepted, 0);
        assert_eq!(s.dropped(), 501);
        assert_eq!(s.refused, 1);
    }
}
