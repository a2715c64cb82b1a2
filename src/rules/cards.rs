//! Rock and Stone cards (rulebook "Play Rock and Stone card(s)"; content.md): free, any number, in
//! any Dwarf's turn, by any Dwarf holding one, even knocked over. The card names its target (data:
//! `Target`) and its effect; the played card goes to the Rock and Stone discard pile.
//!
//! A card is refused while a choice is pending, except For Karl! on a shot that waits for its
//! rerolls, its doubled die or the laying of its results. "The roll just made" is that shot's roll:
//! once a shot's results are dealt its roll is spent, so For Karl! has nothing left to reroll.
//! Cards (and a Satchel Charge) may also cut in between two jobs of the rules, e.g. between two
//! creatures' activations; a free action waits until the cave is still.

use super::actions::{InProgress, answering, ask};
use super::agenda::{CurrentJob, Job, busy};
use super::blast::open_wall;
use super::cave::{Cave, DwarfItem};
use super::command::{Answer, Command, CommandKind, CommandLog, Current, Pending, Rejected};
use super::components::*;
use super::decks::Decks;
use super::dice::roll;
use super::effects::Effects;
use super::for_karl::HeldRoll;
use super::hand::deal;
use super::hex::{canonical, distance};
use super::lasting::UntilNextTurn;
use super::log::{GameEvent, GameLog};
use super::reveal::{UpgradePool, board_neighbours};
use super::state::Turn;
use super::swarm::SwarmThreat;
use super::{RulesSet, RulesStep};
use crate::data::GameData;
use crate::data::cards::{RockAndStoneCard, RockAndStoneEffect as Effect, Status, Target};
use crate::data::mission::{Ground, Mineral};
use crate::data::weapons::{DwarfClass, LineRule};
use crate::rules::command::Desk;
use crate::rules::state::RulesResource;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

/// A card waiting for the space it acts on.
#[derive(Debug, Clone)]
pub enum CardChoice {
    /// Lights Up!: where the Flare goes; it lasts until the player's next turn.
    Flare { seat: u32, class: DwarfClass },
    /// We're Rich!: which wall mineral next to the Dwarf is collected.
    WallMineral,
}

/// The host's turn, set aside while a guest takes his free action, and the length of the command
/// log before it: the guest's action is spent once the log grows.
#[derive(Resource, Default, Debug)]
struct Loan(Option<(Turn, usize)>);

pub fn plugin(app: &mut App) {
    app.rules_resource::<Loan>()
        .add_systems(RulesStep::Action(CommandKind::PlayCard), play_card)
        .add_systems(
            RulesStep::Action(CommandKind::Choose),
            card_choice.run_if(answering(|p| matches!(p, InProgress::Card(_)))).in_set(RulesSet::Actions).ambiguous_with(RulesSet::Actions),
        )
        .add_systems(Update, lend_turn.after(RulesSet::Take).after(super::for_karl::let_stand).before(RulesSet::Actions))
        .add_systems(Update, end_loan.after(RulesSet::Rolled).before(RulesSet::Ask));
}

/// Commands that may cut in between two jobs of the rules (ruling 1's Satchel Charge; the cards,
/// free in any Dwarf's turn).
pub fn cuts_in(c: &Command) -> bool {
    matches!(c, Command::Detonate { .. } | Command::PlayCard { .. })
}

/// A card that acts on the roll waiting for a choice (For Karl!): a scenario does not answer that
/// choice by default before it.
pub fn rerolls_a_roll(data: &GameData, c: &Command) -> bool {
    let Command::PlayCard { card, .. } = c else { return false };
    data.rock_and_stone.iter().any(|r| r.name == *card && r.effect == Effect::RerollLastRoll)
}

/// Commands that are a Dwarf's action, and so a guest's once he has one.
fn is_action(c: &Command) -> bool {
    !matches!(
        c,
        Command::Choose(_) | Command::EndTurn | Command::Launch | Command::PlayCard { .. } | Command::Detonate { .. } | Command::Bosco(_)
    )
}

