//! The player's settings: volumes (master, effects, music), key bindings, gamepad bindings
//! and dead zone, fullscreen, vsync, glow and rewind, kept as RON in the user's config folder.
//! Written atomically (a temporary file renamed
//! over the old one). A file that cannot be read is kept aside as a backup, the defaults
//! are used, and the player is told once.

use super::config_file::{config_dir, read_optional, ron_error, set_aside, write_atomically};
use super::pad_bindings::PadBindings;
use crate::game::{Bindings, Control};
use crate::render::glow::Glow;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The settings format version this build writes. Version 1 (before rewind) is read too:
/// it gains the rewind key where that key is free; versions 1 and 2 (before two players
/// shared the keyboard) gain each side's default keys; versions 1 to 3 (before gamepads
/// were rebound) gain the default gamepad layout for both players.
pub const SETTINGS_VERSION: u32 = 4;

/// Which set of key bindings: the one player's, or a side of a shared keyboard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KeySet {
    /// One player flying alone.
    #[default]
    Solo,
    /// The left-hand player of two.
    Left,
    /// The right-hand player of two.
    Right,
}

impl KeySet {
    /// Every set, in the settings screen's order.
    pub const ALL: [KeySet; 3] = [KeySet::Solo, KeySet::Left, KeySet::Right];

    /// The set in words.
    pub fn label(self) -> &'static str {
        match self {
            KeySet::Solo => "One player",
            KeySet::Left => "Two players: keyboard left",
            KeySet::Right => "Two players: keyboard right",
        }
    }
}

/// The player's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Format version.
    pub version: u32,
    /// Everything's volume, 0 to 1.
    pub master_volume: f32,
    /// Sound effects' volume (not the ambience), 0 to 1.
    pub effects_volume: f32,
    /// The music's volume, 0 to 1 (times the master volume). Files written before it
    /// existed get the default.
    pub music_volume: f32,
    /// Which keys do what.
    pub bindings: Bindings,
    /// The left-hand player's keys when two share the keyboard.
    pub keyboard_left: Bindings,
    /// The right-hand player's keys when two share the keyboard.
    pub keyboard_right: Bindings,
    /// Stick travel ignored around the centre, 0 to 0.9.
    pub gamepad_dead_zone: f32,
    /// Player 1's gamepad (the one player's too): which pad input does what.
    pub gamepad_1: PadBindings,
    /// Player 2's gamepad in a two-player game.
    pub gamepad_2: PadBindings,
    /// Start in fullscreen.
    pub fullscreen: bool,
    /// Wait for the display's refresh.
    pub vsync: bool,
    /// Holding the rewind key runs time back; off for the classic game.
    pub rewind: bool,
    /// How light glows. Files written before it existed get the default (automatic).
    pub glow: GlowChoice,
}

/// How light glows, as the player chose it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GlowChoice {
    /// The adapter decides: the halo on a software rasterizer, else the bloom.
    #[default]
    Auto,
    /// Always the bloom (the full look; several full-frame passes).
    Bloom,
    /// Always the halo (each bright line draws its own glow; cheap).
    Halo,
}

impl GlowChoice {
    /// Every choice, in the settings screen's order.
    pub const ALL: [GlowChoice; 3] = [GlowChoice::Auto, GlowChoice::Bloom, GlowChoice::Halo];

    /// The choice in words.
    pub fn label(self) -> &'static str {
        match self {
            GlowChoice::Auto => "Automatic",
            GlowChoice::Bloom => "Bloom (for a GPU)",
            GlowChoice::Halo => "Halo (fast without a GPU)",
        }
    }

    /// The glow chosen, or none where the adapter decides.
    pub fn glow(self) -> Option<Glow> {
        match self {
            GlowChoice::Auto => None,
            GlowChoice::Bloom => Some(Glow::Bloom),
            GlowChoice::Halo => Some(Glow::Halo),
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            version: SETTINGS_VERSION,
            master_volume: 0.8,
            effects_volume: 1.0,
            music_volume: 0.6,
            bindings: Bindings::default(),
            keyboard_left: Bindings::keyboard_left(),
            keyboard_right: Bindings::keyboard_right(),
            gamepad_dead_zone: 0.15,
            gamepad_1: PadBindings::default(),
            gamepad_2: PadBindings::default(),
            fullscreen: false,
            vsync: true,
            rewind: true,
            glow: GlowChoice::Auto,
        }
    }
}

