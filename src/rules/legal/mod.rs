//! The legal-moves query: for the moment a game is at, every command the rules would take, with
//! what the screen, the bots and the tests need to show or pick it, and for each kind of command
//! that is not allowed the reason in words.
//!
//! Nothing here decides a rule. Each candidate is put to the very function that checks the command
//! when it is applied (`check_move`, `check_shoot`, `check_throw`, `check_card`, ...); this module
//! only finds the candidates: the spaces a Move can end on (one search of the cave, `moves.rs`), the
//! spaces within a weapon's reach, the cards in each hand. The top of `rules/`: it reads every layer
//! below and nothing imports it but the clients.

mod moves;
mod offers;

use super::Moment;
use super::actions::InProgress;
use super::agenda::{Agenda, CurrentJob};
use super::cave::Cave;
use super::command::{ChoiceKind, Command, Pending};
use super::components::*;
use super::creatures::intent::{Intent, intent, order};
use super::end::Outcome;
use super::hex::Qr;
use super::log::{GameLog, Who};
use super::state::{Mule, Turn};
use super::swarm::SwarmThreat;
use crate::data::dice::DieKind;
use crate::data::weapons::DwarfClass;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::Serialize;

/// Every decision open now.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Legal {
    /// Who must decide now: the Dwarf whose turn it is (the one a card gave a free action, while
    /// it waits), BOSCO in its part, or whoever a pending choice asks. None once the mission is over.
    pub decider: Option<Who>,
    /// The choice the rules wait for, with its answers as `Choose` offers.
    pub pending: Option<PendingOffer>,
    /// One entry per kind of command (one per fire mode, per Throwable card, per Rock and Stone card
    /// in each hand): its offers, or why it is not allowed now.
    pub actions: Vec<Action>,
    /// Every creature in activation order, with what it would do if it activated now.
    pub creatures: Vec<CreatureIntent>,
}

/// A creature's place in the activation order and its intent, by the activation's own deciding.
#[derive(Clone, Debug, Serialize)]
pub struct CreatureIntent {
    pub id: u32,
    pub kind: crate::data::creatures::CreatureKind,
    pub at: Qr,
    pub intent: Intent,
}

#[derive(Clone, Debug, Serialize)]
pub struct PendingOffer {
    pub prompt: String,
    pub kind: ChoiceKind,
    pub who: Option<Who>,
    pub answers: Vec<Offer>,
    /// Why no player need answer: a client may give the first answer at once
    /// (`PendingChoice::needless`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needless: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ActionKind {
    Move,
    Chop,
    Shoot,
    ShootSecondary,
    Throw,
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
    BoscoMove,
    BoscoChop,
    BoscoLightGun,
    BoscoRocket,
    BoscoRevive,
    /// BOSCO set down elsewhere next to the Drop Pod: listed only while it may be (before the
    /// game's first command of any other kind).
    BoscoPlace,
    EndTurn,
    Launch,
    Detonate,
    PlayCard,
}

impl ActionKind {
    /// One of BOSCO's actions.
    pub fn is_bosco(self) -> bool {
        matches!(
            self,
            ActionKind::BoscoMove
                | ActionKind::BoscoChop
                | ActionKind::BoscoLightGun
                | ActionKind::BoscoRocket
                | ActionKind::BoscoRevive
                | ActionKind::BoscoPlace
        )
    }
}

/// One kind of command: what it is called on a button, and its offers or why not.
#[derive(Clone, Debug, Serialize)]
pub struct Action {
    pub kind: ActionKind,
    /// The fire mode's id, the card's name, or empty.
    pub what: String,
    /// Who gives it: the active Dwarf, or a card's holder.
    pub by: Option<DwarfClass>,
    pub allowed: Result<Vec<Offer>, String>,
}

impl Action {
    pub fn is_allowed(&self) -> bool {
        self.allowed.as_ref().is_ok_and(|o| !o.is_empty())
    }
    pub fn offers(&self) -> &[Offer] {
        self.allowed.as_deref().unwrap_or(&[])
    }
}

/// A command the rules would take now, and what it means.
#[derive(Clone, Debug, Serialize)]
pub struct Offer {
    pub command: Command,
    pub detail: Detail,
}