/// A guest's free action (Rock and Stone!, Second Wind): the next action command is his. For that
/// one command the turn is lent to him with one action, so every action's own checks (`actor`) and
/// costs apply to him; the host's turn comes back untouched.
fn lend_turn(
    mut current: ResMut<Current>,
    mut rejected: ResMut<Rejected>,
    log: Res<CommandLog>,
    mut turn: ResMut<Turn>,
    mut loan: ResMut<Loan>,
) {
    let (Some((_, move_only)), Some(cmd)) = (turn.guest, &current.0) else { return };
    if !is_action(cmd) {
        return;
    }
    if move_only && !matches!(cmd, Command::Move(_)) {
        rejected.0 = current.0.take().map(|c| (c, "the free action waiting is a Move".into()));
        return;
    }
    let Some((guest, _)) = lent(&turn) else { return };
    loan.0 = Some((turn.clone(), log.0.len()));
    *turn = guest;
}

/// The turn a guest's free action is checked and paid against (one action, his seat), and whether
/// only a Move is allowed; none while no guest waits.
pub fn lent(turn: &Turn) -> Option<(Turn, bool)> {
    let (seat, move_only) = turn.guest?;
    Some((Turn { number: turn.number, seat, actions_left: 1, ..Default::default() }, move_only))
}

fn end_loan(log: Res<CommandLog>, mut turn: ResMut<Turn>, mut loan: ResMut<Loan>) {
    let Some((mut host, len)) = loan.0.take() else { return };
    if log.0.len() > len {
        host.guest = None;
        // Another Dwarf's action came between the Scout's Move and his free attack (Light-footed
        // is for the command right after his own Move; a guest's free Move is not his).
        host.light_footed = false;
    }
    *turn = host;
}

/// What playing a card may change besides the cave.
#[derive(SystemParam)]
struct Table<'w, 's> {
    turn: ResMut<'w, Turn>,
    hands: Query<'w, 's, &'static mut Hand>,
    loadouts: Query<'w, 's, &'static Loadout>,
    decks: ResMut<'w, Decks>,
    threat: ResMut<'w, SwarmThreat>,
    pool: ResMut<'w, UpgradePool>,
    job: Res<'w, CurrentJob>,
    bosco: Query<'w, 's, (), With<Bosco>>,
}

fn play_card(mut desk: Desk, mut pending: ResMut<Pending>, mut progress: ResMut<InProgress>, cave: Cave, mut t: Table, mut fx: Effects) {
    let Some(Command::PlayCard { by, card, on }) = desk.current.0.clone() else { return };
    let result = play(&cave, &mut t, &mut fx, &mut pending, &mut progress, by, &card, on);
    desk.settle(result);
}

fn play(
    cave: &Cave,
    t: &mut Table,
    fx: &mut Effects,
    pending: &mut Pending,
    progress: &mut InProgress,
    by: DwarfClass,
    name: &str,
    on: Option<DwarfClass>,
) -> Result<(), String> {
    let holds = |e: Entity, i: usize| t.hands.get(e).is_ok_and(|h| h.rock_and_stone.contains(&i));
    let overclocked = |e: Entity| t.loadouts.get(e).is_ok_and(|l| l.overclocked);
    let now = CardsNow {
        roll_held: fx.karl.waits_for().is_some(),
        busy: busy(&fx.agenda, &t.job),
        guest_waiting: t.turn.guest.is_some(),
        threat: t.threat.0,
        log: &fx.log,
        solo_bosco: cave.dwarves.iter().count() == 1 && !t.bosco.is_empty(),
        holds: &holds,
        overclocked: &overclocked,
    };
    let (player, i, card, target) = check_card(cave, &now, pending, by, name, on)?;
    fx.say(GameEvent::CardPlayed { dwarf: by, card: card.name.clone(), on: target.map(|d| d.dwarf.class) });
    if let Ok(mut hand) = t.hands.get_mut(player.entity) {
        let at = hand.rock_and_stone.iter().position(|c| *c == i).expect("checked in hand");
        hand.rock_and_stone.remove(at);
    }
    t.decks.rock_and_stone.discard(i);
    apply(cave, t, fx, pending, progress, &card.effect, &player, target)
}

/// What the checks on a card read besides the cave: the moment (the rules busy with jobs, a guest's
/// free action waiting), the Swarm Threat and its history, and the Dwarves' hands and weapons.
pub struct CardsNow<'a> {
    /// A roll just made waits for For Karl! (ruling 32).
    pub roll_held: bool,
    pub busy: bool,
    pub guest_waiting: bool,
    pub threat: u32,
    pub log: &'a GameLog,
    /// A lone Dwarf with BOSCO: "another Dwarf" may be himself.
    pub solo_bosco: bool,
    /// Whether a Dwarf holds a Rock and Stone card (by index).
    pub holds: &'a dyn Fn(Entity, usize) -> bool,
    /// Whether a Dwarf's secondary weapon is overclocked.
    pub overclocked: &'a dyn Fn(Entity) -> bool,
}

