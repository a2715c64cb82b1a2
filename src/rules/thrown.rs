//! Throwables that stay on the cave (content.md, Throwables): the Proximity Mine waiting for a
//! creature, the Satchel Charge waiting for its thrower's word, the L.U.R.E. drawing creatures, and
//! the Phosphor Flare's and Inhibitor Field's areas until the thrower's next turn. How a creature
//! meets them as it activates (the L.U.R.E. it goes for, the mine on its way) is the creatures'
//! (`creatures::throwables`): this file does not look at creatures' rules.

use super::actions::InProgress;
use super::actions::scare::{ScareState, start_scare};
use super::blast::{self, Landing};
use super::cave::Cave;
use super::command::{Command, CommandKind, Pending};
use super::components::*;
use super::effects::Effects;
use super::for_karl::{AfterRoll, ForKarlHands, HeldRoll, hold, released};
use super::log::{DieRoll, GameEvent, Who};
use super::reveal::UpgradePool;
use super::{RulesSet, RulesStep};
use crate::data::cards::ThrowEffect;
use crate::data::weapons::DwarfClass;
use crate::rules::command::Desk;
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Detonate), detonate).add_systems(
        RulesStep::Rolled,
        detonation_lands
            .run_if(released(|a| matches!(a, AfterRoll::Detonate { .. })))
            .in_set(RulesSet::Rolled)
            .ambiguous_with(RulesSet::Rolled),
    );
}

/// The lasting areas of Throwables with this kind of effect.
fn fields_of<'a>(cave: &'a Cave, kind: fn(&ThrowEffect) -> bool) -> impl Iterator<Item = &'a Field> {
    cave.fields.iter().filter(move |f| cave.throw_effects(f.card).iter().any(kind))
}

/// Whether a lasting area of a Throwable with this kind of effect covers a space.
pub fn covered(cave: &Cave, h: Hex, kind: fn(&ThrowEffect) -> bool) -> bool {
    fields_of(cave, kind).any(|f| f.spaces.contains(&h))
}

/// Inhibitor Field (rulebook "Various effects", Inhibited): creatures may enter the area but not
/// leave it, flyers too, so a step from `from` to `to` is barred when it leaves the area.
pub fn may_leave(cave: &Cave, from: Hex, to: Hex) -> bool {
    Inhibited::now(cave).lets_leave(from, to)
}

/// The spaces the Inhibitor Fields on the cave cover, read once for a search that asks
/// [`may_leave`] of every step it tries.
pub struct Inhibited(Vec<Hex>);

impl Inhibited {
    pub fn now(cave: &Cave) -> Inhibited {
        Inhibited(fields_of(cave, |e| matches!(e, ThrowEffect::Inhibit)).flat_map(|f| f.spaces.iter().copied()).collect())
    }

    /// The spaces the fields cover (a space twice if two fields cover it).
    pub fn spaces(&self) -> &[Hex] {
        &self.0
    }

    /// [`may_leave`]: a step may leave no Inhibitor Field's area.
    pub fn lets_leave(&self, from: Hex, to: Hex) -> bool {
        !self.0.contains(&from) || self.0.contains(&to)
    }
}

/// The Throwable tokens on the cave whose card has this kind of effect: entity, space, owner, card.
pub fn thrown_tokens(cave: &Cave, kind: fn(&ThrowEffect) -> bool) -> Vec<(Entity, Hex, u32, u32)> {
    let mut v: Vec<_> = cave
        .owned
        .iter()
        .filter_map(|o| thrown_card(cave, o.token, kind).map(|card| (*o.id, (o.entity, o.at.0, o.owner.0, card))))
        .collect();
    v.sort_by_key(|x| x.0);
    v.into_iter().map(|x| x.1).collect()
}

/// The card of a Throwable token whose card has this kind of effect.
fn thrown_card(cave: &Cave, token: &Token, kind: fn(&ThrowEffect) -> bool) -> Option<u32> {
    match token {
        Token::Thrown { card } if cave.throw_effects(*card).iter().any(kind) => Some(*card),
        _ => None,
    }
}

/// A L.U.R.E. stands on this space (ruling 11: creatures do not pass through it).
pub fn lure_at(cave: &Cave, h: Hex) -> bool {
    cave.any_token(h, |t| cave.is_lure(t))
}

