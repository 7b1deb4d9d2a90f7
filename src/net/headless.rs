//! A match played headless with scripted inputs (`cavefly netplay`): each side feeds its own
//! player's track of a two-player input script, runs until step N is confirmed (both
//! players' inputs for every step before it known, so the state there is final), tells the
//! peer so, and reports the state hash at N — which must equal `cavefly sim` of the same
//! level and script — and the desyncs seen.
//!
//! It runs unpaced: as fast as the session lets it, which is as far ahead of the peer's last
//! input as the prediction window allows.

use super::packet::{self, Kind};
use super::rollback::RollbackStats;
use super::session::{MatchOptions, NetError, NetMatch, Phase, PLAYERS};
use super::socket::WireStats;
use crate::game::track::Track;
use crate::game::{Actions, InputScript, Sim};
use crate::level::LoadedLevel;
use std::time::{Duration, Instant};

/// How long a side that has finished keeps answering, after the peer has said it finished
/// too, so the peer's last datagrams find it still there.
const LINGER: Duration = Duration::from_millis(300);
/// The longest a finished side waits for the peer to finish.
const FINISH_TIMEOUT: Duration = Duration::from_secs(20);
/// How often a finished side repeats that it has finished.
const TELL_EVERY: Duration = Duration::from_millis(20);
/// The pause when the session cannot step yet (waiting for the peer's inputs).
const IDLE_SLEEP: Duration = Duration::from_millis(1);

/// One headless match.
#[derive(Clone, Debug)]
pub struct NetplayRequest {
    /// Steps to play; the hash is the confirmed state's at this step.
    pub frames: u64,
    /// The match's network options.
    pub options: MatchOptions,
}

/// How a headless match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetplayOutcome {
    /// The confirmed state hash at the last step.
    pub hash: u64,
    /// The steps at which the peers' hashes differed.
    pub desyncs: Vec<i32>,
    /// What the peer said it ended with (absent if it never said).
    pub peer_hash: Option<u64>,
    /// The socket's counters.
    pub wire: WireStats,
    /// What the session asked of the sim.
    pub rollback: RollbackStats,
}

/// This side's actions at each step: its track of the script, and nothing after it. Online,
/// the first `input_delay` steps cannot carry input, so a script that acts in them is refused
/// rather than played to a different end than `cavefly sim`.
pub fn local_track(
    script: Option<&InputScript>,
    player: usize,
    input_delay: usize,
) -> Result<Vec<Actions>, NetError> {
    let track: Vec<Actions> = script
        .and_then(|s| s.players.get(player))
        .map(Track::iter)
        .map(Iterator::collect)
        .unwrap_or_default();
    if let Some(i) = track
        .iter()
        .take(input_delay)
        .position(|a| *a != Actions::default())
    {
        return Err(NetError::Options(format!(
            "player {}'s track acts at step {i}, within the first {input_delay} steps of input delay, where online play cannot carry input; start the track with {input_delay} idle steps",
            player + 1
        )));
    }
    Ok(track)
}

/// Builds the two-player sim of `level`.
pub fn match_sim(level: &LoadedLevel) -> Result<Sim, NetError> {
    Sim::from_level_for(level, PLAYERS)
        .map_err(|e| NetError::Options(format!("{}: {e}", level.file.display())))
}

