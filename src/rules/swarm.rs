//! The Swarm Threat meter and the Swarm deck (rulebook "Swarms").

use super::RulesStep;
use super::agenda::{CurrentJob, Job, JobKind};
use super::cave::Cave;
use super::decks::Decks;
use super::effects::Effects;
use super::log::GameEvent;
use crate::data::cards::EventEffect;
use crate::rules::state::RulesResource;
use bevy::prelude::*;

/// Where the Swarm Threat marker stands.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct SwarmThreat(pub u32);

pub fn plugin(app: &mut App) {
    app.rules_resource::<SwarmThreat>()
        .add_systems(RulesStep::Job(JobKind::ThreatStep), threat_step)
        .add_systems(RulesStep::Job(JobKind::Swarm), swarm);
}

/// Move the marker one step. Reaching a swarm step triggers a swarm; the marker never goes below
/// its start.
fn threat_step(cave: Cave, mut job: ResMut<CurrentJob>, mut threat: ResMut<SwarmThreat>, mut fx: Effects) {
    let Some(Job::ThreatStep(d)) = job.0.take() else { return };
    let meter = &cave.data.numbers.swarm_meter;
    let step = if d < 0 { threat.0.saturating_sub(1).max(meter.start) } else { (threat.0 + 1).min(meter.steps) };
    if step == threat.0 {
        return;
    }
    threat.0 = step;
    fx.say(GameEvent::SwarmThreat { step, of: meter.steps });
    if d > 0 && meter.swarm_steps.contains(&step) {
        fx.agenda.first([Job::Swarm]);
    }
}

/// A swarm: the Swarm card and any set aside are placed one card at a time, then every creature
/// activates (rulebook "Swarms").
fn swarm(cave: Cave, mut job: ResMut<CurrentJob>, mut decks: ResMut<Decks>, mut fx: Effects) {
    job.0 = None;
    let mut cards: Vec<usize> = std::mem::take(&mut decks.swarm_aside);
    if let Some(c) = decks.swarms.draw(&mut fx.rng) {
        cards.push(c);
    }
    let mut jobs = Vec::new();
    for c in cards {
        let card = &cave.data.swarms[c];
        fx.say(GameEvent::SwarmCard { name: card.name.clone(), text: card.text.clone() });
        decks.swarms.discard(c);
        jobs.extend(card.places.iter().map(|(kind, n, place)| Job::Effect(EventEffect::Spawn(*kind, *n, place.clone()))));
    }
    jobs.push(Job::ActivateAll);
    fx.agenda.first(jobs);
}
