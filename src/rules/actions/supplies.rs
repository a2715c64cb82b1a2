//! The Resupply pod actions (rulebook "Call down a Resupply pod", "Get supplies"): pay Nitra (Gold
//! stands in) to land the pod on an empty floor space; next to it, take its ammo and Health up to
//! the slots on the Dwarf's board.

use super::actor;
use super::overclock::secondary_slots;
use crate::data::mission::Item;
use crate::rules::RulesStep;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::Desk;
use crate::rules::command::{Command, CommandKind};
use crate::rules::components::*;
use crate::rules::decks::Decks;
use crate::rules::effects::Effects;
use crate::rules::hex::adjacent;
use crate::rules::log::GameEvent;
use crate::rules::resupply::{land_pod, pod_may_land};
use crate::rules::state::{Mule, Turn};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::CallResupply), call_resupply)
        .add_systems(RulesStep::Action(CommandKind::GetSupplies), get_supplies);
}

/// Spend actions of the turn on something other than a shot (no Sustained Fire straight after).
pub fn take_actions(turn: &mut Turn, n: u32) {
    turn.actions_left -= n;
    turn.last_shot = None;
}

/// Pay `n` minerals from the M.U.L.E., the first kind listed first and the next kinds for the rest
/// (rulebook: one Gold replaces one Nitra).
pub fn pay(fx: &mut Effects, what: &str, kinds: &[Item], n: u32) -> Result<(), String> {
    can_pay(&fx.mule, what, kinds, n)?;
    let mut left = n;
    for k in kinds {
        let held = fx.mule.count(*k);
        let part = left.min(held);
        if part > 0 {
            fx.mule.0.insert(*k, held - part);
            fx.say(GameEvent::Paid { item: *k, n: part });
        }
        left -= part;
    }
    Ok(())
}

/// Whether the M.U.L.E. holds `n` minerals of these kinds together, or why not.
pub fn can_pay(mule: &Mule, what: &str, kinds: &[Item], n: u32) -> Result<(), String> {
    let held: u32 = kinds.iter().map(|k| mule.count(*k)).sum();
    if held < n {
        let names: Vec<String> = kinds.iter().map(|k| format!("{} {k:?}", mule.count(*k))).collect();
        return Err(format!("{what} costs {n} {:?}; the M.U.L.E. holds {}", kinds[0], names.join(" and ")));
    }
    Ok(())
}

/// Whether the active Dwarf may call the Resupply pod down onto this space: the pod paid for, and
/// a space it may land on. The legal-moves query asks the same two checks: the first once, the
/// second (`resupply::pod_may_land`) of every space.
pub fn check_call_resupply<'a>(cave: &'a Cave, turn: &Turn, mule: &Mule, at: Hex) -> Result<DwarfItem<'a>, String> {
    let d = check_resupply_paid(cave, turn, mule)?;
    pod_may_land(cave, at)?;
    Ok(d)
}

/// Whether the active Dwarf has the action and the M.U.L.E. the Nitra for a Resupply pod, wherever
/// it lands.
pub fn check_resupply_paid<'a>(cave: &'a Cave, turn: &Turn, mule: &Mule) -> Result<DwarfItem<'a>, String> {
    let d = actor(cave, turn, 1)?;
    can_pay(mule, "a Resupply pod", &[Item::Nitra, Item::Gold], cave.data.numbers.kit.resupply_nitra)?;
    Ok(d)
}

/// Call down a Resupply pod: 1 action and the Nitra; an earlier pod moves (`land_pod`).
fn call_resupply(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut decks: ResMut<Decks>, mut fx: Effects) {
    let Some(Command::CallResupply(at)) = desk.current.0.clone() else { return };
    let result = (|| {
        check_call_resupply(&cave, &turn, &fx.mule, at.into())?;
        pay(&mut fx, "a Resupply pod", &[Item::Nitra, Item::Gold], cave.data.numbers.kit.resupply_nitra)?;
        take_actions(&mut turn, 1);
        land_pod(&cave, &mut decks, &mut fx, at.into());
        Ok(())
    })();
    desk.settle(result);
}

/// The Resupply pod next to a space: its token, where it stands, its card and what is left on it
/// (primary ammo, secondary ammo, Health).
fn pod_next_to(cave: &Cave, h: Hex) -> Result<(Entity, Hex, u32, [u32; 3]), String> {
    cave.tokens
        .iter()
        .find_map(|pod| match pod.token {
            Token::ResupplyPod { card, primary, secondary, health } if adjacent(pod.at.0, h) => {
                Some((pod.entity, pod.at.0, *card, [*primary, *secondary, *health]))
            }
            _ => None,
        })
        .ok_or_else(|| "no Resupply pod stands next to the Dwarf".into())
}

