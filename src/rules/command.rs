//! Commands in: every player decision, serialisable. The save file is the list of them.

use super::components::WeaponSlot;
use super::hex::Qr;
use crate::data::weapons::DwarfClass;
use bevy::ecs::system::SystemParam;
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
    Shoot {
        mode: String,
        target: Qr,
    },
    /// Answer the pending choice.
    Choose(Answer),
    EndTurn,
    /// Launch the Drop Pod with every conscious Dwarf aboard (ruling 26).
    Launch,
    /// Fire the secondary weapon at a target space, as its card's side up says.
    ShootSecondary {
        target: Qr,
    },
    /// Flip the secondary weapon to its overclocked side, paying Gold.
    Overclock,
    /// Call down the Resupply pod onto an empty floor space, paying Nitra (Gold stands in).
    CallResupply(Qr),
    /// Take ammo and Health from the Resupply pod next to the Dwarf.
    GetSupplies {
        primary: u32,
        secondary: u32,
        health: u32,
    },
    /// Hand supplies to an adjacent Dwarf and take some of his (either side may be left out), and
    /// in the same action with any other adjacent Dwarves (`also`; ruling 31).
    Exchange {
        with: DwarfClass,
        #[serde(default)]
        give: Supplies,
        #[serde(default)]
        take: Supplies,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        also: Vec<Trade>,
    },
    /// Get back on his feet after being knocked over.
    StandUp,
    /// Help an adjacent knocked-over Dwarf on his feet.
    HelpUp(DwarfClass),
    /// Revive an adjacent unconscious Dwarf.
    Revive(DwarfClass),
    /// The Scout's Flare Gun: a Flare token on a space in line of sight.
    Flare(Qr),
    /// The Gunner's Zipline launcher: pieces from his space across the adjacent pit to this space.
    Zipline(Qr),
    /// The Gunner's Shield on his space.
    Shield,
    /// The Engineer sets up (or moves) his Sentry Gun on this adjacent space.
    Sentry(Qr),
    /// The Engineer's Platform Gun: platforms on these pit spaces.
    Platforms(Vec<Qr>),
    /// One of BOSCO's actions, after the lone Dwarf's turn.
    Bosco(BoscoAction),
    /// Throw a Throwable card from the hand at a target space (1 action).
    Throw {
        card: String,
        target: Qr,
    },
    /// The Dwarf who threw a Satchel Charge sets it off: at any moment, even between two creatures'
    /// activations.
    Detonate {
        by: DwarfClass,
    },
    /// Play a Rock and Stone card from this Dwarf's hand, on a Dwarf when the card names one. Free,
    /// in any Dwarf's turn.
    PlayCard {
        by: DwarfClass,
        card: String,
        on: Option<DwarfClass>,
    },
}

/// One of BOSCO's actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BoscoAction {
    /// Fly along these spaces, each next to the one before: over pits, figures and stalagmites,
    /// never through walls; not ending on a figure or a stalagmite.
    Move(Vec<Qr>),
    /// Roll the Axe die; each success is then spent by a `Choose(Chop(...))`.
    Chop,
    /// The light gun at a space.
    LightGun(Qr),
    /// The rocket launcher at a space: both of BOSCO's actions.
    Rocket(Qr),
    /// BOSCO gives itself up: the unconscious Dwarf stands with 1 Health and takes a new turn.
    Revive,
    /// Set BOSCO down on another cave space next to the Drop Pod, before the game's first command of
    /// any other kind (rulebook "Player setup": the players place it). No action.
    Place(Qr),
}

impl Command {
    /// Every space the command names. An answer names none here: it must be one of the options
    /// the rules listed (a blast's triangle may reach past the cave's edge).
    pub fn spaces(&self) -> Vec<Qr> {
        match self {
            Command::Move(path) | Command::Platforms(path) | Command::Bosco(BoscoAction::Move(path)) => path.clone(),
            Command::Shoot { target, .. } | Command::ShootSecondary { target } | Command::Throw { target, .. } => vec![*target],
            Command::CallResupply(at) | Command::Flare(at) | Command::Zipline(at) | Command::Sentry(at) => vec![*at],
            Command::Bosco(BoscoAction::LightGun(at) | BoscoAction::Rocket(at) | BoscoAction::Place(at)) => vec![*at],
            _ => vec![],
        }
    }

