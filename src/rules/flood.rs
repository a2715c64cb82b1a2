//! A creature's search of the cave as rows of bits: each step of it takes every space one step
//! further at once, by a few shifts of a handful of machine words, where a search space by space
//! asks each neighbour of each space in turn (most of that time went on guessing which way "was it
//! reached already?" would answer). The steps found and the ways kept are those of the
//! breadth-first search trying neighbours in canonical order (`hex::breadth_first`, ruling 4): of
//! the shortest ways to a space, the one whose first step comes first in canonical order, then the
//! second, and so on.

use super::hex::Grid;
use hexx::Hex;

/// Where each space of a grid's box sits in a row of bits: row by row (by r, then q), each row one
/// bit longer than the box, a bit no set ever holds, so that a step off either end of a row lands
/// there and not on the next row; and empty words before and after, so that a step off the box
/// lands on them and a shift never looks outside the set.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    low: (i32, i32),
    stride: usize,
    rows: usize,
    /// The empty words at each end.
    pad: usize,
}

impl Layout {
    pub fn of(grid: &Grid) -> Layout {
        let (low, (width, rows)) = grid.bounds();
        // A row is never a whole number of words, so a shift by a row moves bits within words too
        // (`spread`'s shifts are then all by 1 to 63 places).
        let stride = if (width + 1) % 64 == 0 { width + 2 } else { width + 1 };
        Layout { low, stride, rows, pad: stride / 64 + 2 }
    }

    /// How many words a set of the box's spaces takes.
    pub fn words(&self) -> usize {
        (self.stride * self.rows).div_ceil(64) + 2 * self.pad
    }

    /// A space's bit, if it lies in the box.
    pub fn bit(&self, h: Hex) -> Option<usize> {
        let (q, r) = (h.x.checked_sub(self.low.0)?, h.y.checked_sub(self.low.1)?);
        let (q, r) = (usize::try_from(q).ok()?, usize::try_from(r).ok()?);
        (q + 1 < self.stride && r < self.rows).then(|| 64 * self.pad + r * self.stride + q)
    }

    fn hex(&self, bit: usize) -> Hex {
        let b = bit - 64 * self.pad;
        Hex::new((b % self.stride) as i32 + self.low.0, (b / self.stride) as i32 + self.low.1)
    }

    /// The set of some spaces (those outside the box left out).
    pub fn set(&self, hexes: impl IntoIterator<Item = Hex>) -> Vec<u64> {
        let mut set = vec![0; self.words()];
        for b in hexes.into_iter().filter_map(|h| self.bit(h)) {
            put(&mut set, b, true);
        }
        set
    }

    /// How far a step in each direction moves a bit, in canonical order (`hex::neighbours_canonical`).
    fn steps(&self) -> [isize; 6] {
        let s = self.stride as isize;
        [-s, 1 - s, -1, 1, s - 1, s]
    }

