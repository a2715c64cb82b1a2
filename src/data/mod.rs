//! Everything the game reads from files: the box's contents under `assets/`, missions under
//! `missions/`, and the checks `hoxxes validate` runs on them.

pub mod cards;
pub mod creatures;
pub mod deck_check;
pub mod dice;
pub mod load;
pub mod map;
pub mod mission;
pub mod playable;
pub mod rules_numbers;
pub mod validate;
pub mod weapons;

use bevy::prelude::Resource;
use cards::*;
use deck_check::{Checked, load_checked};
use load::Problem;
use std::path::{Path, PathBuf};

/// The box's contents, loaded once.
#[derive(Resource, Clone, Debug)]
pub struct GameData {
    pub dice: dice::DiceTable,
    pub creatures: creatures::CreatureTable,
    pub weapons: weapons::PrimaryWeapons,
    pub numbers: rules_numbers::RuleNumbers,
    /// The Weapon Upgrade tokens, one entry per token.
    pub upgrades: Vec<UpgradeToken>,
    /// The Event deck, one entry per card name; `copies` says how many.
    pub events: Vec<EventCard>,
    pub swarms: Vec<SwarmCard>,
    pub rock_and_stone: Vec<RockAndStoneCard>,
    /// One card each.
    pub throwables: Vec<Throwable>,
    /// One card each, both sides.
    pub secondaries: Vec<SecondaryWeapon>,
    /// One entry per card.
    pub resupply: Vec<ResupplyCard>,
    /// Unknown pickups and wall minerals in the box.
    pub box_counts: BoxCounts,
}

impl GameData {
    /// Load and check every asset file; all problems are returned, each naming its file.
    pub fn load(dir: &Path) -> Result<GameData, Vec<Problem>> {
        let mut problems = Vec::new();
        let dice = part(dir, "dice.ron", &mut problems);
        let creatures = part(dir, "creatures.ron", &mut problems);
        let weapons = part(dir, "weapons.ron", &mut problems);
        let numbers = part(dir, "rules.ron", &mut problems);
        let upgrades = part(dir, "upgrades.ron", &mut problems);
        let events = part(dir, "events.ron", &mut problems);
        let swarms = part(dir, "swarms.ron", &mut problems);
        let rock_and_stone = part(dir, "rock_and_stone.ron", &mut problems);
        let throwables = part(dir, "throwables.ron", &mut problems);
        let secondaries = part(dir, "secondaries.ron", &mut problems);
        let resupply = part(dir, "resupply.ron", &mut problems);
        let box_counts = part(dir, "box.ron", &mut problems);
        let all = || {
            Some(GameData {
                dice: dice?,
                creatures: creatures?,
                weapons: weapons?,
                numbers: numbers?,
                upgrades: upgrades?,
                events: events?,
                swarms: swarms?,
                rock_and_stone: rock_and_stone?,
                throwables: throwables?,
                secondaries: secondaries?,
                resupply: resupply?,
                box_counts: box_counts?,
            })
        };
        all().ok_or(problems)
    }
}

/// One checked asset file, or `None` with its problems added.
fn part<T: Checked>(dir: &Path, file: &str, problems: &mut Vec<Problem>) -> Option<T> {
    load_checked(&dir.join(file)).map_err(|p| problems.extend(p)).ok()
}

/// The shipped missions, beside the assets.
pub fn missions_dir() -> PathBuf {
    assets_dir().parent().map(|p| p.join("missions")).unwrap_or_else(|| PathBuf::from("missions"))
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
