//! Which screen shows, and how a game comes to the table and leaves it. The menus are screens of
//! the one [`Screen`] state; the table (the cave, the panel, the bar) is up while the state is
//! [`AtTable`]: entering it draws the mission laid out, leaving it clears the cave and goes back to
//! the menus. A game is brought to the table by [`Begin`]: from the command line, a menu, the
//! debrief's "play again", a campaign or a Deep Dive, all the same way.

use super::play::history::{Game, History, Rewind};
use super::play::{Notice, Selection, Watching, Welcome};
use crate::rules::command::Command;
use bevy::prelude::*;

/// The screens of the game, as Bevy states; each screen's entities go with it (`DespawnOnExit`).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Before anything shows: the game named on the command line is being brought to the table (or,
    /// with none named, the main menu opens at once).
    #[default]
    Opening,
    /// The main menu.
    Title,
    QuickMission,
    Campaign,
    DeepDive,
    Replays,
    Rules,
    Settings,
    /// The rules reference opened from the table (F2), over it: the game waits underneath.
    Reference,
    /// The whole log opened from the table (F3), over it, as the reference.
    Log,
    /// At the table: the cave, the bar, the banners.
    Mission,
    /// The mission is over: the debrief, over the table.
    Debrief,
}

/// The table is up: a mission is being played or debriefed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtTable;

impl ComputedStates for AtTable {
    type SourceStates = Screen;
    /// From the game to the reference over it and back, the table stays as it is.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: Screen) -> Option<AtTable> {
        matches!(screen, Screen::Mission | Screen::Debrief | Screen::Reference | Screen::Log).then_some(AtTable)
    }
}

/// Whether the players act at the table now: not while the rules reference or the log is open over
/// it. True without states (a headless test).
pub fn at_play(screen: Option<Res<State<Screen>>>) -> bool {
    screen.is_none_or(|s| !matches!(s.get(), Screen::Reference | Screen::Log))
}

/// Whether a mission is being played at the table: not in a menu, not over the debrief or the rules
/// reference (a key there is not a move). True without states (a headless test).
pub fn playing(screen: Option<Res<State<Screen>>>) -> bool {
    screen.is_none_or(|s| *s.get() == Screen::Mission)
}

/// The table's systems in `Update`: they run while it is up.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table;

/// A game to bring to the table at the next update.
#[derive(Resource, Clone)]
pub struct Begin {
    pub game: Game,
    /// Watch the save's commands instead of playing on from them.
    pub watch: bool,
    /// A word for the player about it (which mission, welcome back), until the first command.
    pub welcome: String,
    /// What went wrong on the way (a save that could not be read, a game that cannot be saved):
    /// said as a notice, beside whatever is pointed at. Empty when nothing did.
    pub warning: String,
}

/// The screen to show at the next update once the table has been cleared (a menu, a campaign or
/// dive screen): the table's way back to the menus.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Leave(pub Screen);

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_computed_state::<AtTable>()
        .configure_sets(Update, Table.run_if(in_state(AtTable)))
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .add_systems(PreUpdate, begin.run_if(resource_exists::<Begin>).before(super::play::history::rewind))
        .add_systems(Update, leave.run_if(resource_exists::<Leave>))
        .init_resource::<Opened>()
        .add_systems(PreUpdate, note_opened.run_if(state_changed::<Screen>))
        .add_systems(OnExit(AtTable), clear_table);
}

/// When the screen last changed (a menu opened, the table laid out). A press in the moments after
/// is most likely the second half of the double click that opened it, not meant for whatever now
/// lies under the pointer: the menus' buttons and the map let it go (`Opened::just`).
#[derive(Resource, Default)]
pub struct Opened(std::time::Duration);

impl Opened {
    const GRACE: std::time::Duration = std::time::Duration::from_millis(400);

    /// Whether the screen opened too short a time ago to take a press.
    pub fn just(&self, time: &Time<Real>) -> bool {
        time.elapsed().saturating_sub(self.0) < Self::GRACE
    }
}

fn note_opened(time: Res<Time<Real>>, mut opened: ResMut<Opened>) {
    opened.0 = time.elapsed();
}

