//! Places on the cave: axial hexes (hexx), the mission files' (column, row) cells, the canonical
//! order of ruling 4, and facings.

use crate::data::mission::{Cell, Facing};
use hexx::{EdgeDirection, Hex};
use serde::{Deserialize, Serialize};
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

/// A fixed set of hexes (a board's spaces) numbered densely in canonical order (ruling 4), so that
/// what a search keeps for each space is an array indexed by its number, not a map: the creatures'
/// path searches, a tenth of the whole of their round, were mostly map lookups.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    /// The smallest q and r of the set and the size of the box that holds it.
    low: (i32, i32),
    size: (usize, usize),
    /// For each hex of the box, row by row: its number + 1, or 0 where the set has no hex.
    cells: Vec<u32>,
    /// The hexes by number.
    hexes: Vec<Hex>,
    /// Each hex's neighbours in the set by number, in canonical order, packed to the front (`NO_HEX`
    /// after the last): a walk steps along these instead of working out each neighbour's number.
    links: Vec<[u32; 6]>,
}

/// The numbers a hex's links hold, in their order: links are packed to the front, so they end at
/// the first `NO_HEX`.
fn linked(links: &[u32; 6]) -> impl Iterator<Item = usize> + '_ {
    links.iter().take_while(|j| **j != NO_HEX).map(|j| *j as usize)
}

/// Links packed to the front of six, `NO_HEX` after the last.
fn packed(links: impl Iterator<Item = usize>) -> [u32; 6] {
    let mut kept = [NO_HEX; 6];
    for (k, j) in links.enumerate() {
        kept[k] = j as u32;
    }
    kept
}

/// No hex: a missing neighbour in `Grid::links`, no parent in a search (`Grid::way_back`).
pub const NO_HEX: u32 = u32::MAX;

impl Grid {
    pub fn new(set: impl IntoIterator<Item = Hex>) -> Grid {
        let mut hexes: Vec<Hex> = set.into_iter().collect();
        sort_canonical(&mut hexes);
        hexes.dedup();
        let (Some(q0), Some(r0)) = (hexes.iter().map(|h| h.x).min(), hexes.iter().map(|h| h.y).min()) else { return Grid::default() };
        let q1 = hexes.iter().map(|h| h.x).max().unwrap_or(q0);
        let r1 = hexes.iter().map(|h| h.y).max().unwrap_or(r0);
        let size = ((q1 - q0 + 1) as usize, (r1 - r0 + 1) as usize);
        let mut grid = Grid { low: (q0, r0), size, cells: vec![0; size.0 * size.1], hexes, links: vec![] };
        for (i, h) in grid.hexes.iter().enumerate() {
            let cell = (h.y - r0) as usize * size.0 + (h.x - q0) as usize;
            grid.cells[cell] = i as u32 + 1;
        }
        grid.links = grid.hexes.iter().map(|h| packed(neighbours_canonical(*h).into_iter().filter_map(|n| grid.index(n)))).collect();
        grid
    }

    /// A hex's number, if it is one of the set.
    pub fn index(&self, h: Hex) -> Option<usize> {
        let (q, r) = (h.x.checked_sub(self.low.0)?, h.y.checked_sub(self.low.1)?);
        if q < 0 || r < 0 || q as usize >= self.size.0 || r as usize >= self.size.1 {
            return None;
        }
        self.cells[r as usize * self.size.0 + q as usize].checked_sub(1).map(|i| i as usize)
    }

    /// The smallest q and r of the set, and the width (in q) and height (in r) of the box holding it.
    pub fn bounds(&self) -> ((i32, i32), (usize, usize)) {
        (self.low, self.size)
    }

    /// The hex numbered `i`.
    pub fn hex(&self, i: usize) -> Hex {
        self.hexes[i]
    }

    /// The numbers of the neighbours in the set of the hex numbered `i`, in canonical order.
    pub fn links(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        linked(&self.links[i])
    }

