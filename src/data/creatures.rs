//! The creature table: stats, resistances and traits. Read from `assets/creatures.ron`; the order of
//! the list is the activation order.

use super::dice::DieKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CreatureKind {
    Grunt,
    WebSpitter,
    Exploder,
    MacteraSpawn,
    Slasher,
    BroodNexus,
    SpitballInfector,
    Praetorian,
    Oppressor,
}

impl CreatureKind {
    pub const ALL: [CreatureKind; 9] = [
        Self::Grunt,
        Self::WebSpitter,
        Self::Exploder,
        Self::MacteraSpawn,
        Self::Slasher,
        Self::BroodNexus,
        Self::SpitballInfector,
        Self::Praetorian,
        Self::Oppressor,
    ];
}

/// What a creature's attack is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Attack {
    /// Roll this many Creature dice against the target.
    Dice(u32),
    /// Explode: roll these dice and apply them to every figure on the adjacent spaces.
    Explode(DieKind, u32),
    /// Roll this many Creature dice; hits do nothing, only "!" counts (Brood Nexus).
    Spawn(u32),
}

/// What a "!" result does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Bang {
    Nothing,
    Webbed,
    Stunned,
    KnockedOver,
    /// Extra damage to the target.
    Damage(u32),
    /// A Grunt appears next to the creature.
    SpawnGrunt,
}

/// Special rules printed on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Trait {
    /// Small enough that shots pass over it (Grunt).
    Small,
    /// Flies over pits, figures and stalagmites (Mactera Spawn).
    Flying,
    /// Never moves (Brood Nexus, Spitball Infector).
    Immobile,
    /// Resistance is ignored by attacks from behind (Praetorian, Oppressor).
    WeakRear,
    /// Fills two spaces (Oppressor).
    TwoSpaces,
    /// Crashes through walls without a mineral and stalagmites (Oppressor).
    CrashesThroughRock,
    /// Whoever kills it draws a Rock and Stone card.
    RockAndStoneOnKill,
    /// Spawns this many Grunts when it dies (Brood Nexus: two).
    GruntsOnDeath(u32),
    /// Explodes when killed (Exploder).
    ExplodesOnDeath,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreatureStats {
    pub kind: CreatureKind,
    pub name: String,
    #[serde(rename = "move")]
    pub movement: u32,
    pub health: u32,
    #[serde(default)]
    pub resistance: BTreeMap<DieKind, u32>,
    pub attack: Attack,
    pub bang: Bang,
    /// Attack range; 0 for a creature that never attacks a Dwarf.
    pub range: u32,
    /// Figures in the box: a card cannot place more than this many at once.
    pub figures: u32,
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// Tooltip text, in our own words.
    #[serde(default)]
    pub about: String,
}

impl CreatureStats {
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }
    /// The Grunts it leaves when it dies.
    pub fn grunts_on_death(&self) -> u32 {
        self.traits.iter().find_map(|t| if let Trait::GruntsOnDeath(n) = t { Some(*n) } else { None }).unwrap_or(0)
    }
    pub fn resistance_to(&self, die: DieKind) -> u32 {
        self.resistance.get(&die).copied().unwrap_or(0)
    }
}

/// `assets/creatures.ron`: the table, top to bottom.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CreatureTable(pub Vec<CreatureStats>);

impl CreatureTable {
    pub fn get(&self, kind: CreatureKind) -> &CreatureStats {
        self.0.iter().find(|c| c.kind == kind).expect("the creature table is checked to hold every kind when it is loaded")
    }

    /// Position in the activation order.
    pub fn order(&self, kind: CreatureKind) -> usize {
        self.0.iter().position(|c| c.kind == kind).unwrap_or(usize::MAX)
    }

    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for kind in CreatureKind::ALL {
            match self.0.iter().filter(|c| c.kind == kind).count() {
                1 => {}
                0 => out.push(format!("the creature table has no {kind:?}")),
                n => out.push(format!("the creature table lists {kind:?} {n} times")),
            }
        }
        let grunts = self.0.iter().find(|c| c.kind == CreatureKind::Grunt).map_or(0, |c| c.figures);
        for c in &self.0 {
            if c.health == 0 {
                out.push(format!("{:?} has 0 health", c.kind));
            }
            if c.grunts_on_death() > grunts {
                out.push(format!("{:?} leaves {} Grunts when it dies; the box has {grunts}", c.kind, c.grunts_on_death()));
            }
        }
        out
    }
}
