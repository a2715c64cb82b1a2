//! Reaction shots (rulebook "Reaction shots"; ruling 24): when a card attacks a Dwarf, each other
//! standing Dwarf within 2 spaces of him may fire one ranged attack at the named creature, for no
//! action, paying ammo. Ambushes and grabs then land if the threat survived.

use crate::rules::command::Desk;
use super::command::{ask_of, command_is};
use super::agenda::{CurrentJob, Job, next_job};
use super::cave::Cave;
use super::command::{Answer, Command, Pending};
use super::components::*;
use super::creatures::attack::attack;
use super::damage::{Blow, Hits, hurt_creature, hurt_dwarf};
use super::effects::Effects;
use super::hex::distance;
use super::log::{GameEvent, Who};
use super::actions::shoot::reaches;
use super::{JobsRun, RulesSet};
use crate::data::dice::{DieKind, hits};
use crate::data::weapons::FireMode;
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            offer_reaction.run_if(next_job(|j| matches!(j, Job::ReactionOffer { .. }))),
            ambush_attack.run_if(next_job(|j| matches!(j, Job::AmbushAttack { .. }))),
            grab_lands.run_if(next_job(|j| matches!(j, Job::GrabLands { .. }))),
        )
            .in_set(JobsRun)
            .ambiguous_with(JobsRun),
    )
    .add_systems(
        Update,
        take_reaction
            .in_set(RulesSet::Actions)
            .ambiguous_with(RulesSet::Actions)
            .run_if(next_job(|j| matches!(j, Job::ReactionOffer { .. })))
            .run_if(command_is(|c| matches!(c, Command::Choose(_)))),
    );
}

/// The victim of the card being resolved: the active Dwarf, on the target space.
fn victim_near(cave: &Cave, seat: u32, target: Hex) -> bool {
    cave.dwarf_in_seat(seat).is_some_and(|d| distance(d.3.0, target) <= cave.data.numbers.kit.reaction_distance)
}

/// The modes this Dwarf may react with: one ranged attack (no mode that only follows another).
fn reaction_modes(cave: &Cave, seat: u32, target: Hex) -> Vec<FireMode> {
    let Some(d) = cave.dwarf_in_seat(seat) else { return vec![] };
    if !d.6.standing() || !victim_near(cave, seat, target) {
        return vec![];
    }
    cave.data
        .weapons
        .of(d.2.class)
        .modes
        .iter()
        .filter(|m| m.only_after.is_empty() && d.5.primary >= m.ammo && reaches(cave, m.range, m.line, d.3.0, target))
        .cloned()
        .collect()
}

fn offer_reaction(cave: Cave, mut job: ResMut<CurrentJob>, mut pending: ResMut<Pending>, mut fx: Effects) {
    let Some(Job::ReactionOffer { seat, target, creature }) = job.0.clone() else { return };
    if pending.0.is_some() {
        return;
    }
    let alive = creature.is_none_or(|id| cave.creature_by_id(id).is_some());
    let modes = if alive { reaction_modes(&cave, seat, target) } else { vec![] };
    let Some(d) = cave.dwarf_in_seat(seat) else {
        job.0 = None;
        return;
    };
    if modes.is_empty() {
        job.0 = None;
        fx.say(GameEvent::NoReaction { dwarf: d.2.class });
        return;
    }
    let mut options: Vec<Answer> = modes.into_iter().map(|m| Answer::React(m.id)).collect();
    options.push(Answer::Pass);
    ask_of(&mut pending, Who::Dwarf(d.2.class), format!("The {:?} may take a reaction shot", d.2.class), options);
}

fn take_reaction(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut job: ResMut<CurrentJob>,
    cave: Cave,
    mut fx: Effects,
) {
    let Some(Job::ReactionOffer { seat, creature, .. }) = job.0.clone() else { return };
    let result = desk.answer(&pending).and_then(|a| {
        pending.0 = None;
        job.0 = None;
        let Answer::React(mode) = a else { return Ok(()) };
        let d = cave.dwarf_in_seat(seat).ok_or("the reacting Dwarf is gone")?;
        let m = cave.data.weapons.of(d.2.class).mode(&mode).ok_or("no such mode")?.clone();
        fx.commands.entity(d.0).insert(Ammo { primary: d.5.primary - m.ammo, ..*d.5 });
        fx.say(GameEvent::AmmoSpent { dwarf: d.2.class, primary: m.ammo, secondary: 0 });
        let rolls = fx.roll(Who::Dwarf(d.2.class), &m.dice, &cave.data)?;
        let mut hit = Hits::new();
        for r in &rolls {
            *hit.entry(r.die).or_default() += hits(&r.symbols);
        }
        hit.retain(|_, n| *n > 0);
        match creature.and_then(|id| cave.creature_by_id(id)) {
            Some(c) => {
                if !hit.is_empty() {
                    hurt_creature(&cave, &mut fx, &c, &hit, &Blow::from(d.3.0, Some(seat)));
                }
            }
            // A grab: any hit frees the victim (rulebook, Cave Leech).
            None if !hit.is_empty() => {
                fx.agenda.0.retain(|j| !matches!(j, Job::GrabLands { .. }));
                fx.say(GameEvent::GrabBroken { by: d.2.class });
            }
            None => {}
        }
        Ok(())
    });
    desk.settle(result);
}

fn ambush_attack(cave: Cave, mut job: ResMut<CurrentJob>, mut fx: Effects) {
    let Some(Job::AmbushAttack { creature, seat }) = job.0.take() else { return };
    let (Some(c), Some(d)) = (cave.creature_by_id(creature), cave.dwarf_in_seat(seat)) else { return };
    if !d.6.unconscious {
        attack(&cave, &mut fx, &c, &d);
    }
}

fn grab_lands(cave: Cave, mut job: ResMut<CurrentJob>, mut fx: Effects) {
    let Some(Job::GrabLands { seat, damage, knock_over }) = job.0.take() else { return };
    let Some(d) = cave.dwarf_in_seat(seat) else { return };
    fx.say(GameEvent::Grabbed { dwarf: d.2.class });
    if super::skills::gunner::shield_holds(&cave, &mut fx, &d) {
        return;
    }
    hurt_dwarf(&mut fx, &d, &Hits::from([(DieKind::Creature, damage)]));
    if knock_over && damage < d.4.0 {
        fx.commands.entity(d.0).insert(DwarfStatus { knocked_over: true, ..*d.6 });
        fx.say(GameEvent::Afflicted { dwarf: d.2.class, status: "KnockedOver".into() });
    }
}