    /// Every space of `open` not `reached` one step from a space of `from`, into `into`, and added
    /// to `reached`; the first and last words holding any, if there are. `from` holds spaces only in
    /// its words `span` (first and last), and only the words a step can reach from there are worked
    /// out: `into`'s other words are left as they are. The six steps are two steps along the row
    /// (west, east) and two shifts by a row: the steps down a row (straight down, down to the west)
    /// are `from` and its west step moved down together; the steps up a row, `from` and its east
    /// step moved up together.
    fn spread(
        &self,
        from: &[u64],
        span: (usize, usize),
        open: &[u64],
        reached: &mut [u64],
        into: &mut [u64],
        room: &mut Room,
    ) -> Option<(usize, usize)> {
        // A row is `words` whole words and `places` bits. A word of the step takes the words of
        // `from` up to `words + 1` away (a row's shift reads two words, and the steps along a row
        // one more either way), so only those near the span can hold any; the padding holds none.
        let (words, places) = (self.stride / 64, (self.stride % 64) as u32);
        let reach = words + 1;
        let (first, end) = (span.0.saturating_sub(reach).max(self.pad), (span.1 + reach + 1).min(from.len() - self.pad));
        // What moves along, down and up, for the words read: `words + 1` either side (the padding
        // is wider than that, so `from`'s words either side of each are there).
        let (low, high) = (first - words - 1, end + words + 1);
        let room_at = room.along[low..high].iter_mut().zip(&mut room.down[low..high]).zip(&mut room.up[low..high]);
        for (((along, down), up), [before, word, after]) in room_at.zip(from[low - 1..high + 1].array_windows::<3>()) {
            let west = word >> 1 | after << 63;
            let east = word << 1 | before >> 63;
            *along = west | east;
            *down = word | west;
            *up = word | east;
        }
        let down = room.down[first - words - 1..end - words].array_windows::<2>();
        let up = room.up[first + words..end + words + 1].array_windows::<2>();
        let moved = room.along[first..end].iter().zip(down).zip(up);
        let (open, reached, into) = (&open[first..end], &mut reached[first..end], &mut into[first..end]);
        for (((along, [d1, d0]), [u0, u1]), ((open, reached), out)) in moved.zip(open.iter().zip(reached).zip(into.iter_mut())) {
            let stepped =
                along | d0.wrapping_shl(places) | d1.wrapping_shr(64 - places) | u0.wrapping_shr(places) | u1.wrapping_shl(64 - places);
            *out = stepped & open & !*reached;
            *reached |= *out;
        }
        let (a, b) = (into.iter().position(|w| *w != 0)?, into.iter().rposition(|w| *w != 0)?);
        Some((first + a, first + b))
    }
}

/// Room for [`Layout::spread`]'s work, kept across a search's steps: each word's steps along its
/// row, and what moves down and up a row.
struct Room {
    along: Vec<u64>,
    down: Vec<u64>,
    up: Vec<u64>,
}

impl Room {
    fn new(words: usize) -> Room {
        Room { along: vec![0; words], down: vec![0; words], up: vec![0; words] }
    }
}

/// Sets or clears one bit of a set.
pub fn put(set: &mut [u64], bit: usize, on: bool) {
    let (w, mask) = (bit / 64, 1u64 << (bit % 64));
    if on { set[w] |= mask } else { set[w] &= !mask }
}

/// The words of a box up to which a search's passing sets are kept on the stack (The Maw's box
/// takes 15): a creature's route asks for several an activation.
const SMALL: usize = 32;

/// An empty set of `words` words: in `small` if it fits, else in `large`.
fn empty_set<'a>(words: usize, small: &'a mut [u64; SMALL], large: &'a mut Vec<u64>) -> &'a mut [u64] {
    if words <= SMALL {
        &mut small[..words]
    } else {
        large.resize(words, 0);
        large
    }
}

/// Whether a set holds a bit.
pub fn has(set: &[u64], bit: usize) -> bool {
    set.get(bit / 64).is_some_and(|w| w >> (bit % 64) & 1 == 1)
}

/// What a search found: the spaces reached and the steps to each.
pub struct Flood {
    layout: Layout,
    start: Hex,
    reached: Vec<u64>,
    /// The spaces first reached at each step, as sets of the layout one after the other, the
    /// start's first: the steps to a space are the number of the set holding it.
    fronts: Vec<u64>,
    /// The spaces a step may leave only for another of them (an Inhibitor Field's); empty for none.
    held: Vec<u64>,
}

