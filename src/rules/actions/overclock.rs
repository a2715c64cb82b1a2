//! Overclock a secondary weapon (rulebook "Overclock a secondary weapon"): an action and Gold from
//! the M.U.L.E. flip the card to its overclocked side for the rest of the mission. The overclocked
//! ammo slots open, but no ammo comes with them.

use super::actor;
use super::secondary::card;
use super::supplies::{can_pay, pay, take_actions};
use crate::data::GameData;
use crate::data::cards::SecondaryWeapon;
use crate::data::mission::Item;
use crate::rules::RulesStep;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::log::GameEvent;
use crate::rules::state::Mule;
use crate::rules::state::Turn;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Overclock), overclock);
}

/// The secondary ammo slots open on a Dwarf's board: more once his weapon is overclocked.
pub fn secondary_slots(data: &GameData, loadout: &Loadout) -> u32 {
    let board = &data.numbers.dwarf;
    if loadout.overclocked { board.overclocked_secondary_ammo } else { board.secondary_ammo }
}

/// Whether the active Dwarf may overclock his secondary weapon: him, his loadout and the card when
/// he may. The legal-moves query asks this same function.
pub fn check_overclock<'a>(
    cave: &'a Cave,
    turn: &Turn,
    mule: &Mule,
    loadouts: &Query<&Loadout>,
) -> Result<(DwarfItem<'a>, Loadout, &'a SecondaryWeapon), String> {
    let d = actor(cave, turn, 1)?;
    let loadout = loadouts.get(d.entity).cloned().unwrap_or_default();
    let (w, _) = card(&cave.data, &loadout)?;
    if loadout.overclocked {
        return Err(format!("the {} is already overclocked", w.name));
    }
    can_pay(mule, "an overclock", &[Item::Gold], cave.data.numbers.kit.overclock_gold)?;
    Ok((d, loadout, w))
}

/// Overclock: refused without the Gold or when the card is already flipped.
fn overclock(mut desk: Desk, cave: Cave, loadouts: Query<&Loadout>, mut turn: ResMut<Turn>, mut fx: Effects) {
    let result = (|| {
        let (d, loadout, w) = check_overclock(&cave, &turn, &fx.mule, &loadouts)?;
        pay(&mut fx, "an overclock", &[Item::Gold], cave.data.numbers.kit.overclock_gold)?;
        take_actions(&mut turn, 1);
        fx.commands.entity(d.entity).insert(Loadout { overclocked: true, ..loadout });
        fx.say(GameEvent::Overclocked { dwarf: d.dwarf.class, weapon: w.name.clone() });
        Ok(())
    })();
    desk.settle(result);
}
