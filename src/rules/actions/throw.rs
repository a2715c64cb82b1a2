//! The Throw action (rulebook "Throw throwables"; ruling 8): one action, a Throwable card from the
//! hand at a target space. Only one space of the card's area needs to be in range with no wall on
//! the line; the area may be turned but keeps its shape. The dice are rolled once, the area is laid,
//! the card's effects land (`blast`) and the card goes to the Throwable discard pile.

use super::scare::{ScareState, start_scare};
use super::shoot::triangles;
use super::{InProgress, actor, answering, ask};
use crate::data::cards::{Area, ThrowEffect, Throwable};
use crate::data::mission::Ground;
use crate::data::weapons::{DwarfClass, LineRule};
use crate::rules::blast::{self, Landing};
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::{Answer, Command, Pending};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::decks::Decks;
use crate::rules::effects::Effects;
use crate::rules::for_karl::{AfterRoll, ForKarlHands, hold, karl_in_hand, released};
use crate::rules::hex::{Qr, canonical, distance, neighbours};
use crate::rules::log::{DieRoll, GameEvent, Who};
use crate::rules::reveal::UpgradePool;
use crate::rules::state::Turn;
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::{EdgeDirection, Hex};

/// What a throw costs now: its actions (rulebook "Throw throwables"), or nothing straight after the
/// Scout's Move (Light-footed: a ranged or throwable attack for no action).
pub fn cost(turn: &Turn, data: &crate::data::GameData) -> u32 {
    if turn.light_footed { 0 } else { data.numbers.kit.throw_actions }
}

/// One way the area may lie: the answer that picks it (none when there is no choice) and its
/// spaces, the target first.
pub type Shape = (Option<Answer>, Vec<Hex>);

/// A throw waiting for the way its area lies.
#[derive(Debug, Clone)]
pub struct ThrowState {
    pub card: usize,
    pub seat: u32,
    pub class: DwarfClass,
    pub from: Hex,
    pub rolls: Vec<DieRoll>,
    pub shapes: Vec<Shape>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Throw), start_throw)
        .add_systems(
            RulesStep::Action(CommandKind::Choose),
            turn_area.run_if(answering(|p| matches!(p, InProgress::Throw(_)))).in_set(RulesSet::Actions).ambiguous_with(RulesSet::Actions),
        )
        .add_systems(
            RulesStep::Rolled,
            throw_rolled.run_if(released(|a| *a == AfterRoll::Throw)).in_set(RulesSet::Rolled).ambiguous_with(RulesSet::Rolled),
        );
}

fn start_throw(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut turn: ResMut<Turn>,
    mut hands: Query<&mut Hand>,
    mut decks: ResMut<Decks>,
    mut pool: ResMut<UpgradePool>,
    mut fx: Effects,
) {
    let Some(Command::Throw { card, target }) = desk.current.0.clone() else { return };
    let result = check_throw(&cave, &turn, &|e, i| hands.get(e).is_ok_and(|h| h.throwables.contains(&i)), &card, target).and_then(
        |(d, i, shapes)| {
            fx.say(GameEvent::Threw { dwarf: d.dwarf.class, card: card.clone(), at: target });
            let rolls = blast::roll(&cave, &mut fx, d.dwarf.class, &cave.data.throwables[i].effects)?;
            turn.actions_left -= cost(&turn, &cave.data);
            turn.last_shot = None;
            turn.light_footed = false;
            if let Ok(mut hand) = hands.get_mut(d.entity) {
                let at = hand.throwables.iter().position(|c| *c == i).expect("checked in hand");
                hand.throwables.remove(at);
            }
            decks.throwables.discard(i);
            let karl = karl_in_hand(&cave, |e| hands.get(e).ok());
            let state = ThrowState { card: i, seat: d.dwarf.seat, class: d.dwarf.class, from: d.at.0, rolls, shapes };
            if hold(&cave.data, &mut fx.karl, &mut pending, karl, Who::Dwarf(d.dwarf.class), state.rolls.clone(), AfterRoll::Throw)
                .is_none()
            {
                *progress = InProgress::Throw(state);
                return Ok(());
            }
            lay(&cave, &mut fx, &mut pool, &mut pending, &mut progress, karl, state)
        },
    );
    desk.settle(result);
}

