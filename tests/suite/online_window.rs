//! Online play as the window drives it, without a window: two `OnlinePlay`s on the loopback
//! address, one hosting an arena and one joining, stepped frame by frame as the window
//! steps them. They must agree on the level, reach the match, see each other's inputs, find
//! no desync, and when one side quits the other must go back to the title with a message
//! (never hang). A port already taken must come back as a message too.

use cavefly::app::online_play::OnlinePlay;
use cavefly::audio::Audio;
use cavefly::game::Actions;
use cavefly::net::headless::match_sim;
use cavefly::screens::online::{OnlineIntent, OnlineScreen};
use std::net::UdpSocket;
use std::path::Path;
use std::time::{Duration, Instant};

const LEVEL: &str = "arenas/versus_quarry.ron";
/// A frame of the window, seconds: one fixed step at 60 Hz (the arenas step at 60 Hz or
/// faster, so each frame takes at least one step).
const FRAME: f64 = 1.0 / 60.0;

fn levels_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/levels"))
}

/// A UDP port free on every interface just now.
fn free_port() -> u16 {
    let s = UdpSocket::bind("0.0.0.0:0").expect("bind a free port");
    s.local_addr().expect("its address").port()
}

fn host_on(port: u16) -> OnlineIntent {
    OnlineIntent::Host {
        port: port.to_string(),
        level: LEVEL.into(),
        input_delay: 2,
    }
}

fn steps(p: &OnlinePlay) -> u64 {
    p.sim().map_or(0, |s| s.steps())
}

#[test]
fn a_hosted_match_is_joined_played_alike_on_both_sides_and_a_quitter_sends_the_other_home() {
    let audio = Audio::silent();
    let port = free_port();
    let mut host = OnlinePlay::new(levels_dir());
    host.set_disconnect_timeout(Duration::from_millis(800));
    let f = host.choose(host_on(port));
    assert!(f.to_title.is_none(), "{:?}", f.to_title);
    assert_eq!(host.screen, OnlineScreen::Hosting { port });
    let mut joiner = OnlinePlay::new(levels_dir());
    let f = joiner.choose(OnlineIntent::Join(format!("127.0.0.1:{port}")));
    assert!(f.to_title.is_none(), "{:?}", f.to_title);

    // The host thrusts all the time; the joiner turns left all the time.
    let thrust = Actions {
        thrust: true,
        ..Actions::default()
    };
    let turn = Actions {
        left: true,
        ..Actions::default()
    };
    let mut rocks = 0;
    let began = Instant::now();
    while steps(&host) < 600 || steps(&joiner) < 600 {
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "no match after 60 s: host {:?} at {}, joiner {:?} at {}",
            host.screen,
            steps(&host),
            joiner.screen,
            steps(&joiner)
        );
        for (p, a) in [(&mut host, &thrust), (&mut joiner, &turn)] {
            let f = p.advance(FRAME, a, &audio);
            assert!(f.to_title.is_none(), "{:?}", f.to_title);
            rocks += usize::from(f.rock.is_some());
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // Each side drew the agreed level's rock once, and plays its own seat.
    assert_eq!(rocks, 2);
    assert_eq!((host.local_player(), joiner.local_player()), (0, 1));
    for p in [&host, &joiner] {
        let OnlineScreen::Playing(info) = &p.screen else {
            panic!("not playing: {:?}", p.screen)
        };
        assert_eq!((info.level.as_str(), info.input_delay), (LEVEL, 2));
    }
    // The session compared the two sides' state hashes every 60 steps: never different.
    assert_eq!(host.desyncs(), Vec::<i32>::new());
    assert_eq!(joiner.desyncs(), Vec::<i32>::new());

    // Each side sees the other's inputs: against the same arena with nobody touching
    // anything, the host's ship has moved in the joiner's game and the joiner's ship has
    // turned in the host's game.
    let level = cavefly::level::load_level(&levels_dir().join(LEVEL)).expect("the arena loads");
    let idle = |n: u64| {
        let mut sim = match_sim(&level).expect("a two-pilot sim");
        for _ in 0..n {
            sim.step(&[Actions::default(), Actions::default()]);
        }
        sim
    };
    let j = joiner.sim().expect("the joiner's sim");
    let reference = idle(j.steps());
    let (seen, still) = (j.ship_of(0).unwrap(), reference.ship_of(0).unwrap());
    let moved = (seen.position() - still.position()).length();
    assert!(
        moved > 1.0,
        "the host's thrust moved its ship {moved} in the joiner's game"
    );
    let h = host.sim().expect("the host's sim");
    let reference = idle(h.steps());
    let turned = (h.ship_of(1).unwrap().angle() - reference.ship_of(1).unwrap().angle()).abs();
    assert!(
        turned > 0.5,
        "the joiner's ship turned {turned} rad in the host's game"
    );

    // The joiner quits: the host goes back to the title saying why, within its timeout.
    drop(joiner);
    let quit = Instant::now();
    let message = loop {
        assert!(
            quit.elapsed() < Duration::from_secs(10),
            "the host still waits for a peer gone 10 s ago: {:?}",
            host.screen
        );
        if let Some(m) = host.advance(FRAME, &thrust, &audio).to_title {
            break m;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let message = message.expect("a lost peer comes with a message");
    assert!(message.contains("lost the peer"), "{message}");
    assert!(host.sim().is_none(), "the match is closed");
}

#[test]
fn a_port_already_in_use_returns_to_the_title_with_why() {
    let taken = UdpSocket::bind("0.0.0.0:0").expect("bind a port");
    let port = taken.local_addr().unwrap().port();
    let mut host = OnlinePlay::new(levels_dir());
    let f = host.choose(host_on(port));
    let message = f.to_title.expect("back to the title").expect("with why");
    assert!(message.contains(&port.to_string()), "{message}");
}

#[test]
fn a_level_outside_the_levels_folder_is_refused_before_any_socket_opens() {
    let mut host = OnlinePlay::new(levels_dir());
    let f = host.choose(OnlineIntent::Host {
        port: free_port().to_string(),
        level: "../Cargo.toml".into(),
        input_delay: 2,
    });
    let message = f.to_title.expect("back to the title").expect("with why");
    assert!(message.contains("not a shipped level"), "{message}");
    assert!(host.local_addr().is_none());
}
