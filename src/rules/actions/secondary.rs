//! Shoot with the secondary weapon (rulebook "Shoot"; content.md "Secondary weapons"): the card's
//! side up (normal, or overclocked once flipped) is fired through the same shot pipeline as the
//! primary, paying secondary ammo; the card's own rules join the attack's modifiers.

use super::modifiers::Modifiers;
use super::shoot::{fire, next_step, open_space};
use super::{InProgress, actor};
use crate::data::GameData;
use crate::data::cards::{SecondaryExtra, SecondarySide, SecondaryWeapon};
use crate::data::weapons::FireMode;
use crate::rules::RulesStep;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::{Answer, Command, Pending};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::for_karl::ForKarlHands;
use crate::rules::hex::{canonical, neighbours};
use crate::rules::state::Turn;
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::ShootSecondary), start_secondary);
}

/// A Dwarf's secondary weapon card and the side he fires: the overclocked one once flipped
/// (rulebook "Overclock a secondary weapon").
pub fn card<'a>(data: &'a GameData, loadout: &Loadout) -> Result<(&'a SecondaryWeapon, &'a SecondarySide), String> {
    let w = data.secondaries.get(loadout.secondary).ok_or("the Dwarf has no secondary weapon")?;
    Ok((w, if loadout.overclocked { &w.overclocked } else { &w.normal }))
}

/// The card's side as a fire mode of the shot pipeline: the card's cost, the side's dice and reach.
pub fn fire_mode(w: &SecondaryWeapon, side: &SecondarySide) -> FireMode {
    FireMode {
        id: w.name.clone(),
        name: w.name.clone(),
        actions: w.actions,
        ammo: w.ammo,
        dice: side.dice.clone(),
        range: side.range,
        spread: side.spread,
        line: side.line,
        only_after: vec![],
        per_turn: None,
        // Light-footed allows any ranged attack after a Move, the secondary weapon's too.
        free_after_move: true,
        after: None,
        hits_dwarves: side.hits_dwarves,
        about: side.text.clone(),
    }
}

/// What the card's own rules add to an attack with it (content.md "Secondary weapons").
pub fn card_extras(data: &GameData, loadout: &Loadout, m: &mut Modifiers) {
    let Ok((_, side)) = card(data, loadout) else { return };
    for extra in &side.extras {
        match extra {
            SecondaryExtra::ScareOnHit(n) => m.scare_on_hit = m.scare_on_hit.max(Some(*n)),
            SecondaryExtra::RerollOne => m.add_rerolls(1, super::modifiers::RerollFrom::Secondary(loadout.secondary)),
            SecondaryExtra::DoubleStuns => m.double_stuns = true,
            SecondaryExtra::IgnoreResistance => m.ignore_resistance = true,
            SecondaryExtra::AlsoNextSpace => m.also_next_space = true,
        }
    }
}

/// Everything that decides whether the active Dwarf may fire his secondary weapon at a target: the
/// side up as a fire mode, the shooter and the modifiers when he may. The legal-moves query asks
/// the same two checks: the weapon's once ([`check_secondary_ready`]), then
/// `shoot::check_shoot_at` for each space.
pub fn check_secondary<'a>(
    cave: &'a Cave,
    turn: &Turn,
    loadouts: &Query<&Loadout>,
    target: Hex,
) -> Result<(FireMode, DwarfItem<'a>, Modifiers), String> {
    let (mode, d, loadout) = check_secondary_ready(cave, turn, loadouts)?;
    let mods = super::shoot::check_shoot_at(cave, turn, &loadout, WeaponSlot::Secondary, &mode, &d, target)?;
    Ok((mode, d, mods))
}

/// Whether the active Dwarf may fire his secondary weapon now, wherever he aims: the side up as a
/// fire mode, the shooter and his loadout.
pub fn check_secondary_ready<'a>(
    cave: &'a Cave,
    turn: &Turn,
    loadouts: &Query<&Loadout>,
) -> Result<(FireMode, DwarfItem<'a>, Loadout), String> {
    let probe = actor(cave, turn, 0)?;
    let loadout = loadouts.get(probe.entity).cloned().unwrap_or_default();
    let (w, side) = card(&cave.data, &loadout)?;
    let mode = fire_mode(w, side);
    // Light-footed: right after a Move the Scout's secondary costs no action either, even with
    // none left (the same cost `fire` takes).
    let d = actor(cave, turn, crate::rules::skills::scout::action_cost(turn, &mode))?;
    Ok((mode, d, loadout))
}

fn start_secondary(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    loadouts: Query<&Loadout>,
    for_karl: ForKarlHands,
    mut turn: ResMut<Turn>,
    mut fx: Effects,
) {
    let Some(Command::ShootSecondary { target }) = desk.current.0.clone() else { return };
    let result = (|| {
        let (mode, d, mods) = check_secondary(&cave, &turn, &loadouts, target.into())?;
        let karl = for_karl.in_hand(&cave);
        let state = fire(&cave, &mut fx, &mut turn, &d, mode, WeaponSlot::Secondary, mods, target.into(), karl)?;
        // No primary mode follows straight after a secondary shot.
        turn.last_shot = None;
        next_step(&cave, &mut fx, &mut pending, &mut progress, state);
        Ok(())
    })();
    desk.settle(result);
}

/// The spaces next to the target a shot's results may also land on (Also Next Space): open spaces,
/// those with a creature first and those with a Dwarf last (the headless default spares friends),
/// then canonical order.
pub fn next_spaces(cave: &Cave, target: Hex) -> Vec<Answer> {
    let mut spaces: Vec<Hex> = neighbours(target).into_iter().filter(|h| open_space(cave, *h)).collect();
    spaces.sort_by_key(|h| {
        let rank = if cave.creature_on(*h) {
            0
        } else if cave.dwarf_on(*h) {
            2
        } else {
            1
        };
        (rank, canonical(*h))
    });
    spaces.into_iter().map(|h| Answer::AlsoAt(h.into())).collect()
}

/// Scare On Hit: every creature the results hit joins the scared ones, and the run is the card's
/// length, or the Scare result's when that is longer.
pub fn scare_on_hit(mods: &Modifiers, hit: impl Iterator<Item = u32>, scared: &mut Vec<u32>, max: u32) -> u32 {
    let Some(n) = mods.scare_on_hit else { return max };
    let by_symbol = !scared.is_empty();
    for id in hit {
        if !scared.contains(&id) {
            scared.push(id);
        }
    }
    if by_symbol { max.max(n) } else { n }
}
