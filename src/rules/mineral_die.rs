//! The Mineral die (rulebook "Axe chops": Loot Bugs, stalagmites; an Event card): a Dwarf collects
//! the Nitra or Gold it shows, with any bonus Gold, into the M.U.L.E.; BOSCO carries nothing, so
//! what it finds is dropped loose on the space it chopped. The roll may be held for For Karl!
//! (ruling 32) and is then found once let stand or rerolled.

use super::RulesSet;
use super::agenda::Job;
use super::cave::Cave;
use super::command::Pending;
use super::components::{At, Token};
use super::effects::Effects;
use super::for_karl::{AfterRoll, HeldRoll, hold, released};
use super::log::{DieRoll, GameEvent, Who};
use crate::data::dice::{DieKind, Symbol};
use crate::data::mission::{Item, Mineral};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mineral_die_lands
            .run_if(released(|a| matches!(a, AfterRoll::Mineral { .. })))
            .in_set(RulesSet::Rolled)
            .ambiguous_with(RulesSet::Rolled),
    );
}

/// What is rolled for and where: the bonus Gold of a Loot Bug, and the Swarm Threat steps a blank
/// costs (an Event card's roll; 0 for a chop).
#[derive(Clone, Copy, Debug)]
pub struct MineralRoll {
    pub at: Hex,
    pub bonus_gold: u32,
    pub on_blank_threat: i32,
}

/// Roll the Mineral die for someone and find what it shows, or hold it while a Dwarf holds For
/// Karl! (`karl`).
pub fn roll(cave: &Cave, fx: &mut Effects, pending: &mut Pending, karl: bool, who: Who, r: MineralRoll) -> Result<(), String> {
    let rolls = fx.roll(who.clone(), &[(DieKind::Mineral, 1)], &cave.data)?;
    let then = AfterRoll::Mineral { at: r.at, bonus_gold: r.bonus_gold, on_blank_threat: r.on_blank_threat };
    if let Some(rolls) = hold(&mut fx.karl, pending, karl, who.clone(), rolls, then) {
        find(fx, &who, r, &rolls);
    }
    Ok(())
}

/// Roll the Mineral die and find what it shows at once: a Soil Smasher's stalagmites, several in
/// one blast, are not held for For Karl!.
pub fn roll_now(cave: &Cave, fx: &mut Effects, who: Who, at: Hex) -> Result<(), String> {
    let rolls = fx.roll(who.clone(), &[(DieKind::Mineral, 1)], &cave.data)?;
    find(fx, &who, MineralRoll { at, bonus_gold: 0, on_blank_threat: 0 }, &rolls);
    Ok(())
}

fn mineral_die_lands(mut fx: Effects) {
    let Some(HeldRoll { who, rolls, then: AfterRoll::Mineral { at, bonus_gold, on_blank_threat }, .. }) = fx.karl.take() else { return };
    find(&mut fx, &who, MineralRoll { at, bonus_gold, on_blank_threat }, &rolls);
}

/// What the die shows, then the bonus Gold: collected by a Dwarf, dropped by BOSCO; a blank with
/// nothing else found moves the Swarm Threat marker.
fn find(fx: &mut Effects, who: &Who, r: MineralRoll, rolls: &[DieRoll]) {
    let shown = rolls.iter().flat_map(|d| d.symbols.iter()).filter_map(|s| match s {
        Symbol::Nitra => Some(Mineral::Nitra),
        Symbol::Gold => Some(Mineral::Gold),
        _ => None,
    });
    let found: Vec<Mineral> = shown.collect();
    if found.is_empty() && r.on_blank_threat != 0 {
        let n = r.on_blank_threat;
        fx.agenda.first((0..n.unsigned_abs()).map(|_| Job::ThreatStep(n.signum())));
    }
    for mineral in found.into_iter().chain(std::iter::repeat_n(Mineral::Gold, r.bonus_gold as usize)) {
        match who {
            Who::Bosco => drop_mineral(fx, mineral, r.at),
            _ => {
                let item = Item::from(mineral);
                fx.mule.add(item, 1);
                fx.say(GameEvent::Collected { item, at: r.at.into() });
            }
        }
    }
}

/// A mineral BOSCO found stays on the ground, loose, for a Dwarf to walk onto.
pub fn drop_mineral(fx: &mut Effects, mineral: Mineral, at: Hex) {
    fx.spawn_with_id((Token::Mineral { mineral, loose: true }, At(at)));
    fx.say(GameEvent::MineralDropped { mineral, at: at.into() });
}
