//! A game rebuilt from its save: the table cleared, the mission laid out again, every command
//! applied in order. Loading, `hoxxes replay` and undo all go through [`rebuild`].

use super::{FORMAT, Save};
use crate::data::GameData;
use crate::data::mission::Mission;
use crate::headless::dump::TerrainSnapshot;
use crate::headless::{Step, apply_in, settle_in, update};
use crate::rules::agenda::{CurrentJob, Job};
use crate::rules::command::{Answer, Command, CommandLog, Pending};
use crate::rules::dice::GameRng;
use crate::rules::for_karl::{AfterRoll, KarlWindow};
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

/// Lay the mission out again on a world that has the rules, and apply `commands`; `seen` is shown
/// the game after each (index 0: before the first command), to note what had been revealed, the
/// question asked.
pub fn rebuild(
    world: &mut World,
    mission: &Mission,
    setup: &MissionSetup,
    commands: &[Command],
    step: Step,
    seen: &mut dyn FnMut(usize, &World),
) -> Result<(), String> {
    lay_out(world, mission, setup)?;
    play(world, commands, FORMAT, step, seen)
}

/// The table cleared and the mission laid out, the first turn not yet begun.
fn lay_out(world: &mut World, mission: &Mission, setup: &MissionSetup) -> Result<(), String> {
    clear(world);
    start_mission(world, mission, setup)
}

/// From a laid-out mission: the first turn, then every command of a save of this `format`.
fn play(world: &mut World, commands: &[Command], format: u32, step: Step, seen: &mut dyn FnMut(usize, &World)) -> Result<(), String> {
    begin_first_turn(world)?;
    // One update always, as a window's first frame: the rules note the turn begun.
    step(world);
    settle_in(world, step)?;
    catch_up(world, format, step)?;
    seen(0, world);
    for (i, cmd) in commands.iter().enumerate() {
        apply_in(world, step, cmd.clone())
            .and_then(|()| catch_up(world, format, step))
            .map_err(|e| format!("command {} of {} ({}) no longer applies: {e}", i + 1, commands.len(), cmd.name()))?;
        seen(i + 1, world);
    }
    Ok(())
}

/// Saves of format 1 were written before rulings 31 and 32 gave the players two more choices:
/// since format 2 any roll waits for For Karl! while a Dwarf holds it (format 1: shots only), and
/// the players pick where a Supply Drop's pod lands (format 1: the empty space nearest the active
/// Dwarf). Replaying such a save, each of these is answered as the old rules had it (the roll let
/// stand, the nearest space, which the rules list first), and the answer joins the game's
/// commands (the command log), so the game goes on in today's format.
fn catch_up(world: &mut World, format: u32, step: Step) -> Result<(), String> {
    while format < 2
        && let Some(answer) = old_rules_answer(world)
    {
        apply_in(world, step, Command::Choose(answer))?;
    }
    Ok(())
}

/// The answer a format-1 save never had to give to the choice waiting now, if that is one.
fn old_rules_answer(world: &World) -> Option<Answer> {
    if world.resource::<KarlWindow>().waits_for().is_some_and(|then| *then != AfterRoll::Shot) {
        return Some(Answer::Pass);
    }
    let landing = matches!(world.resource::<CurrentJob>().0, Some(Job::SupplyDrop(_)));
    landing.then(|| world.resource::<Pending>().0.as_ref().and_then(|p| p.options.first().cloned())).flatten()
}

/// A save brought to today's format: replayed (`headless`), its commands are the game's command
/// log, with the answers a format-1 save did not need (`catch_up`).
pub fn upgrade(save: &mut Save, replayed: &World) {
    if save.format < FORMAT {
        save.commands = replayed.resource::<CommandLog>().0.clone();
        save.format = FORMAT;
    }
}

/// A save replayed headless: the game after its last command, and the cave as it was laid out
/// (what the state dump compares against).
pub fn headless(data: GameData, mission: &Mission, save: &Save) -> Result<(App, TerrainSnapshot), String> {
    let mut app = crate::headless::cleared_or_new(data);
    lay_out(app.world_mut(), mission, &save.setup)?;
    let snapshot = TerrainSnapshot::take(app.world_mut());
    play(app.world_mut(), &save.commands, save.format, &mut update, &mut |_, _| {})?;
    Ok((app, snapshot))
}