/// Everything a throw needs before any die is rolled: the thrower, the card (its index) in his hand,
/// and the ways its area may lie with one space in range and in line. `holds` says whether a Dwarf
/// holds a Throwable card (by index). The legal-moves query asks this same function.
pub fn check_throw<'a>(
    cave: &'a Cave,
    turn: &Turn,
    holds: &dyn Fn(Entity, usize) -> bool,
    name: &str,
    target: Qr,
) -> Result<(DwarfItem<'a>, usize, Vec<Shape>), String> {
    let d = actor(cave, turn, cost(turn, &cave.data))?;
    let (i, card) = cave
        .data
        .throwables
        .iter()
        .enumerate()
        .find(|(_, t)| t.name == name)
        .ok_or_else(|| format!("there is no Throwable called {name:?}"))?;
    if !holds(d.entity, i) {
        return Err(format!("the {:?} holds no {name}", d.dwarf.class));
    }
    let t: Hex = target.into();
    if cave.terrain(t).is_none() {
        return Err(format!("({}, {}) is not part of the cave", target.q, target.r));
    }
    token_space(cave, card, t)?;
    let from = d.at.0;
    let in_range: Vec<Shape> = shapes(cave, card.area, from, t)
        .into_iter()
        .filter(|s| s.1.iter().any(|h| (1..=card.range).contains(&distance(from, *h))))
        .collect();
    if in_range.is_empty() {
        return Err(format!("({}, {}) is too far: the {name} reaches {} spaces", target.q, target.r, card.range));
    }
    let clear: Vec<Shape> = in_range.into_iter().filter(|s| s.1.iter().any(|h| reaches(cave, card, from, *h))).collect();
    if clear.is_empty() {
        return Err(format!("walls stand between the {:?} and every space of that area", d.dwarf.class));
    }
    Ok((d, i, clear))
}

/// A card that leaves a token needs open floor for it; a mine or the L.U.R.E. a vacant space.
fn token_space(cave: &Cave, card: &Throwable, t: Hex) -> Result<(), String> {
    let token = |e: &ThrowEffect| matches!(e, ThrowEffect::ProximityMine(_) | ThrowEffect::SatchelCharge(_) | ThrowEffect::Lure);
    if !card.effects.iter().any(token) {
        return Ok(());
    }
    if !cave.is_floor(t) {
        return Err(format!("the {} needs open floor to lie on", card.name));
    }
    let vacant = |e: &ThrowEffect| matches!(e, ThrowEffect::ProximityMine(_) | ThrowEffect::Lure);
    if card.effects.iter().any(vacant) && (cave.dwarf_on(t) || cave.creature_on(t)) {
        return Err(format!("the {} needs a space with no figure", card.name));
    }
    Ok(())
}

/// Whether the throw reaches a space (ruling 8): within range, not under a hidden cave, and no
/// wall on the line. Walls themselves are aimed at only by a card that carves them.
fn reaches(cave: &Cave, card: &Throwable, from: Hex, h: Hex) -> bool {
    let carves = card.effects.contains(&ThrowEffect::CarveWalls);
    let ground = match cave.terrain(h) {
        Some(Terrain::Open(Ground::Wall(_))) => carves,
        Some(Terrain::Open(_)) => true,
        _ => false,
    };
    (1..=card.range).contains(&distance(from, h)) && ground && cave.line(from, h, LineRule::WallsOnly)
}

/// The ways an area may lie on a target: a single space and the seven-space ring do not turn; a
/// triangle turns around the target (as the HE grenade's); a line of three runs from the target away
/// from the thrower, each space farther than the last.
pub fn shapes(cave: &Cave, area: Area, from: Hex, target: Hex) -> Vec<Shape> {
    match area {
        Area::Single => vec![(None, vec![target])],
        Area::Seven => vec![(None, std::iter::once(target).chain(neighbours(target)).collect())],
        Area::Triangle => triangles(cave, target)
            .into_iter()
            .filter_map(|a| match a {
                Answer::Triangle(x, y) => Some((Some(a), vec![target, x.into(), y.into()])),
                _ => None,
            })
            .collect(),
        Area::Line3 => lines(cave, from, target),
    }
}

