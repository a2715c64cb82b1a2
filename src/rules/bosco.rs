//! BOSCO (rulebook "...and BOSCO"; rulings 23 and 24), the lone Dwarf's drone. When the Dwarf ends
//! his turn BOSCO takes two actions, before the Event card: fly, chop, fire its light gun or its
//! rocket launcher, or give itself up to revive the Dwarf. A second `EndTurn` ends BOSCO's part.
//!
//! BOSCO cannot be harmed; it does not block sight or movement, but no figure ends a move on it
//! (`skills`). It cannot pick anything up: what its axe finds stays on the ground as loose tokens.
//! Its axe takes walls, stalagmites, Loot Bugs and creatures (the rulebook's list): it leaves Red
//! Sugar (there is no token for loose Health) and Alien Eggs for a Dwarf.
//!
//! If the Dwarf is unconscious when BOSCO's part ends, BOSCO did not revive him: it is lost, and so
//! is the mission (`end.rs` waits for BOSCO while it is on the cave).

use super::actions::chop::targets as chop_targets;
use super::actions::scare::{ScareState, start_scare};
use super::actions::shoot::{check_target, reaches};
use super::actions::{InProgress, answering, asking};
use super::agenda::{CurrentJob, Job, JobKind, next_job};
use super::cave::Cave;
use super::command::{Answer, BoscoAction, ChopTarget, Command, Pending};
use super::command::{CommandKind, CommandLog, ask_of};
use super::components::*;
use super::damage::{Blow, Hits, hurt_creature};
use super::effects::Effects;
use super::for_karl::{AfterRoll, ForKarlHands, hold, released};
use super::hex::{Qr, adjacent, distance, neighbours};
use super::log::{DieRoll, GameEvent, Who, counted};
use super::mineral_die::{self, MineralRoll, drop_mineral};
use super::reaction::aim;
use super::reveal::{UpgradePool, reveal_caves_touching};
use super::state::Turn;
use super::{RulesSet, RulesStep};
use crate::data::dice::{DieKind, Symbol, hits};
use crate::data::mission::{Ground, Pickup};
use crate::data::weapons::FireMode;
use crate::rules::command::Desk;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// BOSCO's axe successes still to spend.
#[derive(Debug, Clone)]
pub struct BoscoChop {
    pub left: u32,
    /// Axe hits laid on creatures, by creature id; dealt when every success is spent.
    pub on_creatures: BTreeMap<u32, u32>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Bosco), act)
        .add_systems(
            RulesStep::Action(CommandKind::Choose),
            (
                spend_success.run_if(answering(|p| matches!(p, InProgress::BoscoChop(_)))),
                take_reaction.run_if(next_job(|j| matches!(j, Job::BoscoReaction { .. }))),
            )
                .in_set(RulesSet::Actions)
                .ambiguous_with(RulesSet::Actions),
        )
        .add_systems(
            RulesStep::Rolled,
            bosco_rolled
                .run_if(released(|a| matches!(a, AfterRoll::BoscoShot { .. } | AfterRoll::BoscoChop | AfterRoll::BoscoReaction { .. })))
                .in_set(RulesSet::Rolled)
                .ambiguous_with(RulesSet::Rolled),
        )
        .add_systems(
            Update,
            offer_success.in_set(RulesSet::Ask).ambiguous_with(RulesSet::Ask).run_if(asking(|p| matches!(p, InProgress::BoscoChop(_)))),
        )
        .add_systems(Update, set_up_over.in_set(RulesSet::Ask).ambiguous_with(RulesSet::Ask).run_if(resource_changed::<CommandLog>))
        .add_systems(RulesStep::Job(JobKind::BoscoReaction), offer_reaction);
}

fn bosco(cave: &Cave) -> Option<(Entity, Hex)> {
    cave.bosco.iter().next().map(|b| (b.entity, b.at.0))
}

/// Whether BOSCO may take an action costing `cost` now, wherever it is to go or aim.
pub fn may_act(cave: &Cave, turn: &Turn, cost: u32) -> Result<(), String> {
    ready(cave, turn, cost).map(|_| ())
}

/// BOSCO, if it may take an action costing `cost` now.
fn ready(cave: &Cave, turn: &Turn, cost: u32) -> Result<(Entity, Hex), String> {
    let b = bosco(cave).ok_or("BOSCO is not on the cave")?;
    if !turn.bosco_turn {
        return Err("BOSCO acts once the Dwarf has ended his turn".into());
    }
    if turn.bosco_actions < cost {
        return Err(format!("BOSCO has {} left; this needs {cost}", counted(turn.bosco_actions, "action")));
    }
    Ok(b)
}

