//! The Axe chop action (rulebook "Axe chops"): roll the Axe die, spend each success on one target.

use super::{InProgress, actor, answering, ask, asking};
use crate::data::creatures::CreatureKind;
use crate::data::dice::{DieKind, hits};
use crate::data::mission::{Ground, Item, Mineral, Pickup};
use crate::data::weapons::DwarfClass;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::{Answer, ChopTarget, Pending};
use crate::rules::command::{CommandKind, Desk, needless};
use crate::rules::components::*;
use crate::rules::damage::{Blow, Hits, hurt_creature};
use crate::rules::effects::Effects;
use crate::rules::for_karl::{AfterRoll, ForKarlHands, HeldRoll, hold, released};
use crate::rules::hex::{Qr, sort_canonical};
use crate::rules::log::{DieRoll, GameEvent, Who};
use crate::rules::mineral_die::{self, MineralRoll};
use crate::rules::reveal::{UpgradePool, board_neighbours, reveal_caves_touching};
use crate::rules::spawn::{revealed_exits, spawn_at_exit};
use crate::rules::state::Turn;
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

#[derive(Debug, Clone)]
pub struct ChopState {
    pub dwarf: Entity,
    pub left: u32,
    /// Axe hits laid on creatures so far, by creature id; damage is dealt when every success is spent.
    pub on_creatures: BTreeMap<u32, u32>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Chop), start_chop)
        .add_systems(
            RulesStep::Action(CommandKind::Choose),
            spend_success
                .run_if(answering(|p| matches!(p, InProgress::Chop(_))))
                .in_set(RulesSet::Actions)
                .ambiguous_with(RulesSet::Actions),
        )
        .add_systems(
            RulesStep::Rolled,
            chop_rolled.run_if(released(|a| matches!(a, AfterRoll::Chop { .. }))).in_set(RulesSet::Rolled).ambiguous_with(RulesSet::Rolled),
        )
        .add_systems(
            Update,
            offer_success.in_set(RulesSet::Ask).ambiguous_with(RulesSet::Ask).run_if(asking(|p| matches!(p, InProgress::Chop(_)))),
        );
}

fn start_chop(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut turn: ResMut<Turn>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let result = (|| {
        let d = actor(&cave, &turn, 1)?;
        let who = Who::Dwarf(d.dwarf.class);
        let rolls = fx.roll(who.clone(), &[(DieKind::Axe, 1)], &cave.data)?;
        turn.actions_left -= 1;
        turn.last_shot = None;
        let karl = for_karl.in_hand(&cave);
        if let Some(rolls) = hold(&cave.data, &mut fx.karl, &mut pending, karl, who, rolls, AfterRoll::Chop { dwarf: d.entity }) {
            successes(&mut fx, &mut progress, d.dwarf.class, d.entity, &rolls);
        }
        Ok(())
    })();
    desk.settle(result);
}

/// A held axe roll, let stand or rerolled, gives its successes.
fn chop_rolled(cave: Cave, mut progress: ResMut<InProgress>, mut fx: Effects) {
    let Some(HeldRoll { then: AfterRoll::Chop { dwarf }, rolls, .. }) = fx.karl.take() else { return };
    if let Ok(d) = cave.dwarves.get(dwarf) {
        successes(&mut fx, &mut progress, d.dwarf.class, dwarf, &rolls);
    }
}

/// The axe die's successes, each to be spent in turn.
fn successes(fx: &mut Effects, progress: &mut InProgress, class: DwarfClass, dwarf: Entity, rolls: &[DieRoll]) {
    let successes: u32 = rolls.iter().map(|r| hits(&r.symbols)).sum();
    fx.say(GameEvent::Chop { dwarf: class, successes });
    next_success(progress, ChopState { dwarf, left: successes, on_creatures: BTreeMap::new() });
}

/// Wait for the next success to be spent, or finish when none is left.
fn next_success(progress: &mut InProgress, state: ChopState) {
    *progress = if state.left == 0 { InProgress::Idle } else { InProgress::Chop(state) };
}

/// Offer what the next success may be spent on, as the cave is now.
fn offer_success(cave: Cave, progress: Res<InProgress>, mut pending: ResMut<Pending>) {
    let InProgress::Chop(state) = &*progress else { return };
    let Ok(d) = cave.dwarves.get(state.dwarf) else { return };
    let options = targets(&cave, d.at.0).into_iter().map(Answer::Chop).collect();
    ask(&mut pending, format!("Spend an axe success ({} left)", state.left), options);
    needless_when_unspent(&mut pending, "nothing next to him for the axe: the success goes unspent");
}

