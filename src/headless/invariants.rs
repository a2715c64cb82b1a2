//! What must hold after every command, whatever was played: checked by the simulator after each
//! command of a game (`hoxxes simulate --check`, always in debug builds), and after each set-up
//! step of a scenario (a position the game can never reach is refused). A violation names what is
//! wrong and where.

use crate::data::GameData;
use crate::data::mission::{Item, Mineral, Pickup};
use crate::rules::actions::overclock::secondary_slots;
use crate::rules::cave::Cave;
use crate::rules::components::{Hand, Loadout, Space, Terrain, Token};
use crate::rules::decks::Decks;
use crate::rules::state::{Mule, Turn};
use crate::rules::swarm::SwarmThreat;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// Every invariant, or the first one broken.
pub fn check(world: &mut World) -> Result<(), String> {
    world.run_system_cached(check_all).map_err(|e| format!("the check could not run: {e}"))?
}

fn check_all(
    cave: Cave,
    turn: Res<Turn>,
    decks: Res<Decks>,
    threat: Res<SwarmThreat>,
    mule: Res<Mule>,
    loadouts: Query<&Loadout>,
    hands: Query<&Hand>,
    terrains: Query<(&Space, &Terrain)>,
) -> Result<(), String> {
    terrain_as_read(&cave, &terrains)?;
    dwarves(&cave, &loadouts)?;
    cards(&cave, &decks, &hands)?;
    decks_of_the_cave(&cave, &decks)?;
    creatures(&cave)?;
    spaces(&cave)?;
    meter_and_mule(&cave.data, threat.0, &mule)?;
    let n = &cave.data.numbers;
    let most = n.actions_per_turn.max(n.actions_when_stunned);
    if turn.actions_left > most {
        return Err(format!("{} actions left, more than a turn has ({most})", turn.actions_left));
    }
    if cave.dwarf_in_seat(turn.seat).is_none() {
        return Err(format!("the turn is seat {}'s, and no Dwarf sits there", turn.seat));
    }
    Ok(())
}

/// The Swarm Threat marker on the meter; the M.U.L.E. holding no more of a thing than the box has
/// (minerals: the wall tokens, Gold also what every Loot Bug may give; pickups: their tokens).
fn meter_and_mule(data: &GameData, threat: u32, mule: &Mule) -> Result<(), String> {
    let steps = data.numbers.swarm_meter.steps;
    if !(1..=steps).contains(&threat) {
        return Err(format!("the Swarm Threat marker is on step {threat}; the meter runs 1 to {steps}"));
    }
    for (item, n) in &mule.0 {
        let most = box_holds(data, *item);
        if *n > most {
            return Err(format!("the M.U.L.E. holds {n} {item:?}; the box has {most}"));
        }
    }
    Ok(())
}

/// How many of an item the box can ever put in the M.U.L.E.
fn box_holds(data: &GameData, item: Item) -> u32 {
    let counts = &data.box_counts;
    let tokens = |m: Mineral| counts.wall_minerals.get(&m).copied().unwrap_or(0);
    let pickups = |p: Pickup| counts.pickups.get(&p).copied().unwrap_or(0);
    match item {
        Item::Nitra => tokens(Mineral::Nitra),
        Item::Gold => tokens(Mineral::Gold) + pickups(Pickup::LootBug) * data.numbers.loot_bug_bonus_gold,
        Item::Morkite => tokens(Mineral::Morkite),
        Item::Aquarq => tokens(Mineral::Aquarq),
        Item::AlienEgg => pickups(Pickup::AlienEgg),
        Item::ApocaBloom => pickups(Pickup::ApocaBloom),
        Item::Fossil => pickups(Pickup::Fossil),
    }
}

/// Health and ammo within the board's bounds; standing on open ground of the cave.
fn dwarves(cave: &Cave, loadouts: &Query<&Loadout>) -> Result<(), String> {
    let full = &cave.data.numbers.dwarf;
    for d in cave.dwarves.iter() {
        let class = d.dwarf.class;
        if d.health.0 > full.health {
            return Err(format!("the {class:?} has {} Health, above the {} of the board", d.health.0, full.health));
        }
        if d.ammo.primary > full.primary_ammo {
            return Err(format!("the {class:?} has {} primary ammo, above his {} slots", d.ammo.primary, full.primary_ammo));
        }
        let secondary = loadouts.get(d.entity).map(|l| secondary_slots(&cave.data, l)).unwrap_or(full.secondary_ammo);
        if d.ammo.secondary > secondary {
            return Err(format!("the {class:?} has {} secondary ammo, above his {secondary} slots", d.ammo.secondary));
        }
        if d.status.unconscious != (d.health.0 == 0) {
            return Err(format!(
                "the {class:?} has {} Health and is {}unconscious",
                d.health.0,
                if d.status.unconscious { "" } else { "not " }
            ));
        }
        open(cave, d.at.0).map_err(|why| format!("the {class:?} stands {why}"))?;
    }
    Ok(())
}

/// Health within the creature table; on open ground; never more of a kind than the box holds.
fn creatures(cave: &Cave) -> Result<(), String> {
    let mut kinds: BTreeMap<String, u32> = BTreeMap::new();
    for c in cave.creatures.iter() {
        let stats = cave.stats(c.creature.kind);
        if c.health.0 == 0 || c.health.0 > stats.health {
            return Err(format!("{} #{} has {} Health (1 to {})", stats.name, c.id.0, c.health.0, stats.health));
        }
        for h in cave.creature_spaces(c.creature.kind, c.at.0, c.faces) {
            open(cave, h).map_err(|why| format!("{} #{} stands {why}", stats.name, c.id.0))?;
        }
        *kinds.entry(stats.name.clone()).or_default() += 1;
        if kinds[&stats.name] > stats.figures {
            return Err(format!("{} {} on the cave, the box holds {}", kinds[&stats.name], stats.name, stats.figures));
        }
    }
    Ok(())
}

