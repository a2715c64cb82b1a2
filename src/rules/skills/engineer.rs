//! The Engineer (rulebook "The Engineer"): the Sentry Gun turret and the Platform Gun. The Sentry
//! Gun fires at creatures that move or spawn near it (ruling 21), and creatures go for it when it is
//! nearer than every Dwarf (ruling 17).

use super::{gear_count, gear_user, lies_on, place, spend, take_back, tokens_of, vacant};
use crate::data::creatures::{Attack, Bang, CreatureKind};
use crate::data::dice::{DieKind, Symbol, hits};
use crate::data::weapons::{DwarfClass, LineRule};
use crate::rules::actions::shoot::pay;
use crate::rules::cave::{Cave, CreatureItem, DwarfItem};
use crate::rules::command::{Command, Pending};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::creatures::pathing::Reach;
use crate::rules::creatures::step_along;
use crate::rules::creatures::targeting::{can_attack_from, targets};
use crate::rules::damage::{Blow, Hits, hurt_creature};
use crate::rules::effects::Effects;
use crate::rules::for_karl::{AfterRoll, HeldRoll, hold, released};
use crate::rules::hex::{Qr, adjacent, distance};
use crate::rules::log::{DieRoll, GameEvent, Who};
use crate::rules::reveal::UpgradePool;
use crate::rules::state::{Mule, Turn};
use crate::rules::{RulesSet, RulesStep};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Sentry), set_up_sentry)
        .add_systems(RulesStep::Action(CommandKind::Platforms), fire_platforms)
        .add_systems(
            RulesStep::Rolled,
            sentry_attack_lands
                .run_if(released(|a| matches!(a, AfterRoll::AttackSentry { .. })))
                .in_set(RulesSet::Rolled)
                .ambiguous_with(RulesSet::Rolled),
        );
}

/// The Sentry Gun on the cave: its token, space, Health and its Engineer's seat.
struct Sentry {
    e: Entity,
    at: Hex,
    health: u32,
    owner: Option<u32>,
}

fn sentry(cave: &Cave) -> Option<Sentry> {
    cave.tokens.iter().find_map(|t| match *t.token {
        Token::SentryGun { health } => {
            Some(Sentry { e: t.entity, at: t.at.0, health, owner: cave.owned.get(t.entity).ok().map(|o| o.owner.0) })
        }
        _ => None,
    })
}

fn set_up_sentry(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(Command::Sentry(at)) = desk.current.0.clone() else { return };
    let result = sentry_gun(&cave, &mut turn, &mut fx, at.into());
    desk.settle(result);
}

/// Sentry Gun turret (rulebook): 1 action and 1 ammo, on a vacant space next to the Engineer. Set
/// up again, the gun already out moves to the new space.
fn sentry_gun(cave: &Cave, turn: &mut Turn, fx: &mut Effects, at: Hex) -> Result<(), String> {
    let (d, ammo) = check_sentry(cave, turn, at)?;
    let n = &cave.data.numbers.skills;
    let q = Qr::from(at);
    if let Some(old) = sentry(cave) {
        take_back(fx, old.e, Token::SentryGun { health: old.health }, old.at);
    }
    spend(turn, 1);
    fx.commands.entity(d.entity).insert(ammo);
    fx.say(GameEvent::AmmoSpent { dwarf: d.dwarf.class, primary: n.sentry_ammo, secondary: 0 });
    let gun = Token::SentryGun { health: n.sentry_health };
    place(fx, d.dwarf.seat, gun, at);
    fx.say(GameEvent::GearPlaced { dwarf: d.dwarf.class, token: gun, at: vec![q] });
    Ok(())
}