/// Settings as loaded, with what the player should be told about them, if anything.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedSettings {
    /// The settings to use.
    pub settings: Settings,
    /// A one-time message: the file was unreadable and was set aside.
    pub notice: Option<String>,
}

/// Where the settings file lives: `settings.ron` in the game's config folder (see
/// [`config_dir`]); none if there is no config folder.
pub fn settings_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join("settings.ron"))
}

fn unit(x: f32, default: f32, max: f32) -> f32 {
    if x.is_finite() {
        x.clamp(0.0, max)
    } else {
        default
    }
}

impl Settings {
    /// The bindings of `set`.
    pub fn keys(&self, set: KeySet) -> &Bindings {
        match set {
            KeySet::Solo => &self.bindings,
            KeySet::Left => &self.keyboard_left,
            KeySet::Right => &self.keyboard_right,
        }
    }

    /// The bindings of `set`, to change.
    pub fn keys_mut(&mut self, set: KeySet) -> &mut Bindings {
        match set {
            KeySet::Solo => &mut self.bindings,
            KeySet::Left => &mut self.keyboard_left,
            KeySet::Right => &mut self.keyboard_right,
        }
    }

    /// The gamepad bindings of player `seat` (0-based; the one player is player 1).
    pub fn pad(&self, seat: usize) -> &PadBindings {
        if seat == 0 {
            &self.gamepad_1
        } else {
            &self.gamepad_2
        }
    }

    /// The gamepad bindings of player `seat`, to change.
    pub fn pad_mut(&mut self, seat: usize) -> &mut PadBindings {
        if seat == 0 {
            &mut self.gamepad_1
        } else {
            &mut self.gamepad_2
        }
    }

    /// Binds `key` for `set` as the rebinding screen did, and takes it from the other
    /// side of a shared keyboard (both sides are read from one keyboard at once); returns
    /// the control it did there, if any.
    pub fn take_from_other_side(&mut self, set: KeySet, key: &str) -> Option<Control> {
        let other = match set {
            KeySet::Solo => return None,
            KeySet::Left => &mut self.keyboard_right,
            KeySet::Right => &mut self.keyboard_left,
        };
        let had = other.control(key);
        other.keys.retain(|(k, _)| k != key);
        had
    }

    /// The same settings with every number brought into its range.
    pub fn sanitized(mut self) -> Settings {
        let d = Settings::default();
        self.master_volume = unit(self.master_volume, d.master_volume, 1.0);
        self.effects_volume = unit(self.effects_volume, d.effects_volume, 1.0);
        self.music_volume = unit(self.music_volume, d.music_volume, 1.0);
        self.gamepad_dead_zone = unit(self.gamepad_dead_zone, d.gamepad_dead_zone, 0.9);
        self.version = SETTINGS_VERSION;
        self
    }

    /// Parses settings text; the error gives line, column and what was wrong.
    pub fn parse(text: &str) -> Result<Settings, String> {
        Settings::parse_noting(text).map(|(s, _)| s)
    }

    /// Parses settings text, with what was wrong in parts that were replaced by their
    /// defaults (bad gamepad bindings, each with its item path) rather than failing.
    pub fn parse_noting(text: &str) -> Result<(Settings, Vec<String>), String> {
        let mut s: Settings = ron::from_str(text).map_err(|e| ron_error(&e))?;
        let mut notes = s.gamepad_1.take_problems("gamepad_1");
        notes.extend(s.gamepad_2.take_problems("gamepad_2"));
        match s.version {
            1 => {
                // Written before rewind: give it its default key unless that key is taken.
                let key = "Backspace";
                let rewind_bound = s.bindings.keys.iter().any(|(_, c)| *c == Control::Rewind);
                if !rewind_bound && s.bindings.control(key).is_none() {
                    s.bindings.rebind(key, Control::Rewind);
                }
            }
            2 | 3 | SETTINGS_VERSION => {}
            v => {
                return Err(format!(
                "version {v} is not supported: this build reads versions 1 to {SETTINGS_VERSION}"
            ))
            }
        }
        Ok((s.sanitized(), notes))
    }

