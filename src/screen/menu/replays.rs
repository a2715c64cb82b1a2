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

/// A save for the list: its mission, team, hazard and seed, and how many commands it holds.
fn describe(file: &Path) -> String {
    match crate::save::read(file) {
        Ok(save) => format!(
            "{}: {}, seed {}, {}",
            super::mission_name(&save),
            super::team_words(&save),
            save.setup.seed,
            crate::rules::log::counted(save.commands.len() as u64, "command")
        ),
        Err(_) => format!("{}: cannot be read", file.file_stem().and_then(|s| s.to_str()).unwrap_or("?")),
    }
}

fn build(mut commands: Commands, said: Res<Said>) {
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
                words(r, describe(f), 15.0, super::DIM);
            });
        }
        words(b, "Finished", 20.0, crate::screen::look::PAPER);
        if finished.is_empty() {
            words(b, "none yet: a game moves here when its mission ends", 15.0, super::DIM);
        }
        for f in finished.iter().take(LISTED - under_way.len().min(LISTED / 2)) {
            row(b, |r| {
                button(r, "Watch", Entry::Watch(f.clone()), says(format!("Watch {} from its start", f.display())));
                words(r, describe(f), 15.0, super::DIM);
            });
        }
        button(b, "Back", Entry::Back, says("Back to the main menu (Escape)"));
        if !said.is_empty() {
            words(b, said, 16.0, super::AMBER);
        }
    });
}

fn build_again(mut commands: Commands, roots: Query<Entity, With<super::MenuRoot>>, said: Res<Said>) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, said);
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