/// Whether the Engineer may set his Sentry Gun up on this space: him and his ammo after paying for
/// it when he may. The legal-moves query asks this too.
pub fn check_sentry<'a>(cave: &'a Cave, turn: &Turn, at: Hex) -> Result<(DwarfItem<'a>, Ammo), String> {
    let d = gear_user(cave, turn, DwarfClass::Engineer, 1)?;
    let n = &cave.data.numbers.skills;
    let q = Qr::from(at);
    if distance(d.at.0, at) != 1 {
        return Err(format!("({}, {}) is not next to the Engineer", q.q, q.r));
    }
    if !cave.is_floor(at) || !vacant(cave, at) {
        return Err(format!("({}, {}) is not a vacant space", q.q, q.r));
    }
    let ammo = pay(d.ammo, WeaponSlot::Primary, n.sentry_ammo, false).map_err(|e| format!("the Engineer has {e}"))?;
    Ok((d, ammo))
}

fn fire_platforms(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(Command::Platforms(spaces)) = desk.current.0.clone() else { return };
    let spaces: Vec<Hex> = spaces.into_iter().map(Hex::from).collect();
    let result = platforms(&cave, &mut turn, &mut fx, &spaces);
    desk.settle(result);
}

/// Platform Gun (rulebook): 1 action; 1 to 3 platforms on deep pit spaces within range 3, with or
/// without creatures on them. When the box is empty, platforms with no figure on them are moved.
/// Like the Grenade Launcher, only walls stop it (ruling 8).
fn platforms(cave: &Cave, turn: &mut Turn, fx: &mut Effects, spaces: &[Hex]) -> Result<(), String> {
    let (d, free, reuse) = check_platforms(cave, turn, spaces)?;
    for (e, h) in free.into_iter().take(reuse) {
        take_back(fx, e, Token::Platform, h);
    }
    for h in spaces {
        place(fx, d.dwarf.seat, Token::Platform, *h);
    }
    spend(turn, 1);
    fx.say(GameEvent::GearPlaced { dwarf: d.dwarf.class, token: Token::Platform, at: spaces.iter().map(|h| Qr::from(*h)).collect() });
    Ok(())
}

/// Whether the Engineer may put platforms on these spaces: him, the free platforms on the cave and
/// how many of them move when he may. The legal-moves query asks this too.
pub fn check_platforms<'a>(cave: &'a Cave, turn: &Turn, spaces: &[Hex]) -> Result<(DwarfItem<'a>, Vec<(Entity, Hex)>, usize), String> {
    let d = gear_user(cave, turn, DwarfClass::Engineer, 1)?;
    let most = gear_count(cave, DwarfClass::Engineer, "Platform") as usize;
    if spaces.is_empty() || spaces.len() > most {
        return Err(format!("the Platform Gun places 1 to {most} platforms"));
    }
    for (i, h) in spaces.iter().enumerate() {
        if spaces[..i].contains(h) {
            return Err("a space is named twice".into());
        }
        platform_spot(cave, d.at.0, *h)?;
    }
    let (in_box, free) = platforms_to_hand(cave);
    if spaces.len() > in_box + free.len() {
        return Err(format!("only {} platforms are free: the others have a figure on them", in_box + free.len()));
    }
    let reuse = spaces.len().saturating_sub(in_box);
    Ok((d, free, reuse))
}

/// The platforms the Engineer may shoot now: how many are still in the box, and those on the cave
/// with no figure on them, oldest first (moved once the box is empty, rulebook "Platform gun").
fn platforms_to_hand(cave: &Cave) -> (usize, Vec<(Entity, Hex)>) {
    let most = gear_count(cave, DwarfClass::Engineer, "Platform") as usize;
    let out = tokens_of(cave, |t| matches!(t, Token::Platform));
    let in_box = most.saturating_sub(out.len());
    (in_box, out.into_iter().filter(|(_, h)| !cave.dwarf_on(*h) && !cave.creature_on(*h)).collect())
}

/// How many platforms one shot of the Platform Gun may place now, on any of the spaces that may
/// take one ([`check_platforms`] of each alone): no space's fitness depends on the others, so any
/// of them together up to this many is a shot the rules take. The legal-moves query says it.
pub fn platforms_at_once(cave: &Cave) -> usize {
    let most = gear_count(cave, DwarfClass::Engineer, "Platform") as usize;
    let (in_box, free) = platforms_to_hand(cave);
    most.min(in_box + free.len())
}

