//! Exchange supplies (rulebook "Exchange supplies"): for one action, give and take ammo, Throwables,
//! Weapon Upgrades and Rock and Stone cards with an adjacent Dwarf; never Health. Both sides of the
//! exchange happen at once, and each Dwarf must have the slots for what he ends up with.

use super::actor;
use super::aid::next_to;
use super::overclock::secondary_slots;
use super::supplies::take_actions;
use super::upgrade::tokens_on;
use crate::data::GameData;
use crate::data::weapons::DwarfClass;
use crate::rules::RulesStep;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::{Command, Supplies, Trade};
use crate::rules::command::{CommandKind, Desk};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::log::GameEvent;
use crate::rules::state::Turn;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Exchange), exchange);
}

/// What a Dwarf carries that may change hands.
pub struct Kit {
    ammo: Ammo,
    loadout: Loadout,
    hand: Hand,
}

/// What is taken out of one Dwarf's kit for the other: cards and tokens as indices into their lists,
/// each upgrade with the receiver's weapon it goes on.
#[derive(Default)]
struct Parcel {
    primary: u32,
    secondary: u32,
    rock_and_stone: Vec<usize>,
    throwables: Vec<usize>,
    upgrades: Vec<(u32, WeaponSlot)>,
}

/// Take a card of this name out of a hand.
fn card_named(cards: &mut Vec<usize>, name_of: impl Fn(usize) -> String, name: &str) -> Option<usize> {
    let at = cards.iter().position(|c| name_of(*c) == name)?;
    Some(cards.remove(at))
}

impl Kit {
    /// Take what the Dwarf hands over out of his kit; why not when he does not have it.
    fn take_out(&mut self, data: &GameData, class: DwarfClass, s: &Supplies) -> Result<Parcel, String> {
        if s.primary > self.ammo.primary || s.secondary > self.ammo.secondary {
            return Err(format!("the {class:?} has {} primary and {} secondary ammo", self.ammo.primary, self.ammo.secondary));
        }
        self.ammo = Ammo { primary: self.ammo.primary - s.primary, secondary: self.ammo.secondary - s.secondary };
        let mut p = Parcel { primary: s.primary, secondary: s.secondary, ..Default::default() };
        let missing = |what: &str| format!("the {class:?} holds no {what}");
        for name in &s.rock_and_stone {
            let card = card_named(&mut self.hand.rock_and_stone, |c| data.rock_and_stone[c].name.clone(), name);
            p.rock_and_stone.push(card.ok_or_else(|| missing(&format!("{name} card")))?);
        }
        for name in &s.throwables {
            let card = card_named(&mut self.hand.throwables, |c| data.throwables[c].name.clone(), name);
            p.throwables.push(card.ok_or_else(|| missing(&format!("{name} card")))?);
        }
        for m in &s.upgrades {
            let tokens = tokens_on(&mut self.loadout, m.from);
            let at = tokens
                .iter()
                .position(|t| *t == m.token)
                .ok_or_else(|| missing(&format!("upgrade {} on his {:?} weapon", m.token, m.from)))?;
            p.upgrades.push((tokens.remove(at), m.to));
        }
        Ok(p)
    }

    fn put_in(&mut self, p: Parcel) {
        self.ammo = Ammo { primary: self.ammo.primary + p.primary, secondary: self.ammo.secondary + p.secondary };
        self.hand.rock_and_stone.extend(p.rock_and_stone);
        self.hand.throwables.extend(p.throwables);
        for (token, to) in p.upgrades {
            tokens_on(&mut self.loadout, to).push(token);
        }
    }

    /// Whether the Dwarf's board has the slots for what he now carries.
    fn fits(&self, data: &GameData, class: DwarfClass) -> Result<(), String> {
        let board = &data.numbers.dwarf;
        let secondary = secondary_slots(data, &self.loadout);
        if self.ammo.primary > board.primary_ammo || self.ammo.secondary > secondary {
            return Err(format!("the {class:?} has slots for {} primary and {secondary} secondary ammo", board.primary_ammo));
        }
        let slots = board.upgrade_slots_per_weapon as usize;
        if self.loadout.primary_upgrades.len() > slots || self.loadout.secondary_upgrades.len() > slots {
            return Err(format!("the {class:?} has {slots} upgrade slots on each weapon"));
        }
        Ok(())
    }
}

