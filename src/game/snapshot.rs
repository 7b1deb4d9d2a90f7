//! Snapshots: the whole game state as one value, saved and restored bit for bit, so that
//! `restore(save(state))` and then K steps gives the same state as K steps without the
//! round trip. Rewind, instant restarts and rollback netplay rest on this.
//!
//! The resources are cloned whole — the physics world with its contacts, warm-start
//! impulses, broad phase and joints, the scripts, the generator, the clock, the events, the
//! run, the particles; the rules are shared. hecs worlds cannot be cloned, so each entity's
//! components are copied one type at a time (every component type is listed in
//! [`copy_entity`]), and a restore rebuilds the world with the same entity ids and the same
//! free list, so the ids handed out afterwards are the same too.

use super::components::{
    Body, Bolt, Drone, FuelCan, Health, Name, PadSpot, Piece, Reactor, Tow, Turret,
};
use super::door::Door;
use super::events::GameEvent;
use super::ship::Ship;
use super::state::{Clock, Fx, Rules, Run, State};
use crate::physics::PhysicsWorld;
use crate::rng::Pcg32;
use crate::script::ScriptRuntime;
use hecs::{BuiltEntityClone, Entity, EntityBuilderClone, EntityRef, World};
use std::sync::Arc;
use thiserror::Error;

/// An entity holds a component type the snapshot does not know: add it to
/// [`copy_entity`].
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("entity {entity} has {found} components and a snapshot copies only {copied} of them; every component type must be listed in snapshot.rs")]
pub struct UnknownComponent {
    /// The entity's id.
    pub entity: u64,
    /// Components it has.
    pub found: usize,
    /// Components copied.
    pub copied: usize,
}

/// The whole game state at one step.
#[derive(Clone)]
pub struct Snapshot {
    entities: Vec<(Entity, BuiltEntityClone)>,
    free: Vec<Entity>,
    physics: PhysicsWorld,
    script: Option<ScriptRuntime>,
    rng: Pcg32,
    clock: Clock,
    events: Vec<GameEvent>,
    run: Run,
    fx: Fx,
    rules: Arc<Rules>,
}

impl Snapshot {
    /// Saves `state`. An error if an entity holds a component type this file does not
    /// list (a programming error the snapshot tests catch).
    pub fn save(state: &State) -> Result<Snapshot, UnknownComponent> {
        let mut entities = Vec::with_capacity(state.world.len() as usize);
        for e in state.world.iter() {
            entities.push((e.entity(), copy_entity(&e)?));
        }
        Ok(Snapshot {
            entities,
            free: state.world.freelist().collect(),
            physics: state.physics.clone(),
            script: state.script.clone(),
            rng: state.rng.clone(),
            clock: state.clock,
            events: state.events.clone(),
            run: state.run.clone(),
            fx: state.fx.clone(),
            rules: Arc::clone(&state.rules),
        })
    }

    /// Puts `state` back as it was when this was saved.
    pub fn restore(&self, state: &mut State) {
        let mut world = World::new();
        for (e, components) in &self.entities {
            world.spawn_at(*e, components);
        }
        world.set_freelist(&self.free);
        state.world = world;
        state.physics.clone_from(&self.physics);
        state.script.clone_from(&self.script);
        state.rng = self.rng.clone();
        state.clock = self.clock;
        state.events.clone_from(&self.events);
        state.run.clone_from(&self.run);
        state.fx.clone_from(&self.fx);
        state.rules = Arc::clone(&self.rules);
    }

    /// A new state as this snapshot holds it.
    pub fn to_state(&self) -> State {
        let mut state = State {
            world: World::new(),
            physics: self.physics.clone(),
            script: None,
            rng: self.rng.clone(),
            clock: self.clock,
            events: Vec::new(),
            run: Run::default(),
            fx: self.fx.clone(),
            rules: Arc::clone(&self.rules),
        };
        self.restore(&mut state);
        state
    }

    /// The step it was saved at.
    pub fn steps(&self) -> u64 {
        self.clock.steps
    }

    /// How many entities it holds.
    pub fn entity_count(&self) -> usize {
        self.entities.len()
    }
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("steps", &self.clock.steps)
            .field("entities", &self.entities.len())
            .field("bodies", &self.physics.body_count())
            .finish_non_exhaustive()
    }
}

/// Copies every component of one entity; every component type of the game is listed here.
fn copy_entity(e: &EntityRef<'_>) -> Result<BuiltEntityClone, UnknownComponent> {
    let mut b = EntityBuilderClone::new();
    let mut copied = 0;
    macro_rules! copy {
        ($($t:ty),* $(,)?) => {$(
            if let Some(c) = e.get::<&$t>() {
                b.add((*c).clone());
                copied += 1;
            }
        )*};
    }
    copy!(
        Body, Piece, Health, FuelCan, PadSpot, Name, Turret, Drone, Reactor, Bolt, Tow, Ship, Door
    );
    if copied != e.len() {
        return Err(UnknownComponent {
            entity: e.entity().to_bits().get(),
            found: e.len(),
            copied,
        });
    }
    Ok(b.build())
}
