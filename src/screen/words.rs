//! What happened, in words for the log panel: a client-side reading of the rules' events.

use crate::data::GameData;
use crate::data::dice::DieKind;
use crate::data::weapons::DwarfClass;
use crate::rules::command::{Answer, ChopTarget};
use crate::rules::components::Token;
use crate::rules::hex::Qr;
use crate::rules::log::{DieRoll, GameEvent, NoReactionWhy, Who, counted};
use crate::screen::look::{item_name, pickup_name, token_name};

/// A creature, Dwarf or gear named for a reader at the start of a line: "The Scout", "Glyphid
/// Grunt #4", "BOSCO", "The Sentry Gun".
pub fn who(data: &GameData, w: &Who) -> String {
    match w {
        Who::Dwarf(c) => format!("The {c:?}"),
        Who::Creature { kind, id } => format!("{} #{id}", data.creatures.get(*kind).name),
        Who::Bosco => "BOSCO".into(),
        Who::SentryGun => "The Sentry Gun".into(),
    }
}

/// [`who`] within a line: "the Scout", "the Sentry Gun".
pub fn who_in(data: &GameData, w: &Who) -> String {
    let named = who(data, w);
    match named.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => named,
    }
}

/// A face in words: "blank", "hit", "2 bullet" (a double), "gold+hit".
pub fn face(r: &DieRoll) -> String {
    match r.symbols.as_slice() {
        [] => "blank".into(),
        [one] => symbol(*one),
        [first, ..] if r.symbols.iter().all(|s| s == first) => format!("{} {}", r.symbols.len(), symbol(*first)),
        many => many.iter().map(|s| symbol(*s)).collect::<Vec<_>>().join("+"),
    }
}

/// A die's symbol as the dice and the reference show it: the Creature die's special face is "!".
fn symbol(s: crate::data::dice::Symbol) -> String {
    match s {
        crate::data::dice::Symbol::Bang => "\"!\"".into(),
        s => format!("{s:?}").to_lowercase(),
    }
}

/// Ammo spent in words, the weapon with none left out: "1 primary ammo", "1 primary and 2 secondary
/// ammo".
pub fn ammo(primary: u32, secondary: u32) -> String {
    match (primary, secondary) {
        (p, 0) => format!("{p} primary ammo"),
        (0, s) => format!("{s} secondary ammo"),
        (p, s) => format!("{p} primary and {s} secondary ammo"),
    }
}

/// The words with a capital first letter, as a line of the log begins.
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// A number of dice: "1 die", "3 dice".
pub fn dice(n: u32) -> String {
    if n == 1 { "1 die".into() } else { format!("{n} dice") }
}

/// Dice as their faces: "hit, blank, 2 bullet".
fn faces(dice: &[DieRoll]) -> String {
    dice.iter().map(face).collect::<Vec<_>>().join(", ")
}

/// A roll named by its dice, then their faces: "the Mineral die: nitra", "2 Bullet dice: bullet,
/// blank"; dice of several kinds by their faces alone.
fn roll_words(dice: &[DieRoll]) -> String {
    match dice {
        [one] => format!("the {:?} die: {}", one.die, face(one)),
        [first, ..] if dice.iter().all(|d| d.die == first.die) => format!("{} {:?} dice: {}", dice.len(), first.die, faces(dice)),
        _ => faces(dice),
    }
}

/// What a creature's attack roll that does nothing comes to, said at once: the lines after a roll
/// that hurts or afflicts say what it does, but after one that does nothing there are none.
fn attack_roll(data: &GameData, kind: crate::data::creatures::CreatureKind, dice: &[DieRoll]) -> String {
    use crate::data::creatures::Bang;
    use crate::data::dice::{Symbol, hits};
    let hit: u32 = dice.iter().map(|d| hits(&d.symbols)).sum();
    let bang = dice.iter().any(|d| d.symbols.contains(&Symbol::Bang));
    let stats = data.creatures.get(kind);
    match (hit, bang, &stats.bang) {
        // The Brood Nexus does not attack: its roll only hatches (rulebook, Brood Nexus).
        (_, false, Bang::SpawnGrunt) => " - no \"!\", nothing hatches (its hits do nothing)".into(),
        (_, true, Bang::SpawnGrunt) => " - each \"!\" hatches a Grunt (its hits do nothing)".into(),
        (0, false, _) => " - no hit".into(),
        (0, true, Bang::Nothing) => format!(" - no hit, and a {}'s \"!\" does nothing", stats.name),
        _ => String::new(),
    }
}