/// Ruling 23: when the lone Dwarf ends his turn, BOSCO's actions come first, before the Event card
/// (returns true: the turn goes on). When BOSCO's part ends with the Dwarf still unconscious, BOSCO
/// is lost.
pub fn takes_over(cave: &Cave, turn: &mut Turn, fx: &mut Effects) -> bool {
    let Some((e, _)) = bosco(cave) else { return false };
    if turn.bosco_turn {
        if cave.dwarves.iter().all(|d| d.status.unconscious) {
            fx.commands.entity(e).despawn();
            fx.say(GameEvent::BoscoLost { why: "it did not revive the Dwarf".into() });
        }
        return false;
    }
    let n = cave.data.numbers.bosco.actions;
    *turn = Turn { bosco_turn: true, bosco_actions: n, actions_left: 0, last_shot: None, light_footed: false, ..turn.clone() };
    fx.say(GameEvent::BoscoActs { actions: n });
    true
}

fn act(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut turn: ResMut<Turn>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let Some(Command::Bosco(action)) = desk.current.0.clone() else { return };
    let guns = &cave.data.numbers.bosco;
    let karl = for_karl.in_hand(&cave);
    let result = match action {
        BoscoAction::Move(path) => fly(&cave, &mut turn, &mut fx, &path.into_iter().map(Hex::from).collect::<Vec<_>>()),
        BoscoAction::Chop => chop(&cave, &mut turn, &mut fx, &mut pending, &mut progress, karl),
        BoscoAction::LightGun(t) => shoot(&cave, &mut turn, &mut fx, &mut pending, karl, &guns.light_gun, t.into()),
        BoscoAction::Rocket(t) => shoot(&cave, &mut turn, &mut fx, &mut pending, karl, &guns.rocket, t.into()),
        BoscoAction::Revive => revive(&cave, &mut turn, &mut fx),
        BoscoAction::Place(at) => place(&cave, &mut fx, at.into()),
    };
    // Each action returns the creatures a Scare result sends running from BOSCO.
    let result = result.map(|scared| scare(&cave, &mut pending, &mut progress, scared));
    desk.settle(result);
}

/// The creatures a Scare result of BOSCO's sends running from it.
fn scare(cave: &Cave, pending: &mut Pending, progress: &mut InProgress, scared: Vec<u32>) {
    if let (false, Some((_, cause))) = (scared.is_empty(), bosco(cave)) {
        start_scare(pending, progress, ScareState { cause, queue: scared, max: cave.data.numbers.scare_spaces });
    }
}

/// One of BOSCO's rolls held for For Karl!, let stand or rerolled: it counts now.
fn bosco_rolled(cave: Cave, turn: Res<Turn>, mut pending: ResMut<Pending>, mut progress: ResMut<InProgress>, mut fx: Effects) {
    let Some(held) = fx.karl.take() else { return };
    match held.then {
        AfterRoll::BoscoShot { from, target } => {
            let scared = shot_lands(&cave, &mut fx, turn.seat, from, target, &held.rolls);
            scare(&cave, &mut pending, &mut progress, scared);
        }
        AfterRoll::BoscoChop => axe_successes(&mut progress, &held.rolls),
        AfterRoll::BoscoReaction { from, creature } => reaction_lands(&cave, &mut fx, turn.seat, from, creature, &held.rolls),
        _ => {}
    }
}

/// Fly up to BOSCO's move points over anything but walls, ending on no figure and no stalagmite.
fn fly(cave: &Cave, turn: &mut Turn, fx: &mut Effects, path: &[Hex]) -> Result<Vec<u32>, String> {
    let (e, end) = check_fly(cave, turn, path)?;
    turn.bosco_actions -= 1;
    fx.commands.entity(e).insert(At(end));
    fx.say(GameEvent::Moved { who: Who::Bosco, path: path.iter().map(|h| Qr::from(*h)).collect() });
    Ok(vec![])
}

