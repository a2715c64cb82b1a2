//! The Shoot action (rulebook "Shoot", "Damaging targets"; rulings 6-9): pay, roll, take the
//! rerolls and the doubled die the modifiers allow, lay the results, deal the damage, scare.

use super::modifiers::{Modifiers, for_attack};
use super::scare::{ScareState, start_scare};
use super::secondary::{next_spaces, scare_on_hit};
use super::{InProgress, actor, answering, ask};
use crate::data::creatures::Trait;
use crate::data::dice::{Symbol, hits};
use crate::data::weapons::{AfterShot, FireMode, LineRule, Spread};
use crate::rules::cave::Cave;
use crate::rules::cave::DwarfItem;
use crate::rules::command::{Answer, Command, Pending};
use crate::rules::command::{CommandKind, Desk, needless};
use crate::rules::components::*;
use crate::rules::damage::{Blow, Hits, hurt_creature, hurt_dwarf, kills};
use crate::rules::dice::roll;
use crate::rules::effects::Effects;
use crate::rules::for_karl::{AfterRoll, ForKarlHands, hold, released};
use crate::rules::hex::{Qr, adjacent, canonical, distance, neighbours};
use crate::rules::log::{DieRoll, GameEvent, Who};
use crate::rules::state::Turn;
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

#[derive(Debug, Clone)]
pub struct ShotState {
    pub dwarf: Entity,
    pub seat: u32,
    pub mode: FireMode,
    pub slot: WeaponSlot,
    pub mods: Modifiers,
    pub from: Hex,
    pub target: Hex,
    pub rolls: Vec<DieRoll>,
    /// Rerolls the player may still take.
    pub rerolls_left: u32,
    /// The die whose result counts twice (Double Damage upgrade).
    pub doubled: Option<usize>,
    /// A Dwarf holds For Karl!: the shot waits once before its results are laid, so the card can
    /// be played on this roll.
    pub karl_window: bool,
    /// Which die lies on which space so far.
    pub placed: Vec<(usize, Hex)>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Shoot), start_shot)
        .add_systems(
            RulesStep::Action(CommandKind::Choose),
            place_results
                .run_if(answering(|p| matches!(p, InProgress::Shot(_))))
                .in_set(RulesSet::Actions)
                .ambiguous_with(RulesSet::Actions),
        )
        .add_systems(
            RulesStep::Rolled,
            after_karl.run_if(released(|a| *a == AfterRoll::Shot)).in_set(RulesSet::Rolled).ambiguous_with(RulesSet::Rolled),
        );
}

/// Whether a space can take a shot's result at all: on the cave and not solid rock.
pub fn open_space(cave: &Cave, h: Hex) -> bool {
    cave.terrain(h).is_some_and(|t| !t.is_wall() && !t.is_stalagmite() && !matches!(t, Terrain::Hidden(_)))
}

/// Whether a weapon reaches a space from where the Dwarf stands: range and line (rulings 6-8).
pub fn reaches(cave: &Cave, range: u32, line: LineRule, from: Hex, h: Hex) -> bool {
    let d = distance(from, h);
    d >= 1 && d <= range && open_space(cave, h) && cave.line(from, h, line)
}

/// Check the target of an attack: on the cave, not the Dwarf's own space, in range, open, in line.
pub fn check_target(cave: &Cave, from: Hex, range: u32, line: LineRule, name: &str, target: Hex) -> Result<(), String> {
    let at = Qr::from(target);
    let dist = distance(from, target);
    if cave.terrain(target).is_none() {
        return Err(format!("({}, {}) is not part of the cave", at.q, at.r));
    }
    if dist == 0 {
        return Err("a Dwarf cannot shoot his own space".into());
    }
    if dist > range {
        return Err(format!("({}, {}) is {dist} spaces away; {name} reaches {range}", at.q, at.r));
    }
    if !open_space(cave, target) {
        return Err(format!("({}, {}) is solid rock", at.q, at.r));
    }
    if !cave.line(from, target, line) {
        return Err(format!("no line of sight to ({}, {})", at.q, at.r));
    }
    Ok(())
}

