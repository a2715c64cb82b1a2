//! Where a Move can end: one search of the cave from the Dwarf's space, each step allowed by the
//! Move's own step rule (`may_step_onto`: `enterable`, or a class skill's `step_over`) and costed
//! by its own cost rule (`move_cost`: a Zipline ride is free). Each end found is then put to
//! `check_path` with the path that reached it, so the offer is exactly what the Move action would
//! take.

use super::{Detail, Offer};
use crate::data::mission::Ground;
use crate::data::weapons::DwarfClass;
use crate::rules::actions::movement::{check_path, may_step_onto, may_stop_on};
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::Command;
use crate::rules::components::Terrain;
use crate::rules::hex::{Grid, NO_HEX, Qr, canonical, neighbours};
use crate::rules::reveal::caves_touching;
use crate::rules::skills::{driller, move_cost, step_over};
use crate::rules::state::Mule;
use hexx::Hex;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The Move that ends on one space, or why none does: the space's own refusal first, as the Move
/// action puts it to a path's last step (`check_path`: `may_step_onto`, `may_stop_on`), then that
/// no way there fits the Move's movement points. For a screen asking why a space a player clicked is not lit.
pub fn offer_to(cave: &Cave, mule: &Mule, d: &DwarfItem, to: Hex) -> Result<Vec<Offer>, String> {
    let there: Vec<Offer> =
        offers(cave, mule, d).into_iter().filter(|o| matches!(&o.command, Command::Move(p) if p.last() == Some(&Qr::from(to)))).collect();
    if !there.is_empty() {
        return Ok(there);
    }
    if to == d.at.0 {
        return Err("he stands there already".into());
    }
    may_step_onto(cave, mule, d.dwarf.class, to, true)?;
    may_stop_on(cave, d, to)?;
    Err(format!("no way there takes {} movement points or fewer", cave.data.numbers.move_points))
}

/// Search order: fewest movement points, then fewest Flame spaces walked into, then the board's
/// canonical order so that equal paths always come out the same.
type Key = (u32, u32, (i32, i32));

/// Every Move the active Dwarf may make (he may move at all: `mover`), one shortest path to each
/// end space.
pub fn offers(cave: &Cave, mule: &Mule, d: &DwarfItem) -> Vec<Offer> {
    let (class, start) = (d.dwarf.class, d.at.0);
    let points = cave.data.numbers.move_points;
    let found = search(cave, mule, class, start, points);
    // Each end, with the space reached last before it when that is not on the search's own way.
    let mut ends: Vec<(Hex, Option<Hex>)> = found.reached().filter(|(h, _)| *h != start).map(|(h, _)| (h, None)).collect();
    // Power drilling: the Driller's last step may go into rock next to a space he reached with a
    // point to spare; from the cheapest such space.
    if class == DwarfClass::Driller {
        let mut reached: Vec<(Hex, Key)> = found.reached().filter(|(_, k)| k.0 < points).collect();
        reached.sort_by_key(|(_, k)| *k);
        for (h, _) in reached {
            for n in neighbours(h) {
                if found.key(n).is_none() && step_over(cave, class, n, true) && !ends.iter().any(|e| e.0 == n) {
                    ends.push((n, Some(h)));
                }
            }
        }
    }
    ends.sort_by_key(|e| canonical(e.0));
    // One path at a time, in one buffer: most ends are offered, and each offer keeps its own.
    let mut path = Vec::new();
    ends.into_iter()
        .filter_map(|(to, via)| {
            path.clear();
            found.path_into(via.unwrap_or(to), &mut path);
            path.extend(via.map(|_| to));
            check_path(cave, mule, d, &path).ok()?;
            Some(offer(cave, to, &path))
        })
        .collect()
}

/// The Move along a path that `check_path` allows, and what it costs.
fn offer(cave: &Cave, to: Hex, path: &[Hex]) -> Offer {
    let flame_damage = if path.iter().any(|h| cave.flame_at(*h)) { cave.data.numbers.skills.flame_damage } else { 0 };
    let q: Vec<Qr> = path.iter().map(|h| Qr::from(*h)).collect();
    // Power Drilling destroys the wall it ends in, mineral and all, and opens the hidden caves the
    // new space touches (rulebook "The Driller").
    let drills = driller::drills_into(cave, to);
    let drills_away = match cave.terrain(to) {
        Some(Terrain::Open(Ground::Wall(mineral))) => mineral,
        _ => None,
    };
    let opens = if drills { caves_touching(cave, to).iter().map(|(_, c)| c.letter).collect() } else { vec![] };
    Offer {
        command: Command::Move(q.clone()),
        detail: Detail::Move { to: to.into(), cost: move_cost(cave, path), path: q, flame_damage, drills, drills_away, opens },
    }
}

/// What the search found, by the board's numbering of its spaces: for each space reached within
/// the points, the search key it was reached with and the space it was reached from (`NO_HEX` for
/// the start).
struct Found<'g> {
    grid: &'g Grid,
    best: Vec<Option<Key>>,
    came_from: Vec<u32>,
}

impl Found<'_> {
    /// Every space reached, with its key.
    fn reached(&self) -> impl Iterator<Item = (Hex, Key)> + '_ {
        self.best.iter().enumerate().filter_map(|(i, k)| Some((self.grid.hex(i), (*k)?)))
    }

    fn key(&self, h: Hex) -> Option<Key> {
        self.best[self.grid.index(h)?]
    }

    /// The path from the start to a space reached, without the start, put in `path`.
    fn path_into(&self, end: Hex, path: &mut Vec<Hex>) {
        if let Some(i) = self.grid.index(end) {
            self.grid.way_back_into(&self.came_from, i, path);
        }
    }
}

/// Dijkstra over the spaces a Dwarf may step through, by the board's numbering of its spaces.
fn search<'g>(cave: &'g Cave, mule: &Mule, class: DwarfClass, start: Hex, points: u32) -> Found<'g> {
    let grid = cave.board.grid();
    let mut found = Found { grid, best: vec![None; grid.len()], came_from: vec![NO_HEX; grid.len()] };
    let Some(first) = grid.index(start) else { return found };
    found.best[first] = Some((0, 0, canonical(start)));
    // Keys differ from space to space (the last part is the space's own), so the heap pops in
    // the same order whatever it carries beside them.
    let mut open = BinaryHeap::from([Reverse(((0, 0, canonical(start)), first as u32))]);
    // What a step onto each space costs, asked once per space however many neighbours reach it:
    // none where the Dwarf may not step, else its movement points and Flames.
    let mut steps: Vec<Option<Option<(u32, u32)>>> = vec![None; grid.len()];
    let mut step = |j: usize| {
        let n = grid.hex(j);
        *steps[j].get_or_insert_with(|| {
            may_step_onto(cave, mule, class, n, false).is_ok().then(|| (move_cost(cave, &[n]), u32::from(cave.flame_at(n))))
        })
    };
    while let Some(Reverse((key, at))) = open.pop() {
        let at = at as usize;
        if found.best[at].is_some_and(|b| b < key) {
            continue;
        }
        for j in grid.links(at) {
            let Some((points_n, flames)) = step(j) else { continue };
            let cost = key.0 + points_n;
            if cost > points {
                continue;
            }
            let next = (cost, key.1 + flames, canonical(grid.hex(j)));
            if found.best[j].is_none_or(|b| next < b) {
                found.best[j] = Some(next);
                found.came_from[j] = at as u32;
                open.push(Reverse((next, j as u32)));
            }
        }
    }
    found
}