/// Whether this Dwarf may play this card now, on this Dwarf: the player, the card (index and
/// text) and the Dwarf it is played on when he may. The one check the action and the legal-moves
/// query ask.
pub fn check_card<'a>(
    cave: &'a Cave,
    now: &CardsNow,
    pending: &Pending,
    by: DwarfClass,
    name: &str,
    on: Option<DwarfClass>,
) -> Result<(DwarfItem<'a>, usize, &'a RockAndStoneCard, Option<DwarfItem<'a>>), String> {
    let player = named(cave, by)?;
    if player.status.unconscious {
        return Err(format!("the {by:?} is unconscious"));
    }
    let (i, card) = cave
        .data
        .rock_and_stone
        .iter()
        .enumerate()
        .find(|(_, c)| c.name == name)
        .ok_or_else(|| format!("there is no Rock and Stone card called {name:?}"))?;
    if !(now.holds)(player.entity, i) {
        return Err(format!("the {by:?} holds no {name}"));
    }
    let on_the_roll = card.effect == Effect::RerollLastRoll && now.roll_held;
    if let (Some(p), false) = (&pending.0, on_the_roll) {
        return Err(format!("first answer the pending choice: {}", p.prompt));
    }
    let target = target_of(cave, card, &player, on, now.solo_bosco)?;
    refuse(cave, now, card, target.as_ref())?;
    Ok((player, i, card, target))
}

/// Whether a card is played this way at all: on this Dwarf, or on none (`target_of`, as
/// `check_card` asks it). A way it is not played is no candidate: the legal-moves query tells why
/// a card cannot be played by the refusal of a way it is played.
pub fn played_so(cave: &Cave, now: &CardsNow, by: DwarfClass, card: &RockAndStoneCard, on: Option<DwarfClass>) -> bool {
    named(cave, by).is_ok_and(|player| target_of(cave, card, &player, on, now.solo_bosco).is_ok())
}

fn named<'a>(cave: &'a Cave, class: DwarfClass) -> Result<DwarfItem<'a>, String> {
    cave.dwarves_sorted().into_iter().find(|d| d.dwarf.class == class).ok_or_else(|| format!("there is no {class:?} in this game"))
}

/// The Dwarf a card is played on, by its target rule; none for a card that acts on no Dwarf.
/// "Another" Dwarf may be the player only in a solo game with BOSCO (rulebook).
fn target_of<'a>(
    cave: &'a Cave,
    card: &RockAndStoneCard,
    player: &DwarfItem<'a>,
    on: Option<DwarfClass>,
    solo_bosco: bool,
) -> Result<Option<DwarfItem<'a>>, String> {
    let me = player.dwarf.class;
    match (card.target, on) {
        (Target::NoDwarf, None) => Ok(None),
        (Target::NoDwarf, Some(_)) => Err(format!("{} is not played on a Dwarf", card.name)),
        (Target::Yourself, on) if on.is_none_or(|c| c == me) => Ok(Some(*player)),
        (Target::Yourself, _) => Err(format!("{} is played on yourself", card.name)),
        (Target::Another, None) => Err(format!("{} names another Dwarf", card.name)),
        (Target::Another, Some(c)) if c == me && !solo_bosco => Err(format!("{} is played on another Dwarf, not yourself", card.name)),
        (Target::Another | Target::Any, on) => named(cave, on.unwrap_or(me)).map(Some),
        (Target::Within(n), on) => {
            let d = named(cave, on.unwrap_or(me))?;
            if distance(d.at.0, player.at.0) > n {
                return Err(format!("{} reaches a Dwarf within {n} spaces; the {:?} is farther", card.name, d.dwarf.class));
            }
            Ok(Some(d))
        }
    }
}

