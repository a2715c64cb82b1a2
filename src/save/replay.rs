//! A game rebuilt from its save: the table cleared, the mission laid out again, every command
//! applied in order. Loading, `hoxxes replay` and undo all go through [`rebuild`].

use super::Save;
use crate::data::GameData;
use crate::data::mission::Mission;
use crate::headless::dump::TerrainSnapshot;
use crate::headless::{Step, apply_in, settle_in, update};
use crate::rules::command::Command;
use crate::rules::dice::GameRng;
use crate::rules::log::GameLog;
use crate::rules::setup::{MissionSetup, begin_first_turn, clear, start_mission};
use bevy::prelude::*;

/// What had been made known at a point of the game: the game log's last event that revealed
/// something, and how far the dice have run. Undo goes back from one point to the one before only
/// where the two are the same (architecture.md: never past dice, a card, a reveal, the creatures).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Revealed {
    last: Option<usize>,
    dice: u128,
}

impl Revealed {
    pub fn now(world: &World) -> Revealed {
        let log = &world.resource::<GameLog>().0;
        let dice = world.get_resource::<GameRng>().map_or(0, |r| r.0.get_word_pos());
        Revealed { last: log.iter().rposition(|e| e.reveals().is_some()), dice }
    }

    /// Why the game cannot go back from here to `before`, in words.
    pub fn since(self, before: Revealed, log: &GameLog) -> Option<&'static str> {
        if self == before {
            return None;
        }
        let log = &log.0;
        Some(
            self.last
                .filter(|l| Some(*l) != before.last)
                .and_then(|l| log.get(l))
                .and_then(|e| e.reveals())
                .unwrap_or("the dice have been rolled"),
        )
    }
}

/// Lay the mission out again on a world that has the rules, and apply `commands`; `seen` is told
/// what had been revealed after each (index 0: before the first command).
pub fn rebuild(
    world: &mut World,
    mission: &Mission,
    setup: &MissionSetup,
    commands: &[Command],
    step: Step,
    seen: &mut dyn FnMut(usize, Revealed),
) -> Result<(), String> {
    lay_out(world, mission, setup)?;
    play(world, commands, step, seen)
}

/// The table cleared and the mission laid out, the first turn not yet begun.
fn lay_out(world: &mut World, mission: &Mission, setup: &MissionSetup) -> Result<(), String> {
    clear(world);
    start_mission(world, mission, setup)
}

/// From a laid-out mission: the first turn, then every command.
fn play(world: &mut World, commands: &[Command], step: Step, seen: &mut dyn FnMut(usize, Revealed)) -> Result<(), String> {
    begin_first_turn(world)?;
    // One update always, as a window's first frame: the rules note the turn begun.
    step(world);
    settle_in(world, step)?;
    seen(0, Revealed::now(world));
    for (i, cmd) in commands.iter().enumerate() {
        apply_in(world, step, cmd.clone())
            .map_err(|e| format!("command {} of {} ({}) no longer applies: {e}", i + 1, commands.len(), cmd.name()))?;
        seen(i + 1, Revealed::now(world));
    }
    Ok(())
}

/// A save replayed headless: the game after its last command, and the cave as it was laid out
/// (what the state dump compares against).
pub fn headless(data: GameData, mission: &Mission, save: &Save) -> Result<(App, TerrainSnapshot), String> {
    let mut app = crate::headless::rules_app(data);
    lay_out(app.world_mut(), mission, &save.setup)?;
    let snapshot = TerrainSnapshot::take(app.world_mut());
    play(app.world_mut(), &save.commands, &mut update, &mut |_, _| {})?;
    Ok((app, snapshot))
}
