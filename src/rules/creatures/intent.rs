//! A creature's intent: what it does when it activates, decided before anything changes. The
//! activation carries out exactly this (`activate`), and the screen shows it on hover, as Into the
//! Breach shows its enemies' intent; [`order`] is the activation order of the creatures now.

use super::super::cave::{Cave, CreatureItem};
use super::super::hex::{Qr, adjacent, canonical, distance};
use super::super::state::{Mule, Turn};
use super::pathing::Reach;
use super::targeting::{attack_target, targets};
use super::{advance_goal, path_toward, reach_of};
use crate::data::creatures::Attack;
use crate::data::weapons::DwarfClass;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Intent {
    /// It skips this activation: its Stunned or Frozen token goes instead (ruling 19).
    Skip { why: String },
    /// It hatches Glyphids (the Brood Nexus), rolling this many Creature dice.
    Hatch { dice: u32 },
    /// It blows up next to a Dwarf or the Sentry Gun (the Exploder).
    Explode,
    /// It attacks the Sentry Gun, strictly closer than any Dwarf it could attack (ruling 17).
    AttackSentry { dice: u32 },
    /// It attacks this Dwarf, rolling this many Creature dice.
    Attack { target: DwarfClass, dice: u32 },
    /// It attacks a L.U.R.E. it can reach, to no avail.
    AttackLure { at: Qr },
    /// It walks this path toward a goal (a Dwarf, the Sentry Gun, a L.U.R.E.).
    Move { toward: Qr, path: Vec<Qr> },
    /// It has nothing to do (it does not move, or no way reaches anyone).
    Stay,
}

/// What this creature would do if it activated now.
pub fn intent(cave: &Cave, turn: &Turn, mule: &Mule, c: &CreatureItem) -> Intent {
    if c.status.stunned || c.status.frozen {
        return Intent::Skip { why: if c.status.stunned { "Stunned" } else { "Frozen" }.into() };
    }
    if let Some((lure, reachable)) = super::throwables::lure_of(cave, mule, c) {
        return match (reachable, reach_of(cave, c)) {
            (true, _) => Intent::AttackLure { at: lure.into() },
            (false, Some(reach)) => walk(cave, c, &reach, lure),
            (false, None) => Intent::Stay,
        };
    }
    match cave.stats(c.creature.kind).attack {
        Attack::Spawn(n) => Intent::Hatch { dice: n },
        Attack::Explode(..) => {
            let next_to_dwarf = targets(cave, mule).iter().any(|d| adjacent(d.at.0, c.at.0))
                || crate::rules::skills::engineer::sentry_next_to(cave, c.at.0);
            if next_to_dwarf { Intent::Explode } else { advance(cave, turn, mule, c) }
        }
        Attack::Dice(n) if crate::rules::skills::engineer::sentry_first(cave, mule, c) => Intent::AttackSentry { dice: n },
        Attack::Dice(n) => match attack_target(cave, turn, mule, c) {
            Some(d) => Intent::Attack { target: d.dwarf.class, dice: n },
            None => advance(cave, turn, mule, c),
        },
    }
}

fn advance(cave: &Cave, turn: &Turn, mule: &Mule, c: &CreatureItem) -> Intent {
    let Some(reach) = reach_of(cave, c) else { return Intent::Stay };
    match advance_goal(cave, turn, mule, &reach) {
        Some(goal) => walk(cave, c, &reach, goal),
        None => Intent::Stay,
    }
}

fn walk(cave: &Cave, c: &CreatureItem, reach: &Reach, goal: hexx::Hex) -> Intent {
    let path = path_toward(cave, c, reach, goal);
    if path.is_empty() {
        return Intent::Stay;
    }
    Intent::Move { toward: goal.into(), path: path.into_iter().map(Qr::from).collect() }
}

/// The creatures' activation order now, by id: down the creature table; creatures of one kind
/// nearest a Dwarf first, then canonical order (ruling 4).
pub fn order(cave: &Cave) -> Vec<u32> {
    let dwarves: Vec<hexx::Hex> = cave.dwarves_sorted().iter().filter(|d| !d.status.unconscious).map(|d| d.at.0).collect();
    let mut order: Vec<(usize, u32, (i32, i32), u32)> = cave
        .creatures_sorted()
        .iter()
        .map(|c| {
            let near = dwarves.iter().map(|d| distance(*d, c.at.0)).min().unwrap_or(0);
            (cave.data.creatures.order(c.creature.kind), near, canonical(c.at.0), c.id.0)
        })
        .collect();
    order.sort();
    order.into_iter().map(|o| o.3).collect()
}