    /// Refused before any rule looks at it when it names a space that is not part of the cave, or
    /// more spaces than the cave has: however far a target is, the command costs the same.
    pub fn on_the_cave(&self, board: &super::state::Board) -> Result<(), String> {
        let spaces = self.spaces();
        if spaces.len() > board.spaces.len() {
            return Err(format!("it names {} spaces, more than the cave has", spaces.len()));
        }
        match spaces.into_iter().find(|q| !board.spaces.contains_key(&hexx::Hex::from(*q))) {
            Some(q) => Err(format!("({}, {}) is not a space of the cave", q.q, q.r)),
            None => Ok(()),
        }
    }

    /// What the command is called, as a player reads it.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// Which rule carries the command out: every command has one kind (the match is exhaustive).
    pub fn kind(&self) -> CommandKind {
        match self {
            Command::Move(_) => CommandKind::Move,
            Command::Chop => CommandKind::Chop,
            Command::Shoot { .. } => CommandKind::Shoot,
            Command::Choose(_) => CommandKind::Choose,
            Command::EndTurn => CommandKind::EndTurn,
            Command::Launch => CommandKind::Launch,
            Command::ShootSecondary { .. } => CommandKind::ShootSecondary,
            Command::Overclock => CommandKind::Overclock,
            Command::CallResupply(_) => CommandKind::CallResupply,
            Command::GetSupplies { .. } => CommandKind::GetSupplies,
            Command::Exchange { .. } => CommandKind::Exchange,
            Command::StandUp => CommandKind::StandUp,
            Command::HelpUp(_) => CommandKind::HelpUp,
            Command::Revive(_) => CommandKind::Revive,
            Command::Flare(_) => CommandKind::Flare,
            Command::Zipline(_) => CommandKind::Zipline,
            Command::Shield => CommandKind::Shield,
            Command::Sentry(_) => CommandKind::Sentry,
            Command::Platforms(_) => CommandKind::Platforms,
            Command::Bosco(_) => CommandKind::Bosco,
            Command::Throw { .. } => CommandKind::Throw,
            Command::Detonate { .. } => CommandKind::Detonate,
            Command::PlayCard { .. } => CommandKind::PlayCard,
        }
    }
}

/// The kinds of command: each kind's rule is a schedule of its own (`RulesStep::Action`), run for a
/// command of that kind and no other; the answers to every choice are one kind (`Choose`), their
/// rules told apart by the choice asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandKind {
    Move,
    Chop,
    Shoot,
    Choose,
    EndTurn,
    Launch,
    ShootSecondary,
    Overclock,
    CallResupply,
    GetSupplies,
    Exchange,
    StandUp,
    HelpUp,
    Revive,
    Flare,
    Zipline,
    Shield,
    Sentry,
    Platforms,
    Bosco,
    Throw,
    Detonate,
    PlayCard,
}

impl CommandKind {
    pub const ALL: [CommandKind; 23] = [
        CommandKind::Move,
        CommandKind::Chop,
        CommandKind::Shoot,
        CommandKind::Choose,
        CommandKind::EndTurn,
        CommandKind::Launch,
        CommandKind::ShootSecondary,
        CommandKind::Overclock,
        CommandKind::CallResupply,
        CommandKind::GetSupplies,
        CommandKind::Exchange,
        CommandKind::StandUp,
        CommandKind::HelpUp,
        CommandKind::Revive,
        CommandKind::Flare,
        CommandKind::Zipline,
        CommandKind::Shield,
        CommandKind::Sentry,
        CommandKind::Platforms,
        CommandKind::Bosco,
        CommandKind::Throw,
        CommandKind::Detonate,
        CommandKind::PlayCard,
    ];

