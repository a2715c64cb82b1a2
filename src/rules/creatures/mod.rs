//! Creature activation (rulebook "Activating creatures"; rulings 16-19): one creature per job, down
//! the creature table, each making one attack or one move.

pub mod attack;
pub mod intent;
pub mod pathing;
pub mod targeting;
pub mod throwables;

use super::actions::InProgress;
use super::actions::scare::{ScareState, start_scare};
use super::agenda::{CurrentJob, Job, JobKind, MayTakeNext};
use super::cave::{Cave, CreatureItem};
use super::command::Pending;
use super::components::*;
use super::damage::{Blow, Hits, hurt_creature, hurt_dwarf};
use super::effects::Effects;
use super::for_karl::{AfterRoll, ForKarlHands, HeldRoll, hold, released};
use super::hex::facing_to;
use super::log::{DieRoll, GameEvent, Who};
use super::spawn::spawn_near;
use super::state::{Mule, Turn};
use super::{RulesSet, RulesStep};
use crate::data::creatures::{Attack, CreatureKind, Trait};
use crate::data::dice::{DieKind, Symbol, hits};
use crate::data::mission::Ground;
use crate::rules::reveal::UpgradePool;
use bevy::prelude::*;
use hexx::Hex;
use intent::Intent;
use pathing::{Mover, Reach, route};
use targeting::{can_attack_from, recency, targets};

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Job(JobKind::ActivateAll), queue_activations)
        .add_systems(RulesStep::Job(JobKind::Activate), activate)
        .add_systems(RulesStep::Job(JobKind::Explode), explode)
        .add_systems(RulesStep::Job(JobKind::DeathSpawn), death_spawn)
        .add_systems(
            RulesStep::Rolled,
            (
                attack::attack_lands.run_if(released(|a| matches!(a, AfterRoll::Attack { .. }))),
                attack::hatch_lands.run_if(released(|a| matches!(a, AfterRoll::Hatch { .. }))),
                explosion_lands.run_if(released(|a| matches!(a, AfterRoll::Explode { .. }))),
            )
                .in_set(RulesSet::Rolled)
                .ambiguous_with(RulesSet::Rolled),
        );
}

/// Every creature on the cave gets an activation, down the creature table; creatures of one kind
/// nearest a Dwarf first, then canonical order (ruling 4). Creatures that arrive later in this
/// round are not in it. Where the rules let activations follow one another (`MayTakeNext`), the
/// first is taken in hand at once, for the rules to carry out in this update.
fn queue_activations(cave: Cave, mut job: ResMut<CurrentJob>, pending: Res<Pending>, may_take_next: Res<MayTakeNext>, mut fx: Effects) {
    job.0 = None;
    let order = intent::order(&cave);
    fx.say(GameEvent::CreaturesActivate { count: order.len() as u32 });
    fx.agenda.first(order.into_iter().map(Job::Activate));
    take_next(&cave, &pending, &may_take_next, &mut job, &mut fx);
}

/// Carry out the activation in hand; then, where the rules let activations follow one another
/// (`MayTakeNext`) and this one was quiet, the next creature's in the same run, on this run's
/// record of the cave with the moves made so far (`Cave::creature_moved`): a quiet activation
/// changes nothing else the next one asks of the table.
fn activate(
    cave: Cave,
    turn: Res<Turn>,
    mut job: ResMut<CurrentJob>,
    mut pool: ResMut<UpgradePool>,
    mut pending: ResMut<Pending>,
    for_karl: ForKarlHands,
    may_take_next: Res<MayTakeNext>,
    mut fx: Effects,
) {
    while let Some(Job::Activate(id)) = job.0.take() {
        let c = cave.creature_by_id(id);
        let moved = c.as_ref().and_then(|c| activate_one(&cave, &turn, &mut pool, &mut pending, &for_karl, &mut fx, c));
        if !take_next(&cave, &pending, &may_take_next, &mut job, &mut fx) {
            return;
        }
        if let Some(c) = c
            && let Some((end, faces)) = moved.and_then(|path| landing(&c, &path))
        {
            // As `step_along` leaves it: a step with no way to face keeps the facing it had.
            cave.creature_moved(&c, end, faces.as_ref().or(c.faces));
        }
    }
}

/// The next creature's activation taken in hand now, if the rules let activations follow one
/// another (`MayTakeNext`) and what the table shows says it may follow: everything said since the
/// mission's end was last judged (`end::judge`) is quiet (the round began, creatures moved,
/// stayed or skipped), no answer is awaited, no job is in hand and the next job is an activation.
/// Nothing the rules do between two jobs (the mission's end, the kills noted, the pickups revealed)
/// would then find anything new. Whether it was taken.
fn take_next(cave: &Cave, pending: &Pending, may_take_next: &MayTakeNext, job: &mut CurrentJob, fx: &mut Effects) -> bool {
    let log = &fx.log.0;
    let follows = may_take_next.0
        && pending.0.is_none()
        && job.0.is_none()
        && log[cave.kills.noted.min(log.len())..].iter().all(quiet)
        && matches!(fx.agenda.0.front(), Some(Job::Activate(_)));
    if follows {
        // As at the start of an update: what was placed before is on the table now.
        fx.placed.clear();
        job.0 = fx.agenda.0.pop_front();
    }
    follows
}