/// Pay a shot's ammo from the weapon's own supply; a weapon with the Any Ammo upgrade may take the
/// other kind when its own runs out. The new ammo, or why not.
pub fn pay(ammo: &Ammo, slot: WeaponSlot, cost: u32, any_ammo: bool) -> Result<Ammo, String> {
    let own = match slot {
        WeaponSlot::Primary => ammo.primary,
        WeaponSlot::Secondary => ammo.secondary,
    };
    let pay_own = |a: &Ammo| match slot {
        WeaponSlot::Primary => Ammo { primary: a.primary - cost, ..*a },
        WeaponSlot::Secondary => Ammo { secondary: a.secondary - cost, ..*a },
    };
    if own >= cost {
        return Ok(pay_own(ammo));
    }
    let other = ammo.primary + ammo.secondary - own;
    match (any_ammo, slot) {
        (true, WeaponSlot::Primary) if other >= cost => Ok(Ammo { secondary: ammo.secondary - cost, ..*ammo }),
        (true, WeaponSlot::Secondary) if other >= cost => Ok(Ammo { primary: ammo.primary - cost, ..*ammo }),
        _ => Err(format!("no {} ammo left", if slot == WeaponSlot::Primary { "primary" } else { "secondary" })),
    }
}

/// Check everything a shot needs before any die is rolled.
pub fn check_shot<'a>(cave: &'a Cave, turn: &Turn, mode_id: &str) -> Result<(FireMode, DwarfItem<'a>), String> {
    let probe = actor(cave, turn, 0)?;
    let weapon = cave.data.weapons.of(probe.dwarf.class);
    let mode = weapon.mode(mode_id).ok_or_else(|| format!("the {} has no mode {mode_id}", weapon.name))?.clone();
    let d = actor(cave, turn, crate::rules::skills::scout::action_cost(turn, &mode))?;
    if !mode.only_after.is_empty() && !turn.last_shot.as_ref().is_some_and(|l| mode.only_after.contains(l)) {
        // The modes by their names, not their ids ("BurstFire" read as a typo to a play-tester).
        let after: Vec<&str> = mode.only_after.iter().map(|id| weapon.mode(id).map_or(id.as_str(), |m| m.name.as_str())).collect();
        return Err(format!("{} only comes straight after a shot of {}", mode.name, after.join(" or ")));
    }
    if let Some(limit) = mode.per_turn
        && turn.shots_this_turn.get(&mode.id).copied().unwrap_or(0) >= limit
    {
        return Err(format!("{} is allowed {limit} times a turn", mode.name));
    }
    Ok((mode, d))
}

/// Everything that decides whether the active Dwarf may fire his primary weapon in a mode at a
/// target: the mode, the shooter and the attack's modifiers when he may. The legal-moves query asks
/// the same two checks: the shot's once ([`check_shot`]), then [`check_shoot_at`] for each space.
pub fn check_shoot<'a>(
    cave: &'a Cave,
    turn: &Turn,
    loadouts: &Query<&Loadout>,
    mode_id: &str,
    target: Hex,
) -> Result<(FireMode, DwarfItem<'a>, Modifiers), String> {
    let (mode, d) = check_shot(cave, turn, mode_id)?;
    let loadout = loadouts.get(d.entity).cloned().unwrap_or_default();
    let mods = check_shoot_at(cave, turn, &loadout, WeaponSlot::Primary, &mode, &d, target)?;
    Ok((mode, d, mods))
}