/// One line for an event; events the log does not word yet are shown by name.
pub fn describe(data: &GameData, e: &GameEvent) -> String {
    match e {
        GameEvent::MissionStarted { name } => format!("Mission: {name}"),
        // Turned face up, still on the cave: "found" read as picked up.
        GameEvent::PickupRevealed { pickup, at: q } => format!("A pickup turned over at {}: {}", space(q), pickup_name(*pickup)),
        GameEvent::TurnEnded { dwarf } => format!("The {dwarf:?} ends his turn"),
        GameEvent::Unconscious { dwarf } => format!("The {dwarf:?} falls unconscious"),
        GameEvent::Carved { .. } => "A wall is carved out".to_string(),
        GameEvent::TurnStarted { turn, dwarf, actions } => format!("Turn {turn}: the {dwarf:?}, {}", counted(*actions, "action")),
        GameEvent::Moved { who: w, path } => format!("{} moves {}", who(data, w), counted(path.len() as u64, "space")),
        GameEvent::Rolled { who: w @ Who::Creature { kind, .. }, dice } if dice.iter().all(|d| d.die == DieKind::Creature) => {
            format!("{} rolls {}{}", who(data, w), roll_words(dice), attack_roll(data, *kind, dice))
        }
        // A Dwarf rolls the Creature die only for an Event card (Falling Rocks): its hits hurt him.
        GameEvent::Rolled { who: w @ Who::Dwarf(_), dice } if dice.iter().all(|d| d.die == DieKind::Creature) => {
            let bang = dice.iter().any(|d| d.symbols.contains(&crate::data::dice::Symbol::Bang));
            let note = if bang { " (\"!\" does nothing here)" } else { "" };
            format!("{} rolls {}{note}", who(data, w), roll_words(dice))
        }
        GameEvent::Rolled { who: w, dice } => format!("{} rolls {}", who(data, w), roll_words(dice)),
        GameEvent::Damaged { who: w, die, hits, resisted, damage, health, .. } => {
            // Nothing resisted is not said: "0 resisted" read oddly of a Dwarf (a play-tester).
            let of = if *resisted > 0 { format!(" - {resisted} resisted") } else { String::new() };
            format!("{} takes {}{of} = {damage}; {health} left", who(data, w), hits_of(*die, *hits))
        }
        GameEvent::Killed { who: w } => format!("{} is killed", who(data, w)),
        // Where: at Fast speed the cave's turn is over before the map can be read (a play-tester).
        GameEvent::Spawned { who: w, at } => format!("{} appears at {}", who(data, w), space(at)),
        GameEvent::EventCard { dwarf, name, .. } => format!("The {dwarf:?} draws {name}"),
        GameEvent::SwarmThreat { step, of } => format!("Swarm Threat {step}/{of}"),
        GameEvent::SwarmCard { name, .. } => format!("SWARM: {name}"),
        GameEvent::Attacks { who: w, target } => format!("{} attacks the {target:?}", who(data, w)),
        GameEvent::Mined { item, at: q } => format!("{item:?} mined at {}", space(q)),
        GameEvent::Collected { item, .. } => format!("{} into the M.U.L.E.", item_name(*item)),
        GameEvent::CaveRevealed { name, letter } => format!("Hidden cave {letter} revealed: {name}"),
        GameEvent::MissionEnded { result, reason } => format!("MISSION OVER ({result:?}): {reason}"),
        GameEvent::Chop { dwarf, successes } => format!("The {dwarf:?}'s axe: {}", counted(*successes, "success")),
        GameEvent::AmmoSpent { dwarf, primary, secondary } => format!("The {dwarf:?} spends {}", ammo(*primary, *secondary)),
        GameEvent::Afflicted { dwarf, status } => format!("The {dwarf:?} is {}", condition_words(status)),
        GameEvent::CreatureAfflicted { who: w, status } => format!("{} is {}", who(data, w), condition_words(status)),
        GameEvent::ResupplyLanded { primary, secondary, health, .. } => {
            format!("A Resupply pod lands: {primary} primary, {secondary} secondary, {health} Health")
        }
        GameEvent::Scared { who: w, path } => format!("{} runs {} in fright", who(data, w), counted(path.len() as u64, "space")),
        GameEvent::Activated { who: w } => format!("{} activates", who(data, w)),
        GameEvent::SkipsActivation { who: w, why } => format!("{} skips its activation ({why})", who(data, w)),
        GameEvent::CreaturesActivate { count } => format!("The creatures activate: {}", counted(*count as u64, "creature")),
        GameEvent::NoReaction { dwarf, why } => format!("The {dwarf:?} takes no reaction shot: {}", no_reaction(*why)),
        GameEvent::Rerolled { who: w, die, roll } => {
            format!("{} rerolls die {}: {}", who(data, w), die + 1, faces(std::slice::from_ref(roll)))
        }
        GameEvent::CardPlayed { dwarf, card, on } => match on {
            Some(c) => format!("The {dwarf:?} plays {card} on the {c:?}"),
            None => format!("The {dwarf:?} plays {card}"),
        },
        GameEvent::Threw { dwarf, card, .. } => format!("The {dwarf:?} throws a {card}"),
        GameEvent::Fired { who: w, weapon, at, aimed_at } => {
            let at = space(at);
            let target = match aimed_at {
                Some(f @ Who::Dwarf(_)) => format!("{at}, where {} stands", who_in(data, f)),
                Some(f) => format!("{} on {at}", who_in(data, f)),
                None => at,
            };
            format!("{} fires ({weapon}) at {target}", who(data, w))
        }
        GameEvent::StoodUp { dwarf, .. } => format!("The {dwarf:?} is back on his feet"),
        GameEvent::Revived { dwarf, health } => format!("The {dwarf:?} is revived with {health} Health"),
        GameEvent::Healed { dwarf, amount: 0, health } => format!("The {dwarf:?} heals nothing: he has {health} Health, all he can hold"),
        GameEvent::Healed { dwarf, amount, health } => format!("The {dwarf:?} heals {amount}: {health} Health"),
        GameEvent::Paid { item, n } => format!("{n} {item:?} paid from the M.U.L.E."),
        GameEvent::CardsDrawn { dwarf, rock_and_stone, throwables } => {
            let drawn: Vec<String> = [(*rock_and_stone, "Rock and Stone card"), (*throwables, "Throwable card")]
                .into_iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, what)| counted(n, what))
                .collect();
            format!("The {dwarf:?} draws {}", if drawn.is_empty() { "no card".into() } else { drawn.join(" and ") })
        }
        GameEvent::GearPlaced { dwarf, token, at } => gear_placed(*dwarf, *token, at.len()),
        GameEvent::StalagmiteDestroyed { .. } => "A stalagmite is smashed".to_string(),
        other => more(data, other),
    }
}

