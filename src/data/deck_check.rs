//! The box's tables checked: deck sizes and token counts against the published component list, and
//! each card's numbers. `GameData::load` runs these checks on every asset; `hoxxes validate` runs them
//! on one asset file, recognised by its file name.

use super::cards::*;
use super::creatures::CreatureTable;
use super::dice::{DiceTable, DieKind};
use super::load::{Problem, parse_ron, read_ron};
use super::mission::{Mineral, Pickup};
use super::rules_numbers::RuleNumbers;
use super::weapons::PrimaryWeapons;
use serde::de::DeserializeOwned;
use std::collections::BTreeSet;
use std::path::Path;

/// Event cards in the box, special ones included (published component list).
pub const EVENT_CARDS: u64 = 50;
/// Special Event cards among them.
pub const SPECIAL_EVENT_CARDS: u64 = 14;
pub const SWARM_CARDS: u64 = 13;
pub const ROCK_AND_STONE_CARDS: u64 = 18;
pub const THROWABLE_CARDS: u64 = 16;
pub const SECONDARY_WEAPONS: u64 = 9;
pub const RESUPPLY_CARDS: u64 = 9;
pub const UPGRADE_TOKENS: u64 = 10;
/// Unknown-pickup tokens in the box.
pub const PICKUPS: [(Pickup, u32); 6] = [
    (Pickup::LootBug, 4),
    (Pickup::AlienEgg, 5),
    (Pickup::ApocaBloom, 5),
    (Pickup::Fossil, 5),
    (Pickup::BarleyBulb, 3),
    (Pickup::RedSugar, 2),
];
/// Wall mineral tokens in the box.
pub const WALL_MINERALS: [(Mineral, u32); 4] = [(Mineral::Nitra, 13), (Mineral::Gold, 13), (Mineral::Morkite, 13), (Mineral::Aquarq, 6)];

/// A table read from `assets/` that can say what is wrong with it.
pub trait Checked: DeserializeOwned {
    /// Every problem found, as sentences without the file name.
    fn problems(&self) -> Vec<String>;
}

/// Check one asset file's text when its file name is one of the box's tables; `None` for any other
/// file. Parse errors come as `FILE:LINE:COL: ...`, the rest as `FILE: ...`.
pub fn validate_asset(path: &Path, text: &str) -> Option<Vec<Problem>> {
    let name = path.display().to_string();
    let result = match path.file_name()?.to_str()? {
        "events.ron" => parse_checked::<Vec<EventCard>>(&name, text).err(),
        "swarms.ron" => parse_checked::<Vec<SwarmCard>>(&name, text).err(),
        "rock_and_stone.ron" => parse_checked::<Vec<RockAndStoneCard>>(&name, text).err(),
        "throwables.ron" => parse_checked::<Vec<Throwable>>(&name, text).err(),
        "secondaries.ron" => parse_checked::<Vec<SecondaryWeapon>>(&name, text).err(),
        "resupply.ron" => parse_checked::<Vec<ResupplyCard>>(&name, text).err(),
        "upgrades.ron" => parse_checked::<Vec<UpgradeToken>>(&name, text).err(),
        "box.ron" => parse_checked::<BoxCounts>(&name, text).err(),
        "dice.ron" => parse_checked::<DiceTable>(&name, text).err(),
        "creatures.ron" => parse_checked::<CreatureTable>(&name, text).err(),
        "weapons.ron" => parse_checked::<PrimaryWeapons>(&name, text).err(),
        "rules.ron" => parse_checked::<RuleNumbers>(&name, text).err(),
        _ => return None,
    };
    Some(result.unwrap_or_default())
}

/// Read, parse and check one asset file; every problem names the file.
pub fn load_checked<T: Checked>(path: &Path) -> Result<T, Vec<Problem>> {
    let value = read_ron::<T>(path).map_err(|p| vec![p])?;
    named(&path.display().to_string(), value)
}

/// Parse and check an asset's text.
fn parse_checked<T: Checked>(name: &str, text: &str) -> Result<T, Vec<Problem>> {
    let value = parse_ron::<T>(name, text).map_err(|p| vec![p])?;
    named(name, value)
}

/// The value, or its problems prefixed with the file name.
fn named<T: Checked>(name: &str, value: T) -> Result<T, Vec<Problem>> {
    let problems = value.problems();
    if problems.is_empty() { Ok(value) } else { Err(problems.into_iter().map(|p| Problem(format!("{name}: {p}"))).collect()) }
}