    /// The hexes from a search's start to the hex numbered `end`, the start excluded, going back
    /// by `parent` (each hex's number's parent's number: `NO_HEX` at the start, and for a hex the
    /// search did not reach, whose way is then empty).
    pub fn way_back(&self, parent: &[u32], end: usize) -> Vec<Hex> {
        let mut path = vec![];
        self.way_back_into(parent, end, &mut path);
        path
    }

    /// [`Grid::way_back`], added to the end of `path`.
    pub fn way_back_into(&self, parent: &[u32], end: usize, path: &mut Vec<Hex>) {
        let first = path.len();
        let mut at = end;
        while parent[at] != NO_HEX {
            path.push(self.hex(at));
            at = parent[at] as usize;
        }
        path[first..].reverse();
    }

    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }
}

/// Steps from a start to every hex of a grid a walk reaches, and the hex each is first reached
/// from: a breadth-first search, neighbours tried in canonical order (ruling 4), so of two shortest
/// ways the canonical one is kept. `enters(from, to, number)`: a step may be taken to `to`, the hex
/// of the grid with that number; `goes_on(h)`: the walk goes on from a hex it reached (it always
/// goes on from the start). A creature's search, which asks the same of every step, goes by bits
/// (`flood`).
pub fn breadth_first<'g>(
    grid: &'g Grid,
    start: Hex,
    mut enters: impl FnMut(Hex, Hex, usize) -> bool,
    goes_on: impl Fn(Hex) -> bool,
) -> Walk<'g> {
    let order = Vec::with_capacity(grid.len());
    let mut walk = Walk { grid, start, dist: vec![u32::MAX; grid.len()], parent: vec![NO_HEX; grid.len()], order };
    let Some(first) = grid.index(start) else { return walk };
    walk.dist[first] = 0;
    walk.order.push(first as u32);
    let mut next = 0;
    while let Some(i) = walk.order.get(next).map(|i| *i as usize) {
        next += 1;
        let h = grid.hex(i);
        if h != start && !goes_on(h) {
            continue;
        }
        let steps = walk.dist[i] + 1;
        for j in grid.links(i) {
            if walk.dist[j] == u32::MAX && enters(h, grid.hexes[j], j) {
                walk.dist[j] = steps;
                walk.parent[j] = i as u32;
                walk.order.push(j as u32);
            }
        }
    }
    walk
}

/// What [`breadth_first`] found.
pub struct Walk<'g> {
    grid: &'g Grid,
    start: Hex,
    /// Steps from the start to each hex of the grid, by number (`u32::MAX`: not reached).
    dist: Vec<u32>,
    /// The number of the hex each was first reached from (`NO_HEX` for the start and for a hex not reached).
    parent: Vec<u32>,
    /// The numbers of the hexes reached, in the order reached: nearest first.
    order: Vec<u32>,
}

impl Walk<'_> {
    /// Steps from the start to a hex, if the walk reached it.
    pub fn dist(&self, h: Hex) -> Option<u32> {
        self.grid.index(h).map(|i| self.dist[i]).filter(|d| *d != u32::MAX)
    }

    /// The hex a reached hex was first reached from (none for the start).
    pub fn parent(&self, h: Hex) -> Option<Hex> {
        let p = *self.parent.get(self.grid.index(h)?)?;
        (p != NO_HEX).then(|| self.grid.hex(p as usize))
    }

    /// Every hex reached with its steps, nearest first (the start first).
    pub fn reached(&self) -> impl Iterator<Item = (Hex, u32)> + '_ {
        self.order.iter().map(|i| (self.grid.hex(*i as usize), self.dist[*i as usize]))
    }

    /// The hexes from the start to a reached hex, start excluded.
    pub fn path_to(&self, to: Hex) -> Vec<Hex> {
        self.grid.index(to).map_or(vec![], |i| self.grid.way_back(&self.parent, i))
    }

    /// Where the walk began.
    pub fn start(&self) -> Hex {
        self.start
    }

    /// The steps to every hex reached, as a map.
    pub fn distances(&self) -> HashMap<Hex, u32> {
        self.reached().collect()
    }
}