/// What a shot allowed now (in a mode, [`check_shot`]; or the secondary weapon,
/// `secondary::check_secondary_ready`) needs at its target: the weapon's ammo with the attack's
/// modifiers there, range and line. The modifiers when it may.
pub fn check_shoot_at(
    cave: &Cave,
    turn: &Turn,
    loadout: &Loadout,
    slot: WeaponSlot,
    mode: &FireMode,
    d: &DwarfItem,
    target: Hex,
) -> Result<Modifiers, String> {
    let mods = for_attack(cave, turn, loadout, slot, target);
    pay(d.ammo, slot, mode.ammo, mods.any_ammo).map_err(|e| format!("the {:?} has {e}", d.dwarf.class))?;
    match check_target(cave, d.at.0, mode.range + mods.range, mode.line, &mode.name, target) {
        // Ruling 8 (rulebook "Throwables", which the Grenade Launcher follows): range and line to
        // one space of the blast are enough, the target itself need not have them.
        Err(_) if mode.spread == Spread::Triangle && blast_in_reach(cave, d.at.0, mode, &mods, target) => {}
        r => r?,
    }
    Ok(mods)
}

/// Whether a blast triangle around an open target other than the shooter's own space has a space
/// the weapon reaches.
fn blast_in_reach(cave: &Cave, from: Hex, mode: &FireMode, mods: &Modifiers, target: Hex) -> bool {
    distance(from, target) > 0 && open_space(cave, target) && !reachable_triangles(cave, from, mode, mods, target).is_empty()
}

/// The blast triangles around a target with at least one space the weapon reaches (ruling 8).
fn reachable_triangles(cave: &Cave, from: Hex, mode: &FireMode, mods: &Modifiers, target: Hex) -> Vec<Answer> {
    let reached = |q: &Qr| reaches(cave, mode.range + mods.range, mode.line, from, (*q).into());
    let all = triangles(cave, target);
    if reached(&target.into()) {
        return all;
    }
    all.into_iter().filter(|a| matches!(a, Answer::Triangle(x, y) if reached(x) || reached(y))).collect()
}

fn start_shot(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    loadouts: Query<&Loadout>,
    for_karl: ForKarlHands,
    mut turn: ResMut<Turn>,
    mut fx: Effects,
) {
    let Some(Command::Shoot { mode, target }) = desk.current.0.clone() else { return };
    let result = check_shoot(&cave, &turn, &loadouts, &mode, target.into()).and_then(|(mode, d, mods)| {
        let karl = for_karl.in_hand(&cave);
        let state = fire(&cave, &mut fx, &mut turn, &d, mode, WeaponSlot::Primary, mods, target.into(), karl)?;
        turn.last_shot = Some(state.mode.id.clone());
        *turn.shots_this_turn.entry(state.mode.id.clone()).or_default() += 1;
        next_step(&cave, &mut fx, &mut pending, &mut progress, state);
        Ok(())
    });
    desk.settle(result);
}

/// Pay for a checked shot, roll its dice and the modifiers' extra dice, and spend the active
/// Dwarf's action: the shot, ready for its rerolls and results.
pub fn fire(
    cave: &Cave,
    fx: &mut Effects,
    turn: &mut Turn,
    d: &DwarfItem,
    mode: FireMode,
    slot: WeaponSlot,
    mods: Modifiers,
    target: Hex,
    karl_window: bool,
) -> Result<ShotState, String> {
    let state = roll_shot(cave, fx, d, mode, slot, mods, target, karl_window)?;
    turn.actions_left -= crate::rules::skills::scout::action_cost(turn, &state.mode);
    turn.extra_dice = 0;
    turn.light_footed = false;
    Ok(state)
}

/// Pay for a checked shot and roll its dice and the modifiers' extra dice; no action is spent (a
/// reaction shot's, ruling 30, or [`fire`]'s before it spends one).
pub fn roll_shot(
    cave: &Cave,
    fx: &mut Effects,
    d: &DwarfItem,
    mode: FireMode,
    slot: WeaponSlot,
    mods: Modifiers,
    target: Hex,
    karl_window: bool,
) -> Result<ShotState, String> {
    let ammo = pay(d.ammo, slot, mode.ammo, mods.any_ammo).map_err(|e| format!("the {:?} has {e}", d.dwarf.class))?;
    let mut dice = mode.dice.clone();
    dice.extend(mods.extra_dice.iter().copied());
    fx.fired(cave, Who::Dwarf(d.dwarf.class), &mode.name, target);
    let rolls = fx.roll(Who::Dwarf(d.dwarf.class), &dice, &cave.data)?;
    fx.commands.entity(d.entity).insert(ammo);
    fx.say(GameEvent::AmmoSpent {
        dwarf: d.dwarf.class,
        primary: d.ammo.primary - ammo.primary,
        secondary: d.ammo.secondary - ammo.secondary,
    });
    let rerolls_left = mods.rerolls;
    Ok(ShotState {
        dwarf: d.entity,
        seat: d.dwarf.seat,
        mode,
        slot,
        mods,
        from: d.at.0,
        target,
        rolls,
        rerolls_left,
        doubled: None,
        karl_window,
        placed: vec![],
    })
}