/// Whether a platform may go on a space: a deep pit without one, in range and with no wall between.
fn platform_spot(cave: &Cave, from: Hex, h: Hex) -> Result<(), String> {
    let q = Qr::from(h);
    let range = cave.data.numbers.skills.platform_range;
    let dist = distance(from, h);
    if !cave.terrain(h).is_some_and(|t| t.is_pit()) {
        return Err(format!("({}, {}) is not a deep pit", q.q, q.r));
    }
    if lies_on(cave, h, |t| matches!(t, Token::Platform)) {
        return Err(format!("a platform lies on ({}, {}) already", q.q, q.r));
    }
    if dist < 1 || dist > range {
        return Err(format!("({}, {}) is {dist} spaces away; the Platform Gun reaches {range}", q.q, q.r));
    }
    if !cave.line(from, h, LineRule::WallsOnly) {
        return Err(format!("a wall stands between the Engineer and ({}, {})", q.q, q.r));
    }
    Ok(())
}

/// Ruling 17: a creature attacks the Sentry Gun instead of a Dwarf when it can attack the gun
/// (range and sight) and the gun is strictly closer than every Dwarf it can attack.
pub fn sentry_first(cave: &Cave, mule: &Mule, c: &CreatureItem) -> bool {
    let Some(s) = sentry(cave) else { return false };
    let range = cave.stats(c.creature.kind).range;
    let spaces = cave.creature_spaces(c.creature.kind, c.at.0, c.faces);
    let near = |h: Hex| spaces.iter().map(|x| distance(*x, h)).min().unwrap_or(u32::MAX);
    let dwarf = targets(cave, mule).iter().filter(|d| can_attack_from(cave, &spaces, range, d.at.0)).map(|d| near(d.at.0)).min();
    range > 0 && can_attack_from(cave, &spaces, range, s.at) && dwarf.is_none_or(|n| near(s.at) < n)
}

/// A creature's attack on the Sentry Gun: its Creature dice, a Praetorian's "!" adding damage; one
/// hit destroys the gun (Health 1). The roll may be held for For Karl! (ruling 32).
pub fn attack_sentry(cave: &Cave, fx: &mut Effects, pending: &mut Pending, karl: bool, c: &CreatureItem) {
    if sentry(cave).is_none() {
        return;
    }
    let stats = cave.stats(c.creature.kind);
    let Attack::Dice(n) = stats.attack else { return };
    let who = Who::Creature { kind: c.creature.kind, id: c.id.0 };
    fx.say(GameEvent::SentryAttacked { who: who.clone() });
    let Ok(rolls) = fx.roll(who.clone(), &[(DieKind::Creature, n)], &cave.data) else { return };
    if let Some(rolls) = hold(&cave.data, &mut fx.karl, pending, karl, who, rolls, AfterRoll::AttackSentry { kind: c.creature.kind }) {
        sentry_hit(cave, fx, c.creature.kind, &rolls);
    }
}

/// A held attack on the Sentry Gun, let stand or rerolled, lands.
fn sentry_attack_lands(cave: Cave, mut fx: Effects) {
    let Some(HeldRoll { then: AfterRoll::AttackSentry { kind }, rolls, .. }) = fx.karl.take() else { return };
    sentry_hit(&cave, &mut fx, kind, &rolls);
}

fn sentry_hit(cave: &Cave, fx: &mut Effects, kind: CreatureKind, rolls: &[DieRoll]) {
    let Some(s) = sentry(cave) else { return };
    let bangs = rolls.iter().flat_map(|r| &r.symbols).filter(|s| **s == Symbol::Bang).count() as u32;
    let extra = if let Bang::Damage(k) = cave.stats(kind).bang { k * bangs } else { 0 };
    hurt_sentry(fx, &s, rolls.iter().map(|r| hits(&r.symbols)).sum::<u32>() + extra);
}

fn hurt_sentry(fx: &mut Effects, s: &Sentry, damage: u32) {
    if damage == 0 {
        return;
    }
    if damage >= s.health {
        fx.commands.entity(s.e).despawn();
        fx.say(GameEvent::SentryDestroyed { at: s.at.into() });
    } else {
        fx.commands.entity(s.e).insert(Token::SentryGun { health: s.health - damage });
    }
}

