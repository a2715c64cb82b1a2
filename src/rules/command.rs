//! Commands in: every player decision, serialisable. The save file is the list of them.

use super::hex::Qr;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Walk along these spaces, each next to the one before (the first next to the Dwarf).
    Move(Vec<Qr>),
    /// Roll the Axe die; each success is then spent by a choice.
    Chop,
    /// Fire the primary weapon in a mode at a target space.
    Shoot { mode: String, target: Qr },
    /// Answer the pending choice.
    Choose(Answer),
    EndTurn,
    /// Launch the Drop Pod with every conscious Dwarf aboard (ruling 26).
    Launch,
}

impl Command {
    pub fn name(&self) -> &'static str {
        match self {
            Command::Move(_) => "Move",
            Command::Chop => "Axe chop",
            Command::Shoot { .. } => "Shoot",
            Command::Choose(_) => "Choose",
            Command::EndTurn => "End turn",
            Command::Launch => "Launch",
        }
    }
}

/// What one axe success is spent on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChopTarget {
    /// A mineral in an adjacent wall (the wall is carved too) or lying on the Dwarf's own space.
    Mine(Qr),
    /// Carve an adjacent wall without a mineral.
    Carve(Qr),
    Stalagmite(Qr),
    LootBug(Qr),
    RedSugar(Qr),
    AlienEgg(Qr),
    /// One hit on an adjacent creature, by id.
    Creature(u32),
    /// Let the success go.
    Nothing,
}

/// An answer to a pending choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    Chop(ChopTarget),
    /// Lay die `die` (its index in the roll) on a space of the damage chain.
    Place { die: usize, at: Qr },
    /// The two spaces that make the triangle with the target.
    Triangle(Qr, Qr),
    /// Keep this die of the roll.
    Keep(usize),
    /// Move the scared creature along these spaces (possibly none).
    Scare(Vec<Qr>),
    /// Take a reaction shot with this fire mode.
    React(String),
    /// Let the reaction shot go.
    Pass,
    /// Take (true) or leave (false) an optional card's offer.
    Accept(bool),
    /// Reroll this die of the roll just made.
    Reroll(usize),
    /// This die's result counts twice.
    Double(usize),
}

/// Commands waiting to be applied, oldest first.
#[derive(Resource, Default, Debug)]
pub struct CommandQueue(pub VecDeque<Command>);

/// The command being applied this update.
#[derive(Resource, Default, Debug)]
pub struct Current(pub Option<Command>);

/// Every command the rules accepted, in order: with the mission, seed, hazard and Dwarves this is the
/// save file, the replay and the bug report.
#[derive(Resource, Default, Debug, Clone, Serialize, Deserialize)]
pub struct CommandLog(pub Vec<Command>);

/// The last command the rules refused, and why.
#[derive(Resource, Default, Debug)]
pub struct Rejected(pub Option<(Command, String)>);

/// A choice the rules are waiting for in the middle of an action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingChoice {
    pub prompt: String,
    /// The legal answers; headless play takes the first (ruling 4's default).
    pub options: Vec<Answer>,
}

#[derive(Resource, Default, Debug)]
pub struct Pending(pub Option<PendingChoice>);