#[derive(Clone, Debug, Serialize)]
pub enum Detail {
    None,
    /// A Move: where it ends, its cost in movement points, the path sent, the Health the Flames on
    /// the way take; whether it ends by drilling into a wall or a stalagmite (Power Drilling), the
    /// mineral that loses when the wall holds one, and the face-down caves the drilled space opens.
    Move {
        to: Qr,
        cost: u32,
        path: Vec<Qr>,
        flame_damage: u32,
        drills: bool,
        drills_away: Option<crate::data::mission::Mineral>,
        opens: Vec<char>,
    },
    /// An attack at a space: the figures there and how the dice meet them, the ammo and actions it
    /// costs.
    Target {
        at: Qr,
        figures: Vec<FigureHit>,
        ammo: u32,
        actions: u32,
    },
    /// A space the command acts on (gear, the pod, a card's space).
    Space(Qr),
    /// A deep pit the Platform Gun may put a platform on. One shot may name any of the action's
    /// spaces together, up to `at_once` of them (`Platforms([...])`): the offer is each space alone.
    Platform {
        at: Qr,
        at_once: u32,
    },
    /// A Dwarf the command is given with or played on.
    Dwarf(DwarfClass),
    /// An axe chop: what each success could be spent on now.
    Chop(Vec<super::command::ChopTarget>),
    /// A way to turn the HE grenade's blast: the figures it lands on with the roll (hurt by its
    /// hits or moved by its scare), Dwarves among them.
    Blast(Vec<Who>),
    /// An axe success spent on a mineral: which it is.
    Mineral(crate::data::mission::Mineral),
    /// An axe success that carves a wall open (mining its mineral, if it holds one) beside face-down
    /// caves: carving reveals them, and what is printed on them comes out (creatures too).
    Opens {
        mineral: Option<crate::data::mission::Mineral>,
        caves: Vec<char>,
    },
    /// The Drop Pod's launch: the Dwarves it leaves behind, out cold off the pod (ruling 26).
    LeftBehind(Vec<DwarfClass>),
}

/// A figure an attack's dice would land on.
#[derive(Clone, Debug, Serialize)]
pub struct FigureHit {
    pub who: Who,
    pub health: u32,
    /// Per die type of the attack: the resistance that counts (0 where it is ignored).
    pub resistance: Vec<(DieKind, u32)>,
    /// Why the resistance does not count, when it does not (from behind, corroded...).
    pub ignored: Option<String>,
    pub frozen: bool,
}

/// What the query reads: the cave and the moment, never anything mutable.
#[derive(SystemParam)]
pub struct Table<'w, 's> {
    pub cave: Cave<'w, 's>,
    pub turn: Res<'w, Turn>,
    pub mule: Res<'w, Mule>,
    pub pending: Res<'w, Pending>,
    pub progress: Res<'w, InProgress>,
    pub outcome: Res<'w, Outcome>,
    pub agenda: Res<'w, Agenda>,
    pub job: Res<'w, CurrentJob>,
    pub log: Res<'w, GameLog>,
    pub threat: Res<'w, SwarmThreat>,
    pub karl: Res<'w, crate::rules::for_karl::KarlWindow>,
    pub loadouts: Query<'w, 's, &'static Loadout>,
    pub hands: Query<'w, 's, &'static Hand>,
    pub kits: Query<'w, 's, (&'static Loadout, &'static Hand)>,
}

/// The legal-moves query on a game's world. It only reads (a cached read-only system).
pub fn legal(world: &mut World) -> Legal {
    world.run_system_cached(query).unwrap_or_default()
}

/// The legal commands alone, without what each creature will do (`Legal::creatures` left empty):
/// for a bot, which needs no forecast. Every creature's intent is a path search, about a third of
/// the whole query on a large cave.
pub fn legal_commands(world: &mut World) -> Legal {
    world.run_system_cached_with(scoped, Scope { forecast: false, kinds: None, aim: Aim::Anywhere }).unwrap_or_default()
}

/// The legal commands of some kinds alone, and the pending choice's answers: for a bot that only
/// ever sends these. Each kind's entry is the one the whole query gives, save that its attacks are
/// only asked of the spaces `aim` names.
pub fn legal_of(world: &mut World, kinds: &[ActionKind], aim: Aim) -> Legal {
    world.run_system_cached_with(scoped, Scope { forecast: false, kinds: Some(kinds.to_vec()), aim }).unwrap_or_default()
}