/// Hits of a die ("2 Bullet hits"). The Creature die's are not named as if a creature dealt them:
/// an Event card's falling rocks roll it too ("1 Creature hit" on a shielded Gunner read as a
/// creature getting through the Shield, a play-tester).
pub fn hits_of(die: DieKind, hits: u32) -> String {
    match die {
        DieKind::Creature => format!("{} of the Creature die", counted(hits, "hit")),
        die => counted(hits, &format!("{die:?} hit")),
    }
}

/// Why a Dwarf takes no reaction shot, in words.
fn no_reaction(why: NoReactionWhy) -> String {
    match why {
        NoReactionWhy::TooFar { spaces, most } => format!("he is {spaces} spaces from the Dwarf attacked, more than {most}"),
        NoReactionWhy::NotStanding => "he is not on his feet".into(),
        NoReactionWhy::NoWeaponReaches => "no weapon he has the ammo for reaches the creature (range or line of sight)".into(),
        NoReactionWhy::Gone => "the creature is gone".into(),
    }
}

/// Class gear put down, counted when one action puts several down ("the platform" read as one
/// for the Platform Gun's three, a play-tester).
fn gear_placed(dwarf: DwarfClass, token: Token, spaces: usize) -> String {
    let name = token_name(token);
    match (token, spaces) {
        (_, 0 | 1) | (Token::Flame, _) => format!("The {dwarf:?} places the {name}"),
        (Token::Zipline, n) => format!("The {dwarf:?} places the {name}, {n} pieces"),
        (_, n) => format!("The {dwarf:?} places {n} {name}s"),
    }
}

/// The section of the rules reference about what a log entry tells, by its title: F2 on the line
/// opens it (a line names figures and cards too, which are not what it is about).
pub fn topic(e: &GameEvent) -> Option<&'static str> {
    use GameEvent::*;
    Some(match e {
        MissionStarted { .. } => "Goal of a mission",
        MissionEnded { .. } => "The Drop Pod and the end of a mission",
        TurnStarted { .. } | TurnEnded { .. } | Skipped { .. } | FreeAction { .. } => "A Dwarf's turn",
        Moved { .. } | WalkedIntoFlames { .. } => "Moving",
        Rolled { .. } | Rerolled { .. } | Doubled { .. } => "Dice and what faces mean",
        AmmoSpent { .. } | AmmoGained { .. } | AmmoRestocked { .. } | SuppliesTaken { .. } => "Ammo and supplies",
        Chop { .. } | Mined { .. } | Carved { .. } | Collected { .. } | MineralDropped { .. } | Paid { .. } => "Mining and minerals",
        StalagmiteDestroyed { .. } => "Stalagmites",
        CaveRevealed { .. } => "Hidden caves",
        PickupRevealed { .. } | Harvested { .. } | PickupPlaced { .. } => "Unknown pickups",
        Healed { .. } | Unconscious { .. } | Revived { .. } | StoodUp { .. } => "Health, unconscious and reviving",
        Damaged { .. } | Killed { .. } => "Damage chain and resistance",
        Spawned { .. } | NothingSpawned { .. } => "Spawning creatures and figure limits",
        Scared { .. } => "Scaring creatures",
        EventCard { .. } | MissionEventCard { .. } => "The Event deck",
        SwarmThreat { .. } | SwarmCard { .. } | SwarmSetAside => "The Swarm Threat meter and swarms",
        CreaturesActivate { .. } | Activated { .. } | SkipsActivation { .. } | Attacks { .. } => "Activating creatures",
        Afflicted { .. } | StatusCleared { .. } | GrabBroken { .. } | Grabbed { .. } => "Dwarf states",
        CreatureStunned { .. } | CreatureAfflicted { .. } => "Creature states",
        Exploded { .. } => "Grunt, Web Spitter and Exploder",
        Crashed { .. } => "Praetorian and Oppressor",
        NoReaction { .. } => "Reaction shots",
        CardsDrawn { .. } | CardPlayed { .. } => "Rock and Stone cards",
        ResupplyLanded { .. } | ResupplyEmptied { .. } => "Resupply pod",
        Overclocked { .. } => "Secondary weapons",
        Exchanged { .. } => "Exchange",
        UpgradeFitted { .. } | UpgradeLeft { .. } => "Weapon Upgrades",
        GearPlaced { dwarf, .. } | ShieldHeld { dwarf } => class_section(*dwarf),
        GearReturned { token, .. } => match token {
            crate::rules::components::Token::Flame => "The Driller",
            crate::rules::components::Token::Zipline | crate::rules::components::Token::Shield => "The Gunner",
            crate::rules::components::Token::Flare => "The Scout",
            _ => "The Engineer",
        },
        SentryFires { .. } | SentryDestroyed { .. } | SentryAttacked { .. } | PlatformDestroyed { .. } => "The Engineer",
        Drilled { .. } | FlameSmothered { .. } => "The Driller",
        BoscoActs { .. } | BoscoPlaced { .. } | BoscoLost { .. } | GrabBrokenByBosco => "BOSCO",
        Threw { .. } | ThrowableLeft { .. } | MineTriggered { .. } | Detonated { .. } | LureAttacked { .. } => "Throwables",
        Blast { .. } => "Area weapons and blasts",
        Fired { who: Who::Bosco, .. } => "BOSCO",
        Fired { .. } => "Shooting with a primary weapon",
        LastingEnded { .. } => return None,
    })
}

