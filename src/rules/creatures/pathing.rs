//! How creatures move (rulings 11, 12, 13, 18): over floor and pit sides, through other creatures,
//! never through Dwarves; flyers over everything but walls; the Oppressor through bare rock.

use crate::data::creatures::Trait;
use crate::data::mission::Ground;
use crate::rules::cave::{Cave, CreatureItem, StandingFact};
use crate::rules::components::Terrain;
use crate::rules::flood::{Flood, Layout, flood};
use crate::rules::hex::{distance, neighbours, within};
use crate::rules::skills;
use crate::rules::thrown::{Inhibited, lure_at};
use hexx::Hex;

/// How one creature gets about.
pub struct Mover {
    pub id: u32,
    pub flying: bool,
    pub crashes: bool,
    /// Fills two spaces (the Oppressor): its back trails on the space it came from.
    pub two_spaces: bool,
    pub points: u32,
}

impl Mover {
    pub fn of(cave: &Cave, c: &CreatureItem) -> Mover {
        let s = cave.stats(c.creature.kind);
        Mover {
            id: c.id.0,
            flying: s.has(Trait::Flying),
            crashes: s.has(Trait::CrashesThroughRock),
            two_spaces: s.has(Trait::TwoSpaces),
            points: s.movement,
        }
    }
}

/// Whether the creature may end its move on a space: floor or pit with no other figure (ruling 11),
/// and no Resupply pod (ruling 34).
pub fn may_end(cave: &Cave, m: &Mover, h: Hex) -> bool {
    let open = cave.floor_or_pit(h);
    let crashed = m.crashes && cave.terrain(h).is_some_and(|t| t.is_stalagmite() || t == Terrain::Open(Ground::Wall(None)));
    let figure = cave.dwarf_on(h) || lure_at(cave, h) || cave.creature_at(h).is_some_and(|c| c.id.0 != m.id);
    (open || crashed) && !figure && skills::creature_may_stand(cave, h) && !cave.resupply_pod_at(h)
}

/// Whether the creature may end a step from `from` on `h`: a two-space creature faces the way it
/// went, so its back rests on `from`, which must be as fit as the front (ruling 33). `from` is
/// asked only for such a creature.
pub fn may_end_from(cave: &Cave, m: &Mover, from: impl FnOnce() -> Hex, h: Hex) -> bool {
    may_end(cave, m, h) && (!m.two_spaces || may_end(cave, m, from()))
}

/// A creature's search from its space: the steps to every space it can get to and the way there
/// (the shortest, the first in canonical order, ruling 4).
pub struct Reach {
    found: Flood,
}

impl Reach {
    pub fn from(cave: &Cave, m: &Mover, start: Hex) -> Reach {
        // Where a creature passes follows from the standing alone (creatures pass through each
        // other): the searches of a round share it.
        let layout = Layout::of(cave.board.grid());
        let fact = StandingFact::CreaturePasses { flying: m.flying, crashes: m.crashes };
        let open =
            cave.standing(fact, |terrain, dwarf, tokens| skills::creature_passes_over(cave, m.flying, m.crashes, terrain, dwarf, tokens));
        let fields = Inhibited::now(cave);
        let held = if fields.spaces().is_empty() { vec![] } else { layout.set(fields.spaces().iter().copied()) };
        Reach { found: flood(layout, &open, held, start) }
    }

    /// How many spaces the search reached, the start included.
    pub fn reached(&self) -> usize {
        self.found.reached()
    }

    /// Steps to a space, if the search reached it.
    pub fn steps(&self, h: Hex) -> Option<u32> {
        self.found.steps(h)
    }

    /// The space a path to `h` comes from (the start for the start itself).
    pub fn before(&self, h: Hex) -> Hex {
        self.found.before(h)
    }

    /// The spaces from the start to `to`, start excluded.
    pub fn path_to(&self, to: Hex) -> Vec<Hex> {
        self.found.path_to(to)
    }

    /// Of some spaces, the one reached in the fewest steps that is `such`, ties to the canonical
    /// order; `such` (a line of sight, for a creature that attacks from range) is asked of as few
    /// as can be.
    pub fn nearest(&self, spaces: impl IntoIterator<Item = Hex>, such: impl FnMut(Hex) -> bool) -> Option<Hex> {
        self.found.nearest(spaces, such)
    }

    /// Steps to stand next to a hex (a Dwarf's space, which creatures do not enter): one more than
    /// to the nearest of its neighbours reached.
    pub fn steps_to_reach(&self, target: Hex) -> Option<u32> {
        self.found.fewest_steps(neighbours(target)).map(|d| d + 1)
    }
}

/// Where the creature walks this activation: along a shortest path toward a space it could attack
/// from, stopping at the first such space. When every such space is taken but the target can be
/// reached, it goes the longer way round toward the target; when no way reaches the target at all,
/// it stays (ruling 18). `can_attack` holds only within `range` of the target.
pub fn route(cave: &Cave, m: &Mover, reach: &Reach, start: Hex, target: Hex, range: u32, can_attack: &dyn Fn(Hex) -> bool) -> Vec<Hex> {
    let fits = |h: Hex| may_end_from(cave, m, || reach.before(h), h);
    let goal = reach.nearest(within(target, range), |h| can_attack(h) && fits(h)).or_else(|| {
        reach.steps_to_reach(target)?;
        // The longer way round: the space nearest the target (hex distance), of those nearer it
        // than the start, then the fewest steps, then canonical order; ring by ring out from it
        // (hexx's ring 0 is the target itself).
        (0..distance(start, target)).find_map(|k| reach.nearest(target.ring(k), fits))
    });
    let Some(goal) = goal else { return vec![] };
    let path = reach.path_to(goal);
    walk(cave, m, start, &path, can_attack)
}

/// Walk a path up to the move allowance, stopping at the first space it could attack from, and
/// ending on the last space it may end on.
fn walk(cave: &Cave, m: &Mover, start: Hex, path: &[Hex], can_attack: &dyn Fn(Hex) -> bool) -> Vec<Hex> {
    let mut end = 0;
    for (i, h) in path.iter().take(m.points as usize).enumerate() {
        let from = if i == 0 { start } else { path[i - 1] };
        if may_end_from(cave, m, || from, *h) {
            end = i + 1;
            if can_attack(*h) {
                break;
            }
        }
    }
    path[..end].to_vec()
}
