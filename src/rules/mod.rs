//! The game's rules as ECS systems: commands in, events out.

pub mod actions;
pub mod cave;
pub mod command;
pub mod components;
pub mod damage;
pub mod dice;
pub mod effects;
pub mod hex;
pub mod log;
pub mod reveal;
pub mod setup;
pub mod sight;
pub mod spawn;
pub mod state;
pub mod turn;

use bevy::prelude::*;
use command::{Command, CommandQueue, Current, Pending, Rejected};

/// The order the rules run in each update: one command is taken, resolved by the action system
/// of its kind, what it uncovered is revealed, then the end of a turn and the next turn.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesSet {
    Take,
    Actions,
    /// Choices are put to the player after the action's changes are on the table, so the options
    /// are what is there now.
    Ask,
    Refuse,
    Reveal,
    /// The Event card drawn after a Dwarf's turn (ruling 23) hooks in here.
    EndOfTurn,
    NextTurn,
}

pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<log::GameEvent>()
            .init_resource::<CommandQueue>()
            .init_resource::<Current>()
            .init_resource::<command::CommandLog>()
            .init_resource::<Rejected>()
            .init_resource::<Pending>()
            .init_resource::<log::GameLog>()
            .init_resource::<dice::ForcedDice>()
            .init_resource::<state::Mule>()
            .init_resource::<state::Turn>()
            .init_resource::<state::Board>()
            .init_resource::<state::NextId>()
            .init_resource::<reveal::UpgradePool>()
            .configure_sets(
                Update,
                (
                    RulesSet::Take,
                    RulesSet::Actions,
                    RulesSet::Ask,
                    RulesSet::Refuse,
                    RulesSet::Reveal,
                    RulesSet::EndOfTurn,
                    RulesSet::NextTurn,
                )
                    .chain(),
            )
            .add_systems(Update, take_command.in_set(RulesSet::Take))
            .add_systems(Update, refuse_unhandled.in_set(RulesSet::Refuse))
            .add_systems(Update, reveal::reveal_pickups_by_dwarves.in_set(RulesSet::Reveal));
        actions::plugin(app);
        turn::plugin(app);
    }
}

/// Take the next queued command, unless one is still being applied. While a choice is pending only
/// an answer is taken.
fn take_command(mut queue: ResMut<CommandQueue>, mut current: ResMut<Current>, pending: Res<Pending>, mut rejected: ResMut<Rejected>) {
    if current.0.is_some() {
        return;
    }
    let Some(cmd) = queue.0.pop_front() else { return };
    match (&pending.0, &cmd) {
        (Some(p), c) if !matches!(c, Command::Choose(_)) => {
            rejected.0 = Some((cmd.clone(), format!("first answer the pending choice: {}", p.prompt)));
        }
        (None, Command::Choose(_)) => {
            rejected.0 = Some((cmd.clone(), "nothing is waiting for a choice".into()));
        }
        _ => current.0 = Some(cmd),
    }
}

/// A command no action took is refused.
fn refuse_unhandled(mut current: ResMut<Current>, mut rejected: ResMut<Rejected>) {
    if let Some(cmd) = current.0.take() {
        rejected.0 = Some((cmd, "that is not something the rules can do now".into()));
    }
}