/// After the roll: offer the rerolls, then the doubled die, then lay the results.
pub fn next_step(cave: &Cave, fx: &mut Effects, pending: &mut Pending, progress: &mut InProgress, state: ShotState) {
    if state.rerolls_left > 0 && !state.rolls.is_empty() {
        let mut options: Vec<Answer> = (0..state.rolls.len()).map(Answer::Reroll).collect();
        options.insert(0, Answer::Pass);
        // Where the rerolls come from is said: a Flare's reroll came as a surprise (a play-tester).
        let from: Vec<String> = state.mods.reroll_from.iter().map(|f| f.words(&cave.data)).collect();
        let left = crate::rules::log::counted(state.rerolls_left, "reroll");
        ask(pending, format!("Reroll a die? ({left} left, from {})", from.join(" and ")), options);
        *progress = InProgress::Shot(state);
        return;
    }
    let doubles: Vec<usize> = (0..state.rolls.len()).filter(|i| counts(&state.rolls[*i].symbols)).collect();
    if state.mods.double_one && state.doubled.is_none() && !doubles.is_empty() {
        let mut order = doubles;
        order.sort_by_key(|i| std::cmp::Reverse(hits(&state.rolls[*i].symbols)));
        ask(pending, "Pick the result that counts twice".into(), order.into_iter().map(Answer::Double).collect());
        *progress = InProgress::Shot(state);
        return;
    }
    let mut state = state;
    if state.karl_window {
        // The rerolls and the doubled die are taken; For Karl! may now reroll the whole shot.
        state.karl_window = false;
        let who = cave.dwarves.get(state.dwarf).map_or(Who::Bosco, |d| Who::Dwarf(d.dwarf.class));
        if hold(&cave.data, &mut fx.karl, pending, true, who, state.rolls.clone(), AfterRoll::Shot).is_none() {
            *progress = InProgress::Shot(state);
            return;
        }
    }
    first_step(cave, fx, pending, progress, state);
}

/// The shot's roll back from For Karl!: rerolled, it carries on as if just rolled (a doubled die
/// chosen before is undone); let stand, it carries on as it was.
fn after_karl(cave: Cave, mut pending: ResMut<Pending>, mut progress: ResMut<InProgress>, mut fx: Effects) {
    let (Some(held), InProgress::Shot(state)) = (fx.karl.take(), &*progress) else { return };
    let mut state = state.clone();
    if held.rerolled {
        state.rolls = held.rolls;
        state.doubled = None;
        state.placed.clear();
    }
    next_step(&cave, &mut fx, &mut pending, &mut progress, state);
}

/// A result worth doubling: a hit or a scare.
fn counts(face: &[Symbol]) -> bool {
    hits(face) > 0 || face.contains(&Symbol::Scare)
}