    /// What a command of this kind is called, as a player reads it.
    pub fn name(self) -> &'static str {
        match self {
            CommandKind::Move => "Move",
            CommandKind::Chop => "Axe chop",
            CommandKind::Shoot => "Shoot",
            CommandKind::Choose => "Choose",
            CommandKind::EndTurn => "End turn",
            CommandKind::Launch => "Launch",
            CommandKind::ShootSecondary => "Shoot the secondary weapon",
            CommandKind::Overclock => "Overclock",
            CommandKind::CallResupply => "Call down a Resupply pod",
            CommandKind::GetSupplies => "Get supplies",
            CommandKind::Exchange => "Exchange supplies",
            CommandKind::StandUp => "Stand up",
            CommandKind::HelpUp => "Help up",
            CommandKind::Revive => "Revive",
            CommandKind::Flare => "Flare Gun",
            CommandKind::Zipline => "Zipline launcher",
            CommandKind::Shield => "Shield",
            CommandKind::Sentry => "Sentry Gun",
            CommandKind::Platforms => "Platform Gun",
            CommandKind::Bosco => "BOSCO",
            CommandKind::Throw => "Throw",
            CommandKind::Detonate => "Detonate",
            CommandKind::PlayCard => "Play a Rock and Stone card",
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
    Place {
        die: usize,
        at: Qr,
    },
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
    /// The space next to the target the shot's results also land on (Experimental Plasma Charger).
    AlsoAt(Qr),
    /// Put the Weapon Upgrade token just picked up on this weapon: into a free slot, or in place of
    /// the token at this index of its slots (that one is discarded).
    Upgrade(WeaponSlot, Option<usize>),
    /// Where the Flame tokens of Flaming Ground go (possibly none).
    Flames(Vec<Qr>),
    /// The two spaces that carry a Throwable's line of three on from its target, away from the
    /// thrower.
    Line(Qr, Qr),
    /// A space a card acts on (Lights Up!'s Flare, We're Rich!'s wall mineral).
    Space(Qr),
}

/// One adjacent Dwarf's part in an exchange: what he is given and what is taken from him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trade {
    pub with: DwarfClass,
    #[serde(default)]
    pub give: Supplies,
    #[serde(default)]
    pub take: Supplies,
}

/// What one Dwarf hands the other in an exchange (rulebook "Exchange supplies"); never Health.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Supplies {
    pub primary: u32,
    pub secondary: u32,
    /// Rock and Stone cards, by name.
    pub rock_and_stone: Vec<String>,
    /// Throwable cards, by name.
    pub throwables: Vec<String>,
    pub upgrades: Vec<UpgradeMove>,
}

impl Supplies {
    /// These supplies and those, as one parcel.
    pub fn add(&mut self, more: &Supplies) {
        self.primary += more.primary;
        self.secondary += more.secondary;
        self.rock_and_stone.extend(more.rock_and_stone.iter().cloned());
        self.throwables.extend(more.throwables.iter().cloned());
        self.upgrades.extend(more.upgrades.iter().copied());
    }
}

/// A Weapon Upgrade token changing hands: its index in `assets/upgrades.ron`, the giver's weapon it
/// comes off and the receiver's weapon it goes on (into a free slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpgradeMove {
    pub token: u32,
    pub from: WeaponSlot,
    pub to: WeaponSlot,
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
    /// Who must answer: a Dwarf taking a reaction shot, BOSCO; none for the Dwarf whose turn it is.
    #[serde(default)]
    pub who: Option<super::log::Who>,
    /// Why no player need answer, when none need: every answer comes to the same thing (a blank
    /// roll's blast, turned any way), or no player would take the other way out (For Karl! on a
    /// creature's roll that hurts nobody). The rules still wait for the first answer, so a game's
    /// commands are the same whoever gives it; a client may give it at once and say why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needless: Option<String>,
}

/// What sort of decision a pending choice is, for the screen to ask it the right way: on the map
/// when its answers are spaces, as buttons otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChoiceKind {
    /// Spend an axe success (the player's or BOSCO's).
    AxeSuccess,
    /// Lay a die of the damage chain on a space.
    DamageChain,
    /// Turn an area: the HE triangle, a Throwable's line.
    Area,
    /// Keep one die of a grenade.
    KeepDie,
    /// Where a scared creature runs.
    Scare,
    /// A reaction shot, or let it go.
    Reaction,
    /// Take or leave an optional card's offer.
    Offer,
    /// Reroll a die, or not.
    Reroll,
    /// Which die counts twice.
    Double,
    /// The space next to the target the results also land on.
    AlsoAt,
    /// Which weapon a Weapon Upgrade token goes on.
    UpgradeSlot,
    /// Where Flame tokens go.
    Flames,
    /// A space a card acts on.
    Space,
    /// Carry on (For Karl!'s moment on a shot roll).
    Continue,
}

