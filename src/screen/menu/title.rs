//! The main menu: Continue (the game or Deep Dive under way, when there is one), Quick mission, Solo
//! campaign, Deep Dive, Replays, Rules reference, Settings, Quit.

use super::{Clicked, MenuButton, MenuInput, button, frame, says, words};
use crate::data::GameData;
use crate::screen::front::Screen;
use crate::screen::look::ui_text;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<Said>().add_systems(OnEnter(Screen::Title), (super::reset_focus, disarm_quit, build).chain()).add_systems(
        Update,
        (press.after(MenuInput), build_again.run_if(resource_changed::<Said>)).chain().run_if(in_state(Screen::Title)),
    );
}

/// A line for the player on the main menu: why a save could not be continued, say.
#[derive(Resource, Default)]
pub struct Said(pub String);

#[derive(Component, Clone, Debug)]
enum Entry {
    Tutorial,
    Continue(std::path::PathBuf),
    ContinueDive,
    Go(Screen),
    Quit,
}

fn build(mut commands: Commands, said: Res<Said>, left: Option<Res<crate::screen::front::LeftGame>>) {
    let dive = crate::save::dive::read_current().ok().flatten().filter(|d| !d.over());
    let newest = newest_game(left.as_deref());
    let left_here = newest.as_ref().is_some_and(|(file, _)| left.as_deref().is_some_and(|l| l.0 == *file));
    let said = said.0.clone();
    // Nothing under way and nothing finished: a newcomer, offered the Tutorial first.
    let new_here = dive.is_none() && newest.is_none() && crate::save::folder::saves_in(crate::save::folder::finished()).is_empty();
    frame(&mut commands, Screen::Title, "hoxxes", |b| {
        words(b, "Deep Rock Galactic: The Board Game, with the computer keeping the books and running the creatures", 18.0, super::DIM);
        // The games to go on with, as wide as the rows under them; then the ways to play in a row,
        // and the rest in rows too: the whole menu fits a 1280x720 window at the largest text, as
        // one column of eight did not (the keyboard walks them by rows, as it walks any screen).
        b.spawn(Node { flex_direction: FlexDirection::Column, row_gap: px(GAP), margin: UiRect::top(px(14.0)), ..default() })
            .with_children(|c| {
                let wide = |tip: String| MenuButton { width: Some(3.0 * WIDTH + 2.0 * GAP), ..says(tip) };
                let continue_dive = |c: &mut ChildSpawnerCommands| {
                    if let Some(d) = &dive {
                        let tip = "Go back to the Deep Dive under way, where it was left".to_string();
                        button(c, format!("Continue the Deep Dive ({})", d.progress()), Entry::ContinueDive, wide(tip));
                    }
                };
                let continue_game = |c: &mut ChildSpawnerCommands| {
                    if let Some((file, save)) = &newest {
                        let tip = format!(
                            "Go on with the game saved last ({}), exactly where it was ({})",
                            super::team_words(save),
                            file.display()
                        );
                        button(c, format!("Continue: {}", super::mission_name(save)), Entry::Continue(file.clone()), wide(tip));
                    }
                };
                if new_here {
                    let tip = "A small, quiet cave for one Scout, with a coach's line that says what to try next and why";
                    button(c, "New here? Play the Tutorial", Entry::Tutorial, wide(tip.into()));
                }
                // The game just left at the table (F10) comes first, where the focus starts: Enter
                // goes back to it, not to an older Deep Dive (a play-tester).
                if left_here {
                    continue_game(c);
                    continue_dive(c);
                } else {
                    continue_dive(c);
                    continue_game(c);
                }
                let cell = |tip: &str| MenuButton { width: Some(WIDTH), ..says(tip) };
                buttons_row(c, |r| {
                    let tip = cell("Pick a mission, a hazard level and 1 to 4 Dwarves, and play it");
                    button(r, "Quick mission", Entry::Go(Screen::QuickMission), tip);
                    let tip = cell("The missions from the easiest to the hardest, the Tutorial first: winning one opens the next");
                    button(r, "Solo campaign", Entry::Go(Screen::Campaign), tip);
                    let tip = cell("Three missions in a row, keeping what the Dwarves carry and nothing else");
                    button(r, "Deep Dive", Entry::Go(Screen::DeepDive), tip);
                });
                buttons_row(c, |r| {
                    let tip = cell("Watch a saved or finished game step by step, or go on with one");
                    button(r, "Replays", Entry::Go(Screen::Replays), tip);
                    let tip = cell("The rules of the game, in sections, with our rulings (F2 opens them, here and at the table)");
                    button(r, "Rules reference", Entry::Go(Screen::Rules), tip);
                    button(r, "Settings", Entry::Go(Screen::Settings), cell("The creatures' turn speed, animations, the size of the text"));
                });
                buttons_row(c, |r| {
                    let (label, tip) = match said == QUIT_AGAIN {
                        true => ("Quit: press again", "Press again to close the game; anything else keeps it open"),
                        false => ("Quit", "Close the game (a second press does it): it is saved after every command"),
                    };
                    button(r, label, Entry::Quit, cell(tip));
                });
            });
        if !said.is_empty() {
            words(b, said, 16.0, super::AMBER);
        }
        b.spawn((ui_text(KEYS, 16.0, super::DIM), Node { margin: UiRect::top(px(10.0)), max_width: percent(100.0), ..default() }));
    });
}

