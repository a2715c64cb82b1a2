//! How creatures move (rulings 11, 12, 13, 18): over floor and pit sides, through other creatures,
//! never through Dwarves; flyers over everything but walls; the Oppressor through bare rock.

use crate::data::creatures::Trait;
use crate::data::mission::Ground;
use crate::rules::cave::{Cave, CreatureItem};
use crate::rules::components::Terrain;
use crate::rules::hex::{breadth_first, canonical, distance};
use crate::rules::skills;
use crate::rules::thrown::{lure_at, may_leave};
use hexx::Hex;
// Hex keys hashed by foldhash (Bevy's): the standard SipHash was a seventh of a simulated game.
use bevy::platform::collections::HashMap;

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

/// Whether the creature may pass through a space.
pub fn passable(cave: &Cave, m: &Mover, h: Hex) -> bool {
    let Some(t) = cave.terrain(h) else { return false };
    let ground = match t {
        Terrain::Hidden(_) => false,
        Terrain::Open(Ground::Floor | Ground::Pit) => true,
        Terrain::Open(Ground::Stalagmite) => m.flying || m.crashes,
        Terrain::Open(Ground::Wall(None)) => m.crashes,
        Terrain::Open(Ground::Wall(Some(_))) => false,
    };
    ground
        && (m.flying || (cave.dwarf_at(h).is_none() && !lure_at(cave, h)))
        // Ruling 13: the Oppressor never crashes through a Resupply pod.
        && !(m.crashes && cave.resupply_pod_at(h))
        && skills::creature_may_pass(cave, m.flying, h)
}

/// Whether the creature may end its move on a space: floor or pit with no other figure (ruling 11),
/// and no Resupply pod (ruling 34).
pub fn may_end(cave: &Cave, m: &Mover, h: Hex) -> bool {
    let open = cave.floor_or_pit(h);
    let crashed = m.crashes && cave.terrain(h).is_some_and(|t| t.is_stalagmite() || t == Terrain::Open(Ground::Wall(None)));
    let figure = cave.dwarf_at(h).is_some() || lure_at(cave, h) || cave.creature_at(h).is_some_and(|c| c.id.0 != m.id);
    (open || crashed) && !figure && skills::creature_may_stand(cave, h) && !cave.resupply_pod_at(h)
}

/// Whether the creature may end a step from `from` on `h`: a two-space creature faces the way it
/// went, so its back rests on `from`, which must be as fit as the front (ruling 33).
pub fn may_end_from(cave: &Cave, m: &Mover, from: Hex, h: Hex) -> bool {
    may_end(cave, m, h) && (!m.two_spaces || may_end(cave, m, from))
}

/// Breadth-first search from a space: steps to every reachable space and the way back.
pub struct Reach {
    pub dist: HashMap<Hex, u32>,
    parent: HashMap<Hex, Hex>,
}

impl Reach {
    pub fn from(cave: &Cave, m: &Mover, start: Hex) -> Reach {
        // Each space is asked once, however many of its neighbours the walk reaches first.
        let room = cave.board.spaces.len();
        let mut known: HashMap<Hex, bool> = HashMap::with_capacity(room);
        let mut open = |n: Hex| *known.entry(n).or_insert_with(|| cave.space(n).is_some() && passable(cave, m, n));
        let walk = breadth_first(start, room, |h, n| open(n) && may_leave(cave, h, n), |_| true);
        Reach { dist: walk.dist, parent: walk.parent }
    }

    /// The space a path to `h` comes from (the start for the start itself).
    pub fn before(&self, h: Hex, start: Hex) -> Hex {
        self.parent.get(&h).copied().unwrap_or(start)
    }

    /// The spaces from the start to `to`, start excluded.
    pub fn path_to(&self, to: Hex) -> Vec<Hex> {
        let mut path = vec![to];
        let mut at = to;
        while let Some(p) = self.parent.get(&at) {
            path.push(*p);
            at = *p;
        }
        path.pop();
        path.reverse();
        path
    }

    /// Steps to stand next to a hex (a Dwarf's space, which creatures do not enter).
    pub fn steps_to_reach(&self, target: Hex) -> Option<u32> {
        self.dist.iter().filter(|(h, _)| distance(**h, target) == 1).map(|(_, d)| d + 1).min()
    }
}

/// Where the creature walks this activation: along a shortest path toward a space it could attack
/// from, stopping at the first such space. When every such space is taken but the target can be
/// reached, it goes the longer way round toward the target; when no way reaches the target at all,
/// it stays (ruling 18).
pub fn route(cave: &Cave, m: &Mover, reach: &Reach, start: Hex, target: Hex, can_attack: &dyn Fn(Hex) -> bool) -> Vec<Hex> {
    let goal = reach
        .dist
        .iter()
        .filter(|(h, _)| can_attack(**h) && may_end_from(cave, m, reach.before(**h, start), **h))
        .min_by_key(|(h, d)| (**d, canonical(**h)))
        .map(|(h, _)| *h)
        .or_else(|| {
            reach.steps_to_reach(target)?;
            reach
                .dist
                .keys()
                .filter(|h| distance(**h, target) < distance(start, target) && may_end_from(cave, m, reach.before(**h, start), **h))
                .min_by_key(|h| (distance(**h, target), reach.dist[*h], canonical(**h)))
                .copied()
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
        if may_end_from(cave, m, from, *h) {
            end = i + 1;
            if can_attack(*h) {
                break;
            }
        }
    }
    path[..end].to_vec()
}
