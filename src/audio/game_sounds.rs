//! What the game sounds like: the sim's events of one step turned into effects to play, and
//! the levels of the looped effects (engine, scrape, tractor hum). Pure functions of the
//! sim, so they are tested without a sound card.

use super::synth::Effect;
use crate::game::{GameEvent, Sim};
use crate::level::SoundCue;

/// Impact energy heard at full level, J.
const LOUDEST_IMPACT: f64 = 60.0;
/// Sliding speed heard at full level, m/s.
const LOUDEST_SCRAPE: f64 = 6.0;

/// The effect that plays a level's sound cue.
pub fn cue_effect(cue: SoundCue) -> Effect {
    match cue {
        SoundCue::Alarm => Effect::Alarm,
        SoundCue::Chime => Effect::Chime,
        SoundCue::Door => Effect::DoorGrind,
        SoundCue::Explosion => Effect::Explosion,
        SoundCue::Pickup => Effect::Pickup,
        SoundCue::Blip => Effect::UiBlip,
    }
}

/// One-shot effects of the last step, each with its level (0 to 1); see [`shots_of`].
pub fn one_shots(sim: &Sim) -> Vec<(Effect, f32)> {
    shots_of(sim.events())
}

/// The one-shot effects `events` make, in the order each is first made, each effect once
/// at the level of its loudest cause: one step is a 120th of a second, and a pile settling
/// can report hundreds of impacts in it, which heard together are one thump (and played
/// one voice each would pile up and clip).
pub fn shots_of(events: &[GameEvent]) -> Vec<(Effect, f32)> {
    let mut out: Vec<(Effect, f32)> = Vec::new();
    for e in events {
        let shot = match e {
            GameEvent::Impact { energy, .. } => {
                // Loudness grows with the square root of the energy, as with the speed.
                Some((
                    Effect::ImpactThump,
                    (energy / LOUDEST_IMPACT).sqrt().min(1.0),
                ))
            }
            GameEvent::LaserFired { .. } => Some((Effect::LaserZap, 0.7)),
            GameEvent::EnemyFired { .. } => Some((Effect::LaserZap, 0.35)),
            GameEvent::Explosion { size, .. } => {
                Some((Effect::Explosion, (size / 4.0).clamp(0.4, 1.0)))
            }
            GameEvent::Split { .. } => Some((Effect::ImpactThump, 0.5)),
            GameEvent::Refuel => Some((Effect::Pickup, 0.6)),
            GameEvent::Tractor { locked: true } => Some((Effect::UiBlip, 0.5)),
            GameEvent::Respawn => Some((Effect::Chime, 0.5)),
            GameEvent::Sound { cue, volume, .. } => Some((cue_effect(*cue), *volume)),
            _ => None,
        };
        let Some((effect, level)) = shot else {
            continue;
        };
        let level = level as f32;
        match out.iter_mut().find(|(e, _)| *e == effect) {
            Some(heard) => heard.1 = heard.1.max(level),
            None => out.push((effect, level)),
        }
    }
    out
}

/// Levels of the looped effects after the last step: scraping (from the fastest slide
/// along rock) and the tractor hum (while the beam holds).
pub fn loops(sim: &Sim) -> [(Effect, f32); 2] {
    let slide = sim
        .events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::Scrape { speed, .. } => Some(*speed),
            _ => None,
        })
        .fold(0.0, f64::max);
    let scrape = (slide / LOUDEST_SCRAPE).clamp(0.0, 1.0) as f32;
    let hum = if sim.tow().is_some() { 0.7 } else { 0.0 };
    [(Effect::MetalScrape, scrape), (Effect::TractorHum, hum)]
}

/// Plays the sounds of the last step.
pub fn play_step(audio: &super::Audio, sim: &Sim) {
    for (effect, level) in one_shots(sim) {
        audio.play(effect, level);
    }
    for (effect, level) in loops(sim) {
        audio.set_loop(effect, level);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Actions, SimSetup};
    use crate::geom::Vec2;
    use crate::physics::RockSegment;

    #[test]
    fn a_shot_zaps_and_a_hard_landing_thumps() {
        let mut s = SimSetup::empty(Vec2::new(0.0, 3.0));
        s.physics.gravity = Vec2::new(0.0, -9.81);
        s.rock = vec![RockSegment::chain(
            &[Vec2::new(9.0, 0.0), Vec2::new(-9.0, 0.0)],
            false,
        )];
        let mut sim = Sim::new(&s).unwrap();
        sim.step(&Actions {
            fire: true,
            ..Actions::default()
        });
        assert!(one_shots(&sim).contains(&(Effect::LaserZap, 0.7)));
        let mut thump = None;
        for _ in 0..120 {
            sim.step(&Actions::default());
            thump = thump.or(one_shots(&sim)
                .into_iter()
                .find(|s| s.0 == Effect::ImpactThump));
        }
        // Dropped 2.6 m: about 7 m/s, ~30 J on a 1.2 kg ship: heard, but not at full level.
        let (_, level) = thump.expect("the landing is heard");
        assert!(level > 0.3 && level < 1.0, "{level}");
        assert_eq!(loops(&sim)[1], (Effect::TractorHum, 0.0));
    }

    #[test]
    fn a_step_of_many_impacts_is_one_thump_as_loud_as_the_hardest() {
        let impact = |energy: f64| GameEvent::Impact {
            point: Vec2::ZERO,
            normal: Vec2::new(0.0, 1.0),
            energy,
        };
        // A pile settling: 200 impacts of rising energy, a shot and a split among them.
        let mut events: Vec<GameEvent> = (0..200).map(|i| impact(0.1 * i as f64)).collect();
        let fired = GameEvent::LaserFired {
            from: Vec2::ZERO,
            to: Vec2::new(5.0, 0.0),
        };
        events.insert(50, fired);
        events.insert(120, GameEvent::Split { point: Vec2::ZERO });
        let shots = shots_of(&events);
        let hardest = (19.9 / LOUDEST_IMPACT).sqrt() as f32;
        assert_eq!(
            shots,
            vec![(Effect::ImpactThump, hardest), (Effect::LaserZap, 0.7)]
        );
        // The split's thump (0.5) is louder than soft impacts alone.
        let soft = [impact(0.6), GameEvent::Split { point: Vec2::ZERO }];
        assert_eq!(shots_of(&soft), vec![(Effect::ImpactThump, 0.5)]);
        assert!(shots_of(&[]).is_empty());
    }

    #[test]
    fn every_cue_has_its_own_effect() {
        let cues = SoundCue::ALL;
        let mut effects: Vec<Effect> = cues.iter().map(|&c| cue_effect(c)).collect();
        effects.sort();
        effects.dedup();
        assert_eq!(effects.len(), cues.len());
    }
}