    /// Loads the settings at `path`. A missing file gives the defaults; an unreadable one is
    /// renamed to `settings.ron.bad` and gives the defaults with a notice. One with bad
    /// gamepad bindings keeps the rest: it is renamed the same way, the repaired settings
    /// are written in its place, and the notice names each bad entry.
    pub fn load(path: &Path) -> LoadedSettings {
        let parsed =
            read_optional(path).and_then(|t| t.map(|t| Settings::parse_noting(&t)).transpose());
        match parsed {
            Ok(read) => {
                let (settings, notes) = read.unwrap_or_default();
                let notice = (!notes.is_empty()).then(|| {
                    // Told once: the repaired settings replace the file, which is kept.
                    let kept = set_aside(path);
                    let written = match settings.save(path) {
                        Ok(()) => String::new(),
                        Err(e) => format!("; {e}"),
                    };
                    format!(
                        "the settings file {} had bad gamepad bindings ({}); those controls use their default inputs; the file as it was is {kept}{written}",
                        path.display(),
                        notes.join("; ")
                    )
                });
                LoadedSettings { settings, notice }
            }
            Err(why) => LoadedSettings {
                settings: Settings::default(),
                notice: Some(format!(
                    "the settings file {} was not usable ({why}); {}; using the default settings",
                    path.display(),
                    set_aside(path)
                )),
            },
        }
    }

    /// Writes the settings to `path` atomically, creating its folder.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: cannot write the settings: {e}", path.display()))?;
        write_atomically(path, &text, "the settings")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::pad_bindings::PadInput;