/// One creature's activation, as its intent says; the path it walked when it moved.
fn activate_one(
    cave: &Cave,
    turn: &Turn,
    pool: &mut UpgradePool,
    pending: &mut Pending,
    for_karl: &ForKarlHands,
    fx: &mut Effects,
    c: &CreatureItem,
) -> Option<Vec<Hex>> {
    let who = Who::Creature { kind: c.creature.kind, id: c.id.0 };
    let intent = intent::intent(cave, turn, &fx.mule, c);
    if let Intent::Skip { why } = &intent {
        // Ruling 19: the token is removed instead of the activation.
        fx.change::<CreatureStatus>(c.entity, |s| (s.stunned, s.frozen) = (false, false));
        fx.say(GameEvent::SkipsActivation { who, why: why.clone() });
        return None;
    }
    fx.say(GameEvent::Activated { who: who.clone() });
    let karl = for_karl.in_hand(cave);
    match intent {
        Intent::Skip { .. } | Intent::Stay => {}
        Intent::AttackLure { at } => fx.say(GameEvent::LureAttacked { who, at }),
        Intent::Move { path, .. } => {
            let path: Vec<Hex> = path.into_iter().map(Hex::from).collect();
            walk(cave, fx, pool, c, &path);
            return Some(path);
        }
        Intent::Hatch { .. } => attack::hatch(cave, fx, pending, karl, c),
        Intent::Explode => {
            fx.commands.entity(c.entity).despawn();
            fx.agenda.first([Job::Explode(c.at.0, c.id.0)]);
        }
        Intent::AttackSentry { .. } => super::skills::engineer::attack_sentry(cave, fx, pending, karl, c),
        Intent::Attack { target, .. } => {
            if let Some(d) = cave.dwarves_sorted().into_iter().find(|d| d.dwarf.class == target) {
                attack::attack(cave, fx, pending, karl, c, &d);
            }
        }
    }
    None
}

/// Whether what an activation said is all it did to the table: the round began, a creature
/// activated and moved, stayed or skipped its activation. Nothing the rules do between two jobs
/// (the mission's end, the kills noted, the pickups revealed) turns on a creature's place, so two
/// such activations may be carried out in one update (`rules::ActivationsTogether`).
fn quiet(said: &GameEvent) -> bool {
    match said {
        GameEvent::CreaturesActivate { .. } | GameEvent::Activated { .. } | GameEvent::SkipsActivation { .. } => true,
        GameEvent::Moved { who, .. } => matches!(who, Who::Creature { .. }),
        _ => false,
    }
}

/// Every space a creature that moves can get to now, by its own way of moving; none for a creature
/// that does not move. One search serves the choice of its goal and its path there.
pub fn reach_of(cave: &Cave, c: &CreatureItem) -> Option<Reach> {
    let stats = cave.stats(c.creature.kind);
    if stats.has(Trait::Immobile) || stats.movement == 0 {
        return None;
    }
    Some(Reach::from(cave, &Mover::of(cave, c), c.at.0))
}

/// The way a creature walks toward a goal space (a Dwarf, the Sentry Gun, a L.U.R.E.), stopping
/// where it could attack it (ruling 18).
pub fn path_toward(cave: &Cave, c: &CreatureItem, reach: &Reach, goal: Hex) -> Vec<Hex> {
    let range = cave.stats(c.creature.kind).range.max(1);
    // An Exploder heads for the spaces next to a Dwarf; a two-space creature is judged from its
    // front, the way it moves.
    let can_attack = |h: Hex| can_attack_from(cave, &[h], range, goal);
    route(cave, &Mover::of(cave, c), reach, c.at.0, goal, range, &can_attack)
}

/// The goal a creature that cannot attack walks toward: the nearest Dwarf by path length, ties to
/// the most recent turn; hex distance breaks no tie (ruling 36). Or the Sentry Gun when it is
/// nearer.
pub fn advance_goal(cave: &Cave, turn: &Turn, mule: &Mule, reach: &Reach) -> Option<Hex> {
    let target = targets(cave, mule)
        .into_iter()
        .min_by_key(|d| (reach.steps_to_reach(d.at.0).unwrap_or(u32::MAX), recency(cave, turn, d.dwarf.seat)))?;
    Some(super::skills::engineer::goal(cave, reach, target.at.0))
}

/// Walk a path decided by the intent: a Proximity Mine on the way cuts the walk short; the Sentry
/// Gun may fire on the way.
fn walk(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, c: &CreatureItem, path: &[Hex]) {
    let flying = Mover::of(cave, c).flying;
    if throwables::spring_mine(cave, fx, pool, c, flying, path) {
        return;
    }
    if !super::skills::engineer::sentry_walk(cave, fx, pool, c, path) {
        step_along(cave, fx, pool, c, path);
    }
}

