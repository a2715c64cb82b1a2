//! Scare results (ruling 15): each scared creature moves up to N spaces, each step farther from the
//! cause than the last; the attacking player picks the spaces. A two-space creature (the Oppressor)
//! runs front first, its back following on the space the front left (ruling 33).

use super::{InProgress, answering, ask, asking};
use crate::data::creatures::Trait;
use crate::rules::cave::{Cave, CreatureItem};
use crate::rules::command::{Answer, Pending};
use crate::rules::command::{CommandKind, Desk, needless};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::hex::{Qr, canonical, distance, facing_to};
use crate::rules::log::{GameEvent, Who};
use crate::rules::reveal::UpgradePool;
use crate::rules::reveal::board_neighbours;
use crate::rules::skills::creature_passes;
use crate::rules::skills::engineer::sentry_walk;
use crate::rules::thrown::{lure_at, may_leave};
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::Hex;

#[derive(Debug, Clone)]
pub struct ScareState {
    pub cause: Hex,
    /// Creature ids still to move, in order.
    pub queue: Vec<u32>,
    pub max: u32,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        RulesStep::Action(CommandKind::Choose),
        move_scared.in_set(RulesSet::Actions).ambiguous_with(RulesSet::Actions).run_if(answering(|p| matches!(p, InProgress::Scare(_)))),
    )
    .add_systems(
        Update,
        offer_run.in_set(RulesSet::Ask).ambiguous_with(RulesSet::Ask).run_if(asking(|p| matches!(p, InProgress::Scare(_)))),
    );
}

/// Wait for the scared creatures' runs (asked for by `offer_run` once the damage is dealt).
pub fn start_scare(pending: &mut Pending, progress: &mut InProgress, state: ScareState) {
    pending.0 = None;
    *progress = if state.queue.is_empty() { InProgress::Idle } else { InProgress::Scare(state) };
}

/// Ask where the next scared creature runs, as the cave is now; creatures that are dead or never
/// move are passed over.
fn offer_run(cave: Cave, mut progress: ResMut<InProgress>, mut pending: ResMut<Pending>) {
    let InProgress::Scare(state) = &mut *progress else { return };
    state.queue.retain(|id| cave.creature_by_id(*id).is_some_and(|c| !cave.stats(c.creature.kind).has(Trait::Immobile)));
    let Some(first) = state.queue.first().copied() else {
        *progress = InProgress::Idle;
        return;
    };
    let c = cave.creature_by_id(first).expect("kept above");
    let options: Vec<Answer> =
        paths(&cave, &c, state.cause, state.max).into_iter().map(|p| Answer::Scare(p.into_iter().map(Qr::from).collect())).collect();
    let nowhere = options.len() == 1;
    ask(&mut pending, format!("Scare the {} #{first} away", cave.stats(c.creature.kind).name), options);
    if nowhere {
        // Staying is always a way (0 steps): the only one, when every step nearer is taken.
        needless(&mut pending, "it has nowhere to run: it stays");
    }
}

/// Every way to run: paths of 0..=max steps, each step farther from the cause, ending on a vacant
/// space (and, for a two-space creature, its back too, on the space the front came from). Longest
/// first, then canonical order, so the headless default runs farthest.
fn paths(cave: &Cave, c: &CreatureItem, cause: Hex, max: u32) -> Vec<Vec<Hex>> {
    let (from, me) = (c.at.0, c.id.0);
    let flying = cave.stats(c.creature.kind).has(Trait::Flying);
    let two_spaces = cave.stats(c.creature.kind).has(Trait::TwoSpaces);
    let ends_well = |p: &Vec<Hex>| {
        let end = *p.last().expect("a step");
        let back = if p.len() >= 2 { p[p.len() - 2] } else { from };
        vacant(cave, end, me) && (!two_spaces || vacant(cave, back, me))
    };
    let mut out = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..max {
        let mut next = Vec::new();
        for p in &frontier {
            let here: Hex = *p.last().unwrap_or(&from);
            for n in board_neighbours(cave, here) {
                if distance(n, cause) > distance(here, cause) && creature_passes(cave, flying, false, n) && may_leave(cave, here, n) {
                    let mut q = p.clone();
                    q.push(n);
                    next.push(q);
                }
            }
        }
        out.extend(next.iter().filter(|p| ends_well(p)).cloned());
        frontier = next;
    }
    out.sort_by_key(|p| (std::cmp::Reverse(p.len()), p.last().map(|h| canonical(*h))));
    out
}

/// No figure but the running creature itself (whose back may rest where its front was), and
/// nothing a creature may not end a move on (ruling 34: the Resupply pod too).
fn vacant(cave: &Cave, h: Hex, me: u32) -> bool {
    let open = cave.floor_or_pit(h);
    open && cave.creature_at(h).is_none_or(|c| c.id.0 == me)
        && !cave.dwarf_on(h)
        && !lure_at(cave, h)
        && crate::rules::skills::creature_may_stand(cave, h)
        && !cave.resupply_pod_at(h)
}

fn move_scared(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut pool: ResMut<UpgradePool>,
    mut fx: Effects,
) {
    let InProgress::Scare(state) = &*progress else { return };
    let mut state = state.clone();
    let result = desk.answer(&pending).map(|a| {
        let id = state.queue.remove(0);
        if let (Answer::Scare(path), Some(c)) = (a, cave.creature_by_id(id)) {
            let hexes: Vec<Hex> = path.iter().map(|q| (*q).into()).collect();
            fx.say(GameEvent::Scared { who: Who::Creature { kind: c.creature.kind, id }, path });
            // Ruling 21: a creature that runs into the Sentry Gun's range is fired at too.
            if !sentry_walk(&cave, &mut fx, &mut pool, &c, &hexes)
                && let Some(end) = hexes.last()
            {
                fx.commands.entity(c.entity).insert(At(*end));
                // The back follows the front: it faces the way it ran (ruling 33).
                let prev = if hexes.len() >= 2 { hexes[hexes.len() - 2] } else { c.at.0 };
                if let (true, Some(f)) = (cave.stats(c.creature.kind).has(Trait::TwoSpaces), facing_to(prev, *end)) {
                    fx.commands.entity(c.entity).insert(Faces(f));
                }
            }
        }
        start_scare(&mut pending, &mut progress, state);
    });
    desk.settle(result);
}