/// The section of the rules reference that tells of a question's kind: F2 on its answers opens it
/// (a play-tester's F2 on "Put Stun on a weapon" opened the Throwables).
pub fn choice_topic(kind: crate::rules::command::ChoiceKind) -> &'static str {
    use crate::rules::command::ChoiceKind::*;
    match kind {
        AxeSuccess => "Mining and minerals",
        DamageChain => "Damage chain and resistance",
        Area => "Area weapons and blasts",
        KeepDie => "Throwables",
        Scare => "Scaring creatures",
        Reaction => "Reaction shots",
        // An Event card's "may" offer, and a Dwarf or a space it acts on.
        Offer | Space => "The Event deck",
        // Rerolls and a doubled die come with a weapon's upgrades and the cards.
        Reroll | Double => "Shooting with a primary weapon",
        AlsoAt => "Secondary weapons",
        UpgradeSlot => "Weapon Upgrades",
        Flames => "The Driller",
        Continue => "For Karl!",
    }
}

/// A class's section of the rules reference.
fn class_section(class: crate::data::weapons::DwarfClass) -> &'static str {
    use crate::data::weapons::DwarfClass::*;
    match class {
        Scout => "The Scout",
        Driller => "The Driller",
        Gunner => "The Gunner",
        Engineer => "The Engineer",
    }
}

/// What sets a creature apart, in a few words each: its resistances, then its traits.
pub fn creature_traits(stats: &crate::data::creatures::CreatureStats) -> Vec<String> {
    use crate::data::creatures::Trait;
    let resists: Vec<String> = stats.resistance.iter().filter(|(_, n)| **n > 0).map(|(die, n)| format!("{die:?} {n}")).collect();
    let mut words: Vec<String> = if resists.is_empty() { vec![] } else { vec![format!("resists {}", resists.join(", "))] };
    words.extend(stats.traits.iter().map(|t| match t {
        Trait::Small => "small: shots pass over it".to_string(),
        Trait::Flying => "flies over pits, figures and stalagmites".to_string(),
        Trait::Immobile => "never moves".to_string(),
        Trait::WeakRear => "an attack from behind ignores its resistance".to_string(),
        Trait::TwoSpaces => "fills two spaces".to_string(),
        Trait::CrashesThroughRock => "crashes through bare rock and stalagmites".to_string(),
        Trait::RockAndStoneOnKill => "its killer draws a Rock and Stone card".to_string(),
        Trait::GruntsOnDeath(n) => format!("{} come out when it dies", counted(u64::from(*n), "Grunt")),
        Trait::ExplodesOnDeath => "explodes when killed".to_string(),
    }));
    words
}

/// A space in words, as the mission files name it: (column, row), counted from the top left from 0.
pub fn space(q: &Qr) -> String {
    let (col, row) = crate::rules::hex::hex_to_cell((*q).into());
    format!("({col}, {row})")
}

/// Some spaces, each as [`space`] names it, one after the other ("(3, 4) (4, 4)").
pub fn spaces(qs: &[Qr]) -> String {
    qs.iter().map(space).collect::<Vec<_>>().join(" ")
}

