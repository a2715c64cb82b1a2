//! Putting creatures on the cave: figure limits and the placement rule at Tunnel Exits (ruling 20).

use super::cave::Cave;
use super::components::*;
use super::effects::Effects;
use super::hex::{Walk, breadth_first, canonical, distance, least_such};
use super::log::{GameEvent, Who};
use super::state::Placed;
use crate::data::cards::Place;
use crate::data::creatures::CreatureKind;
use crate::data::mission::Facing;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeSet;
// Hex keys hashed by foldhash (Bevy's): the standard SipHash was a seventh of a simulated game.
use bevy::platform::collections::HashMap;

/// Spawn one creature figure at a hex, at full health.
pub fn spawn_creature(cave: &Cave, fx: &mut Effects, kind: CreatureKind, at: Hex, facing: Facing) -> u32 {
    let stats = cave.stats(kind);
    let (e, id) = fx.spawn_with_id((Creature { kind }, At(at), Health(stats.health), Faces(facing), CreatureStatus::default()));
    fx.placed.creatures.push((e, kind));
    fx.say(GameEvent::Spawned { who: Who::Creature { kind, id: id.0 }, at: at.into() });
    super::skills::on_spawn(cave, fx, e, id, kind, at, facing);
    id.0
}

/// The kind a card may really place: itself while figures are left, else a Grunt, else nothing
/// (rulebook "Spawning"). Figures placed this update and not yet on the table count as used.
pub fn figure_available(cave: &Cave, placed: &Placed, kind: CreatureKind) -> Option<CreatureKind> {
    let on_board = |k: CreatureKind| {
        let pending = placed.creatures.iter().filter(|(e, p)| *p == k && cave.creatures.get(*e).is_err()).count();
        cave.creatures.iter().filter(|c| c.creature.kind == k).count() + pending
    };
    let left = |k: CreatureKind| (on_board(k) as u32) < cave.stats(k).figures;
    if left(kind) {
        Some(kind)
    } else if left(CreatureKind::Grunt) {
        Some(CreatureKind::Grunt)
    } else {
        None
    }
}

/// How a creature placed on a space faces: toward the nearest Dwarf (ruling 35). A two-space
/// creature needs its back space as vacant as its front (ruling 33): facing the nearest Dwarf if it
/// fits so, else the first facing round the compass that fits. None when the creature cannot stand
/// there.
pub fn placement(cave: &Cave, kind: CreatureKind, h: Hex, taken: &BTreeSet<(i32, i32)>, opening: &[Hex]) -> Option<Facing> {
    // Spaces of a cave being revealed now are open floor, though the table shows them so only
    // once this update's changes land.
    let vacant = |s: Hex| if opening.contains(&s) { !taken.contains(&canonical(s)) } else { vacant_for_creature(cave, s, taken) };
    if !vacant(h) {
        return None;
    }
    let toward = super::hex::facing_toward(h, cave.nearest_dwarf_hex(h).unwrap_or(h));
    std::iter::once(toward)
        .chain(super::hex::FACINGS)
        .find(|f| cave.creature_spaces(kind, h, Some(&Faces(*f))).iter().all(|s| *s == h || vacant(*s)))
}

/// Whether a creature may stand on a space: floor or pit, no figure on it, not taken this placement.
fn vacant_for_creature(cave: &Cave, h: Hex, taken: &BTreeSet<(i32, i32)>) -> bool {
    cave.floor_or_pit(h)
        && !cave.creature_on(h)
        && !cave.dwarf_on(h)
        && !super::skills::keeps_spawns_off(cave, h)
        && !cave.resupply_pod_at(h)
        && !taken.contains(&canonical(h))
}

/// Creature walking distance from a hex over floor and pits (ruling 11), ignoring figures.
pub fn walking_distances(cave: &Cave, from: Hex) -> HashMap<Hex, u32> {
    breadth_first(cave.board.grid(), from, |_, n, _| cave.floor_or_pit(n), |_| true).distances()
}

/// The walk for placing a spawned creature (ruling 20), over floor and pits from where it comes
/// out, nearest first; it does not go on through Flames (rulebook: creatures do not move into
/// them), so a Flame space is only ever the last space reached. A creature that can then only go
/// on a Flame is burnt (`skills::on_spawn`).
pub fn spawn_walk<'g>(cave: &'g Cave, from: Hex) -> Walk<'g> {
    breadth_first(cave.board.grid(), from, |_, n, _| cave.floor_or_pit(n), |h| !cave.flame_at(h))
}

