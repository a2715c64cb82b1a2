//! Whom a creature goes for (ruling 17): the nearest Dwarf it can attack, or, when moving, the
//! nearest by its own path; ties to the Dwarf whose turn was most recent.

use crate::rules::cave::{Cave, CreatureItem, DwarfItem};
use crate::rules::hex::distance;
use crate::rules::state::{Mule, Turn};
use hexx::Hex;

/// Dwarves creatures may target: conscious, and not aboard the Drop Pod once the objectives are met.
pub fn targets<'a>(cave: &'a Cave, mule: &Mule) -> Vec<DwarfItem<'a>> {
    cave.dwarves_sorted().into_iter().filter(|d| !(d.status.unconscious || cave.aboard(mule, d.at.0))).collect()
}

/// 0 for the Dwarf whose turn was most recent, then back around the table.
pub fn recency(cave: &Cave, turn: &Turn, seat: u32) -> u32 {
    let n = cave.dwarves.iter().count().max(1) as u32;
    (turn.seat + n - seat) % n
}

/// Whether a creature standing on `spaces` can attack a hex: in range and line of sight from one of
/// its spaces.
pub fn can_attack_from(cave: &Cave, spaces: &[Hex], range: u32, target: Hex) -> bool {
    spaces.iter().any(|s| {
        let d = distance(*s, target);
        d >= 1 && d <= range && crate::rules::skills::creature_sight(cave, *s, target)
    })
}

/// The Dwarf a creature attacks now, if any: the nearest in range and sight, then the most recent.
pub fn attack_target<'a>(cave: &'a Cave, turn: &Turn, mule: &Mule, c: &CreatureItem) -> Option<DwarfItem<'a>> {
    let range = cave.stats(c.creature.kind).range;
    let spaces = cave.creature_spaces(c.creature.kind, c.at.0, c.faces);
    targets(cave, mule)
        .into_iter()
        .filter(|d| range > 0 && can_attack_from(cave, &spaces, range, d.at.0))
        .min_by_key(|d| (spaces.iter().map(|s| distance(*s, d.at.0)).min().unwrap_or(u32::MAX), recency(cave, turn, d.dwarf.seat)))
}