/// Of items with keys that all differ, the one with the least key that `such` takes, with what it
/// gave: `such` is asked only of an item whose key beats the least so far, so a costly test is
/// spared for most items of a long search.
pub fn least_such<K: Ord, T, R>(keyed: impl Iterator<Item = (K, T)>, mut such: impl FnMut(&T) -> Option<R>) -> Option<(T, R)> {
    let mut best: Option<(K, T, R)> = None;
    for (key, item) in keyed {
        if best.as_ref().is_none_or(|(least, _, _)| key < *least)
            && let Some(r) = such(&item)
        {
            best = Some((key, item, r));
        }
    }
    best.map(|(_, item, r)| (item, r))
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
        let grid = Grid::new(Hex::ZERO.range(4));
        let inside = |h: Hex| distance(Hex::ZERO, h) <= 3;
        let walk = breadth_first(&grid, Hex::ZERO, |_, n, _| inside(n), |_| true);
        assert_eq!(walk.reached().count(), 37);
        assert_eq!(walk.dist(Hex::new(2, 1)), Some(3));
        assert_eq!(walk.dist(Hex::new(4, 0)), None);
        // (1, 1) is reached from (0, 1) or (1, 0); (1, 0) comes first in canonical order (row 0).
        assert_eq!(walk.parent(Hex::new(1, 1)), Some(Hex::new(1, 0)));
        assert_eq!(walk.path_to(Hex::new(1, 1)), vec![Hex::new(1, 0), Hex::new(1, 1)]);
        let steps: Vec<u32> = walk.reached().map(|(_, d)| d).collect();
        assert!(steps.is_sorted(), "nearest first");
        let stopped = breadth_first(&grid, Hex::ZERO, |_, n, _| inside(n), |h| h != Hex::new(1, 0));
        assert_eq!(stopped.dist(Hex::new(1, 0)), Some(1));
        assert_eq!(stopped.parent(Hex::new(1, 1)), Some(Hex::new(0, 1)));
    }

    /// The least key the test takes wins; the test is asked only of an item whose key beats the
    /// least taken so far.
    #[test]
    fn the_least_such_asks_only_what_could_beat_the_best() {
        let items = [(3, 'a'), (1, 'b'), (2, 'c'), (0, 'd'), (4, 'e')];
        let mut asked = vec![];
        let least = least_such(items.into_iter(), |c| {
            asked.push(*c);
            (*c != 'd').then_some(c.to_ascii_uppercase())
        });
        assert_eq!(least, Some(('b', 'B')));
        assert_eq!(asked, vec!['a', 'b', 'd'], "c and e do not beat b; d does, and is not taken");
        assert_eq!(least_such(items.into_iter(), |_| None::<()>), None);
    }

    #[test]
    fn a_grid_numbers_its_hexes_in_canonical_order_and_nothing_else() {
        let set = [Hex::new(2, -1), Hex::new(-3, 2), Hex::new(0, 0), Hex::new(5, 2)];
        let grid = Grid::new(set);
        let numbered: Vec<Hex> = (0..grid.len()).map(|i| grid.hex(i)).collect();
        assert_eq!(numbered, vec![Hex::new(2, -1), Hex::new(0, 0), Hex::new(-3, 2), Hex::new(5, 2)]);
        for h in set {
            assert_eq!(grid.index(h).map(|i| grid.hex(i)), Some(h));
        }
        for h in [Hex::new(1, 0), Hex::new(-4, 2), Hex::new(6, 2), Hex::new(0, 3), Hex::new(i32::MIN, i32::MAX)] {
            assert_eq!(grid.index(h), None, "{h:?}");
        }
        assert_eq!(Grid::new([]).index(Hex::ZERO), None);
    }
}