/// Why the card cannot be played now, if it cannot: checked before anything changes.
fn refuse(cave: &Cave, now: &CardsNow, card: &RockAndStoneCard, target: Option<&DwarfItem>) -> Result<(), String> {
    match &card.effect {
        Effect::RerollLastRoll if !now.roll_held => Err("For Karl! rerolls a roll just made, before it counts; there is none".into()),
        Effect::PlaceFlare if !a_flare_space(cave) => Err("no Dwarf sees a space for the Flare".into()),
        Effect::SwarmThreat(n) if *n < 0 && threat_back(cave, now.log, now.threat, *n) == now.threat => {
            Err("the Swarm Threat marker cannot go back past a swarm step it has passed".into())
        }
        Effect::RerollLastRoll | Effect::PlaceFlare | Effect::SwarmThreat(_) | Effect::ExtraDiceNextAttack(_) => Ok(()),
        effect => {
            let d = target.ok_or_else(|| format!("{} needs a Dwarf to play it on", card.name))?;
            if matches!(effect, Effect::FreeMove | Effect::FreeAction) {
                return free_action(now, effect, d);
            }
            why_not(cave, now, effect, d).map_or(Ok(()), |why| Err(format!("the {:?} {why}", d.dwarf.class)))
        }
    }
}

/// Why a card cannot be played on this Dwarf, if it cannot.
fn why_not(cave: &Cave, now: &CardsNow, effect: &Effect, d: &DwarfItem) -> Option<&'static str> {
    let room = |p: u32, s: u32| {
        let (rp, rs) = ammo_room(cave, (now.overclocked)(d.entity), d);
        rp.min(p) + rs.min(s)
    };
    match effect {
        Effect::Heal(_) | Effect::CollectWallMineral if d.status.unconscious => Some("is unconscious"),
        Effect::Heal(_) if d.health.0 >= cave.data.numbers.dwarf.health => Some("has all his Health"),
        Effect::ReviveOrStandUp(_) if !d.status.unconscious && !d.status.knocked_over => Some("is neither unconscious nor knocked over"),
        Effect::Ammo { primary, secondary } if room(*primary, *secondary) == 0 => Some("has no room for more ammo"),
        Effect::Clear(list) if !list.iter().any(|s| has(d, *s)) => Some("has none of those conditions"),
        Effect::CollectWallMineral if wall_minerals(cave, d.at.0).is_empty() => Some("stands next to no mineral in a wall"),
        _ => None,
    }
}

/// Rock and Stone!, Second Wind: one guest at a time, who can act now, while the cave is still.
fn free_action(now: &CardsNow, effect: &Effect, d: &DwarfItem) -> Result<(), String> {
    if now.busy {
        return Err("a free action waits until the cave is still".into());
    }
    if now.guest_waiting {
        return Err("another Dwarf's free action is still waiting".into());
    }
    if d.status.unconscious || d.status.knocked_over {
        return Err(format!("the {:?} cannot act: he is not on his feet", d.dwarf.class));
    }
    if *effect == Effect::FreeMove && d.status.webbed {
        return Err(format!("the {:?} is webbed and cannot move", d.dwarf.class));
    }
    Ok(())
}

fn has(d: &DwarfItem, s: Status) -> bool {
    match s {
        Status::Stunned => d.status.stunned,
        Status::Webbed => d.status.webbed,
    }
}

/// Room left in the Dwarf's primary and secondary ammo slots; an overclocked secondary opens the
/// spiked slots (rulebook "Overclock a secondary weapon").
fn ammo_room(cave: &Cave, overclocked: bool, d: &DwarfItem) -> (u32, u32) {
    let board = &cave.data.numbers.dwarf;
    let slots = if overclocked { board.overclocked_secondary_ammo } else { board.secondary_ammo };
    (board.primary_ammo.saturating_sub(d.ammo.primary), slots.saturating_sub(d.ammo.secondary))
}

/// Spaces some conscious Dwarf sees (ruling 7), figures on them or not: where Lights Up! may put
/// its Flare. Those with the most creatures on or next to them first (the headless default), then
/// canonical order.
fn flare_spaces(cave: &Cave) -> Vec<Hex> {
    let eyes = flare_eyes(cave);
    let mut out: Vec<Hex> = cave.board.spaces.keys().copied().filter(|h| flare_may_go(cave, &eyes, *h)).collect();
    let lit = |h: &Hex| cave.creatures.iter().filter(|c| distance(c.at.0, *h) <= 1).count();
    out.sort_by_key(|h| (std::cmp::Reverse(lit(h)), canonical(*h)));
    out
}

/// The conscious Dwarves' spaces, from which a Flare space is seen.
fn flare_eyes(cave: &Cave) -> Vec<Hex> {
    cave.dwarves_sorted().iter().filter(|d| !d.status.unconscious).map(|d| d.at.0).collect()
}

