//! Events out: what happened, in words the screen and the log can show.

use super::hex::Qr;
use crate::data::creatures::CreatureKind;
use crate::data::dice::{DieKind, Symbol};
use crate::data::mission::{Item, Mineral, Pickup};
use crate::data::weapons::DwarfClass;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A count with its noun, the noun in the plural unless the count is one: "1 space", "3 spaces",
/// "2 successes" (a noun ending in s takes -es).
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    let plural = match (n, noun.ends_with('s')) {
        (1, _) => "",
        (_, true) => "es",
        (_, false) => "s",
    };
    format!("{n} {noun}{plural}")
}

/// Who did or suffered something.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Who {
    Dwarf(DwarfClass),
    Creature { kind: CreatureKind, id: u32 },
    Bosco,
    SentryGun,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DieRoll {
    pub die: DieKind,
    pub face: usize,
    pub symbols: Vec<Symbol>,
}

/// Why a Dwarf takes no reaction shot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoReactionWhy {
    /// He stands further than the reaction distance from the Dwarf attacked.
    TooFar { spaces: u32, most: u32 },
    /// He is knocked over, webbed or out cold.
    NotStanding,
    /// No weapon of his he has the ammo for reaches the creature (range, sight).
    NoWeaponReaches,
    /// The creature is gone (killed by an earlier reaction).
    #[default]
    Gone,
}