/// The game asked for is laid out (by the one replay mechanism: the save's commands, or none) and
/// the table shown.
fn begin(world: &mut World) {
    // A game begun from the table (the debrief's "play again", the next mission) first clears it,
    // so the new mission is drawn afresh.
    if world.get_resource::<State<AtTable>>().is_some() {
        world.resource_mut::<NextState<Screen>>().set(Screen::Opening);
        return;
    }
    let Some(Begin { game, watch, welcome, warning }) = world.remove_resource::<Begin>() else { return };
    world.insert_resource(History::default());
    world.resource_mut::<Selection>().0 = None;
    world.resource_mut::<Notice>().0 = warning;
    world.insert_resource(Welcome { words: welcome, commands: if watch { 0 } else { game.save.commands.len() } });
    world.insert_resource(super::play::Coach::of(game.mission.kind, watch));
    world.remove_resource::<Watching>();
    let commands: Vec<Command> = if watch {
        world.insert_resource(Watching::new(game.save.commands.clone()));
        vec![]
    } else {
        game.save.commands.clone()
    };
    let title = format!("hoxxes - {}", game.mission.name);
    world.insert_resource(game);
    world.insert_resource(Rewind(commands));
    let mut windows = world.query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
    if let Ok(mut w) = windows.single_mut(world) {
        w.title = title;
    }
    world.resource_mut::<NextState<Screen>>().set(Screen::Mission);
}

/// Leave the table for a menu screen.
fn leave(mut commands: Commands, to: Res<Leave>, mut next: ResMut<NextState<Screen>>) {
    next.set(to.0);
    commands.remove_resource::<Leave>();
}

/// The file of the game last left unfinished at the table (F10). Continue on the main menu offers it
/// first, wherever it is kept: a game loaded with `--load` goes on in its own file, not among the
/// games under way, and Continue gave the newest of those instead.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct LeftGame(pub std::path::PathBuf);

/// The cave cleared once the table is left: the game is already saved, after its last command.
fn clear_table(world: &mut World) {
    let over = world.get_resource::<crate::rules::end::Outcome>().is_some_and(|o| o.0.is_some());
    // A game watched was not played: the game left before it is still the one to go on with (the
    // main menu's two Continue entries changed places after a replay was watched).
    let watched = world.contains_resource::<Watching>();
    match world.get_resource::<Game>().and_then(|g| g.file.clone()).filter(|_| !over) {
        _ if watched => {}
        Some(file) => world.insert_resource(LeftGame(file)),
        None => {
            world.remove_resource::<LeftGame>();
        }
    }
    crate::rules::setup::clear(world);
    world.remove_resource::<Game>();
    world.remove_resource::<Watching>();
    let mut windows = world.query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
    if let Ok(mut w) = windows.single_mut(world) {
        w.title = "hoxxes".into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A press within the grace after a screen opens is let go; one after it is taken.
    #[test]
    fn a_press_just_after_a_screen_opens_is_let_go() {
        let start = Instant::now();
        let mut time = Time::<Real>::new(start);
        time.update_with_instant(start + Duration::from_millis(1000));
        let opened = Opened(time.elapsed());
        time.update_with_instant(start + Duration::from_millis(1150));
        assert!(opened.just(&time), "the second half of a double click");
        time.update_with_instant(start + Duration::from_millis(1600));
        assert!(!opened.just(&time), "a click of its own");
    }

    /// Leaving the table notes the game left for Continue, unless it is over (or has no file); a
    /// game watched leaves the note as it was.
    #[test]
    fn the_game_left_unfinished_is_noted_for_continue() {
        use crate::headless::new_game;
        let data = crate::data::GameData::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).expect("assets");
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/01-first-light.ron");
        let text = std::fs::read_to_string(&file).expect("the mission");
        let mission: crate::data::mission::Mission = crate::data::load::read_ron(&file).expect("the mission reads");
        let setup = crate::rules::setup::MissionSetup::new(vec![crate::data::weapons::DwarfClass::Scout], 1, 1);
        let left_with = |over: bool, saved: Option<&str>, watched: bool| {
            let mut app = new_game(data.clone(), &mission, &setup).expect("a game");
            if watched {
                app.insert_resource(Watching::new(vec![]));
            }
            let save = crate::save::Save::begin(&file, &text, setup.clone());
            app.insert_resource(Game { save, mission: mission.clone(), file: saved.map(std::path::PathBuf::from) });
            if over {
                let e = crate::rules::end::Ending { result: crate::rules::end::Result::Loss, reason: String::new(), left_behind: vec![] };
                app.world_mut().resource_mut::<crate::rules::end::Outcome>().0 = Some(e);
            }
            app.insert_resource(LeftGame("an older game".into()));
            clear_table(app.world_mut());
            app.world().get_resource::<LeftGame>().cloned()
        };
        let left = |over: bool, saved: Option<&str>| left_with(over, saved, false);
        assert_eq!(left(false, Some("/tmp/loaded.ron")), Some(LeftGame("/tmp/loaded.ron".into())));
        assert_eq!(left(true, Some("/tmp/loaded.ron")), None, "a game over is not continued");
        assert_eq!(left(false, None), None, "a game kept in no file is not continued");
        let before = Some(LeftGame("an older game".into()));
        assert_eq!(left_with(false, None, true), before, "a game watched leaves the game left before as it was");
    }
}