/// Whether Lights Up!'s Flare may go on a space: open, and seen by a conscious Dwarf.
fn flare_may_go(cave: &Cave, eyes: &[Hex], h: Hex) -> bool {
    let open = cave.terrain(h).is_some_and(|t| !t.is_wall() && !matches!(t, Terrain::Hidden(_)));
    open && eyes.iter().any(|e| cave.line(*e, h, LineRule::Sight))
}

/// Whether there is any space for Lights Up!'s Flare: the Dwarves' own spaces are tried first, so
/// the answer is found at once, not by searching the cave.
fn a_flare_space(cave: &Cave) -> bool {
    let eyes = flare_eyes(cave);
    let board = cave.board.spaces.keys().copied();
    eyes.iter().copied().chain(board).any(|h| flare_may_go(cave, &eyes, h))
}

/// Wall minerals next to a space, in canonical order.
fn wall_minerals(cave: &Cave, at: Hex) -> Vec<(Hex, Mineral)> {
    board_neighbours(cave, at)
        .into_iter()
        .filter_map(|h| match cave.terrain(h) {
            Some(Terrain::Open(Ground::Wall(Some(m)))) => Some((h, m)),
            _ => None,
        })
        .collect()
}

/// Where the Swarm Threat marker goes back to: `n` steps, never below the highest swarm step it
/// has reached (content.md) nor below its start.
fn threat_back(cave: &Cave, log: &GameLog, now: u32, n: i32) -> u32 {
    let meter = &cave.data.numbers.swarm_meter;
    let logged = log.0.iter().filter_map(|e| match e {
        GameEvent::SwarmThreat { step, .. } => Some(*step),
        _ => None,
    });
    let highest = logged.max().unwrap_or(0).max(now);
    let floor = meter.swarm_steps.iter().copied().filter(|s| *s <= highest).max().unwrap_or(meter.start).max(meter.start);
    now.saturating_sub(n.unsigned_abs()).max(floor).min(now)
}

fn apply(
    cave: &Cave,
    t: &mut Table,
    fx: &mut Effects,
    pending: &mut Pending,
    progress: &mut InProgress,
    effect: &Effect,
    player: &DwarfItem,
    target: Option<DwarfItem>,
) -> Result<(), String> {
    match (effect, target) {
        (Effect::FreeMove | Effect::FreeAction, Some(d)) => {
            let move_only = *effect == Effect::FreeMove;
            t.turn.guest = Some((d.dwarf.seat, move_only));
            fx.say(GameEvent::FreeAction { dwarf: d.dwarf.class, move_only });
        }
        (Effect::RerollLastRoll, _) => for_karl(cave, fx, pending)?,
        (Effect::Heal(n), Some(d)) => {
            let health = (d.health.0 + n).min(cave.data.numbers.dwarf.health);
            fx.commands.entity(d.entity).insert(Health(health));
            fx.say(GameEvent::Healed { dwarf: d.dwarf.class, amount: health - d.health.0, health });
        }
        (Effect::ReviveOrStandUp(n), Some(d)) => revive_or_stand(fx, player, &d, *n),
        (Effect::Ammo { primary, secondary }, Some(d)) => {
            let (p, s) = ammo_room(cave, t.loadouts.get(d.entity).is_ok_and(|l| l.overclocked), &d);
            let (p, s) = (p.min(*primary), s.min(*secondary));
            fx.commands.entity(d.entity).insert(Ammo { primary: d.ammo.primary + p, secondary: d.ammo.secondary + s });
            fx.say(GameEvent::AmmoRestocked { dwarf: d.dwarf.class, primary: p, secondary: s });
        }
        (Effect::PlaceFlare, _) => {
            let options = flare_spaces(cave).into_iter().map(|h| Answer::Space(h.into())).collect();
            ask(pending, "Lights Up!: pick the space for the Flare".into(), options);
            *progress = InProgress::Card(CardChoice::Flare { seat: player.dwarf.seat, class: player.dwarf.class });
        }
        (Effect::Clear(list), Some(d)) => clear(fx, &d, list),
        (Effect::CollectWallMineral, Some(d)) => match wall_minerals(cave, d.at.0).as_slice() {
            [(h, m)] => collect_wall(cave, fx, &mut t.pool, *h, *m),
            walls => {
                let options = walls.iter().map(|(h, _)| Answer::Space((*h).into())).collect();
                ask(pending, "We're Rich!: pick the wall mineral to collect".into(), options);
                *progress = InProgress::Card(CardChoice::WallMineral);
            }
        },
        (Effect::SwarmThreat(n), _) if *n < 0 => {
            t.threat.0 = threat_back(cave, &fx.log, t.threat.0, *n);
            fx.say(GameEvent::SwarmThreat { step: t.threat.0, of: cave.data.numbers.swarm_meter.steps });
        }
        (Effect::SwarmThreat(n), _) => fx.agenda.first((0..*n).map(|_| Job::ThreatStep(1))),
        (Effect::ExtraDiceNextAttack(n), _) => t.turn.extra_dice += n,
        (Effect::DrawThrowables(n), Some(d)) => {
            if let Ok(mut hand) = t.hands.get_mut(d.entity) {
                deal(&mut t.decks, &mut fx.rng, &mut hand, 0, *n);
            }
            fx.say(GameEvent::CardsDrawn { dwarf: d.dwarf.class, rock_and_stone: 0, throwables: *n });
        }
        (_, None) => return Err("this card needs a Dwarf to play it on".into()),
    }
    Ok(())
}

