//! The opening handshake of a window match, host and joiner in one process on 127.0.0.1:
//! the host learns the joiner's address and hands it the level and input delay, stray and
//! malformed datagrams are dropped, and a joiner whose level differs refuses with why.

use cavefly::game::Actions;
use cavefly::net::handshake::{check_offer, Agreed, Hello, Host, Joiner, Offer};
use cavefly::net::online::Online;
use cavefly::net::packet::{self, Kind};
use cavefly::net::NetError;
use std::net::{SocketAddr, UdpSocket};
use std::path::Path;
use std::time::{Duration, Instant};

const LEVEL: &str = "01_training_cave.ron";

fn levels() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/levels"))
}

fn any_port() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

/// The real offer of a shipped level: its name and the hash this build loads it with.
fn offer(delay: u8) -> Offer {
    let level = cavefly::level::load_level(&levels().join(LEVEL)).unwrap();
    Offer {
        level: LEVEL.to_string(),
        level_hash: level.content_hash,
        input_delay: delay,
    }
}

type Ended = Result<Agreed, NetError>;

/// Polls both sides (the joiner checking offers against the shipped levels) until each has
/// ended, for at most five seconds.
fn run(host: &mut Host, joiner: &mut Joiner, between: &mut dyn FnMut(&Host)) -> (Ended, Ended) {
    let (mut h, mut j): (Option<Ended>, Option<Ended>) = (None, None);
    let start = Instant::now();
    while h.is_none() || j.is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the handshake hung"
        );
        if j.is_none() {
            j = joiner.poll(&mut |o| check_offer(levels(), o)).transpose();
        }
        if h.is_none() {
            h = host.poll().transpose();
        }
        between(host);
        std::thread::sleep(Duration::from_millis(2));
    }
    (h.unwrap(), j.unwrap())
}

#[test]
fn the_host_learns_the_joiner_and_hands_it_the_level_and_delay() {
    let mut host = Host::bind(any_port(), offer(3), Duration::from_secs(5)).unwrap();
    let mut joiner = Joiner::start(any_port(), host.local_addr(), Duration::from_secs(5)).unwrap();
    let (h, j) = run(&mut host, &mut joiner, &mut |_| {});
    let (h, j) = (h.unwrap(), j.unwrap());
    assert_eq!(h.peer, joiner.local_addr());
    assert_eq!(j.peer, host.local_addr());
    assert_eq!(j.local, joiner.local_addr());
    assert_eq!(j.offer, offer(3));
    assert_eq!(h.offer, j.offer);
}

#[test]
fn stray_and_malformed_datagrams_are_dropped_and_a_second_joiner_is_ignored() {
    let mut host = Host::bind(any_port(), offer(2), Duration::from_secs(5)).unwrap();
    let to = host.local_addr();
    let stranger = UdpSocket::bind(any_port()).unwrap();
    // Before anyone joins: random bytes, a framed message that is no handshake message, an
    // offer (only a joiner's Join opens the handshake) and a too-long datagram.
    stranger.send_to(b"hello, is this a game?", to).unwrap();
    let bad = packet::encode(Kind::Hello, &[9, 9, 9]).unwrap();
    stranger.send_to(&bad, to).unwrap();
    let wrong = packet::encode(Kind::Hello, &Hello::Offer(offer(2)).encode()).unwrap();
    stranger.send_to(&wrong, to).unwrap();
    stranger.send_to(&[0u8; 2000], to).unwrap();
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(host.poll().unwrap(), None);
    assert_eq!(host.peer(), None, "a stray datagram chose a peer");
    assert_eq!(host.dropped(), 4);
    let mut joiner = Joiner::start(any_port(), to, Duration::from_secs(5)).unwrap();
    // Once the joiner has asked, a stranger's Join is dropped, not answered.
    let join = packet::encode(Kind::Hello, &Hello::Join.encode()).unwrap();
    let mut sent = false;
    let (h, j) = run(&mut host, &mut joiner, &mut |host| {
        if host.peer().is_some() && !sent {
            stranger.send_to(&join, to).unwrap();
            sent = true;
        }
    });
    assert_eq!(h.unwrap().peer, joiner.local_addr());
    assert!(j.is_ok());
    stranger.set_nonblocking(true).unwrap();
    let mut buf = [0u8; 2048];
    assert!(
        stranger.recv_from(&mut buf).is_err(),
        "the stranger got an answer"
    );
}

