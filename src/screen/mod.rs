//! Everything drawn and clicked. A client of the rules: it reads state and events and sends commands.
//! One plugin per concern: the cave map, the figures, the tokens, the HUD (and the screenshot mode).

mod atlas;
mod figures;
pub mod front;
mod hud;
mod layout;
mod legend;
mod look;
mod map;
mod menu;
mod options;
mod paint;
pub mod play;
mod screenshot;
pub mod settings;
mod sprites;
mod tokens;
mod wheel;
mod window;
pub mod words;

use crate::data::load::Problem;
use crate::data::validate::load_mission;
use crate::data::{GameData, assets_dir};
use crate::rules::RulesPlugin;
use crate::rules::setup::MissionSetup;
use crate::save::{Save, folder};
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

/// The window, everything drawn, and the game asked for on the command line brought to the table
/// (or, with none asked for, the main menu).
fn table(opts: &Options) -> Result<App, String> {
    let data = GameData::load(&assets_dir()).map_err(|ps| Problem::lines(&ps))?;
    let begin = match opts.resume {
        Resume::Menu => None,
        _ => Some(game_to_play(opts, &data)?),
    };
    let window = Window { title: "hoxxes".into(), resolution: (layout::WINDOW.x as u32, layout::WINDOW.y as u32).into(), ..default() };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }))
        .add_plugins(RulesPlugin)
        .insert_resource(data)
        .add_plugins((front::plugin, sprites::plugin, map::plugin, figures::plugin, tokens::plugin, hud::plugin, legend::plugin))
        .add_plugins((play::logic_plugin, play::view_plugin, menu::plugin, window::plugin))
        .init_resource::<layout::BarTop>()
        .add_systems(OnEnter(front::AtTable), layout::new_bar)
        .add_systems(Update, (layout::fit_window, layout::more_out_of_sight));
    if let Some(path) = &opts.record {
        app.insert_resource(play::Record::to(path.clone()));
    }
    match begin {
        Some((game, welcome, warning)) => {
            app.insert_resource(front::Begin { game, watch: matches!(opts.resume, Resume::Watch(_)), welcome, warning });
        }
        None => app.world_mut().resource_mut::<NextState<front::Screen>>().set(front::Screen::Title),
    }
    Ok(app)
}

/// The game to play, and a word for the player about it: the save asked for, or else a new game. A save that cannot be played is named with what is wrong, and a new game
/// begins instead; the broken file is left where it is.
/// Its third value is what went wrong on the way.
fn game_to_play(opts: &Options, data: &GameData) -> Result<(play::Game, String, String), String> {
    let file = match &opts.resume {
        Resume::New | Resume::Menu => None,
        Resume::File(f) | Resume::Watch(f) => Some(f.clone()),
    };
    let mut said = String::new();
    if let Some(file) = file {
        match saved_game(&file, data) {
            Ok(mut game) => {
                if matches!(opts.resume, Resume::Watch(_)) {
                    // Watched from the start, and never written over.
                    game.file = None;
                    return Ok((game, "Watching: Right and Left step, Page Up and Down a turn, P plays on".into(), String::new()));
                }
                // The panel says which turn it is (a count of the ends of turn here disagreed with it).
                let words = menu::welcome_back(&game.mission.name);
                return Ok((game, words, String::new()));
            }
            // A game to watch that cannot be played again is nothing to watch.
            Err(e) if matches!(opts.resume, Resume::Watch(_)) => return Err(e),
            Err(e) => {
                eprintln!("{e}");
                said = format!("{e}; a new game begins instead");
            }
        }
    }
    let mut setup = MissionSetup::new(opts.classes.clone(), opts.seed, opts.hazard);
    setup.bosco = opts.bosco;
    // A screenshot plays nothing and keeps nothing.
    let (game, unsaved) = new_game(&opts.mission, setup, crate::save::Run::Quick, data, opts.screenshot.is_none())?;
    Ok((game, String::new(), format!("{said} {unsaved}").trim().to_string()))
}

/// A new game of a mission file, with its save file (`keep`); the second value is a warning for
/// the player: why the game cannot be saved, if it cannot (it is played all the same), else empty.
pub fn new_game(
    path: &std::path::Path,
    setup: MissionSetup,
    run: crate::save::Run,
    data: &GameData,
    keep: bool,
) -> Result<(play::Game, String), String> {
    let (mission, text) = load_mission(path, data).map_err(|ps| Problem::lines(&ps))?;
    let mut unsaved = String::new();
    let file = if keep { folder::new_save(path).map_err(|e| unsaved = format!("the game will not be saved: {e}")).ok() } else { None };
    let mut save = Save::begin(path, &text, setup);
    save.run = run;
    Ok((play::Game { save, mission, file }, unsaved))
}

/// A saved game, checked by replaying it headless before the window shows it.
pub fn saved_game(file: &std::path::Path, data: &GameData) -> Result<play::Game, String> {
    let mut save = crate::save::read(file).map_err(|p| p.to_string())?;
    let mission = save.mission(file, data).map_err(|p| p.to_string())?;
    let (replayed, _) = crate::save::replay::headless(data.clone(), &mission, &save).map_err(|e| format!("{}: {e}", file.display()))?;
    crate::save::replay::upgrade(&mut save, replayed.world());
    Ok(play::Game { save, mission, file: Some(file.to_path_buf()) })
}