/// A text of the rules (a refusal, a reason an action is not allowed) for the player: the rules
/// name a space by its axial coordinates, as commands do, '(q, r)'; the screen names it by its
/// column and row, as the cave's edges number them (see [`space`]).
pub fn spaces_named(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        match axial_at_start(after) {
            Some((q, len)) => {
                out.push_str(&space(&q));
                rest = &after[len..];
            }
            None => {
                out.push('(');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// '(q, r)' at the start of a text: the hex and the length of its words.
fn axial_at_start(text: &str) -> Option<(Qr, usize)> {
    let close = text.find(')')?;
    let (q, r) = text[1..close].split_once(", ")?;
    // No cave is near this large: a larger number is left as it is (and kept from overflowing).
    let number = |s: &str| s.parse::<i32>().ok().filter(|n| (-100_000..=100_000).contains(n));
    Some((Qr { q: number(q)?, r: number(r)? }, close + 1))
}

/// The rest of the events, one line each: the cave, the kit and gear, BOSCO.
fn more(data: &GameData, e: &GameEvent) -> String {
    let at = space;
    match e {
        GameEvent::Harvested { pickup, at: q } => format!("{} harvested at {}", pickup_name(*pickup), at(q)),
        GameEvent::NothingSpawned { kind, reason } => format!("No {} comes: {reason}", data.creatures.get(*kind).name),
        GameEvent::MissionEventCard { text } => format!("Mission Event: {text}"),
        GameEvent::SwarmSetAside => "The top Swarm card is set aside: the next swarm brings it too".into(),
        GameEvent::Exploded { at: q } => format!("An Exploder goes off at {}", at(q)),
        GameEvent::Crashed { at: q } => format!("The Oppressor crashes through the rock at {}", at(q)),
        GameEvent::GrabBroken { by } => format!("The {by:?}'s shot breaks the Cave Leech's grab"),
        GameEvent::GrabBrokenByBosco => "BOSCO's shot breaks the Cave Leech's grab".into(),
        GameEvent::Grabbed { dwarf } => format!("A Cave Leech grabs the {dwarf:?}"),
        GameEvent::PickupPlaced { pickup, at: q } => format!("A {} is placed at {}", pickup_name(*pickup), at(q)),
        GameEvent::MineralDropped { mineral, at: q } => format!("{mineral:?} left on the ground at {}", at(q)),
        GameEvent::AmmoGained { dwarf, primary } => format!("The {dwarf:?} gains {primary} primary ammo"),
        GameEvent::AmmoRestocked { dwarf, primary, secondary } => {
            format!("The {dwarf:?} restocks {primary} primary, {secondary} secondary ammo")
        }
        // The reason says it all ("No Dwarf is unconscious", "Nothing happens").
        GameEvent::Skipped { why } => capitalised(why),
        GameEvent::CreatureStunned { who: w } => format!("{} is stunned", who(data, w)),
        GameEvent::Doubled { die } => format!("Die {} counts twice", die + 1),
        GameEvent::Overclocked { dwarf, weapon } => format!("The {dwarf:?} overclocks the {weapon}"),
        GameEvent::SuppliesTaken { dwarf, primary, secondary, health } => {
            format!("The {dwarf:?} takes {primary} primary, {secondary} secondary ammo and {health} Health from the pod")
        }
        GameEvent::ResupplyEmptied { at: q } => format!("The Resupply pod at {} is empty", at(q)),
        GameEvent::Exchanged { dwarf, with, gave, took } => {
            format!("The {dwarf:?} gives the {with:?} {} and takes {}", parcel(gave), parcel(took))
        }
        GameEvent::UpgradeFitted { dwarf, upgrade, weapon, discarded } => {
            let off = discarded.as_ref().map(|d| format!(", {d} taken off")).unwrap_or_default();
            format!("The {dwarf:?} fits {upgrade} on his {weapon:?} weapon{off}")
        }
        GameEvent::UpgradeLeft { dwarf, at: q } => format!("The {dwarf:?} leaves the upgrade at {}", at(q)),
        GameEvent::GearReturned { token, at: q } => format!("{} at {} taken back by its owner", capitalised(&token_name(*token)), at(q)),
        GameEvent::Drilled { at: q } => format!("Drilled through the rock at {}", at(q)),
        GameEvent::WalkedIntoFlames { dwarf } => format!("The {dwarf:?} walks through the flames"),
        GameEvent::FlameSmothered { at: q } => format!("The flames at {} go out", at(q)),
        GameEvent::ShieldHeld { dwarf } => format!("The shield holds: the {dwarf:?} is not hurt"),
        GameEvent::SentryFires { target, .. } => format!("The Sentry Gun fires at {}", who_in(data, target)),
        GameEvent::SentryDestroyed { .. } => "The Sentry Gun is destroyed".into(),
        GameEvent::SentryAttacked { who: w } => format!("{} attacks the Sentry Gun", who(data, w)),
        GameEvent::BoscoActs { actions } => format!("BOSCO's part of the turn begins: {} to take", counted(*actions, "action")),
        GameEvent::BoscoPlaced { at } => format!("BOSCO is set down at {}", space(at)),
        GameEvent::BoscoLost { why } => format!("BOSCO is lost: {why}"),
        GameEvent::Blast { card, area } => format!("The {card} lands on {}", counted(area.len() as u64, "space")),
        GameEvent::ThrowableLeft { dwarf, token, .. } => format!("The {dwarf:?} leaves a {}", token_words(data, token)),
        GameEvent::PlatformDestroyed { at: q } => format!("The platform at {} is blown away", at(q)),
        GameEvent::MineTriggered { who: w, at: q } => format!("{} sets off the Proximity Mine at {}", who(data, w), at(q)),
        GameEvent::Detonated { dwarf, at: q } => format!("The {dwarf:?} sets off the Satchel Charge at {}", at(q)),
        GameEvent::LureAttacked { who: w, .. } => format!("{} attacks the L.U.R.E.", who(data, w)),
        GameEvent::LastingEnded { dwarf } => format!("What the {dwarf:?} left last turn wears off"),
        GameEvent::FreeAction { dwarf, move_only: true } => format!("The {dwarf:?} may take a free Move"),
        GameEvent::FreeAction { dwarf, .. } => format!("The {dwarf:?} may take a free action"),
        GameEvent::StatusCleared { dwarf, status } => format!("The {dwarf:?} is no longer {}", condition_words(status)),
        other => format!("{other:?}").split([' ', '(', '{']).next().unwrap_or("").to_string(),
    }
}

/// A token a Throwable leaves, named by its card.
fn token_words(data: &GameData, t: &crate::rules::components::Token) -> String {
    match t {
        crate::rules::components::Token::Thrown { card } => {
            data.throwables.get(*card as usize).map_or_else(|| "token".into(), |c| c.name.clone())
        }
        other => format!("{other:?}").to_lowercase(),
    }
}

/// Supplies handed over, in words: "2 primary ammo, For Karl!", or "nothing".
pub fn parcel(s: &crate::rules::command::Supplies) -> String {
    let mut v = vec![];
    if s.primary > 0 {
        v.push(format!("{} primary ammo", s.primary));
    }
    if s.secondary > 0 {
        v.push(format!("{} secondary ammo", s.secondary));
    }
    v.extend(s.rock_and_stone.iter().cloned());
    v.extend(s.throwables.iter().cloned());
    v.extend(s.upgrades.iter().map(|u| format!("upgrade {} to the {:?}", u.token, u.to)));
    if v.is_empty() { "nothing".into() } else { v.join(", ") }
}

/// What a Resupply pod holds (primary ammo, secondary ammo, Health), in words: "5 primary ammo,
/// 3 Health".
pub fn pod_holds([primary, secondary, health]: [u32; 3]) -> String {
    let parts = [(primary, "primary ammo"), (secondary, "secondary ammo"), (health, "Health")];
    let held: Vec<String> = parts.iter().filter(|(n, _)| *n > 0).map(|(n, what)| format!("{n} {what}")).collect();
    if held.is_empty() { "nothing".into() } else { held.join(", ") }
}

/// A Get supplies split in words: "take 2 primary, 0 secondary, 1 Health".
pub fn supplies_taken(cmd: &crate::rules::command::Command) -> String {
    match cmd {
        crate::rules::command::Command::GetSupplies { primary, secondary, health } => {
            format!("take {primary} primary, {secondary} secondary, {health} Health")
        }
        other => other.name().to_string(),
    }
}

/// The Dwarves a launch leaves behind, out cold off the pod, in words ("the Driller and the
/// Gunner"), or `None` for none.
pub fn left_behind(left: &[DwarfClass]) -> Option<String> {
    let names: Vec<String> = left.iter().map(|c| format!("the {c:?}")).collect();
    match names.split_last() {
        None => None,
        Some((last, [])) => Some(last.clone()),
        Some((last, rest)) => Some(format!("{} and {last}", rest.join(", "))),
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

/// A fire mode by its name in the weapon table ("BurstFire" is "Burst Fire"), looked up in the
/// weapon of `by` when the Dwarf is known, else in every class's; anything else (a secondary
/// weapon, which a reaction names by its own name) as it is.
pub fn mode_name(data: &GameData, by: Option<DwarfClass>, id: &str) -> String {
    fire_mode(data, by, id).map_or_else(|| id.to_string(), |m| m.name.clone())
}

/// A primary weapon's fire mode by its id: the Dwarf's, or any class's when the Dwarf is not known.
pub fn fire_mode<'a>(data: &'a GameData, by: Option<DwarfClass>, id: &str) -> Option<&'a crate::data::weapons::FireMode> {
    match by {
        Some(c) => data.weapons.of(c).mode(id),
        None => DwarfClass::ALL.iter().find_map(|c| data.weapons.of(*c).mode(id)),
    }
}

/// What a fire mode costs and rolls, as its button's hover says it: "1 action, 1 ammo, 1 Piercing
/// die, range 6" (a play-tester found the dice of BOSCO's gun nowhere on the bar).
pub fn fire_terms(mode: &crate::data::weapons::FireMode) -> String {
    let dice = mode.dice.iter().map(|(kind, n)| format!("{n} {kind:?} {}", if *n == 1 { "die" } else { "dice" }));
    let ammo = if mode.ammo == 0 { "no ammo".to_string() } else { format!("{} ammo", mode.ammo) };
    let actions = if mode.actions == 0 { "no action".to_string() } else { crate::rules::log::counted(u64::from(mode.actions), "action") };
    let mut terms = vec![actions, ammo];
    terms.extend(dice);
    terms.push(format!("range {}", mode.range));
    terms.join(", ")
}

/// An answer to a pending choice, in words. A die of `dice` (the roll in the tray, when it is known)
/// is named by its number there and by what it shows: "die 2 (blank)" (a blank laid on a space
/// still carries the damage chain on: the rulebook's Driller example).
pub fn answer(data: &GameData, a: &Answer, dice: &[DieRoll]) -> String {
    let at = space;
    let die = |i: &usize| match dice.get(*i) {
        Some(d) => format!("die {} ({})", i + 1, face(d)),
        None => format!("die {}", i + 1),
    };
    match a {
        Answer::Chop(t) => format!("axe: {}", chop(t)),
        Answer::Place { die: i, at: q } => format!("{} on {}", die(i), at(q)),
        Answer::Triangle(x, y) => format!("blast toward {} and {}", at(x), at(y)),
        Answer::Line(x, y) => format!("line on through {} and {}", at(x), at(y)),
        Answer::Keep(i) => format!("keep {}", die(i)),
        // Two ways of a scare may end on one space: the spaces on the way tell them apart.
        Answer::Scare(p) => match p.split_last() {
            Some((end, [])) => format!("scare it to {}", at(end)),
            Some((end, way)) => format!("scare it to {} by {}", at(end), way.iter().map(at).collect::<Vec<_>>().join(" ")),
            None => "it stays".into(),
        },
        Answer::React(mode) => format!("react with {}", mode_name(data, None, mode)),
        Answer::Pass => "pass".into(),
        Answer::Accept(true) => "take the offer".into(),
        Answer::Accept(false) => "leave it".into(),
        Answer::Reroll(i) => format!("reroll {}", die(i)),
        Answer::Double(i) => format!("{} counts twice", die(i)),
        Answer::AlsoAt(q) => format!("also on {}", at(q)),
        Answer::Upgrade(slot, None) => format!("fit it on the {slot:?} weapon"),
        Answer::Upgrade(slot, Some(i)) => format!("fit it on the {slot:?} weapon in place of token {}", i + 1),
        Answer::Flames(v) if v.is_empty() => "no Flames".into(),
        Answer::Flames(v) => format!("Flames on {}", v.iter().map(at).collect::<Vec<_>>().join(" ")),
        Answer::Space(q) => format!("on {}", at(q)),
    }
}

/// What an axe success does, in words.
pub fn chop(t: &ChopTarget) -> String {
    match t {
        ChopTarget::Mine(q) => format!("mine the mineral at {}", space(q)),
        ChopTarget::Carve(q) => format!("carve the wall at {}", space(q)),
        ChopTarget::Stalagmite(q) => format!("break the stalagmite at {}", space(q)),
        ChopTarget::LootBug(q) => format!("hit the Loot Bug at {}", space(q)),
        ChopTarget::RedSugar(q) => format!("take Health from the Red Sugar at {}", space(q)),
        ChopTarget::AlienEgg(q) => format!("carve out the Alien Egg at {}", space(q)),
        ChopTarget::Creature(id) => format!("hit creature #{id}"),
        ChopTarget::Nothing => "go unspent".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cards drawn are counted by kind, a kind none is drawn of left out.
    #[test]
    fn cards_drawn_leave_out_a_kind_none_is_drawn_of() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let drawn =
            |rock_and_stone, throwables| describe(&data, &GameEvent::CardsDrawn { dwarf: DwarfClass::Driller, rock_and_stone, throwables });
        assert_eq!(drawn(0, 2), "The Driller draws 2 Throwable cards");
        assert_eq!(drawn(1, 1), "The Driller draws 1 Rock and Stone card and 1 Throwable card");
    }

    /// The Creature die's hits are the die's, not a creature's.
    #[test]
    fn hits_are_named_by_their_die() {
        assert_eq!(hits_of(DieKind::Bullet, 3), "3 Bullet hits");
        assert_eq!(hits_of(DieKind::Creature, 1), "1 hit of the Creature die");
    }

    /// Damage says what was resisted only when something was.
    #[test]
    fn damage_says_resisted_hits_only_when_there_are_some() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let took = |who, die, resisted| {
            let (hits, note) = (3, String::new());
            describe(&data, &GameEvent::Damaged { who, die, hits, resisted, damage: hits - resisted, health: 2, note })
        };
        let grunt = Who::Creature { kind: crate::data::creatures::CreatureKind::Grunt, id: 4 };
        assert_eq!(took(grunt, DieKind::Bullet, 1), "Glyphid Grunt #4 takes 3 Bullet hits - 1 resisted = 2; 2 left");
        assert_eq!(took(Who::Dwarf(DwarfClass::Driller), DieKind::Creature, 0), "The Driller takes 3 hits of the Creature die = 3; 2 left");
    }

    /// Gear put down by one action is counted in the log: three platforms are not "the platform".
    #[test]
    fn gear_put_down_together_is_counted() {
        assert_eq!(gear_placed(DwarfClass::Engineer, Token::Platform, 1), "The Engineer places the platform");
        assert_eq!(gear_placed(DwarfClass::Engineer, Token::Platform, 3), "The Engineer places 3 platforms");
        assert_eq!(gear_placed(DwarfClass::Driller, Token::Flame, 2), "The Driller places the Flames");
    }

    /// A fire mode's hover says its cost, its dice and its range.
    #[test]
    fn a_fire_mode_says_what_it_costs_and_rolls() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let regular = fire_mode(&data, Some(DwarfClass::Scout), "RegularShot").expect("the Scout's Regular shot");
        assert_eq!(fire_terms(regular), "1 action, 1 ammo, 1 Piercing die, range 6");
        assert_eq!(fire_terms(&data.numbers.bosco.light_gun), "1 action, no ammo, 1 Bullet die, range 4");
        let burst = fire_mode(&data, None, "BurstFire").expect("the Gunner's Burst Fire");
        assert_eq!(fire_terms(burst), "1 action, 1 ammo, 3 Bullet dice, range 5");
        let sustained = fire_mode(&data, Some(DwarfClass::Gunner), "SustainedFire").expect("Sustained Fire");
        assert!(fire_terms(sustained).starts_with("no action, 1 ammo"), "{}", fire_terms(sustained));
    }

    /// The rules' '(q, r)' become the screen's '(column, row)'; other brackets stay as they are.
    #[test]
    fn the_rules_spaces_are_named_by_column_and_row() {
        let row = |c: i32, r: i32| Qr::from(crate::rules::hex::cell_to_hex((c, r)));
        let (a, b) = (row(8, 2), row(4, 7));
        let text = format!("({}, {}) is 6 spaces away; ({}, {}) too (1 left) (x, y) (2147483647, 2)", a.q, a.r, b.q, b.r);
        assert_eq!(spaces_named(&text), "(8, 2) is 6 spaces away; (4, 7) too (1 left) (x, y) (2147483647, 2)");
        assert_eq!(spaces_named("no space named ("), "no space named (");
    }

    /// A scare's answers name the way as well as the end: two ways may end on one space.
    #[test]
    fn a_scares_answers_name_the_way_it_runs() {
        let data = GameData::load(&crate::data::assets_dir()).expect("assets load");
        let row = |c: i32, r: i32| Qr::from(crate::rules::hex::cell_to_hex((c, r)));
        let scare = |cells: &[(i32, i32)]| answer(&data, &Answer::Scare(cells.iter().map(|(c, r)| row(*c, *r)).collect()), &[]);
        assert_eq!(scare(&[(4, 3), (5, 3)]), "scare it to (5, 3) by (4, 3)");
        assert_ne!(scare(&[(4, 3), (5, 3)]), scare(&[(4, 4), (5, 3)]));
        assert_eq!(scare(&[(4, 3)]), "scare it to (4, 3)");
        assert_eq!(scare(&[]), "it stays");
    }

    /// A reaction shot is offered by the fire mode's name, not the weapon table's key; a
    /// secondary weapon by its own name.
    #[test]
    fn a_reaction_names_the_fire_mode() {
        let data = GameData::load(&crate::data::assets_dir()).expect("assets load");
        let mode = &data.weapons.of(DwarfClass::Driller).modes[0];
        assert_ne!(mode.id, mode.name, "the table's key and the name differ for this test to mean anything");
        assert_eq!(answer(&data, &Answer::React(mode.id.clone()), &[]), format!("react with {}", mode.name));
        assert_eq!(answer(&data, &Answer::React("Experimental Plasma Igniter".into()), &[]), "react with Experimental Plasma Igniter");
    }

    /// The Oppressor's hover line says what The Maw turns on: its armour and its weak back.
    #[test]
    fn a_creatures_resistances_and_traits_are_said() {
        let data = GameData::load(&crate::data::assets_dir()).expect("assets load");
        let words = creature_traits(data.creatures.get(crate::data::creatures::CreatureKind::Oppressor));
        assert!(words[0].starts_with("resists ") && words[0].contains("Bullet 2"), "{words:?}");
        assert!(words.iter().any(|w| w == "an attack from behind ignores its resistance"), "{words:?}");
        assert!(creature_traits(data.creatures.get(crate::data::creatures::CreatureKind::Grunt)).iter().any(|w| w.starts_with("small")));
    }

    /// A Dwarf is "The Scout" at the start of a line and "the Scout" within one; BOSCO is BOSCO.
    #[test]
    fn figures_are_named_with_their_article_where_they_stand_in_a_line() {
        let data = GameData::load(&crate::data::assets_dir()).expect("assets load");
        assert_eq!(who(&data, &Who::Dwarf(DwarfClass::Scout)), "The Scout");
        assert_eq!(who_in(&data, &Who::Dwarf(DwarfClass::Scout)), "the Scout");
        assert_eq!(who_in(&data, &Who::SentryGun), "the Sentry Gun");
        assert_eq!(who(&data, &Who::Bosco), "BOSCO");
        let grunt = Who::Creature { kind: crate::data::creatures::CreatureKind::Grunt, id: 4 };
        assert_eq!(who_in(&data, &grunt), who(&data, &grunt), "a creature has no article");
    }

    /// A shot's line says where it was aimed and at whom: a creature, a Dwarf's space, a bare space.
    #[test]
    fn a_shot_says_what_it_was_aimed_at() {
        let data = GameData::load(&crate::data::assets_dir()).expect("assets load");
        let at = Qr { q: 4, r: 2 };
        let fired = |w: Who, aimed_at| describe(&data, &GameEvent::Fired { who: w, weapon: "Regular shot".into(), at, aimed_at });
        let grunt = Who::Creature { kind: crate::data::creatures::CreatureKind::Grunt, id: 4 };
        assert_eq!(fired(Who::Dwarf(DwarfClass::Scout), Some(grunt)), "The Scout fires (Regular shot) at Glyphid Grunt #4 on (5, 2)");
        let at_dwarf = fired(Who::Bosco, Some(Who::Dwarf(DwarfClass::Gunner)));
        assert_eq!(at_dwarf, "BOSCO fires (Regular shot) at (5, 2), where the Gunner stands");
        assert_eq!(fired(Who::Dwarf(DwarfClass::Scout), None), "The Scout fires (Regular shot) at (5, 2)");
    }

    /// The Creature die's "!" is shown as on the die, and where it does nothing the line says so
    /// (a Grunt's: `the_log_reads_as_english`): one rolled for Falling Rocks; a Brood Nexus's roll
    /// says its hits do nothing. A roll names its dice.
    #[test]
    fn a_bang_that_does_nothing_is_said_to() {
        use crate::data::creatures::CreatureKind::BroodNexus;
        use crate::data::dice::Symbol::{Bang, Hit};
        let data = GameData::load(&crate::data::assets_dir()).expect("assets load");
        let roll = |symbols: Vec<crate::data::dice::Symbol>| DieRoll { die: DieKind::Creature, face: 0, symbols };
        let rolled = |w: Who, dice: Vec<DieRoll>| describe(&data, &GameEvent::Rolled { who: w, dice });
        let rocks = rolled(Who::Dwarf(DwarfClass::Scout), vec![roll(vec![Bang])]);
        assert_eq!(rocks, "The Scout rolls the Creature die: \"!\" (\"!\" does nothing here)");
        let nexus = rolled(Who::Creature { kind: BroodNexus, id: 2 }, vec![roll(vec![Hit]), roll(vec![Bang])]);
        assert!(nexus.ends_with("rolls 2 Creature dice: hit, \"!\" - each \"!\" hatches a Grunt (its hits do nothing)"), "{nexus}");
    }
}
