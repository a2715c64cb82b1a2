//! The Mineral die (rulebook "Axe chops": Loot Bugs, stalagmites; an Event card): a Dwarf collects
//! the Nitra or Gold it shows, with any bonus Gold, into the M.U.L.E.; BOSCO carries nothing, so
//! what it finds is dropped loose on the space it chopped. The roll may be held for For Karl!
//! (ruling 32) and is then found once let stand or rerolled.

use super::agenda::Job;
use super::cave::Cave;
use super::command::Pending;
use super::components::{At, Token};
use super::effects::Effects;
use super::for_karl::{AfterRoll, HeldRoll, hold, released};
use super::log::{DieRoll, GameEvent, Who};
use super::{RulesSet, RulesStep};
use crate::data::dice::{DieKind, Symbol};
use crate::data::mission::{Item, Mineral};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(
        RulesStep::Rolled,
        mineral_die_lands
            .run_if(released(|a| matches!(a, AfterRoll::Mineral { .. })))
            .in_set(RulesSet::Rolled)
            .ambiguous_with(RulesSet::Rolled),
    );
}

/// What is rolled for and where: one die for each space (a Soil Smasher rolls one per stalagmite,
/// as one roll), the bonus Gold of a Loot Bug (found at the first space), and the Swarm Threat
/// steps a roll that finds nothing costs (an Event card's; 0 for a chop).
#[derive(Clone, Debug)]
pub struct MineralRoll {
    pub at: Vec<Hex>,
    pub bonus_gold: u32,
    pub on_blank_threat: i32,
}

impl MineralRoll {
    /// One die at one space.
    pub fn at(h: Hex) -> MineralRoll {
        MineralRoll { at: vec![h], bonus_gold: 0, on_blank_threat: 0 }
    }
}

/// Roll the Mineral dice for someone and find what they show, or hold the roll while a Dwarf
/// holds For Karl! (`karl`).
pub fn roll(cave: &Cave, fx: &mut Effects, pending: &mut Pending, karl: bool, who: Who, r: MineralRoll) -> Result<(), String> {
    if r.at.is_empty() {
        return Ok(());
    }
    let rolls = fx.roll(who.clone(), &[(DieKind::Mineral, r.at.len() as u32)], &cave.data)?;
    let then = AfterRoll::Mineral { at: r.at.clone(), bonus_gold: r.bonus_gold, on_blank_threat: r.on_blank_threat };
    if let Some(rolls) = hold(&cave.data, &mut fx.karl, pending, karl, who.clone(), rolls, then) {
        find(fx, &who, &r, &rolls);
    }
    Ok(())
}

fn mineral_die_lands(mut fx: Effects) {
    let Some(HeldRoll { who, rolls, then: AfterRoll::Mineral { at, bonus_gold, on_blank_threat }, .. }) = fx.karl.take() else { return };
    find(&mut fx, &who, &MineralRoll { at, bonus_gold, on_blank_threat }, &rolls);
}

/// What each die shows at its space, then the bonus Gold: collected by a Dwarf, dropped by BOSCO;
/// a roll that finds nothing moves the Swarm Threat marker when the card says so.
fn find(fx: &mut Effects, who: &Who, r: &MineralRoll, rolls: &[DieRoll]) {
    let mut found: Vec<(Mineral, Hex)> = Vec::new();
    for (die, at) in rolls.iter().zip(&r.at) {
        for s in &die.symbols {
            match s {
                Symbol::Nitra => found.push((Mineral::Nitra, *at)),
                Symbol::Gold => found.push((Mineral::Gold, *at)),
                _ => {}
            }
        }
    }
    if found.is_empty() && r.on_blank_threat != 0 {
        let n = r.on_blank_threat;
        fx.agenda.first((0..n.unsigned_abs()).map(|_| Job::ThreatStep(n.signum())));
    }
    found.extend(std::iter::repeat_n((Mineral::Gold, r.at[0]), r.bonus_gold as usize));
    for (mineral, at) in found {
        match who {
            Who::Bosco => drop_mineral(fx, mineral, at),
            _ => {
                let item = Item::from(mineral);
                fx.mule.add(item, 1);
                fx.say(GameEvent::Collected { item, at: at.into() });
            }
        }
    }
}

/// A mineral BOSCO found stays on the ground, loose, for a Dwarf to walk onto.
pub fn drop_mineral(fx: &mut Effects, mineral: Mineral, at: Hex) {
    fx.spawn_with_id((Token::Mineral { mineral, loose: true }, At(at)));
    fx.say(GameEvent::MineralDropped { mineral, at: at.into() });
}
