//! The Axe chop action (rulebook "Axe chops"): roll the Axe die, spend each success on one target.

use super::{InProgress, actor, answering, ask, command_is};
use crate::data::creatures::CreatureKind;
use crate::data::dice::{DieKind, Symbol, hits};
use crate::data::mission::{Ground, Item, Mineral, Pickup};
use crate::data::weapons::DwarfClass;
use crate::rules::RulesSet;
use crate::rules::cave::Cave;
use crate::rules::command::Desk;
use crate::rules::command::{Answer, ChopTarget, Command, Pending};
use crate::rules::components::*;
use crate::rules::damage::{Blow, Hits, hurt_creature};
use crate::rules::effects::Effects;
use crate::rules::hex::{Qr, sort_canonical};
use crate::rules::log::{GameEvent, Who};
use crate::rules::reveal::{UpgradePool, board_neighbours, reveal_caves_touching};
use crate::rules::spawn::{revealed_exits, spawn_at_exit};
use crate::rules::state::Turn;
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
    app.add_systems(
        Update,
        (
            start_chop.run_if(command_is(|c| matches!(c, Command::Chop))),
            spend_success.run_if(answering(|p| matches!(p, InProgress::Chop(_)))),
        )
            .in_set(RulesSet::Actions)
            .ambiguous_with(RulesSet::Actions),
    )
    .add_systems(Update, offer_success.in_set(RulesSet::Ask).ambiguous_with(RulesSet::Ask));
}

fn start_chop(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut turn: ResMut<Turn>,
    mut fx: Effects,
) {
    let result = (|| {
        let d = actor(&cave, &turn, 1)?;
        let rolls = fx.roll(Who::Dwarf(d.2.class), &[(DieKind::Axe, 1)], &cave.data)?;
        let successes: u32 = rolls.iter().map(|r| hits(&r.symbols)).sum();
        turn.actions_left -= 1;
        turn.last_shot = None;
        fx.say(GameEvent::Chop { dwarf: d.2.class, successes });
        let state = ChopState { dwarf: d.0, left: successes, on_creatures: BTreeMap::new() };
        next_success(&mut pending, &mut progress, state);
        Ok(())
    })();
    desk.settle(result);
}

/// Wait for the next success to be spent, or finish when none is left.
fn next_success(pending: &mut Pending, progress: &mut InProgress, state: ChopState) {
    pending.0 = None;
    *progress = if state.left == 0 { InProgress::Idle } else { InProgress::Chop(state) };
}

/// Offer what the next success may be spent on, as the cave is now.
fn offer_success(cave: Cave, progress: Res<InProgress>, mut pending: ResMut<Pending>) {
    let InProgress::Chop(state) = &*progress else { return };
    if pending.0.is_some() {
        return;
    }
    let Ok(d) = cave.dwarves.get(state.dwarf) else { return };
    let options = targets(&cave, d.3.0).into_iter().map(Answer::Chop).collect();
    ask(&mut pending, format!("Spend an axe success ({} left)", state.left), options);
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
            out.push(ChopTarget::Creature(c.1.0));
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
    mut fx: Effects,
) {
    let InProgress::Chop(state) = &*progress else { return };
    let mut state = state.clone();
    let result = desk.answer(&pending).and_then(|a| {
        let Answer::Chop(target) = a else { return Err("an axe success needs a chop target".into()) };
        let d = cave.dwarves.get(state.dwarf).expect("the chopping Dwarf exists");
        apply(&cave, &mut fx, &mut pool, &mut state, d.2.class, d.3.0, d.4.0, d.0, target)?;
        state.left -= 1;
        if state.left == 0 {
            deal_creature_hits(&cave, &mut fx, &state, d.3.0, d.2.seat);
        }
        next_success(&mut pending, &mut progress, state);
        Ok(())
    });
    desk.settle(result);
}

fn apply(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    state: &mut ChopState,
    class: DwarfClass,
    at: Hex,
    health: u32,
    dwarf: Entity,
    target: ChopTarget,
) -> Result<(), String> {
    match target {
        ChopTarget::Mine(q) => mine(cave, fx, pool, at, q.into()),
        ChopTarget::Carve(q) => carve(cave, fx, pool, q.into()),
        ChopTarget::Stalagmite(q) => {
            let h: Hex = q.into();
            set_floor(cave, fx, h);
            fx.say(GameEvent::StalagmiteDestroyed { at: q });
            // Ruling 28: every stalagmite an axe destroys rolls the Mineral die.
            mineral_die(cave, fx, class, q, 0)?;
        }
        ChopTarget::LootBug(q) => {
            take_pickup(cave, fx, q, Pickup::LootBug);
            mineral_die(cave, fx, class, q, cave.data.numbers.loot_bug_bonus_gold)?;
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

/// Roll the Mineral die and collect what it shows, plus any bonus Gold.
pub fn mineral_die(cave: &Cave, fx: &mut Effects, class: DwarfClass, at: Qr, bonus_gold: u32) -> Result<(), String> {
    for mineral in mineral_finds(cave, fx, Who::Dwarf(class), bonus_gold)? {
        let item = if mineral == Mineral::Gold { Item::Gold } else { Item::Nitra };
        fx.mule.add(item, 1);
        fx.say(GameEvent::Collected { item, at });
    }
    Ok(())
}

/// Roll the Mineral die for someone: the Nitra and Gold it shows, then any bonus Gold (a Loot
/// Bug's). A Dwarf collects them; BOSCO drops them where it chopped.
pub fn mineral_finds(cave: &Cave, fx: &mut Effects, who: Who, bonus_gold: u32) -> Result<Vec<Mineral>, String> {
    let rolls = fx.roll(who, &[(DieKind::Mineral, 1)], &cave.data)?;
    let shown = rolls.iter().flat_map(|r| r.symbols.iter()).filter_map(|s| match s {
        Symbol::Nitra => Some(Mineral::Nitra),
        Symbol::Gold => Some(Mineral::Gold),
        _ => None,
    });
    Ok(shown.chain(std::iter::repeat_n(Mineral::Gold, bonus_gold as usize)).collect())
}

/// Axe hits on creatures land together once every success is spent, so resistance counts against
/// all of this chop's hits on a creature (rulebook: resistance as for any ammo type).
fn deal_creature_hits(cave: &Cave, fx: &mut Effects, state: &ChopState, from: Hex, seat: u32) {
    for (id, n) in &state.on_creatures {
        if let Some(c) = cave.creature_by_id(*id) {
            let hits: Hits = BTreeMap::from([(DieKind::Axe, *n)]);
            let drills = crate::rules::skills::driller::drill_attack(cave, seat);
            hurt_creature(cave, fx, &c, &hits, &Blow { ignore_axe_resistance: drills, ..Blow::from(from, Some(seat)) });
        }
    }
}
