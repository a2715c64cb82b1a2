//! Places on the cave: axial hexes (hexx), the mission files' (column, row) cells, the canonical
//! order of ruling 4, and facings.

use crate::data::mission::{Cell, Facing};
use hexx::{EdgeDirection, Hex};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
// Hex keys hashed by foldhash (Bevy's).
use bevy::platform::collections::HashMap;

/// A hex as files and JSON write it: axial `q` and `r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Qr {
    pub q: i32,
    pub r: i32,
}

impl From<Hex> for Qr {
    fn from(h: Hex) -> Qr {
        Qr { q: h.x, r: h.y }
    }
}

impl From<Qr> for Hex {
    fn from(h: Qr) -> Hex {
        Hex::new(h.q, h.r)
    }
}

/// The mission drawing's (column, row) to axial: odd rows sit half a space to the right.
pub fn cell_to_hex((col, row): Cell) -> Hex {
    Hex::new(col - (row - (row & 1)) / 2, row)
}

pub fn hex_to_cell(h: Hex) -> Cell {
    (h.x + (h.y - (h.y & 1)) / 2, h.y)
}

/// Ruling 4's canonical order: by row, then column.
pub fn canonical(h: Hex) -> (i32, i32) {
    (h.y, h.x)
}

pub fn sort_canonical(hexes: &mut [Hex]) {
    hexes.sort_by_key(|h| canonical(*h));
}

pub fn adjacent(a: Hex, b: Hex) -> bool {
    a.unsigned_distance_to(b) == 1
}

pub fn distance(a: Hex, b: Hex) -> u32 {
    a.unsigned_distance_to(b)
}

/// The neighbour one step in a facing direction (pointy-top: E and W are horizontal).
pub fn step(h: Hex, f: Facing) -> Hex {
    let (dq, dr) = match f {
        Facing::E => (1, 0),
        Facing::W => (-1, 0),
        Facing::NE => (1, -1),
        Facing::NW => (0, -1),
        Facing::SE => (0, 1),
        Facing::SW => (-1, 1),
    };
    Hex::new(h.x + dq, h.y + dr)
}

pub const FACINGS: [Facing; 6] = [Facing::E, Facing::NE, Facing::NW, Facing::W, Facing::SW, Facing::SE];

/// The facing from `from` to an adjacent `to`.
pub fn facing_to(from: Hex, to: Hex) -> Option<Facing> {
    FACINGS.into_iter().find(|f| step(from, *f) == to)
}

/// The general facing from one hex toward another (the side whose direction is closest).
pub fn facing_toward(from: Hex, to: Hex) -> Facing {
    let (fx, fy) = centre(from);
    let (tx, ty) = centre(to);
    let (dx, dy) = (tx - fx, ty - fy);
    *FACINGS
        .iter()
        .max_by(|a, b| {
            let da = dot_dir(**a, dx, dy);
            let db = dot_dir(**b, dx, dy);
            da.total_cmp(&db)
        })
        .expect("six facings")
}

fn dot_dir(f: Facing, dx: f64, dy: f64) -> f64 {
    let (ox, oy) = centre(step(Hex::ZERO, f));
    ox * dx + oy * dy
}

pub fn opposite(f: Facing) -> Facing {
    match f {
        Facing::E => Facing::W,
        Facing::W => Facing::E,
        Facing::NE => Facing::SW,
        Facing::SW => Facing::NE,
        Facing::NW => Facing::SE,
        Facing::SE => Facing::NW,
    }
}

/// The two facings next to one (60 degrees either way).
pub fn beside(f: Facing) -> [Facing; 2] {
    let i = FACINGS.iter().position(|x| *x == f).expect("a facing");
    [FACINGS[(i + 1) % 6], FACINGS[(i + 5) % 6]]
}

/// Centre of a hex on the plane, circumradius 1, pointy-top, y growing downwards (rows).
pub fn centre(h: Hex) -> (f64, f64) {
    let s3 = 3f64.sqrt();
    (s3 * (h.x as f64 + h.y as f64 / 2.0), 1.5 * h.y as f64)
}