/// Plays the match to its end. `track` is this side's actions by step (see [`local_track`]);
/// `progress` hears of the connection as it is made.
pub fn play(
    sim: Sim,
    track: &[Actions],
    req: &NetplayRequest,
    progress: &mut dyn FnMut(&str),
) -> Result<NetplayOutcome, NetError> {
    let delay = req.options.input_delay;
    let last = i32::try_from(req.frames)
        .ok()
        .filter(|&n| n > 0 && n < i32::MAX / 2)
        .ok_or_else(|| NetError::Options(format!("--frames must be 1 to {}", i32::MAX / 2 - 1)))?;
    let mut m = NetMatch::start(sim, req.options.clone())?;
    m.game_mut().watch(last);
    let mut finished: Option<u64> = None;
    let mut peer_finished_at: Option<Instant> = None;
    let mut finished_at = Instant::now();
    let mut last_told: Option<Instant> = None;
    let mut announced = false;
    loop {
        // The input offered at step f applies at step f + delay.
        let at = usize::try_from(m.current_frame()).unwrap_or(0) + delay;
        let actions = track.get(at).copied().unwrap_or_default();
        let confirmed_before = m.confirmed_frame();
        let stepped = match (m.advance(&actions), finished) {
            (Ok(stepped), _) => stepped,
            // The peer may leave once it has our last inputs, before its word reaches us.
            (Err(NetError::PeerLost { .. }), Some(hash)) => {
                return Ok(outcome(&m, hash, None));
            }
            (Err(e), _) => return Err(e),
        };
        if !announced && m.phase() == Phase::Running {
            announced = true;
            progress(&format!(
                "connected to {} as player {}",
                req.options.peer,
                req.options.local_player + 1
            ));
        }
        if !stepped {
            std::thread::sleep(IDLE_SLEEP);
        }
        if finished.is_none() && confirmed_before >= last && m.current_frame() > last {
            // Every input before `last` was known when the session last corrected the sim,
            // so the hash saved at `last` is final.
            finished = m.game().watched();
            finished_at = Instant::now();
        }
        if let Some(hash) = finished {
            if last_told.is_none_or(|t| t.elapsed() >= TELL_EVERY) {
                let payload = packet::finished_payload(last as u32, hash);
                m.wire().borrow_mut().send(Kind::Finished, &payload);
                last_told = Some(Instant::now());
            }
            let peer = m.wire().borrow().peer_finished();
            if peer.is_some() && peer_finished_at.is_none() {
                peer_finished_at = Some(Instant::now());
            }
            let lingered = peer_finished_at.is_some_and(|t| t.elapsed() >= LINGER);
            if lingered || finished_at.elapsed() > FINISH_TIMEOUT {
                let peer_hash = peer.filter(|(f, _)| *f == last as u32).map(|(_, h)| h);
                return Ok(outcome(&m, hash, peer_hash));
            }
        }
    }
}

/// The report of a finished match.
fn outcome(m: &NetMatch, hash: u64, peer_hash: Option<u64>) -> NetplayOutcome {
    NetplayOutcome {
        hash,
        desyncs: m.desyncs().to_vec(),
        peer_hash,
        wire: m.wire_stats(),
        rollback: m.game().stats(),
    }
}

/// What a headless match is played from: the two-player sim of a level and this side's
/// track of an input script.
pub struct Scripted {
    /// The match's first state.
    pub sim: Sim,
    /// This side's actions by step.
    pub track: Vec<Actions>,
    /// Steps the script holds (the match's default length).
    pub script_len: usize,
}

/// Loads `level` and, if given, the input script `inputs` (the format of `cavefly sim`;
/// player `player`'s track is this side's); errors name the file, line and column.
pub fn load(
    level: &std::path::Path,
    inputs: Option<&std::path::Path>,
    player: usize,
    input_delay: usize,
) -> Result<Scripted, String> {
    let loaded = crate::level::load_level(level).map_err(|e| e.to_string())?;
    let script = inputs
        .map(InputScript::load)
        .transpose()
        .map_err(|e| e.to_string())?;
    if let (Some(s), Some(p)) = (&script, inputs) {
        s.check_level(&loaded)
            .map_err(|e| format!("{}: {e}", p.display()))?;
        if s.players.len() > PLAYERS {
            return Err(format!(
                "{}: the script has {} players' tracks; an online match has {PLAYERS}",
                p.display(),
                s.players.len()
            ));
        }
    }
    let track = local_track(script.as_ref(), player, input_delay).map_err(|e| e.to_string())?;
    Ok(Scripted {
        sim: match_sim(&loaded).map_err(|e| e.to_string())?,
        track,
        script_len: script.as_ref().map_or(0, InputScript::len),
    })
}