#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GameEvent {
    MissionStarted {
        name: String,
    },
    TurnStarted {
        turn: u32,
        dwarf: DwarfClass,
        actions: u32,
    },
    TurnEnded {
        dwarf: DwarfClass,
    },
    Moved {
        who: Who,
        path: Vec<Qr>,
    },
    Rolled {
        who: Who,
        dice: Vec<DieRoll>,
    },
    AmmoSpent {
        dwarf: DwarfClass,
        primary: u32,
        secondary: u32,
    },
    Chop {
        dwarf: DwarfClass,
        successes: u32,
    },
    Mined {
        item: Item,
        at: Qr,
    },
    Carved {
        at: Qr,
    },
    StalagmiteDestroyed {
        at: Qr,
    },
    CaveRevealed {
        letter: char,
        name: String,
    },
    PickupRevealed {
        pickup: Pickup,
        at: Qr,
    },
    Collected {
        item: Item,
        at: Qr,
    },
    Harvested {
        pickup: Pickup,
        at: Qr,
    },
    Healed {
        dwarf: DwarfClass,
        amount: u32,
        health: u32,
    },
    /// Hits of one die type on a figure, what resistance took away and the damage that landed.
    Damaged {
        who: Who,
        die: DieKind,
        hits: u32,
        resisted: u32,
        damage: u32,
        health: u32,
        note: String,
    },
    Killed {
        who: Who,
    },
    Unconscious {
        dwarf: DwarfClass,
    },
    Spawned {
        who: Who,
        at: Qr,
    },
    NothingSpawned {
        kind: CreatureKind,
        reason: String,
    },
    Scared {
        who: Who,
        path: Vec<Qr>,
    },
    EventCard {
        dwarf: DwarfClass,
        name: String,
        text: String,
    },
    MissionEventCard {
        text: String,
    },
    SwarmThreat {
        step: u32,
        of: u32,
    },
    SwarmCard {
        name: String,
        text: String,
    },
    SwarmSetAside,
    CreaturesActivate {
        count: u32,
    },
    Activated {
        who: Who,
    },
    SkipsActivation {
        who: Who,
        why: String,
    },
    Attacks {
        who: Who,
        target: DwarfClass,
    },
    Afflicted {
        dwarf: DwarfClass,
        status: String,
    },
    Exploded {
        at: Qr,
    },
    Crashed {
        at: Qr,
    },
    /// A Dwarf offered a reaction shot takes none, and why (rulings 24, 30).
    NoReaction {
        dwarf: DwarfClass,
        #[serde(default)]
        why: NoReactionWhy,
    },
    GrabBroken {
        by: DwarfClass,
    },
    Grabbed {
        dwarf: DwarfClass,
    },
    PickupPlaced {
        pickup: Pickup,
        at: Qr,
    },
    MineralDropped {
        mineral: Mineral,
        at: Qr,
    },
    AmmoGained {
        dwarf: DwarfClass,
        primary: u32,
    },
    Revived {
        dwarf: DwarfClass,
        health: u32,
    },
    Skipped {
        why: String,
    },
    CreatureStunned {
        who: Who,
    },
    Rerolled {
        who: Who,
        die: usize,
        roll: DieRoll,
    },
    Doubled {
        die: usize,
    },
    CardsDrawn {
        dwarf: DwarfClass,
        rock_and_stone: u32,
        throwables: u32,
    },
    ResupplyLanded {
        at: Qr,
        primary: u32,
        secondary: u32,
        health: u32,
    },
    MissionEnded {
        result: super::state::Result,
        reason: String,
    },
    /// Minerals paid from the M.U.L.E. (an Overclock, a Resupply pod).
    Paid {
        item: Item,
        n: u32,
    },
    Overclocked {
        dwarf: DwarfClass,
        weapon: String,
    },
    SuppliesTaken {
        dwarf: DwarfClass,
        primary: u32,
        secondary: u32,
        health: u32,
    },
    /// The last supplies were taken: the pod token goes and its card is discarded.
    ResupplyEmptied {
        at: Qr,
    },
    Exchanged {
        dwarf: DwarfClass,
        with: DwarfClass,
        gave: super::command::Supplies,
        took: super::command::Supplies,
    },
    /// A knocked-over Dwarf is on his feet again, by himself or helped by another.
    StoodUp {
        dwarf: DwarfClass,
        helped_by: Option<DwarfClass>,
    },
    /// A Weapon Upgrade token put on a weapon, maybe in place of one that is discarded.
    UpgradeFitted {
        dwarf: DwarfClass,
        upgrade: String,
        weapon: super::components::WeaponSlot,
        discarded: Option<String>,
    },
    /// A Weapon Upgrade token left where it lies (no free slot and none given up).
    UpgradeLeft {
        dwarf: DwarfClass,
        at: Qr,
    },
    /// Class gear put on the cave: a Flare, Flames, Zipline pieces, the Shield, the Sentry Gun, Platforms.
    GearPlaced {
        dwarf: DwarfClass,
        token: super::components::Token,
        at: Vec<Qr>,
    },
    /// A gear token taken back by its owner (his next turn, reused elsewhere, a struck Shield).
    GearReturned {
        token: super::components::Token,
        at: Qr,
    },
    /// The Driller drilled into rock and stands in the new space (Power Drilling).
    Drilled {
        at: Qr,
    },
    /// A Dwarf walked into Flames this Move (ruling 10).
    WalkedIntoFlames {
        dwarf: DwarfClass,
    },
    /// A creature could only spawn on a Flame: the token is gone.
    FlameSmothered {
        at: Qr,
    },
    /// A creature's attack or effect did not touch a shielded Dwarf.
    ShieldHeld {
        dwarf: DwarfClass,
    },
    /// The Sentry Gun fires at a creature that moved or spawned near it (ruling 21).
    SentryFires {
        at: Qr,
        target: Who,
    },
    SentryDestroyed {
        at: Qr,
    },
    /// A creature attacks the Sentry Gun instead of a Dwarf (ruling 17).
    SentryAttacked {
        who: Who,
    },
    /// BOSCO's actions begin after the Dwarf's turn (ruling 23).
    BoscoActs {
        actions: u32,
    },
    /// BOSCO is set down on a space next to the Drop Pod before the first action (set-up).
    BoscoPlaced {
        at: Qr,
    },
    /// BOSCO is gone for the rest of the mission.
    BoscoLost {
        why: String,
    },
    /// BOSCO's reaction shot hit: the grab is broken.
    GrabBrokenByBosco,
    /// A gun is fired at a space (a Dwarf's weapon, a reaction shot, BOSCO's gun or rocket): the
    /// fire mode's name and who stood there as it was aimed (since 2026-11-30).
    Fired {
        who: Who,
        weapon: String,
        at: Qr,
        aimed_at: Option<Who>,
    },
    /// A Dwarf throws a Throwable card at a space.
    Threw {
        dwarf: DwarfClass,
        card: String,
        at: Qr,
    },
    /// Where a Throwable goes off: the spaces of its area, the target first.
    Blast {
        card: String,
        area: Vec<Qr>,
    },
    /// A creature becomes Frozen, Stunned or Corroded (Throwables).
    CreatureAfflicted {
        who: Who,
        status: String,
    },
    /// A Throwable leaves tokens on the cave (Incendiary flames, a mine, a charge, the L.U.R.E.).
    ThrowableLeft {
        dwarf: DwarfClass,
        token: super::components::Token,
        at: Vec<Qr>,
    },
    PlatformDestroyed {
        at: Qr,
    },
    /// A creature walks onto a Proximity Mine and sets it off.
    MineTriggered {
        who: Who,
        at: Qr,
    },
    /// A Satchel Charge is set off by its thrower.
    Detonated {
        dwarf: DwarfClass,
        at: Qr,
    },
    /// A lured creature attacks the L.U.R.E. hologram, to no avail.
    LureAttacked {
        who: Who,
        at: Qr,
    },
    /// What this Dwarf left "until your next turn" ends as his turn starts.
    LastingEnded {
        dwarf: DwarfClass,
    },
    /// A Rock and Stone card is played, on a Dwarf when it names one.
    CardPlayed {
        dwarf: DwarfClass,
        card: String,
        on: Option<DwarfClass>,
    },
    /// This Dwarf may take one free action now; only a Move when `move_only`.
    FreeAction {
        dwarf: DwarfClass,
        move_only: bool,
    },
    /// Ammo gained from a card, as far as the slots allow.
    AmmoRestocked {
        dwarf: DwarfClass,
        primary: u32,
        secondary: u32,
    },
    StatusCleared {
        dwarf: DwarfClass,
        status: String,
    },
}

