//! The solo campaign (ruling 45): the missions of `missions/campaign.ron` in order, each set up
//! fresh; the record keeps each one's best result and the highest hazard it was won at; winning one
//! opens the next, and any mission open can be played again.

use super::team::{Book, TeamForm, read_book, team_rows};
use super::{Clicked, Entered, MenuButton, MenuInput, button, framed, says, words};
use crate::data::GameData;
use crate::rules::end::Outcome;
use crate::save::Run;
use crate::save::profile::{self, Profile};
use crate::screen::front::{Begin, Screen, Table};
use crate::screen::play::Game;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<Picked>()
        .add_systems(OnEnter(Screen::Campaign), (super::reset_focus, read_book, read_record, build).chain())
        .add_systems(
            Update,
            (press.after(MenuInput), build_again.run_if(resource_changed::<Picked>.or_eager(resource_changed::<TeamForm>)))
                .chain()
                .run_if(in_state(Screen::Campaign)),
        )
        .add_systems(Update, note_result.in_set(Table).run_if(resource_changed::<Outcome>));
}

/// The campaign's missions, the record, the mission picked and a word for the player.
#[derive(Resource, Default)]
struct Picked {
    missions: Vec<String>,
    record: Profile,
    mission: usize,
    said: String,
    /// The campaign game under way saved last, with its mission's name: Start begins another and
    /// keeps it, Continue takes it up.
    under_way: Option<(std::path::PathBuf, String)>,
}

#[derive(Component, Clone, Copy, Debug)]
enum Entry {
    Mission(usize),
    Start,
    Continue,
    Back,
}

fn read_record(mut picked: ResMut<Picked>) {
    picked.said.clear();
    picked.under_way = super::newest_under_way(|s| s.run == Run::Campaign).map(|(f, s)| (f, super::mission_name(&s)));
    match profile::campaign() {
        Ok(m) => picked.missions = m,
        Err(e) => picked.said = e.to_string(),
    }
    match profile::read() {
        Ok(r) => picked.record = r,
        Err(e) => picked.said = format!("{e}; the campaign starts from its first mission (the file is left as it is)"),
    }
    // The first mission not yet won, when none is picked.
    let open = picked.record.open(&picked.missions);
    if !open.get(picked.mission).copied().unwrap_or(false) {
        picked.mission = 0;
    }
    if picked.mission == 0 {
        picked.mission = (0..picked.missions.len()).rfind(|i| open[*i]).unwrap_or(0);
    }
}

fn build(mut commands: Commands, book: Res<Book>, picked: Res<Picked>, form: Res<TeamForm>, data: Res<GameData>) {
    let open = picked.record.open(&picked.missions);
    let name_of = |file: &str| {
        book.find(std::ffi::OsStr::new(file))
            .and_then(|i| book.0[i].mission.as_ref().ok())
            .map(|m| m.name.clone())
            .unwrap_or_else(|| file.to_string())
    };
    let body = |b: &mut ChildSpawnerCommands| {
        b.spawn(Node { column_gap: px(24.0), flex_grow: 1.0, width: percent(100.0), ..default() }).with_children(|cols| {
            cols.spawn(Node { flex_direction: FlexDirection::Column, row_gap: px(4.0), width: px(420.0), flex_shrink: 0.0, ..default() })
                .with_children(|list| {
                    for (i, file) in picked.missions.iter().enumerate() {
                        let status = match picked.record.missions.get(file) {
                            Some(r) if r.won_at_hazard > 0 => format!("won: {:?}, hazard {}", r.best, r.won_at_hazard),
                            Some(r) => format!("played {}, not won", r.played),
                            None if open[i] => "open".to_string(),
                            None => "locked".to_string(),
                        };
                        let tip = if open[i] && i == picked.mission {
                            format!(
                                "{} is picked: [Enter] again starts it afresh, with the hazard and team picked beside it",
                                name_of(file)
                            )
                        } else if open[i] {
                            format!("Pick {}", name_of(file))
                        } else {
                            "Win the mission before it to open this one".to_string()
                        };
                        button(
                            list,
                            format!("{}. {}  ({status})", i + 1, name_of(file)),
                            Entry::Mission(i),
                            MenuButton {
                                picked: i == picked.mission,
                                off: !open[i],
                                tip,
                                small: true,
                                // With a game under way, Continue has the focus: Enter on the
                                // mission picked began it afresh (a play-tester back from the
                                // table meant to go on).
                                focus_first: i == picked.mission && picked.under_way.is_none(),
                                ..default()
                            },
                        );
                    }
                });
            cols.spawn(super::side_column(10.0)).with_children(|c| {
                let chosen = picked
                    .missions
                    .get(picked.mission)
                    .and_then(|f| book.find(std::ffi::OsStr::new(f)))
                    .and_then(|i| book.0[i].mission.as_ref().ok());
                if let Some(m) = chosen {
                    words(c, super::mission_heading(m), 22.0, crate::screen::look::PAPER);
                    words(c, m.briefing.clone(), 16.0, super::DIM);
                }
                words(c, "Each mission is set up fresh; a success or minor success opens the next. Only the games begun here count: a Quick mission, or the Tutorial from the main menu, opens nothing.", 15.0, super::DIM);
                team_rows(c, &form, &data);
                if !picked.said.is_empty() {
                    words(c, picked.said.clone(), 16.0, super::AMBER);
                }
            });
        });
    };
    framed(&mut commands, Screen::Campaign, "Solo campaign", body, |r| {
        let start = match &picked.under_way {
            Some((_, name)) => {
                let tip = format!("Begin this mission afresh: the game of {name} under way is kept (Continue takes it up)");
                let state = MenuButton { focus_first: true, ..says("Go back to the campaign game under way, where it was left") };
                button(r, format!("Continue: {name}"), Entry::Continue, state);
                tip
            }
            None => "Lay out the cave and begin".to_string(),
        };
        button(r, "Start the mission", Entry::Start, says(start));
        button(r, "Back", Entry::Back, says("Back to the main menu (Escape)"));
    });
}