/// Lay the results at once, or ask how.
fn first_step(cave: &Cave, fx: &mut Effects, pending: &mut Pending, progress: &mut InProgress, mut state: ShotState) {
    let t = state.target;
    match state.mode.spread {
        Spread::Single => {
            let also = if state.mods.also_next_space { next_spaces(cave, t) } else { vec![] };
            if also.is_empty() {
                state.placed = (0..state.rolls.len()).map(|i| (i, t)).collect();
                finish(cave, fx, pending, progress, state);
            } else {
                ask(pending, "Pick the space next to the target the results also land on".into(), also);
                *progress = InProgress::Shot(state);
            }
        }
        Spread::KeepOne if state.rolls.len() > 1 => {
            let mut order: Vec<usize> = (0..state.rolls.len()).collect();
            order.sort_by_key(|i| std::cmp::Reverse(hits(&state.rolls[*i].symbols)));
            ask(pending, "Keep one result of the grenade".into(), order.into_iter().map(Answer::Keep).collect());
            let alike = |a: &DieRoll, b: &DieRoll| a.die == b.die && a.symbols == b.symbols;
            if state.doubled.is_none() && state.rolls.windows(2).all(|w| alike(&w[0], &w[1])) {
                needless(pending, "the dice show the same: whichever is kept does the same");
            }
            *progress = InProgress::Shot(state);
        }
        Spread::KeepOne => {
            state.placed = vec![(0, t)];
            finish(cave, fx, pending, progress, state);
        }
        Spread::Triangle => {
            let options = reachable_triangles(cave, state.from, &state.mode, &state.mods, t);
            let outcomes: Vec<BlastOutcome> = options.iter().map(|a| blast_outcome(cave, &state, a)).collect();
            ask(pending, "Turn the blast: pick the two spaces next to the target".into(), options);
            if outcomes.windows(2).all(|w| w[0] == w[1]) {
                let why = match outcomes.first() {
                    Some(o) if o.is_empty() => "the blast hurts and moves no one, whichever way it turns",
                    _ => "the blast lands on the same figures whichever way it turns",
                };
                needless(pending, why);
            }
            *progress = InProgress::Shot(state);
        }
        Spread::Chain => {
            if state.rolls.iter().all(|r| hits(&r.symbols) == 0) {
                finish(cave, fx, pending, progress, state);
            } else {
                ask_chain(cave, pending, progress, state);
            }
        }
    }
}

/// The six ways to lay a triangle on a target: two neighbours of the target that touch each other.
pub fn triangles(cave: &Cave, t: Hex) -> Vec<Answer> {
    let n = neighbours(t);
    let mut out: Vec<Answer> = (0..6)
        .map(|i| {
            let (mut a, mut b) = (n[i], n[(i + 1) % 6]);
            if canonical(b) < canonical(a) {
                std::mem::swap(&mut a, &mut b);
            }
            (a, b)
        })
        .filter(|(a, b)| cave.space(*a).is_some() || cave.space(*b).is_some())
        .map(|(a, b)| Answer::Triangle(a.into(), b.into()))
        .collect();
    // Spaces with the most figures first, so the headless default hits what is there.
    out.sort_by_key(|a| match a {
        Answer::Triangle(x, y) => std::cmp::Reverse(figures_on(cave, (*x).into()) + figures_on(cave, (*y).into())),
        _ => std::cmp::Reverse(0),
    });
    out
}

/// What a turn of the blast does with the shot's roll: the creatures its results can hurt or move
/// (with the spaces of each it covers, ruling 13) and the Dwarves its hits land on.
#[derive(PartialEq)]
struct BlastOutcome {
    creatures: Vec<(u32, u32)>,
    dwarves: Vec<u32>,
}

impl BlastOutcome {
    fn is_empty(&self) -> bool {
        self.creatures.is_empty() && self.dwarves.is_empty()
    }
}

fn blast_outcome(cave: &Cave, state: &ShotState, a: &Answer) -> BlastOutcome {
    let hit = state.rolls.iter().any(|r| hits(&r.symbols) > 0);
    let scare = state.rolls.iter().any(|r| r.symbols.contains(&Symbol::Scare));
    let spaces: Vec<Hex> = match a {
        Answer::Triangle(x, y) => vec![state.target, (*x).into(), (*y).into()],
        _ => vec![state.target],
    };
    // A scare moves no creature that never moves (the Brood Nexus).
    let moved = |c: &crate::rules::cave::CreatureItem| scare && !cave.stats(c.creature.kind).has(Trait::Immobile);
    let mut creatures: BTreeMap<u32, u32> = BTreeMap::new();
    let mut dwarves = Vec::new();
    for s in spaces {
        if let Some(c) = cave.creature_at(s).filter(|c| hit || moved(c)) {
            *creatures.entry(c.id.0).or_default() += 1;
        }
        if let Some(d) = cave.dwarf_at(s).filter(|_| hit && state.mode.hits_dwarves) {
            dwarves.push(d.dwarf.seat);
        }
    }
    dwarves.sort();
    BlastOutcome { creatures: creatures.into_iter().collect(), dwarves }
}

