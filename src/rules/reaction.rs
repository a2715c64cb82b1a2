//! Reaction shots (rulebook "Reaction shots"; rulings 24, 30): when a card attacks a Dwarf, each
//! other standing Dwarf within 2 spaces of him may fire one ranged attack at the named creature, for
//! no action: from his own space, with its range and line of sight, any primary mode or his
//! secondary, upgrades included, paying its ammo, laid and dealt as any shot. A grab's leech is
//! broken by any hit. Ambushes and grabs then land if the threat survived.

use super::actions::modifiers::{Modifiers, for_attack};
use super::actions::shoot::{check_target, next_step, pay, roll_shot};
use super::actions::{InProgress, secondary};
use super::agenda::{CurrentJob, Job, JobKind, next_job};
use super::cave::Cave;
use super::command::{Answer, Pending};
use super::command::{CommandKind, ask_of};
use super::components::*;
use super::creatures::attack::attack;
use super::damage::{Hits, hurt_dwarf};
use super::effects::Effects;
use super::for_karl::{AfterRoll, ForKarlHands, HeldRoll, hold, released};
use super::hex::distance;
use super::log::{DieRoll, GameEvent, NoReactionWhy, Who};
use super::state::Turn;
use super::{RulesSet, RulesStep};
use crate::data::dice::{DieKind, hits};
use crate::data::weapons::{DwarfClass, FireMode};
use crate::rules::command::Desk;
use crate::rules::components::WeaponSlot;
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Job(JobKind::ReactionOffer), offer_reaction)
        .add_systems(RulesStep::Job(JobKind::AmbushAttack), ambush_attack)
        .add_systems(RulesStep::Job(JobKind::GrabLands), grab_lands)
        .add_systems(
            RulesStep::Action(CommandKind::Choose),
            take_reaction
                .in_set(RulesSet::Actions)
                .ambiguous_with(RulesSet::Actions)
                .run_if(next_job(|j| matches!(j, Job::ReactionOffer { .. }))),
        )
        .add_systems(
            RulesStep::Rolled,
            grab_shot_lands
                .run_if(released(|a| matches!(a, AfterRoll::GrabShot { .. })))
                .in_set(RulesSet::Rolled)
                .ambiguous_with(RulesSet::Rolled),
        );
}

/// A reaction shot one Dwarf may take (ruling 30): an ordinary ranged attack from where he stands
/// at the creature, with a primary mode (not one that only follows another) or his secondary
/// weapon, its range and line of sight, his upgrades, paying its ammo; no action spent.
struct Reaction {
    mode: FireMode,
    slot: WeaponSlot,
    mods: Modifiers,
}

/// Where a reaction shot aims: at the creature the card names, or, for a grab, at the Dwarf's
/// space it has hold of.
pub fn aim(cave: &Cave, victim: Hex, creature: Option<u32>) -> Hex {
    creature.and_then(|id| cave.creature_by_id(id)).map_or(victim, |c| c.at.0)
}

/// The shots a Dwarf may react with, or why none: none unless he is standing within the reaction
/// distance of the Dwarf under attack, on `victim` (rulings 24, 30); each in range and sight of
/// `target`.
fn reactions(
    cave: &Cave,
    turn: &Turn,
    loadouts: &Query<&Loadout>,
    seat: u32,
    victim: Hex,
    target: Hex,
) -> Result<Vec<Reaction>, NoReactionWhy> {
    let Some(d) = cave.dwarf_in_seat(seat) else { return Err(NoReactionWhy::Gone) };
    let (spaces, most) = (distance(victim, d.at.0), cave.data.numbers.kit.reaction_distance);
    if spaces > most {
        return Err(NoReactionWhy::TooFar { spaces, most });
    }
    if !d.status.standing() {
        return Err(NoReactionWhy::NotStanding);
    }
    let loadout = loadouts.get(d.entity).cloned().unwrap_or_default();
    // The active Dwarf's Steady Hands is his own next attack, not a reaction's.
    let quiet = Turn { extra_dice: 0, ..turn.clone() };
    let primary =
        cave.data.weapons.of(d.dwarf.class).modes.iter().filter(|m| m.only_after.is_empty()).map(|m| (m.clone(), WeaponSlot::Primary));
    let secondary = secondary::card(&cave.data, &loadout).ok().map(|(w, side)| (secondary::fire_mode(w, side), WeaponSlot::Secondary));
    let shots: Vec<Reaction> = primary
        .chain(secondary)
        .filter_map(|(mode, slot)| {
            let mods = for_attack(cave, &quiet, &loadout, slot, target);
            let paid = pay(d.ammo, slot, mode.ammo, mods.any_ammo).is_ok();
            let aimed = check_target(cave, d.at.0, mode.range + mods.range, mode.line, &mode.name, target).is_ok();
            (paid && aimed).then_some(Reaction { mode, slot, mods })
        })
        .collect();
    if shots.is_empty() { Err(NoReactionWhy::NoWeaponReaches) } else { Ok(shots) }
}

