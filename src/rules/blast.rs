//! Where a Throwable goes off (rulebook "Throw throwables"; ruling 8): its dice are rolled once and
//! the total goes to every figure in the area, Dwarves too; the creatures that live take its
//! conditions; then its spaces take its tokens, carving and smashing. Thrown cards, Proximity Mines
//! and Satchel Charges all go off through here.

use super::cave::{Cave, CreatureItem, DwarfItem};
use super::command::Pending;
use super::components::*;
use super::damage::{Blow, Hits, hurt_creature, hurt_dwarf};
use super::effects::Effects;
use super::lasting::UntilNextTurn;
use super::log::{DieRoll, GameEvent, Who};
use super::mineral_die::MineralRoll;
use super::reveal::{UpgradePool, reveal_caves_touching};
use crate::data::cards::ThrowEffect;
use crate::data::dice::{DieKind, Symbol, hits};
use crate::data::mission::Ground;
use crate::data::weapons::DwarfClass;
use bevy::prelude::*;
use hexx::Hex;

/// One Throwable going off: its card (index in the Throwable list), the Dwarf who threw it, the
/// space the blast comes from (for "from behind" and for scares) and the spaces it covers, the
/// target first.
pub struct Landing {
    pub card: usize,
    pub seat: u32,
    pub class: DwarfClass,
    pub from: Hex,
    pub area: Vec<Hex>,
}

/// What the blast did to the creatures: those it killed and those its Scare results move.
#[derive(Default, Debug)]
pub struct Outcome {
    pub killed: Vec<u32>,
    pub scared: Vec<u32>,
}

/// The figures in an area: each creature with the number of its spaces inside (ruling 13: an area
/// weapon deals its damage once per space a creature covers), and the Dwarves.
pub struct Figures<'a> {
    pub creatures: Vec<(CreatureItem<'a>, u32)>,
    pub dwarves: Vec<DwarfItem<'a>>,
}

/// The creatures and Dwarves standing in an area.
pub fn figures_in<'a>(cave: &'a Cave, area: &[Hex]) -> Figures<'a> {
    let mut creatures: Vec<(CreatureItem<'a>, u32)> = Vec::new();
    for c in area.iter().filter_map(|h| cave.creature_at(*h)) {
        match creatures.iter_mut().find(|(x, _)| x.id == c.id) {
            Some((_, n)) => *n += 1,
            None => creatures.push((c, 1)),
        }
    }
    Figures { creatures, dwarves: area.iter().filter_map(|h| cave.dwarf_at(*h)).collect() }
}

/// The dice a Throwable rolls.
pub fn dice_of(effects: &[ThrowEffect]) -> Vec<(DieKind, u32)> {
    effects
        .iter()
        .filter_map(|e| match e {
            ThrowEffect::Roll(die, n) => Some((*die, *n)),
            _ => None,
        })
        .collect()
}

/// Roll a Throwable's dice: once, for the whole area.
pub fn roll(cave: &Cave, fx: &mut Effects, class: DwarfClass, effects: &[ThrowEffect]) -> Result<Vec<DieRoll>, String> {
    let dice = dice_of(effects);
    if dice.is_empty() {
        return Ok(vec![]);
    }
    fx.roll(Who::Dwarf(class), &dice, &cave.data)
}

/// The roll's total on every figure of the area (resistance per die type, as any attack), then
/// the conditions on the creatures that live and on the Dwarves.
pub fn on_figures(cave: &Cave, fx: &mut Effects, effects: &[ThrowEffect], rolls: &[DieRoll], l: &Landing, figs: &Figures) -> Outcome {
    let mut total = Hits::new();
    for r in rolls {
        *total.entry(r.die).or_default() += hits(&r.symbols);
    }
    total.retain(|_, n| *n > 0);
    let blow = Blow {
        from: l.from,
        by: Some(l.seat),
        ignore_resistance: effects.contains(&ThrowEffect::IgnoreResistance),
        ignore_axe_resistance: effects.contains(&ThrowEffect::IgnoreAxeResistance),
        stun: false,
    };
    let mut out = Outcome::default();
    if !total.is_empty() {
        for (c, spaces) in &figs.creatures {
            let h: Hits = total.iter().map(|(die, n)| (*die, n * spaces)).collect();
            if hurt_creature(cave, fx, c, &h, &blow) {
                out.killed.push(c.id.0);
            }
        }
        for d in figs.dwarves.iter().filter(|d| !d.status.unconscious) {
            hurt_dwarf(fx, d, &total);
        }
    }
    let alive: Vec<&CreatureItem> = figs.creatures.iter().map(|(c, _)| c).filter(|c| !out.killed.contains(&c.id.0)).collect();
    if rolls.iter().any(|r| r.symbols.contains(&Symbol::Scare)) {
        out.scared = alive.iter().map(|c| c.id.0).collect();
    }
    for e in effects {
        afflict(fx, e, l.seat, &alive);
    }
    if effects.contains(&ThrowEffect::KnockOverDwarves) {
        knock_over(fx, &figs.dwarves);
    }
    out
}

/// Frozen, Stunned or Corroded (until the thrower's next turn) on the creatures of the area. The
/// change is made on the status as it is when applied, after the blast's damage.
fn afflict(fx: &mut Effects, e: &ThrowEffect, seat: u32, creatures: &[&CreatureItem]) {
    let (status, change): (&str, fn(&mut CreatureStatus, u32)) = match e {
        ThrowEffect::Freeze => ("Frozen", |s, _| s.frozen = true),
        // Ruling 19: a creature already stunned is not stunned again.
        ThrowEffect::Stun => ("Stunned", |s, _| s.stunned = true),
        ThrowEffect::Corrode => ("Corroded", |s, seat| s.corroded_by = Some(seat)),
        _ => return,
    };
    for c in creatures {
        fx.change::<CreatureStatus>(c.entity, move |s| change(s, seat));
        fx.say(GameEvent::CreatureAfflicted { who: Who::Creature { kind: c.creature.kind, id: c.id.0 }, status: status.into() });
    }
}