/// Ruling 17 for a creature that moves: it heads for the Sentry Gun when its path there is strictly
/// shorter than to the Dwarf it would go for.
pub fn goal(cave: &Cave, reach: &Reach, dwarf: Hex) -> Hex {
    let Some(s) = sentry(cave) else { return dwarf };
    match (reach.steps_to_reach(s.at), reach.steps_to_reach(dwarf)) {
        (Some(a), b) if b.is_none_or(|b| a < b) => s.at,
        _ => dwarf,
    }
}

/// Whether the Sentry Gun stands next to a space (an Exploder there goes off).
pub fn sentry_next_to(cave: &Cave, h: Hex) -> bool {
    sentry(cave).is_some_and(|s| adjacent(s.at, h))
}

/// A blast's hits on the spaces around it reach the Sentry Gun too.
pub fn blast_sentry(cave: &Cave, fx: &mut Effects, around: &[Hex], damage: u32) {
    if let Some(s) = sentry(cave).filter(|s| around.contains(&s.at)) {
        hurt_sentry(fx, &s, damage);
    }
}

/// Ruling 21: the step of a creature's walk at which the Sentry Gun fires at it, the first one it
/// ends in the gun's range and sight, unless the gun fired at it this turn already.
fn sentry_step(cave: &Cave, c: &CreatureItem, path: &[Hex]) -> Option<usize> {
    let s = sentry(cave)?;
    if c.status.sentry_shot {
        return None;
    }
    let range = cave.data.numbers.skills.sentry_range;
    let own = cave.creature_spaces(c.creature.kind, c.at.0, c.faces);
    path.iter().position(|h| {
        distance(s.at, *h) <= range && cave.line_where(s.at, *h, |x| !own.contains(&x) && cave.blocks_line(x, LineRule::Sight))
    })
}

/// Ruling 21: a creature walking into the Sentry Gun's range is fired at as it ends that step, and a
/// kill ends its walk there. Returns whether the gun fired (it then walked the creature).
pub fn sentry_walk(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, c: &CreatureItem, path: &[Hex]) -> bool {
    let Some(i) = sentry_step(cave, c, path) else { return false };
    step_along(cave, fx, pool, c, &path[..=i]);
    let here = At(path[i]);
    let moved: CreatureItem = CreatureItem { at: &here, ..*c };
    if sentry_fire(cave, fx, &moved) {
        step_along(cave, fx, pool, &moved, &path[i + 1..]);
    }
    true
}

/// The Sentry Gun fires its die at a creature, for no action or ammo. Returns whether the creature
/// is still alive.
fn sentry_fire(cave: &Cave, fx: &mut Effects, c: &CreatureItem) -> bool {
    let Some(s) = sentry(cave) else { return true };
    fx.say(GameEvent::SentryFires { at: s.at.into(), target: Who::Creature { kind: c.creature.kind, id: c.id.0 } });
    let Ok(rolls) = fx.roll(Who::SentryGun, &cave.data.numbers.skills.sentry_dice, &cave.data) else { return true };
    let mut landed = Hits::new();
    for r in &rolls {
        *landed.entry(r.die).or_default() += hits(&r.symbols);
    }
    landed.retain(|_, n| *n > 0);
    let died = !landed.is_empty() && hurt_creature(cave, fx, c, &landed, &Blow::from(s.at, s.owner));
    if !died {
        fx.change::<CreatureStatus>(c.entity, |s| s.sentry_shot = true);
    }
    !died
}

/// Ruling 21: a creature that spawns within the Sentry Gun's range and sight is fired at.
pub fn sentry_sees_spawn(cave: &Cave, fx: &mut Effects, c: &CreatureItem) {
    let range = cave.data.numbers.skills.sentry_range;
    let seen = sentry(cave).is_some_and(|s| distance(s.at, c.at.0) <= range && cave.line(s.at, c.at.0, LineRule::Sight));
    if seen {
        sentry_fire(cave, fx, c);
    }
}
