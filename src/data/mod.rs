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
use std::sync::Arc;

/// The box's contents, loaded once and shared: every game a process plays (the simulator's
/// thousands, a window's one after another) reads the same copy, and a game is given it by a count
/// of owners, not a copy. Read it as the [`BoxContents`] it holds; a change to it (a test's) is made
/// on a copy of its own.
#[derive(Resource, Clone, Debug)]
pub struct GameData(Arc<BoxContents>);

impl std::ops::Deref for GameData {
    type Target = BoxContents;

    fn deref(&self) -> &BoxContents {
        &self.0
    }
}

impl std::ops::DerefMut for GameData {
    fn deref_mut(&mut self) -> &mut BoxContents {
        Arc::make_mut(&mut self.0)
    }
}

/// What is in the box: every die, creature, weapon, card and token, and the rules' numbers.
#[derive(Clone, Debug)]
pub struct BoxContents {
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
            Some(GameData(Arc::new(BoxContents {
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
            })))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Games share the box's contents; a game whose contents are changed (a test's) changes a copy
    /// of its own, and the others read the box as it was.
    #[test]
    fn games_share_the_box_and_a_change_is_made_on_a_copy() {
        let data = GameData::load(&assets_dir()).expect("assets load");
        let mut changed = data.clone();
        assert!(Arc::ptr_eq(&data.0, &changed.0), "a game is given the box, not a copy");
        let health = data.numbers.dwarf.health;
        changed.numbers.dwarf.health += 1;
        assert_eq!(data.numbers.dwarf.health, health, "the others read the box as it was");
        assert_eq!(changed.numbers.dwarf.health, health + 1);
        assert!(!Arc::ptr_eq(&data.0, &changed.0));
    }
}
