//! Everything the game reads from files: the box's contents under `assets/`, missions under
//! `missions/`, and the checks `hoxxes validate` runs on them.

pub mod creatures;
pub mod dice;
pub mod load;
pub mod map;
pub mod mission;
pub mod rules_numbers;
pub mod validate;
pub mod weapons;

use bevy::prelude::Resource;
use load::{Problem, read_ron};
use std::path::{Path, PathBuf};

/// The box's contents, loaded once.
#[derive(Resource, Clone, Debug)]
pub struct GameData {
    pub dice: dice::DiceTable,
    pub creatures: creatures::CreatureTable,
    pub weapons: weapons::PrimaryWeapons,
    pub numbers: rules_numbers::RuleNumbers,
    /// The Weapon Upgrade tokens' names, one token each.
    pub upgrades: Vec<String>,
}

impl GameData {
    /// Load every asset file; all problems are returned, each naming its file.
    pub fn load(dir: &Path) -> Result<GameData, Vec<Problem>> {
        let mut problems = Vec::new();
        let dice = keep(read_ron::<dice::DiceTable>(&dir.join("dice.ron")), &mut problems);
        let creatures = keep(read_ron::<creatures::CreatureTable>(&dir.join("creatures.ron")), &mut problems);
        let weapons = keep(read_ron::<weapons::PrimaryWeapons>(&dir.join("weapons.ron")), &mut problems);
        let numbers = keep(read_ron::<rules_numbers::RuleNumbers>(&dir.join("rules.ron")), &mut problems);
        let upgrades = keep(read_ron::<Vec<String>>(&dir.join("upgrades.ron")), &mut problems);
        let name = |f: &str| dir.join(f).display().to_string();
        if let Some(d) = &dice {
            problems.extend(d.problems().into_iter().map(|p| Problem(format!("{}: {p}", name("dice.ron")))));
        }
        if let Some(c) = &creatures {
            problems.extend(c.problems().into_iter().map(|p| Problem(format!("{}: {p}", name("creatures.ron")))));
        }
        if let Some(w) = &weapons {
            problems.extend(w.problems().into_iter().map(|p| Problem(format!("{}: {p}", name("weapons.ron")))));
        }
        match (dice, creatures, weapons, numbers, upgrades) {
            (Some(dice), Some(creatures), Some(weapons), Some(numbers), Some(upgrades)) if problems.is_empty() => {
                Ok(GameData { dice, creatures, weapons, numbers, upgrades })
            }
            _ => Err(problems),
        }
    }
}

fn keep<T>(r: Result<T, Problem>, problems: &mut Vec<Problem>) -> Option<T> {
    r.map_err(|p| problems.push(p)).ok()
}

/// Where the `assets/` folder is: `HOXXES_ASSETS`, then `BEVY_ASSET_ROOT/assets`, then `./assets`,
/// then the source tree the game was built from.
pub fn assets_dir() -> PathBuf {
    if let Ok(p) = std::env::var("HOXXES_ASSETS") {
        return PathBuf::from(p);
    }
    if let Ok(p) = std::env::var("BEVY_ASSET_ROOT") {
        return PathBuf::from(p).join("assets");
    }
    let here = PathBuf::from("assets");
    if here.join("dice.ron").exists() {
        return here;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets")
}
