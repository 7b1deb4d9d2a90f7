//! The two-player match through the screens' state: from the title to a match, and a
//! gamepad unplugged mid-match.

use super::catalog::Catalog;
use super::flow::*;
use super::match_menu::MatchChoice;
use super::match_menu::MatchLevel;
use super::progress::Progress;
use super::seats::Device;
use crate::game::Outcome;
use crate::level::MatchMode;
use std::path::PathBuf;
use Device::*;

fn in_match() -> Flow {
    let mut f = Flow::title(Catalog::default(), Progress::new());
    assert_eq!(f.apply(Intent::TwoPlayers), vec![Command::ListMatchLevels]);
    f.match_menu.levels = vec![MatchLevel {
        path: PathBuf::from("arena.ron"),
        name: "Arena".into(),
        modes: vec![MatchMode::Versus],
    }];
    f.apply(Intent::Match(MatchChoice::Mode(MatchMode::Versus)));
    f.apply(Intent::Match(MatchChoice::Level(0)));
    f.apply(Intent::Match(MatchChoice::Fire(KeyboardLeft)));
    f.apply(Intent::Match(MatchChoice::Fire(Gamepad(2))));
    let cmds = f.apply(Intent::Match(MatchChoice::Fire(Gamepad(2))));
    assert_eq!(cmds, vec![Command::StartMatch(PathBuf::from("arena.ron"))]);
    assert!(f.is_flying() && f.is_match());
    f
}

#[test]
fn an_unplugged_pad_pauses_the_match_until_it_is_back() {
    let mut f = in_match();
    // A pad no player holds changes nothing.
    f.apply(Intent::DeviceLost(Gamepad(5)));
    assert!(f.is_flying());
    f.apply(Intent::DeviceLost(Gamepad(2)));
    assert_eq!(f.screen, Screen::WaitingForDevice);
    assert!(!f.is_flying());
    let msg = f.match_menu.seats.waiting_message().unwrap();
    assert!(msg.contains("Player 2"), "{msg}");
    // Escape opens the pause menu; resuming returns to the wait, not to flying.
    f.apply(Intent::Pause);
    f.apply(Intent::Resume);
    assert_eq!(f.screen, Screen::WaitingForDevice);
    // A seated player's device does not resume it; the lost pad plugged back does.
    f.apply(Intent::DeviceBack(KeyboardLeft));
    assert_eq!(f.screen, Screen::WaitingForDevice);
    f.apply(Intent::DeviceBack(Gamepad(2)));
    assert!(f.is_flying());
}

#[test]
fn another_device_can_take_the_lost_seat_and_a_match_win_records_nothing() {
    let mut f = in_match();
    f.apply(Intent::DeviceLost(Gamepad(2)));
    f.apply(Intent::DeviceBack(KeyboardRight));
    assert!(f.is_flying());
    assert_eq!(f.match_menu.seats.devices(), [KeyboardLeft, KeyboardRight]);
    assert!(f.level_ended(Outcome::Won, 3).is_empty());
    assert!(matches!(f.screen, Screen::Won(WinInfo { next: None, .. })));
    assert!(f.progress.won.is_empty());
}

#[test]
fn a_won_match_names_its_winner_and_a_race_keeps_its_best_lap() {
    let mut f = in_match();
    assert_eq!(f.lap_flown(41.5), vec![Command::SaveProgress]);
    // A slower lap is not a best; a faster one is.
    assert_eq!(f.lap_flown(44.0), Vec::new());
    assert_eq!(f.lap_flown(39.25), vec![Command::SaveProgress]);
    assert_eq!(f.progress.best_lap("arena.ron"), Some(39.25));
    f.level_ended(Outcome::Won, 0);
    f.match_won_by(1);
    match &f.screen {
        Screen::Won(info) => assert_eq!(info.winner, Some(1)),
        other => panic!("expected the win screen, got {other:?}"),
    }
}

#[test]
fn online_opens_from_the_title_lists_the_levels_and_leaves_only_to_the_title() {
    let mut f = Flow::title(Catalog::default(), Progress::new());
    assert_eq!(f.apply(Intent::Online), vec![Command::ListMatchLevels]);
    assert_eq!(f.screen, Screen::Online);
    // Online has no pause, no settings and no level of the flow's own to fly.
    assert_eq!(f.back_intent(), None);
    assert!(!f.is_flying());
    for intent in [
        Intent::Pause,
        Intent::OpenSettings,
        Intent::Restart,
        Intent::SaveReplay,
    ] {
        assert!(f.apply(intent).is_empty(), "{intent:?}");
        assert_eq!(f.screen, Screen::Online, "{intent:?}");
    }
    assert!(f.apply(Intent::QuitToTitle).is_empty());
    assert_eq!(f.screen, Screen::Title);
    // Only the title opens it.
    let mut playing = Flow::playing(Catalog::default(), Progress::new(), "x.ron".into());
    playing.apply(Intent::Online);
    assert_eq!(playing.screen, Screen::Playing);
}