/// Move a creature along a path: it ends on the last space facing the way it went; the Oppressor
/// smashes the rock on the way (and what that opens is revealed).
pub fn step_along(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, c: &CreatureItem, path: &[Hex]) {
    let Some((end, faces)) = landing(c, path) else { return };
    let mut moved = fx.commands.entity(c.entity);
    moved.insert(At(end));
    if let Some(f) = faces {
        moved.insert(f);
    }
    if cave.stats(c.creature.kind).has(Trait::CrashesThroughRock) {
        crash_through(cave, fx, pool, path);
    }
    fx.say(GameEvent::Moved { who: Who::Creature { kind: c.creature.kind, id: c.id.0 }, path: path.iter().map(|h| (*h).into()).collect() });
}

/// Where a creature that walks a path ends, and the way it faces there: the way it went on its
/// last step.
fn landing(c: &CreatureItem, path: &[Hex]) -> Option<(Hex, Option<Faces>)> {
    let end = *path.last()?;
    let prev = if path.len() >= 2 { path[path.len() - 2] } else { c.at.0 };
    Some((end, facing_to(prev, end).map(Faces)))
}

/// The Oppressor smashes the bare rock and stalagmites it moves through (ruling 13); a hidden cave
/// beside a wall it crashes through is revealed, as beside a carved one (ruling 33).
fn crash_through(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, path: &[Hex]) {
    for h in path {
        let wall = cave.terrain(*h) == Some(Terrain::Open(Ground::Wall(None)));
        let solid = wall || cave.terrain(*h).is_some_and(|t| t.is_stalagmite());
        if let (true, Some(space)) = (solid, cave.space(*h)) {
            fx.commands.entity(space).insert(Terrain::Open(Ground::Floor));
            fx.say(GameEvent::Crashed { at: (*h).into() });
            if wall {
                super::reveal::reveal_caves_touching(cave, fx, pool, *h);
            }
        }
    }
}

/// An Exploder goes off: one Explosive die on every figure next to it. Dwarves ignore the scare.
fn explode(
    cave: Cave,
    mut job: ResMut<CurrentJob>,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let Some(Job::Explode(at, id)) = job.0.take() else { return };
    let (die, n) = match cave.stats(CreatureKind::Exploder).attack {
        Attack::Explode(die, n) => (die, n),
        _ => (DieKind::Explosive, 1),
    };
    fx.say(GameEvent::Exploded { at: at.into() });
    let who = Who::Creature { kind: CreatureKind::Exploder, id };
    let Ok(rolls) = fx.roll(who.clone(), &[(die, n)], &cave.data) else { return };
    let karl = for_karl.in_hand(&cave);
    if let Some(rolls) = hold(&cave.data, &mut fx.karl, &mut pending, karl, who, rolls, AfterRoll::Explode { at }) {
        blast(&cave, &mut fx, &mut pending, &mut progress, at, &rolls);
    }
}

/// A held Exploder roll, let stand or rerolled, goes off.
fn explosion_lands(cave: Cave, mut pending: ResMut<Pending>, mut progress: ResMut<InProgress>, mut fx: Effects) {
    let Some(HeldRoll { then: AfterRoll::Explode { at }, rolls, .. }) = fx.karl.take() else { return };
    blast(&cave, &mut fx, &mut pending, &mut progress, at, &rolls);
}

/// The Exploder's dice on every figure next to its space, then the creatures there run from the
/// blast on a Scare.
fn blast(cave: &Cave, fx: &mut Effects, pending: &mut Pending, progress: &mut InProgress, at: Hex, rolls: &[DieRoll]) {
    let total: u32 = rolls.iter().map(|r| hits(&r.symbols)).sum();
    let scare = rolls.iter().any(|r| r.symbols.contains(&Symbol::Scare));
    let around: Vec<Hex> = super::reveal::board_neighbours(cave, at);
    if let Some(die) = rolls.first().map(|r| r.die).filter(|_| total > 0) {
        let h = Hits::from([(die, total)]);
        for s in &around {
            if let Some(d) = cave.dwarf_at(*s).filter(|d| !super::skills::gunner::shield_holds(cave, fx, d)) {
                hurt_dwarf(fx, &d, &h);
            }
            if let Some(c) = cave.creature_at(*s) {
                hurt_creature(cave, fx, &c, &h, &Blow::from(at, None));
            }
        }
        super::skills::engineer::blast_sentry(cave, fx, &around, total);
    }
    if scare {
        // Dwarves ignore the scare; creatures next to the blast run from it (rulebook, Exploder).
        let queue = around.iter().filter_map(|s| cave.creature_at(*s).map(|c| c.id.0)).collect();
        let max = cave.data.numbers.scare_spaces;
        start_scare(pending, progress, ScareState { cause: at, queue, max });
    }
}

/// What a creature leaves when it dies: the Brood Nexus's Grunts (two, in creatures.ron), one on
/// its space.
fn death_spawn(cave: Cave, mut job: ResMut<CurrentJob>, mut fx: Effects) {
    let Some(Job::DeathSpawn(kind, at)) = job.0.take() else { return };
    let n = cave.stats(kind).grunts_on_death();
    if n > 0 {
        spawn_near(&cave, &mut fx, CreatureKind::Grunt, at, n, true);
    }
}
