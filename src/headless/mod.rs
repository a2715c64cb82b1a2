//! Playing without a window: a game in a headless Bevy app, the scenario runner and the JSON dump.

pub mod dump;
pub mod scenario;

use crate::data::GameData;
use crate::data::mission::Mission;
use crate::rules::RulesPlugin;
use crate::rules::command::{Command, CommandQueue, Pending, Rejected};
use crate::rules::setup::{MissionSetup, begin_first_turn, start_mission};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// A headless app with the rules and a mission laid out (the first turn not yet begun).
pub fn laid_out(data: GameData, mission: &Mission, setup: &MissionSetup) -> Result<App, String> {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, RulesPlugin)).insert_resource(data);
    start_mission(app.world_mut(), mission, setup)?;
    Ok(app)
}

/// A headless game ready for its first command.
pub fn new_game(data: GameData, mission: &Mission, setup: &MissionSetup) -> Result<App, String> {
    let mut app = laid_out(data, mission, setup)?;
    begin_first_turn(app.world_mut())?;
    app.update();
    Ok(app)
}

/// Apply one command; the reason when the rules refuse it.
pub fn apply(app: &mut App, cmd: Command) -> Result<(), String> {
    app.world_mut().resource_mut::<Rejected>().0 = None;
    app.world_mut().resource_mut::<CommandQueue>().0.push_back(cmd);
    app.update();
    match app.world_mut().resource_mut::<Rejected>().0.take() {
        Some((cmd, why)) => Err(format!("{} refused: {why}", cmd.name())),
        None => Ok(()),
    }
}

/// Answer a pending choice with its default, the first option (ruling 4). Returns whether one was
/// pending.
pub fn answer_default(app: &mut App) -> Result<bool, String> {
    let first = app.world().resource::<Pending>().0.as_ref().and_then(|p| p.options.first().cloned());
    match first {
        Some(a) => apply(app, Command::Choose(a)).map(|_| true),
        None => Ok(false),
    }
}
