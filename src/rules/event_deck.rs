//! The Event deck: a card is drawn after each Dwarf's turn (ruling 23) and its steps are carried out
//! in order, each as a job on the agenda.

use super::agenda::{Agenda, CurrentJob, Job, JobKind, next_job};
use super::cave::{Cave, DwarfItem};
use super::command::{Answer, Pending};
use super::command::{CommandKind, ask};
use super::components::*;
use super::damage::{Hits, hurt_dwarf, revive};
use super::decks::Decks;
use super::effects::Effects;
use super::for_karl::ForKarlHands;
use super::hex::cell_to_hex;
use super::log::{GameEvent, Who};
use super::mineral_die::{self, MineralRoll};
use super::resupply::{land_pod, pod_spaces};
use super::reveal::{UpgradePool, reveal_cave};
use super::spawn::{empty_space_near, exits_for, spawn_at_exit, spawn_near};
use super::state::{MissionInfo, Turn};
use super::{RulesSet, RulesStep};
use crate::data::cards::{EventEffect, Place};
use crate::data::creatures::CreatureKind;
use crate::data::dice::{DieKind, hits};
use crate::data::mission::{MissionEffect, SpawnPoint};
use crate::rules::command::Desk;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Job(JobKind::DrawEvent), draw_event)
        .add_systems(RulesStep::Job(JobKind::Effect), event_effect)
        .add_systems(RulesStep::Job(JobKind::MissionEffect), mission_effect)
        .add_systems(RulesStep::Job(JobKind::Optional), offer_optional)
        .add_systems(RulesStep::Job(JobKind::ReviveChoice), offer_revive)
        .add_systems(RulesStep::Job(JobKind::SupplyDrop), offer_landing)
        .add_systems(
            RulesStep::Action(CommandKind::Choose),
            (
                answer_revive.run_if(next_job(|j| matches!(j, Job::ReviveChoice(_)))),
                answer_landing.run_if(next_job(|j| matches!(j, Job::SupplyDrop(_)))),
                answer_optional.run_if(next_job(|j| matches!(j, Job::Optional(_)))),
            )
                .in_set(RulesSet::Actions)
                .ambiguous_with(RulesSet::Actions),
        );
}

fn draw_event(cave: Cave, mut job: ResMut<CurrentJob>, mut decks: ResMut<Decks>, mut fx: Effects) {
    let Some(Job::DrawEvent(seat)) = job.0.take() else { return };
    let Some(d) = cave.dwarf_in_seat(seat) else { return };
    let Some(i) = decks.events.draw(&mut fx.rng) else { return };
    decks.events.discard(i);
    let card = &cave.data.events[i];
    fx.say(GameEvent::EventCard { dwarf: d.dwarf.class, name: card.name.clone(), text: card.text.clone() });
    fx.agenda.first(card.effects.iter().cloned().map(Job::Effect));
}

/// The Dwarf whose turn it is (the one who drew the card).
fn active<'a>(cave: &'a Cave, turn: &Turn) -> Option<DwarfItem<'a>> {
    cave.dwarf_in_seat(turn.seat)
}

/// The seats of the other Dwarves, starting left of the active one (ruling 24).
pub fn others_in_turn_order(cave: &Cave, seat: u32) -> Vec<u32> {
    let n = cave.dwarves.iter().count() as u32;
    (1..n).map(|k| (seat + k) % n).collect()
}

/// The reaction shots offered when a Dwarf is ambushed or grabbed at `target`: each other Dwarf in
/// turn order, then BOSCO when he is on the cave (ruling 24).
fn reactions(cave: &Cave, seat: u32, target: Hex, creature: Option<u32>) -> Vec<Job> {
    let dwarves = others_in_turn_order(cave, seat).into_iter().map(|seat| Job::ReactionOffer { seat, target, creature });
    let bosco = cave.bosco.iter().next().map(|_| Job::BoscoReaction { target, creature });
    dwarves.chain(bosco).collect()
}

