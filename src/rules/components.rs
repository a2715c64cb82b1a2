//! The things on the table, as components.

use crate::data::creatures::CreatureKind;
use crate::data::mission::{FaceItem, Facing, Ground, Mineral, Pickup};
use crate::data::weapons::DwarfClass;
use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// A stable id, given in spawn order; everything that decides an order sorts by it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Id(pub u32);

/// Where a figure or token stands. A two-space creature stands with its front here.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct At(pub Hex);

/// One space of the cave.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space(pub Hex);

/// What a space is now. It never changes in place: a new terrain is inserted, and the insert hook
/// keeps [`Terrains`] true.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[component(immutable, on_insert = mirror_terrain)]
pub enum Terrain {
    Open(Ground),
    /// Under a face-down hidden cave: solid until the cave is revealed.
    Hidden(char),
}

impl Terrain {
    pub fn ground(self) -> Option<Ground> {
        match self {
            Terrain::Open(g) => Some(g),
            Terrain::Hidden(_) => None,
        }
    }
    pub fn is_floor(self) -> bool {
        self == Terrain::Open(Ground::Floor)
    }
    pub fn is_wall(self) -> bool {
        matches!(self, Terrain::Open(Ground::Wall(_)))
    }
    pub fn is_stalagmite(self) -> bool {
        matches!(self, Terrain::Open(Ground::Stalagmite))
    }
    pub fn is_pit(self) -> bool {
        self == Terrain::Open(Ground::Pit)
    }
}

/// Every space's terrain, by its entity's index (Bevy reuses the indices of despawned entities, so
/// it is as long as the most entities alive at once): what the rules' checks and path searches
/// read, an array read where a query's lookup per space was the costliest part of a creature's
/// path search. Kept by `Terrain`'s insert hook, so it holds whatever terrain a space entity was
/// last given (`invariants` checks it against the spaces).
#[derive(Resource, Default, Debug)]
pub struct Terrains {
    by_entity: Vec<Option<Terrain>>,
    /// See [`Terrains::stamp`].
    stamp: u64,
}

impl Terrains {
    /// The terrain of a space entity.
    pub fn of(&self, space: Entity) -> Option<Terrain> {
        self.by_entity.get(space.index().index() as usize).copied().flatten()
    }

    /// A number that changes whenever a space is given a terrain, and that no other terrain of any
    /// game in this process has had: what a memory of facts drawn from the terrain is checked
    /// against (`cave::StandingFact`). Cleared with the table, it is 0 while no space has any.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }
}

