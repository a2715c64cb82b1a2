//! Overclock a secondary weapon (rulebook "Overclock a secondary weapon"): an action and Gold from
//! the M.U.L.E. flip the card to its overclocked side for the rest of the mission. The overclocked
//! ammo slots open, but no ammo comes with them.

use crate::rules::actions::Desk;
use super::secondary::card;
use super::supplies::{pay, take_actions};
use super::{actor, command_is};
use crate::data::GameData;
use crate::data::mission::Item;
use crate::rules::RulesSet;
use crate::rules::cave::Cave;
use crate::rules::command::Command;
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::log::GameEvent;
use crate::rules::state::Turn;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        overclock
            .run_if(command_is(|c| matches!(c, Command::Overclock)))
            .in_set(RulesSet::Actions)
            .ambiguous_with(RulesSet::Actions),
    );
}

/// The secondary ammo slots open on a Dwarf's board: more once his weapon is overclocked.
pub fn secondary_slots(data: &GameData, loadout: &Loadout) -> u32 {
    let board = &data.numbers.dwarf;
    if loadout.overclocked { board.overclocked_secondary_ammo } else { board.secondary_ammo }
}

/// Overclock: refused without the Gold or when the card is already flipped.
fn overclock(
    mut desk: Desk,
    cave: Cave,
    loadouts: Query<&Loadout>,
    mut turn: ResMut<Turn>,
    mut fx: Effects,
) {
    let result = (|| {
        let d = actor(&cave, &turn, 1)?;
        let loadout = loadouts.get(d.0).cloned().unwrap_or_default();
        let (w, _) = card(&cave.data, &loadout)?;
        if loadout.overclocked {
            return Err(format!("the {} is already overclocked", w.name));
        }
        pay(&mut fx, "an overclock", &[Item::Gold], cave.data.numbers.kit.overclock_gold)?;
        take_actions(&mut turn, 1);
        fx.commands.entity(d.0).insert(Loadout { overclocked: true, ..loadout });
        fx.say(GameEvent::Overclocked { dwarf: d.2.class, weapon: w.name.clone() });
        Ok(())
    })();
    desk.settle(result);
}