fn event_effect(
    cave: Cave,
    turn: Res<Turn>,
    mut job: ResMut<CurrentJob>,
    mut decks: ResMut<Decks>,
    mission: Res<MissionInfo>,
    mut pending: ResMut<Pending>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let Some(Job::Effect(effect)) = job.0.take() else { return };
    let me = active(&cave, &turn);
    let here = me.map(|d| d.at.0);
    match effect {
        EventEffect::SwarmThreat(n) => fx.agenda.first((0..n.unsigned_abs()).map(|_| Job::ThreatStep(n.signum()))),
        EventEffect::Spawn(kind, n, place) => spawn(&cave, &mut fx, kind, n, &place, here),
        EventEffect::Ambush(kind) => {
            let (Some(d), Some(h)) = (me, here) else { return };
            if let Some(id) = spawn_near(&cave, &mut fx, kind, h, 1, false).first().copied() {
                let mut jobs = reactions(&cave, d.dwarf.seat, h, Some(id));
                jobs.push(Job::AmbushAttack { creature: id, seat: d.dwarf.seat });
                fx.agenda.first(jobs);
            }
        }
        EventEffect::Grab { damage, knock_over } => {
            let (Some(d), Some(h)) = (me, here) else { return };
            let mut jobs = reactions(&cave, d.dwarf.seat, h, None);
            jobs.push(Job::GrabLands { seat: d.dwarf.seat, damage, knock_over });
            fx.agenda.first(jobs);
        }
        EventEffect::ActivateAll => fx.agenda.first([Job::ActivateAll]),
        EventEffect::MissionEvent => {
            fx.say(GameEvent::MissionEventCard { text: mission.mission_event.text.clone() });
            fx.agenda.first(mission.mission_event.effects.iter().cloned().map(Job::MissionEffect));
        }
        EventEffect::HurtActive(die, n) => {
            if let Some(d) = me {
                hurt_by_roll(&cave, &mut fx, &d, die, n);
            }
        }
        EventEffect::IfStanding(effects) => match me {
            Some(d) if d.status.standing() => fx.agenda.first([Job::Optional(effects)]),
            _ => fx.say(GameEvent::Skipped { why: "the active Dwarf is not standing".into() }),
        },
        EventEffect::MineralRoll { on_blank_threat } => {
            if let Some(d) = me {
                let karl = for_karl.in_hand(&cave);
                let roll = MineralRoll { on_blank_threat, ..MineralRoll::at(d.at.0) };
                // A roll that cannot be made (forced dice of another kind) is skipped, as the
                // other rolls of an Event card.
                let _ = mineral_die::roll(&cave, &mut fx, &mut pending, karl, Who::Dwarf(d.dwarf.class), roll);
            }
        }
        EventEffect::SetAsideSwarm => {
            if let Some(c) = decks.swarms.draw(&mut fx.rng) {
                decks.swarm_aside.push(c);
                fx.say(GameEvent::SwarmSetAside);
            }
        }
        EventEffect::PlacePickup(pickup, place) => {
            let anchor = exits_for(&cave, &place, here).first().copied();
            if let Some(at) = anchor.and_then(|a| empty_space_near(&cave, a)) {
                fx.spawn_with_id((Token::Pickup { pickup, revealed: true }, At(at)));
                fx.say(GameEvent::PickupPlaced { pickup, at: at.into() });
            }
        }
        EventEffect::HealAll(n) => heal_all(&cave, &mut fx, n),
        EventEffect::PrimaryAmmoAll(n) => ammo_all(&cave, &mut fx, n),
        EventEffect::AddToMule(item, n) => {
            fx.mule.add(item, n);
            fx.say(GameEvent::Collected { item, at: here.unwrap_or_default().into() });
        }
        EventEffect::ReviveOne(n) => revive_one(&cave, &mut fx, n),
        EventEffect::FreeResupply => {
            if let Some(h) = here {
                fx.agenda.first([Job::SupplyDrop(h)]);
            }
        }
        EventEffect::RockAndStoneAll(n) => {
            let seats: Vec<u32> = cave.dwarves_sorted().iter().map(|d| d.dwarf.seat).collect();
            fx.agenda.first(seats.into_iter().map(|seat| Job::DrawCards { seat, rock_and_stone: n, throwables: 0 }));
        }
        EventEffect::Nothing => fx.say(GameEvent::Skipped { why: "nothing happens".into() }),
    }
}

/// Spawn at one or several Exits; several become one job each so each placement sees the last.
fn spawn(cave: &Cave, fx: &mut Effects, kind: CreatureKind, n: u32, place: &Place, here: Option<Hex>) {
    let exits = exits_for(cave, place, here);
    if exits.is_empty() {
        fx.say(GameEvent::NothingSpawned { kind, reason: "that Tunnel Exit is not revealed".into() });
        return;
    }
    if let [exit] = exits[..] {
        match place {
            Place::NextToExit(_) => spawn_near(cave, fx, kind, exit, n, false),
            _ => spawn_at_exit(cave, fx, kind, exit, n),
        };
        return;
    }
    let numbers: Vec<u8> = exits.iter().filter_map(|h| cave.exit_at(*h)).collect();
    fx.agenda.first(numbers.into_iter().map(|e| Job::Effect(EventEffect::Spawn(kind, n, Place::Exit(e)))));
}