/// Searches out from `start` over the spaces of `open` (a set of `layout`), a step out of a space
/// of `held` going only to another (creatures may enter an Inhibitor Field's area but not leave
/// it). `held` empty: no such spaces.
pub fn flood(layout: Layout, open: &[u64], held: Vec<u64>, start: Hex) -> Flood {
    let words = layout.words();
    // Room for the sets of as many steps as a creature's search in a cave the size of the book's
    // largest usually takes (The Maw's: some 30), so that they are seldom moved as they grow.
    let fronts = Vec::with_capacity(words * 32);
    let mut found = Flood { layout, start, reached: vec![0; words], fronts, held };
    let Some(first) = layout.bit(start) else { return found };
    found.fronts.resize(words, 0);
    put(&mut found.fronts, first, true);
    put(&mut found.reached, first, true);
    let mut room = Room::new(words);
    // With held spaces: where a step out of one may go, the front split by them, and room for the
    // steps out of them.
    let open_held: Vec<u64> = open.iter().zip(&found.held).map(|(o, h)| o & h).collect();
    let [mut free, mut trapped, mut kept] = [(); 3].map(|_| if found.held.is_empty() { vec![] } else { vec![0; words] });
    let mut span = Some((first / 64, first / 64));
    while let Some(last) = span {
        let k = found.fronts.len();
        found.fronts.resize(k + words, 0);
        let (before, next) = found.fronts.split_at_mut(k);
        let front = &before[k - words..];
        span = if found.held.is_empty() {
            layout.spread(front, last, open, &mut found.reached, next, &mut room)
        } else {
            // Out of a held space only into another; out of the others into any.
            for (i, f) in front.iter().enumerate() {
                (free[i], trapped[i]) = (f & !found.held[i], f & found.held[i]);
            }
            let caught = layout.spread(&trapped, last, &open_held, &mut found.reached, &mut kept, &mut room);
            let went = layout.spread(&free, last, open, &mut found.reached, next, &mut room);
            if let Some((a, b)) = caught {
                next[a..=b].iter_mut().zip(&kept[a..=b]).for_each(|(n, k)| *n |= k);
            }
            joined(caught, went)
        };
    }
    // The last set is empty: no space is that many steps away.
    found.fronts.truncate(found.fronts.len() - words);
    found
}

