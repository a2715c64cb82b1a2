//! Between the missions of a Deep Dive (rulebook "Deep Dive campaign"; rulings 26, 37, 40-44): what
//! each Dwarf aboard the Drop Pod carries into the next mission, and how the next mission's set-up
//! takes it. Nothing is restocked (Health, ammo, Rock and Stone cards, Throwables, the secondary's
//! Overclock stay as they are); class tokens come back (a mission's set-up gives them anyway); the
//! M.U.L.E. is emptied (every mission starts with an empty one); each Dwarf keeps at most one Weapon
//! Upgrade and draws a Throwable for each one given back; each Dwarf aboard draws a free Rock and
//! Stone card; a Dwarf not aboard is out for the rest of the dive.

use super::components::{Ammo, At, DropPod, Dwarf, Hand, Health, Loadout, Space};
use super::decks::Decks;
use super::dice::GameRng;
use super::hand::deal;
use crate::data::GameData;
use crate::data::weapons::DwarfClass;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A Weapon Upgrade a Dwarf holds: on his secondary weapon or his primary, by its index in the
/// upgrade list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldUpgrade {
    pub on_secondary: bool,
    pub card: u32,
}

/// What one Dwarf brings into a dive's next mission.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Carried {
    pub class: DwarfClass,
    pub health: u32,
    pub primary_ammo: u32,
    pub secondary_ammo: u32,
    pub hand: Hand,
    /// His secondary weapon, by name, and whether it is overclocked.
    pub secondary: String,
    pub overclocked: bool,
    /// Every Weapon Upgrade he held when the pod left.
    pub upgrades: Vec<HeldUpgrade>,
    /// Which of them he keeps (ruling 42: his player picks; the first until he does).
    pub keep: usize,
}

impl Carried {
    /// The upgrade kept, if he held any.
    pub fn kept(&self) -> Option<HeldUpgrade> {
        self.upgrades.get(self.keep).or_else(|| self.upgrades.first()).copied()
    }

    /// Throwables owed for the upgrades given back: one each (rulebook "Deep Dive campaign").
    pub fn owed_throwables(&self) -> u32 {
        self.upgrades.len().saturating_sub(1) as u32
    }
}

/// What the Dwarves aboard the Drop Pod carry out of a mission just ended (the unconscious and
/// those not aboard are out for the rest of the dive: rulings 26, 40). Reads the table as it is.
pub fn carry_over(world: &mut World) -> Vec<Carried> {
    let data = world.resource::<GameData>().clone();
    let mut pods = world.query_filtered::<&Space, With<DropPod>>();
    let pod: Vec<_> = pods.iter(world).map(|s| s.0).collect();
    let mut dwarves = world.query::<(&Dwarf, &At, &Health, &Ammo, &Hand, &Loadout)>();
    let mut aboard: Vec<(u32, Carried)> = dwarves
        .iter(world)
        .filter(|(_, at, health, ..)| pod.contains(&at.0) && health.0 > 0)
        .map(|(dwarf, _, health, ammo, hand, loadout)| {
            let upgrades = loadout
                .primary_upgrades
                .iter()
                .map(|c| HeldUpgrade { on_secondary: false, card: *c })
                .chain(loadout.secondary_upgrades.iter().map(|c| HeldUpgrade { on_secondary: true, card: *c }))
                .collect();
            let carried = Carried {
                class: dwarf.class,
                health: health.0,
                primary_ammo: ammo.primary,
                secondary_ammo: ammo.secondary,
                hand: hand.clone(),
                secondary: data.secondaries.get(loadout.secondary).map(|s| s.name.clone()).unwrap_or_default(),
                overclocked: loadout.overclocked,
                upgrades,
                keep: 0,
            };
            (dwarf.seat, carried)
        })
        .collect();
    aboard.sort_by_key(|(seat, _)| *seat);
    aboard.into_iter().map(|(_, c)| c).collect()
}

/// Whether what a Dwarf carries is something the box and the rules allow: a number out of bounds in
/// a save is refused before any of it is laid out.
pub fn check(data: &GameData, carried: &[Carried], classes: &[DwarfClass]) -> Result<(), String> {
    let n = &data.numbers.dwarf;
    for c in carried {
        let who = format!("the carried {:?}", c.class);
        if !classes.contains(&c.class) || carried.iter().filter(|x| x.class == c.class).count() > 1 {
            return Err(format!("{who} is not once in the team"));
        }
        if c.health == 0 || c.health > n.health {
            return Err(format!("{who} has {} Health (1 to {} allowed)", c.health, n.health));
        }
        let most = if c.overclocked { n.overclocked_secondary_ammo } else { n.secondary_ammo };
        if c.primary_ammo > n.primary_ammo || c.secondary_ammo > most.max(n.secondary_ammo) {
            return Err(format!("{who} carries more ammo than his slots hold"));
        }
        let bad_card = c.hand.rock_and_stone.iter().any(|i| *i >= data.rock_and_stone.len())
            || c.hand.throwables.iter().any(|i| *i >= data.throwables.len());
        if bad_card || c.hand.rock_and_stone.len() + c.hand.throwables.len() > 64 {
            return Err(format!("{who} holds cards the box does not have"));
        }
        if c.upgrades.len() > data.upgrades.len()
            || c.upgrades.iter().any(|u| u.card as usize >= data.upgrades.len())
            || (c.keep > 0 && c.keep >= c.upgrades.len())
        {
            return Err(format!("{who} holds Weapon Upgrades the box does not have"));
        }
        if !data.secondaries.iter().any(|s| s.name == c.secondary) {
            return Err(format!("{who} has no secondary weapon named {:?}", c.secondary));
        }
    }
    Ok(())
}

/// Ruling 37: the Rock and Stone and Throwables decks of a dive's next mission are every card of
/// their kind no Dwarf holds; the upgrades kept leave the pool (ruling 42).
pub fn withhold(decks: &mut Decks, pool: &mut Vec<u32>, carried: &[Carried]) {
    for c in carried {
        for card in &c.hand.rock_and_stone {
            decks.rock_and_stone.take(*card);
        }
        for card in &c.hand.throwables {
            decks.throwables.take(*card);
        }
        if let Some(kept) = c.kept() {
            pool.retain(|u| *u != kept.card);
        }
    }
}

/// A carried Dwarf as he starts the next mission: his Health, ammo and cards as they were, the free
/// Rock and Stone card and the Throwables owed drawn now, the one upgrade kept.
pub fn equip(data: &GameData, c: &Carried, decks: &mut Decks, rng: &mut GameRng) -> (Hand, Health, Ammo, Loadout) {
    let mut hand = c.hand.clone();
    // Ruling 40: the free card of a Dwarf aboard; rulebook: a Throwable per upgrade given back.
    deal(decks, rng, &mut hand, 1, c.owed_throwables());
    let mut loadout = Loadout {
        secondary: data.secondaries.iter().position(|s| s.name == c.secondary).unwrap_or(0),
        overclocked: c.overclocked,
        ..Default::default()
    };
    match c.kept() {
        Some(HeldUpgrade { on_secondary: true, card }) => loadout.secondary_upgrades.push(card),
        Some(HeldUpgrade { on_secondary: false, card }) => loadout.primary_upgrades.push(card),
        None => {}
    }
    (hand, Health(c.health), Ammo { primary: c.primary_ammo, secondary: c.secondary_ammo }, loadout)
}