#[test]
fn a_joiner_whose_level_differs_refuses_and_both_sides_say_why() {
    let mut changed = offer(2);
    changed.level_hash ^= 1;
    let mut host = Host::bind(any_port(), changed, Duration::from_secs(5)).unwrap();
    let mut joiner = Joiner::start(any_port(), host.local_addr(), Duration::from_secs(5)).unwrap();
    let (h, j) = run(&mut host, &mut joiner, &mut |_| {});
    let j = j.unwrap_err().to_string();
    assert!(
        j.contains("`01_training_cave.ron` differs from this one"),
        "{j}"
    );
    let h = h.unwrap_err().to_string();
    assert!(
        h.contains("cannot play") && h.contains("differs from this one"),
        "{h}"
    );
}

#[test]
fn a_level_name_outside_the_shipped_levels_is_refused() {
    for name in [
        "../secret.ron",
        "/etc/passwd.ron",
        "01_training_cave.txt",
        "nope.ron",
    ] {
        let o = Offer {
            level: name.to_string(),
            level_hash: 0,
            input_delay: 2,
        };
        assert!(check_offer(levels(), &o).is_err(), "{name}");
    }
}

#[test]
fn a_joiner_with_no_host_gives_up_with_a_message() {
    let silent = UdpSocket::bind(any_port()).unwrap();
    let mut joiner = Joiner::start(
        any_port(),
        silent.local_addr().unwrap(),
        Duration::from_millis(300),
    )
    .unwrap();
    let start = Instant::now();
    let e = loop {
        match joiner.poll(&mut |_| Ok(())) {
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Ok(Some(a)) => panic!("agreed with nobody: {a:?}"),
            Err(e) => break e.to_string(),
        }
        assert!(start.elapsed() < Duration::from_secs(5), "never gave up");
    };
    assert!(e.contains("no answer from the peer"), "{e}");
}

/// Polls both sides once per step, each with idle actions, until `done` says so or ten
/// seconds pass; returns the first error either side met.
fn drive(
    a: &mut Online,
    b: &mut Online,
    mut done: impl FnMut(&Online, &Online) -> bool,
) -> Result<(), NetError> {
    let start = Instant::now();
    while !done(a, b) {
        assert!(start.elapsed() < Duration::from_secs(10), "the match hung");
        a.poll(&Actions::default())?;
        b.poll(&Actions::default())?;
        std::thread::sleep(Duration::from_millis(1));
    }
    Ok(())
}

#[test]
fn a_window_match_handshakes_plays_in_step_and_ends_cleanly_when_the_peer_goes() {
    let duel = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/netplay"));
    let mut host = Online::host(any_port(), duel, "duel_cave.ron", 2).unwrap();
    host.set_disconnect_timeout(Duration::from_millis(600));
    let Some(port) = host.local_addr().map(|a| a.port()) else {
        panic!("the host has no address")
    };
    let to = SocketAddr::from(([127, 0, 0, 1], port));
    let mut joiner = Online::join(any_port(), to, duel).unwrap();
    assert_eq!((host.local_player(), joiner.local_player()), (0, 1));
    let steps = |o: &Online| o.sim().map_or(0, |s| s.steps());
    drive(&mut host, &mut joiner, |a, b| {
        steps(a) >= 200 && steps(b) >= 200
    })
    .unwrap();
    // Both fly the same level from the same start; with idle inputs neither ever mispredicts.
    let (h, j) = (host.net_match().unwrap(), joiner.net_match().unwrap());
    assert_eq!(h.options().peer.port(), joiner.local_addr().unwrap().port());
    assert!(h.desyncs().is_empty() && j.desyncs().is_empty());
    // The joiner leaves without a word: the host ends with a message, within its timeout.
    drop(joiner);
    let start = Instant::now();
    let e = loop {
        match host.poll(&Actions::default()) {
            Ok(_) => std::thread::sleep(Duration::from_millis(1)),
            Err(e) => break e,
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the host hung");
    };
    assert!(matches!(e, NetError::PeerLost { .. }), "{e}");
    assert!(e.to_string().contains("lost the peer at"), "{e}");
}
