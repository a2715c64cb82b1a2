//! The numbers the rules run on (actions, movement, a Dwarf's board, the Swarm Threat meter).
//! Read from `assets/rules.ron`.

use super::weapons::DwarfClass;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DwarfBoard {
    pub health: u32,
    pub primary_ammo: u32,
    pub secondary_ammo: u32,
    pub overclocked_secondary_ammo: u32,
    pub upgrade_slots_per_weapon: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SwarmMeter {
    pub steps: u32,
    pub start: u32,
    pub swarm_steps: Vec<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RuleNumbers {
    pub actions_per_turn: u32,
    pub actions_when_stunned: u32,
    pub move_points: u32,
    /// Health a Red Sugar restores at most.
    pub red_sugar_health: u32,
    /// Gold a harvested Loot Bug always gives on top of its Mineral die.
    pub loot_bug_bonus_gold: u32,
    /// Spaces a Scare result moves a creature (ruling 15).
    pub scare_spaces: u32,
    pub dwarf: DwarfBoard,
    /// Class gear counts (Sentry Gun, Platforms, Zipline pieces, Shield, Flame tokens, Flare).
    pub gear: BTreeMap<DwarfClass, BTreeMap<String, u32>>,
    pub swarm_meter: SwarmMeter,
    /// Special Event cards mixed in, by hazard level 1, 2, 3.
    pub special_cards_by_hazard: Vec<u32>,
}