/// Every Rock and Stone card and Throwable is in exactly one place: the draw pile, the discards or
/// a hand; as many copies as the box holds.
fn cards(cave: &Cave, decks: &Decks, hands: &Query<&Hand>) -> Result<(), String> {
    let data = &cave.data;
    let mut rock = vec![0u32; data.rock_and_stone.len()];
    let piles = decks.rock_and_stone.draw.iter().chain(&decks.rock_and_stone.discard);
    for i in piles.chain(hands.iter().flat_map(|h| h.rock_and_stone.iter())) {
        *rock.get_mut(*i).ok_or("a Rock and Stone card that is not in the game's data")? += 1;
    }
    for (card, n) in data.rock_and_stone.iter().zip(&rock) {
        if *n != card.copies {
            return Err(format!("{n} of the Rock and Stone card {} in the piles and hands, the box has {}", card.name, card.copies));
        }
    }
    // A Throwable waiting on the cave (a mine, a charge, a L.U.R.E.) is a token naming its card;
    // the card itself is discarded when thrown.
    let mut thrown = vec![0u32; data.throwables.len()];
    let piles = decks.throwables.draw.iter().chain(&decks.throwables.discard).copied();
    for i in piles.chain(hands.iter().flat_map(|h| h.throwables.iter().copied())) {
        *thrown.get_mut(i).ok_or("a Throwable that is not in the game's data")? += 1;
    }
    match data.throwables.iter().zip(&thrown).find(|(_, n)| **n != 1) {
        Some((card, n)) => Err(format!("the Throwable {} is in {n} places", card.name)),
        None => Ok(()),
    }
}

/// The Event, Swarm and Resupply cards: never more copies of one in the piles than the box has
/// (an Event card the hazard level set apart is out of the game); every Swarm card in its piles or
/// set aside by Double Trouble; every Resupply card in its piles or under a pod on the cave.
fn decks_of_the_cave(cave: &Cave, decks: &Decks) -> Result<(), String> {
    let data = &cave.data;
    let count = |piles: &[&Vec<usize>], card: usize| piles.iter().map(|p| p.iter().filter(|c| **c == card).count() as u32).sum::<u32>();
    for (i, card) in data.events.iter().enumerate() {
        let n = count(&[&decks.events.draw, &decks.events.discard], i);
        if n > card.copies {
            return Err(format!("{n} of the Event card {} in its piles, the box has {}", card.name, card.copies));
        }
    }
    for (i, card) in data.swarms.iter().enumerate() {
        let n = count(&[&decks.swarms.draw, &decks.swarms.discard, &decks.swarm_aside], i);
        if n != card.copies {
            return Err(format!("{n} of the Swarm card {} in its piles, the box has {}", card.name, card.copies));
        }
    }
    let pods: Vec<usize> = cave
        .tokens
        .iter()
        .filter_map(|t| if let Token::ResupplyPod { card, .. } = t.token { Some(*card as usize) } else { None })
        .collect();
    for i in 0..data.resupply.len() {
        let n = count(&[&decks.resupply.draw, &decks.resupply.discard, &pods], i);
        if n != 1 {
            return Err(format!("the Resupply card {i} is in {n} places"));
        }
    }
    Ok(())
}

/// No two Dwarves on one space, no creature on a Dwarf's, no two creatures on one (ruling 11).
fn spaces(cave: &Cave) -> Result<(), String> {
    let mut taken: BTreeMap<(i32, i32), String> = BTreeMap::new();
    let mut take = |h: Hex, who: String| match taken.insert((h.x, h.y), who.clone()) {
        Some(other) => Err(format!("{who} and {other} share the space ({}, {})", h.x, h.y)),
        None => Ok(()),
    };
    for d in cave.dwarves.iter() {
        take(d.at.0, format!("the {:?}", d.dwarf.class))?;
    }
    for c in cave.creatures.iter() {
        for h in cave.creature_spaces(c.creature.kind, c.at.0, c.faces) {
            take(h, format!("{} #{}", cave.stats(c.creature.kind).name, c.id.0))?;
        }
    }
    Ok(())
}

/// The terrain the rules read of each space (`Terrains`, kept by an insert hook) is the space's own.
fn terrain_as_read(cave: &Cave, spaces: &Query<(&Space, &Terrain)>) -> Result<(), String> {
    match spaces.iter().find(|(s, t)| cave.terrain(s.0) != Some(**t)) {
        Some((s, t)) => Err(format!("the rules read {:?} at ({}, {}), where the space is {t:?}", cave.terrain(s.0), s.0.x, s.0.y)),
        None => Ok(()),
    }
}

fn open(cave: &Cave, h: Hex) -> Result<(), String> {
    match cave.terrain(h) {
        None => Err(format!("off the cave at ({}, {})", h.x, h.y)),
        Some(Terrain::Hidden(_)) => Err(format!("in a face-down cave at ({}, {})", h.x, h.y)),
        Some(t) if t.is_wall() || t.is_stalagmite() => Err(format!("in rock at ({}, {})", h.x, h.y)),
        Some(_) => Ok(()),
    }
}