/// Lines of three from the target; the ones over the most walls and figures first (the headless
/// default), then canonical order.
fn lines(cave: &Cave, from: Hex, target: Hex) -> Vec<Shape> {
    let mut out: Vec<Shape> = EdgeDirection::ALL_DIRECTIONS
        .iter()
        .filter_map(|dir| {
            let (a, b) = (target.neighbor(*dir), target.neighbor(*dir).neighbor(*dir));
            let away = distance(from, a) > distance(from, target) && distance(from, b) > distance(from, a);
            away.then(|| (Some(Answer::Line(a.into(), b.into())), vec![target, a, b]))
        })
        .collect();
    let weight = |s: &Shape| {
        s.1.iter().filter(|h| cave.terrain(**h).is_some_and(|t| t.is_wall()) || cave.creature_on(**h) || cave.dwarf_on(**h)).count()
    };
    out.sort_by_key(|s| (std::cmp::Reverse(weight(s)), canonical(s.1[1])));
    out
}

/// Lay the area at once when it cannot turn, or ask how.
fn lay(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    pending: &mut Pending,
    progress: &mut InProgress,
    karl: bool,
    state: ThrowState,
) -> Result<(), String> {
    if let [(_, area)] = state.shapes.as_slice() {
        let area = area.clone();
        return land(cave, fx, pool, pending, progress, karl, &state, area);
    }
    let name = &cave.data.throwables[state.card].name;
    let options = state.shapes.iter().filter_map(|s| s.0.clone()).collect();
    ask(pending, format!("Turn the {name}: pick how its area lies"), options);
    *progress = InProgress::Throw(state);
    Ok(())
}

/// The throw's roll back from For Karl!: its area is laid with the dice as they now are.
fn throw_rolled(
    cave: Cave,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    mut pool: ResMut<UpgradePool>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let (Some(held), InProgress::Throw(state)) = (fx.karl.take(), &*progress) else { return };
    let state = ThrowState { rolls: held.rolls, ..state.clone() };
    let karl = for_karl.in_hand(&cave);
    if let Err(why) = lay(&cave, &mut fx, &mut pool, &mut pending, &mut progress, karl, state) {
        fx.say(GameEvent::Skipped { why });
    }
}

fn turn_area(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut pool: ResMut<UpgradePool>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let InProgress::Throw(state) = &*progress else { return };
    let state = state.clone();
    let result = desk.answer(&pending).and_then(|a| {
        let area = state.shapes.iter().find(|s| s.0.as_ref() == Some(&a)).map(|s| s.1.clone()).ok_or("that is not a way the area lies")?;
        land(&cave, &mut fx, &mut pool, &mut pending, &mut progress, for_karl.in_hand(&cave), &state, area)
    });
    desk.settle(result);
}

/// The card's effects land on the area; creatures its Scare results hit run from the thrower,
/// once a Soil Smasher's Mineral dice (which may wait for For Karl!, `karl`) are found.
fn land(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    pending: &mut Pending,
    progress: &mut InProgress,
    karl: bool,
    state: &ThrowState,
    area: Vec<Hex>,
) -> Result<(), String> {
    let card = &cave.data.throwables[state.card];
    fx.say(GameEvent::Blast { card: card.name.clone(), area: area.iter().map(|h| (*h).into()).collect() });
    let l = Landing { card: state.card, seat: state.seat, class: state.class, from: state.from, area };
    let out = blast::on_figures(cave, fx, &card.effects, &state.rolls, &l, &blast::figures_in(cave, &l.area));
    let max = cave.data.numbers.scare_spaces;
    start_scare(pending, progress, ScareState { cause: state.from, queue: out.scared, max });
    blast::on_spaces(cave, fx, pool, pending, karl, &card.effects, &l, &out.killed)
}
