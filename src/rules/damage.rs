//! Damage: hits by die type, resistance, the from-behind rule, Frozen, kills, Dwarves knocked out.

use super::agenda::Job;
use super::cave::{Cave, CreatureItem};
use super::components::*;
use super::effects::Effects;
use super::hex::{beside, opposite, step};
use super::log::{GameEvent, Who};
use crate::data::creatures::Trait;
use crate::data::dice::DieKind;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// Hits of each die type landing on one figure in one attack.
pub type Hits = BTreeMap<DieKind, u32>;

/// The three spaces behind a creature that faces a way (ruling 14).
pub fn behind(cave: &Cave, c: &CreatureItem) -> Vec<Hex> {
    let Some(f) = c.faces else { return vec![] };
    let rear = *cave.creature_spaces(c.creature.kind, c.at.0, c.faces).last().expect("a creature has a space");
    let back = opposite(f.0);
    let [l, r] = beside(back);
    vec![step(rear, back), step(rear, l), step(rear, r)]
}

/// Where an attack comes from, who made it and what it ignores.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Blow {
    pub from: Hex,
    /// The attacking Dwarf's seat; none for a blast.
    pub by: Option<u32>,
    pub ignore_resistance: bool,
    /// Only resistance to Axe is ignored (the Driller's drills, the Impact Axe).
    pub ignore_axe_resistance: bool,
    /// A creature that survives is Stunned.
    pub stun: bool,
}

impl Blow {
    pub fn from(from: Hex, by: Option<u32>) -> Blow {
        Blow { from, by, ..Default::default() }
    }
}

/// Why a creature's resistance to a die does not count, if it does not.
pub fn resistance_ignored(cave: &Cave, c: &CreatureItem, blow: &Blow, die: DieKind) -> Option<&'static str> {
    let stats = cave.stats(c.creature.kind);
    if stats.has(Trait::WeakRear) && behind(cave, c).contains(&blow.from) {
        Some("hit from behind: resistance ignored")
    } else if blow.ignore_resistance {
        Some("resistance ignored")
    } else if blow.ignore_axe_resistance && die == DieKind::Axe {
        Some("axe resistance ignored")
    } else if c.status.corroded_by.is_some() {
        Some("corroded: no resistance")
    } else {
        None
    }
}

/// What `n` hits of one die do to a creature: what its resistance takes away, the damage that
/// lands, and why it is not as the table says (resistance ignored, Frozen).
fn dealt(cave: &Cave, c: &CreatureItem, blow: &Blow, die: DieKind, n: u32) -> (u32, u32, String) {
    let stats = cave.stats(c.creature.kind);
    let ignored = resistance_ignored(cave, c, blow, die).filter(|_| stats.resistance_to(die) > 0);
    let resisted = if ignored.is_some() { 0 } else { stats.resistance_to(die).min(n) };
    let mut damage = n - resisted;
    let mut note = String::new();
    if let Some(why) = ignored {
        note.push_str(why);
        note.push_str(". ");
    }
    if c.status.frozen && damage > 0 {
        damage *= 2;
        note.push_str("Frozen: damage doubled. ");
    }
    (resisted, damage, note.trim().into())
}

/// Whether one attack's hits would kill a creature.
pub fn kills(cave: &Cave, c: &CreatureItem, hits: &Hits, blow: &Blow) -> bool {
    hits.iter().map(|(die, n)| dealt(cave, c, blow, *die, *n).1).sum::<u32>() >= c.health.0
}

/// Apply one attack's hits to a creature. Returns whether it died.
pub fn hurt_creature(cave: &Cave, fx: &mut Effects, c: &CreatureItem, hits: &Hits, blow: &Blow) -> bool {
    let stats = cave.stats(c.creature.kind);
    let who = Who::Creature { kind: c.creature.kind, id: c.id.0 };
    let mut health = c.health.0;
    for (die, n) in hits {
        let (resisted, damage, note) = dealt(cave, c, blow, *die, *n);
        health = health.saturating_sub(damage);
        fx.say(GameEvent::Damaged { who: who.clone(), die: *die, hits: *n, resisted, damage, health, note });
    }
    if health == 0 {
        fx.commands.entity(c.entity).despawn();
        fx.say(GameEvent::Killed { who });
        if stats.has(Trait::ExplodesOnDeath) {
            fx.agenda.first([Job::Explode(c.at.0, c.id.0)]);
        }
        if stats.grunts_on_death() > 0 {
            fx.agenda.first([Job::DeathSpawn(c.creature.kind, c.at.0)]);
        }
        if let (true, Some(seat)) = (stats.has(Trait::RockAndStoneOnKill), blow.by) {
            fx.agenda.first([Job::DrawCards { seat, rock_and_stone: 1, throwables: 0 }]);
        }
        true
    } else {
        fx.commands.entity(c.entity).insert(Health(health));
        // Ruling 19: a creature already stunned is not stunned again.
        if blow.stun && !c.status.stunned {
            fx.change::<CreatureStatus>(c.entity, |s| s.stunned = true);
            fx.say(GameEvent::CreatureStunned { who });
        }
        false
    }
}

/// An unconscious Dwarf comes round with this much Health, back on his feet (rulebook "Revive an
/// unconscious Dwarf"): the Revive action, Leave No Dwarf Behind, Second Chance and BOSCO all revive
/// this way. A web or a stun he carried stays with him: the book clears only what reviving undoes.
pub fn revive(fx: &mut Effects, d: &super::cave::DwarfItem, health: u32) {
    fx.commands.entity(d.entity).insert(Health(health));
    fx.change::<DwarfStatus>(d.entity, |s| (s.unconscious, s.knocked_over) = (false, false));
    fx.say(GameEvent::Revived { dwarf: d.dwarf.class, health });
}

/// Apply hits to a Dwarf: no resistance; at 0 Health he falls unconscious.
pub fn hurt_dwarf(fx: &mut Effects, d: &super::cave::DwarfItem, hits: &Hits) {
    let who = Who::Dwarf(d.dwarf.class);
    let mut health = d.health.0;
    for (die, n) in hits {
        health = health.saturating_sub(*n);
        fx.say(GameEvent::Damaged { who: who.clone(), die: *die, hits: *n, resisted: 0, damage: *n, health, note: String::new() });
    }
    fx.commands.entity(d.entity).insert(Health(health));
    if health == 0 && !d.status.unconscious {
        fx.change::<DwarfStatus>(d.entity, |s| s.unconscious = true);
        fx.say(GameEvent::Unconscious { dwarf: d.dwarf.class });
    }
}