/// An axe success just asked (the Dwarf's or BOSCO's) whose one answer is to go unspent is no
/// question a player need answer.
pub fn needless_when_unspent(pending: &mut Pending, why: &str) {
    if pending.0.as_ref().is_some_and(|p| p.options == [Answer::Chop(ChopTarget::Nothing)]) {
        needless(pending, why);
    }
}

/// Everything one axe success may be spent on from a space, in a fixed order; `Nothing` last.
pub fn targets(cave: &Cave, at: Hex) -> Vec<ChopTarget> {
    let mut here_and_around = vec![at];
    here_and_around.extend(board_neighbours(cave, at));
    let mut out = Vec::new();
    for h in &here_and_around {
        for (_, _, token) in cave.tokens_at(*h) {
            match token {
                Token::Pickup { pickup: Pickup::LootBug, revealed: true } => out.push(ChopTarget::LootBug((*h).into())),
                Token::Pickup { pickup: Pickup::RedSugar, revealed: true } => out.push(ChopTarget::RedSugar((*h).into())),
                Token::Pickup { pickup: Pickup::AlienEgg, revealed: true } => out.push(ChopTarget::AlienEgg((*h).into())),
                Token::Mineral { .. } if *h == at => out.push(ChopTarget::Mine((*h).into())),
                _ => {}
            }
        }
    }
    let mut around = board_neighbours(cave, at);
    sort_canonical(&mut around);
    for h in &around {
        match cave.terrain(*h) {
            Some(Terrain::Open(Ground::Wall(Some(_)))) => out.push(ChopTarget::Mine((*h).into())),
            Some(Terrain::Open(Ground::Wall(None))) => out.push(ChopTarget::Carve((*h).into())),
            Some(Terrain::Open(Ground::Stalagmite)) => out.push(ChopTarget::Stalagmite((*h).into())),
            _ => {}
        }
    }
    for c in cave.creatures_sorted() {
        if cave.creature_adjacent(&c, at) {
            out.push(ChopTarget::Creature(c.id.0));
        }
    }
    dedup(&mut out);
    out.push(ChopTarget::Nothing);
    out
}

fn dedup(v: &mut Vec<ChopTarget>) {
    let mut seen = Vec::new();
    v.retain(|t| {
        let new = !seen.contains(t);
        seen.push(t.clone());
        new
    });
}

fn spend_success(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    mut pool: ResMut<UpgradePool>,
    cave: Cave,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let InProgress::Chop(state) = &*progress else { return };
    let mut state = state.clone();
    let result = desk.answer(&pending).and_then(|a| {
        let Answer::Chop(target) = a else { return Err("an axe success needs a chop target".into()) };
        let d = cave.dwarves.get(state.dwarf).expect("the chopping Dwarf exists");
        let karl = for_karl.in_hand(&cave);
        // The answer is taken; a Mineral die this success rolls may ask For Karl! anew.
        let asked = pending.0.take();
        if let Err(why) = apply(&cave, &mut fx, &mut pool, &mut pending, karl, &mut state, &d, target) {
            pending.0 = asked;
            return Err(why);
        }
        state.left -= 1;
        if state.left == 0 {
            deal_creature_hits(&cave, &mut fx, &state, d.at.0, d.dwarf.seat);
        }
        next_success(&mut progress, state);
        Ok(())
    });
    desk.settle(result);
}