/// The figures one turn of the blast lands on with the shot's roll: the creatures its hits hurt or
/// its scare moves and the Dwarves its hits hurt (the legal-moves query names them beside each
/// answer: a Dwarf in the blast is friendly fire).
pub fn blast_lands_on(cave: &Cave, state: &ShotState, a: &Answer) -> Vec<Who> {
    let outcome = blast_outcome(cave, state, a);
    let creatures = outcome
        .creatures
        .iter()
        .filter_map(|(id, _)| cave.creature_by_id(*id))
        .map(|c| Who::Creature { kind: c.creature.kind, id: c.id.0 });
    let dwarves = outcome.dwarves.iter().filter_map(|seat| cave.dwarf_in_seat(*seat)).map(|d| Who::Dwarf(d.dwarf.class));
    creatures.chain(dwarves).collect()
}

fn figures_on(cave: &Cave, h: Hex) -> usize {
    usize::from(cave.creature_on(h)) + usize::from(cave.dwarf_on(h))
}

/// Ask where the next die of the damage chain goes (ruling 9). The first must be a hit on the target.
fn ask_chain(cave: &Cave, pending: &mut Pending, progress: &mut InProgress, state: ShotState) {
    let unplaced: Vec<usize> = (0..state.rolls.len()).filter(|i| !state.placed.iter().any(|p| p.0 == *i)).collect();
    // One option per distinct face: two dice showing the same face are the same choice, but for
    // the doubled die (Double Damage), whose hits count twice.
    let mut faces_seen: Vec<(&Vec<Symbol>, bool)> = Vec::new();
    let dice: Vec<usize> = unplaced
        .into_iter()
        .filter(|i| {
            let f = (&state.rolls[*i].symbols, state.doubled == Some(*i));
            let new = !faces_seen.contains(&f);
            faces_seen.push(f);
            new
        })
        .collect();
    let mut options: Vec<(bool, u32, (i32, i32), usize, Hex)> = Vec::new();
    if state.placed.is_empty() {
        for i in dice.iter().filter(|i| hits(&state.rolls[**i].symbols) > 0) {
            options.push((true, hits(&state.rolls[*i].symbols), (0, 0), *i, state.target));
        }
    } else {
        for s in chain_spaces(cave, &state) {
            let occupied = cave.creature_on(s);
            for i in &dice {
                options.push((occupied, hits(&state.rolls[*i].symbols), canonical(s), *i, s));
            }
        }
    }
    options.sort_by_key(|(occ, h, c, i, _)| (!occ, std::cmp::Reverse(*h), *c, *i));
    let answers: Vec<Answer> = options.into_iter().map(|(_, _, _, die, at)| Answer::Place { die, at: at.into() }).collect();
    let left = state.rolls.len() - state.placed.len();
    // Nothing to decide: one place for one die, or only blanks left, which do nothing wherever
    // they are laid (a blank carries the chain on only to dice after it, and none is left that
    // could hit).
    let why = match answers.len() {
        1 => Some("one die can go in one place only"),
        n if n > 1 && dice.iter().all(|i| state.rolls[*i].symbols.is_empty()) => {
            Some("only blanks are left: wherever they go, nothing more happens")
        }
        n if n > 1 && !state.placed.is_empty() && rest_changes_nothing(cave, &state, left) => {
            Some("nothing the results left could reach is still standing: wherever they go, nothing more happens")
        }
        _ => None,
    };
    ask(pending, format!("Lay the next result of the shot ({left} left)"), answers);
    if let Some(why) = why {
        needless(pending, why);
    }
    *progress = InProgress::Shot(state);
}

