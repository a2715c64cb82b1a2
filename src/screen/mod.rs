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
mod words;

use crate::data::load::read_ron;
use crate::data::mission::Mission;
use crate::data::{GameData, assets_dir};
use crate::rules::RulesPlugin;
use crate::rules::setup::{MissionSetup, begin_first_turn, start_mission};
use bevy::prelude::*;
use options::Options;
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

/// A window with the mission laid out, the first turn begun, and everything drawn.
fn table(opts: &Options) -> Result<App, String> {
    let data = GameData::load(&assets_dir()).map_err(|ps| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n"))?;
    let mission = read_ron::<Mission>(&opts.mission).map_err(|p| p.to_string())?;
    let window = Window {
        title: format!("hoxxes - {}", mission.name),
        resolution: (layout::WINDOW.x as u32, layout::WINDOW.y as u32).into(),
        ..default()
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }))
        .add_plugins(RulesPlugin)
        .insert_resource(data);
    let mut setup = MissionSetup::new(opts.classes.clone(), opts.seed, opts.hazard);
    setup.bosco = opts.bosco;
    start_mission(app.world_mut(), &mission, &setup)?;
    begin_first_turn(app.world_mut())?;
    app.add_plugins((sprites::plugin, map::plugin, figures::plugin, tokens::plugin, hud::plugin, legend::plugin))
        .add_plugins((play::logic_plugin, play::view_plugin))
        .add_systems(Update, (after_the_mission, layout::fit_window));
    if let Some(path) = &opts.record {
        app.insert_resource(play::Record::to(path.clone()));
    }
    Ok(app)
}

/// Once the mission is over: Enter starts a new game (the same mission and team, a new seed unless
/// one was given), Escape quits.
fn after_the_mission(keys: Res<ButtonInput<KeyCode>>, outcome: Res<crate::rules::end::Outcome>, mut exit: MessageWriter<AppExit>) {
    if outcome.0.is_none() {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        exit.write(AppExit::Success);
    }
    if keys.just_pressed(KeyCode::Enter) {
        let args: Vec<String> = std::env::args().skip(1).collect();
        match std::env::current_exe().and_then(|exe| std::process::Command::new(exe).args(&args).spawn()) {
            Ok(_) => {
                exit.write(AppExit::Success);
            }
            Err(e) => error!("could not start a new game: {e}"),
        }
    }
}
