//! A read-only view of the cave for the rules: what is on a space, who blocks, who stands where.

use super::components::*;
use super::flood::{Layout, has, put};
use super::hex::{adjacent, distance, opposite, step};
use super::sight::SightMemory;
use super::state::{Board, Kills, MissionInfo, Mule};
use crate::data::GameData;
use crate::data::cards::ThrowEffect;
use crate::data::creatures::{CreatureKind, CreatureStats, Trait};
use crate::data::weapons::LineRule;
use bevy::ecs::change_detection::Tick;
use bevy::ecs::query::QueryData;
use bevy::ecs::system::{SystemChangeTick, SystemParam};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;
use std::cell::RefCell;
use std::sync::Arc;

/// A Dwarf as the rules read him: `dwarf.at.0`, `dwarf.status.webbed`.
#[derive(QueryData)]
#[query_data(derive(Clone, Copy))]
pub struct DwarfData {
    pub entity: Entity,
    pub id: &'static Id,
    pub dwarf: &'static Dwarf,
    pub at: &'static At,
    pub health: &'static Health,
    pub ammo: &'static Ammo,
    pub status: &'static DwarfStatus,
}

/// A creature as the rules read it; `faces` for those that face a way.
#[derive(QueryData)]
#[query_data(derive(Clone, Copy))]
pub struct CreatureData {
    pub entity: Entity,
    pub id: &'static Id,
    pub creature: &'static Creature,
    pub at: &'static At,
    pub health: &'static Health,
    pub faces: Option<&'static Faces>,
    pub status: &'static CreatureStatus,
}

/// A token on the cave: `token.token`, `token.at.0`.
#[derive(QueryData)]
#[query_data(derive(Clone, Copy))]
pub struct TokenData {
    pub entity: Entity,
    pub id: &'static Id,
    pub token: &'static Token,
    pub at: &'static At,
}

/// A token that belongs to a Dwarf (class gear, thrown tokens): whose, by his seat.
#[derive(QueryData)]
#[query_data(derive(Clone, Copy))]
pub struct OwnedData {
    pub entity: Entity,
    pub id: &'static Id,
    pub token: &'static Token,
    pub at: &'static At,
    pub owner: &'static Owner,
}

/// A space of the board: its terrain, whether it is part of the Drop Pod, its Tunnel Exit.
#[derive(QueryData)]
pub struct SpaceData {
    pub terrain: &'static Terrain,
    pub drop_pod: Has<DropPod>,
    pub exit: Option<&'static TunnelExit>,
}

/// Whether a hex is a Drop Pod space: for a system that reads the spaces without the whole cave.
pub fn drop_pod_at(board: &Board, spaces: &Query<SpaceData, With<Space>>, h: Hex) -> bool {
    board.space(h).and_then(|e| spaces.get(e).ok()).is_some_and(|s| s.drop_pod)
}

/// BOSCO and where it hovers.
#[derive(QueryData)]
pub struct BoscoData {
    pub entity: Entity,
    pub at: &'static At,
    /// Still where the set-up put it: the players may set it down elsewhere (`BoscoSetUp`).
    pub setting_up: Has<BoscoSetUp>,
}

/// A Dwarf read off the cave, for as long as the cave is borrowed.
pub type DwarfItem<'a> = DwarfDataItem<'a, 'a>;
/// A creature read off the cave, for as long as the cave is borrowed.
pub type CreatureItem<'a> = CreatureDataItem<'a, 'a>;

