//! The Driller (rulebook "The Driller"): Power Drilling, the Drill Attack, and the Flame tokens of
//! Flaming Ground. What Flames do to creatures and Dwarves is in [`super`]; it holds for every Flame
//! token, whoever put it there.

use super::{gear_count, owned_by, place};
use crate::data::mission::Ground;
use crate::data::weapons::DwarfClass;
use crate::rules::actions::shoot::ShotState;
use crate::rules::actions::{InProgress, answering, ask, asking};
use crate::rules::cave::Cave;
use crate::rules::command::{Answer, Pending};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::hex::{Qr, adjacent, canonical, distance, sort_canonical, within};
use crate::rules::log::GameEvent;
use crate::rules::reveal::{UpgradePool, reveal_caves_touching};
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeSet;

/// Flaming Ground's Flame tokens waiting to be placed.
#[derive(Debug, Clone)]
pub struct FlameState {
    pub seat: u32,
    /// The Driller's space: the tokens go within the weapon's range of it.
    pub from: Hex,
    /// The space first targeted: one token goes on it or next to it.
    pub target: Hex,
    pub range: u32,
    /// Tokens the fire mode places at most.
    pub count: u32,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        RulesStep::Action(CommandKind::Choose),
        place_flames.in_set(RulesSet::Actions).ambiguous_with(RulesSet::Actions).run_if(answering(|p| matches!(p, InProgress::Flames(_)))),
    )
    .add_systems(
        Update,
        offer_flames.in_set(RulesSet::Ask).ambiguous_with(RulesSet::Ask).run_if(asking(|p| matches!(p, InProgress::Flames(_)))),
    );
}

/// Drill Attack (rulebook): the Driller's axe ignores resistance against axes.
pub fn drill_attack(cave: &Cave, seat: u32) -> bool {
    cave.dwarf_in_seat(seat).is_some_and(|d| d.dwarf.class == DwarfClass::Driller)
}

/// Power Drilling (rulebook): the Driller's Move may end by drilling into a wall or stalagmite next
/// to him: it is destroyed with no roll, any mineral in it lost, and he stands in the new space. A
/// hidden cave the new space touches is revealed, as by any carving.
pub fn drill(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, h: Hex) {
    if !drills_into(cave, h) {
        return;
    }
    if let Some(space) = cave.space(h) {
        fx.commands.entity(space).insert(Terrain::Open(Ground::Floor));
    }
    fx.say(GameEvent::Drilled { at: h.into() });
    reveal_caves_touching(cave, fx, pool, h);
}

/// Whether a Move ending on this space drills into it: a wall or a stalagmite (Power Drilling).
pub fn drills_into(cave: &Cave, h: Hex) -> bool {
    cave.terrain(h).is_some_and(|t| t.is_wall() || t.is_stalagmite())
}

/// Flaming Ground (rulebook): once the damage is dealt, up to `count` Flame tokens wait to be placed.
pub fn flaming_ground(progress: &mut InProgress, shot: &ShotState, count: u32) {
    let range = shot.mode.range + shot.mods.range;
    *progress = InProgress::Flames(FlameState { seat: shot.seat, from: shot.from, target: shot.target, range, count });
}

/// Ask where the Flames go, as the cave is now (the creatures killed are gone); nothing to ask when
/// no token is left in the box or no space may take one.
fn offer_flames(cave: Cave, mut progress: ResMut<InProgress>, mut pending: ResMut<Pending>) {
    let InProgress::Flames(state) = &*progress else { return };
    let sets = flame_sets(&cave, state);
    if sets.is_empty() {
        *progress = InProgress::Idle;
        return;
    }
    let mut options: Vec<Answer> = sets.into_iter().map(|s| Answer::Flames(s.into_iter().map(Qr::from).collect())).collect();
    options.push(Answer::Flames(vec![]));
    ask(&mut pending, "Set the ground on fire: where do the Flame tokens go?".into(), options);
}

/// Whether a Flame may go on a space: open ground (floor, a Tunnel Exit, a pit; tokens allowed)
/// within range, with no figure and no Flame on it.
fn flammable(cave: &Cave, state: &FlameState, h: Hex) -> bool {
    let open = cave.floor_or_pit(h);
    let d = distance(state.from, h);
    open && d >= 1 && d <= state.range && !cave.creature_on(h) && !cave.dwarf_on(h) && !cave.flame_at(h)
}

/// Every legal placement: up to as many tokens as are left, adjacent to each other, one on or next
/// to the target. Largest first, those on the target first, then canonical order.
fn flame_sets(cave: &Cave, state: &FlameState) -> Vec<Vec<Hex>> {
    let Some(d) = cave.dwarf_in_seat(state.seat) else { return vec![] };
    let on_cave = owned_by(cave, state.seat, |t| matches!(t, Token::Flame)).len() as u32;
    let left = state.count.min(gear_count(cave, d.dwarf.class, "Flame").saturating_sub(on_cave));
    let mut spots: Vec<Hex> = within(state.from, state.range).filter(|h| flammable(cave, state, *h)).collect();
    sort_canonical(&mut spots);
    let mut layer: BTreeSet<Vec<(i32, i32)>> =
        spots.iter().filter(|h| distance(**h, state.target) <= 1).map(|h| vec![canonical(*h)]).collect();
    let mut all: Vec<Vec<(i32, i32)>> = Vec::new();
    for size in 1..=left {
        all.extend(layer.iter().cloned());
        if size < left {
            layer = grow(&layer, &spots);
        }
    }
    let key = canonical(state.target);
    all.sort_by_key(|s| (std::cmp::Reverse(s.len()), !s.contains(&key), s.clone()));
    all.into_iter().map(|s| s.into_iter().map(|(r, q)| Hex::new(q, r)).collect()).collect()
}

/// Each set with one more space next to one of its own.
fn grow(layer: &BTreeSet<Vec<(i32, i32)>>, spots: &[Hex]) -> BTreeSet<Vec<(i32, i32)>> {
    let mut next = BTreeSet::new();
    for set in layer {
        let hexes: Vec<Hex> = set.iter().map(|(r, q)| Hex::new(*q, *r)).collect();
        for h in spots.iter().filter(|h| !hexes.contains(h) && hexes.iter().any(|x| adjacent(*x, **h))) {
            let mut bigger = set.clone();
            bigger.push(canonical(*h));
            bigger.sort();
            next.insert(bigger);
        }
    }
    next
}

fn place_flames(mut desk: Desk, mut pending: ResMut<Pending>, mut progress: ResMut<InProgress>, cave: Cave, mut fx: Effects) {
    let InProgress::Flames(state) = &*progress else { return };
    let seat = state.seat;
    let result = desk.answer(&pending).map(|a| {
        let Answer::Flames(spaces) = a else { return };
        let class = cave.dwarf_in_seat(seat).map(|d| d.dwarf.class);
        for q in &spaces {
            place(&mut fx, seat, Token::Flame, (*q).into());
        }
        if let (Some(dwarf), false) = (class, spaces.is_empty()) {
            fx.say(GameEvent::GearPlaced { dwarf, token: Token::Flame, at: spaces });
        }
        pending.0 = None;
        *progress = InProgress::Idle;
    });
    desk.settle(result);
}