/// Whether BOSCO may fly this path: BOSCO and where it ends when it may.
fn check_fly(cave: &Cave, turn: &Turn, path: &[Hex]) -> Result<(Entity, Hex), String> {
    let (e, start) = ready(cave, turn, 1)?;
    let points = cave.data.numbers.bosco.move_points as usize;
    let end = *path.last().ok_or("a flight needs at least one space")?;
    if path.len() > points {
        return Err(format!("BOSCO flies at most {points} spaces"));
    }
    let mut from = start;
    for h in path {
        let solid = cave.terrain(*h).is_none_or(|t| t.is_wall() || matches!(t, Terrain::Hidden(_)));
        if !adjacent(from, *h) || solid {
            let q = Qr::from(*h);
            return Err(format!("BOSCO cannot fly to ({}, {}) from where it is", q.q, q.r));
        }
        from = *h;
    }
    if !may_rest_on(cave, end) {
        return Err("BOSCO cannot end its flight on a figure or a stalagmite".into());
    }
    Ok((e, end))
}

/// Whether BOSCO may take this action now; the one function the action and the legal-moves query
/// ask.
pub fn check(cave: &Cave, turn: &Turn, action: &BoscoAction) -> Result<(), String> {
    let guns = &cave.data.numbers.bosco;
    match action {
        BoscoAction::Move(path) => check_fly(cave, turn, &path.iter().map(|q| Hex::from(*q)).collect::<Vec<_>>()).map(|_| ()),
        BoscoAction::Chop => ready(cave, turn, 1).map(|_| ()),
        BoscoAction::LightGun(t) => check_gun(cave, turn, &guns.light_gun, (*t).into()).map(|_| ()),
        BoscoAction::Rocket(t) => check_gun(cave, turn, &guns.rocket, (*t).into()).map(|_| ()),
        BoscoAction::Revive => check_revive(cave, turn).map(|_| ()),
        BoscoAction::Place(at) => check_place(cave, (*at).into()).map(|_| ()),
    }
}

/// Whether BOSCO may still be set down elsewhere: before the game's first command of any other
/// kind (an action, a card played, a free action). BOSCO and its space when it may.
pub fn may_place(cave: &Cave) -> Result<(Entity, Hex), String> {
    let b = cave.bosco.iter().next().ok_or("BOSCO is not on the cave")?;
    if !b.setting_up {
        return Err("BOSCO is placed before the Dwarf's first action, at the start of the mission".into());
    }
    Ok((b.entity, b.at.0))
}

/// The set-up is over once the game has taken a command that is not BOSCO set down: from then on
/// BOSCO only moves by its own actions.
fn set_up_over(log: Res<CommandLog>, setting_up: Query<Entity, With<BoscoSetUp>>, mut commands: Commands) {
    if log.0.last().is_some_and(|c| !matches!(c, Command::Bosco(BoscoAction::Place(_)))) {
        for e in &setting_up {
            commands.entity(e).remove::<BoscoSetUp>();
        }
    }
}

/// Whether BOSCO may end a flight, or be set down, on a space: no figure (creatures and Dwarves do
/// not share its space), not the Sentry Gun's, not a stalagmite.
fn may_rest_on(cave: &Cave, h: Hex) -> bool {
    let taken = cave.dwarf_on(h) || cave.creature_on(h);
    let gun = cave.any_token(h, |t| matches!(t.2, Token::SentryGun { .. }));
    !(taken || gun || cave.terrain(h).is_some_and(|t| t.is_stalagmite()))
}

/// The rulebook's set-up: BOSCO goes on any cave space next to the Drop Pod, outside it: floor
/// where it may rest (`may_rest_on`). BOSCO and the space when it may.
fn check_place(cave: &Cave, at: Hex) -> Result<(Entity, Hex), String> {
    let (e, now) = may_place(cave)?;
    if at == now {
        return Err("BOSCO is there already".into());
    }
    let next_to_pod = neighbours(at).into_iter().any(|h| cave.is_drop_pod(h));
    if cave.is_drop_pod(at) || !next_to_pod {
        return Err("BOSCO starts on a space next to the Drop Pod, outside it".into());
    }
    if !cave.terrain(at).is_some_and(|t| t.is_floor()) || !may_rest_on(cave, at) {
        return Err("BOSCO starts on a floor space with no figure and no Sentry Gun".into());
    }
    Ok((e, at))
}

/// BOSCO set down where the players want it (no action).
fn place(cave: &Cave, fx: &mut Effects, at: Hex) -> Result<Vec<u32>, String> {
    let (e, at) = check_place(cave, at)?;
    fx.commands.entity(e).insert(At(at));
    fx.say(GameEvent::BoscoPlaced { at: at.into() });
    Ok(vec![])
}

