//! The Scout (rulebook "The Scout"): Light-footed, the Grappling hook (in [`super::step_over`]) and
//! the Flare Gun.

use super::{gear_count, gear_user, owned_by, place, spend};
use crate::data::weapons::{DwarfClass, FireMode, LineRule};
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::{Command, CommandLog};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::hex::{Qr, distance};
use crate::rules::log::GameEvent;
use crate::rules::state::Turn;
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, light_foot_lapses.in_set(RulesSet::Reveal)).add_systems(RulesStep::Action(CommandKind::Flare), fire_flare);
}

/// Light-footed (rulebook): at the end of a Move the Scout may make a ranged or throwable attack for
/// no action (not the Aimed Shot); he still pays the ammo. What a mode costs in actions now.
pub fn action_cost(turn: &Turn, mode: &FireMode) -> u32 {
    if turn.light_footed && mode.free_after_move { 0 } else { mode.actions }
}

/// Light-footed is only for the command right after the Move: once the rules have taken another
/// command it is gone. Answers to choices and Rock and Stone cards (free, no action) do not come
/// between. Checked in the update that took the command, so that the turn the legal-moves query
/// reads between commands is already right.
fn light_foot_lapses(log: Res<CommandLog>, mut turn: ResMut<Turn>) {
    let last = log.0.iter().rev().find(|c| !matches!(c, Command::Choose(_) | Command::PlayCard { .. }));
    if turn.light_footed && !matches!(last, Some(Command::Move(_))) {
        turn.light_footed = false;
    }
}

fn fire_flare(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(Command::Flare(at)) = desk.current.0.clone() else { return };
    let result = flare(&cave, &mut turn, &mut fx, at.into());
    desk.settle(result);
}

/// Flare Gun (rulebook): a Flare token on any space, vacant or not, in the Scout's line of sight;
/// 1 action. It comes back at the start of his next turn.
fn flare(cave: &Cave, turn: &mut Turn, fx: &mut Effects, at: Hex) -> Result<(), String> {
    let d = check_flare(cave, turn, at)?;
    let q = Qr::from(at);
    spend(turn, 1);
    place(fx, d.dwarf.seat, Token::Flare, at);
    fx.say(GameEvent::GearPlaced { dwarf: d.dwarf.class, token: Token::Flare, at: vec![q] });
    Ok(())
}

/// Whether the Scout may fire his Flare at this space (the legal-moves query asks this too).
pub fn check_flare<'a>(cave: &'a Cave, turn: &Turn, at: Hex) -> Result<DwarfItem<'a>, String> {
    let d = check_flare_ready(cave, turn)?;
    let q = Qr::from(at);
    let open = cave.terrain(at).is_some_and(|t| !t.is_wall() && !t.is_stalagmite() && !matches!(t, Terrain::Hidden(_)));
    if !open {
        return Err(format!("({}, {}) is not an open space of the cave", q.q, q.r));
    }
    if !cave.line(d.at.0, at, LineRule::Sight) {
        return Err(format!("no line of sight to ({}, {})", q.q, q.r));
    }
    Ok(d)
}

/// Whether the Scout may shoot a Flare now, wherever it goes: his turn, an action, a Flare in hand.
pub fn check_flare_ready<'a>(cave: &'a Cave, turn: &Turn) -> Result<DwarfItem<'a>, String> {
    let d = gear_user(cave, turn, DwarfClass::Scout, 1)?;
    if owned_by(cave, d.dwarf.seat, |t| matches!(t, Token::Flare)).len() as u32 >= gear_count(cave, DwarfClass::Scout, "Flare") {
        return Err("the Flare is out already; it comes back at the start of his next turn".into());
    }
    Ok(d)
}

/// Flare Gun (rulebook): Dwarves reroll one die per attack against a creature on or next to a
/// Flare. The rerolls an attack at this space gets.
pub fn flare_rerolls(cave: &Cave, target: Hex) -> u32 {
    let lit = cave.tokens.iter().any(|t| *t.token == Token::Flare && distance(t.at.0, target) <= 1);
    u32::from(lit && cave.creature_on(target))
}
