//! What changes an attack: Weapon Upgrade tokens, cards and class gear add dice, range, rerolls, a
//! doubled die, ignored resistance or a stun. Each source adds its part here; the Shoot action asks
//! for the rerolls and the doubled die before the results are laid.

use crate::data::cards::ThrowEffect;
use crate::data::cards::UpgradeEffect;
use crate::data::dice::DieKind;
use crate::rules::cave::Cave;
use crate::rules::components::{Loadout, WeaponSlot};
use crate::rules::state::Turn;
use hexx::Hex;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Modifiers {
    /// Dice that join the roll.
    pub extra_dice: Vec<(DieKind, u32)>,
    pub range: u32,
    /// Dice the player may reroll, one at a time.
    pub rerolls: u32,
    /// Where the rerolls come from, for the question that offers them.
    pub reroll_from: Vec<RerollFrom>,
    /// Pick one die whose result counts twice (a Scare moves 4 spaces).
    pub double_one: bool,
    pub ignore_resistance: bool,
    pub stun_on_hit: bool,
    /// The weapon may be fired paying secondary ammo.
    pub any_ammo: bool,
    /// Every creature hit is scared this many spaces (a secondary card's Scare On Hit).
    pub scare_on_hit: Option<u32>,
    /// A double face stuns the creature it lands on (a secondary card's Double Stuns).
    pub double_stuns: bool,
    /// Every result also lands on one space next to the target, the shooter's pick.
    pub also_next_space: bool,
}

/// Where a reroll comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RerollFrom {
    /// A Weapon Upgrade token, by its index in the box's list.
    Upgrade(usize),
    /// A Phosphor Flare's light on the target.
    PhosphorFlare,
    /// The Scout's Flare beside the target.
    Flare,
    /// The secondary weapon's own card, by its index in the box's list.
    Secondary(usize),
}

impl RerollFrom {
    pub fn words(self, data: &crate::data::GameData) -> String {
        match self {
            RerollFrom::Upgrade(i) => data.upgrades.get(i).map_or_else(|| "an upgrade".into(), |u| u.name.clone()),
            RerollFrom::PhosphorFlare => "the Phosphor Flare's light".into(),
            RerollFrom::Flare => "the Scout's Flare".into(),
            RerollFrom::Secondary(i) => data.secondaries.get(i).map_or_else(|| "the weapon".into(), |w| w.name.clone()),
        }
    }
}

impl Modifiers {
    /// `n` rerolls from one source (none: nothing changes).
    pub fn add_rerolls(&mut self, n: u32, from: RerollFrom) {
        if n > 0 {
            self.rerolls += n;
            self.reroll_from.push(from);
        }
    }
}

/// Everything that changes this Dwarf's attack with this weapon at a target space.
pub fn for_attack(cave: &Cave, turn: &Turn, loadout: &Loadout, slot: WeaponSlot, target: Hex) -> Modifiers {
    let mut m = Modifiers::default();
    upgrades(cave, loadout, slot, &mut m);
    m.extra_dice.extend(steady_hands(cave, turn, loadout, slot));
    m.add_rerolls(phosphor_flare(cave, target), RerollFrom::PhosphorFlare);
    m.add_rerolls(crate::rules::skills::scout::flare_rerolls(cave, target), RerollFrom::Flare);
    if slot == WeaponSlot::Secondary {
        super::secondary::card_extras(&cave.data, loadout, &mut m);
    }
    m
}

/// The Weapon Upgrade tokens on the weapon (rulebook "Weapon upgrade tokens").
fn upgrades(cave: &Cave, loadout: &Loadout, slot: WeaponSlot, m: &mut Modifiers) {
    let tokens = match slot {
        WeaponSlot::Primary => &loadout.primary_upgrades,
        WeaponSlot::Secondary => &loadout.secondary_upgrades,
    };
    for t in tokens {
        let Some(u) = cave.data.upgrades.get(*t as usize) else { continue };
        match u.effect {
            UpgradeEffect::DoubleOne => m.double_one = true,
            UpgradeEffect::IgnoreResistance => m.ignore_resistance = true,
            UpgradeEffect::ExtraRange(n) => m.range += n,
            UpgradeEffect::RerollOne => m.add_rerolls(1, RerollFrom::Upgrade(*t as usize)),
            UpgradeEffect::StunOnHit => m.stun_on_hit = true,
            UpgradeEffect::ExtraDie(d) => m.extra_dice.push((d, 1)),
            UpgradeEffect::AnyAmmo => m.any_ammo = true,
        }
    }
}

/// Steady Hands: the next attack this turn rolls extra dice of its weapon's first die type.
fn steady_hands(cave: &Cave, turn: &Turn, loadout: &Loadout, slot: WeaponSlot) -> Option<(DieKind, u32)> {
    if turn.extra_dice == 0 {
        return None;
    }
    let die = match slot {
        WeaponSlot::Primary => cave
            .dwarf_in_seat(turn.seat)
            .and_then(|d| cave.data.weapons.of(d.dwarf.class).modes.first())
            .and_then(|m| m.dice.first().map(|d| d.0)),
        WeaponSlot::Secondary => cave.data.secondaries.get(loadout.secondary).and_then(|s| s.normal.dice.first().map(|d| d.0)),
    };
    die.map(|d| (d, turn.extra_dice))
}

/// Phosphor Flare (content.md): until the thrower's next turn, one reroll per attack against a
/// creature in its area.
fn phosphor_flare(cave: &Cave, target: Hex) -> u32 {
    let aura = |e: &ThrowEffect| matches!(e, ThrowEffect::RerollAura);
    u32::from(cave.creature_on(target) && crate::rules::thrown::covered(cave, target, aura))
}
