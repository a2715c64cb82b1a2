//! The end of a mission (rulebook "Game end"; ruling 26): a win aboard the Drop Pod, a launch that
//! leaves the unconscious behind, a minor success or a loss when the Swarm Threat runs out, a loss
//! when every Dwarf is down.

use super::actions::InProgress;
use super::agenda::CurrentJob;
use super::cave::Cave;
use super::command::command_is;
use super::command::{Command, Pending};
use super::effects::Effects;
use super::log::{GameEvent, GameLog, Who};
use super::state::Kills;
use super::state::Mule;
use super::swarm::SwarmThreat;
use super::{RulesSet, RulesStep};
use crate::data::weapons::DwarfClass;
use crate::rules::command::Desk;
use crate::rules::state::RulesResource;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// How a mission ended: kept with the table (`state`), which the log below this file names too.
pub use super::state::Result;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ending {
    pub result: Result,
    pub reason: String,
    /// Unconscious Dwarves left in the cave by a launch.
    pub left_behind: Vec<DwarfClass>,
}

/// How the mission ended, once it has.
#[derive(Resource, Default, Debug, Clone)]
pub struct Outcome(pub Option<Ending>);

pub fn plugin(app: &mut App) {
    app.rules_resource::<Outcome>().add_systems(Update, (note_kills, check_end).chain().in_set(RulesSet::End)).add_systems(
        RulesStep::Actions,
        launch.in_set(RulesSet::Actions).ambiguous_with(RulesSet::Actions).run_if(command_is(|c| matches!(c, Command::Launch))),
    );
}

/// Whether every Dwarf is on a Drop Pod space.
fn all_aboard(cave: &Cave) -> bool {
    cave.dwarves.iter().all(|d| cave.is_drop_pod(d.at.0))
}

/// Ruling 29: every creature killed is noted by kind, for the Kill objectives.
fn note_kills(log: Res<GameLog>, mut kills: ResMut<Kills>) {
    let Kills { kinds, noted } = &mut *kills;
    kinds.extend(log.unread(noted).iter().filter_map(|e| match e {
        GameEvent::Killed { who: Who::Creature { kind, .. } } => Some(*kind),
        _ => None,
    }));
}

fn check_end(
    cave: Cave,
    threat: Res<SwarmThreat>,
    mut outcome: ResMut<Outcome>,
    mut job: ResMut<CurrentJob>,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    mut fx: Effects,
) {
    if outcome.0.is_some() || cave.dwarves.is_empty() {
        return;
    }
    let met = cave.objectives_met(&fx.mule);
    let aboard = cave.dwarves.iter().filter(|d| cave.is_drop_pod(d.at.0)).count();
    // With BOSCO on the cave the lone Dwarf may yet be revived (`bosco.rs`).
    let ending = if cave.dwarves.iter().all(|d| d.status.unconscious) && cave.bosco.is_empty() {
        Some((Result::Loss, "every Dwarf is unconscious".to_string()))
    } else if met && all_aboard(&cave) {
        Some((Result::Success, "the objectives are met and every Dwarf is aboard the Drop Pod".to_string()))
    } else if threat.0 >= cave.data.numbers.swarm_meter.steps {
        Some(if met && aboard > 0 {
            (Result::MinorSuccess, "the Swarm Threat ran out with the objectives met and some Dwarves aboard".to_string())
        } else {
            (Result::Loss, "the Swarm Threat ran out".to_string())
        })
    } else {
        None
    };
    if let Some((result, reason)) = ending {
        finish(&mut outcome, &mut fx, &mut job, &mut pending, &mut progress, Ending { result, reason, left_behind: vec![] });
    }
}

/// The mission is over: nothing is left to do, to answer or to carry on (an action under way, a
/// roll held for For Karl!: the fuzz found a Weapon Upgrade's offer left waiting with no question
/// when the last Dwarf fell in the same move).
fn finish(outcome: &mut Outcome, fx: &mut Effects, job: &mut CurrentJob, pending: &mut Pending, progress: &mut InProgress, e: Ending) {
    fx.agenda.0.clear();
    fx.karl.0 = None;
    job.0 = None;
    pending.0 = None;
    *progress = InProgress::Idle;
    fx.log.push(GameEvent::MissionEnded { result: e.result, reason: e.reason.clone() });
    outcome.0 = Some(e);
}

/// Whether the team may launch the Drop Pod now (the legal-moves query asks this too).
pub fn check_launch(cave: &Cave, mule: &Mule) -> std::result::Result<(), String> {
    if !cave.objectives_met(mule) {
        return Err("the Drop Pod launches only once the objectives are met".to_string());
    }
    if cave.dwarves.iter().any(|d| !d.status.unconscious && !cave.is_drop_pod(d.at.0)) {
        return Err("every conscious Dwarf must be aboard the Drop Pod".to_string());
    }
    Ok(())
}

/// Ruling 26: with the objectives met and every conscious Dwarf aboard, the team may launch and
/// leave the unconscious behind.
fn launch(
    mut desk: Desk,
    mut outcome: ResMut<Outcome>,
    mut job: ResMut<CurrentJob>,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut fx: Effects,
) {
    let result = (|| {
        check_launch(&cave, &fx.mule)?;
        let left_behind: Vec<DwarfClass> =
            cave.dwarves_sorted().iter().filter(|d| !cave.is_drop_pod(d.at.0)).map(|d| d.dwarf.class).collect();
        let reason = "launched with every conscious Dwarf aboard".to_string();
        finish(&mut outcome, &mut fx, &mut job, &mut pending, &mut progress, Ending { result: Result::Success, reason, left_behind });
        Ok(())
    })();
    desk.settle(result);
}
