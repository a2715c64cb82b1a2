//! What happened, in words for the log panel: a client-side reading of the rules' events.

use crate::data::GameData;
use crate::rules::log::{DieRoll, GameEvent, Who};

/// A creature or Dwarf named for a reader.
pub fn who(data: &GameData, w: &Who) -> String {
    match w {
        Who::Dwarf(c) => format!("{c:?}"),
        Who::Creature { kind, id } => format!("{} #{id}", data.creatures.get(*kind).name),
        other => format!("{other:?}"),
    }
}

/// A face in words: "blank", "hit", "2 bullet" (a double), "gold+hit".
pub fn face(r: &DieRoll) -> String {
    match r.symbols.as_slice() {
        [] => "blank".into(),
        [one] => format!("{one:?}").to_lowercase(),
        [first, ..] if r.symbols.iter().all(|s| s == first) => format!("{} {first:?}", r.symbols.len()).to_lowercase(),
        many => many.iter().map(|s| format!("{s:?}").to_lowercase()).collect::<Vec<_>>().join("+"),
    }
}

/// Dice as their faces: "hit, blank, 2 bullet".
fn faces(dice: &[DieRoll]) -> String {
    dice.iter().map(face).collect::<Vec<_>>().join(", ")
}

/// One line for an event; events the log does not word yet are shown by name.
pub fn describe(data: &GameData, e: &GameEvent) -> String {
    match e {
        GameEvent::MissionStarted { name } => format!("Mission: {name}"),
        GameEvent::PickupRevealed { pickup, .. } => format!("Found: {pickup:?}"),
        GameEvent::TurnEnded { dwarf } => format!("The {dwarf:?} ends his turn"),
        GameEvent::Unconscious { dwarf } => format!("The {dwarf:?} falls unconscious"),
        GameEvent::Carved { .. } => "A wall is carved out".to_string(),
        GameEvent::TurnStarted { turn, dwarf, actions } => format!("Turn {turn}: the {dwarf:?}, {actions} actions"),
        GameEvent::Moved { who: w, path } => format!("{} moves {} space(s)", who(data, w), path.len()),
        GameEvent::Rolled { who: w, dice } => format!("{} rolls {}", who(data, w), faces(dice)),
        GameEvent::Damaged { who: w, die, hits, resisted, damage, health, .. } => {
            format!("{} takes {hits} {die:?} hit(s) - {resisted} resisted = {damage}; {health} left", who(data, w))
        }
        GameEvent::Killed { who: w } => format!("{} is killed", who(data, w)),
        GameEvent::Spawned { who: w, .. } => format!("{} appears", who(data, w)),
        GameEvent::EventCard { dwarf, name, .. } => format!("The {dwarf:?} draws {name}"),
        GameEvent::SwarmThreat { step, of } => format!("Swarm Threat {step}/{of}"),
        GameEvent::SwarmCard { name, .. } => format!("SWARM: {name}"),
        GameEvent::Attacks { who: w, target } => format!("{} attacks the {target:?}", who(data, w)),
        GameEvent::Mined { item, .. } => format!("{item:?} mined"),
        GameEvent::Collected { item, .. } => format!("{item:?} into the M.U.L.E."),
        GameEvent::CaveRevealed { name, letter } => format!("Hidden cave {letter} revealed: {name}"),
        GameEvent::MissionEnded { result, reason } => format!("MISSION OVER ({result:?}): {reason}"),
        GameEvent::Chop { dwarf, successes } => format!("The {dwarf:?}'s axe: {successes} success(es)"),
        GameEvent::AmmoSpent { dwarf, primary, secondary } => format!("The {dwarf:?} spends {primary} primary, {secondary} secondary ammo"),
        GameEvent::Afflicted { dwarf, status } => format!("The {dwarf:?} is {}", condition_words(status)),
        GameEvent::CreatureAfflicted { who: w, status } => format!("{} is {}", who(data, w), condition_words(status)),
        GameEvent::ResupplyLanded { primary, secondary, health, .. } => {
            format!("A Resupply pod lands: {primary} primary, {secondary} secondary, {health} Health")
        }
        GameEvent::Scared { who: w, path } => format!("{} runs {} space(s) in fright", who(data, w), path.len()),
        GameEvent::Activated { who: w } => format!("{} activates", who(data, w)),
        GameEvent::SkipsActivation { who: w, why } => format!("{} skips its activation ({why})", who(data, w)),
        GameEvent::CreaturesActivate { count } => format!("The creatures activate ({count})"),
        GameEvent::NoReaction { dwarf } => format!("The {dwarf:?} has no reaction shot"),
        GameEvent::Rerolled { who: w, die, roll } => {
            format!("{} rerolls die {}: {}", who(data, w), die + 1, faces(std::slice::from_ref(roll)))
        }
        GameEvent::CardPlayed { dwarf, card, on } => match on {
            Some(c) => format!("The {dwarf:?} plays {card} on the {c:?}"),
            None => format!("The {dwarf:?} plays {card}"),
        },
        GameEvent::Threw { dwarf, card, .. } => format!("The {dwarf:?} throws a {card}"),
        GameEvent::StoodUp { dwarf, .. } => format!("The {dwarf:?} is back on his feet"),
        GameEvent::Revived { dwarf, health } => format!("The {dwarf:?} is revived with {health} Health"),
        GameEvent::Healed { dwarf, amount, health } => format!("The {dwarf:?} heals {amount}: {health} Health"),
        GameEvent::Paid { item, n } => format!("{n} {item:?} paid from the M.U.L.E."),
        GameEvent::CardsDrawn { dwarf, rock_and_stone, throwables } => {
            format!("The {dwarf:?} draws {rock_and_stone} Rock and Stone, {throwables} Throwable card(s)")
        }
        GameEvent::GearPlaced { dwarf, token, .. } => format!("The {dwarf:?} places {token:?}"),
        GameEvent::StalagmiteDestroyed { .. } => "A stalagmite is smashed".to_string(),
        other => format!("{other:?}").split([' ', '(', '{']).next().unwrap_or("").to_string(),
    }
}

/// How a mission ended, in words.
pub fn result_name(r: crate::rules::end::Result) -> &'static str {
    match r {
        crate::rules::end::Result::Success => "Mission success",
        crate::rules::end::Result::MinorSuccess => "Minor success",
        crate::rules::end::Result::Loss => "Mission failed",
    }
}

/// A condition's name as the log writes it ("KnockedOver": "knocked over").
fn condition_words(status: &str) -> String {
    let mut out = String::new();
    for (i, c) in status.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}
