//! How a creature meets the Throwables left on the cave: the L.U.R.E. it goes for instead of a
//! Dwarf, and the Proximity Mine that cuts its walk short. The tokens themselves are `thrown`'s.

use super::pathing::{Mover, may_end_from};
use super::step_along;
use super::targeting::{can_attack_from, targets};
use crate::data::cards::ThrowEffect;
use crate::data::creatures::Attack;
use crate::rules::blast::{self, Figures, Landing};
use crate::rules::cave::{Cave, CreatureItem};
use crate::rules::components::At;
use crate::rules::effects::Effects;
use crate::rules::hex::{Qr, canonical, distance};
use crate::rules::log::{GameEvent, Who};
use crate::rules::reveal::UpgradePool;
use crate::rules::state::Mule;
use crate::rules::thrown::thrown_tokens;
use hexx::Hex;

/// L.U.R.E. (rulebook "Various effects"; ruling 17): an activated creature goes for the hologram
/// when it is strictly closer (hex distance) than every Dwarf the creature may target: it attacks it,
/// to no avail, when it can, else moves toward it. The Brood Nexus only hatches. Where the L.U.R.E.
/// is and whether the creature can attack it from where it stands, if it is lured; decided before
/// anything changes (the activation carries it out, the screen shows it as the creature's intent).
pub fn lure_of(cave: &Cave, mule: &Mule, c: &CreatureItem) -> Option<(Hex, bool)> {
    let stats = cave.stats(c.creature.kind);
    if matches!(stats.attack, Attack::Spawn(_)) {
        return None;
    }
    let here = c.at.0;
    let lures = thrown_tokens(cave, |e| matches!(e, ThrowEffect::Lure));
    let lure = lures.iter().map(|t| t.1).min_by_key(|h| (distance(*h, here), canonical(*h)))?;
    if targets(cave, mule).iter().any(|d| distance(d.at.0, here) <= distance(lure, here)) {
        return None;
    }
    let spaces = cave.creature_spaces(c.creature.kind, here, c.faces);
    Some((lure, stats.range > 0 && can_attack_from(cave, &spaces, stats.range, lure)))
}

/// Proximity Mine (content.md): the first creature to walk (not fly) onto a mine sets it off. Its
/// walk is cut there and the mine's effects hit it; a Scare result sends it back to the space it
/// started its move from, facing as it did, which ends its move. Where it may not end on the mine
/// (a flyer hovers over it, or a two-space creature's back would not fit) the mine goes off as it
/// passes and the walk goes on: a move is checked where it ends (ruling 2). Returns whether a mine
/// went off (the move is then made here).
pub fn spring_mine(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, c: &CreatureItem, flying: bool, path: &[Hex]) -> bool {
    if flying {
        return false;
    }
    let mines = thrown_tokens(cave, |e| matches!(e, ThrowEffect::ProximityMine(_)));
    let Some((i, (e, at, seat, card))) = path.iter().enumerate().find_map(|(i, h)| mines.iter().find(|m| m.1 == *h).map(|m| (i, *m)))
    else {
        return false;
    };
    let from = if i == 0 { c.at.0 } else { path[i - 1] };
    let cut = may_end_from(cave, &Mover::of(cave, c), || from, path[i]);
    step_along(cave, fx, pool, c, if cut { &path[..=i] } else { path });
    fx.commands.entity(e).despawn();
    let who = Who::Creature { kind: c.creature.kind, id: c.id.0 };
    fx.say(GameEvent::MineTriggered { who: who.clone(), at: at.into() });
    let inner = match cave.throw_effects(card).iter().find(|e| matches!(e, ThrowEffect::ProximityMine(_))) {
        Some(ThrowEffect::ProximityMine(inner)) => inner.clone(),
        _ => vec![],
    };
    let Some(class) = cave.dwarf_in_seat(seat).map(|d| d.dwarf.class) else { return true };
    let Ok(rolls) = blast::roll(cave, fx, class, &inner) else { return true };
    let l = Landing { card: card as usize, seat, class, from: at, area: vec![at] };
    let out = blast::on_figures(cave, fx, &inner, &rolls, &l, &Figures { creatures: vec![(*c, 1)], dwarves: vec![] });
    if out.scared.contains(&c.id.0) {
        let back: Vec<Hex> = path[..i].iter().rev().copied().chain(std::iter::once(c.at.0)).collect();
        fx.commands.entity(c.entity).insert(At(c.at.0));
        if let Some(f) = c.faces {
            fx.commands.entity(c.entity).insert(*f);
        }
        fx.say(GameEvent::Scared { who, path: back.into_iter().map(Qr::from).collect() });
    }
    true
}