/// Spaces a further result may go to: one already hit or next to one, in range and line of sight.
fn chain_spaces(cave: &Cave, state: &ShotState) -> Vec<Hex> {
    let mut out: Vec<Hex> = Vec::new();
    for (_, hit) in &state.placed {
        for s in std::iter::once(*hit).chain(neighbours(*hit)) {
            let range = state.mode.range + state.mods.range;
            if !out.contains(&s) && (s == *hit || adjacent(s, *hit)) && reaches(cave, range, state.mode.line, state.from, s) {
                out.push(s);
            }
        }
    }
    out.sort_by_key(|h| canonical(*h));
    out
}

fn place_results(mut desk: Desk, mut pending: ResMut<Pending>, mut progress: ResMut<InProgress>, cave: Cave, mut fx: Effects) {
    let InProgress::Shot(state) = &*progress else { return };
    let mut state = state.clone();
    let result = desk.answer(&pending).and_then(|a| {
        match a.clone() {
            Answer::Keep(i) => state.placed = vec![(i, state.target)],
            Answer::Triangle(a, b) => {
                for s in [state.target, a.into(), b.into()] {
                    state.placed.extend((0..state.rolls.len()).map(|i| (i, s)));
                }
            }
            Answer::AlsoAt(a) => {
                for s in [state.target, a.into()] {
                    state.placed.extend((0..state.rolls.len()).map(|i| (i, s)));
                }
            }
            Answer::Place { die, at } => state.placed.push((die, at.into())),
            Answer::Pass => state.rerolls_left = 0,
            Answer::Reroll(i) => {
                reroll(&cave, &mut fx, &mut state, i)?;
                return {
                    next_step(&cave, &mut fx, &mut pending, &mut progress, state);
                    Ok(())
                };
            }
            Answer::Double(i) => {
                state.doubled = Some(i);
                fx.say(GameEvent::Doubled { die: i });
                return {
                    next_step(&cave, &mut fx, &mut pending, &mut progress, state);
                    Ok(())
                };
            }
            _ => {}
        }
        if state.rerolls_left == 0 && matches!(a, Answer::Pass) {
            return {
                next_step(&cave, &mut fx, &mut pending, &mut progress, state);
                Ok(())
            };
        }
        let done = match state.mode.spread {
            Spread::Chain => state.placed.len() == state.rolls.len(),
            _ => true,
        };
        if done {
            finish(&cave, &mut fx, &mut pending, &mut progress, state);
        } else {
            ask_chain(&cave, &mut pending, &mut progress, state);
        }
        Ok(())
    });
    desk.settle(result);
}

/// Roll one die of the shot again; the new result stands.
fn reroll(cave: &Cave, fx: &mut Effects, state: &mut ShotState, i: usize) -> Result<(), String> {
    let old = &state.rolls[i];
    let new = roll(old.die, &cave.data, &mut fx.rng, &mut fx.forced)?;
    let who = cave.dwarves.get(state.dwarf).map(|d| Who::Dwarf(d.dwarf.class)).map_err(|_| "the shooter is gone")?;
    fx.say(GameEvent::Rerolled { who, die: i, roll: new.clone() });
    state.rolls[i] = new;
    state.rerolls_left -= 1;
    Ok(())
}

/// Deal the laid results: per figure, hits by die type (resistance per type), then scare.
/// What the results laid so far land on: the hits on each creature (by id) and each Dwarf (by
/// seat), the creatures a scare moves and those a double result stuns.
#[derive(Default)]
struct Landed {
    on_creatures: BTreeMap<u32, Hits>,
    on_dwarves: BTreeMap<u32, Hits>,
    scared: Vec<u32>,
    double_stunned: Vec<u32>,
}