/// Every Dwarf's part in an exchange command, the first named first.
pub fn trades(cmd: &Command) -> Vec<Trade> {
    let Command::Exchange { with, give, take, also } = cmd else { return vec![] };
    std::iter::once(Trade { with: *with, give: give.clone(), take: take.clone() }).chain(also.iter().cloned()).collect()
}

/// One exchange made of several: each Dwarf's parts added together, the Dwarves in the order first
/// named (the screen puts an exchange together one item at a time).
pub fn combined(parts: &[Command]) -> Option<Command> {
    let mut all: Vec<Trade> = Vec::new();
    for t in parts.iter().flat_map(trades) {
        match all.iter_mut().find(|a| a.with == t.with) {
            Some(a) => {
                a.give.add(&t.give);
                a.take.add(&t.take);
            }
            None => all.push(t),
        }
    }
    let mut all = all.into_iter();
    let first = all.next()?;
    Some(Command::Exchange { with: first.with, give: first.give, take: first.take, also: all.collect() })
}

/// Whether the active Dwarf may make this exchange with each Dwarf named, all in one action
/// (ruling 31): each adjacent, named once, handing or taking something. What he gives comes out of
/// his kit before what he takes goes in, so nothing received is passed on in the same action; every
/// board must have the slots for what it ends up with. The Dwarves and their kits after it when he
/// may; the legal-moves query asks this same function.
pub fn check_exchange<'a>(
    cave: &'a Cave,
    turn: &Turn,
    kits: &Query<(&Loadout, &Hand)>,
    trades: &[Trade],
) -> Result<(DwarfItem<'a>, Kit, Vec<(DwarfItem<'a>, Kit)>), String> {
    let me = actor(cave, turn, 1)?;
    let others_on_the_cave = cave.dwarves.iter().count().saturating_sub(1);
    if trades.len() > others_on_the_cave {
        return Err(format!("an exchange names at most the {others_on_the_cave} other Dwarves, each once"));
    }
    let kit = |d: &DwarfItem| {
        kits.get(d.entity)
            .map(|(l, h)| Kit { ammo: *d.ammo, loadout: l.clone(), hand: h.clone() })
            .map_err(|_| "a Dwarf without a kit".to_string())
    };
    let mut mine = kit(&me)?;
    let mut others: Vec<(DwarfItem, Kit)> = Vec::new();
    let mut taken = Vec::new();
    for t in trades {
        let other = next_to(cave, &me, t.with)?;
        if others.iter().any(|(o, _)| o.entity == other.entity) {
            return Err(format!("the {:?} is named twice in one exchange", t.with));
        }
        if t.give == Supplies::default() && t.take == Supplies::default() {
            return Err(format!("an exchange hands over something: nothing goes to or comes from the {:?}", t.with));
        }
        let mut theirs = kit(&other)?;
        theirs.put_in(mine.take_out(&cave.data, me.dwarf.class, &t.give)?);
        taken.push(theirs.take_out(&cave.data, t.with, &t.take)?);
        others.push((other, theirs));
    }
    if others.is_empty() {
        return Err("an exchange names a Dwarf next to him".into());
    }
    for parcel in taken {
        mine.put_in(parcel);
    }
    mine.fits(&cave.data, me.dwarf.class)?;
    for (d, k) in &others {
        k.fits(&cave.data, d.dwarf.class)?;
    }
    Ok((me, mine, others))
}

/// Exchange supplies: 1 action with every adjacent Dwarf named; every parcel changes hands at once.
fn exchange(mut desk: Desk, cave: Cave, kits: Query<(&Loadout, &Hand)>, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(cmd) = desk.current.0.clone() else { return };
    let trades = trades(&cmd);
    let result = (|| {
        let (me, mine, others) = check_exchange(&cave, &turn, &kits, &trades)?;
        take_actions(&mut turn, 1);
        fx.commands.entity(me.entity).insert((mine.ammo, mine.loadout, mine.hand));
        for (d, k) in others {
            fx.commands.entity(d.entity).insert((k.ammo, k.loadout, k.hand));
        }
        for t in trades.iter().cloned() {
            fx.say(GameEvent::Exchanged { dwarf: me.dwarf.class, with: t.with, gave: t.give, took: t.take });
        }
        Ok(())
    })();
    desk.settle(result);
}
