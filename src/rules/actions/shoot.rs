//! The Shoot action with a primary weapon (rulebook "Shoot", "Damaging targets"; rulings 6-9).

use super::scare::{ScareState, start_scare};
use super::{InProgress, actor, answer, answering, ask, command_is, settle};
use crate::data::dice::{Symbol, hits};
use crate::data::weapons::{FireMode, Spread};
use crate::rules::RulesSet;
use crate::rules::cave::Cave;
use crate::rules::command::{Answer, Command, CommandLog, Current, Pending, Rejected};
use crate::rules::components::*;
use crate::rules::damage::{Hits, hurt_creature, hurt_dwarf};
use crate::rules::effects::Effects;
use crate::rules::hex::{Qr, adjacent, canonical, distance, neighbours};
use crate::rules::log::{DieRoll, GameEvent, Who};
use crate::rules::state::Turn;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

#[derive(Debug, Clone)]
pub struct ShotState {
    pub dwarf: Entity,
    pub mode: FireMode,
    pub from: Hex,
    pub target: Hex,
    pub rolls: Vec<DieRoll>,
    /// Which die lies on which space so far.
    pub placed: Vec<(usize, Hex)>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            start_shot.run_if(command_is(|c| matches!(c, Command::Shoot { .. }))),
            place_results.run_if(answering(|p| matches!(p, InProgress::Shot(_)))),
        )
            .in_set(RulesSet::Actions)
            .ambiguous_with(RulesSet::Actions),
    );
}

/// Whether a space can take a shot's result at all: on the cave and not solid rock.
fn open_space(cave: &Cave, h: Hex) -> bool {
    cave.terrain(h).is_some_and(|t| !t.is_wall() && !t.is_stalagmite() && !matches!(t, Terrain::Hidden(_)))
}

/// Whether the mode reaches a space from where the Dwarf stands: range and line (rulings 6-8).
pub fn reaches(cave: &Cave, mode: &FireMode, from: Hex, h: Hex) -> bool {
    let d = distance(from, h);
    d >= 1 && d <= mode.range && open_space(cave, h) && cave.line(from, h, mode.line)
}

/// Check everything a shot needs before any die is rolled.
fn check_shot<'a>(cave: &'a Cave, turn: &Turn, mode_id: &str, target: Hex) -> Result<(FireMode, crate::rules::cave::DwarfItem<'a>), String> {
    let probe = actor(cave, turn, 0)?;
    let weapon = cave.data.weapons.of(probe.2.class);
    let mode = weapon
        .mode(mode_id)
        .ok_or_else(|| format!("the {} has no mode {mode_id}", weapon.name))?
        .clone();
    let d = actor(cave, turn, mode.actions)?;
    if !mode.only_after.is_empty() && !turn.last_shot.as_ref().is_some_and(|l| mode.only_after.contains(l)) {
        return Err(format!("{} only comes straight after: {}", mode.name, mode.only_after.join(", ")));
    }
    if let Some(limit) = mode.per_turn {
        if turn.shots_this_turn.get(&mode.id).copied().unwrap_or(0) >= limit {
            return Err(format!("{} is allowed {limit} times a turn", mode.name));
        }
    }
    if d.5.primary < mode.ammo {
        return Err(format!("the {:?} has no primary ammo left", d.2.class));
    }
    let at = Qr::from(target);
    let dist = distance(d.3.0, target);
    if cave.terrain(target).is_none() {
        return Err(format!("({}, {}) is not part of the cave", at.q, at.r));
    }
    if dist == 0 {
        return Err("a Dwarf cannot shoot his own space".into());
    }
    if dist > mode.range {
        return Err(format!("({}, {}) is {dist} spaces away; {} reaches {}", at.q, at.r, mode.name, mode.range));
    }
    if !open_space(cave, target) {
        return Err(format!("({}, {}) is solid rock", at.q, at.r));
    }
    if !cave.line(d.3.0, target, mode.line) {
        return Err(format!("no line of sight to ({}, {})", at.q, at.r));
    }
    Ok((mode, d))
}

#[allow(clippy::too_many_arguments)]
fn start_shot(
    mut current: ResMut<Current>,
    mut log: ResMut<CommandLog>,
    mut rejected: ResMut<Rejected>,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut turn: ResMut<Turn>,
    mut fx: Effects,
) {
    let Some(Command::Shoot { mode, target }) = current.0.clone() else { return };
    let result = check_shot(&cave, &turn, &mode, target.into()).and_then(|(mode, d)| {
        let rolls = fx.roll(Who::Dwarf(d.2.class), &mode.dice, &cave.data)?;
        let ammo = Ammo { primary: d.5.primary - mode.ammo, ..*d.5 };
        fx.commands.entity(d.0).insert(ammo);
        fx.say(GameEvent::AmmoSpent { dwarf: d.2.class, primary: mode.ammo });
        turn.actions_left -= mode.actions;
        turn.last_shot = Some(mode.id.clone());
        *turn.shots_this_turn.entry(mode.id.clone()).or_default() += 1;
        let state = ShotState { dwarf: d.0, mode, from: d.3.0, target: target.into(), rolls, placed: vec![] };
        first_step(&cave, &mut fx, &mut pending, &mut progress, state);
        Ok(())
    });
    settle(&mut current, &mut log, &mut rejected, result);
}