impl PendingChoice {
    /// The kind of decision, read off the answers it takes.
    pub fn kind(&self) -> ChoiceKind {
        let Some(first) = self.options.iter().find(|a| !matches!(a, Answer::Pass)) else { return ChoiceKind::Continue };
        match first {
            Answer::Chop(_) => ChoiceKind::AxeSuccess,
            Answer::Place { .. } => ChoiceKind::DamageChain,
            Answer::Triangle(..) | Answer::Line(..) => ChoiceKind::Area,
            Answer::Keep(_) => ChoiceKind::KeepDie,
            Answer::Scare(_) => ChoiceKind::Scare,
            Answer::React(_) => ChoiceKind::Reaction,
            Answer::Accept(_) => ChoiceKind::Offer,
            Answer::Reroll(_) => ChoiceKind::Reroll,
            Answer::Double(_) => ChoiceKind::Double,
            Answer::AlsoAt(_) => ChoiceKind::AlsoAt,
            Answer::Upgrade(..) => ChoiceKind::UpgradeSlot,
            Answer::Flames(_) => ChoiceKind::Flames,
            Answer::Space(_) => ChoiceKind::Space,
            Answer::Pass => ChoiceKind::Continue,
        }
    }
}

#[derive(Resource, Default, Debug)]
pub struct Pending(pub Option<PendingChoice>);

/// Run condition: a command is in hand (its kind's rule then applies it: `RulesStep::Action`).
pub fn command_in_hand(current: Res<Current>) -> bool {
    current.0.is_some()
}

/// The bookkeeping every action system shares: the command being applied, the log it joins when the
/// rules accept it, and the refusal when they do not.
#[derive(SystemParam)]
pub struct Desk<'w> {
    pub current: ResMut<'w, Current>,
    pub log: ResMut<'w, CommandLog>,
    pub rejected: ResMut<'w, Rejected>,
}

impl Desk<'_> {
    /// Accept the current command into the log, or refuse it with the reason.
    pub fn settle(&mut self, result: Result<(), String>) {
        settle(&mut self.current, &mut self.log, &mut self.rejected, result);
    }

    /// The answer in the current command, if it is one of the pending options.
    pub fn answer(&self, pending: &Pending) -> Result<Answer, String> {
        answer(&self.current, pending)
    }
}

/// Take the current command, or reject it with a reason.
fn settle(current: &mut Current, log: &mut CommandLog, rejected: &mut Rejected, result: Result<(), String>) {
    let Some(cmd) = current.0.take() else { return };
    match result {
        Ok(()) => log.0.push(cmd),
        Err(why) => rejected.0 = Some((cmd, why)),
    }
}

/// Ask a choice of the player whose turn it is.
pub fn ask(pending: &mut Pending, prompt: String, options: Vec<Answer>) {
    pending.0 = Some(PendingChoice { prompt, options, who: None, needless: None });
}

/// Ask a choice of someone else: a Dwarf reacting out of turn, BOSCO.
pub fn ask_of(pending: &mut Pending, who: super::log::Who, prompt: String, options: Vec<Answer>) {
    pending.0 = Some(PendingChoice { prompt, options, who: Some(who), needless: None });
}

/// Mark the choice just asked as one no player need answer, and why ([`PendingChoice::needless`]).
pub fn needless(pending: &mut Pending, why: impl Into<String>) {
    if let Some(p) = &mut pending.0 {
        p.needless = Some(why.into());
    }
}

/// The answer in the current command, if it is one of the pending options.
fn answer(current: &Current, pending: &Pending) -> Result<Answer, String> {
    let Some(Command::Choose(a)) = &current.0 else { return Err("no answer given".into()) };
    let Some(p) = &pending.0 else { return Err("nothing is waiting for a choice".into()) };
    if p.options.contains(a) { Ok(a.clone()) } else { Err(format!("{a:?} is not one of the choices for: {}", p.prompt)) }
}