#[derive(SystemParam)]
pub struct Cave<'w, 's> {
    pub data: Res<'w, GameData>,
    pub board: Res<'w, Board>,
    pub mission: Res<'w, MissionInfo>,
    pub kills: Res<'w, Kills>,
    terrains: Res<'w, Terrains>,
    pub spaces: Query<'w, 's, SpaceData, With<Space>>,
    pub dwarves: Query<'w, 's, DwarfData>,
    pub creatures: Query<'w, 's, CreatureData>,
    pub tokens: Query<'w, 's, TokenData>,
    /// Tokens that belong to a Dwarf (class gear, thrown tokens), with his seat.
    pub owned: Query<'w, 's, OwnedData>,
    /// BOSCO, while it is on the cave.
    pub bosco: Query<'w, 's, BoscoData, With<Bosco>>,
    pub caves: Query<'w, 's, (Entity, &'static HiddenCave)>,
    /// The areas Throwables cover while they last or wait (Phosphor Flare, Inhibitor Field, Satchel
    /// Charge).
    pub fields: Query<'w, 's, &'static Field>,
    /// The lines of sight this game has worked out (`line`).
    sight: Res<'w, SightMemory>,
    /// What this run of the system has read off the cave already.
    this_run: Local<'s, RefCell<ThisRun>>,
    tick: SystemChangeTick,
}

/// What a run of a system has read off the cave, kept for the rest of the run: nothing on the cave
/// changes while a system runs (its changes land after it), and the legal-moves query asks who
/// stands on each space of every line of sight, and the same line for every fire mode, the Flare
/// and each throw. By the board's numbering of its spaces (`Board::grid`): what a path search asks
/// of every space is an array read.
#[derive(Default)]
pub struct ThisRun {
    run: Option<Tick>,
    /// Who stands on each space.
    spots: Vec<Spot>,
    /// The numbers of the spots this run filled (some more than once), emptied by the next.
    filled: Vec<u32>,
    /// The tokens on the cave by space, then id: each space's are a run of them (`Spot::tokens`).
    tokens: Vec<(Entity, Id, Token)>,
    /// Whether a space blocks a line, by line rule (`LineRule::Sight`, `WallsOnly`), once asked.
    blocks: Vec<[Option<bool>; 2]>,
    /// Lines of sight, by line rule, as asked.
    lines: HashMap<(Hex, Hex, LineRule), bool>,
    /// The table's standing as this run found it.
    standing: Standing,
    /// Facts drawn from the standing alone, kept across runs while it lasts.
    facts: Facts,
}

impl ThisRun {
    /// The tokens on the space numbered `i`, in id order.
    fn on(&self, i: usize) -> &[(Entity, Id, Token)] {
        tokens_on(&self.spots, &self.tokens, i)
    }
}

/// The tokens on the space numbered `i`, in id order, from a run's record of who stands where and
/// its tokens: apart from [`ThisRun`] so that [`Cave::standing`] can read them while it changes
/// the run's kept facts.
fn tokens_on<'r>(spots: &[Spot], tokens: &'r [(Entity, Id, Token)], i: usize) -> &'r [(Entity, Id, Token)] {
    let (first, end) = spots[i].tokens;
    &tokens[first as usize..end as usize]
}

/// What a fact of a space may be drawn from for [`Cave::standing`] to keep it across runs: the
/// space's terrain, whether a Dwarf stands on it, and its tokens. The creatures are left out: they
/// move every activation, and no kept fact may depend on them.
#[derive(Default, Clone, PartialEq)]
struct Standing {
    /// `Terrains::stamp`.
    terrain: u64,
    /// Each Dwarf's space, by number (last seat first, as `gather` goes).
    dwarves: Vec<u32>,
    /// Each token's space, by number, the token, and its entity (which says whether it is a
    /// Dwarf's: an `Owner` is given with the token, never later).
    tokens: Vec<(u32, Entity, Token)>,
}

/// A fact of every space that follows from the table's standing alone (the terrain, the Dwarves'
/// spaces, the tokens), worked out for the whole board at once when first asked and kept, as the
/// set of the spaces where it holds, while the terrain lasts: a space whose Dwarf or tokens
/// change is asked again (`Facts::check`). Every creature's path search of a round asks the same
/// of the same spaces.
#[derive(Clone, Copy)]
pub enum StandingFact {
    /// Whether a creature may pass through a space (`skills::creature_passes`), for one that flies
    /// or not and crashes through rock or not.
    CreaturePasses { flying: bool, crashes: bool },
}

impl StandingFact {
    const KINDS: usize = 4;

    fn slot(self) -> usize {
        match self {
            StandingFact::CreaturePasses { flying, crashes } => usize::from(flying) * 2 + usize::from(crashes),
        }
    }
}

/// The facts kept, and the standing they were drawn from.
#[derive(Default)]
struct Facts {
    from: Standing,
    /// Whether this run found the table's standing to be `from` still.
    checked: bool,
    /// Each kind of fact (`StandingFact::slot`), once worked out.
    known: [Option<Known>; StandingFact::KINDS],
}