/// After the roll: lay the results at once, or ask how.
fn first_step(cave: &Cave, fx: &mut Effects, pending: &mut Pending, progress: &mut InProgress, mut state: ShotState) {
    let t = state.target;
    match state.mode.spread {
        Spread::Single => {
            state.placed = (0..state.rolls.len()).map(|i| (i, t)).collect();
            finish(cave, fx, pending, progress, state);
        }
        Spread::KeepOne if state.rolls.len() > 1 => {
            let mut order: Vec<usize> = (0..state.rolls.len()).collect();
            order.sort_by_key(|i| std::cmp::Reverse(hits(&state.rolls[*i].symbols)));
            ask(pending, "Keep one result of the grenade".into(), order.into_iter().map(Answer::Keep).collect());
            *progress = InProgress::Shot(state);
        }
        Spread::KeepOne => {
            state.placed = vec![(0, t)];
            finish(cave, fx, pending, progress, state);
        }
        Spread::Triangle => {
            ask(pending, "Turn the blast: pick the two spaces next to the target".into(), triangles(cave, t));
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
fn triangles(cave: &Cave, t: Hex) -> Vec<Answer> {
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

fn figures_on(cave: &Cave, h: Hex) -> usize {
    usize::from(cave.creature_at(h).is_some()) + usize::from(cave.dwarf_at(h).is_some())
}

/// Ask where the next die of the damage chain goes (ruling 9). The first must be a hit on the target.
fn ask_chain(cave: &Cave, pending: &mut Pending, progress: &mut InProgress, state: ShotState) {
    let unplaced: Vec<usize> = (0..state.rolls.len()).filter(|i| !state.placed.iter().any(|p| p.0 == *i)).collect();
    // One option per distinct face: two dice showing the same face are the same choice.
    let mut faces_seen: Vec<&Vec<Symbol>> = Vec::new();
    let dice: Vec<usize> = unplaced
        .into_iter()
        .filter(|i| {
            let f = &state.rolls[*i].symbols;
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
            let occupied = cave.creature_at(s).is_some();
            for i in &dice {
                options.push((occupied, hits(&state.rolls[*i].symbols), canonical(s), *i, s));
            }
        }
    }
    options.sort_by_key(|(occ, h, c, i, _)| (!occ, std::cmp::Reverse(*h), *c, *i));
    let answers = options.into_iter().map(|(_, _, _, die, at)| Answer::Place { die, at: at.into() }).collect();
    let left = state.rolls.len() - state.placed.len();
    ask(pending, format!("Lay the next result of the shot ({left} left)"), answers);
    *progress = InProgress::Shot(state);
}

/// Spaces a further result may go to: one already hit or next to one, in range and line of sight.
fn chain_spaces(cave: &Cave, state: &ShotState) -> Vec<Hex> {
    let mut out: Vec<Hex> = Vec::new();
    for (_, hit) in &state.placed {
        for s in std::iter::once(*hit).chain(neighbours(*hit)) {
            if !out.contains(&s) && (s == *hit || adjacent(s, *hit)) && reaches(cave, &state.mode, state.from, s) {
                out.push(s);
            }
        }
    }
    out.sort_by_key(|h| canonical(*h));
    out
}

#[allow(clippy::too_many_arguments)]
fn place_results(
    mut current: ResMut<Current>,
    mut log: ResMut<CommandLog>,
    mut rejected: ResMut<Rejected>,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut fx: Effects,
) {
    let InProgress::Shot(state) = &*progress else { return };
    let mut state = state.clone();
    let result = answer(&current, &pending).map(|a| {
        match a {
            Answer::Keep(i) => state.placed = vec![(i, state.target)],
            Answer::Triangle(a, b) => {
                for s in [state.target, a.into(), b.into()] {
                    state.placed.extend((0..state.rolls.len()).map(|i| (i, s)));
                }
            }
            Answer::Place { die, at } => state.placed.push((die, at.into())),
            _ => {}
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
    });
    settle(&mut current, &mut log, &mut rejected, result);
}

/// Deal the laid results: per figure, hits by die type (resistance per type), then scare.
fn finish(cave: &Cave, fx: &mut Effects, pending: &mut Pending, progress: &mut InProgress, state: ShotState) {
    pending.0 = None;
    *progress = InProgress::Idle;
    let mut on_creatures: BTreeMap<u32, Hits> = BTreeMap::new();
    let mut on_dwarves: BTreeMap<u32, Hits> = BTreeMap::new();
    let mut scared: Vec<u32> = Vec::new();
    for (i, s) in &state.placed {
        let roll = &state.rolls[*i];
        let n = hits(&roll.symbols);
        if let Some(c) = cave.creature_at(*s) {
            if n > 0 {
                *on_creatures.entry(c.1.0).or_default().entry(roll.die).or_default() += n;
            }
            if roll.symbols.contains(&Symbol::Scare) && !scared.contains(&c.1.0) {
                scared.push(c.1.0);
            }
        }
        if let Some(d) = cave.dwarf_at(*s).filter(|_| state.mode.hits_dwarves && n > 0) {
            *on_dwarves.entry(d.2.seat).or_default().entry(roll.die).or_default() += n;
        }
    }
    let mut killed = Vec::new();
    for (id, hits) in &on_creatures {
        if let Some(c) = cave.creature_by_id(*id) {
            let by = cave.dwarves.get(state.dwarf).ok().map(|d| d.2.seat);
            if hurt_creature(cave, fx, &c, hits, state.from, by) {
                killed.push(*id);
            }
        }
    }
    for (seat, hits) in &on_dwarves {
        if let Some(d) = cave.dwarf_in_seat(*seat) {
            hurt_dwarf(fx, &d, hits);
        }
    }
    scared.retain(|id| !killed.contains(id));
    // Ruling 15: scared creatures move up to this many spaces (the Double Damage upgrade's 4 comes
    // with the Dwarves' kit).
    let max = cave.data.numbers.scare_spaces;
    start_scare(pending, progress, ScareState { cause: state.from, queue: scared, max });
}
