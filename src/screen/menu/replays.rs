//! Replays: the saved games (under way and finished), newest first; watch any of them step by step,
//! or go on with one under way.

use super::{Clicked, MenuInput, button, frame, row, says, words};
use crate::data::GameData;
use crate::save::folder;
use crate::screen::front::{Begin, Screen};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub fn plugin(app: &mut App) {
    app.init_resource::<Said>().add_systems(OnEnter(Screen::Replays), (super::reset_focus, build)).add_systems(
        Update,
        (press.after(MenuInput), build_again.run_if(resource_changed::<Said>)).chain().run_if(in_state(Screen::Replays)),
    );
}

/// Why the last game picked could not be shown.
#[derive(Resource, Default)]
struct Said(String);

#[derive(Component, Clone, Debug)]
enum Entry {
    Watch(PathBuf),
    Continue(PathBuf),
    Back,
}

/// The most games listed.
const LISTED: usize = 14;

/// A save for the list: its mission, what it was part of, team, hazard and seed (a Deep Dive's
/// mission has none of its own to share: the dive's screen gives the dive's), how many commands it
/// holds and when it was last saved; a finished game, how it ended (a play-tester could not tell
/// his won games from his lost ones).
fn describe(file: &Path, data: &GameData, finished: bool) -> String {
    let save = match crate::save::read(file) {
        Ok(save) => save,
        Err(_) => return format!("{}: cannot be read", file.file_stem().and_then(|s| s.to_str()).unwrap_or("?")),
    };
    let run = match save.run {
        crate::save::Run::Quick => format!("seed {}", save.setup.seed),
        crate::save::Run::Campaign => format!("solo campaign, seed {}", save.setup.seed),
        crate::save::Run::DeepDive => "a Deep Dive's mission".to_string(),
    };
    let ended = if finished { ended(file, &save, data).map(|r| format!("{r} - ")).unwrap_or_default() } else { String::new() };
    let age =
        file.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok()).map(|t| format!(", saved {}", ago(t.as_secs())));
    format!(
        "{ended}{}: {}, {run}, {}{}",
        super::mission_name(&save),
        super::team_words(&save),
        crate::rules::log::counted(save.commands.len() as u64, "command"),
        age.unwrap_or_default()
    )
}

/// How a finished game ended, from its commands played again (none if they no longer play).
fn ended(file: &Path, save: &crate::save::Save, data: &GameData) -> Option<&'static str> {
    let mission = save.mission(file, data).ok()?;
    let (replayed, _) = crate::save::replay::headless(data.clone(), &mission, save).ok()?;
    let end = replayed.world().resource::<crate::rules::end::Outcome>().0.as_ref()?;
    Some(crate::screen::words::result_name(end.result))
}

/// How long ago, in words: the largest whole unit.
fn ago(secs: u64) -> String {
    let (n, unit) = match secs {
        0..60 => return "just now".into(),
        60..3_600 => (secs / 60, "minute"),
        3_600..86_400 => (secs / 3_600, "hour"),
        _ => (secs / 86_400, "day"),
    };
    format!("{} ago", crate::rules::log::counted(n, unit))
}

fn build(mut commands: Commands, said: Res<Said>, data: Res<GameData>) {
    let under_way = folder::saves_in(folder::under_way());
    let finished = folder::saves_in(folder::finished());
    let said = said.0.clone();
    frame(&mut commands, Screen::Replays, "Replays", |b| {
        words(
            b,
            "Watching: Right and Left step one command, Page Up and Down a turn, Home and End, P plays on by itself",
            15.0,
            super::DIM,
        );
        words(b, "Under way", 20.0, crate::screen::look::PAPER);
        if under_way.is_empty() {
            words(b, "none", 15.0, super::DIM);
        }
        for f in under_way.iter().take(LISTED / 2) {
            row(b, |r| {
                button(r, "Continue", Entry::Continue(f.clone()), says(format!("Go on with {}", f.display())));
                button(r, "Watch", Entry::Watch(f.clone()), says(format!("Watch {} from its start", f.display())));
                words(r, describe(f, &data, false), 15.0, super::DIM);
            });
        }
        words(b, "Finished", 20.0, crate::screen::look::PAPER);
        if finished.is_empty() {
            words(b, "none yet: a game moves here when its mission ends", 15.0, super::DIM);
        }
        for f in finished.iter().take(LISTED - under_way.len().min(LISTED / 2)) {
            row(b, |r| {
                button(r, "Watch", Entry::Watch(f.clone()), says(format!("Watch {} from its start", f.display())));
                words(r, describe(f, &data, true), 15.0, super::DIM);
            });
        }
        button(b, "Back", Entry::Back, says("Back to the main menu (Escape)"));
        if !said.is_empty() {
            words(b, said, 16.0, super::AMBER);
        }
    });
}

fn build_again(mut commands: Commands, roots: Query<Entity, With<super::MenuRoot>>, said: Res<Said>, data: Res<GameData>) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, said, data);
}

fn press(
    mut clicked: MessageReader<Clicked>,
    entries: Query<&Entry>,
    data: Res<GameData>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut said: ResMut<Said>,
) {
    for Clicked(e) in clicked.read() {
        let Ok(entry) = entries.get(*e) else { continue };
        let (file, watch) = match entry {
            Entry::Back => {
                next.set(Screen::Title);
                continue;
            }
            Entry::Watch(f) => (f, true),
            Entry::Continue(f) => (f, false),
        };
        match crate::screen::saved_game(file, &data) {
            Ok(mut game) => {
                if watch {
                    // Watched, never written over.
                    game.file = None;
                }
                let welcome = if watch {
                    "Watching: Right steps on, Left back, P plays on; Esc for the saved games, F10 for the menu".to_string()
                } else {
                    format!("Welcome back: {}", game.mission.name)
                };
                commands.insert_resource(Begin { game, watch, welcome, warning: String::new() });
            }
            Err(e) => said.0 = e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A finished game is listed with how it ended, then its mission, team, seed and commands.
    #[test]
    fn a_finished_game_is_listed_with_how_it_ended() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/00-tutorial-greedy-bot-whole.ron");
        let said = describe(&file, &data, true);
        assert!(said.starts_with("Mission success - Tutorial"), "{said}");
        assert!(said.contains("Scout, Gunner, hazard 1, seed 7, "), "{said}");
        assert!(!describe(&file, &data, false).contains("success"), "a game under way has no end to tell");
        assert_eq!([ago(59), ago(120), ago(3 * 3_600 + 5), ago(86_400)], ["just now", "2 minutes ago", "3 hours ago", "1 day ago"]);
    }
}