/// One kind of fact, as known.
struct Known {
    /// The spaces where it holds, as bits (`flood::Layout`).
    spaces: Arc<[u64]>,
    /// The spaces whose Dwarf or tokens changed since: asked again when the fact is next asked.
    stale: Vec<u32>,
}

impl Facts {
    /// Takes this run's standing. A change of terrain forgets every fact; a Dwarf who moved or a
    /// token put down, taken or changed leaves the facts standing but for the spaces concerned,
    /// which are asked again when a fact is next asked (most of the board did not change). `spaces`:
    /// how many the board has.
    fn check(&mut self, now: &Standing, spaces: usize) {
        self.checked = true;
        if self.from == *now {
            return;
        }
        if self.from.terrain != now.terrain {
            self.known = Default::default();
        } else {
            let (was, is) = (&self.from, now);
            let changed: Vec<u32> =
                was.dwarves.iter().chain(&is.dwarves).copied().chain(was.tokens.iter().chain(&is.tokens).map(|t| t.0)).collect();
            for slot in &mut self.known {
                let Some(known) = slot else { continue };
                known.stale.extend(&changed);
                // A fact long unasked is worked out afresh sooner than space by space.
                if known.stale.len() > spaces {
                    *slot = None;
                }
            }
        }
        self.from.clone_from(now);
    }
}

/// The space behind a two-space creature standing on `at` and facing so, which it fills too (the
/// screen draws it there, as the rules have it).
pub fn creature_back(data: &GameData, kind: CreatureKind, at: Hex, faces: Option<&Faces>) -> Option<Hex> {
    faces.filter(|_| data.creatures.get(kind).has(Trait::TwoSpaces)).map(|f| step(at, opposite(f.0)))
}

/// The spaces a creature standing on `at` and facing so fills: its own, and for a two-space
/// creature the one behind it (the screen's hover card and answers ask it as the rules do).
pub fn creature_spaces(data: &GameData, kind: CreatureKind, at: Hex, faces: Option<&Faces>) -> Vec<Hex> {
    std::iter::once(at).chain(creature_back(data, kind, at, faces)).collect()
}

/// Why a space is not empty floor (`Cave::empty_floor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotEmpty {
    NotFloor,
    TunnelExit,
    /// A figure or a token is on it.
    Taken,
}

/// Whether a token is the Resupply pod.
pub fn is_resupply_pod(t: &Token) -> bool {
    matches!(t, Token::ResupplyPod { .. })
}

/// Who stands on a space.
#[derive(Clone, Copy, Default)]
struct Spot {
    /// The creature filling it (the lowest id, should two ever share one).
    creature: Option<Entity>,
    /// The Dwarf on it (the lowest seat).
    dwarf: Option<Entity>,
    /// Where its tokens are in `ThisRun::tokens`: first and past the last.
    tokens: (u32, u32),
}