/// The query as a system, for a client that keeps it up to date each frame.
pub fn query(t: Table) -> Legal {
    scoped(In(Scope { forecast: true, kinds: None, aim: Aim::Anywhere }), t)
}

/// [`legal_of`] on a table a system has read already: for a bot's own system, which asks for
/// some kinds, then maybe others, and reads its plan off the same table.
pub fn of_kinds(t: &Table, kinds: &[ActionKind], aim: Aim) -> Legal {
    worked_out(t, false, Some(kinds), aim)
}

/// How much of the query to work out: the creatures' forecast or not, every kind of command or
/// these, the attacks at every space in reach or some.
struct Scope {
    forecast: bool,
    kinds: Option<Vec<ActionKind>>,
    aim: Aim,
}

/// Which spaces in reach the attacks (the Dwarf's shots, BOSCO's guns) are asked of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Every space: all a player may aim at.
    Anywhere,
    /// The spaces a creature stands on: for a bot that only shoots at creatures. Most spaces in
    /// reach are empty, and each asks a line of sight: the shots were a third of a simulated game.
    AtCreatures,
    /// This one space, in reach or not: a screen asking why a space a player clicked is not a
    /// target or a Move's end. The attack's (or the Move's) entry is then its one offer there, or
    /// the reason that space is refused.
    Only(hexx::Hex),
}

impl Aim {
    /// The candidate spaces this aim asks of, of those within `range` of `at` (not `at` itself).
    fn candidates(self, cave: &Cave, at: hexx::Hex, range: u32) -> Vec<hexx::Hex> {
        match self {
            Aim::Anywhere => super::hex::within(at, range).collect(),
            // Found from the creatures, which are far fewer than the spaces in reach.
            Aim::AtCreatures => {
                let mut spaces: Vec<hexx::Hex> = cave
                    .creatures
                    .iter()
                    .flat_map(|c| cave.creature_spaces(c.creature.kind, c.at.0, c.faces))
                    .filter(|h| *h != at && super::hex::distance(at, *h) <= range && cave.creature_at(*h).is_some())
                    .collect();
                spaces.sort_by_key(|h| super::hex::canonical(*h));
                spaces.dedup();
                spaces
            }
            // The check of the space says how far out of reach it is.
            Aim::Only(h) => vec![h],
        }
    }
}

/// The query, as much of it as asked.
fn scoped(scope: In<Scope>, t: Table) -> Legal {
    worked_out(&t, scope.forecast, scope.kinds.as_deref(), scope.aim)
}

/// The query on a table: the creatures' forecast or not, every kind of command or these, the
/// attacks at the spaces `aim` names.
fn worked_out(t: &Table, forecast: bool, kinds: Option<&[ActionKind]>, aim: Aim) -> Legal {
    let moment = Moment::now(&t.pending, &t.agenda, &t.job, &t.outcome, &t.progress);
    if moment.over.is_some() {
        return Legal::default();
    }
    let pending = t.pending.0.as_ref().map(|p| PendingOffer {
        prompt: p.prompt.clone(),
        kind: p.kind(),
        who: p.who.clone(),
        answers: p.options.iter().map(|a| Offer { command: Command::Choose(a.clone()), detail: answer_detail(t, a) }).collect(),
        needless: p.needless.clone(),
    });
    // A guest's free action (Rock and Stone!, Second Wind) waits: he is the one to act.
    let active = t.cave.dwarf_in_seat(t.turn.acting_seat()).map(|d| d.dwarf.class);
    // A choice in the middle of an action is the acting Dwarf's: a guest's free shot goes on being
    // his once his command is taken (the turn is the host's again by then), a reaction shot the
    // reacting Dwarf's.
    let in_action = acting_seat(&t.progress, &t.cave).and_then(|s| t.cave.dwarf_in_seat(s)).map(|d| Who::Dwarf(d.dwarf.class));
    // A roll held for For Karl! waits on the Dwarf who holds the card.
    let holder = t.karl.waits_for().and_then(|_| super::for_karl::karl_holder(&t.cave, |e| t.hands.get(e).ok())).map(Who::Dwarf);
    let decider = match &pending {
        Some(p) => p.who.clone().or(holder).or(in_action).or_else(|| active.map(Who::Dwarf)),
        None if t.turn.bosco_turn => Some(Who::Bosco),
        None => active.map(Who::Dwarf),
    };
    let mut actions = offers::all(t, &|kind| kinds.is_none_or(|k| k.contains(&kind)), aim);
    // The moment's own refusal comes first: a pending choice, the rules busy with their jobs.
    for a in &mut actions {
        let sample = a.offers().first().map(|o| o.command.clone());
        let Some(cmd) = sample else { continue };
        if let Err(why) = moment.admits(&cmd) {
            a.allowed = Err(why);
        } else if !moment.takes(Some(&cmd)) {
            a.allowed = Err("wait: the cave is still moving".into());
        }
    }
    let creatures = match forecast {
        true => order(&t.cave)
            .into_iter()
            .filter_map(|id| t.cave.creature_by_id(id))
            .map(|c| CreatureIntent { id: c.id.0, kind: c.creature.kind, at: c.at.0.into(), intent: intent(&t.cave, &t.turn, &t.mule, &c) })
            .collect(),
        false => vec![],
    };
    Legal { decider, pending, actions, creatures }
}