/// Whether BOSCO may fire this gun at a space: where BOSCO is when it may.
fn check_gun(cave: &Cave, turn: &Turn, gun: &FireMode, target: Hex) -> Result<Hex, String> {
    let (_, at) = ready(cave, turn, gun.actions)?;
    check_target(cave, at, gun.range, gun.line, &gun.name, target)?;
    Ok(at)
}

/// Whether BOSCO may give itself up to revive the Dwarf: BOSCO and the Dwarf when it may.
fn check_revive<'a>(cave: &'a Cave, turn: &Turn) -> Result<(Entity, crate::rules::cave::DwarfItem<'a>), String> {
    let (e, _) = ready(cave, turn, 1)?;
    let d = cave.dwarves_sorted().into_iter().find(|d| d.status.unconscious).ok_or("no Dwarf is unconscious")?;
    Ok((e, d))
}

/// Fire one of BOSCO's guns (no ammo) at a space in its range and line; the hits go to the creature
/// there. Returns the creatures a Scare result sends running.
fn shoot(
    cave: &Cave,
    turn: &mut Turn,
    fx: &mut Effects,
    pending: &mut Pending,
    karl: bool,
    gun: &FireMode,
    target: Hex,
) -> Result<Vec<u32>, String> {
    let at = check_gun(cave, turn, gun, target)?;
    fx.fired(cave, Who::Bosco, &gun.name, target);
    let rolls = fx.roll(Who::Bosco, &gun.dice, &cave.data)?;
    turn.bosco_actions -= gun.actions;
    let then = AfterRoll::BoscoShot { from: at, target };
    Ok(hold(&cave.data, &mut fx.karl, pending, karl, Who::Bosco, rolls, then)
        .map_or(vec![], |rolls| shot_lands(cave, fx, turn.seat, at, target, &rolls)))
}

/// The gun's hits on the creature on the target space; the creatures its Scare sends running.
fn shot_lands(cave: &Cave, fx: &mut Effects, seat: u32, from: Hex, target: Hex, rolls: &[DieRoll]) -> Vec<u32> {
    let Some(c) = cave.creature_at(target) else { return vec![] };
    let landed = landed(rolls);
    if !landed.is_empty() {
        hurt_creature(cave, fx, &c, &landed, &Blow::from(from, Some(seat)));
    }
    let scare = rolls.iter().any(|r| r.symbols.contains(&Symbol::Scare));
    if scare { vec![c.id.0] } else { vec![] }
}

/// The hits of a roll by die type.
fn landed(rolls: &[DieRoll]) -> Hits {
    let mut out = Hits::new();
    for r in rolls {
        *out.entry(r.die).or_default() += hits(&r.symbols);
    }
    out.retain(|_, n| *n > 0);
    out
}

/// BOSCO gives itself up: the unconscious Dwarf stands up with the revive Health and takes a new
/// turn with no Event card (the next turn of a lone Dwarf is his own).
fn revive(cave: &Cave, turn: &mut Turn, fx: &mut Effects) -> Result<Vec<u32>, String> {
    let (e, d) = check_revive(cave, turn)?;
    super::damage::revive(fx, &d, cave.data.numbers.kit.revive_health);
    fx.commands.entity(e).despawn();
    fx.say(GameEvent::BoscoLost { why: format!("it gave its circuits to revive the {:?}", d.dwarf.class) });
    turn.bosco_turn = false;
    turn.bosco_actions = 0;
    fx.agenda.0.push_back(Job::NextTurn);
    Ok(vec![])
}

fn chop(
    cave: &Cave,
    turn: &mut Turn,
    fx: &mut Effects,
    pending: &mut Pending,
    progress: &mut InProgress,
    karl: bool,
) -> Result<Vec<u32>, String> {
    ready(cave, turn, 1)?;
    let rolls = fx.roll(Who::Bosco, &[(DieKind::Axe, 1)], &cave.data)?;
    turn.bosco_actions -= 1;
    if let Some(rolls) = hold(&cave.data, &mut fx.karl, pending, karl, Who::Bosco, rolls, AfterRoll::BoscoChop) {
        axe_successes(progress, &rolls);
    }
    Ok(vec![])
}

