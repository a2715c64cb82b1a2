//! Events out: what happened, in words the screen and the log can show.

use super::hex::Qr;
use crate::data::creatures::CreatureKind;
use crate::data::dice::{DieKind, Symbol};
use crate::data::mission::{Item, Mineral, Pickup};
use crate::data::weapons::DwarfClass;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// Who did or suffered something.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Who {
    Dwarf(DwarfClass),
    Creature { kind: CreatureKind, id: u32 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DieRoll {
    pub die: DieKind,
    pub face: usize,
    pub symbols: Vec<Symbol>,
}

#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum GameEvent {
    MissionStarted { name: String },
    TurnStarted { turn: u32, dwarf: DwarfClass, actions: u32 },
    TurnEnded { dwarf: DwarfClass },
    /// The end-of-turn Event card is drawn here once the Event deck is in.
    EventDrawPending { dwarf: DwarfClass },
    Moved { who: Who, path: Vec<Qr> },
    Rolled { who: Who, dice: Vec<DieRoll> },
    AmmoSpent { dwarf: DwarfClass, primary: u32, secondary: u32 },
    Chop { dwarf: DwarfClass, successes: u32 },
    Mined { item: Item, at: Qr },
    Carved { at: Qr },
    StalagmiteDestroyed { at: Qr },
    CaveRevealed { letter: char, name: String },
    PickupRevealed { pickup: Pickup, at: Qr },
    Collected { item: Item, at: Qr },
    Harvested { pickup: Pickup, at: Qr },
    Healed { dwarf: DwarfClass, amount: u32, health: u32 },
    /// Hits of one die type on a figure, what resistance took away and the damage that landed.
    Damaged { who: Who, die: DieKind, hits: u32, resisted: u32, damage: u32, health: u32, note: String },
    Killed { who: Who },
    Unconscious { dwarf: DwarfClass },
    Spawned { who: Who, at: Qr },
    NothingSpawned { kind: CreatureKind, reason: String },
    Scared { who: Who, path: Vec<Qr> },
    EventCard { dwarf: DwarfClass, name: String, text: String },
    MissionEventCard { text: String },
    SwarmThreat { step: u32, of: u32 },
    SwarmCard { name: String, text: String },
    SwarmSetAside,
    CreaturesActivate { count: u32 },
    Activated { who: Who },
    SkipsActivation { who: Who, why: String },
    Attacks { who: Who, target: DwarfClass },
    Afflicted { dwarf: DwarfClass, status: String },
    Exploded { at: Qr },
    Crashed { at: Qr },
    NoReaction { dwarf: DwarfClass },
    GrabBroken { by: DwarfClass },
    Grabbed { dwarf: DwarfClass },
    PickupPlaced { pickup: Pickup, at: Qr },
    MineralDropped { mineral: Mineral, at: Qr },
    AmmoGained { dwarf: DwarfClass, primary: u32 },
    Revived { dwarf: DwarfClass, health: u32 },
    Skipped { why: String },
    CreatureStunned { who: Who },
    Rerolled { who: Who, die: usize, roll: DieRoll },
    Doubled { die: usize },
    CardsDrawn { dwarf: DwarfClass, rock_and_stone: u32, throwables: u32 },
    ResupplyLanded { at: Qr, primary: u32, secondary: u32, health: u32 },
    MissionEnded { result: super::end::Result, reason: String },
}

/// The game's record of what happened (Bevy messages live two updates; this lives as long as the
/// game). The screen reads new entries from `seen` on.
#[derive(Resource, Default, Debug, Clone)]
pub struct GameLog(pub Vec<GameEvent>);

impl GameLog {
    pub fn push(&mut self, e: GameEvent) {
        self.0.push(e);
    }
}