impl Cave<'_, '_> {
    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.terrains.of(self.board.space(h)?)
    }

    pub fn space(&self, h: Hex) -> Option<Entity> {
        self.board.space(h)
    }

    /// The mineral an axe would mine on a space: set in its wall, or lying on its floor.
    pub fn mineral_at(&self, h: Hex) -> Option<crate::data::mission::Mineral> {
        if let Some(Terrain::Open(crate::data::mission::Ground::Wall(Some(mineral)))) = self.terrain(h) {
            return Some(mineral);
        }
        self.tokens_at(h).into_iter().find_map(|(_, _, t)| match t {
            Token::Mineral { mineral, .. } => Some(mineral),
            _ => None,
        })
    }

    pub fn is_drop_pod(&self, h: Hex) -> bool {
        drop_pod_at(&self.board, &self.spaces, h)
    }

    /// A Dwarf on this space is aboard the Drop Pod with the objectives met: creatures do not go for
    /// him (`creatures::targeting::targets`) and he draws no Event card (ruling 23).
    pub fn aboard(&self, mule: &Mule, h: Hex) -> bool {
        self.is_drop_pod(h) && self.objectives_met(mule)
    }

    pub fn exit_at(&self, h: Hex) -> Option<u8> {
        self.spaces.get(self.board.space(h)?).ok().and_then(|s| s.exit.map(|x| x.0))
    }

    /// Floor a figure can stand on (floor, Drop Pod, Tunnel Exit; not walls, stalagmites, pits,
    /// face-down caves).
    pub fn is_floor(&self, h: Hex) -> bool {
        self.terrain(h).is_some_and(|t| t.is_floor())
    }

    /// Empty floor: floor, not a Tunnel Exit, no figure (BOSCO included: nothing may end on its
    /// space, rulebook "BOSCO") and no token on it. Where something is put down on the cave: a
    /// pickup or a loose mineral an event places, the Resupply pod (a play-tester's pod was offered
    /// BOSCO's space).
    pub fn empty_floor(&self, h: Hex) -> Result<(), NotEmpty> {
        if !self.is_floor(h) {
            return Err(NotEmpty::NotFloor);
        }
        if self.exit_at(h).is_some() {
            return Err(NotEmpty::TunnelExit);
        }
        if self.dwarf_on(h) || self.creature_on(h) || self.bosco_on(h) || self.any_token(h, |_| true) {
            return Err(NotEmpty::Taken);
        }
        Ok(())
    }

    /// Floor or a pit: where creatures walk, figures aside (ruling 11), and Flames may burn.
    pub fn floor_or_pit(&self, h: Hex) -> bool {
        self.terrain(h).is_some_and(|t| t.is_floor() || t.is_pit())
    }

    pub fn stats(&self, kind: CreatureKind) -> &CreatureStats {
        self.data.creatures.get(kind)
    }

    /// The spaces a creature fills: its own, and for a two-space creature the one behind it.
    pub fn creature_spaces(&self, kind: CreatureKind, at: Hex, faces: Option<&Faces>) -> Vec<Hex> {
        creature_spaces(&self.data, kind, at, faces)
    }

    fn creature_back(&self, kind: CreatureKind, at: Hex, faces: Option<&Faces>) -> Option<Hex> {
        creature_back(&self.data, kind, at, faces)
    }

    /// Whether BOSCO hovers over a space.
    pub fn bosco_on(&self, h: Hex) -> bool {
        self.bosco.iter().any(|b| b.at.0 == h)
    }

    /// Whether a creature fills a space (as [`Cave::creature_at`], without reading the creature).
    pub fn creature_on(&self, h: Hex) -> bool {
        self.spot(h).is_some_and(|i| self.this_run(|s| s.spots[i].creature.is_some()))
    }

    /// Who stands on a space, a creature before a Dwarf, as the log names them.
    pub fn figure_at(&self, h: Hex) -> Option<super::log::Who> {
        use super::log::Who;
        let creature = || self.creature_at(h).map(|c| Who::Creature { kind: c.creature.kind, id: c.id.0 });
        creature().or_else(|| self.dwarf_at(h).map(|d| Who::Dwarf(d.dwarf.class)))
    }

    /// The creature on a space (the one with the lowest id, should two ever share it).
    pub fn creature_at(&self, h: Hex) -> Option<CreatureItem<'_>> {
        let i = self.spot(h)?;
        let e = self.this_run(|s| s.spots[i].creature)?;
        self.creatures.get(e).ok()
    }

    /// Asks what this run has read, gathering who stands where first in a new run of the system.
    fn this_run<T>(&self, ask: impl FnOnce(&mut ThisRun) -> T) -> T {
        let now = self.tick.this_run();
        let mut s = self.this_run.borrow_mut();
        if s.run != Some(now) {
            self.gather(&mut s, now);
        }
        ask(&mut s)
    }

    /// Who stands where and what lies where, for a new run (the last run's arrays reused).
    fn gather(&self, s: &mut ThisRun, run: Tick) {
        let grid = self.board.grid();
        s.run = Some(run);
        s.lines.clear();
        s.blocks.clear();
        s.blocks.resize(grid.len(), [None; 2]);
        // Only the spots the last run filled are emptied (most of the board has no one on it).
        if s.spots.len() == grid.len() {
            for i in &s.filled {
                s.spots[*i as usize] = Spot::default();
            }
            s.filled.clear();
        } else {
            s.spots.clear();
            s.spots.resize(grid.len(), Spot::default());
            s.filled.clear();
        }
        s.standing.terrain = self.terrains.stamp();
        s.standing.dwarves.clear();
        s.standing.tokens.clear();
        s.facts.checked = false;
        for c in self.creatures.iter() {
            self.put_creature(s, &c, c.at.0, c.faces);
        }
        for d in self.dwarves_sorted().iter().rev() {
            if let Some(i) = grid.index(d.at.0) {
                s.spots[i].dwarf = Some(d.entity);
                s.filled.push(i as u32);
                s.standing.dwarves.push(i as u32);
            }
        }
        let mut on_board: Vec<(usize, Id, Entity, Token)> =
            self.tokens.iter().filter_map(|t| grid.index(t.at.0).map(|i| (i, *t.id, t.entity, *t.token))).collect();
        on_board.sort_by_key(|t| (t.0, t.1));
        s.tokens.clear();
        for (n, (i, id, e, token)) in on_board.into_iter().enumerate() {
            let spot = &mut s.spots[i];
            if spot.tokens.1 == 0 {
                spot.tokens.0 = n as u32;
                s.filled.push(i as u32);
            }
            spot.tokens.1 = n as u32 + 1;
            s.tokens.push((e, id, token));
            s.standing.tokens.push((i as u32, e, token));
        }
    }

    /// Puts a creature on this run's record of who stands where, on `at` (and its back, facing so).
    fn put_creature(&self, s: &mut ThisRun, c: &CreatureItem, at: Hex, faces: Option<&Faces>) {
        let grid = self.board.grid();
        for h in std::iter::once(at).chain(self.creature_back(c.creature.kind, at, faces)) {
            let Some(i) = grid.index(h) else { continue };
            let spot = &mut s.spots[i];
            // Should two creatures share a space, the lower id is the one there.
            let lower = |e: Entity| self.creatures.get(e).is_ok_and(|there| there.id.0 < c.id.0);
            if !spot.creature.is_some_and(lower) {
                spot.creature = Some(c.entity);
                s.filled.push(i as u32);
            }
        }
    }

    /// A creature's move that this run made: its change lands on the table after the run, and this
    /// run's record of who stands where (and what its figures hide from sight) follows it now, so
    /// that the next creature's activation carried out in the same run finds the cave as it will
    /// be (`creatures::activate`). Only who stands where follows: the creature read off the cave
    /// still says where it stood.
    pub fn creature_moved(&self, c: &CreatureItem, to: Hex, faces: Option<&Faces>) {
        let grid = self.board.grid();
        let from = self.creature_spaces(c.creature.kind, c.at.0, c.faces);
        let now = self.creature_spaces(c.creature.kind, to, faces);
        self.this_run(|s| {
            for i in from.iter().filter_map(|h| grid.index(*h)) {
                if s.spots[i].creature == Some(c.entity) {
                    s.spots[i].creature = None;
                }
            }
            self.put_creature(s, c, to, faces);
            // A creature hides what is behind it (ruling 7): what was seen past these spaces is
            // asked again.
            for i in from.iter().chain(&now).filter_map(|h| grid.index(*h)) {
                s.blocks[i][LineRule::Sight as usize] = None;
            }
            s.lines.retain(|line, _| line.2 != LineRule::Sight);
        });
    }

    /// The spaces of which a fact holds, as bits (`flood::Layout`), the fact drawn from the table's
    /// standing alone by `holds` (as [`Cave::look`] shows a space): worked out for every space when
    /// first asked, then kept across this system's runs while the terrain lasts, and asked again
    /// only of the spaces whose Dwarf or tokens changed. `holds` is
    /// asked while this run's record of who stands where is open: it must not ask the cave for it.
    pub fn standing(&self, fact: StandingFact, holds: impl Fn(Terrain, bool, &[(Entity, Id, Token)]) -> bool) -> Arc<[u64]> {
        let grid = self.board.grid();
        let layout = Layout::of(grid);
        self.this_run(|s| {
            if !s.facts.checked {
                s.facts.check(&s.standing, grid.len());
            }
            let holds_at = |i: usize| {
                let terrain = self.terrains.of(self.board.numbered(i));
                terrain.is_some_and(|t| holds(t, s.spots[i].dwarf.is_some(), tokens_on(&s.spots, &s.tokens, i)))
            };
            let known = s.facts.known[fact.slot()].get_or_insert_with(|| {
                let spaces = layout.set((0..grid.len()).filter(|i| holds_at(*i)).map(|i| grid.hex(i)));
                Known { spaces: spaces.into(), stale: vec![] }
            });
            for i in std::mem::take(&mut known.stale) {
                let i = i as usize;
                let now = holds_at(i);
                if let Some(bit) = layout.bit(grid.hex(i)).filter(|bit| has(&known.spaces, *bit) != now) {
                    put(Arc::make_mut(&mut known.spaces), bit, now);
                }
            }
            known.spaces.clone()
        })
    }

    /// What a run knows of a space, by its number on the board.
    fn spot(&self, h: Hex) -> Option<usize> {
        self.board.grid().index(h)
    }

    pub fn creature_by_id(&self, id: u32) -> Option<CreatureItem<'_>> {
        self.creatures.iter().find(|c| c.id.0 == id)
    }

    /// Creatures in id order.
    pub fn creatures_sorted(&self) -> Vec<CreatureItem<'_>> {
        let mut v: Vec<_> = self.creatures.iter().collect();
        v.sort_by_key(|c| *c.id);
        v
    }

    /// Dwarves in seat order.
    pub fn dwarves_sorted(&self) -> Vec<DwarfItem<'_>> {
        let mut v: Vec<_> = self.dwarves.iter().collect();
        v.sort_by_key(|d| d.dwarf.seat);
        v
    }

    /// Whether a Dwarf stands on a space (as [`Cave::dwarf_at`], without reading the Dwarf).
    pub fn dwarf_on(&self, h: Hex) -> bool {
        self.spot(h).is_some_and(|i| self.this_run(|s| s.spots[i].dwarf.is_some()))
    }

    pub fn dwarf_at(&self, h: Hex) -> Option<DwarfItem<'_>> {
        let i = self.spot(h)?;
        let e = self.this_run(|s| s.spots[i].dwarf)?;
        self.dwarves.get(e).ok()
    }

    pub fn dwarf_in_seat(&self, seat: u32) -> Option<DwarfItem<'_>> {
        self.dwarves.iter().find(|d| d.dwarf.seat == seat)
    }

    /// Tokens on a space, in id order.
    pub fn tokens_at(&self, h: Hex) -> Vec<(Entity, Id, Token)> {
        let Some(i) = self.spot(h) else { return vec![] };
        self.this_run(|s| s.on(i).to_vec())
    }

    /// The first token on a space, in id order, that is such (without copying the space's tokens).
    pub fn token_where(&self, h: Hex, such: impl Fn(&Token) -> bool) -> Option<Token> {
        let i = self.spot(h)?;
        self.this_run(|s| s.on(i).iter().map(|t| t.2).find(|t| such(t)))
    }

    /// Whether some token on a space is such (asked of every space a path search tries, so it does
    /// not copy the space's tokens).
    pub fn any_token(&self, h: Hex, such: impl Fn(&(Entity, Id, Token)) -> bool) -> bool {
        self.spot(h).is_some_and(|i| self.this_run(|s| s.on(i).iter().any(such)))
    }

    /// Whether a space blocks a shot's line under a line rule (rulings 7 and 8).
    pub fn blocks_line(&self, h: Hex, rule: LineRule) -> bool {
        let asked = self.spot(h).map(|i| (i, rule as usize));
        if let Some(known) = asked.and_then(|(i, r)| self.this_run(|s| s.blocks[i][r])) {
            return known;
        }
        let blocks = self.terrain(h).is_none_or(|t| {
            let solid = t.is_wall() || matches!(t, Terrain::Hidden(_));
            match rule {
                LineRule::WallsOnly => solid,
                LineRule::Sight => {
                    solid
                        || t.is_stalagmite()
                        || self.dwarf_at(h).is_some_and(|d| d.status.standing())
                        || self.creature_at(h).is_some_and(|c| !self.stats(c.creature.kind).has(Trait::Small))
                }
            }
        });
        if let Some((i, r)) = asked {
            self.this_run(|s| s.blocks[i][r] = Some(blocks));
        }
        blocks
    }

    pub fn line(&self, from: Hex, to: Hex, rule: LineRule) -> bool {
        if let Some(known) = self.this_run(|s| s.lines.get(&(from, to, rule)).copied()) {
            return known;
        }
        // What blocks under `WallsOnly` blocks under `Sight` too: a line the walls close is closed,
        // and the walls' answers, kept for the game, rarely change (the figures' do at every step).
        let walled = rule == LineRule::Sight && !self.line(from, to, LineRule::WallsOnly);
        let seen = !walled && self.line_where(from, to, |h| self.blocks_line(h, rule));
        self.this_run(|s| s.lines.insert((from, to, rule), seen));
        seen
    }

    /// Whether `from` sees `to` when these spaces block (ruling 7's line of sight).
    pub fn line_where(&self, from: Hex, to: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
        let mut lines = self.sight.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        lines.line(from, to, blocks)
    }

    /// Whether Flames burn on a space.
    pub fn flame_at(&self, h: Hex) -> bool {
        self.any_token(h, |t| t.2 == Token::Flame)
    }

    /// The effects of the Throwable a token or area came from.
    pub fn throw_effects(&self, card: u32) -> &[ThrowEffect] {
        self.data.throwables.get(card as usize).map(|t| t.effects.as_slice()).unwrap_or(&[])
    }

    /// Whether a token on the cave is a L.U.R.E. a Dwarf threw.
    pub fn is_lure(&self, (e, _, t): &(Entity, Id, Token)) -> bool {
        matches!(t, Token::Thrown { card } if self.throw_effects(*card).contains(&ThrowEffect::Lure)) && self.owned.contains(*e)
    }

    /// Whether the Resupply pod stands on a space.
    pub fn resupply_pod_at(&self, h: Hex) -> bool {
        self.any_token(h, |t| is_resupply_pod(&t.2))
    }

    /// A space of the cave in one look: its terrain, whether a Dwarf stands on it, its tokens in id
    /// order. What a creature's path search asks of every space it tries.
    pub fn look<T>(&self, h: Hex, ask: impl FnOnce(Terrain, bool, &[(Entity, Id, Token)]) -> T) -> Option<T> {
        let i = self.spot(h)?;
        let terrain = self.terrains.of(self.board.numbered(i))?;
        Some(self.this_run(|s| ask(terrain, s.spots[i].dwarf.is_some(), s.on(i))))
    }

    /// The space of the conscious Dwarf nearest a hex (ties: lowest seat).
    pub fn nearest_dwarf_hex(&self, h: Hex) -> Option<Hex> {
        self.dwarves_sorted().iter().filter(|d| !d.status.unconscious).min_by_key(|d| distance(d.at.0, h)).map(|d| d.at.0)
    }

    /// Whether a creature is adjacent to a hex (any of its spaces).
    pub fn creature_adjacent(&self, c: &CreatureItem<'_>, h: Hex) -> bool {
        self.creature_spaces(c.creature.kind, c.at.0, c.faces).iter().any(|s| adjacent(*s, h))
    }

    pub fn objectives_met(&self, mule: &Mule) -> bool {
        self.mission.objectives_met(mule, &self.kills)
    }

    /// A space a Dwarf may end a move on: no other Dwarf, not a Tunnel Exit, no Resupply pod, Sentry
    /// Gun or Zipline piece (rulebook "Movement"; ruling 2).
    pub fn dwarf_may_end(&self, h: Hex, mover: Entity) -> Result<(), String> {
        if self.exit_at(h).is_some() {
            return Err("a Dwarf cannot end a move on a Tunnel Exit".into());
        }
        if self.dwarf_at(h).is_some_and(|d| d.entity != mover) {
            return Err("a Dwarf cannot end a move on another Dwarf's space".into());
        }
        let blocking = |t: &Token| matches!(t, Token::ResupplyPod { .. } | Token::SentryGun { .. } | Token::Zipline);
        if let Some(t) = self.token_where(h, blocking) {
            return Err(format!("a Dwarf may pass a {t:?} but not end his move on it"));
        }
        Ok(())
    }
}
