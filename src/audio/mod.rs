//! Presentation: sound. Every effect is synthesised at start-up ([`synth`]) and played
//! through rodio's default output with live master and effects volumes. The music's four
//! themes ([`music`]) are synthesised too, on a background thread, and mixed at the gains
//! the [`director`] sets. Without a sound device the game prints one line and runs silent
//! (the sound library's own error lines are swallowed, see [`quiet`]) and renders no
//! music. Sound never feeds back into the sim.

pub mod director;
pub mod dsp;
pub mod game_sounds;
pub mod instruments;
pub mod music;
pub mod music_player;
pub mod quiet;
pub mod score;
pub mod synth;
mod themes;
pub mod voice;

use std::collections::BTreeMap;
use std::sync::Arc;
use synth::{Effect, SAMPLE_RATE};
use voice::{Gain, Voice, VoiceCount, VoicePlace};

/// Most one-shot effects sounding at once: a new one past this is not played (it would
/// not be told apart among so many, and the sum would clip).
pub const MOST_ONE_SHOTS: usize = 24;

/// Opens the default output. The sound library's default host panics where its sound
/// system cannot start (ALSA with a malformed configuration file such as `~/.asoundrc`),
/// so each host is started by name first, and that case is an error like a missing device.
fn open_default_output() -> Result<rodio::MixerDeviceSink, String> {
    let mut why = String::from("no sound system is available");
    for id in rodio::cpal::available_hosts() {
        match rodio::cpal::host_from_id(id) {
            Ok(_) => {
                return rodio::DeviceSinkBuilder::open_default_sink().map_err(|e| e.to_string())
            }
            Err(e) => {
                why = format!("the sound system {} cannot start: {e}", id.name());
                if cfg!(target_os = "linux") {
                    why.push_str("; check ~/.asoundrc and /etc/asound.conf");
                }
            }
        }
    }
    Err(why)
}

/// The game's sound output.
pub struct Audio {
    sink: Option<rodio::MixerDeviceSink>,
    buffers: BTreeMap<Effect, Arc<[f32]>>,
    master: Gain,
    effects: Gain,
    loops: BTreeMap<Effect, Gain>,
    music: [Gain; 4],
    /// The one-shot voices sounding.
    one_shots: VoiceCount,
}

impl Audio {
    /// Renders every effect and opens the default output; without one, warns once and
    /// stays silent.
    pub fn open(master: f32, effects: f32) -> Audio {
        let (opened, swallowed) = quiet::quietly(open_default_output);
        if swallowed > 0 {
            log::debug!("the sound library reported {swallowed} errors while opening the output");
        }
        let sink = match opened {
            Ok(mut s) => {
                s.log_on_drop(false);
                Some(s)
            }
            Err(e) => {
                log::warn!("no sound output ({e}); playing silent");
                eprintln!("cavefly: no sound output ({e}); playing silent");
                None
            }
        };
        Self::with_sink(sink, master, effects)
    }

    /// No output at all (tests, headless runs).
    pub fn silent() -> Audio {
        Self::with_sink(None, 1.0, 1.0)
    }

    fn with_sink(sink: Option<rodio::MixerDeviceSink>, master: f32, effects: f32) -> Audio {
        let buffers = Effect::ALL
            .iter()
            .map(|&e| (e, Arc::from(e.render())))
            .collect();
        let mut audio = Audio {
            sink,
            buffers,
            master: Gain::new(master),
            effects: Gain::new(effects),
            loops: BTreeMap::new(),
            music: Default::default(),
            one_shots: VoiceCount::default(),
        };
        if let Some(sink) = &audio.sink {
            let rendered = music_player::render_in_background();
            let mix = music_player::MusicMix::new(rendered, audio.music.clone());
            sink.mixer().add(mix);
        }
        for e in Effect::ALL.into_iter().filter(|e| e.loops()) {
            let gain = Gain::new(0.0);
            audio.loops.insert(e, gain.clone());
            audio.start(e, true, 1.0, gain, None);
        }
        audio.set_loop(Effect::AmbientDrone, 0.5);
        audio
    }

    /// Whether sound is actually heard.
    pub fn is_playing(&self) -> bool {
        self.sink.is_some()
    }

    fn start(
        &self,
        effect: Effect,
        looping: bool,
        level: f32,
        extra: Gain,
        place: Option<VoicePlace>,
    ) {
        let (Some(sink), Some(buf)) = (&self.sink, self.buffers.get(&effect)) else {
            return;
        };
        let mut gains = vec![self.master.clone(), extra];
        if effect != Effect::AmbientDrone && effect != Effect::UiBlip {
            gains.push(self.effects.clone());
        }
        let voice = Voice::new(buf.clone(), SAMPLE_RATE, looping, level, gains);
        sink.mixer().add(match place {
            Some(place) => voice.holding(place),
            None => voice,
        });
    }

    /// Plays a one-shot effect at `level` (0 to 1), unless [`MOST_ONE_SHOTS`] are
    /// sounding already.
    pub fn play(&self, effect: Effect, level: f32) {
        if effect.loops() || self.sink.is_none() {
            return;
        }
        if let Some(place) = self.one_shots.take(MOST_ONE_SHOTS) {
            self.start(
                effect,
                false,
                level.clamp(0.0, 1.0),
                Gain::new(1.0),
                Some(place),
            );
        }
    }

    /// Sets how loud a looping effect is now (0 silences it).
    pub fn set_loop(&self, effect: Effect, level: f32) {
        if let Some(g) = self.loops.get(&effect) {
            g.set(level);
        }
    }

    /// Sets the master and effects volumes (0 to 1); they apply to what is playing.
    pub fn set_volumes(&self, master: f32, effects: f32) {
        self.master.set(master);
        self.effects.set(effects);
    }

    /// Sets each theme's gain (by [`music::Theme::index`]), as the director gives them;
    /// the music follows within milliseconds, without steps.
    pub fn set_music(&self, gains: [f32; 4]) {
        for (g, v) in self.music.iter().zip(gains) {
            g.set(v);
        }
    }

    /// The rendered samples of an effect.
    pub fn samples(&self, effect: Effect) -> &[f32] {
        self.buffers.get(&effect).map_or(&[], |b| b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_silent_output_still_renders_every_effect() {
        let a = Audio::silent();
        assert!(!a.is_playing());
        for e in Effect::ALL {
            assert!(synth::rms(a.samples(e)) > 0.01, "{e:?}");
        }
        a.play(Effect::LaserZap, 2.0);
        a.set_loop(Effect::ThrustRumble, 0.7);
        a.set_volumes(0.5, 0.5);
        assert_eq!(a.master.get(), 0.5);
        a.set_music([0.25, 2.0, f32::NAN, 0.0]);
        let music: Vec<f32> = a.music.iter().map(Gain::get).collect();
        assert_eq!(music, [0.25, 1.0, 0.0, 0.0]);
    }
}
