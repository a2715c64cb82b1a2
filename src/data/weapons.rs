//! The Dwarves' primary weapons and their firing modes. Read from `assets/weapons.ron`.

use super::dice::DieKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DwarfClass {
    Scout,
    Driller,
    Gunner,
    Engineer,
}

impl DwarfClass {
    pub const ALL: [DwarfClass; 4] = [Self::Scout, Self::Driller, Self::Gunner, Self::Engineer];
}

/// A class by its name, as typed on a command line (`--dwarves Scout,Gunner`), any case.
impl std::str::FromStr for DwarfClass {
    type Err = String;
    fn from_str(name: &str) -> Result<DwarfClass, String> {
        DwarfClass::ALL
            .into_iter()
            .find(|c| format!("{c:?}").eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| format!("unknown Dwarf class '{name}' (Scout, Driller, Gunner, Engineer)"))
    }
}

/// How the rolled results are laid on the cave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spread {
    /// Every result on the target space.
    Single,
    /// The damage chain: the first hit on the target, each further result on a space hit already or
    /// next to one, in range and line of sight (ruling 9).
    Chain,
    /// The target space and two neighbours that touch each other; every result on all three.
    Triangle,
    /// Roll the dice, keep one result, lay it on the target space.
    KeepOne,
}

/// What blocks the line of the shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LineRule {
    /// Walls, stalagmites, standing Dwarves and every creature but Grunts (ruling 7).
    Sight,
    /// Only walls (grenades, throwables; ruling 8).
    WallsOnly,
}

/// What a mode does after its damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AfterShot {
    /// Place up to this many Flame tokens (Flaming Ground).
    PlaceFlames(u32),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FireMode {
    /// The name commands use, e.g. "BurstFire".
    pub id: String,
    pub name: String,
    pub actions: u32,
    pub ammo: u32,
    pub dice: Vec<(DieKind, u32)>,
    pub range: u32,
    pub spread: Spread,
    pub line: LineRule,
    /// Only allowed straight after one of these modes (Sustained Fire).
    #[serde(default)]
    pub only_after: Vec<String>,
    /// At most this many times a turn.
    #[serde(default)]
    pub per_turn: Option<u32>,
    /// May be fired for free at the end of a Move (the Scout's Light-footed).
    #[serde(default)]
    pub free_after_move: bool,
    #[serde(default)]
    pub after: Option<AfterShot>,
    /// The results also hurt Dwarves in the area (explosives: friendly fire).
    #[serde(default)]
    pub hits_dwarves: bool,
    #[serde(default)]
    pub about: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub modes: Vec<FireMode>,
}

impl Weapon {
    pub fn mode(&self, id: &str) -> Option<&FireMode> {
        self.modes.iter().find(|m| m.id == id)
    }
}

/// `assets/weapons.ron`: each class's primary weapon.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PrimaryWeapons(pub BTreeMap<DwarfClass, Weapon>);

impl PrimaryWeapons {
    pub fn of(&self, class: DwarfClass) -> &Weapon {
        self.0.get(&class).expect("the weapon table is checked to hold every class when it is loaded")
    }

    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for class in DwarfClass::ALL {
            let Some(w) = self.0.get(&class) else {
                out.push(format!("no primary weapon for the {class:?}"));
                continue;
            };
            for m in &w.modes {
                for after in &m.only_after {
                    if w.mode(after).is_none() {
                        out.push(format!("{} mode {} follows {after}, which is not a mode of that weapon", w.name, m.id));
                    }
                }
                if m.dice.is_empty() {
                    out.push(format!("{} mode {} rolls no dice", w.name, m.id));
                }
            }
        }
        out
    }
}