/// Whether this Dwarf may set off a Satchel Charge now: the charge's token, space, thrower's seat
/// and card when he may. The legal-moves query asks this too.
pub fn check_detonate(cave: &Cave, by: DwarfClass) -> Result<(Entity, Hex, u32, u32), String> {
    let d = cave.dwarves_sorted().into_iter().find(|d| d.dwarf.class == by).ok_or_else(|| format!("there is no {by:?} in this game"))?;
    if d.status.unconscious {
        return Err(format!("the {by:?} is unconscious"));
    }
    let charges = thrown_tokens(cave, |e| matches!(e, ThrowEffect::SatchelCharge(_)));
    if charges.is_empty() {
        return Err("there is no Satchel Charge on the cave".into());
    }
    let c = charges.into_iter().find(|c| c.2 == d.dwarf.seat).ok_or("only the Dwarf who threw a Satchel Charge sets it off")?;
    Ok(c)
}

fn detonate(
    mut desk: Desk,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    cave: Cave,
    mut pool: ResMut<UpgradePool>,
    for_karl: ForKarlHands,
    mut fx: Effects,
) {
    let Some(Command::Detonate { by }) = desk.current.0.clone() else { return };
    let result = (|| {
        let (e, at, seat, card) = check_detonate(&cave, by)?;
        let area = cave.fields.get(e).map(|f| f.spaces.clone()).unwrap_or_else(|_| vec![at]);
        fx.commands.entity(e).despawn();
        let l = Landing { card: card as usize, seat, class: by, from: at, area };
        fx.say(GameEvent::Detonated { dwarf: by, at: at.into() });
        let rolls = blast::roll(&cave, &mut fx, by, &satchel(&cave, l.card))?;
        // The charge's roll is the thrower's: For Karl! may reroll it (ruling 32).
        let then = AfterRoll::Detonate { card: l.card, seat, from: at, area: l.area.clone() };
        if let Some(rolls) = hold(&cave.data, &mut fx.karl, &mut pending, for_karl.in_hand(&cave), Who::Dwarf(by), rolls, then) {
            go_off(&cave, &mut fx, &mut pool, &mut pending, &mut progress, &l, &rolls)?;
        }
        Ok(())
    })();
    desk.settle(result);
}

/// A Satchel Charge's roll held for For Karl!, let stand or rerolled: the charge goes off.
fn detonation_lands(
    cave: Cave,
    mut pending: ResMut<Pending>,
    mut progress: ResMut<InProgress>,
    mut pool: ResMut<UpgradePool>,
    mut fx: Effects,
) {
    let Some(HeldRoll { who: Who::Dwarf(class), rolls, then: AfterRoll::Detonate { card, seat, from, area }, .. }) = fx.karl.take() else {
        return;
    };
    let l = Landing { card, seat, class, from, area };
    if let Err(why) = go_off(&cave, &mut fx, &mut pool, &mut pending, &mut progress, &l, &rolls) {
        fx.say(GameEvent::Skipped { why });
    }
}

/// The effects a Satchel Charge's card gives it when it goes off.
fn satchel(cave: &Cave, card: usize) -> Vec<ThrowEffect> {
    match cave.throw_effects(card as u32).iter().find(|e| matches!(e, ThrowEffect::SatchelCharge(_))) {
        Some(ThrowEffect::SatchelCharge(inner)) => inner.clone(),
        _ => vec![],
    }
}

/// A Satchel Charge goes off (content.md): its own effects, with this roll, on the area it was
/// laid on; the creatures its Scare results hit run from it.
fn go_off(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    pending: &mut Pending,
    progress: &mut InProgress,
    l: &Landing,
    rolls: &[DieRoll],
) -> Result<(), String> {
    let inner = satchel(cave, l.card);
    fx.say(GameEvent::Blast { card: cave.data.throwables[l.card].name.clone(), area: l.area.iter().map(|h| (*h).into()).collect() });
    let out = blast::on_figures(cave, fx, &inner, rolls, l, &blast::figures_in(cave, &l.area));
    start_scare(pending, progress, ScareState { cause: l.from, queue: out.scared, max: cave.data.numbers.scare_spaces });
    // A Satchel Charge's blast rolls no Mineral die (ruling 28): nothing here waits for For Karl!.
    blast::on_spaces(cave, fx, pool, pending, false, &inner, l, &out.killed)
}