/// The match's report, one fact per line; the last two are `hash` and `desyncs`.
pub fn report(out: &NetplayOutcome, frames: u64) -> String {
    let w = &out.wire;
    let peer = match out.peer_hash {
        Some(h) if h == out.hash => "the peer ended with the same hash".to_string(),
        Some(h) => format!("the peer ended with hash {h:016x}: DIFFERENT"),
        None => "the peer left before saying its hash".to_string(),
    };
    format!(
        "confirmed step {frames}; {} steps simulated, {} rollbacks undoing {} steps (at most {})\n\
         datagrams: {} sent, {} lost by simulation, {} accepted, {} dropped ({} from other addresses, {} too long, {} malformed, {} refused)\n\
         {peer}\n\
         hash {:016x}\n\
         desyncs {}\n",
        out.rollback.steps,
        out.rollback.rollbacks,
        out.rollback.undone,
        out.rollback.deepest,
        w.sent,
        w.lost,
        w.accepted,
        w.dropped(),
        w.strangers,
        w.too_long,
        w.malformed,
        w.refused,
        out.hash,
        out.desyncs.len()
    )
}

/// What went wrong in a match that ran to its end: desyncs (the peers' state hashes
/// differed at a checked step) or a final hash that differs from the peer's. `None` when
/// the two sides agree.
pub fn verdict(out: &NetplayOutcome) -> Option<String> {
    if let Some(first) = out.desyncs.first() {
        return Some(format!(
            "{} desync(s), the first at step {first}: the two sides' states differ; both must play the same level file and the same version of the game",
            out.desyncs.len()
        ));
    }
    match out.peer_hash {
        Some(h) if h != out.hash => Some(format!(
            "the peer ended with hash {h:016x}, this side with {:016x}: the two sides' states differ",
            out.hash
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(p1: &str, p2: &str) -> InputScript {
        let text = format!("(version: 2, players: [[\"{p1}\"], [\"{p2}\"]])");
        InputScript::parse(&text, "test.ron").unwrap()
    }

    #[test]
    fn each_side_flies_its_own_track_and_nothing_after_it() {
        let s = script("2 3T", "1 2F");
        let p1 = local_track(Some(&s), 0, 2).unwrap();
        let p2 = local_track(Some(&s), 1, 1).unwrap();
        assert_eq!(p1.len(), 5);
        assert!(p1[2].thrust && !p1[1].thrust);
        assert_eq!(p2.len(), 3);
        assert!(p2[1].fire && !p2[1].thrust);
        assert!(local_track(None, 1, 4).unwrap().is_empty());
    }

    fn ended(hash: u64, desyncs: Vec<i32>, peer_hash: Option<u64>) -> NetplayOutcome {
        NetplayOutcome {
            hash,
            desyncs,
            peer_hash,
            wire: WireStats::default(),
            rollback: RollbackStats::default(),
        }
    }

    #[test]
    fn a_match_fails_on_desyncs_or_a_different_final_hash_only() {
        assert_eq!(verdict(&ended(7, vec![], Some(7))), None);
        assert_eq!(verdict(&ended(7, vec![], None)), None);
        let d = verdict(&ended(7, vec![60, 120], Some(7))).unwrap();
        assert!(d.starts_with("2 desync(s), the first at step 60"), "{d}");
        let h = verdict(&ended(7, vec![], Some(8))).unwrap();
        assert!(h.contains("0000000000000008"), "{h}");
    }

    #[test]
    fn a_track_that_acts_within_the_input_delay_is_refused() {
        let s = script("2 3T", "1 2F");
        let e = local_track(Some(&s), 1, 2).unwrap_err().to_string();
        assert!(e.contains("player 2's track acts at step 1"), "{e}");
        assert!(e.contains("start the track with 2 idle steps"), "{e}");
    }
}