fn axe_successes(progress: &mut InProgress, rolls: &[DieRoll]) {
    let left = rolls.iter().map(|r| hits(&r.symbols)).sum();
    next_success(progress, BoscoChop { left, on_creatures: BTreeMap::new() });
}

fn next_success(progress: &mut InProgress, state: BoscoChop) {
    *progress = if state.left == 0 { InProgress::Idle } else { InProgress::BoscoChop(state) };
}

/// What one of BOSCO's axe successes may go to: what a Dwarf's may (`chop::targets`), but no
/// Alien Egg and no mineral lying on its own space: BOSCO carries nothing.
fn targets(cave: &Cave, at: Hex) -> Vec<ChopTarget> {
    let own: Qr = at.into();
    let carries = |t: &ChopTarget| matches!(t, ChopTarget::AlienEgg(_)) || *t == ChopTarget::Mine(own);
    chop_targets(cave, at).into_iter().filter(|t| !carries(t)).collect()
}

fn offer_success(cave: Cave, progress: Res<InProgress>, mut pending: ResMut<Pending>) {
    let InProgress::BoscoChop(state) = &*progress else { return };
    let Some((_, at)) = bosco(&cave) else { return };
    let options = targets(&cave, at).into_iter().map(Answer::Chop).collect();
    ask_of(&mut pending, Who::Bosco, format!("Spend BOSCO's axe success ({} left)", state.left), options);
    super::actions::chop::needless_when_unspent(&mut pending, "nothing next to BOSCO for the axe: the success goes unspent");
}

fn spend_success(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    mut pool: ResMut<UpgradePool>,
    cave: Cave,
    turn: Res<Turn>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let InProgress::BoscoChop(state) = &*progress else { return };
    let mut state = state.clone();
    let result = desk.answer(&pending).and_then(|a| {
        let (Answer::Chop(target), Some((_, at))) = (a, bosco(&cave)) else { return Err("BOSCO's axe needs a chop target".into()) };
        // The answer is taken; a Mineral die this success rolls may ask For Karl! anew.
        let asked = pending.0.take();
        let karl = for_karl.in_hand(&cave);
        if let Err(why) = spend(&cave, &mut fx, &mut pool, &mut pending, karl, &mut state, target) {
            pending.0 = asked;
            return Err(why);
        }
        state.left -= 1;
        if state.left == 0 {
            for (id, n) in &state.on_creatures {
                if let Some(c) = cave.creature_by_id(*id) {
                    hurt_creature(&cave, &mut fx, &c, &Hits::from([(DieKind::Axe, *n)]), &Blow::from(at, Some(turn.seat)));
                }
            }
        }
        next_success(&mut progress, state);
        Ok(())
    });
    desk.settle(result);
}

/// Spend one success: rock is carved or destroyed and what it held dropped on its space; a Loot Bug
/// is harvested where it lies; hits on a creature wait for the rest.
fn spend(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    pending: &mut Pending,
    karl: bool,
    state: &mut BoscoChop,
    target: ChopTarget,
) -> Result<(), String> {
    let mut mineral_die = |fx: &mut Effects, at: Hex, bonus_gold: u32| {
        mineral_die::roll(cave, fx, pending, karl, Who::Bosco, MineralRoll { bonus_gold, ..MineralRoll::at(at) })
    };
    match target {
        ChopTarget::Mine(q) => {
            if let Some(Terrain::Open(Ground::Wall(Some(mineral)))) = cave.terrain(q.into()) {
                carve(cave, fx, pool, q.into());
                drop_mineral(fx, mineral, q.into());
            }
        }
        ChopTarget::Carve(q) => carve(cave, fx, pool, q.into()),
        ChopTarget::Stalagmite(q) => {
            set_floor(cave, fx, q.into());
            fx.say(GameEvent::StalagmiteDestroyed { at: q });
            // Ruling 28: BOSCO's axe rolls the Mineral die too; what it finds is left on the ground.
            mineral_die(fx, q.into(), 0)?;
        }
        ChopTarget::LootBug(q) => {
            if let Some(bug) = cave.tokens_at(q.into()).into_iter().find(|t| matches!(t.2, Token::Pickup { pickup: Pickup::LootBug, .. })) {
                fx.commands.entity(bug.0).despawn();
                fx.say(GameEvent::Harvested { pickup: Pickup::LootBug, at: q });
            }
            mineral_die(fx, q.into(), cave.data.numbers.loot_bug_bonus_gold)?;
        }
        ChopTarget::RedSugar(q) => {
            // FAQ: BOSCO can mine Red Sugar, but the Health stays on the ground for a Dwarf.
            if let Some(sugar) =
                cave.tokens_at(q.into()).into_iter().find(|t| matches!(t.2, Token::Pickup { pickup: Pickup::RedSugar, .. }))
            {
                fx.commands.entity(sugar.0).insert(Token::Health { amount: cave.data.numbers.red_sugar_health });
                fx.say(GameEvent::Harvested { pickup: Pickup::RedSugar, at: q });
            }
        }
        ChopTarget::Creature(id) => *state.on_creatures.entry(id).or_default() += 1,
        _ => {}
    }
    Ok(())
}