/// Empty names, and names used twice.
fn names<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for name in names {
        if name.trim().is_empty() {
            out.push("an entry has no name".to_string());
        } else if !seen.insert(name) {
            out.push(format!("{name}: the name is used twice"));
        }
    }
    out
}

/// Card text for the screen that is missing.
fn text(name: &str, text: &str, out: &mut Vec<String>) {
    if text.trim().is_empty() {
        out.push(format!("{name}: no text for the screen"));
    }
}

/// A deck whose size is not the box's.
fn size(what: &str, found: u64, box_has: u64, out: &mut Vec<String>) {
    if found != box_has {
        out.push(format!("{what} has {found} cards counting copies; the box has {box_has}"));
    }
}

/// Sum of copies, never overflowing.
fn total<'a>(copies: impl Iterator<Item = &'a u32>) -> u64 {
    copies.map(|c| u64::from(*c)).sum()
}

/// An entry that puts no card in the deck.
fn no_copies(name: &str, copies: u32, out: &mut Vec<String>) {
    if copies == 0 {
        out.push(format!("{name}: 0 copies"));
    }
}

/// Dice a weapon or throwable can roll: not the Mineral die or the creatures' die.
fn attack_die(d: DieKind) -> bool {
    !matches!(d, DieKind::Mineral | DieKind::Creature)
}

/// Tunnel Exits a card names that do not exist.
fn place(card: &str, p: &Place, out: &mut Vec<String>) {
    let exit = |n: &u8, out: &mut Vec<String>| {
        if !(1..=3).contains(n) {
            out.push(format!("{card}: Tunnel Exit {n} does not exist; Exits are 1, 2 and 3"));
        }
    };
    match p {
        Place::Exit(n) | Place::NextToExit(n) => exit(n, out),
        Place::FirstRevealed(list) if list.is_empty() => out.push(format!("{card}: FirstRevealed names no Exit")),
        Place::FirstRevealed(list) => list.iter().for_each(|n| exit(n, out)),
        Place::EveryExit | Place::ExitNearestActive | Place::ExitNearestAnyDwarf | Place::NearExitNearestActive => {}
    }
}

/// No card of the box counts further than the Swarm Threat meter is long: a bound on every number
/// an Event card carries, checked before any game scales with it.
const MOST_ON_A_CARD: u32 = 20;

/// An Event step with numbers that make it do nothing, count past any card's, or point nowhere.
fn event_effect(card: &str, e: &EventEffect, out: &mut Vec<String>) {
    use EventEffect::*;
    let count = match e {
        Spawn(_, n, _) | HurtActive(_, n) | HealAll(n) | RockAndStoneAll(n) | PrimaryAmmoAll(n) | AddToMule(_, n) | ReviveOne(n) => *n,
        SwarmThreat(n) => n.unsigned_abs(),
        Grab { damage, .. } => *damage,
        _ => 0,
    };
    if count > MOST_ON_A_CARD {
        out.push(format!("{card}: {e:?} counts {count}; a card counts at most {MOST_ON_A_CARD}"));
    }
    let zero = match e {
        Spawn(_, n, p) => {
            place(card, p, out);
            *n == 0
        }
        PlacePickup(_, p) => {
            place(card, p, out);
            false
        }
        IfStanding(steps) => {
            steps.iter().for_each(|s| event_effect(card, s, out));
            steps.is_empty()
        }
        SwarmThreat(n) => *n == 0,
        HurtActive(_, n) | HealAll(n) | RockAndStoneAll(n) | PrimaryAmmoAll(n) | AddToMule(_, n) | ReviveOne(n) => *n == 0,
        Grab { damage, knock_over } => *damage == 0 && !knock_over,
        Ambush(_) | ActivateAll | MissionEvent | MineralRoll { .. } | SetAsideSwarm | FreeResupply | Nothing => false,
    };
    if zero {
        out.push(format!("{card}: {e:?} does nothing; use Nothing for a card without effect"));
    }
}

impl Checked for Vec<EventCard> {
    fn problems(&self) -> Vec<String> {
        let mut out = names(self.iter().map(|c| c.name.as_str()));
        size("the Event deck", total(self.iter().map(|c| &c.copies)), EVENT_CARDS, &mut out);
        let special = total(self.iter().filter(|c| c.special).map(|c| &c.copies));
        if special != SPECIAL_EVENT_CARDS {
            out.push(format!("{special} Event cards are marked special; the box has {SPECIAL_EVENT_CARDS}"));
        }
        for c in self {
            no_copies(&c.name, c.copies, &mut out);
            text(&c.name, &c.text, &mut out);
            if c.effects.is_empty() {
                out.push(format!("{}: no effects", c.name));
            }
            c.effects.iter().for_each(|e| event_effect(&c.name, e, &mut out));
        }
        out
    }
}