impl GameEvent {
    /// What this event made known that no player could know before (dice, a card, a hidden cave or
    /// pickup, the creatures acting), in words; `None` for what follows from the table. Undo never
    /// goes back past such an event (the Board Game Arena policy, architecture.md).
    pub fn reveals(&self) -> Option<&'static str> {
        use GameEvent::*;
        match self {
            Rolled { .. } | Rerolled { .. } => Some("the dice have been rolled"),
            // A pod landing draws its Resupply card: what it holds was not known.
            EventCard { .. } | SwarmCard { .. } | MissionEventCard { .. } | CardsDrawn { .. } | ResupplyLanded { .. } => {
                Some("a card has been drawn")
            }
            CaveRevealed { .. } => Some("a hidden cave has been revealed"),
            PickupRevealed { .. } => Some("a pickup has been turned over"),
            CreaturesActivate { .. } | Activated { .. } => Some("the creatures have acted"),
            _ => None,
        }
    }
}

/// The game's record of what happened (Bevy messages live two updates; this lives as long as the
/// game). A reader of the screen keeps how far it has read and takes [`GameLog::unread`].
#[derive(Resource, Default, Debug, Clone)]
pub struct GameLog(pub Vec<GameEvent>);

impl GameLog {
    pub fn push(&mut self, e: GameEvent) {
        self.0.push(e);
    }

    /// The entries after the first `read`, and `read` moved to the end. A game played again to a
    /// shorter log (an undo) has nothing unread until it grows past where it was.
    pub fn unread(&self, read: &mut usize) -> &[GameEvent] {
        let from = (*read).min(self.0.len());
        *read = self.0.len();
        &self.0[from..]
    }

    /// Creatures killed so far.
    pub fn creatures_killed(&self) -> usize {
        self.0.iter().filter(|e| matches!(e, GameEvent::Killed { who: Who::Creature { .. } })).count()
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    /// The log counts in words: one space, two spaces, no spaces.
    #[test]
    fn a_count_takes_the_plural_unless_it_is_one() {
        assert_eq!(counted(1u32, "space"), "1 space");
        assert_eq!(counted(3u32, "space"), "3 spaces");
        assert_eq!(counted(0u32, "Bullet hit"), "0 Bullet hits");
        assert_eq!(counted(2u32, "axe success"), "2 axe successes");
        assert_eq!(counted(1u32, "axe success"), "1 axe success");
    }
}
