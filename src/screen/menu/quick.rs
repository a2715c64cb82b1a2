//! Quick mission: pick a mission from the book (its name, kind, difficulty, briefing and a picture
//! of its map), the hazard, the Dwarves and their secondaries, BOSCO for a lone Dwarf, the seed;
//! then play it.

use super::team::{Book, TeamForm, preview, read_book, team_rows};
use super::{Clicked, Entered, MenuButton, MenuInput, button, framed, says, words};
use crate::data::GameData;
use crate::save::Run;
use crate::screen::front::{Begin, Screen};
use crate::screen::play::Game;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<Picked>()
        .add_systems(OnEnter(Screen::QuickMission), (super::reset_focus, read_book, pick_kept, build).chain())
        .add_systems(
            Update,
            (press.after(MenuInput), build_again.run_if(resource_changed::<Picked>.or_eager(resource_changed::<TeamForm>)))
                .chain()
                .run_if(in_state(Screen::QuickMission)),
        );
}

/// The mission picked (its place in the book), and a word on why the last start failed.
#[derive(Resource, Default)]
struct Picked {
    mission: usize,
    said: String,
}

#[derive(Component, Clone, Copy, Debug)]
enum Entry {
    Mission(usize),
    Start,
    Back,
}

fn build(
    mut commands: Commands,
    book: Res<Book>,
    picked: Res<Picked>,
    form: Res<TeamForm>,
    data: Res<GameData>,
    mut images: ResMut<Assets<Image>>,
) {
    let chosen = book.0.get(picked.mission);
    let picture = chosen.and_then(|e| e.mission.as_ref().ok()).map(|m| preview(m, &mut images));
    let body = |b: &mut ChildSpawnerCommands| {
        b.spawn(Node { column_gap: px(24.0), flex_grow: 1.0, width: percent(100.0), ..default() }).with_children(|cols| {
            cols.spawn(Node { flex_direction: FlexDirection::Column, row_gap: px(4.0), width: px(260.0), flex_shrink: 0.0, ..default() })
                .with_children(|list| {
                    for (i, entry) in book.0.iter().enumerate() {
                        let (label, tip, off) = match &entry.mission {
                            // Its briefing shows beside the list once it is picked, not again here.
                            Ok(m) => {
                                let tip = match i == picked.mission {
                                    true => {
                                        format!("{} is picked: [Enter] again starts it, with the hazard and team picked beside it", m.name)
                                    }
                                    false => format!("Pick {}: its briefing and map show beside the list", m.name),
                                };
                                (format!("{} ({})", m.name, m.difficulty), tip, false)
                            }
                            Err(e) => (
                                format!("{} (cannot be played)", entry.path.file_name().unwrap_or_default().to_string_lossy()),
                                e.clone(),
                                true,
                            ),
                        };
                        button(
                            list,
                            label,
                            Entry::Mission(i),
                            MenuButton {
                                picked: i == picked.mission,
                                off,
                                tip,
                                small: true,
                                focus_first: i == picked.mission,
                                ..default()
                            },
                        );
                    }
                });
            cols.spawn(super::side_column(10.0)).with_children(|c| {
                if let Some(Ok(m)) = chosen.map(|e| &e.mission) {
                    words(c, super::mission_heading(m), 22.0, crate::screen::look::PAPER);
                    words(c, m.briefing.clone(), 16.0, super::DIM);
                }
                if let Some(image) = picture {
                    // Low enough that a team of three or four, their weapons, BOSCO and the seed fit
                    // under it at 1920x1080 (a play-tester found the seed's row below the fold).
                    c.spawn((ImageNode::new(image), Node { max_width: px(460.0), max_height: px(140.0), ..default() }));
                }
                team_rows(c, &form, &data);
                if !picked.said.is_empty() {
                    words(c, picked.said.clone(), 16.0, super::AMBER);
                }
            });
        });
    };
    framed(&mut commands, Screen::QuickMission, "Quick mission", body, |r| {
        button(r, "Start the mission", Entry::Start, says("Lay out the cave and begin (Enter on the mission picked does it too)"));
        button(r, "Back", Entry::Back, says("Back to the main menu (Escape)"));
    });
}

/// The list opens on the mission last picked, should it still be in the book.
fn pick_kept(book: Res<Book>, form: Res<TeamForm>, mut picked: ResMut<Picked>) {
    let kept = form.mission.as_deref().and_then(|name| book.0.iter().position(|e| file_name(e) == Some(name)));
    if let Some(i) = kept {
        picked.mission = i;
    }
}

fn file_name(entry: &super::team::BookEntry) -> Option<&str> {
    entry.path.file_name().and_then(|f| f.to_str())
}

fn build_again(
    mut commands: Commands,
    roots: Query<Entity, With<super::MenuRoot>>,
    book: Res<Book>,
    picked: Res<Picked>,
    form: Res<TeamForm>,
    data: Res<GameData>,
    images: ResMut<Assets<Image>>,
) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, book, picked, form, data, images);
}