fn landed(cave: &Cave, state: &ShotState) -> Landed {
    let mut l = Landed::default();
    for (i, s) in &state.placed {
        let roll = &state.rolls[*i];
        let n = hits(&roll.symbols) * if state.doubled == Some(*i) { 2 } else { 1 };
        if let Some(c) = cave.creature_at(*s) {
            if n > 0 {
                *l.on_creatures.entry(c.id.0).or_default().entry(roll.die).or_default() += n;
            }
            if roll.symbols.contains(&Symbol::Scare) && !l.scared.contains(&c.id.0) {
                l.scared.push(c.id.0);
            }
            if state.mods.double_stuns && hits(&roll.symbols) > 1 {
                l.double_stunned.push(c.id.0);
            }
        }
        if let Some(d) = cave.dwarf_at(*s).filter(|_| state.mode.hits_dwarves && n > 0) {
            *l.on_dwarves.entry(d.dwarf.seat).or_default().entry(roll.die).or_default() += n;
        }
    }
    l
}

/// The shot as a blow to the creatures it hits.
fn blow(state: &ShotState) -> Blow {
    Blow {
        from: state.from,
        by: Some(state.seat),
        ignore_resistance: state.mods.ignore_resistance,
        ignore_axe_resistance: false,
        stun: state.mods.stun_on_hit,
    }
}

/// Whether the chain's results left change nothing wherever they are laid: every figure they
/// could reach (the chain grows by a space a result, within range and sight) is a creature the
/// results laid already kill. A play-tester was asked to lay two dice on empty floor after the
/// first had killed the only Grunt in reach. The search stops at the first figure still standing.
fn rest_changes_nothing(cave: &Cave, state: &ShotState, left: usize) -> bool {
    let (range, l, blow) = (state.mode.range + state.mods.range, landed(cave, state), blow(state));
    let standing = |s: Hex| {
        let alive = |c: &crate::rules::cave::CreatureItem| l.on_creatures.get(&c.id.0).is_none_or(|hits| !kills(cave, c, hits, &blow));
        cave.creature_at(s).is_some_and(|c| alive(&c)) || (state.mode.hits_dwarves && cave.dwarf_at(s).is_some())
    };
    let mut reach: Vec<Hex> = state.placed.iter().map(|p| p.1).collect();
    reach.sort_by_key(|h| canonical(*h));
    reach.dedup();
    if reach.iter().any(|s| standing(*s)) {
        return false;
    }
    let mut front = reach.clone();
    for _ in 0..left {
        let mut next = Vec::new();
        for s in front.iter().flat_map(|h| neighbours(*h)) {
            if !reach.contains(&s) && reaches(cave, range, state.mode.line, state.from, s) {
                if standing(s) {
                    return false;
                }
                reach.push(s);
                next.push(s);
            }
        }
        front = next;
    }
    true
}

fn finish(cave: &Cave, fx: &mut Effects, pending: &mut Pending, progress: &mut InProgress, state: ShotState) {
    pending.0 = None;
    *progress = InProgress::Idle;
    let Landed { on_creatures, on_dwarves, mut scared, double_stunned } = landed(cave, &state);
    let mut killed = Vec::new();
    let blow = blow(&state);
    for (id, hits) in &on_creatures {
        if let Some(c) = cave.creature_by_id(*id)
            && hurt_creature(cave, fx, &c, hits, &Blow { stun: blow.stun || double_stunned.contains(id), ..blow.clone() })
        {
            killed.push(*id);
        }
    }
    for (seat, hits) in &on_dwarves {
        if let Some(d) = cave.dwarf_in_seat(*seat) {
            hurt_dwarf(fx, &d, hits);
        }
    }
    // Ruling 15: scared creatures move up to this many spaces; ruling 5: twice that when the Scare
    // is the doubled result.
    let doubled_scare = state.doubled.is_some_and(|i| state.rolls[i].symbols.contains(&Symbol::Scare));
    let max = cave.data.numbers.scare_spaces * if doubled_scare { 2 } else { 1 };
    let max = scare_on_hit(&state.mods, on_creatures.keys().copied(), &mut scared, max);
    scared.retain(|id| !killed.contains(id));
    if let Some(AfterShot::PlaceFlames(n)) = state.mode.after {
        return crate::rules::skills::driller::flaming_ground(progress, &state, n);
    }
    start_scare(pending, progress, ScareState { cause: state.from, queue: scared, max });
}