/// Spend one success on a target; a Mineral die it rolls may be held for For Karl! (`karl`).
fn apply(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    pending: &mut Pending,
    karl: bool,
    state: &mut ChopState,
    d: &DwarfItem,
    target: ChopTarget,
) -> Result<(), String> {
    let (class, at, health, dwarf) = (d.dwarf.class, d.at.0, d.health.0, d.entity);
    let mut mineral_die = |fx: &mut Effects, q: Qr, bonus_gold: u32| {
        mineral_die::roll(cave, fx, pending, karl, Who::Dwarf(class), MineralRoll { bonus_gold, ..MineralRoll::at(q.into()) })
    };
    match target {
        ChopTarget::Mine(q) => mine(cave, fx, pool, at, q.into()),
        ChopTarget::Carve(q) => carve(cave, fx, pool, q.into()),
        ChopTarget::Stalagmite(q) => {
            let h: Hex = q.into();
            set_floor(cave, fx, h);
            fx.say(GameEvent::StalagmiteDestroyed { at: q });
            // Ruling 28: every stalagmite an axe destroys rolls the Mineral die.
            mineral_die(fx, q, 0)?;
        }
        ChopTarget::LootBug(q) => {
            take_pickup(cave, fx, q, Pickup::LootBug);
            mineral_die(fx, q, cave.data.numbers.loot_bug_bonus_gold)?;
        }
        ChopTarget::RedSugar(q) => {
            take_pickup(cave, fx, q, Pickup::RedSugar);
            let max = cave.data.numbers.dwarf.health;
            let gain = cave.data.numbers.red_sugar_health.min(max.saturating_sub(health));
            fx.commands.entity(dwarf).insert(Health(health + gain));
            fx.say(GameEvent::Healed { dwarf: class, amount: gain, health: health + gain });
        }
        ChopTarget::AlienEgg(q) => {
            take_pickup(cave, fx, q, Pickup::AlienEgg);
            fx.mule.add(Item::AlienEgg, 1);
            fx.say(GameEvent::Collected { item: Item::AlienEgg, at: q });
            // Rulebook, Alien Egg: a Grunt comes out at each revealed Tunnel Exit.
            for (_, exit) in revealed_exits(cave) {
                spawn_at_exit(cave, fx, CreatureKind::Grunt, exit, 1);
            }
        }
        ChopTarget::Creature(id) => *state.on_creatures.entry(id).or_default() += 1,
        ChopTarget::Nothing => {}
    }
    Ok(())
}

fn set_floor(cave: &Cave, fx: &mut Effects, h: Hex) {
    if let Some(space) = cave.space(h) {
        fx.commands.entity(space).insert(Terrain::Open(Ground::Floor));
    }
}

/// Mine a wall's mineral (the wall is carved out too) or a mineral lying on the Dwarf's space.
fn mine(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, at: Hex, h: Hex) {
    if h == at {
        if let Some((e, _, Token::Mineral { mineral, .. })) = cave.tokens_at(h).into_iter().find(|t| matches!(t.2, Token::Mineral { .. })) {
            fx.commands.entity(e).despawn();
            collect(fx, mineral, h);
        }
        return;
    }
    if let Some(Terrain::Open(Ground::Wall(Some(mineral)))) = cave.terrain(h) {
        collect(fx, mineral, h);
        carve(cave, fx, pool, h);
    }
}

fn collect(fx: &mut Effects, mineral: Mineral, h: Hex) {
    fx.mule.add(mineral.into(), 1);
    fx.say(GameEvent::Mined { item: mineral.into(), at: h.into() });
}

/// Carve a wall into open cave; a hidden cave it touches is revealed.
fn carve(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, h: Hex) {
    set_floor(cave, fx, h);
    fx.say(GameEvent::Carved { at: h.into() });
    reveal_caves_touching(cave, fx, pool, h);
}

fn take_pickup(cave: &Cave, fx: &mut Effects, q: Qr, kind: Pickup) {
    if let Some((e, _, _)) = cave.tokens_at(q.into()).into_iter().find(|t| matches!(t.2, Token::Pickup { pickup, .. } if pickup == kind)) {
        fx.commands.entity(e).despawn();
        fx.say(GameEvent::Harvested { pickup: kind, at: q });
    }
}

/// Axe hits on creatures land together once every success is spent, so resistance counts against
/// all of this chop's hits on a creature (rulebook: resistance as for any ammo type).
fn deal_creature_hits(cave: &Cave, fx: &mut Effects, state: &ChopState, from: Hex, seat: u32) {
    for (id, n) in &state.on_creatures {
        if let Some(c) = cave.creature_by_id(*id) {
            let hits: Hits = BTreeMap::from([(DieKind::Axe, *n)]);
            hurt_creature(cave, fx, &c, &hits, &axe_blow(cave, from, seat));
        }
    }
}

/// A Dwarf's axe blow from a space: the Driller's drills ignore axe resistance (the legal query
/// shows a success's hit by it too).
pub fn axe_blow(cave: &Cave, from: Hex, seat: u32) -> Blow {
    Blow { ignore_axe_resistance: crate::rules::skills::driller::drill_attack(cave, seat), ..Blow::from(from, Some(seat)) }
}