fn build_again(
    mut commands: Commands,
    roots: Query<Entity, With<super::MenuRoot>>,
    book: Res<Book>,
    picked: Res<Picked>,
    form: Res<TeamForm>,
    data: Res<GameData>,
) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, book, picked, form, data);
}

fn press(
    mut clicked: MessageReader<Clicked>,
    mut entered: MessageReader<Entered>,
    entries: Query<&Entry>,
    mut picked: ResMut<Picked>,
    form: Res<TeamForm>,
    data: Res<GameData>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let entered: Vec<Entered> = entered.read().copied().collect();
    for Clicked(e) in clicked.read() {
        let Ok(entry) = entries.get(*e) else { continue };
        // Enter on the mission already picked starts it; a click only picks.
        let entry = match *entry {
            Entry::Mission(i) if super::enter_again(*e, i == picked.mission, &entered) => Entry::Start,
            entry => entry,
        };
        match entry {
            Entry::Mission(i) => picked.mission = i,
            Entry::Back => next.set(Screen::Title),
            Entry::Continue => match picked.under_way.as_ref().map(|(file, _)| super::resume(file, &data)) {
                Some(Ok(begin)) => commands.insert_resource(begin),
                Some(Err(e)) => picked.said = e,
                None => {}
            },
            Entry::Start => {
                let Some(file) = picked.missions.get(picked.mission) else { continue };
                let path = crate::data::missions_dir().join(file);
                match crate::screen::new_game(&path, form.setup(&data), Run::Campaign, &data, true) {
                    Ok((game, unsaved)) => {
                        let welcome = format!("Campaign: {}, saved after every command. {}", game.mission.name, super::FIRST_KEYS);
                        commands.insert_resource(Begin { game, watch: false, welcome, warning: unsaved });
                    }
                    Err(e) => picked.said = e,
                }
            }
        }
    }
}

/// A campaign mission played to its end goes into the record (not one only watched).
fn note_result(outcome: Res<Outcome>, game: Option<Res<Game>>, mut noted: Local<Option<std::ffi::OsString>>) {
    let (Some(end), Some(game)) = (&outcome.0, game) else { return };
    // The save moves to the finished games at the end: it is known by its name.
    let file = game.file.as_ref().and_then(|f| f.file_name()).map(|n| n.to_os_string());
    if game.save.run != Run::Campaign || file.is_none() || *noted == file {
        return;
    }
    *noted = file;
    let name = game.save.mission.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
    // A record that cannot be read is left as it is, not written over.
    let mut record = match profile::read() {
        Ok(r) => r,
        Err(e) => return error!("{e}"),
    };
    record.note(&name, end.result, game.save.setup.hazard);
    if let Err(e) = profile::write(&record) {
        error!("the campaign record could not be kept: {e}");
    }
}