const SUPPLY_NAMES: [&str; 3] = ["primary ammo", "secondary ammo", "Health"];

/// Whether a Dwarf may take this much (primary ammo, secondary ammo, Health) from what is left on
/// the pod: no more than is there, nor than the free slots on his board.
fn check_take(cave: &Cave, d: &DwarfItem, loadout: &Loadout, want: [u32; 3], left: [u32; 3]) -> Result<(), String> {
    if want == [0; 3] {
        return Err("take at least one ammo or Health token".into());
    }
    let board = &cave.data.numbers.dwarf;
    let slots = [board.primary_ammo, secondary_slots(&cave.data, loadout), board.health];
    let have = [d.ammo.primary, d.ammo.secondary, d.health.0];
    for i in 0..3 {
        if want[i] > left[i] {
            return Err(format!("the pod holds only {} {}", left[i], SUPPLY_NAMES[i]));
        }
        let room = slots[i].saturating_sub(have[i]);
        if want[i] > room {
            return Err(format!("the {:?} has room for {room} more {}", d.dwarf.class, SUPPLY_NAMES[i]));
        }
    }
    Ok(())
}

/// What the active Dwarf may take from the pod next to him at most (primary ammo, secondary ammo,
/// Health): what is left on it, up to the room on his board. The legal-moves query lists this.
pub fn supplies_within_reach(cave: &Cave, turn: &Turn, loadouts: &Query<&Loadout>) -> Result<[u32; 3], String> {
    let d = actor(cave, turn, 1)?;
    let (_, _, _, left) = pod_next_to(cave, d.at.0)?;
    let loadout = loadouts.get(d.entity).cloned().unwrap_or_default();
    let board = &cave.data.numbers.dwarf;
    let room = [
        board.primary_ammo.saturating_sub(d.ammo.primary),
        secondary_slots(&cave.data, &loadout).saturating_sub(d.ammo.secondary),
        board.health.saturating_sub(d.health.0),
    ];
    Ok([0, 1, 2].map(|i| left[i].min(room[i])))
}

/// Whether the active Dwarf may take this much from the pod next to him: him and the pod when he may.
pub fn check_get_supplies<'a>(
    cave: &'a Cave,
    turn: &Turn,
    loadouts: &Query<&Loadout>,
    want: [u32; 3],
) -> Result<(DwarfItem<'a>, (Entity, Hex, u32, [u32; 3])), String> {
    let d = actor(cave, turn, 1)?;
    let pod = pod_next_to(cave, d.at.0)?;
    check_take(cave, &d, &loadouts.get(d.entity).cloned().unwrap_or_default(), want, pod.3)?;
    Ok((d, pod))
}

/// Get supplies: 1 action next to the pod; the pod token goes once its last content is taken.
fn get_supplies(mut desk: Desk, cave: Cave, loadouts: Query<&Loadout>, mut turn: ResMut<Turn>, mut decks: ResMut<Decks>, mut fx: Effects) {
    let Some(Command::GetSupplies { primary, secondary, health }) = desk.current.0.clone() else { return };
    let want = [primary, secondary, health];
    let result = (|| {
        let (d, (pod, at, card, left)) = check_get_supplies(&cave, &turn, &loadouts, want)?;
        take_actions(&mut turn, 1);
        fx.commands
            .entity(d.entity)
            .insert((Ammo { primary: d.ammo.primary + primary, secondary: d.ammo.secondary + secondary }, Health(d.health.0 + health)));
        fx.say(GameEvent::SuppliesTaken { dwarf: d.dwarf.class, primary, secondary, health });
        let rest: Vec<u32> = (0..3).map(|i| left[i] - want[i]).collect();
        if rest.iter().all(|n| *n == 0) {
            // The last of the content is taken: the token goes, the card is discarded.
            fx.commands.entity(pod).despawn();
            decks.resupply.discard(card as usize);
            fx.say(GameEvent::ResupplyEmptied { at: at.into() });
        } else {
            fx.commands.entity(pod).insert(Token::ResupplyPod { card, primary: rest[0], secondary: rest[1], health: rest[2] });
        }
        Ok(())
    })();
    desk.settle(result);
}
