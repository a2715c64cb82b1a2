//! Action resolution: one system per Dwarf action, each taking the current command when it is its
//! kind, checking it is legal, and applying it.

pub mod aid;
pub mod chop;
pub mod exchange;
pub mod modifiers;
pub mod movement;
pub mod overclock;
pub mod scare;
pub mod secondary;
pub mod shoot;
pub mod supplies;
pub mod throw;
pub mod upgrade;

use super::cave::{Cave, DwarfItem};
use super::command::Pending;
pub use super::command::ask;
use super::log::counted;
use super::state::Turn;
use crate::rules::state::RulesResource;
use bevy::prelude::*;

/// An action that stopped for a choice and carries on with the answer. One resource, never moved
/// about: its variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Resource, Default, Debug)]
pub enum InProgress {
    #[default]
    Idle,
    Chop(chop::ChopState),
    Shot(shoot::ShotState),
    Scare(scare::ScareState),
    /// A Weapon Upgrade token picked up on a walk, waiting for its weapon.
    Upgrade(upgrade::UpgradeOffer),
    /// Flaming Ground's Flame tokens, waiting to be placed.
    Flames(crate::rules::skills::driller::FlameState),
    /// BOSCO's axe successes, waiting to be spent.
    BoscoChop(crate::rules::bosco::BoscoChop),
    /// A throw waiting for the way its area lies.
    Throw(throw::ThrowState),
    /// A Rock and Stone card waiting for the space it acts on.
    Card(crate::rules::cards::CardChoice),
}

pub fn plugin(app: &mut App) {
    app.rules_resource::<InProgress>();
    movement::plugin(app);
    chop::plugin(app);
    shoot::plugin(app);
    scare::plugin(app);
    secondary::plugin(app);
    overclock::plugin(app);
    supplies::plugin(app);
    exchange::plugin(app);
    aid::plugin(app);
    upgrade::plugin(app);
    throw::plugin(app);
}

/// Run condition: what is in progress is of this kind (an action under way, or none at all for a
/// choice put between actions, as the Weapon Upgrade's) and no choice waits: the moment its
/// `RulesSet::Ask` system puts the next choice. A condition, not a check inside the system, so the
/// updates in which it has nothing to ask do not fetch its parameters (the cave), as most do not.
pub fn asking(f: fn(&InProgress) -> bool) -> impl Fn(Res<InProgress>, Res<Pending>) -> bool + Clone {
    move |p: Res<InProgress>, pending: Res<Pending>| pending.0.is_none() && f(&p)
}

/// Run condition of a rule answering a choice (in the `Choose` commands' step): the choice is the
/// action in progress's.
pub fn answering(f: fn(&InProgress) -> bool) -> impl Fn(Res<InProgress>) -> bool + Clone {
    move |p: Res<InProgress>| f(&p)
}

/// The active Dwarf, if he may take an action costing `cost` (rulebook: knocked-over Dwarves only
/// play cards; unconscious ones do nothing). A guest's free action (Rock and Stone!, Second Wind)
/// is honoured by lending him the turn with one action for that command (`rules::cards`), so he is
/// the actor here.
pub fn actor<'a>(cave: &'a Cave, turn: &Turn, cost: u32) -> Result<DwarfItem<'a>, String> {
    let d = cave.dwarf_in_seat(turn.seat).ok_or("no Dwarf has the turn")?;
    if d.status.unconscious {
        return Err(format!("the {:?} is unconscious and takes no actions", d.dwarf.class));
    }
    if d.status.knocked_over {
        return Err(format!("the {:?} is knocked over: he must stand up first", d.dwarf.class));
    }
    if turn.actions_left < cost {
        return Err(format!("the {:?} has {} left; this needs {cost}", d.dwarf.class, counted(turn.actions_left, "action")));
    }
    Ok(d)
}