fn press(
    mut clicked: MessageReader<Clicked>,
    mut entered: MessageReader<Entered>,
    entries: Query<&Entry>,
    mut picked: ResMut<Picked>,
    book: Res<Book>,
    mut form: ResMut<TeamForm>,
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
            Entry::Mission(i) => {
                picked.mission = i;
                form.mission = book.0.get(i).and_then(file_name).map(str::to_string);
            }
            Entry::Back => next.set(Screen::Title),
            Entry::Start => {
                let Some(path) = book.0.get(picked.mission).map(|e| e.path.clone()) else { continue };
                match crate::screen::new_game(&path, form.setup(&data), Run::Quick, &data, true) {
                    Ok((game, unsaved)) => commands.insert_resource(begun(game, unsaved)),
                    Err(e) => picked.said = e,
                }
            }
        }
    }
}

/// The mission after a game's in the campaign's order, from the easiest to the hardest
/// (`missions/campaign.ron`), if there is one: the debrief's "next mission" (a play-tester who had
/// won the Tutorial was offered only to play it again; the book's file order put First Light, with
/// its Praetorian, next).
pub fn next_file(save: &crate::save::Save) -> Option<std::path::PathBuf> {
    let order = crate::save::profile::campaign().ok()?;
    let name = save.mission.file_name()?.to_str()?;
    let at = order.iter().position(|f| f == name)?;
    order.get(at + 1).map(|f| crate::data::missions_dir().join(f))
}

/// The next mission in the campaign's order for the same team and hazard, with a new seed (the
/// debrief's N), kept in a save file but by a test.
pub fn next(game: &Game, data: &GameData, keep: bool) -> Option<Result<Begin, String>> {
    let path = next_file(&game.save)?;
    let mut setup = game.save.setup.clone();
    setup.seed = super::team::new_seed();
    Some(crate::screen::new_game(&path, setup, Run::Quick, data, keep).map(|(game, unsaved)| begun(game, unsaved)))
}

/// A quick mission begun, with its word of welcome.
fn begun(game: Game, unsaved: String) -> Begin {
    let welcome = format!("{}, seed {}, saved after every command. {}", game.mission.name, game.save.setup.seed, super::FIRST_KEYS);
    Begin { game, watch: false, welcome, warning: unsaved }
}

/// The same mission and team again, with a new seed (the debrief's Enter).
pub fn again(game: &Game) -> Begin {
    let mut save = game.save.clone();
    save.commands.clear();
    save.setup.seed = super::team::new_seed();
    let file = crate::save::folder::new_save(&save.mission).ok();
    let welcome = format!("{} again: seed {}.", game.mission.name, save.setup.seed);
    Begin { game: Game { save, mission: game.mission.clone(), file }, watch: false, welcome, warning: String::new() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::weapons::DwarfClass;

    /// The list opens on the mission last picked, found by its file's name; a name no longer in the
    /// book leaves the pick as it was.
    #[test]
    fn the_list_opens_on_the_mission_last_picked() {
        use super::super::team::BookEntry;
        let entry = |name: &str| BookEntry { path: crate::data::missions_dir().join(name), mission: Err("not read".into()) };
        let mut app = App::new();
        app.insert_resource(Book(vec![entry("00-tutorial.ron"), entry("01-first-light.ron"), entry("02-ember-vein.ron")]))
            .init_resource::<Picked>()
            .insert_resource(TeamForm { mission: Some("02-ember-vein.ron".into()), ..default() })
            .add_systems(Update, pick_kept);
        app.update();
        assert_eq!(app.world().resource::<Picked>().mission, 2);
        app.world_mut().resource_mut::<TeamForm>().mission = Some("99-gone.ron".into());
        app.update();
        assert_eq!(app.world().resource::<Picked>().mission, 2, "a mission no longer in the book");
    }

    /// The debrief's next mission is the next in the campaign's order, for the same team and
    /// hazard; the last has none.
    #[test]
    fn the_next_mission_is_the_campaigns_next_for_the_same_team() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let setup = crate::rules::setup::MissionSetup::new(vec![DwarfClass::Scout, DwarfClass::Gunner], 5, 2);
        let tutorial = crate::data::missions_dir().join("00-tutorial.ron");
        let (game, _) = crate::screen::new_game(&tutorial, setup, Run::Quick, &data, false).expect("the Tutorial");
        let begin = next(&game, &data, false).expect("a mission after the Tutorial").expect("it begins");
        assert_eq!(begin.game.save.mission.file_name().and_then(|f| f.to_str()), Some("02-ember-vein.ron"), "the campaign's order");
        assert_eq!(begin.game.save.setup.classes, [DwarfClass::Scout, DwarfClass::Gunner]);
        assert_eq!(begin.game.save.setup.hazard, 2);
        assert_eq!(begin.game.save.run, Run::Quick);
        assert!(begin.game.save.commands.is_empty());
        let last = crate::save::profile::campaign().expect("the campaign's order").pop().expect("missions");
        let last = crate::data::missions_dir().join(last);
        let (game, _) = crate::screen::new_game(&last, game.save.setup.clone(), Run::Quick, &data, false).expect("the last");
        assert!(next(&game, &data, false).is_none(), "nothing after {}", last.display());
    }
}
