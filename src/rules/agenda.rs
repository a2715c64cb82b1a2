//! The agenda: what the rules must still do after a command, one job at a time, in order. An Event
//! card, a swarm or "activate all creatures" becomes jobs here, so each creature's move is on the
//! table before the next creature acts, and the screen can show them one at a time. A job is taken
//! at an update; the simulator's quiet activations may follow one another within it
//! (`rules::ActivationsTogether`).

use crate::data::cards::EventEffect;
use crate::data::creatures::CreatureKind;
use crate::data::mission::MissionEffect;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// The Dwarf in this seat draws an Event card (ruling 23).
    DrawEvent(u32),
    /// One step of the Event card being resolved.
    Effect(EventEffect),
    /// One step of the mission's own Mission Event.
    MissionEffect(MissionEffect),
    /// Move the Swarm Threat marker one step (+1 or -1).
    ThreatStep(i32),
    /// Draw the Swarm card (and any set aside) and place its creatures.
    Swarm,
    /// Queue an activation for every creature on the cave, in creature-table order.
    ActivateAll,
    /// Activate one creature (ruling 16).
    Activate(u32),
    /// An Exploder goes off at a space (killed, or activated next to a Dwarf): the space, and the
    /// Exploder's id for the log.
    Explode(Hex, u32),
    /// A creature just died and leaves something behind (Brood Nexus: two Grunts).
    DeathSpawn(CreatureKind, Hex),
    /// Offer the Dwarf in this seat a free reaction shot at a space (ruling 24).
    ReactionOffer { seat: u32, target: Hex, creature: Option<u32> },
    /// The ambushing creature, if alive, attacks the Dwarf in this seat.
    AmbushAttack { creature: u32, seat: u32 },
    /// The grab on the Dwarf in this seat lands unless a reaction shot hit.
    GrabLands { seat: u32, damage: u32, knock_over: bool },
    /// Second Chance with several Dwarves unconscious: the players pick who comes round, with this
    /// much Health (ruling 31).
    ReviveChoice(u32),
    /// Supply Drop: the players pick where the free Resupply pod lands (ruling 31), any space a
    /// pod may be called to; the nearest to the active Dwarf's space, here, first.
    SupplyDrop(Hex),
    /// The active Dwarf may take the optional card's effects if standing.
    Optional(Vec<EventEffect>),
    /// The Dwarf in this seat draws cards (a kill's reward, a Barley Bulb, Morale Boost).
    DrawCards { seat: u32, rock_and_stone: u32, throwables: u32 },
    /// The turn passes to the next Dwarf.
    NextTurn,
    /// Offer BOSCO a reaction shot with his light gun at a space (ruling 24).
    BoscoReaction { target: Hex, creature: Option<u32> },
}

/// Whether the job in hand, the round's start or a creature's activation, may take the next
/// creature's in hand itself when all is quiet (`creatures::take_next`). Set by the rules before
/// each job from what no activation changes (`rules::ActivationsTogether`, no command waiting to
/// cut in, no action under way, the mission not over).
#[derive(Resource, Default)]
pub struct MayTakeNext(pub bool);

/// The kinds of job: each kind's rule is a schedule of its own (`RulesStep::Job`), run for a job of
/// that kind and no other, so a job's update asks no condition of the rules it is not for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JobKind {
    DrawEvent,
    Effect,
    MissionEffect,
    ThreatStep,
    Swarm,
    ActivateAll,
    Activate,
    Explode,
    DeathSpawn,
    ReactionOffer,
    AmbushAttack,
    GrabLands,
    ReviveChoice,
    SupplyDrop,
    Optional,
    DrawCards,
    NextTurn,
    BoscoReaction,
}

impl JobKind {
    pub const ALL: [JobKind; 18] = [
        JobKind::DrawEvent,
        JobKind::Effect,
        JobKind::MissionEffect,
        JobKind::ThreatStep,
        JobKind::Swarm,
        JobKind::ActivateAll,
        JobKind::Activate,
        JobKind::Explode,
        JobKind::DeathSpawn,
        JobKind::ReactionOffer,
        JobKind::AmbushAttack,
        JobKind::GrabLands,
        JobKind::ReviveChoice,
        JobKind::SupplyDrop,
        JobKind::Optional,
        JobKind::DrawCards,
        JobKind::NextTurn,
        JobKind::BoscoReaction,
    ];
}

impl Job {
    /// Which rule carries the job out: every job has one kind (the match is exhaustive).
    pub fn kind(&self) -> JobKind {
        match self {
            Job::DrawEvent(_) => JobKind::DrawEvent,
            Job::Effect(_) => JobKind::Effect,
            Job::MissionEffect(_) => JobKind::MissionEffect,
            Job::ThreatStep(_) => JobKind::ThreatStep,
            Job::Swarm => JobKind::Swarm,
            Job::ActivateAll => JobKind::ActivateAll,
            Job::Activate(_) => JobKind::Activate,
            Job::Explode(..) => JobKind::Explode,
            Job::DeathSpawn(..) => JobKind::DeathSpawn,
            Job::ReactionOffer { .. } => JobKind::ReactionOffer,
            Job::AmbushAttack { .. } => JobKind::AmbushAttack,
            Job::GrabLands { .. } => JobKind::GrabLands,
            Job::ReviveChoice(_) => JobKind::ReviveChoice,
            Job::SupplyDrop(_) => JobKind::SupplyDrop,
            Job::Optional(_) => JobKind::Optional,
            Job::DrawCards { .. } => JobKind::DrawCards,
            Job::NextTurn => JobKind::NextTurn,
            Job::BoscoReaction { .. } => JobKind::BoscoReaction,
        }
    }
}

/// Jobs still to do, the next first.
#[derive(Resource, Default, Debug)]
pub struct Agenda(pub VecDeque<Job>);

impl Agenda {
    /// Put jobs in front of everything else, keeping their order.
    pub fn first(&mut self, jobs: impl IntoIterator<Item = Job>) {
        let jobs: Vec<Job> = jobs.into_iter().collect();
        for j in jobs.into_iter().rev() {
            self.0.push_front(j);
        }
    }
}

/// The job being done now. Jobs are taken one at a time, each after the last one's changes are on
/// the table, so what a job changes is there before the next job looks; a job that asks a choice
/// stays here until it is answered.
#[derive(Resource, Default, Debug)]
pub struct CurrentJob(pub Option<Job>);

/// Whether the rules still have work before the next player command.
pub fn busy(agenda: &Agenda, job: &CurrentJob) -> bool {
    !agenda.0.is_empty() || job.0.is_some()
}

/// Take the next job when none is in hand and no choice is waiting.
pub fn take_job(mut agenda: ResMut<Agenda>, mut job: ResMut<CurrentJob>, pending: Res<super::command::Pending>) {
    if job.0.is_none() && pending.0.is_none() {
        job.0 = agenda.0.pop_front();
    }
}

/// Run condition: a job is in hand.
pub fn job_in_hand(j: Res<CurrentJob>) -> bool {
    j.0.is_some()
}

/// Run condition: the job in hand matches.
pub fn next_job(f: fn(&Job) -> bool) -> impl Fn(Res<CurrentJob>) -> bool + Clone {
    move |j: Res<CurrentJob>| j.0.as_ref().is_some_and(f)
}