impl Checked for Vec<SwarmCard> {
    fn problems(&self) -> Vec<String> {
        let mut out = names(self.iter().map(|c| c.name.as_str()));
        size("the Swarm deck", total(self.iter().map(|c| &c.copies)), SWARM_CARDS, &mut out);
        for c in self {
            no_copies(&c.name, c.copies, &mut out);
            text(&c.name, &c.text, &mut out);
            if c.places.is_empty() {
                out.push(format!("{}: places no creatures", c.name));
            }
            for (kind, n, p) in &c.places {
                place(&c.name, p, &mut out);
                if *n == 0 {
                    out.push(format!("{}: places 0 {kind:?}", c.name));
                }
            }
        }
        out
    }
}

impl Checked for Vec<RockAndStoneCard> {
    fn problems(&self) -> Vec<String> {
        use RockAndStoneEffect::*;
        let mut out = names(self.iter().map(|c| c.name.as_str()));
        size("the Rock and Stone deck", total(self.iter().map(|c| &c.copies)), ROCK_AND_STONE_CARDS, &mut out);
        for c in self {
            no_copies(&c.name, c.copies, &mut out);
            text(&c.name, &c.text, &mut out);
            let count = match &c.effect {
                Heal(n) | ReviveOrStandUp(n) | ExtraDiceNextAttack(n) | DrawThrowables(n) => *n,
                Ammo { primary, secondary } => (*primary).max(*secondary),
                SwarmThreat(n) => n.unsigned_abs(),
                _ => 0,
            };
            if count > MOST_ON_A_CARD {
                out.push(format!("{}: {:?} counts {count}; a card counts at most {MOST_ON_A_CARD}", c.name, c.effect));
            }
            let idle = match &c.effect {
                Heal(n) | ReviveOrStandUp(n) | ExtraDiceNextAttack(n) | DrawThrowables(n) => *n == 0,
                Ammo { primary, secondary } => *primary == 0 && *secondary == 0,
                Clear(list) => list.is_empty(),
                SwarmThreat(n) => *n == 0,
                FreeMove | FreeAction | RerollLastRoll | PlaceFlare | CollectWallMineral => false,
            };
            if idle {
                out.push(format!("{}: {:?} does nothing", c.name, c.effect));
            }
            if c.target == Target::Within(0) {
                out.push(format!("{}: Within(0) reaches no other space; use Yourself", c.name));
            }
        }
        out
    }
}

/// Problems of one list of throwable effects; `nested` inside a token's effects.
fn throw_effects(card: &str, effects: &[ThrowEffect], nested: bool, out: &mut Vec<String>) {
    use ThrowEffect::*;
    if effects.is_empty() {
        out.push(format!("{card}: no effects"));
    }
    let rolls = effects.iter().any(|e| matches!(e, Roll(..)));
    for e in effects {
        match e {
            Roll(d, n) if *n == 0 || !attack_die(*d) => out.push(format!("{card}: cannot roll {n} {d:?} dice")),
            IgnoreResistance | IgnoreAxeResistance if !rolls => {
                out.push(format!("{card}: {e:?} but no Roll beside it"));
            }
            ProximityMine(_) | SatchelCharge(_) if nested => {
                out.push(format!("{card}: a token cannot hold another token"));
            }
            ProximityMine(inner) | SatchelCharge(inner) => throw_effects(card, inner, true, out),
            _ => {}
        }
    }
}

impl Checked for Vec<Throwable> {
    fn problems(&self) -> Vec<String> {
        let mut out = names(self.iter().map(|c| c.name.as_str()));
        size("the Throwables deck", self.len() as u64, THROWABLE_CARDS, &mut out);
        for c in self {
            text(&c.name, &c.text, &mut out);
            if c.range == 0 {
                out.push(format!("{}: range 0; the nearest space is 1 away", c.name));
            }
            throw_effects(&c.name, &c.effects, false, &mut out);
        }
        out
    }
}

