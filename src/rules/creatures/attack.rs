//! A creature's attack on a Dwarf: Creature dice, hits as damage, "!" as the creature's effect.

use crate::data::creatures::CreatureKind;
use crate::data::creatures::Trait;
use crate::data::creatures::{Attack, Bang};
use crate::data::dice::{DieKind, Symbol, hits};
use crate::rules::cave::{Cave, CreatureItem, DwarfItem};
use crate::rules::command::Pending;
use crate::rules::components::*;
use crate::rules::damage::{Hits, hurt_dwarf};
use crate::rules::effects::Effects;
use crate::rules::for_karl::{AfterRoll, HeldRoll, hold};
use crate::rules::hex::facing_toward;
use crate::rules::log::{DieRoll, GameEvent, Who};
use crate::rules::spawn::spawn_near;

/// Roll the creature's attack at a Dwarf and apply it, or hold the roll for For Karl! (`karl`: a
/// Dwarf holds the card; ruling 32).
pub fn attack(cave: &Cave, fx: &mut Effects, pending: &mut Pending, karl: bool, c: &CreatureItem, d: &DwarfItem) {
    let stats = cave.stats(c.creature.kind);
    let Attack::Dice(n) = stats.attack else { return };
    let who = Who::Creature { kind: c.creature.kind, id: c.id.0 };
    fx.say(GameEvent::Attacks { who: who.clone(), target: d.dwarf.class });
    turn_to(cave, fx, c, d.at.0);
    if crate::rules::skills::gunner::shield_holds(cave, fx, d) {
        return;
    }
    let Ok(rolls) = fx.roll(who.clone(), &[(DieKind::Creature, n)], &cave.data) else { return };
    let then = AfterRoll::Attack { creature: c.id.0, kind: c.creature.kind, dwarf: d.entity };
    if let Some(rolls) = hold(&cave.data, &mut fx.karl, pending, karl, who, rolls, then) {
        lands(cave, fx, c.creature.kind, d, &rolls);
    }
}

/// A held attack roll, let stand or rerolled, lands on the Dwarf as he is now.
pub fn attack_lands(cave: Cave, mut fx: Effects) {
    let Some(HeldRoll { then: AfterRoll::Attack { kind, dwarf, .. }, rolls, .. }) = fx.karl.take() else { return };
    if let Ok(d) = cave.dwarves.get(dwarf) {
        lands(&cave, &mut fx, kind, &d, &rolls);
    }
}

/// The attack's dice on the Dwarf: each hit a damage (a Praetorian's "!" adds), then the "!"
/// effect if he is still conscious.
fn lands(cave: &Cave, fx: &mut Effects, kind: CreatureKind, d: &DwarfItem, rolls: &[DieRoll]) {
    let stats = cave.stats(kind);
    let mut damage: u32 = rolls.iter().map(|r| hits(&r.symbols)).sum();
    let bangs = rolls.iter().flat_map(|r| &r.symbols).filter(|s| **s == Symbol::Bang).count() as u32;
    if let Bang::Damage(k) = stats.bang {
        damage += k * bangs;
    }
    if damage > 0 {
        hurt_dwarf(fx, d, &Hits::from([(DieKind::Creature, damage)]));
    }
    if bangs > 0 && damage < d.health.0 {
        bang(fx, &stats.bang, d);
    }
}

/// The "!" effect on a Dwarf who is still conscious.
fn bang(fx: &mut Effects, b: &Bang, d: &DwarfItem) {
    let set: fn(&mut DwarfStatus) = match b {
        Bang::Webbed => |s| s.webbed = true,
        Bang::Stunned => |s| s.stunned = true,
        Bang::KnockedOver => |s| s.knocked_over = true,
        Bang::Nothing | Bang::Damage(_) | Bang::SpawnGrunt => return,
    };
    fx.change::<DwarfStatus>(d.entity, set);
    fx.say(GameEvent::Afflicted { dwarf: d.dwarf.class, status: format!("{b:?}") });
}

/// A creature that faces a way turns to what it attacks (ruling 14); turning is free. A two-space
/// creature turns about its front only where its back then rests on a space it may stand on
/// (ruling 33); else it attacks as it stands.
fn turn_to(cave: &Cave, fx: &mut Effects, c: &CreatureItem, at: hexx::Hex) {
    let stats = cave.stats(c.creature.kind);
    if !stats.has(Trait::WeakRear) {
        return;
    }
    let facing = facing_toward(c.at.0, at);
    if stats.has(Trait::TwoSpaces) {
        let back = crate::rules::hex::step(c.at.0, crate::rules::hex::opposite(facing));
        let turning = super::pathing::Mover { crashes: false, ..super::pathing::Mover::of(cave, c) };
        if !super::pathing::may_end(cave, &turning, back) {
            return;
        }
    }
    fx.commands.entity(c.entity).insert(Faces(facing));
}

/// The Brood Nexus rolls its dice; each "!" hatches a Grunt next to it, nearest a Dwarf.
pub fn hatch(cave: &Cave, fx: &mut Effects, pending: &mut Pending, karl: bool, c: &CreatureItem) {
    let Attack::Spawn(n) = cave.stats(c.creature.kind).attack else { return };
    let who = Who::Creature { kind: c.creature.kind, id: c.id.0 };
    let Ok(rolls) = fx.roll(who.clone(), &[(DieKind::Creature, n)], &cave.data) else { return };
    if let Some(rolls) = hold(&cave.data, &mut fx.karl, pending, karl, who, rolls, AfterRoll::Hatch { at: c.at.0 }) {
        hatches(cave, fx, c.at.0, &rolls);
    }
}

/// A held Brood Nexus roll, let stand or rerolled, hatches its Grunts.
pub fn hatch_lands(cave: Cave, mut fx: Effects) {
    let Some(HeldRoll { then: AfterRoll::Hatch { at }, rolls, .. }) = fx.karl.take() else { return };
    hatches(&cave, &mut fx, at, &rolls);
}

fn hatches(cave: &Cave, fx: &mut Effects, at: hexx::Hex, rolls: &[DieRoll]) {
    let bangs = rolls.iter().flat_map(|r| &r.symbols).filter(|s| **s == Symbol::Bang).count() as u32;
    if bangs > 0 {
        spawn_near(cave, fx, CreatureKind::Grunt, at, bangs, false);
    }
}