/// What the main menu says after a first press of Quit, which a second press carries out: the
/// rows above it come and go with the games under way, so a click aimed at Replays could land on
/// Quit (a play-tester's did, and the game closed).
const QUIT_AGAIN: &str = "Press Quit again to close the game (every game is kept: Continue brings it back)";

/// A main menu button's width, and the room between buttons.
const WIDTH: f32 = 250.0;
const GAP: f32 = 8.0;

/// A row of the main menu's buttons, side by side.
fn buttons_row(parent: &mut ChildSpawnerCommands, body: impl FnOnce(&mut ChildSpawnerCommands)) {
    parent.spawn(Node { column_gap: px(GAP), ..default() }).with_children(body);
}

/// The keys of the menus, said once where a newcomer starts (a play-tester looked for them).
const KEYS: &str = "[Arrows] or [Tab] move, [Enter] presses, [Esc] comes back here, [F2] the rules, [F11] full screen";

/// The Tutorial for a lone Scout at the first hazard, a new seed: the game a newcomer starts with
/// (kept in a save file, but by a test).
fn tutorial(data: &GameData, keep: bool) -> Result<crate::screen::front::Begin, String> {
    let path = crate::data::missions_dir().join("00-tutorial.ron");
    let setup = crate::rules::setup::MissionSetup::new(vec![crate::data::weapons::DwarfClass::Scout], super::team::new_seed(), 1);
    let (game, unsaved) = crate::screen::new_game(&path, setup, crate::save::Run::Quick, data, keep)?;
    // One line: the mission's name is on the panel.
    let welcome = format!("The coach's line above says what to try; {}", super::FIRST_KEYS);
    Ok(crate::screen::front::Begin { game, watch: false, welcome, warning: unsaved })
}

/// The game to go on with that is not a Deep Dive's mission (the dive has its own Continue): the
/// one last left at the table, wherever its file is, else the game under way saved last.
fn newest_game(left: Option<&crate::screen::front::LeftGame>) -> Option<(std::path::PathBuf, crate::save::Save)> {
    let not_a_dive = |s: &crate::save::Save| s.run != crate::save::Run::DeepDive;
    let left = left.and_then(|l| crate::save::read(&l.0).ok().map(|s| (l.0.clone(), s)));
    left.filter(|(_, s)| not_a_dive(s)).or_else(|| super::newest_under_way(not_a_dive))
}

/// A first press of Quit holds only while the player stays on the main menu.
fn disarm_quit(mut said: ResMut<Said>) {
    if said.0 == QUIT_AGAIN {
        said.0.clear();
    }
}

fn build_again(
    mut commands: Commands,
    roots: Query<Entity, With<super::MenuRoot>>,
    said: Res<Said>,
    left: Option<Res<crate::screen::front::LeftGame>>,
) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, said, left);
}

fn press(
    mut clicked: MessageReader<Clicked>,
    entries: Query<&Entry>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    data: Res<GameData>,
    mut said: ResMut<Said>,
    mut exit: MessageWriter<AppExit>,
) {
    for Clicked(e) in clicked.read() {
        let Ok(entry) = entries.get(*e) else { continue };
        if said.0 == QUIT_AGAIN && !matches!(entry, Entry::Quit) {
            said.0.clear();
        }
        match entry {
            Entry::Go(screen) => next.set(*screen),
            Entry::Tutorial => match tutorial(&data, true) {
                Ok(begin) => commands.insert_resource(begin),
                Err(e) => said.0 = e,
            },
            Entry::ContinueDive => next.set(Screen::DeepDive),
            Entry::Continue(file) => match super::resume(file, &data) {
                Ok(begin) => commands.insert_resource(begin),
                Err(e) => said.0 = e,
            },
            Entry::Quit if said.0 == QUIT_AGAIN => {
                exit.write(AppExit::Success);
            }
            Entry::Quit => said.0 = QUIT_AGAIN.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Quit closes the game at its second press only; a press of anything else between puts the
    /// first one away.
    #[test]
    fn quit_asks_for_a_second_press() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .init_state::<Screen>()
            .add_message::<Clicked>()
            .init_resource::<Said>()
            .insert_resource(GameData::load(&crate::data::assets_dir()).expect("the game's data"))
            .add_systems(Update, press);
        let quit = app.world_mut().spawn(Entry::Quit).id();
        let replays = app.world_mut().spawn(Entry::Go(Screen::Replays)).id();
        let click = |app: &mut App, e: Entity| {
            app.world_mut().write_message(Clicked(e));
            app.update();
            (app.should_exit().is_some(), app.world().resource::<Said>().0.clone())
        };
        assert_eq!(click(&mut app, quit), (false, QUIT_AGAIN.to_string()), "the first press asks");
        assert_eq!(click(&mut app, replays), (false, String::new()), "another button puts it away");
        assert_eq!(click(&mut app, quit), (false, QUIT_AGAIN.to_string()));
        assert!(click(&mut app, quit).0, "the second press closes the game");
    }

    /// The newcomer's button starts the Tutorial for a lone Scout, coached.
    #[test]
    fn the_newcomers_button_starts_the_tutorial_coached() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let begin = tutorial(&data, false).expect("the Tutorial begins");
        assert_eq!(begin.game.mission.kind, crate::data::mission::MissionKind::Tutorial);
        assert_eq!(begin.game.save.setup.classes, [crate::data::weapons::DwarfClass::Scout]);
        assert!(begin.game.save.commands.is_empty());
        assert!(crate::screen::play::Coach::of(begin.game.mission.kind, begin.watch).on);
    }
}