/// The next [`Terrains::stamp`], shared by every game of the process so none repeats another's.
static NEXT_STAMP: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// `Terrain`'s insert hook: note the space's new terrain (in a world with the rules; a world
/// without them, such as a screen test's, has no [`Terrains`] to keep).
fn mirror_terrain(mut world: DeferredWorld, ctx: HookContext) {
    let Some(terrain) = world.get::<Terrain>(ctx.entity).copied() else { return };
    if let Some(mut terrains) = world.get_resource_mut::<Terrains>() {
        let i = ctx.entity.index().index() as usize;
        if terrains.by_entity.len() <= i {
            terrains.by_entity.resize(i + 1, None);
        }
        terrains.by_entity[i] = Some(terrain);
        terrains.stamp = NEXT_STAMP.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A Drop Pod space.
#[derive(Component, Clone, Copy, Debug)]
pub struct DropPod;

/// A Tunnel Exit: I, II or III.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TunnelExit(pub u8);

/// A hidden cave segment.
#[derive(Component, Clone, Debug)]
pub struct HiddenCave {
    pub letter: char,
    pub name: String,
    pub spaces: Vec<Hex>,
    pub face: Vec<(Hex, FaceItem)>,
    /// The unknown pickup drawn for its flare spot at set-up.
    pub pickup: Option<Pickup>,
    pub revealed: bool,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dwarf {
    pub class: DwarfClass,
    /// Turn order, from 0.
    pub seat: u32,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Health(pub u32);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ammo {
    pub primary: u32,
    pub secondary: u32,
}

/// A Dwarf's conditions. Each is cleared by the rule that names it.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DwarfStatus {
    pub stunned: bool,
    pub webbed: bool,
    pub knocked_over: bool,
    pub unconscious: bool,
}

impl DwarfStatus {
    /// Standing Dwarves block sight; knocked-over and unconscious ones do not (ruling 7).
    pub fn standing(&self) -> bool {
        !self.knocked_over && !self.unconscious
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Creature {
    pub kind: CreatureKind,
}

/// The way a Praetorian or Oppressor faces; an Oppressor's back space is one step behind.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Faces(pub Facing);

#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureStatus {
    pub stunned: bool,
    pub frozen: bool,
    /// No resistance until this Dwarf's next turn (Corrosive Bomb).
    #[serde(default)]
    pub corroded_by: Option<u32>,
    /// The Sentry Gun has fired at it this turn (ruling 21: once per creature per turn).
    #[serde(default)]
    pub sentry_shot: bool,
}

/// A token on the cave.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Token {
    /// A mineral on the floor: printed ones are chopped from the same space, loose ones (dropped)
    /// are picked up by walking onto them.
    Mineral {
        mineral: Mineral,
        loose: bool,
    },
    /// An unknown pickup; face down until a Dwarf stands next to it.
    Pickup {
        pickup: Pickup,
        revealed: bool,
    },
    /// A Weapon Upgrade token, face down; `kind` is its name in the upgrade data.
    Upgrade {
        kind: u32,
    },
    /// The Resupply pod with what is left on its card (`card` indexes the Resupply deck).
    ResupplyPod {
        card: u32,
        primary: u32,
        secondary: u32,
        health: u32,
    },
    /// Class gear and thrown tokens; the `Owner` component says whose.
    Flame,
    Platform,
    Zipline,
    /// The Engineer's Sentry Gun, with its Health.
    SentryGun {
        health: u32,
    },
    Shield,
    Flare,
    /// A Throwable waiting on the cave (Proximity Mine, Satchel Charge, L.U.R.E.); `card` indexes
    /// the Throwable list.
    Thrown {
        card: u32,
    },
    /// Health BOSCO's axe freed from a Red Sugar: the first Dwarf to walk onto it regains it.
    Health {
        amount: u32,
    },
}

/// The seat of the Dwarf a token belongs to (gear, thrown tokens); "until your next turn" effects
/// end when that Dwarf's turn starts.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owner(pub u32);

/// Which of a Dwarf's weapons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WeaponSlot {
    Primary,
    Secondary,
}

/// A Dwarf's secondary weapon (index in the secondary list), whether it is overclocked, and the
/// Weapon Upgrade tokens (indices in the upgrade list) on each weapon.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loadout {
    pub secondary: usize,
    pub overclocked: bool,
    pub primary_upgrades: Vec<u32>,
    pub secondary_upgrades: Vec<u32>,
}

/// BOSCO, the solo Dwarf's drone: two actions after his three; cannot be harmed.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bosco;

/// BOSCO is still where the set-up put it and the players may set it down elsewhere beside the
/// Drop Pod (rulebook "Player setup"): taken off by the game's first command of any other kind
/// (`bosco::set_up_over`).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoscoSetUp;

/// A Dwarf's cards, as indices into the Rock and Stone and Throwable card lists.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub rock_and_stone: Vec<usize>,
    pub throwables: Vec<usize>,
}

/// The spaces a Throwable's effect covers while it lasts (Phosphor Flare, Inhibitor Field) or
/// until it goes off (a Satchel Charge's area); `card` indexes the Throwable list.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub card: u32,
    pub spaces: Vec<Hex>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The terrain read is the one a space was last given: at its spawn, and each time a new one is
    /// inserted (a wall carved, a hidden cave revealed).
    #[test]
    fn the_terrain_read_follows_every_terrain_a_space_is_given() {
        let mut world = World::new();
        world.init_resource::<Terrains>();
        let wall = Terrain::Open(Ground::Wall(None));
        let spaces: Vec<Entity> = (0..3).map(|_| world.spawn(Terrain::Hidden('a')).id()).collect();
        world.entity_mut(spaces[1]).insert(wall);
        world.entity_mut(spaces[2]).insert(wall).insert(Terrain::Open(Ground::Floor));
        let read: Vec<_> = spaces.iter().map(|e| world.resource::<Terrains>().of(*e)).collect();
        assert_eq!(read, vec![Some(Terrain::Hidden('a')), Some(wall), Some(Terrain::Open(Ground::Floor))]);
        let other = world.spawn(Id(9)).id();
        assert_eq!(world.resource::<Terrains>().of(other), None, "no terrain was ever given");
    }
}