/// For Karl!: every die of the roll held for it is rolled again; the second result stands, and
/// the rule that rolled carries on with it (`for_karl`).
fn for_karl(cave: &Cave, fx: &mut Effects, pending: &mut Pending) -> Result<(), String> {
    let held = fx.karl.waiting().ok_or("no roll is waiting")?.clone();
    let mut rolls = Vec::with_capacity(held.rolls.len());
    for (i, old) in held.rolls.iter().enumerate() {
        let new = roll(old.die, &cave.data, &mut fx.rng, &mut fx.forced)?;
        fx.say(GameEvent::Rerolled { who: held.who.clone(), die: i, roll: new.clone() });
        rolls.push(new);
    }
    if let Some(h) = fx.karl.waiting() {
        *h = HeldRoll { rolls, released: true, rerolled: true, ..held };
    }
    pending.0 = None;
    Ok(())
}

/// Leave No Dwarf Behind: an unconscious Dwarf wakes with this much Health; a knocked-over one
/// stands up.
fn revive_or_stand(fx: &mut Effects, player: &DwarfItem, d: &DwarfItem, health: u32) {
    if d.status.unconscious {
        super::damage::revive(fx, d, health);
    } else {
        fx.change::<DwarfStatus>(d.entity, |s| s.knocked_over = false);
        fx.say(GameEvent::StoodUp { dwarf: d.dwarf.class, helped_by: Some(player.dwarf.class) });
    }
}

/// Mushroom!: the conditions the card names come off.
fn clear(fx: &mut Effects, d: &DwarfItem, list: &[Status]) {
    let mut status = *d.status;
    for s in list.iter().filter(|s| has(d, **s)) {
        match s {
            Status::Stunned => status.stunned = false,
            Status::Webbed => status.webbed = false,
        }
        fx.say(GameEvent::StatusCleared { dwarf: d.dwarf.class, status: format!("{s:?}") });
    }
    fx.commands.entity(d.entity).insert(status);
}

/// We're Rich!: the wall's mineral goes to the M.U.L.E. with no roll; the wall is carved out.
fn collect_wall(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, h: Hex, m: Mineral) {
    fx.mule.add(m.into(), 1);
    fx.say(GameEvent::Mined { item: m.into(), at: h.into() });
    open_wall(cave, fx, pool, h);
}

fn card_choice(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut pool: ResMut<UpgradePool>,
    mut fx: Effects,
) {
    let InProgress::Card(choice) = &*progress else { return };
    let choice = choice.clone();
    let result = desk.answer(&pending).and_then(|a| {
        let Answer::Space(q) = a else { return Err("the card needs a space".into()) };
        let h: Hex = q.into();
        match choice {
            CardChoice::Flare { seat, class } => {
                fx.spawn_with_id((Token::Flare, At(h), UntilNextTurn(seat)));
                fx.say(GameEvent::GearPlaced { dwarf: class, token: Token::Flare, at: vec![q] });
            }
            CardChoice::WallMineral => {
                let Some(Terrain::Open(Ground::Wall(Some(m)))) = cave.terrain(h) else { return Err("no mineral in that wall".into()) };
                collect_wall(&cave, &mut fx, &mut pool, h, m);
            }
        }
        pending.0 = None;
        *progress = InProgress::Idle;
        Ok(())
    });
    desk.settle(result);
}
