//! Back on his feet (rulebook "Stand up", "Help another Dwarf on his feet", "Revive an unconscious
//! Dwarf"): a knocked-over Dwarf stands up with two actions of one turn, or a Dwarf next to him
//! helps him up with one; a Dwarf next to an unconscious one revives him with 1 Health.

use super::actor;
use super::supplies::take_actions;
use crate::data::weapons::DwarfClass;
use crate::rules::RulesStep;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::Desk;
use crate::rules::command::{Command, CommandKind};
use crate::rules::components::*;
use crate::rules::damage::revive as revive_dwarf;
use crate::rules::effects::Effects;
use crate::rules::hex::adjacent;
use crate::rules::log::GameEvent;
use crate::rules::state::Turn;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::StandUp), stand_up)
        .add_systems(RulesStep::Action(CommandKind::HelpUp), help_up)
        .add_systems(RulesStep::Action(CommandKind::Revive), revive);
}

/// Stand up: the one action a knocked-over Dwarf may take (`actor` refuses him every other), and
/// its actions must all come from this turn.
fn stand_up(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let result = (|| {
        let d = check_stand_up(&cave, &turn)?;
        let class = d.dwarf.class;
        take_actions(&mut turn, cave.data.numbers.kit.stand_up_actions);
        fx.change::<DwarfStatus>(d.entity, |s| s.knocked_over = false);
        fx.say(GameEvent::StoodUp { dwarf: class, helped_by: None });
        Ok(())
    })();
    desk.settle(result);
}

/// Whether the active Dwarf may stand up now (the legal-moves query asks this too).
pub fn check_stand_up<'a>(cave: &'a Cave, turn: &Turn) -> Result<DwarfItem<'a>, String> {
    let d = cave.dwarf_in_seat(turn.seat).ok_or("no Dwarf has the turn")?;
    let class = d.dwarf.class;
    if d.status.unconscious {
        return Err(format!("the {class:?} is unconscious and takes no actions"));
    }
    if !d.status.knocked_over {
        return Err(format!("the {class:?} is not knocked over"));
    }
    let cost = cave.data.numbers.kit.stand_up_actions;
    if turn.actions_left < cost {
        return Err(format!("standing up takes {cost} actions in the same turn; the {class:?} has {} left", turn.actions_left));
    }
    Ok(d)
}

/// Whether the active Dwarf may help this Dwarf up: the helper and the one helped when he may.
pub fn check_help_up<'a>(cave: &'a Cave, turn: &Turn, class: DwarfClass) -> Result<(DwarfItem<'a>, DwarfItem<'a>), String> {
    let me = actor(cave, turn, 1)?;
    let other = next_to(cave, &me, class)?;
    if other.status.unconscious {
        return Err(format!("the {class:?} is unconscious: he must be revived"));
    }
    if !other.status.knocked_over {
        return Err(format!("the {class:?} is not knocked over"));
    }
    Ok((me, other))
}

/// Whether the active Dwarf may revive this Dwarf: the one revived when he may.
pub fn check_revive<'a>(cave: &'a Cave, turn: &Turn, class: DwarfClass) -> Result<DwarfItem<'a>, String> {
    let me = actor(cave, turn, 1)?;
    let other = next_to(cave, &me, class)?;
    if !other.status.unconscious {
        return Err(format!("the {class:?} is not unconscious"));
    }
    Ok(other)
}

/// The Dwarf of a class standing next to the active one.
pub fn next_to<'a>(cave: &'a Cave, me: &DwarfItem, class: DwarfClass) -> Result<DwarfItem<'a>, String> {
    let other =
        cave.dwarves_sorted().into_iter().find(|d| d.dwarf.class == class).ok_or_else(|| format!("no {class:?} is on the mission"))?;
    if other.entity == me.entity {
        return Err(format!("the {class:?} is the Dwarf taking the action"));
    }
    if !adjacent(other.at.0, me.at.0) {
        return Err(format!("the {class:?} is not next to the {:?}", me.dwarf.class));
    }
    Ok(other)
}

/// Help another Dwarf on his feet: 1 action, next to a knocked-over (not unconscious) Dwarf.
fn help_up(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(Command::HelpUp(class)) = desk.current.0.clone() else { return };
    let result = (|| {
        let (me, other) = check_help_up(&cave, &turn, class)?;
        take_actions(&mut turn, 1);
        fx.commands.entity(other.entity).insert(DwarfStatus { knocked_over: false, ..*other.status });
        fx.say(GameEvent::StoodUp { dwarf: class, helped_by: Some(me.dwarf.class) });
        Ok(())
    })();
    desk.settle(result);
}

/// Revive an unconscious Dwarf: 1 action, next to him; he stands with the revive Health.
fn revive(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(Command::Revive(class)) = desk.current.0.clone() else { return };
    let result = (|| {
        let other = check_revive(&cave, &turn, class)?;
        take_actions(&mut turn, 1);
        revive_dwarf(&mut fx, &other, cave.data.numbers.kit.revive_health);
        Ok(())
    })();
    desk.settle(result);
}