/// Roll dice for the active Dwarf; each hit is 1 damage to him (Falling Rocks).
fn hurt_by_roll(cave: &Cave, fx: &mut Effects, d: &DwarfItem, die: DieKind, n: u32) {
    let Ok(rolls) = fx.roll(Who::Dwarf(d.dwarf.class), &[(die, n)], &cave.data) else { return };
    let total: u32 = rolls.iter().map(|r| hits(&r.symbols)).sum();
    if total > 0 {
        hurt_dwarf(fx, d, &BTreeMap::from([(die, total)]));
    }
}

fn heal_all(cave: &Cave, fx: &mut Effects, n: u32) {
    let max = cave.data.numbers.dwarf.health;
    for d in cave.dwarves_sorted().iter().filter(|d| !d.status.unconscious) {
        let health = (d.health.0 + n).min(max);
        fx.commands.entity(d.entity).insert(Health(health));
        fx.say(GameEvent::Healed { dwarf: d.dwarf.class, amount: health - d.health.0, health });
    }
}

fn ammo_all(cave: &Cave, fx: &mut Effects, n: u32) {
    let max = cave.data.numbers.dwarf.primary_ammo;
    for d in cave.dwarves_sorted() {
        let ammo = Ammo { primary: (d.ammo.primary + n).min(max), ..*d.ammo };
        fx.commands.entity(d.entity).insert(ammo);
        fx.say(GameEvent::AmmoGained { dwarf: d.dwarf.class, primary: ammo.primary - d.ammo.primary });
    }
}

/// Revive the first unconscious Dwarf in seat order: on his feet with this much Health.
/// Second Chance: an unconscious Dwarf comes round; when several are, the players pick (ruling 31).
fn revive_one(cave: &Cave, fx: &mut Effects, n: u32) {
    match unconscious(cave).as_slice() {
        [] => fx.say(GameEvent::Skipped { why: "no Dwarf is unconscious".into() }),
        [d] => revive(fx, d, n),
        _ => fx.agenda.first([Job::ReviveChoice(n)]),
    }
}

/// The unconscious Dwarves, in seat order (the headless default takes the first, ruling 4).
fn unconscious<'a>(cave: &'a Cave) -> Vec<DwarfItem<'a>> {
    cave.dwarves_sorted().into_iter().filter(|d| d.status.unconscious).collect()
}

/// Ask which unconscious Dwarf comes round: his space.
fn offer_revive(cave: Cave, mut pending: ResMut<Pending>) {
    if pending.0.is_none() {
        let options = unconscious(&cave).iter().map(|d| Answer::Space(d.at.0.into())).collect();
        ask(&mut pending, "Second Chance: which unconscious Dwarf comes round?".into(), options);
    }
}

fn answer_revive(mut desk: Desk, cave: Cave, mut pending: ResMut<Pending>, mut job: ResMut<CurrentJob>, mut fx: Effects) {
    let result = desk.answer(&pending).and_then(|a| {
        pending.0 = None;
        let (Some(Job::ReviveChoice(n)), Answer::Space(at)) = (job.0.take(), a) else { return Err("not a Dwarf to revive".to_string()) };
        let d = unconscious(&cave).into_iter().find(|d| d.at.0 == at.into()).ok_or("no unconscious Dwarf there")?;
        revive(&mut fx, &d, n);
        Ok(())
    });
    desk.settle(result);
}

/// Supply Drop (ruling 31): the players pick where the free pod lands, any space a pod may be
/// called to, the nearest to the active Dwarf first (the headless default).
fn offer_landing(cave: Cave, mut job: ResMut<CurrentJob>, mut pending: ResMut<Pending>, mut fx: Effects) {
    let Some(Job::SupplyDrop(anchor)) = job.0 else { return };
    if pending.0.is_some() {
        return;
    }
    let options: Vec<Answer> = pod_spaces(&cave, anchor).into_iter().map(|h| Answer::Space(h.into())).collect();
    if options.is_empty() {
        job.0 = None;
        fx.say(GameEvent::Skipped { why: "no empty space for the Resupply pod".into() });
        return;
    }
    ask(&mut pending, "Supply Drop: where does the free Resupply pod land?".into(), options);
}