/// Problems of one side of a secondary weapon card.
fn secondary_side(name: &str, which: &str, s: &SecondarySide, out: &mut Vec<String>) {
    text(&format!("{name} ({which})"), &s.text, out);
    if s.dice.is_empty() {
        out.push(format!("{name} ({which}): rolls no dice"));
    }
    for (d, n) in &s.dice {
        if *n == 0 || !attack_die(*d) {
            out.push(format!("{name} ({which}): cannot roll {n} {d:?} dice"));
        }
    }
    if s.range == 0 {
        out.push(format!("{name} ({which}): range 0; the nearest space is 1 away"));
    }
    if s.extras.contains(&SecondaryExtra::ScareOnHit(0)) {
        out.push(format!("{name} ({which}): ScareOnHit(0) moves nothing"));
    }
}

impl Checked for Vec<SecondaryWeapon> {
    fn problems(&self) -> Vec<String> {
        let mut out = names(self.iter().map(|c| c.name.as_str()));
        size("the secondary weapon deck", self.len() as u64, SECONDARY_WEAPONS, &mut out);
        for w in self {
            if w.actions == 0 && w.ammo == 0 {
                out.push(format!("{}: a shot costs neither an action nor ammo", w.name));
            }
            secondary_side(&w.name, "normal", &w.normal, &mut out);
            secondary_side(&w.name, "overclocked", &w.overclocked, &mut out);
        }
        out
    }
}

impl Checked for Vec<ResupplyCard> {
    fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        size("the Resupply pod deck", self.len() as u64, RESUPPLY_CARDS, &mut out);
        for (i, c) in self.iter().enumerate() {
            if c.primary == 0 && c.secondary == 0 && c.health == 0 {
                out.push(format!("Resupply card {} brings nothing", i + 1));
            }
        }
        out
    }
}

impl Checked for Vec<UpgradeToken> {
    fn problems(&self) -> Vec<String> {
        let mut out = names(self.iter().map(|t| t.name.as_str()));
        if self.len() as u64 != UPGRADE_TOKENS {
            out.push(format!("{} Weapon Upgrade tokens; the box has {UPGRADE_TOKENS}", self.len()));
        }
        for t in self {
            text(&t.name, &t.text, &mut out);
            match t.effect {
                UpgradeEffect::ExtraRange(0) => out.push(format!("{}: ExtraRange(0) adds nothing", t.name)),
                UpgradeEffect::ExtraDie(d) if !attack_die(d) => {
                    out.push(format!("{}: the {d:?} die cannot join a weapon's roll", t.name));
                }
                _ => {}
            }
        }
        out
    }
}

impl Checked for BoxCounts {
    fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (kind, n) in PICKUPS {
            let found = self.pickups.get(&kind).copied().unwrap_or(0);
            if found != n {
                out.push(format!("{found} {kind:?} pickups listed; the box has {n}"));
            }
        }
        for (kind, n) in WALL_MINERALS {
            let found = self.wall_minerals.get(&kind).copied().unwrap_or(0);
            if found != n {
                out.push(format!("{found} {kind:?} wall minerals listed; the box has {n}"));
            }
        }
        out
    }
}

impl Checked for DiceTable {
    fn problems(&self) -> Vec<String> {
        DiceTable::problems(self)
    }
}

impl Checked for CreatureTable {
    fn problems(&self) -> Vec<String> {
        CreatureTable::problems(self)
    }
}

impl Checked for PrimaryWeapons {
    fn problems(&self) -> Vec<String> {
        PrimaryWeapons::problems(self)
    }
}

/// The longest Swarm Threat meter the rules file may ask for.
const MAX_METER_STEPS: u32 = 40;

impl Checked for RuleNumbers {
    fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let meter = &self.swarm_meter;
        // The box's meter has 20 steps; a longer one is drawn a box a step on the side panel.
        if meter.steps > MAX_METER_STEPS {
            out.push(format!("the Swarm Threat meter has {} steps; at most {MAX_METER_STEPS}", meter.steps));
        }
        if meter.start == 0 || meter.start >= meter.steps {
            out.push(format!("the Swarm Threat marker starts on step {} of {}", meter.start, meter.steps));
        }
        for s in &meter.swarm_steps {
            if *s <= meter.start || *s > meter.steps {
                out.push(format!("swarm step {s} is not on the meter after the start"));
            }
        }
        for n in &self.special_cards_by_hazard {
            if u64::from(*n) > SPECIAL_EVENT_CARDS {
                out.push(format!("{n} special Event cards asked for; the box has {SPECIAL_EVENT_CARDS}"));
            }
        }
        out
    }
}
