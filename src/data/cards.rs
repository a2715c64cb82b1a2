//! The Event deck and the Swarm deck as data: each card's text for the screen, in our own words, and
//! its effect as steps the event-deck rules carry out in order. Below them the other cards and
//! tokens of the box: Rock and Stone, Throwables, secondary weapons, Resupply pods, Weapon Upgrades
//! and the counted tokens. Their checks are in `deck_check`.

use super::creatures::CreatureKind;
use super::dice::DieKind;
use super::mission::{Item, Mineral, Pickup};
use super::weapons::{LineRule, Spread};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where a card puts creatures or tokens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Place {
    /// At Tunnel Exit I, II or III (nothing when that Exit is not revealed).
    Exit(u8),
    /// At the first of these Exits that is revealed (Mactera Flight: III, else II).
    FirstRevealed(Vec<u8>),
    /// At every revealed Exit.
    EveryExit,
    /// At the revealed Exit nearest the active Dwarf.
    ExitNearestActive,
    /// At the revealed Exit nearest any Dwarf.
    ExitNearestAnyDwarf,
    /// On the vacant spaces next to an Exit, not on it (Brood Nexus).
    NextToExit(u8),
    /// On the empty space nearest the Exit nearest the active Dwarf (Hungry Loot Bug).
    NearExitNearestActive,
}

/// One step of an Event card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventEffect {
    /// Move the Swarm Threat marker (negative: back, never below the start).
    SwarmThreat(i32),
    Spawn(CreatureKind, u32, Place),
    /// A creature bursts out next to the active Dwarf; the others may take reaction shots; if it
    /// lives it attacks him (Slasher Ambush).
    Ambush(CreatureKind),
    /// Something grabs the active Dwarf; reaction shots, any hit frees him; else he takes this much
    /// damage and is knocked over (Cave Leech).
    Grab {
        damage: u32,
        knock_over: bool,
    },
    /// Every creature activates, in creature-table order.
    ActivateAll,
    /// Carry out the mission's own Mission Event.
    MissionEvent,
    /// The active Dwarf rolls these dice; each hit is 1 damage to him (Falling Rocks).
    HurtActive(DieKind, u32),
    /// The active Dwarf may carry these out, if he is standing (optional cards).
    IfStanding(Vec<EventEffect>),
    /// Roll the Mineral die and collect the result; on a blank move the threat this far.
    MineralRoll {
        on_blank_threat: i32,
    },
    /// Put the top Swarm card aside: the next swarm resolves it too (Double Trouble).
    SetAsideSwarm,
    /// Place a pickup face up (Hungry Loot Bug).
    PlacePickup(Pickup, Place),
    /// Every conscious Dwarf regains Health.
    HealAll(u32),
    /// A Resupply pod is called for free.
    FreeResupply,
    /// Every Dwarf draws Rock and Stone cards.
    RockAndStoneAll(u32),
    /// Every Dwarf gains primary ammo (up to his slots).
    PrimaryAmmoAll(u32),
    AddToMule(Item, u32),
    /// Revive one unconscious Dwarf with this much Health.
    ReviveOne(u32),
    /// Nothing happens.
    Nothing,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventCard {
    pub name: String,
    pub copies: u32,
    /// Special cards are set apart and mixed in by hazard level.
    #[serde(default)]
    pub special: bool,
    pub text: String,
    pub effects: Vec<EventEffect>,
}

/// What a Swarm card places; then every creature activates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwarmCard {
    pub name: String,
    pub copies: u32,
    pub text: String,
    pub places: Vec<(CreatureKind, u32, Place)>,
}

/// Whom a Rock and Stone card is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// The Dwarf who plays it.
    Yourself,
    /// Another Dwarf (a lone Dwarf playing with BOSCO may pick himself, as the rulebook says).
    Another,
    /// Any Dwarf, the player's own included.
    Any,
    /// Any Dwarf within this many spaces of the player's own, himself included.
    Within(u32),
    /// No Dwarf: the card acts on a roll, a space, an attack or the Swarm Threat meter.
    NoDwarf,
}

/// A condition a card can take off a Dwarf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Stunned,
    Webbed,
}

/// What a Rock and Stone card does to its target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RockAndStoneEffect {
    /// The target takes one Move action now, for free.
    FreeMove,
    /// The target takes one action of any kind now, for free.
    FreeAction,
    /// Reroll every die of the roll just made.
    RerollLastRoll,
    /// The target regains this much Health (up to his board).
    Heal(u32),
    /// Revive the target with this much Health if unconscious, or stand him up if knocked over.
    ReviveOrStandUp(u32),
    /// The target gains ammo, up to his slots.
    Ammo { primary: u32, secondary: u32 },
    /// Place a Flare token on any space in line of sight of any Dwarf.
    PlaceFlare,
    /// Take these conditions off the target.
    Clear(Vec<Status>),
    /// The target collects a wall mineral next to him, without a roll.
    CollectWallMineral,
    /// Move the Swarm Threat marker (negative: back, never behind a swarm step already passed).
    SwarmThreat(i32),
    /// The next attack this turn rolls this many more dice of its weapon's type.
    ExtraDiceNextAttack(u32),
    /// The target draws this many Throwable cards.
    DrawThrowables(u32),
}

