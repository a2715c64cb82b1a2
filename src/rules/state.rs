//! The shared state of a mission that is not on a single entity.

use super::hex::Grid;
use crate::data::creatures::CreatureKind;
use crate::data::mission::{Item, MissionEvent, Objective, Objectives};
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;
// Hex keys hashed by foldhash (Bevy's): the standard SipHash was a seventh of a simulated game.
use bevy::platform::collections::HashMap;

/// How to put every resource of the rules back to its start, so a game can be cleared and played
/// again from its commands (loading a save, undo). A resource of the rules is registered with
/// [`RulesResource::rules_resource`], never `init_resource`, so none is forgotten.
#[derive(Resource, Default)]
pub struct Fresh(Vec<fn(&mut World)>);

impl Fresh {
    /// Put every resource of the rules back to its default.
    pub fn restore(world: &mut World) {
        let all = world.get_resource::<Fresh>().map(|f| f.0.clone()).unwrap_or_default();
        for insert in all {
            insert(world);
        }
    }
}

pub trait RulesResource {
    /// `init_resource`, remembered in [`Fresh`].
    fn rules_resource<T: Resource + Default>(&mut self) -> &mut Self;
}

impl RulesResource for App {
    fn rules_resource<T: Resource + Default>(&mut self) -> &mut Self {
        self.init_resource::<T>();
        self.world_mut().get_resource_or_init::<Fresh>().0.push(|w| w.insert_resource(T::default()));
        self
    }
}

/// How a mission ended (`end.rs` decides it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Result {
    Success,
    MinorSuccess,
    Loss,
}

/// Index from hex to its space entity. Never iterated to decide anything.
#[derive(Resource, Default, Debug)]
pub struct Board {
    pub spaces: HashMap<Hex, Entity>,
    /// The same spaces numbered, for searches that keep something per space.
    grid: Grid,
    /// Each space's entity by its number.
    entities: Vec<Entity>,
}

impl Board {
    pub fn new(spaces: HashMap<Hex, Entity>) -> Board {
        let grid = Grid::new(spaces.keys().copied());
        let entities = (0..grid.len()).map(|i| spaces[&grid.hex(i)]).collect();
        Board { spaces, grid, entities }
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The space entity at a hex, if the hex is part of the cave.
    pub fn space(&self, h: Hex) -> Option<Entity> {
        self.grid.index(h).map(|i| self.numbered(i))
    }

    /// The space entity numbered `i` on the grid.
    pub fn numbered(&self, i: usize) -> Entity {
        self.entities[i]
    }
}

/// The M.U.L.E.: the shared pile of collected minerals and pickups.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Mule(pub BTreeMap<Item, u32>);

impl Mule {
    pub fn add(&mut self, item: Item, n: u32) {
        *self.0.entry(item).or_default() += n;
    }
    pub fn count(&self, item: Item) -> u32 {
        self.0.get(&item).copied().unwrap_or(0)
    }
}

/// The mission as it was set up: what the team must do.
#[derive(Resource, Debug, Clone)]
pub struct MissionInfo {
    pub name: String,
    pub objectives: Objectives,
    pub mission_event: MissionEvent,
    pub hazard: u32,
    pub seed: u64,
}

impl MissionInfo {
    /// Whether the primary objectives are met, given the pile and the kinds killed: a Kill
    /// objective is met by a kill of its kind and stays met, whatever comes out later (ruling 29).
    pub fn objectives_met(&self, mule: &Mule, kills: &Kills) -> bool {
        self.objectives.primary.iter().all(|o| match o {
            Objective::Collect(item, n) => mule.count(*item) >= *n,
            Objective::Kill(kind) => kills.kinds.contains(kind),
        })
    }
}

/// Whose turn it is and what is left of it.
#[derive(Resource, Debug, Clone, Default)]
pub struct Turn {
    pub number: u32,
    /// Seat of the active Dwarf.
    pub seat: u32,
    pub actions_left: u32,
    /// The fire mode of the shot just made, for modes that may only follow it (Sustained Fire).
    pub last_shot: Option<String>,
    /// How often each fire mode was used this turn (Flaming Ground's limit).
    pub shots_this_turn: BTreeMap<String, u32>,
    /// The Scout just ended a Move: his next command may be a free ranged or throwable attack.
    pub light_footed: bool,
    /// Dice of the weapon's type the next attack this turn adds (Steady Hands).
    pub extra_dice: u32,
    /// Another Dwarf taking a free action now (a Rock and Stone card): his seat, and whether only a
    /// Move is allowed.
    pub guest: Option<(u32, bool)>,
    /// BOSCO's actions left after the Dwarf's turn (ruling 23: before the Event card).
    pub bosco_actions: u32,
    /// The Dwarf has ended his part of the turn and BOSCO is acting; the next `EndTurn` ends BOSCO's.
    pub bosco_turn: bool,
}

impl Turn {
    /// The seat of the Dwarf to act now: a guest while his free action waits, else the active one.
    pub fn acting_seat(&self) -> u32 {
        self.guest.map_or(self.seat, |(seat, _)| seat)
    }
}

/// The kinds of creature killed this mission (ruling 29), and how much of the game log has been
/// read for them (`end.rs` notes them).
#[derive(Resource, Default, Debug)]
pub struct Kills {
    pub kinds: std::collections::BTreeSet<CreatureKind>,
    pub noted: usize,
}

/// What this update's systems put on the table that has not reached it yet (the commands that do
/// it are applied after the system): emptied at the start of every update.
#[derive(Resource, Default, Debug)]
pub struct Placed {
    /// Creature figures put on the cave: the figure limits count them too (rulebook "Spawning";
    /// ruling 35).
    pub creatures: Vec<(bevy::prelude::Entity, crate::data::creatures::CreatureKind)>,
    /// Hidden caves flipped: an Oppressor crashing through two walls of one cave, or a blast
    /// opening two, reveals it once.
    pub caves: Vec<bevy::prelude::Entity>,
}

impl Placed {
    /// Nothing placed yet: the start of every update.
    pub fn empty(mut placed: ResMut<Placed>) {
        placed.clear();
    }

    /// Forget what was placed: it is on the table now (a new update; between two jobs taken in
    /// one update).
    pub fn clear(&mut self) {
        *self = Placed::default();
    }
}

/// Hands out stable ids in spawn order.
#[derive(Resource, Default, Debug)]
pub struct NextId(pub u32);

impl NextId {
    pub fn take(&mut self) -> super::components::Id {
        self.0 += 1;
        super::components::Id(self.0)
    }
}