    /// A fresh folder, removed when the guard drops, and the settings file's path in a
    /// folder inside it that does not exist yet.
    fn temp() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cavefly").join("settings.ron");
        (dir, path)
    }

    #[test]
    fn settings_round_trip_through_the_file() {
        let (_dir, path) = temp();
        assert_eq!(Settings::load(&path).settings, Settings::default());
        let mut s = Settings {
            master_volume: 0.25,
            fullscreen: true,
            glow: GlowChoice::Halo,
            ..Settings::default()
        };
        s.bindings.rebind("KeyK", Control::Fire);
        s.save(&path).unwrap();
        let back = Settings::load(&path);
        assert_eq!(back.notice, None);
        assert_eq!(back.settings, s);
        assert!(!path.with_extension("ron.tmp").exists());
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_file_from_before_the_glow_choice_lets_the_adapter_choose() {
        let (_dir, path) = temp();
        let s = Settings {
            glow: GlowChoice::Bloom,
            ..Settings::default()
        };
        s.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("glow: Bloom"), "{text}");
        let old: String = text
            .lines()
            .filter(|l| !l.contains("glow:"))
            .collect::<Vec<_>>()
            .join("\n");
        std::fs::write(&path, old).unwrap();
        let back = Settings::load(&path);
        assert_eq!(back.notice, None);
        assert_eq!(back.settings.glow, GlowChoice::Auto);
        assert_eq!(back.settings.glow.glow(), None);
        assert_eq!(GlowChoice::Halo.glow(), Some(Glow::Halo));
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_the_defaults_used() {
        let (_dir, path) = temp();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "(version: 1, master_volume: loud)").unwrap();
        let loaded = Settings::load(&path);
        assert_eq!(loaded.settings, Settings::default());
        let notice = loaded.notice.unwrap();
        assert!(
            notice.contains("1:") && notice.contains("settings.ron.bad"),
            "{notice}"
        );
        assert!(path.with_extension("ron.bad").exists());
        assert!(!path.exists());
        // Told once: the next start finds no file and says nothing.
        assert_eq!(Settings::load(&path).notice, None);
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn both_keyboard_sides_round_trip_through_the_file_and_old_files_gain_them() {
        let (_dir, path) = temp();
        let mut s = Settings::default();
        s.keyboard_left.rebind("KeyQ", Control::Fire);
        s.keyboard_right.rebind("Numpad0", Control::Tractor);
        s.save(&path).unwrap();
        let back = Settings::load(&path);
        assert_eq!(back.notice, None);
        assert_eq!(
            back.settings.keyboard_left.control("KeyQ"),
            Some(Control::Fire)
        );
        assert_eq!(
            back.settings.keys(KeySet::Right).control("Numpad0"),
            Some(Control::Tractor)
        );
        assert_eq!(back.settings, s);
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
        // A file from before two players, as version 2 wrote it, loads with both sides'
        // default keys and keeps its own.
        let old = r#"(version: 2, master_volume: 0.5, bindings: (keys: [("KeyK", Fire)]), gamepad_dead_zone: 0.2, fullscreen: false, vsync: true, rewind: false)"#;
        let s = Settings::parse(old).unwrap();
        assert_eq!(s.version, SETTINGS_VERSION);
        assert_eq!((s.master_volume, s.rewind), (0.5, false));
        assert_eq!(s.bindings.control("KeyK"), Some(Control::Fire));
        assert_eq!(s.keyboard_left, Bindings::keyboard_left());
        assert_eq!(s.keyboard_right, Bindings::keyboard_right());
        assert_eq!(s.gamepad_1, PadBindings::default());
    }

    #[test]
    fn both_pads_round_trip_and_files_before_version_4_gain_the_default_layout() {
        let (_dir, path) = temp();
        let mut s = Settings::default();
        s.gamepad_1
            .inputs
            .retain(|(i, c)| *c != Control::Fire && *i != PadInput::North);
        s.gamepad_1.inputs.push((PadInput::North, Control::Fire));
        s.pad_mut(1)
            .inputs
            .push((PadInput::RightStickUp, Control::Thrust));
        s.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("version: 4"), "{text}");
        let back = Settings::load(&path);
        assert_eq!(back.notice, None);
        assert_eq!(
            back.settings.pad(0).control(PadInput::North),
            Some(Control::Fire)
        );
        assert_eq!(back.settings.pad(0).control(PadInput::West), None);
        assert_eq!(
            back.settings.gamepad_2.control(PadInput::RightStickUp),
            Some(Control::Thrust)
        );
        assert_eq!(back.settings, s);
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
        for v in 1..=3 {
            let old = format!(
                r#"(version: {v}, master_volume: 0.5, bindings: (keys: [("KeyK", Fire)]), gamepad_dead_zone: 0.2)"#
            );
            let s = Settings::parse(&old).unwrap();
            assert_eq!(s.version, SETTINGS_VERSION);
            assert_eq!((s.master_volume, s.gamepad_dead_zone), (0.5, 0.2));
            assert_eq!(s.bindings.control("KeyK"), Some(Control::Fire));
            assert_eq!(s.gamepad_1, PadBindings::default(), "version {v}");
            assert_eq!(s.gamepad_2, PadBindings::default(), "version {v}");
        }
    }

    #[test]
    fn a_bad_pad_binding_is_reported_and_defaulted_and_the_rest_kept() {
        let (_dir, path) = temp();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let text = "(version: 4, master_volume: 0.3, vsync: false,\n gamepad_1: (inputs: [(North, Fire), (Trigger9, Thrust)]),\n gamepad_2: (inputs: [(South, Warp)]))";
        std::fs::write(&path, text).unwrap();
        let loaded = Settings::load(&path);
        let s = &loaded.settings;
        assert_eq!((s.master_volume, s.vsync), (0.3, false));
        assert_eq!(s.gamepad_1.control(PadInput::North), Some(Control::Fire));
        assert_eq!(
            s.gamepad_1.inputs_of(Control::Thrust),
            PadBindings::default().inputs_of(Control::Thrust)
        );
        assert!(s.gamepad_2.inputs.is_empty());
        let notice = loaded.notice.unwrap();
        assert!(
            notice.contains("gamepad_1.inputs[1]: `Trigger9`"),
            "{notice}"
        );
        assert!(
            notice.contains("gamepad_2.inputs[0]: `Warp` is not a control"),
            "{notice}"
        );
        // The file as it was is kept aside, and the repaired one written in its place:
        // the next start loads the same settings and says nothing.
        assert!(notice.contains("settings.ron.bad"), "{notice}");
        assert_eq!(
            std::fs::read_to_string(path.with_extension("ron.bad")).unwrap(),
            text
        );
        let again = Settings::load(&path);
        assert_eq!(again.notice, None);
        assert_eq!(&again.settings, s);
        // A pad table that is not a table at all is a parse error with its place.
        let err = Settings::parse("(version: 4, gamepad_1: (inputs: [(4, Fire)]))").unwrap_err();
        assert!(err.contains("1:"), "{err}");
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn the_two_sides_share_no_key_and_a_key_taken_leaves_the_other_side() {
        let s = Settings::default();
        for (key, _) in &s.keyboard_left.keys {
            assert_eq!(
                s.keyboard_right.control(key),
                None,
                "{key} is on both sides"
            );
        }
        for side in [KeySet::Left, KeySet::Right] {
            for control in [
                Control::RotateLeft,
                Control::RotateRight,
                Control::Thrust,
                Control::Fire,
                Control::Tractor,
            ] {
                assert!(
                    s.keys(side).keys.iter().any(|(_, c)| *c == control),
                    "{side:?} lacks {control:?}"
                );
            }
        }
        let mut s = Settings::default();
        assert_eq!(
            s.take_from_other_side(KeySet::Left, "ArrowUp"),
            Some(Control::Thrust)
        );
        assert_eq!(s.keyboard_right.control("ArrowUp"), None);
        assert_eq!(s.take_from_other_side(KeySet::Solo, "KeyW"), None);
        assert_eq!(s.keyboard_left.control("KeyW"), Some(Control::Thrust));
    }

    #[test]
    fn out_of_range_numbers_are_brought_in() {
        let s =
            Settings::parse("(version: 1, master_volume: 7.0, gamepad_dead_zone: -1.0)").unwrap();
        assert_eq!(s.master_volume, 1.0);
        assert_eq!(s.gamepad_dead_zone, 0.0);
        assert!(Settings::parse("(version: 5)")
            .unwrap_err()
            .contains("version 5"));
    }

    #[test]
    fn the_music_volume_round_trips_is_brought_in_range_and_defaults_for_older_files() {
        let (_dir, path) = temp();
        let s = Settings {
            music_volume: 0.35,
            ..Settings::default()
        };
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path).settings.music_volume, 0.35);
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
        // A file from before the music had no music volume: it gets the default.
        let old = "(version: 3, master_volume: 0.5, effects_volume: 0.25)";
        let s = Settings::parse(old).unwrap();
        assert_eq!((s.master_volume, s.effects_volume), (0.5, 0.25));
        assert_eq!(s.music_volume, Settings::default().music_volume);
        assert_eq!(s.music_volume, 0.6);
        let s = Settings::parse("(version: 3, music_volume: 1.5)").unwrap();
        assert_eq!(s.music_volume, 1.0);
        let s = Settings::parse("(version: 3, music_volume: -0.5)").unwrap();
        assert_eq!(s.music_volume, 0.0);
    }

    #[test]
    fn a_version_1_file_gains_the_rewind_key_where_it_is_free() {
        let old = |keys: &str| format!("(version: 1, vsync: false, bindings: (keys: [{keys}]))");
        let s = Settings::parse(&old(r#"("KeyW", Thrust)"#)).unwrap();
        assert_eq!(s.version, SETTINGS_VERSION);
        assert!(!s.vsync && s.rewind);
        assert_eq!(s.bindings.control("Backspace"), Some(Control::Rewind));
        assert_eq!(s.bindings.control("KeyW"), Some(Control::Thrust));
        // A player who gave Backspace to something else keeps it so.
        let s = Settings::parse(&old(r#"("Backspace", Fire)"#)).unwrap();
        assert_eq!(s.bindings.control("Backspace"), Some(Control::Fire));
        assert!(!s.bindings.keys.iter().any(|(_, c)| *c == Control::Rewind));
        // A version 2 file is read as written: no key for rewind stays none.
        let s = Settings::parse(r#"(version: 2, bindings: (keys: [("KeyW", Thrust)]))"#).unwrap();
        assert_eq!(s.bindings.control("Backspace"), None);
    }
}
