//! The end of a mission (rulebook "Game end"; ruling 26): a win aboard the Drop Pod, a launch that
//! leaves the unconscious behind, a minor success or a loss when the Swarm Threat runs out, a loss
//! when every Dwarf is down.

use super::actions::InProgress;
use super::agenda::{Agenda, CurrentJob};
use super::cave::{Cave, SpaceData, drop_pod_at};
use super::command::{CommandKind, Pending};
use super::components::{At, Bosco, Dwarf, DwarfStatus, Space};
use super::for_karl::KarlWindow;
use super::log::{GameEvent, GameLog, Who};
use super::state::{Board, Kills, MissionInfo, Mule};
use super::swarm::SwarmThreat;
use super::{RulesSet, RulesStep};
use crate::data::GameData;
use crate::data::weapons::DwarfClass;
use crate::rules::command::Desk;
use crate::rules::state::RulesResource;
use bevy::ecs::system::SystemParam;
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
    app.rules_resource::<Outcome>()
        // Asked before the update's job is taken and again after it.
        .add_systems(Update, judge.in_set(RulesSet::Judge))
        .add_systems(Update, judge.in_set(RulesSet::End))
        .add_systems(RulesStep::Action(CommandKind::Launch), launch);
}

/// Has the mission ended? The kills logged since the last look are noted first, for the Kill
/// objectives the end is judged on. One system, not two: it runs twice in every update.
fn judge(mut kills: ResMut<Kills>, watch: EndWatch, mut finish: Finish) {
    note_kills(&finish.log, &mut kills);
    if finish.outcome.0.is_some() {
        return;
    }
    if let Some((result, reason)) = watch.ending(&kills) {
        finish.end(Ending { result, reason, left_behind: vec![] });
    }
}

/// Ruling 29: every creature killed is noted by kind, for the Kill objectives.
fn note_kills(log: &GameLog, kills: &mut Kills) {
    let Kills { kinds, noted } = kills;
    kinds.extend(log.unread(noted).iter().filter_map(|e| match e {
        GameEvent::Killed { who: Who::Creature { kind, .. } } => Some(*kind),
        _ => None,
    }));
}

/// What the end of a mission is judged on (rulebook "Game end"): where the Dwarves are and whether
/// they are conscious, BOSCO, the objectives, the Swarm Threat. Read alone, without the whole cave
/// and the means to change it: the mission's end is asked after every update.
#[derive(SystemParam)]
struct EndWatch<'w, 's> {
    data: Res<'w, GameData>,
    mission: Res<'w, MissionInfo>,
    mule: Res<'w, Mule>,
    threat: Res<'w, SwarmThreat>,
    board: Res<'w, Board>,
    spaces: Query<'w, 's, SpaceData, With<Space>>,
    dwarves: Query<'w, 's, (&'static At, &'static DwarfStatus), With<Dwarf>>,
    bosco: Query<'w, 's, (), With<Bosco>>,
}

impl EndWatch<'_, '_> {
    /// How the mission ends now, if it does.
    fn ending(&self, kills: &Kills) -> Option<(Result, String)> {
        if self.dwarves.is_empty() {
            return None;
        }
        let met = self.mission.objectives_met(&self.mule, kills);
        let aboard = self.dwarves.iter().filter(|(at, _)| drop_pod_at(&self.board, &self.spaces, at.0)).count();
        // With BOSCO on the cave the lone Dwarf may yet be revived (`bosco.rs`).
        if self.dwarves.iter().all(|(_, s)| s.unconscious) && self.bosco.is_empty() {
            Some((Result::Loss, "every Dwarf is unconscious".to_string()))
        } else if met && aboard == self.dwarves.iter().len() {
            Some((Result::Success, "the objectives are met and every Dwarf is aboard the Drop Pod".to_string()))
        } else if self.threat.0 >= self.data.numbers.swarm_meter.steps {
            Some(if met && aboard > 0 {
                (Result::MinorSuccess, "the Swarm Threat ran out with the objectives met and some Dwarves aboard".to_string())
            } else {
                (Result::Loss, "the Swarm Threat ran out".to_string())
            })
        } else {
            None
        }
    }
}

/// What ending the mission puts away: nothing is left to do, to answer or to carry on (an action
/// under way, a roll held for For Karl!: the fuzz found a Weapon Upgrade's offer left waiting with
/// no question when the last Dwarf fell in the same move).
#[derive(SystemParam)]
struct Finish<'w> {
    outcome: ResMut<'w, Outcome>,
    job: ResMut<'w, CurrentJob>,
    pending: ResMut<'w, Pending>,
    progress: ResMut<'w, InProgress>,
    agenda: ResMut<'w, Agenda>,
    karl: ResMut<'w, KarlWindow>,
    log: ResMut<'w, GameLog>,
}

impl Finish<'_> {
    /// The mission is over.
    fn end(&mut self, e: Ending) {
        self.agenda.0.clear();
        self.karl.0 = None;
        self.job.0 = None;
        self.pending.0 = None;
        *self.progress = InProgress::Idle;
        self.log.push(GameEvent::MissionEnded { result: e.result, reason: e.reason.clone() });
        self.outcome.0 = Some(e);
    }
}

/// Whether the team may launch the Drop Pod now, and if so who it leaves behind (the unconscious
/// not aboard, ruling 26): the legal-moves query asks this too, and names them on the offer.
pub fn check_launch(cave: &Cave, mule: &Mule) -> std::result::Result<Vec<DwarfClass>, String> {
    if !cave.objectives_met(mule) {
        return Err("the Drop Pod launches only once the objectives are met".to_string());
    }
    if cave.dwarves.iter().any(|d| !d.status.unconscious && !cave.is_drop_pod(d.at.0)) {
        return Err("every conscious Dwarf must be aboard the Drop Pod".to_string());
    }
    Ok(cave.dwarves_sorted().iter().filter(|d| !cave.is_drop_pod(d.at.0)).map(|d| d.dwarf.class).collect())
}

/// Ruling 26: with the objectives met and every conscious Dwarf aboard, the team may launch and
/// leave the unconscious behind.
fn launch(mut desk: Desk, cave: Cave, mule: Res<Mule>, mut finish: Finish) {
    let result = (|| {
        let left_behind = check_launch(&cave, &mule)?;
        let reason = "launched with every conscious Dwarf aboard".to_string();
        finish.end(Ending { result: Result::Success, reason, left_behind });
        Ok(())
    })();
    desk.settle(result);
}
