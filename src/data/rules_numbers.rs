//! The numbers the rules run on (actions, movement, a Dwarf's board, the Swarm Threat meter).
//! Read from `assets/rules.ron`.

use super::dice::DieKind;
use super::weapons::{DwarfClass, FireMode};
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
    pub skills: SkillNumbers,
    pub bosco: BoscoNumbers,
    pub kit: KitNumbers,
}

/// What the Dwarves' other actions cost and give (rulebook "Game progress": Overclock, Call down a
/// Resupply pod, Stand up, Revive an unconscious Dwarf).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KitNumbers {
    /// Gold from the M.U.L.E. an overclock costs.
    pub overclock_gold: u32,
    /// Nitra a Resupply pod costs; one Gold stands in for one Nitra.
    pub resupply_nitra: u32,
    /// Actions standing up takes, all in the same turn.
    pub stand_up_actions: u32,
    /// Health a revived Dwarf gets.
    pub revive_health: u32,
    /// Actions a throw takes (rulebook "Throw throwables").
    pub throw_actions: u32,
    /// How near the attacked Dwarf another must stand to take a reaction shot (ruling 30).
    pub reaction_distance: u32,
}

/// The class skills' numbers (rulebook "The Dwarves").
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SkillNumbers {
    /// Primary ammo setting up the Sentry Gun costs.
    pub sentry_ammo: u32,
    /// The Sentry Gun's Health: one creature hit destroys it.
    pub sentry_health: u32,
    /// How close a creature that moves or spawns must be for the Sentry Gun to fire (ruling 21).
    pub sentry_range: u32,
    /// What the Sentry Gun rolls at it.
    pub sentry_dice: Vec<(DieKind, u32)>,
    /// How far the Platform Gun reaches.
    pub platform_range: u32,
    /// Damage from Flames: to a Dwarf walking into them in one Move (ruling 10), to a creature that
    /// can only spawn on one (unless fire-resistant).
    pub flame_damage: u32,
}

/// BOSCO (rulebook "...and BOSCO"): its actions after the Dwarf's turn, its flight and its guns.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BoscoNumbers {
    pub actions: u32,
    pub move_points: u32,
    pub light_gun: FireMode,
    /// The rocket launcher takes both of BOSCO's actions.
    pub rocket: FireMode,
}