fn set_floor(cave: &Cave, fx: &mut Effects, h: Hex) {
    if let Some(space) = cave.space(h) {
        fx.commands.entity(space).insert(Terrain::Open(Ground::Floor));
    }
}

/// Carve a wall into open cave; a hidden cave it touches is revealed (rulebook: BOSCO can dig into
/// hidden caves).
fn carve(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, h: Hex) {
    set_floor(cave, fx, h);
    fx.say(GameEvent::Carved { at: h.into() });
    reveal_caves_touching(cave, fx, pool, h);
}

/// Offer BOSCO's light gun if it is within 2 spaces of the attacked Dwarf and reaches what the
/// shot aims at: the creature, or for a grab the Dwarf's space (ruling 30; it was asked of the
/// Dwarf's space for a creature too, and a play-tester's BOSCO was offered a shot through a wall).
fn offer_reaction(cave: Cave, mut job: ResMut<CurrentJob>, mut pending: ResMut<Pending>, mut fx: Effects) {
    let Some(Job::BoscoReaction { target, creature }) = job.0.clone() else { return };
    if pending.0.is_some() {
        return;
    }
    let gun = &cave.data.numbers.bosco.light_gun;
    let alive = creature.is_none_or(|id| cave.creature_by_id(id).is_some());
    let near = |at: Hex| distance(at, target) <= cave.data.numbers.kit.reaction_distance;
    let aimed = aim(&cave, target, creature);
    let able = bosco(&cave).is_some_and(|(_, at)| near(at) && reaches(&cave, gun.range, gun.line, at, aimed));
    if !alive || !able {
        job.0 = None;
        fx.say(GameEvent::Skipped { why: "BOSCO cannot take a reaction shot".into() });
        return;
    }
    ask_of(&mut pending, Who::Bosco, "BOSCO may take a reaction shot".into(), vec![Answer::React(gun.id.clone()), Answer::Pass]);
}

fn take_reaction(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut job: ResMut<CurrentJob>,
    cave: Cave,
    turn: Res<Turn>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let Some(Job::BoscoReaction { target, creature }) = job.0.clone() else { return };
    let result = desk.answer(&pending).and_then(|a| {
        pending.0 = None;
        job.0 = None;
        let (Answer::React(_), Some((_, at))) = (a, bosco(&cave)) else { return Ok(()) };
        let gun = &cave.data.numbers.bosco.light_gun;
        fx.fired(&cave, Who::Bosco, &gun.name, aim(&cave, target, creature));
        let rolls = fx.roll(Who::Bosco, &gun.dice, &cave.data)?;
        let karl = for_karl.in_hand(&cave);
        if let Some(rolls) =
            hold(&cave.data, &mut fx.karl, &mut pending, karl, Who::Bosco, rolls, AfterRoll::BoscoReaction { from: at, creature })
        {
            reaction_lands(&cave, &mut fx, turn.seat, at, creature, &rolls);
        }
        Ok(())
    });
    desk.settle(result);
}

/// The light gun's hits on the creature; on a grab (no creature), any hit frees the victim
/// (rulebook, Cave Leech).
fn reaction_lands(cave: &Cave, fx: &mut Effects, seat: u32, from: Hex, creature: Option<u32>, rolls: &[DieRoll]) {
    let hit = landed(rolls);
    match creature.and_then(|id| cave.creature_by_id(id)) {
        Some(c) if !hit.is_empty() => {
            hurt_creature(cave, fx, &c, &hit, &Blow::from(from, Some(seat)));
        }
        None if !hit.is_empty() => {
            fx.agenda.0.retain(|j| !matches!(j, Job::GrabLands { .. }));
            fx.say(GameEvent::GrabBrokenByBosco);
        }
        _ => {}
    }
}