fn offer_reaction(
    cave: Cave,
    turn: Res<Turn>,
    loadouts: Query<&Loadout>,
    mut job: ResMut<CurrentJob>,
    mut pending: ResMut<Pending>,
    mut fx: Effects,
) {
    let Some(Job::ReactionOffer { seat, target, creature }) = job.0.clone() else { return };
    if pending.0.is_some() {
        return;
    }
    let alive = creature.is_none_or(|id| cave.creature_by_id(id).is_some());
    let shots =
        if alive { reactions(&cave, &turn, &loadouts, seat, target, aim(&cave, target, creature)) } else { Err(NoReactionWhy::Gone) };
    let Some(d) = cave.dwarf_in_seat(seat) else {
        job.0 = None;
        return;
    };
    let shots = match shots {
        Ok(shots) => shots,
        Err(why) => {
            job.0 = None;
            fx.say(GameEvent::NoReaction { dwarf: d.dwarf.class, why });
            return;
        }
    };
    let mut options: Vec<Answer> = shots.into_iter().map(|r| Answer::React(r.mode.id)).collect();
    options.push(Answer::Pass);
    let at = creature
        .and_then(|id| cave.creature_by_id(id))
        .map(|c| format!(" at the {}", cave.stats(c.creature.kind).name))
        .unwrap_or_default();
    // A grab on a shielded Dwarf does him no harm (`grab_lands`): said before any ammo is spent on
    // breaking it (a play-tester shot at a Cave Leech the Shield already held off).
    let shielded = creature.is_none() && super::skills::gunner::shielded(&cave, target);
    let note = if shielded { " (the Shield already keeps the grab off)" } else { "" };
    ask_of(&mut pending, Who::Dwarf(d.dwarf.class), format!("The {:?} may take a reaction shot{at}{note}", d.dwarf.class), options);
}

fn take_reaction(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    mut job: ResMut<CurrentJob>,
    cave: Cave,
    turn: Res<Turn>,
    loadouts: Query<&Loadout>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let Some(Job::ReactionOffer { seat, target, creature }) = job.0.clone() else { return };
    let result = desk.answer(&pending).and_then(|a| {
        pending.0 = None;
        job.0 = None;
        let Answer::React(mode) = a else { return Ok(()) };
        let d = cave.dwarf_in_seat(seat).ok_or("the reacting Dwarf is gone")?;
        let at = aim(&cave, target, creature);
        let r = reactions(&cave, &turn, &loadouts, seat, target, at)
            .unwrap_or_default()
            .into_iter()
            .find(|r| r.mode.id == mode)
            .ok_or("that reaction shot is not on offer")?;
        let karl = for_karl.in_hand(&cave);
        let state = roll_shot(&cave, &mut fx, &d, r.mode, r.slot, r.mods, at, karl && creature.is_some())?;
        if creature.is_some() {
            // At the creature: laid, rerolled and dealt as any shot (ruling 30).
            next_step(&cave, &mut fx, &mut pending, &mut progress, state);
        } else {
            let by = d.dwarf.class;
            if let Some(rolls) = hold(&cave.data, &mut fx.karl, &mut pending, karl, Who::Dwarf(by), state.rolls, AfterRoll::GrabShot { by })
            {
                breaks_grab(&mut fx, by, &rolls);
            }
        }
        Ok(())
    });
    desk.settle(result);
}

/// A reaction shot at a grab held for For Karl!, let stand or rerolled.
fn grab_shot_lands(mut fx: Effects) {
    let Some(HeldRoll { then: AfterRoll::GrabShot { by }, rolls, .. }) = fx.karl.take() else { return };
    breaks_grab(&mut fx, by, &rolls);
}

/// A grab: any hit of a reaction shot frees the victim (rulebook, Cave Leech).
fn breaks_grab(fx: &mut Effects, by: DwarfClass, rolls: &[DieRoll]) {
    if rolls.iter().any(|r| hits(&r.symbols) > 0) {
        fx.agenda.0.retain(|j| !matches!(j, Job::GrabLands { .. }));
        fx.say(GameEvent::GrabBroken { by });
    }
}

fn ambush_attack(cave: Cave, mut job: ResMut<CurrentJob>, mut pending: ResMut<Pending>, for_karl: ForKarlHands, mut fx: Effects) {
    let Some(Job::AmbushAttack { creature, seat }) = job.0.take() else { return };
    let (Some(c), Some(d)) = (cave.creature_by_id(creature), cave.dwarf_in_seat(seat)) else { return };
    if !d.status.unconscious {
        attack(&cave, &mut fx, &mut pending, for_karl.in_hand(&cave), &c, &d);
    }
}

fn grab_lands(cave: Cave, mut job: ResMut<CurrentJob>, mut fx: Effects) {
    let Some(Job::GrabLands { seat, damage, knock_over }) = job.0.take() else { return };
    let Some(d) = cave.dwarf_in_seat(seat) else { return };
    fx.say(GameEvent::Grabbed { dwarf: d.dwarf.class });
    if super::skills::gunner::shield_holds(&cave, &mut fx, &d) {
        return;
    }
    hurt_dwarf(&mut fx, &d, &Hits::from([(DieKind::Creature, damage)]));
    if knock_over && damage < d.health.0 {
        fx.change::<DwarfStatus>(d.entity, |s| s.knocked_over = true);
        fx.say(GameEvent::Afflicted { dwarf: d.dwarf.class, status: "KnockedOver".into() });
    }
}
