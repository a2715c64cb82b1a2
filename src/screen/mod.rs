//! Everything drawn and clicked. A client of the rules: it reads state and events and sends commands.
//! One plugin per concern: the cave map, the figures, the tokens, the HUD (and the screenshot mode).

mod atlas;
mod figures;
mod hud;
mod layout;
mod legend;
mod look;
mod map;
mod options;
mod paint;
pub mod play;
mod screenshot;
mod sprites;
mod tokens;
pub mod words;

use crate::data::load::Problem;
use crate::data::validate::load_mission;
use crate::data::{GameData, assets_dir};
use crate::save::{Save, folder};
use crate::rules::RulesPlugin;
use crate::rules::setup::{MissionSetup, begin_first_turn, start_mission};
use bevy::prelude::*;
use options::{Options, Resume};
use std::process::ExitCode;

/// Open the game window (or, for `screenshot`, save one frame and exit).
pub fn run(args: &[String]) -> ExitCode {
    let opts = match options::parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut app = match table(&opts) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    if let Some(out) = &opts.screenshot {
        // A stale picture from an earlier run must not pass for this one.
        let _ = std::fs::remove_file(out);
        app.insert_resource(screenshot::ScreenshotTo(out.clone())).add_plugins(screenshot::plugin);
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// A window with the mission laid out, the first turn begun (or a saved game about to be replayed),
/// and everything drawn.
fn table(opts: &Options) -> Result<App, String> {
    let data = GameData::load(&assets_dir()).map_err(|ps| Problem::lines(&ps))?;
    let (mut game, welcome) = game_to_play(opts, &data)?;
    let window = Window {
        title: format!("hoxxes - {}", game.mission.name),
        resolution: (layout::WINDOW.x as u32, layout::WINDOW.y as u32).into(),
        ..default()
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }))
        .add_plugins(RulesPlugin)
        .insert_resource(data);
    start_mission(app.world_mut(), &game.mission, &game.save.setup)?;
    begin_first_turn(app.world_mut())?;
    app.add_plugins((sprites::plugin, map::plugin, figures::plugin, tokens::plugin, hud::plugin, legend::plugin))
        .add_plugins((play::logic_plugin, play::view_plugin))
        .add_systems(Update, (after_the_mission, layout::fit_window));
    if let Some(path) = &opts.record {
        app.insert_resource(play::Record::to(path.clone()));
    }
    if let Resume::Watch(_) = opts.resume {
        // Watched from the start, and never written over.
        game.file = None;
        app.insert_resource(play::Watching::new(std::mem::take(&mut game.save.commands)));
    } else if !game.save.commands.is_empty() {
        app.insert_resource(play::Rewind(game.save.commands.clone()));
    }
    app.insert_resource(play::Notice(welcome)).insert_resource(game);
    Ok(app)
}

/// The game to play, and a word for the player about it: the save asked for (or the newest), or
/// else a new game. A save that cannot be played is named with what is wrong, and a new game
/// begins instead; the broken file is left where it is.
fn game_to_play(opts: &Options, data: &GameData) -> Result<(play::Game, String), String> {
    let file = match &opts.resume {
        Resume::New => None,
        Resume::Newest => folder::newest(),
        Resume::File(f) | Resume::Watch(f) => Some(f.clone()),
    };
    let mut said = String::new();
    if let Some(file) = file {
        match saved_game(&file, data) {
            Ok(game) => {
                let turns = game.save.commands.iter().filter(|c| matches!(c, crate::rules::command::Command::EndTurn)).count();
                let words = format!("Welcome back: {}, {} turn(s) played. Ctrl+Z undoes; hoxxes --new begins another game.", game.mission.name, turns);
                return Ok((game, words));
            }
            // A game to watch that cannot be played again is nothing to watch.
            Err(e) if matches!(opts.resume, Resume::Watch(_)) => return Err(e),
            Err(e) => {
                eprintln!("{e}");
                said = format!("{e}; a new game begins instead");
            }
        }
    }
    let (mission, text) = load_mission(&opts.mission, data).map_err(|ps| Problem::lines(&ps))?;
    let mut setup = MissionSetup::new(opts.classes.clone(), opts.seed, opts.hazard);
    setup.bosco = opts.bosco;
    // A screenshot plays nothing and keeps nothing.
    let file = match opts.screenshot {
        Some(_) => None,
        None => folder::new_save(&opts.mission).map_err(|e| said = format!("the game will not be saved: {e}")).ok(),
    };
    Ok((play::Game { save: Save::begin(&opts.mission, &text, setup), mission, file }, said))
}

/// A saved game, checked by replaying it headless before the window shows it.
fn saved_game(file: &std::path::Path, data: &GameData) -> Result<play::Game, String> {
    let save = crate::save::read(file).map_err(|p| p.to_string())?;
    let mission = save.mission(file, data).map_err(|p| p.to_string())?;
    let _replayed = crate::save::replay::headless(data.clone(), &mission, &save).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(play::Game { save, mission, file: Some(file.to_path_buf()) })
}

/// Once the mission is over: Enter starts a new game (the same mission and team, a new seed), Escape
/// quits.
fn after_the_mission(keys: Res<ButtonInput<KeyCode>>, outcome: Res<crate::rules::end::Outcome>, game: Res<play::Game>, mut exit: MessageWriter<AppExit>) {
    if outcome.0.is_none() {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        exit.write(AppExit::Success);
    }
    if keys.just_pressed(KeyCode::Enter) {
        let setup = &game.save.setup;
        let team: Vec<String> = setup.classes.iter().map(|c| format!("{c:?}")).collect();
        let mut args = vec!["--mission".into(), game.save.mission.display().to_string(), "--dwarves".into(), team.join(","), "--hazard".into(), setup.hazard.to_string()];
        if setup.bosco {
            args.push("--bosco".into());
        }
        match std::env::current_exe().and_then(|exe| std::process::Command::new(exe).args(&args).spawn()) {
            Ok(_) => {
                exit.write(AppExit::Success);
            }
            Err(e) => error!("could not start a new game: {e}"),
        }
    }
}