/// The seat of the Dwarf whose action waits on a choice, for the actions a Dwarf takes.
fn acting_seat(progress: &InProgress, cave: &Cave) -> Option<u32> {
    match progress {
        InProgress::Shot(s) => Some(s.seat),
        InProgress::Throw(s) => Some(s.seat),
        InProgress::Flames(s) => Some(s.seat),
        InProgress::Chop(s) => cave.dwarves.get(s.dwarf).ok().map(|d| d.dwarf.seat),
        _ => None,
    }
}

/// What an answer is about when its words do not say where or what: an axe success on a creature
/// is a hit at its space, shown as an attack with the creature's Health and its resistance to the
/// axe (the hits land together once every success is spent); one on a mineral names it.
fn answer_detail(t: &Table, a: &super::command::Answer) -> Detail {
    use super::command::{Answer, ChopTarget};
    use super::damage::Blow;
    if let (Answer::Triangle(..), InProgress::Shot(state)) = (a, &*t.progress) {
        return Detail::Blast(super::actions::shoot::blast_lands_on(&t.cave, state, a));
    }
    if let Answer::Chop(ChopTarget::Mine(q) | ChopTarget::Carve(q)) = a {
        let h = (*q).into();
        let mineral = match a {
            Answer::Chop(ChopTarget::Mine(_)) => t.cave.mineral_at(h),
            _ => None,
        };
        // A mineral on the Dwarf's own space is picked up, not carved out of a wall.
        let caves: Vec<char> = match t.cave.terrain(h).is_some_and(|g| g.is_wall()) {
            true => super::reveal::caves_touching(&t.cave, h).into_iter().map(|(_, c)| c.letter).collect(),
            false => vec![],
        };
        return match (caves.is_empty(), mineral) {
            (false, _) => Detail::Opens { mineral, caves },
            (true, Some(m)) => Detail::Mineral(m),
            (true, None) => Detail::None,
        };
    }
    let Answer::Chop(ChopTarget::Creature(id)) = a else { return Detail::None };
    let Some(c) = t.cave.creature_by_id(*id) else { return Detail::None };
    let blow = match &*t.progress {
        InProgress::Chop(s) => t.cave.dwarves.get(s.dwarf).ok().map(|d| super::actions::chop::axe_blow(&t.cave, d.at.0, d.dwarf.seat)),
        _ => t.cave.bosco.iter().next().map(|b| Blow::from(b.at.0, None)),
    };
    let Some(blow) = blow else { return Detail::None };
    Detail::Target { at: c.at.0.into(), figures: offers::figures(&t.cave, &blow, c.at.0, &[(DieKind::Axe, 1)]), ammo: 0, actions: 0 }
}

impl Legal {
    /// Every offer, pending answers first.
    fn offered(&self) -> impl Iterator<Item = &Offer> {
        let answers = self.pending.iter().flat_map(|p| p.answers.iter());
        answers.chain(self.actions.iter().flat_map(|a| a.offers().iter()))
    }

    /// Every command listed, pending answers first.
    pub fn commands(&self) -> Vec<Command> {
        self.offered().map(|o| o.command.clone()).collect()
    }

    /// Whether a command is listed.
    pub fn lists(&self, cmd: &Command) -> bool {
        self.offered().any(|o| o.command == *cmd)
    }

    /// The entries of one kind of command.
    pub fn of(&self, kind: ActionKind) -> impl Iterator<Item = &Action> {
        self.actions.iter().filter(move |a| a.kind == kind)
    }
}