/// The words two spans cover (first and last), either of them none.
fn joined(a: Option<(usize, usize)>, b: Option<(usize, usize)>) -> Option<(usize, usize)> {
    match (a, b) {
        (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
        _ => a.or(b),
    }
}

impl Flood {
    fn reached_bit(&self, h: Hex) -> Option<usize> {
        self.layout.bit(h).filter(|b| has(&self.reached, *b))
    }

    /// The spaces first reached in `k` steps (empty past the last).
    fn front(&self, k: u32) -> &[u64] {
        let words = self.layout.words();
        self.fronts.get(k as usize * words..(k as usize + 1) * words).unwrap_or(&[])
    }

    /// How many spaces the search reached, the start included.
    pub fn reached(&self) -> usize {
        self.reached.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Steps from the start to a space, if the search reached it.
    pub fn steps(&self, h: Hex) -> Option<u32> {
        let bit = self.reached_bit(h)?;
        // The same word of each step's set in turn.
        let k = self.fronts[bit / 64..].iter().step_by(self.layout.words()).position(|w| w >> (bit % 64) & 1 == 1)?;
        Some(k as u32)
    }

    /// The fewest steps from the start to any of some spaces, if the search reached one: the
    /// steps' sets asked in turn, each for them all.
    pub fn fewest_steps<const N: usize>(&self, spaces: [Hex; N]) -> Option<u32> {
        let bits = spaces.map(|h| self.reached_bit(h));
        bits.iter().any(Option::is_some).then_some(())?;
        let k = self.fronts.chunks_exact(self.layout.words()).position(|front| bits.iter().flatten().any(|b| has(front, *b)))?;
        Some(k as u32)
    }

    /// Of some spaces, the first that is `such` taken by the fewest steps to it, then in canonical
    /// order (ruling 4); spaces not reached are left out. Each step's set is asked for them all at
    /// once, its bits in order: a layout's bits go by row, then column, which is the canonical
    /// order. `such` is asked in that order, of as few spaces as can be.
    pub fn nearest(&self, spaces: impl IntoIterator<Item = Hex>, mut such: impl FnMut(Hex) -> bool) -> Option<Hex> {
        // The spaces still wanted, as a set, and the words holding any.
        let words = self.layout.words();
        let (mut small, mut large) = ([0; SMALL], vec![]);
        let left = empty_set(words, &mut small, &mut large);
        let (mut first, mut last) = (usize::MAX, 0);
        for b in spaces.into_iter().filter_map(|h| self.reached_bit(h)) {
            put(left, b, true);
            (first, last) = (first.min(b / 64), last.max(b / 64));
        }
        (first <= last).then_some(())?;
        let left = &mut left[first..=last];
        let mut count: u32 = left.iter().map(|w| w.count_ones()).sum();
        for front in self.fronts.chunks_exact(words) {
            for (i, (w, want)) in front[first..=last].iter().zip(left.iter_mut()).enumerate() {
                let mut hits = w & *want;
                *want &= !hits;
                count -= hits.count_ones();
                while hits != 0 {
                    let h = self.layout.hex(64 * (first + i) + hits.trailing_zeros() as usize);
                    hits &= hits - 1;
                    if such(h) {
                        return Some(h);
                    }
                }
            }
            if count == 0 {
                return None;
            }
        }
        None
    }

    /// The space the way to `h` comes from: the start for the start itself and for a space not
    /// reached.
    pub fn before(&self, h: Hex) -> Hex {
        let path = self.path_to(h);
        path.len().checked_sub(2).map_or(self.start, |i| path[i])
    }

    /// Whether a step may go from one bit to the other as far as the held spaces go.
    fn may_leave(&self, from: usize, to: usize) -> bool {
        self.held.is_empty() || !has(&self.held, from) || has(&self.held, to)
    }

    /// The space a step `by` from `bit` lands on, if it is first reached in `k` steps.
    fn step(&self, bit: usize, by: isize, k: u32) -> Option<usize> {
        let to = bit.checked_add_signed(by)?;
        has(self.front(k), to).then_some(to)
    }

    /// The spaces from the start to a reached space, the start left out: of its shortest ways, the
    /// first in canonical order, step by step (the way the breadth-first search keeps). Empty for a
    /// space not reached.
    pub fn path_to(&self, to: Hex) -> Vec<Hex> {
        let (Some(steps), Some(goal), Some(start)) = (self.steps(to), self.layout.bit(to), self.layout.bit(self.start)) else {
            return vec![];
        };
        let by = self.layout.steps();
        // Back from the goal: the spaces on some shortest way to it, a step at a time.
        let (mut small, mut large) = ([0; SMALL], vec![]);
        let on = empty_set(self.reached.len(), &mut small, &mut large);
        put(on, goal, true);
        let (mut layer, mut before) = (Vec::with_capacity(32), Vec::with_capacity(32));
        layer.push(goal);
        for k in (0..steps).rev() {
            for y in &layer {
                for b in &by {
                    if let Some(x) = self.step(*y, -b, k).filter(|x| self.may_leave(*x, *y) && !has(on, *x)) {
                        put(on, x, true);
                        before.push(x);
                    }
                }
            }
            std::mem::swap(&mut layer, &mut before);
            before.clear();
        }
        // Out from the start: each step the first in canonical order onto such a space.
        let mut path = Vec::with_capacity(steps as usize);
        let mut at = start;
        for k in 1..=steps {
            let Some(to) = by.iter().filter_map(|b| self.step(at, *b, k)).find(|n| has(on, *n) && self.may_leave(at, *n)) else {
                break;
            };
            path.push(self.layout.hex(to));
            at = to;
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hex::{breadth_first, canonical, neighbours};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// On boards of many shapes with rock and Inhibitor Fields strewn at random, the search by bits
    /// finds what the breadth-first search space by space finds: the same spaces, the same steps to
    /// each (and to the nearest of a space's neighbours), the same way to each. The last boards are
    /// wide strips, whose rows are a word or more (63 spaces wide: a row and its spare bit exactly
    /// one word), the last more words than are kept on the stack.
    #[test]
    fn the_search_by_bits_finds_the_steps_and_ways_of_the_breadth_first_walk() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut long_ways = [0; 2];
        // The last strip's box is more words than a passing set kept on the stack (`SMALL`).
        let strips = [62, 63, 64, 100, 130, 300];
        for round in 0..60 + strips.len() {
            let radius = 2 + round % 9;
            let (spaces, rock): (Vec<Hex>, u32) = match strips.get(round.wrapping_sub(60)) {
                Some(width) => ((0..*width).flat_map(|q| (0..5).map(move |r| Hex::new(q - 40, r - 2))).collect(), 20),
                None => (Hex::new(round as i32 - 30, 7 - round as i32).range(radius as u32).collect(), 4),
            };
            let board: Vec<Hex> = spaces.into_iter().filter(|_| rng.random_ratio(9, 10)).collect();
            let grid = Grid::new(board.iter().copied());
            let layout = Layout::of(&grid);
            assert_eq!(layout.words() > SMALL, round == 60 + strips.len() - 1, "round {round}: only the last strip's box is large");
            let open: Vec<Hex> = board.iter().copied().filter(|_| rng.random_ratio(rock - 1, rock)).collect();
            let held: Vec<Hex> = if round % 2 == 0 { vec![] } else { board.iter().copied().filter(|_| rng.random_ratio(1, 6)).collect() };
            let held_set = if held.is_empty() { vec![] } else { layout.set(held.iter().copied()) };
            for _ in 0..4 {
                let start = board[rng.random_range(0..board.len())];
                let found = flood(layout, &layout.set(open.iter().copied()), held_set.clone(), start);
                let walk = breadth_first(&grid, start, |h, n, _| open.contains(&n) && (!held.contains(&h) || held.contains(&n)), |_| true);
                for h in &board {
                    assert_eq!(found.steps(*h), walk.dist(*h), "round {round}: steps from {start:?} to {h:?}");
                    assert_eq!(found.path_to(*h), walk.path_to(*h), "round {round}: the way from {start:?} to {h:?}");
                    assert_eq!(found.before(*h), walk.parent(*h).unwrap_or(start), "round {round}: the step before {h:?}");
                    let nearest = neighbours(*h).into_iter().filter_map(|n| walk.dist(n)).min();
                    assert_eq!(found.fewest_steps(neighbours(*h)), nearest, "round {round}: steps to beside {h:?}");
                }
                // The nearest of some spaces that are such: the fewest steps, then canonical order.
                let some: Vec<Hex> = board.iter().copied().filter(|_| rng.random_ratio(1, 3)).collect();
                let such = |h: &Hex| (h.x + 2 * h.y).rem_euclid(3) != 0;
                let mut by_steps: Vec<((u32, (i32, i32)), Hex)> =
                    some.iter().filter_map(|h| Some(((walk.dist(*h)?, canonical(*h)), *h))).collect();
                by_steps.sort_by_key(|s| s.0);
                let mut asked = vec![];
                let nearest = found.nearest(some.iter().copied(), |h| {
                    asked.push(h);
                    such(&h)
                });
                assert_eq!(nearest, by_steps.iter().map(|s| s.1).find(such), "round {round}: the nearest such of {some:?}");
                let before: Vec<Hex> = by_steps.iter().map(|s| s.1).take_while(|h| Some(*h) != nearest).collect();
                assert_eq!(asked[..asked.len() - usize::from(nearest.is_some())], before, "round {round}: asked in order");
                assert_eq!(found.steps(start), Some(0));
                assert_eq!(found.reached(), walk.reached().count());
                assert!(found.steps(Hex::new(1000, 1000)).is_none() && found.path_to(Hex::new(-1000, 3)).is_empty());
                long_ways[usize::from(round >= 60)] += board.iter().filter(|h| found.path_to(**h).len() >= 10).count();
            }
        }
        assert!(long_ways.iter().all(|n| *n > 100), "the boards and the strips give long ways to compare ({long_ways:?})");
    }
}