/// Place `count` creatures of a kind at a Tunnel Exit (ruling 20): on the Exit if vacant, then on the
/// vacant spaces nearest it, ties to the space nearest a Dwarf, then canonical order.
pub fn spawn_at_exit(cave: &Cave, fx: &mut Effects, kind: CreatureKind, exit: Hex, count: u32) -> Vec<u32> {
    spawn_near(cave, fx, kind, exit, count, true)
}

/// Place creatures as near an anchor space as possible (ruling 20's order); `on_anchor` says
/// whether the anchor itself may take one (a Tunnel Exit does; a Dwarf's or a Nexus's space not).
pub fn spawn_near(cave: &Cave, fx: &mut Effects, kind: CreatureKind, anchor: Hex, count: u32, on_anchor: bool) -> Vec<u32> {
    let walk = spawn_walk(cave, anchor);
    let reached: Vec<(Hex, u32)> = walk.reached().filter(|(h, _)| on_anchor || *h != anchor).collect();
    let dwarves: Vec<Hex> = cave.dwarves_sorted().iter().filter(|d| !d.status.unconscious).map(|d| d.at.0).collect();
    let near_dwarf = |h: Hex| dwarves.iter().map(|d| distance(*d, h)).min().unwrap_or(0);
    let mut taken = BTreeSet::new();
    let mut ids = Vec::new();
    for _ in 0..count {
        let Some(real) = figure_available(cave, &fx.placed, kind) else {
            fx.say(GameEvent::NothingSpawned { kind, reason: "every figure is already on the cave".into() });
            continue;
        };
        // The order begins with the steps, and the walk reaches the nearest first: the first
        // steps with a space that takes the creature hold the least.
        let spot_where = |on_flames: bool| {
            reached.chunk_by(|a, b| a.1 == b.1).find_map(|same_steps| {
                let open = same_steps.iter().filter(|(h, _)| on_flames || !cave.flame_at(*h));
                least_such(open.map(|(h, d)| ((*d, near_dwarf(*h), canonical(*h)), *h)), |h| placement(cave, real, *h, &taken, &[]))
            })
        };
        // Rulebook, Flaming Ground: a creature goes on a Flame only when it can go nowhere else.
        let spot = spot_where(false).or_else(|| spot_where(true));
        let Some((spot, facing)) = spot else {
            fx.say(GameEvent::NothingSpawned { kind: real, reason: "no vacant space near the spot".into() });
            continue;
        };
        for h in cave.creature_spaces(real, spot, Some(&Faces(facing))) {
            taken.insert(canonical(h));
        }
        ids.push(spawn_creature(cave, fx, real, spot, facing));
    }
    ids
}

/// Every revealed Tunnel Exit, by number.
pub fn revealed_exits(cave: &Cave) -> Vec<(u8, Hex)> {
    let mut v: Vec<(u8, Hex)> =
        cave.board.spaces.iter().filter_map(|(h, e)| cave.spaces.get(*e).ok().and_then(|s| s.exit.map(|x| (x.0, *h)))).collect();
    v.sort_by_key(|(n, h)| (*n, canonical(*h)));
    v
}

/// The Tunnel Exits a card's place names, among the revealed ones (an unrevealed Exit places
/// nothing, ruling 20).
pub fn exits_for(cave: &Cave, place: &Place, active: Option<Hex>) -> Vec<Hex> {
    let exits = revealed_exits(cave);
    let numbered = |n: u8| exits.iter().find(|(x, _)| *x == n).map(|(_, h)| *h);
    let nearest =
        |to: &[Hex]| exits.iter().min_by_key(|(n, h)| (to.iter().map(|d| distance(*d, *h)).min().unwrap_or(u32::MAX), *n)).map(|(_, h)| *h);
    let dwarves: Vec<Hex> = cave.dwarves_sorted().iter().filter(|d| !d.status.unconscious).map(|d| d.at.0).collect();
    match place {
        Place::Exit(n) | Place::NextToExit(n) => numbered(*n).into_iter().collect(),
        Place::FirstRevealed(list) => list.iter().find_map(|n| numbered(*n)).into_iter().collect(),
        Place::EveryExit => exits.iter().map(|(_, h)| *h).collect(),
        Place::ExitNearestActive | Place::NearExitNearestActive => nearest(&active.into_iter().collect::<Vec<_>>()).into_iter().collect(),
        Place::ExitNearestAnyDwarf => nearest(&dwarves).into_iter().collect(),
    }
}

/// The empty floor space nearest an anchor by walking: no figure, no token, not a Tunnel Exit.
pub fn empty_space_near(cave: &Cave, anchor: Hex) -> Option<Hex> {
    walking_distances(cave, anchor)
        .into_iter()
        .filter(|(h, _)| cave.empty_floor(*h).is_ok())
        .min_by_key(|(h, d)| (*d, canonical(*h)))
        .map(|(h, _)| h)
}
