//! The Gunner (rulebook "The Gunner"): the Zipline launcher and the Shield generator. Riding a
//! Zipline is part of any Dwarf's Move ([`super::move_cost`]).

use super::{gear_count, gear_user, lies_on, owned_by, place, spend, take_back, tokens_of, vacant};
use crate::data::weapons::DwarfClass;
use crate::rules::RulesStep;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::Desk;
use crate::rules::command::{Command, CommandKind};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::hex::{FACINGS, Qr, distance, step};
use crate::rules::log::GameEvent;
use crate::rules::state::Turn;
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Zipline), launch_zipline)
        .add_systems(RulesStep::Action(CommandKind::Shield), raise_shield);
}

pub fn on_zipline(cave: &Cave, h: Hex) -> bool {
    lies_on(cave, h, |t| matches!(t, Token::Zipline))
}

/// A pit a Dwarf may cross: a Platform or a Zipline over it.
pub fn bridged(cave: &Cave, h: Hex) -> bool {
    lies_on(cave, h, |t| matches!(t, Token::Platform | Token::Zipline))
}

fn launch_zipline(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(Command::Zipline(to)) = desk.current.0.clone() else { return };
    let result = zipline(&cave, &mut turn, &mut fx, to.into());
    desk.settle(result);
}

/// The spaces strictly between two hexes on one straight row, if they are on one.
fn straight_between(from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let n = distance(from, to);
    FACINGS.into_iter().find_map(|f| {
        let row: Vec<Hex> = (1..=n)
            .scan(from, |h, _| {
                *h = step(*h, f);
                Some(*h)
            })
            .collect();
        (row.last() == Some(&to)).then(|| row[..row.len() - 1].to_vec())
    })
}

/// Zipline launcher (rulebook): 1 action; Zipline pieces in a straight line from the Gunner's
/// space across the deep pit next to him to a vacant space beyond. Pieces already out are moved
/// when the box is empty.
fn zipline(cave: &Cave, turn: &mut Turn, fx: &mut Effects, to: Hex) -> Result<(), String> {
    let (d, line, pieces) = check_zipline(cave, turn, to)?;
    let new: Vec<Hex> = line.iter().copied().filter(|h| !on_zipline(cave, *h)).collect();
    let out = tokens_of(cave, |t| matches!(t, Token::Zipline));
    let in_box = pieces.saturating_sub(out.len() as u32) as usize;
    for (e, at) in out.into_iter().filter(|(_, at)| !line.contains(at)).take(new.len().saturating_sub(in_box)) {
        take_back(fx, e, Token::Zipline, at);
    }
    for h in &new {
        place(fx, d.dwarf.seat, Token::Zipline, *h);
    }
    spend(turn, 1);
    fx.say(GameEvent::GearPlaced { dwarf: d.dwarf.class, token: Token::Zipline, at: line.into_iter().map(Qr::from).collect() });
    Ok(())
}

/// Whether the Gunner may fix a Zipline now, wherever to: his turn, an action left.
pub fn check_zipline_ready<'a>(cave: &'a Cave, turn: &Turn) -> Result<DwarfItem<'a>, String> {
    gear_user(cave, turn, DwarfClass::Gunner, 1)
}

/// The deep pit spaces a Zipline from `from` to `to` crosses: a straight line of them, the first
/// next to `from`, ending beside `to`.
pub fn pit_crossed(cave: &Cave, from: Hex, to: Hex) -> Result<Vec<Hex>, String> {
    let q = Qr::from(to);
    let line = straight_between(from, to).ok_or_else(|| format!("({}, {}) is not in a straight line from the Gunner", q.q, q.r))?;
    if line.is_empty() || !line.iter().all(|h| cave.terrain(*h).is_some_and(|t| t.is_pit())) {
        return Err(format!("the line to ({}, {}) does not cross a deep pit next to the Gunner", q.q, q.r));
    }
    Ok(line)
}

/// Whether the Gunner may fix a Zipline to this space: him, the pit spaces it crosses and his
/// pieces when he may. The legal-moves query asks this too.
pub fn check_zipline<'a>(cave: &'a Cave, turn: &Turn, to: Hex) -> Result<(DwarfItem<'a>, Vec<Hex>, u32), String> {
    let d = check_zipline_ready(cave, turn)?;
    let q = Qr::from(to);
    let line = pit_crossed(cave, d.at.0, to)?;
    if !cave.is_floor(to) || !vacant(cave, to) {
        return Err(format!("({}, {}) is not a vacant space to fix the Zipline to", q.q, q.r));
    }
    let pieces = gear_count(cave, DwarfClass::Gunner, "Zipline");
    if line.len() as u32 > pieces {
        return Err(format!("that needs {} Zipline pieces; the Gunner has {pieces}", line.len()));
    }
    Ok((d, line, pieces))
}

fn raise_shield(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let result = shield(&cave, &mut turn, &mut fx);
    desk.settle(result);
}

/// Shield generator (rulebook): 1 action; the Shield token on the Gunner's space. It stays there
/// when he moves on.
fn shield(cave: &Cave, turn: &mut Turn, fx: &mut Effects) -> Result<(), String> {
    let d = check_shield(cave, turn)?;
    spend(turn, 1);
    place(fx, d.dwarf.seat, Token::Shield, d.at.0);
    fx.say(GameEvent::GearPlaced { dwarf: d.dwarf.class, token: Token::Shield, at: vec![d.at.0.into()] });
    Ok(())
}

/// Whether the Gunner may raise his Shield now (the legal-moves query asks this too).
pub fn check_shield<'a>(cave: &'a Cave, turn: &Turn) -> Result<DwarfItem<'a>, String> {
    let d = gear_user(cave, turn, DwarfClass::Gunner, 1)?;
    let up = owned_by(cave, d.dwarf.seat, |t| matches!(t, Token::Shield)).len() as u32;
    if up >= gear_count(cave, DwarfClass::Gunner, "Shield") {
        return Err("the Shield is up already; it comes back at the start of his next turn".into());
    }
    Ok(d)
}

/// Shield generator (rulebook): the Dwarves on the Shield's space and next to it are not affected by
/// creatures' attacks and effects.
pub fn shielded(cave: &Cave, h: Hex) -> bool {
    cave.tokens.iter().any(|t| *t.token == Token::Shield && distance(t.at.0, h) <= 1)
}

/// Whether the Shield keeps a creature's attack or effect off this Dwarf (the attack still happens;
/// the Shield then comes back at the end of the turn).
pub fn shield_holds(cave: &Cave, fx: &mut Effects, d: &DwarfItem) -> bool {
    let held = shielded(cave, d.at.0);
    if held {
        fx.say(GameEvent::ShieldHeld { dwarf: d.dwarf.class });
    }
    held
}

/// Whether creatures attacked shielded Dwarves in the turn now ending (the log since it started).
pub fn struck_this_turn(fx: &Effects) -> bool {
    fx.log.0.iter().rev().take_while(|e| !matches!(e, GameEvent::TurnStarted { .. })).any(|e| matches!(e, GameEvent::ShieldHeld { .. }))
}
