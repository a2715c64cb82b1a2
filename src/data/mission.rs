//! The mission file format (`missions/*.ron`), documented for players in `missions/README.md`.
//!
//! The cave is drawn as text: one string per row of hexes, one symbol per space separated by
//! spaces, odd rows pushed half a space to the right ("odd-r" offset rows, pointy-top hexes).
//! Everything else that needs a place names it as `(column, row)` counted from 0 in that drawing.

use super::creatures::CreatureKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A place in a mission file: column and row of the drawing.
pub type Cell = (i32, i32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mineral {
    Nitra,
    Gold,
    Morkite,
    Aquarq,
}

/// What the M.U.L.E. can hold, and what objectives count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Item {
    Nitra,
    Gold,
    Morkite,
    Aquarq,
    AlienEgg,
    ApocaBloom,
    Fossil,
}

impl From<Mineral> for Item {
    fn from(m: Mineral) -> Item {
        match m {
            Mineral::Nitra => Item::Nitra,
            Mineral::Gold => Item::Gold,
            Mineral::Morkite => Item::Morkite,
            Mineral::Aquarq => Item::Aquarq,
        }
    }
}

/// The round exploration tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pickup {
    LootBug,
    AlienEgg,
    ApocaBloom,
    Fossil,
    BarleyBulb,
    RedSugar,
}

impl Pickup {
    /// Pickups with the axe symbol are collected by an Axe chop; the others by walking onto them.
    pub fn needs_axe(self) -> bool {
        matches!(self, Pickup::LootBug | Pickup::AlienEgg | Pickup::RedSugar)
    }
}

/// The six sides of a pointy-top hex, for creatures that face a way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Facing {
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

/// What a space is, as drawn on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ground {
    Floor,
    Wall(Option<Mineral>),
    /// A stalagmite: an axe (or Soil Smasher) that destroys it rolls the Mineral die (ruling 28).
    Stalagmite,
    Pit,
}

/// Something printed on a hidden cave's face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FaceItem {
    TunnelExit3,
    /// The flare symbol: an unknown pickup is placed here on reveal. Exactly one per hidden cave.
    Flare,
    /// A random Weapon Upgrade token, face down.
    Upgrade,
    Creature(CreatureKind),
    /// A mineral lying on the floor, chopped from the same space.
    Mineral(Mineral),
    /// The space is not floor once revealed.
    Ground(Ground),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Placed<T> {
    pub at: Cell,
    pub put: T,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HiddenCave {
    /// The lowercase letter that marks its spaces on the map.
    pub id: char,
    #[serde(default)]
    pub name: String,
    pub contents: Vec<Placed<FaceItem>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StartingCreature {
    pub kind: CreatureKind,
    pub at: Cell,
    #[serde(default)]
    pub facing: Option<Facing>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Objective {
    /// Have this many of the item in the M.U.L.E.
    Collect(Item, u32),
    /// Kill every creature of this kind (an elimination mission).
    Kill(CreatureKind),
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Objectives {
    pub primary: Vec<Objective>,
    #[serde(default)]
    pub secondary: Vec<Objective>,
}

/// Where a Mission Event places things.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SpawnPoint {
    /// Tunnel Exit 1, 2 or 3.
    Exit(u8),
    /// The revealed Tunnel Exit nearest the active Dwarf.
    NearestExit,
    /// Next to the active Dwarf.
    NextToActiveDwarf,
    At(Cell),
}

/// The verbs a Mission Event card may use; the event-deck rules carry them out in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MissionEffect {
    SwarmThreat(i32),
    Spawn(CreatureKind, u32, SpawnPoint),
    /// Damage to the active Dwarf.
    DamageActive(u32),
    /// Damage to every conscious Dwarf.
    DamageAll(u32),
    /// Reveal the hidden cave with this letter.
    Reveal(char),
    /// Place an unknown pickup face up at a cell.
    PlacePickup(Pickup, SpawnPoint),
    /// A mineral drops at a cell, loose on the floor.
    DropMineral(Mineral, SpawnPoint),
    ActivateAll,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct MissionEvent {
    pub text: String,
    pub effects: Vec<MissionEffect>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct DeckChanges {
    /// Event cards taken out of the deck for this mission, by name.
    #[serde(default)]
    pub remove: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissionKind {
    Tutorial,
    Mining,
    EggHunt,
    PointExtraction,
    Salvage,
    Elimination,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Mission {
    pub name: String,
    #[serde(default)]
    pub briefing: String,
    pub kind: MissionKind,
    /// 1 (gentle) to 5 (brutal).
    pub difficulty: u32,
    pub map: Vec<String>,
    #[serde(default)]
    pub hidden_caves: Vec<HiddenCave>,
    /// The unknown pickups of this mission: one is drawn at random for each `?` spot and each
    /// hidden cave's flare spot.
    #[serde(default)]
    pub pickups: BTreeMap<Pickup, u32>,
    #[serde(default)]
    pub creatures: Vec<StartingCreature>,
    pub objectives: Objectives,
    #[serde(default)]
    pub mission_event: MissionEvent,
    #[serde(default)]
    pub deck_changes: DeckChanges,
}