/// `assets/rock_and_stone.ron`: one entry per card name. Free to play during any Dwarf's turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RockAndStoneCard {
    pub name: String,
    pub copies: u32,
    pub text: String,
    pub target: Target,
    pub effect: RockAndStoneEffect,
}

/// The spaces a Throwable hits. The shape may be turned; only one of its spaces needs range and line
/// (ruling 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Area {
    /// The target space.
    Single,
    /// The target and two neighbours that touch each other.
    Triangle,
    /// The target and its six neighbours.
    Seven,
    /// Three spaces in a straight line going away from the thrower.
    Line3,
}

/// One step of a Throwable. Effects said to last "until your next turn" end when the thrower's next
/// turn starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ThrowEffect {
    /// Roll these dice once; the total goes to every figure in the area, Dwarves included.
    Roll(DieKind, u32),
    /// The card's roll ignores every resistance.
    IgnoreResistance,
    /// The card's roll ignores resistance to Axe.
    IgnoreAxeResistance,
    /// Every creature in the area becomes Frozen.
    Freeze,
    /// Every creature in the area becomes Stunned.
    Stun,
    /// Creatures in the area have no resistance until your next turn.
    Corrode,
    /// Flame tokens on the empty spaces of the area until your next turn.
    FlameTokens,
    /// Until your next turn Dwarves reroll one die per attack against creatures in the area.
    RerollAura,
    /// A Proximity Mine token on the target: the first creature to walk (not fly) into it sets it
    /// off with these effects; a Scare result sends it back where it came from and ends its move.
    ProximityMine(Vec<ThrowEffect>),
    /// A Satchel Charge token on the area: the thrower sets it off whenever he likes, even during
    /// creature moves, with these effects.
    SatchelCharge(Vec<ThrowEffect>),
    /// Creatures may enter the area but not leave it (flyers too) until your next turn.
    Inhibit,
    /// A L.U.R.E. token on the target until your next turn: creatures not closer to a Dwarf go for it.
    Lure,
    /// Carve out every wall space of the area; their minerals drop on the ground.
    CarveWalls,
    /// Destroy the stalagmites of the area, rolling the Mineral die for each when `mineral_roll`.
    DestroyStalagmites { mineral_roll: bool },
    /// Destroy the platforms of the area.
    DestroyPlatforms,
    /// Knock over every Dwarf in the area.
    KnockOverDwarves,
}

/// `assets/throwables.ron`: one card each. Only walls block a throw's line (ruling 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Throwable {
    pub name: String,
    pub text: String,
    pub range: u32,
    pub area: Area,
    pub effects: Vec<ThrowEffect>,
}

/// A secondary weapon's special rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SecondaryExtra {
    /// Every creature hit is scared this many spaces.
    ScareOnHit(u32),
    /// Reroll one die per attack.
    RerollOne,
    /// A double face also stuns the creature it hits.
    DoubleStuns,
    /// The attack ignores resistance.
    IgnoreResistance,
    /// Every result also lands on one space next to the target, the shooter's pick.
    AlsoNextSpace,
}

/// One side of a secondary weapon card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecondarySide {
    pub text: String,
    pub dice: Vec<(DieKind, u32)>,
    pub range: u32,
    pub spread: Spread,
    pub line: LineRule,
    /// The results also hurt Dwarves they land on.
    #[serde(default)]
    pub hits_dwarves: bool,
    #[serde(default)]
    pub extras: Vec<SecondaryExtra>,
}

/// `assets/secondaries.ron`: a card with a normal and an overclocked side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecondaryWeapon {
    pub name: String,
    /// Cost of a shot, on either side.
    pub actions: u32,
    pub ammo: u32,
    pub normal: SecondarySide,
    pub overclocked: SecondarySide,
}

/// `assets/resupply.ron`: what one Resupply pod card brings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResupplyCard {
    pub primary: u32,
    pub secondary: u32,
    pub health: u32,
}

/// What a Weapon Upgrade token does to the weapon it sits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UpgradeEffect {
    /// Pick one die result per attack: its effect counts twice (a Scare moves up to 4 spaces).
    DoubleOne,
    /// The weapon ignores resistance.
    IgnoreResistance,
    /// The weapon reaches this many spaces farther.
    ExtraRange(u32),
    /// Reroll one die per attack.
    RerollOne,
    /// Every creature hit is Stunned.
    StunOnHit,
    /// One die of this kind joins the weapon's roll.
    ExtraDie(DieKind),
    /// The weapon may be fired paying either primary or secondary ammo.
    AnyAmmo,
}

/// `assets/upgrades.ron`: one entry per token; a token is named by its index in the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UpgradeToken {
    pub name: String,
    pub text: String,
    pub effect: UpgradeEffect,
}

/// `assets/box.ron`: the tokens of the box that are not cards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoxCounts {
    /// The round unknown-pickup tokens, by kind.
    pub pickups: BTreeMap<Pickup, u32>,
    /// The mineral tokens laid in walls, by kind.
    pub wall_minerals: BTreeMap<Mineral, u32>,
}
