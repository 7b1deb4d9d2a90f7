//! Online play between two `cavefly netplay` processes on the loopback address: they end on
//! the hash `cavefly sim` computes for the same level and two-player script, through loss
//! and delay, a peer that quits, a flood of random bytes and datagrams from a stranger.
//!
//! Ports: each test binds its sockets to port 0 first and keeps what the system gave, so
//! tests running side by side never pick the same ports.

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, UdpSocket};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_cavefly");
const LEVEL: &str = "tests/netplay/duel_cave.ron";
const INPUTS: &str = "tests/netplay/duel_inputs.ron";
/// The longest any one process may take before the test calls it hung.
const PROCESS_LIMIT: Duration = Duration::from_secs(180);

/// `n` free loopback addresses, held together while chosen so they differ.
fn free_addrs(n: usize) -> Vec<SocketAddr> {
    let held: Vec<UdpSocket> = (0..n)
        .map(|_| UdpSocket::bind("127.0.0.1:0").unwrap())
        .collect();
    held.iter().map(|s| s.local_addr().unwrap()).collect()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Starts one side: player `player` on `bind`, talking to `peer`.
fn side(player: u8, bind: SocketAddr, peer: SocketAddr, extra: &[&str]) -> Child {
    Command::new(BIN)
        .current_dir(root())
        .args(["netplay", LEVEL, "--inputs", INPUTS])
        .args(["--player", &player.to_string()])
        .args(["--bind", &bind.to_string(), "--peer", &peer.to_string()])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for a process, killing it (and failing) if it outlives [`PROCESS_LIMIT`].
fn finish(mut child: Child) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > PROCESS_LIMIT {
            child.kill().unwrap();
            panic!("a netplay process hung for {PROCESS_LIMIT:?}");
        }
        thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The value after `key ` on the output's line that starts with it.
fn field(out: &str, key: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix(&format!("{key} ")))
        .unwrap_or_else(|| panic!("no `{key}` line in:\n{out}"))
        .trim()
        .to_string()
}

/// The number just before `what` in the output.
fn count_before(out: &str, what: &str) -> u64 {
    let at = out
        .find(what)
        .unwrap_or_else(|| panic!("no `{what}` in:\n{out}"));
    let digits: String = out[..at]
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.chars().rev().collect::<String>().parse().unwrap()
}

/// The hash `cavefly sim` gives for the level and script over `frames` steps.
fn sim_hash(frames: u64) -> String {
    let out = Command::new(BIN)
        .current_dir(root())
        .args([
            "sim",
            LEVEL,
            "--inputs",
            INPUTS,
            "--frames",
            &frames.to_string(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    field(&String::from_utf8_lossy(&out.stdout), "hash")
}

/// Both sides' stdout, after checking both succeeded.
fn both_ok(a: Output, b: Output) -> (String, String) {
    for o in [&a, &b] {
        assert!(
            o.status.success(),
            "a side failed: {}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    (
        String::from_utf8_lossy(&a.stdout).into_owned(),
        String::from_utf8_lossy(&b.stdout).into_owned(),
    )
}

#[test]
fn two_processes_through_loss_and_delay_end_on_the_hash_of_the_headless_sim() {
    let addrs = free_addrs(2);
    let link = |seed: &str| {
        [
            "--frames",
            "3600",
            "--loss",
            "0.05",
            "--delay-ms",
            "100",
            "--input-delay",
            "6",
            "--seed",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([seed.to_string()])
        .collect::<Vec<_>>()
    };
    let (la, lb) = (link("11"), link("22"));
    let la: Vec<&str> = la.iter().map(String::as_str).collect();
    let lb: Vec<&str> = lb.iter().map(String::as_str).collect();
    let a = side(1, addrs[0], addrs[1], &la);
    let b = side(2, addrs[1], addrs[0], &lb);
    let (a, b) = both_ok(finish(a), finish(b));
    let expected = sim_hash(3600);
    assert_eq!(field(&a, "hash"), expected, "player 1:\n{a}");
    assert_eq!(field(&b, "hash"), expected, "player 2:\n{b}");
    assert_eq!(field(&a, "desyncs"), "0");
    assert_eq!(field(&b, "desyncs"), "0");
    // The link really was lossy and the peers really did mispredict and roll back.
    assert!(count_before(&a, "lost by simulation") > 0, "{a}");
    assert!(count_before(&a, "rollbacks") + count_before(&b, "rollbacks") > 0);
}

#[test]
fn a_peer_that_quits_mid_match_ends_the_other_with_a_message_and_status_1() {
    let addrs = free_addrs(2);
    let long = ["--frames", "100000", "--input-delay", "6"];
    let mut a = side(1, addrs[0], addrs[1], &long);
    let mut b = side(2, addrs[1], addrs[0], &long);
    // Wait (bounded) until player 2 says it is connected, let the match run, then end
    // player 1 without a word.
    let mut lines = BufReader::new(b.stdout.take().unwrap()).lines();
    let connected = lines
        .next()
        .and_then(Result::ok)
        .is_some_and(|l| l.contains("connected to"));
    assert!(connected, "player 2 never connected");
    thread::sleep(Duration::from_millis(500));
    a.kill().unwrap();
    a.wait().unwrap();
    let start = Instant::now();
    let out = finish(b);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    assert!(err.contains("lost the peer at"), "stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "took {:?}",
        start.elapsed()
    );
}

/// Forwards datagrams between the two sides through two relay sockets (each side's peer
/// address is a relay socket), while sending `garbage` datagrams of random bytes to each
/// side from its peer's address and replaying every genuine datagram to player 2 from a
/// stranger's address. Returns (garbage sent to player 2, replays sent to player 2).
fn relay(
    to_a: UdpSocket,
    to_b: UdpSocket,
    a: SocketAddr,
    b: SocketAddr,
    garbage: u64,
    stop: Arc<AtomicBool>,
) -> (u64, u64) {
    let stranger = UdpSocket::bind("127.0.0.1:0").unwrap();
    for s in [&to_a, &to_b] {
        s.set_nonblocking(true).unwrap();
    }
    let mut buf = [0u8; 4096];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut sent_garbage, mut garbage_to_b, mut replays) = (0u64, 0u64, 0u64);
    while !stop.load(Ordering::Relaxed) {
        while let Ok((n, from)) = to_a.recv_from(&mut buf) {
            if from == a {
                let _ = to_b.send_to(&buf[..n], b);
            }
        }
        while let Ok((n, from)) = to_b.recv_from(&mut buf) {
            if from == b {
                let _ = to_a.send_to(&buf[..n], a);
                // The same genuine datagram, from an address that is not player 2's peer.
                if stranger.send_to(&buf[..n], b).is_ok() {
                    replays += 1;
                }
            }
        }
        for _ in 0..20 {
            if sent_garbage >= garbage {
                break;
            }
            let len = (rand() % 1600) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rand() as u8).collect();
            // Each side's garbage comes from the address it knows as its peer's.
            if sent_garbage % 2 == 0 {
                if to_b.send_to(&bytes, b).is_ok() {
                    garbage_to_b += 1;
                }
            } else {
                let _ = to_a.send_to(&bytes, a);
            }
            sent_garbage += 1;
        }
        thread::sleep(Duration::from_micros(500));
    }
    assert_eq!(
        sent_garbage, garbage,
        "the match ended before the flood did"
    );
    (garbage_to_b, replays)
}

#[test]
fn random_bytes_from_the_peer_and_datagrams_from_strangers_are_ignored() {
    let addrs = free_addrs(2);
    let (to_a, to_b) = (
        UdpSocket::bind("127.0.0.1:0").unwrap(),
        UdpSocket::bind("127.0.0.1:0").unwrap(),
    );
    let (ra, rb) = (to_a.local_addr().unwrap(), to_b.local_addr().unwrap());
    let (pa, pb) = (addrs[0], addrs[1]);
    drop(addrs);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let relay = thread::spawn(move || relay(to_a, to_b, pa, pb, 10_000, flag));
    // The flood is paced (so the receive buffers do not overflow) and takes a fixed time;
    // the match must outlast it even on a quiet machine, where 2,400 steps once ended first.
    let opts = ["--frames", "4800", "--input-delay", "2"];
    // Player 1 talks to the relay socket that forwards to player 2, and the other way.
    let a = side(1, pa, ra, &opts);
    let b = side(2, pb, rb, &opts);
    let (a_out, b_out) = (finish(a), finish(b));
    stop.store(true, Ordering::Relaxed);
    let (garbage_to_b, replays) = relay.join().unwrap();
    let (a, b) = both_ok(a_out, b_out);
    let expected = sim_hash(4800);
    assert_eq!(field(&a, "hash"), expected, "player 1:\n{a}");
    assert_eq!(field(&b, "hash"), expected, "player 2:\n{b}");
    assert_eq!(field(&b, "desyncs"), "0");
    // Player 2 read and dropped the garbage sent to it. Not all of it: while it is busy
    // re-simulating, a burst can overflow the system's receive buffer, which discards
    // the rest before the socket sees them.
    let dropped =
        count_before(&b, "too long") + count_before(&b, "malformed") + count_before(&b, "refused");
    assert!(dropped <= garbage_to_b, "{dropped} > {garbage_to_b}\n{b}");
    assert!(
        dropped * 2 >= garbage_to_b,
        "{dropped} of {garbage_to_b}\n{b}"
    );
    let strangers = count_before(&b, "from other addresses");
    assert!(
        strangers > 0 && strangers <= replays,
        "{strangers} of {replays}\n{b}"
    );
}

#[test]
fn sides_on_levels_that_differ_report_desyncs_and_exit_with_status_1() {
    // Player 2 flies a copy of the level whose gravity differs in the third decimal: the
    // states part at the first step, and the hash check every 60 steps sees it.
    let text = std::fs::read_to_string(root().join(LEVEL)).unwrap();
    let changed = text.replacen("gravity: (0.0, -4.0)", "gravity: (0.0, -4.001)", 1);
    assert_ne!(text, changed, "the level's gravity line moved");
    let copy = Path::new(env!("CARGO_TARGET_TMPDIR")).join("duel_cave_heavier.ron");
    std::fs::write(&copy, changed).unwrap();
    let addrs = free_addrs(2);
    let opts = ["--frames", "240"];
    let a = side(1, addrs[0], addrs[1], &opts);
    let b = Command::new(BIN)
        .current_dir(root())
        .arg("netplay")
        .arg(&copy)
        .args(["--player", "2", "--bind", &addrs[1].to_string()])
        .args(["--peer", &addrs[0].to_string()])
        .args(opts)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for (who, out) in [("player 1", finish(a)), ("player 2", finish(b))] {
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(1), "{who}: {stdout}\n{stderr}");
        let desyncs: u64 = field(&stdout, "desyncs").parse().unwrap();
        assert!(desyncs > 0, "{who}: {stdout}");
        assert!(
            stderr.contains("desync(s), the first at step"),
            "{who}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{who}: {stderr}");
    }
}

#[test]
fn an_input_delay_out_of_range_is_refused_before_any_window_or_socket_opens() {
    // The window offers 0 to 8 steps; headless play allows up to 30. Past either, the
    // command line says which range it takes instead of clamping in silence.
    let refused = |args: &[&str], range: &str| {
        let out = Command::new(BIN)
            .current_dir(root())
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--input-delay") && err.contains(range),
            "{err}"
        );
    };
    let addrs = free_addrs(2);
    let port = addrs[0].port().to_string();
    for delay in ["9", "255"] {
        let host = [
            "play",
            "--host",
            &port,
            "versus_quarry",
            "--input-delay",
            delay,
        ];
        refused(&host, "0..=8");
    }
    let (bind, peer) = (addrs[0].to_string(), addrs[1].to_string());
    let headless = [
        "netplay",
        LEVEL,
        "--player",
        "1",
        "--bind",
        &bind,
        "--peer",
        &peer,
        "--input-delay",
        "31",
    ];
    refused(&headless, "0..=30");
}
