//! Weapon Upgrade tokens (rulebook "Weapon upgrade tokens"): a Dwarf collects one by moving onto its
//! space and puts it on a weapon with a free upgrade slot; with none free he may discard an earlier
//! upgrade to make room, or leave the token where it lies.

use super::{InProgress, answering, ask, asking};
use crate::data::GameData;
use crate::rules::cave::Cave;
use crate::rules::command::{Answer, Pending};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::log::GameEvent;
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::Hex;

/// A Weapon Upgrade token a Dwarf walked onto: off the cave until he puts it on a weapon.
#[derive(Component, Clone, Copy, Debug)]
pub struct PickedUp {
    pub dwarf: Entity,
    /// Where it lay, should he leave it.
    pub at: Hex,
}

/// The token waiting for its weapon.
#[derive(Debug, Clone)]
pub struct UpgradeOffer {
    pub token: Entity,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        RulesStep::Action(CommandKind::Choose),
        fit_upgrade.run_if(answering(|p| matches!(p, InProgress::Upgrade(_)))).in_set(RulesSet::Actions).ambiguous_with(RulesSet::Actions),
    )
    .add_systems(
        Update,
        offer_upgrade.in_set(RulesSet::Ask).ambiguous_with(RulesSet::Ask).run_if(asking(|p| matches!(p, InProgress::Idle))),
    );
}

/// A walk reached a token's space: an upgrade token is picked up (movement's `walk`).
pub fn pick_up(fx: &mut Effects, dwarf: Entity, token: (Entity, Token), at: Hex) {
    if let Token::Upgrade { .. } = token.1 {
        fx.commands.entity(token.0).remove::<At>().insert(PickedUp { dwarf, at });
    }
}

/// The upgrade tokens on one of a Dwarf's weapons.
pub fn tokens_on(loadout: &mut Loadout, slot: WeaponSlot) -> &mut Vec<u32> {
    match slot {
        WeaponSlot::Primary => &mut loadout.primary_upgrades,
        WeaponSlot::Secondary => &mut loadout.secondary_upgrades,
    }
}

/// Where a new token may go: a free slot of either weapon, the primary first (the headless
/// default); with none free, leaving it (the default) or discarding one already on a weapon.
fn places(data: &GameData, loadout: &Loadout) -> Vec<Answer> {
    let slots = data.numbers.dwarf.upgrade_slots_per_weapon as usize;
    let weapons = [(WeaponSlot::Primary, &loadout.primary_upgrades), (WeaponSlot::Secondary, &loadout.secondary_upgrades)];
    let free: Vec<Answer> = weapons.iter().filter(|(_, t)| t.len() < slots).map(|(w, _)| Answer::Upgrade(*w, None)).collect();
    if !free.is_empty() {
        return free;
    }
    let mut out = vec![Answer::Pass];
    out.extend(weapons.iter().flat_map(|(w, t)| (0..t.len()).map(|i| Answer::Upgrade(*w, Some(i)))));
    out
}

/// Ask where the next picked-up token goes, once nothing else is under way.
fn offer_upgrade(
    data: Res<GameData>,
    picked: Query<(Entity, &Id, &Token, &PickedUp)>,
    loadouts: Query<&Loadout>,
    mut progress: ResMut<InProgress>,
    mut pending: ResMut<Pending>,
) {
    let Some((e, _, token, p)) = picked.iter().min_by_key(|t| *t.1) else { return };
    let Token::Upgrade { kind } = token else { return };
    let loadout = loadouts.get(p.dwarf).cloned().unwrap_or_default();
    // What the token does is said with the question: it decides which weapon it goes on (a
    // play-tester had to look it up).
    let prompt = match data.upgrades.get(*kind as usize) {
        Some(u) => format!("Put {} on a weapon ({})", u.name, u.text.trim_end_matches('.')),
        None => "Put a Weapon Upgrade on a weapon".to_string(),
    };
    ask(&mut pending, prompt, places(&data, &loadout));
    *progress = InProgress::Upgrade(UpgradeOffer { token: e });
}

fn fit_upgrade(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    picked: Query<(&Token, &PickedUp)>,
    loadouts: Query<&Loadout>,
    mut fx: Effects,
) {
    let InProgress::Upgrade(offer) = &*progress else { return };
    let token = offer.token;
    let result = desk.answer(&pending).and_then(|a| {
        let (Token::Upgrade { kind }, p) = picked.get(token).map_err(|_| "the token is gone")? else {
            return Err("not an upgrade token".into());
        };
        let d = cave.dwarves.get(p.dwarf).map_err(|_| "the Dwarf is gone")?;
        let mut loadout = loadouts.get(p.dwarf).cloned().unwrap_or_default();
        let names = |i: u32| cave.data.upgrades.get(i as usize).map_or(String::new(), |u| u.name.clone());
        if let Answer::Upgrade(weapon, replace) = a {
            let tokens = tokens_on(&mut loadout, weapon);
            let discarded = replace.map(|i| names(tokens.remove(i)));
            tokens.push(*kind);
            fx.commands.entity(p.dwarf).insert(loadout);
            fx.commands.entity(token).despawn();
            fx.say(GameEvent::UpgradeFitted { dwarf: d.dwarf.class, upgrade: names(*kind), weapon, discarded });
        } else {
            fx.commands.entity(token).remove::<PickedUp>().insert(At(p.at));
            fx.say(GameEvent::UpgradeLeft { dwarf: d.dwarf.class, at: p.at.into() });
        }
        pending.0 = None;
        *progress = InProgress::Idle;
        Ok(())
    });
    desk.settle(result);
}