/// The six corners of a hex, circumradius 1.
pub fn corners(h: Hex) -> [(f64, f64); 6] {
    let (cx, cy) = centre(h);
    std::array::from_fn(|i| {
        let a = (30.0 + 60.0 * i as f64).to_radians();
        (cx + a.cos(), cy + a.sin())
    })
}

/// The six neighbours of a hex in canonical order (ruling 4): the same for every hex, since
/// moving both hexes by one offset keeps their order.
pub fn neighbours_canonical(h: Hex) -> [Hex; 6] {
    [(0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1)].map(|(q, r)| h + Hex::new(q, r))
}

/// Steps from a start to every hex a walk reaches, and the hex each is first reached from: a
/// breadth-first search, neighbours tried in canonical order (ruling 4), so of two shortest ways
/// the canonical one is kept. `enters(from, to)`: a step may be taken; `goes_on(h)`: the walk goes
/// on from a hex it reached (it always goes on from the start). `room`: how many hexes it may
/// reach (a board's spaces), so that its maps are made once, the size they need.
pub fn breadth_first(start: Hex, room: usize, mut enters: impl FnMut(Hex, Hex) -> bool, goes_on: impl Fn(Hex) -> bool) -> Walk {
    let mut walk = Walk { dist: HashMap::with_capacity(room), parent: HashMap::with_capacity(room) };
    walk.dist.insert(start, 0);
    let mut queue = VecDeque::with_capacity(room);
    queue.push_back(start);
    while let Some(h) = queue.pop_front() {
        if h != start && !goes_on(h) {
            continue;
        }
        let steps = walk.dist[&h] + 1;
        for n in neighbours_canonical(h) {
            if !walk.dist.contains_key(&n) && enters(h, n) {
                walk.dist.insert(n, steps);
                walk.parent.insert(n, h);
                queue.push_back(n);
            }
        }
    }
    walk
}

/// What [`breadth_first`] found.
pub struct Walk {
    /// Steps from the start to each hex reached.
    pub dist: HashMap<Hex, u32>,
    /// The hex each was first reached from.
    pub parent: HashMap<Hex, Hex>,
}

/// All hex directions as hexx edge directions, for neighbour loops.
pub fn neighbours(h: Hex) -> [Hex; 6] {
    EdgeDirection::ALL_DIRECTIONS.map(|d| h.neighbor(d))
}

/// The hexes at distance 1..=n.
pub fn within(h: Hex, n: u32) -> impl Iterator<Item = Hex> {
    h.range(n).filter(move |x| *x != h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_neighbours_in_canonical_order_are_the_neighbours_sorted() {
        for h in [Hex::ZERO, Hex::new(3, -7), Hex::new(-5, 4)] {
            let mut sorted = neighbours(h);
            sort_canonical(&mut sorted);
            assert_eq!(neighbours_canonical(h), sorted);
        }
    }

    /// Steps count out from the start; of two shortest ways the canonical one is kept; a hex the
    /// walk may not go on from ends its branch.
    #[test]
    fn a_breadth_first_walk_counts_steps_and_keeps_the_canonical_way() {
        let inside = |h: Hex| distance(Hex::ZERO, h) <= 3;
        let walk = breadth_first(Hex::ZERO, 37, |_, n| inside(n), |_| true);
        assert_eq!(walk.dist.len(), 37);
        assert_eq!(walk.dist[&Hex::new(2, 1)], 3);
        // (1, 1) is reached from (0, 1) or (1, 0); (1, 0) comes first in canonical order (row 0).
        assert_eq!(walk.parent[&Hex::new(1, 1)], Hex::new(1, 0));
        let stopped = breadth_first(Hex::ZERO, 37, |_, n| inside(n), |h| h != Hex::new(1, 0));
        assert_eq!(stopped.dist[&Hex::new(1, 0)], 1);
        assert_eq!(stopped.parent[&Hex::new(1, 1)], Hex::new(0, 1));
    }
}