fn answer_landing(
    mut desk: Desk,
    cave: Cave,
    mut pending: ResMut<Pending>,
    mut job: ResMut<CurrentJob>,
    mut decks: ResMut<Decks>,
    mut fx: Effects,
) {
    let result = desk.answer(&pending).and_then(|a| {
        let Answer::Space(at) = a else { return Err("the pod lands on a space".to_string()) };
        pending.0 = None;
        job.0 = None;
        land_pod(&cave, &mut decks, &mut fx, at.into());
        Ok(())
    });
    desk.settle(result);
}

/// The mission's own event, step by step (missions/README.md lists the verbs).
fn mission_effect(cave: Cave, turn: Res<Turn>, mut job: ResMut<CurrentJob>, mut pool: ResMut<UpgradePool>, mut fx: Effects) {
    let Some(Job::MissionEffect(effect)) = job.0.take() else { return };
    let me = active(&cave, &turn);
    let here = me.map(|d| d.at.0);
    let point = |p: &SpawnPoint| -> Option<Hex> {
        match p {
            SpawnPoint::Exit(n) => exits_for(&cave, &Place::Exit(*n), here).first().copied(),
            SpawnPoint::NearestExit => exits_for(&cave, &Place::ExitNearestActive, here).first().copied(),
            SpawnPoint::NextToActiveDwarf => here,
            SpawnPoint::At(cell) => Some(cell_to_hex(*cell)),
        }
    };
    match effect {
        MissionEffect::SwarmThreat(n) => fx.agenda.first((0..n.unsigned_abs()).map(|_| Job::ThreatStep(n.signum()))),
        MissionEffect::Spawn(kind, n, p) => match point(&p) {
            Some(h) => {
                spawn_near(&cave, &mut fx, kind, h, n, !matches!(p, SpawnPoint::NextToActiveDwarf));
            }
            None => fx.say(GameEvent::NothingSpawned { kind, reason: "that Tunnel Exit is not revealed".into() }),
        },
        MissionEffect::DamageActive(n) => {
            if let Some(d) = me {
                hurt_dwarf(&mut fx, &d, &Hits::from([(DieKind::Creature, n)]));
            }
        }
        MissionEffect::DamageAll(n) => {
            for d in cave.dwarves_sorted().iter().filter(|d| !d.status.unconscious) {
                hurt_dwarf(&mut fx, d, &Hits::from([(DieKind::Creature, n)]));
            }
        }
        MissionEffect::Reveal(letter) => {
            if let Some((e, hidden)) = cave.caves.iter().find(|(_, c)| c.letter == letter && !c.revealed) {
                reveal_cave(&cave, &mut fx, &mut pool, e, hidden);
            }
        }
        MissionEffect::PlacePickup(pickup, p) => {
            if let Some(at) = point(&p).and_then(|h| empty_space_near(&cave, h)) {
                fx.spawn_with_id((Token::Pickup { pickup, revealed: true }, At(at)));
                fx.say(GameEvent::PickupPlaced { pickup, at: at.into() });
            }
        }
        MissionEffect::DropMineral(mineral, p) => {
            if let Some(at) = point(&p).and_then(|h| empty_space_near(&cave, h)) {
                fx.spawn_with_id((Token::Mineral { mineral, loose: true }, At(at)));
                fx.say(GameEvent::MineralDropped { mineral, at: at.into() });
            }
        }
        MissionEffect::ActivateAll => fx.agenda.first([Job::ActivateAll]),
    }
}

/// An optional card: ask the active Dwarf whether he takes it.
fn offer_optional(job: Res<CurrentJob>, mut pending: ResMut<Pending>) {
    if pending.0.is_none() && matches!(job.0, Some(Job::Optional(_))) {
        ask(&mut pending, "Take the card's offer?".into(), vec![Answer::Accept(true), Answer::Accept(false)]);
    }
}

fn answer_optional(mut desk: Desk, mut pending: ResMut<Pending>, mut job: ResMut<CurrentJob>, mut agenda: ResMut<Agenda>) {
    let result = desk.answer(&pending).map(|a| {
        pending.0 = None;
        if let Some(Job::Optional(effects)) = job.0.take()
            && a == Answer::Accept(true)
        {
            agenda.first(effects.into_iter().map(Job::Effect));
        }
    });
    desk.settle(result);
}