/// Every standing Dwarf of the area is knocked over (Soil Smasher).
fn knock_over(fx: &mut Effects, dwarves: &[DwarfItem]) {
    for d in dwarves.iter().filter(|d| d.status.standing()) {
        fx.change::<DwarfStatus>(d.entity, |s| s.knocked_over = true);
        fx.say(GameEvent::Afflicted { dwarf: d.dwarf.class, status: "KnockedOver".into() });
    }
}

/// What the Throwable leaves on its spaces: tokens, lasting areas, carved walls, smashed
/// stalagmites and platforms. `killed` creatures no longer take up their spaces.
/// A Soil Smasher's Mineral dice may be held for For Karl! (`karl`: a Dwarf holds it; ruling 32).
pub fn on_spaces(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    pending: &mut Pending,
    karl: bool,
    effects: &[ThrowEffect],
    l: &Landing,
    killed: &[u32],
) -> Result<(), String> {
    let field = || Field { card: l.card as u32, spaces: l.area.clone() };
    for e in effects {
        match e {
            ThrowEffect::FlameTokens => flames(cave, fx, l, killed),
            ThrowEffect::RerollAura | ThrowEffect::Inhibit => {
                fx.commands.spawn((field(), UntilNextTurn(l.seat)));
            }
            ThrowEffect::ProximityMine(_) => leave(fx, l, ()),
            ThrowEffect::SatchelCharge(_) => leave(fx, l, field()),
            ThrowEffect::Lure => leave(fx, l, UntilNextTurn(l.seat)),
            ThrowEffect::CarveWalls => l.area.iter().for_each(|h| carve(cave, fx, pool, *h)),
            ThrowEffect::DestroyStalagmites { mineral_roll } => {
                let smashed: Vec<Hex> = l.area.iter().copied().filter(|h| smash(cave, fx, *h)).collect();
                // Soil Smasher: a Mineral die for each stalagmite, rolled together (ruling 28);
                // a Satchel Charge's blast rolls none.
                if *mineral_roll {
                    let roll = MineralRoll { at: smashed, bonus_gold: 0, on_blank_threat: 0 };
                    super::mineral_die::roll(cave, fx, pending, karl, Who::Dwarf(l.class), roll)?;
                }
            }
            ThrowEffect::DestroyPlatforms => l.area.iter().for_each(|h| platforms(cave, fx, *h)),
            _ => {}
        }
    }
    Ok(())
}

/// The Throwable's own token on the target (a mine, a charge, the L.U.R.E.), with the thrower as
/// its owner.
fn leave(fx: &mut Effects, l: &Landing, extra: impl Bundle) {
    let token = Token::Thrown { card: l.card as u32 };
    fx.spawn_with_id((token, At(l.area[0]), Owner(l.seat), extra));
    fx.say(GameEvent::ThrowableLeft { dwarf: l.class, token, at: vec![l.area[0].into()] });
}

/// Incendiary Grenade: Flame tokens on the empty floor of the area until the thrower's next turn.
fn flames(cave: &Cave, fx: &mut Effects, l: &Landing, killed: &[u32]) {
    let empty = |h: &Hex| {
        cave.is_floor(*h) && !cave.dwarf_on(*h) && cave.creature_at(*h).is_none_or(|c| killed.contains(&c.id.0)) && !cave.flame_at(*h)
    };
    let spaces: Vec<Hex> = l.area.iter().copied().filter(empty).collect();
    for h in &spaces {
        fx.spawn_with_id((Token::Flame, At(*h), UntilNextTurn(l.seat)));
    }
    if !spaces.is_empty() {
        fx.say(GameEvent::ThrowableLeft { dwarf: l.class, token: Token::Flame, at: spaces.iter().map(|h| (*h).into()).collect() });
    }
}

/// Blow a wall open; a mineral in it drops loose on the new floor.
fn carve(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, h: Hex) {
    let Some(Terrain::Open(Ground::Wall(mineral))) = cave.terrain(h) else { return };
    open_wall(cave, fx, pool, h);
    if let Some(mineral) = mineral {
        fx.spawn_with_id((Token::Mineral { mineral, loose: true }, At(h)));
        fx.say(GameEvent::MineralDropped { mineral, at: h.into() });
    }
}

/// A wall space becomes floor; a hidden cave it touches is revealed (rulebook "Axe chops").
pub fn open_wall(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, h: Hex) {
    if let Some(space) = cave.space(h) {
        fx.commands.entity(space).insert(Terrain::Open(Ground::Floor));
    }
    fx.say(GameEvent::Carved { at: h.into() });
    reveal_caves_touching(cave, fx, pool, h);
}

/// Smash the stalagmite on a space, if one stands there.
fn smash(cave: &Cave, fx: &mut Effects, h: Hex) -> bool {
    let Some(Terrain::Open(Ground::Stalagmite)) = cave.terrain(h) else { return false };
    if let Some(space) = cave.space(h) {
        fx.commands.entity(space).insert(Terrain::Open(Ground::Floor));
    }
    fx.say(GameEvent::StalagmiteDestroyed { at: h.into() });
    true
}

/// Satchel Charge: the Engineer's platforms in the area are blown away.
fn platforms(cave: &Cave, fx: &mut Effects, h: Hex) {
    for (e, _, _) in cave.tokens_at(h).into_iter().filter(|t| t.2 == Token::Platform) {
        fx.commands.entity(e).despawn();
        fx.say(GameEvent::PlatformDestroyed { at: h.into() });
    }
}
