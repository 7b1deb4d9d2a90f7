//! The music director: which theme should be heard and how loud, as pure state. Told once a
//! frame what the player sees (a theme, and whether a menu is over the game) and how much
//! time passed, it crossfades between themes, ducks under menus and scales everything by
//! the music and master volumes. The player ([`super::music_player`]) only follows the
//! gains it gives, so all of this is tested without sound.

use super::music::Theme;

/// How long a change of theme takes, s.
pub const CROSSFADE: f32 = 1.5;
/// How far the music drops under a menu over the game, dB.
pub const DUCK_DB: f32 = -12.0;
/// How fast the music ducks and comes back, dB per second (a quarter second for the
/// whole drop).
pub const DUCK_RATE: f32 = 48.0;

/// What the player is looking at, as far as the music cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The theme that belongs to it.
    pub theme: Theme,
    /// Whether a menu is over the game (the music steps back).
    pub ducked: bool,
}

/// The director's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Director {
    /// Each theme's place in its crossfade, 0 (out) to 1 (in), by [`Theme::index`].
    fades: [f32; 4],
    /// The drop now, dB (0 or down to [`DUCK_DB`]).
    duck_db: f32,
    /// The theme fading in (or playing).
    current: Option<Theme>,
}

impl Default for Director {
    fn default() -> Director {
        Director::new()
    }
}

impl Director {
    /// Nothing playing yet: the first scene starts its theme at full level at once.
    pub fn new() -> Director {
        Director {
            fades: [0.0; 4],
            duck_db: 0.0,
            current: None,
        }
    }

    /// The theme fading in or playing, if any.
    pub fn current(&self) -> Option<Theme> {
        self.current
    }

    /// Moves on by `dt` seconds towards `scene`.
    pub fn update(&mut self, scene: Scene, dt: f32) {
        let dt = if dt.is_finite() { dt.max(0.0) } else { 0.0 };
        if self.current.is_none() {
            // The first music of the session starts at once, not from silence.
            self.fades[scene.theme.index()] = 1.0;
            self.duck_db = if scene.ducked { DUCK_DB } else { 0.0 };
        }
        self.current = Some(scene.theme);
        let step = dt / CROSSFADE;
        for t in Theme::ALL {
            let f = &mut self.fades[t.index()];
            *f = if t == scene.theme {
                (*f + step).min(1.0)
            } else {
                (*f - step).max(0.0)
            };
        }
        let target = if scene.ducked { DUCK_DB } else { 0.0 };
        let move_by = DUCK_RATE * dt;
        self.duck_db = if self.duck_db < target {
            (self.duck_db + move_by).min(target)
        } else {
            (self.duck_db - move_by).max(target)
        };
    }

    /// Each theme's gain now (by [`Theme::index`]): its crossfade (equal power, so the
    /// sum of two themes' power stays level), the duck, and the volumes (0 to 1 each).
    pub fn gains(&self, music_volume: f32, master_volume: f32) -> [f32; 4] {
        let unit = |v: f32| {
            if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        let volume = unit(music_volume) * unit(master_volume) * 10f32.powf(self.duck_db / 20.0);
        self.fades
            .map(|f| (f * std::f32::consts::FRAC_PI_2).sin() * volume)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(theme: Theme, ducked: bool) -> Scene {
        Scene { theme, ducked }
    }

    /// Runs the director at 60 frames a second for `seconds`.
    fn run(d: &mut Director, s: Scene, seconds: f32) {
        for _ in 0..(seconds * 60.0).round() as usize {
            d.update(s, 1.0 / 60.0);
        }
    }

    #[test]
    fn the_first_theme_starts_at_full_level_and_alone() {
        let mut d = Director::new();
        assert_eq!(d.gains(1.0, 1.0), [0.0; 4]);
        d.update(scene(Theme::Title, false), 1.0 / 60.0);
        assert_eq!(d.gains(1.0, 1.0), [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(d.current(), Some(Theme::Title));
    }

    #[test]
    fn a_new_theme_crossfades_in_over_a_second_and_a_half_at_equal_power() {
        let mut d = Director::new();
        run(&mut d, scene(Theme::Title, false), 1.0);
        let ice = scene(Theme::Ice, false);
        run(&mut d, ice, 0.75);
        let g = d.gains(1.0, 1.0);
        // Half way: each at sin(45°), their power summing to one.
        let half = std::f32::consts::FRAC_1_SQRT_2;
        assert!(
            (g[0] - half).abs() < 0.02 && (g[2] - half).abs() < 0.02,
            "{g:?}"
        );
        assert!((g[0] * g[0] + g[2] * g[2] - 1.0).abs() < 0.01, "{g:?}");
        // The old theme falls all along, the new one rises.
        let mut last = g;
        for _ in 0..30 {
            d.update(ice, 1.0 / 60.0);
            let now = d.gains(1.0, 1.0);
            assert!(now[0] < last[0] && now[2] > last[2], "{last:?} {now:?}");
            last = now;
        }
        run(&mut d, ice, 0.3);
        assert_eq!(d.gains(1.0, 1.0), [0.0, 0.0, 1.0, 0.0]);
    }

    #[test]
    fn turning_back_mid_fade_reverses_from_where_it_was() {
        let mut d = Director::new();
        run(&mut d, scene(Theme::Mines, false), 1.0);
        run(&mut d, scene(Theme::Title, false), 0.5);
        let before = d.gains(1.0, 1.0);
        d.update(scene(Theme::Mines, false), 1.0 / 60.0);
        let after = d.gains(1.0, 1.0);
        assert!(
            after[1] > before[1] && after[1] - before[1] < 0.05,
            "{before:?} {after:?}"
        );
        run(&mut d, scene(Theme::Mines, false), 0.5);
        assert_eq!(d.gains(1.0, 1.0)[1], 1.0);
    }

    #[test]
    fn a_menu_over_the_game_ducks_by_12_db_in_a_quarter_second_and_comes_back() {
        let mut d = Director::new();
        run(&mut d, scene(Theme::Reactor, false), 1.0);
        run(&mut d, scene(Theme::Reactor, true), 0.1);
        let partway = d.gains(1.0, 1.0)[3];
        assert!(partway < 1.0 && partway > 0.25, "{partway}");
        run(&mut d, scene(Theme::Reactor, true), 0.2);
        let ducked = d.gains(1.0, 1.0)[3];
        assert!((20.0 * ducked.log10() - DUCK_DB).abs() < 0.01, "{ducked}");
        run(&mut d, scene(Theme::Reactor, false), 0.3);
        assert_eq!(d.gains(1.0, 1.0)[3], 1.0);
    }

    #[test]
    fn the_gains_follow_the_music_and_master_volumes() {
        let mut d = Director::new();
        run(&mut d, scene(Theme::Mines, false), 0.1);
        let g = d.gains(0.6, 0.5);
        assert!((g[1] - 0.3).abs() < 1e-6, "{g:?}");
        assert_eq!(d.gains(0.0, 1.0), [0.0; 4]);
        assert_eq!(d.gains(1.0, 0.0), [0.0; 4]);
        // Out-of-range or broken volumes never make it louder than full.
        assert_eq!(d.gains(7.0, f32::NAN), [0.0; 4]);
        assert_eq!(d.gains(7.0, 2.0)[1], 1.0);
        // A broken frame time changes nothing.
        let before = d.clone();
        d.update(scene(Theme::Ice, false), f32::NAN);
        d.update(scene(Theme::Ice, false), -3.0);
        assert_eq!(d.gains(1.0, 1.0), before.gains(1.0, 1.0));
    }
}
