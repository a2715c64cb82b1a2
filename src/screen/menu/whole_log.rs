//! The whole log, over the table (F3): every line of the game so far in words, under a heading for
//! each Dwarf's turn, the newest at the foot, where it opens. The log panel beside the cave shows
//! only the last few lines; this answers "what happened since my last turn?" (a play-tester asked
//! why his Dwarf had lost Health, two creatures' rounds back). Escape goes back to the game.

use super::{Clicked, MenuBody, button, framed, says, words};
use crate::data::GameData;
use crate::rules::log::{GameEvent, GameLog};
use crate::screen::front::Screen;
use crate::screen::look::PAPER;
use crate::screen::words::describe;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Log), (build, to_the_foot).chain())
        .add_systems(Update, (press, page_keys).after(super::MenuInput).run_if(in_state(Screen::Log)))
        .add_systems(Update, from_the_table.in_set(crate::screen::front::Table).run_if(crate::screen::front::at_play));
}

/// F3 at the table: the whole log, over the game.
fn from_the_table(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::F3) {
        next.set(Screen::Log);
    }
}

/// One part of the log: its heading (a Dwarf's turn, or what came before the first) and its lines.
#[derive(Debug, PartialEq)]
pub struct Part {
    pub heading: String,
    pub lines: Vec<String>,
}

/// The log in parts, oldest first: a new part at each Dwarf's turn, headed by the line that begins
/// it; what comes before the first turn (the mission laid out) is a part of its own. Everything
/// else in a turn (his actions, his Event card, the creatures it woke, the swarm) is under it.
pub fn in_turns(data: &GameData, log: &[GameEvent]) -> Vec<Part> {
    let mut parts = vec![Part { heading: "Before the first turn".into(), lines: vec![] }];
    for e in log {
        let said = describe(data, e);
        match e {
            GameEvent::TurnStarted { .. } => parts.push(Part { heading: said, lines: vec![] }),
            _ if said.is_empty() => {}
            _ => parts.last_mut().expect("a part to begin with").lines.push(said),
        }
    }
    parts.retain(|p| !p.lines.is_empty() || p.heading != "Before the first turn");
    parts
}

#[derive(Component)]
struct Back;

/// Under the title: how to read it.
const HOW: &str = "Oldest first, the newest at the foot. The wheel, Page Up and Page Down scroll; Home goes to the start, End to the foot.";

fn build(mut commands: Commands, log: Res<GameLog>, data: Res<GameData>) {
    let parts = in_turns(&data, &log.0);
    let body = |b: &mut ChildSpawnerCommands| {
        words(b, HOW, 15.0, super::DIM);
        for part in &parts {
            words(b, part.heading.clone(), 19.0, super::AMBER);
            if !part.lines.is_empty() {
                // One text a part: a long game's log is a few hundred turns, not thousands of nodes.
                words(b, part.lines.join("\n"), 15.0, PAPER);
            }
        }
    };
    let root = framed(&mut commands, Screen::Log, "The log", body, |foot| {
        button(foot, "Back", Back, says("Back to the game (Escape)"));
    });
    // Over the table's panels.
    commands.entity(root).insert(GlobalZIndex(20));
}

/// Far past any log's length: the layout brings a scroll back within what there is to show.
const FOOT: f32 = 1.0e7;

/// Pixels a page key scrolls.
const PAGE: f32 = 400.0;

/// The log opens at its foot: the newest lines are what a player looks for.
fn to_the_foot(mut bodies: Query<&mut ScrollPosition, With<MenuBody>>) {
    for mut at in &mut bodies {
        at.0.y = FOOT;
    }
}

/// Page Up and Page Down scroll a page; Home goes to the start and End to the foot.
fn page_keys(keys: Res<ButtonInput<KeyCode>>, mut bodies: Query<&mut ScrollPosition, With<MenuBody>>) {
    let to = |y: f32| -> f32 {
        if keys.just_pressed(KeyCode::Home) {
            0.0
        } else if keys.just_pressed(KeyCode::End) {
            FOOT
        } else if keys.just_pressed(KeyCode::PageUp) {
            (y - PAGE).max(0.0)
        } else if keys.just_pressed(KeyCode::PageDown) {
            y + PAGE
        } else {
            y
        }
    };
    for mut at in &mut bodies {
        let y = to(at.0.y);
        if y != at.0.y {
            at.0.y = y;
        }
    }
}

fn press(mut clicked: MessageReader<Clicked>, back: Query<(), With<Back>>, mut next: ResMut<NextState<Screen>>) {
    if clicked.read().any(|Clicked(e)| back.contains(*e)) {
        next.set(Screen::Mission);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::weapons::DwarfClass;
    use crate::rules::log::Who;

    fn data() -> GameData {
        GameData::load(&crate::data::assets_dir()).expect("the game's data")
    }

    fn a_log() -> Vec<GameEvent> {
        let turn = |turn, dwarf| GameEvent::TurnStarted { turn, dwarf, actions: 3 };
        vec![
            GameEvent::MissionStarted { name: "First Light".into() },
            turn(1, DwarfClass::Scout),
            GameEvent::Moved { who: Who::Dwarf(DwarfClass::Scout), path: vec![] },
            GameEvent::TurnEnded { dwarf: DwarfClass::Scout },
            turn(2, DwarfClass::Gunner),
            GameEvent::Unconscious { dwarf: DwarfClass::Gunner },
        ]
    }

    /// A part for each Dwarf's turn, headed by the line that begins it, and one for what came
    /// before the first.
    #[test]
    fn the_log_is_cut_into_turns() {
        let data = data();
        let parts = in_turns(&data, &a_log());
        let headings: Vec<&str> = parts.iter().map(|p| p.heading.as_str()).collect();
        assert_eq!(headings, ["Before the first turn", "Turn 1: the Scout, 3 actions", "Turn 2: the Gunner, 3 actions"]);
        assert_eq!(parts[0].lines, ["Mission: First Light"]);
        assert_eq!(parts[1].lines.len(), 2, "{:?}", parts[1].lines);
        assert_eq!(parts[2].lines, ["The Gunner falls unconscious"]);
        assert!(in_turns(&data, &a_log()[1..])[0].heading.starts_with("Turn 1"), "no empty part before the first turn");
    }

    /// F3 at the table opens the log over it at its foot; the page keys scroll it, Home to the start;
    /// Back goes back to the game.
    #[test]
    fn f3_opens_the_whole_log_at_its_foot_and_back_returns_to_the_game() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .init_resource::<ButtonInput<KeyCode>>()
            .add_message::<Clicked>()
            .insert_resource(data())
            .insert_resource(GameLog(a_log()))
            .insert_state(Screen::Mission)
            .add_plugins(plugin)
            .add_systems(Update, super::super::within_what_shows.in_set(super::super::MenuInput));
        app.update();
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::F3);
        app.update();
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Log);
        let texts: Vec<String> = app.world_mut().query::<&Text>().iter(app.world()).map(|t| t.0.clone()).collect();
        assert!(texts.iter().any(|t| t == "Turn 2: the Gunner, 3 actions"), "{texts:?}");
        assert!(texts.iter().any(|t| t.contains("The Scout ends his turn")), "{texts:?}");
        let scroll =
            |app: &mut App| app.world_mut().query_filtered::<&ScrollPosition, With<MenuBody>>().single(app.world()).expect("a body").0.y;
        assert_eq!(scroll(&mut app), FOOT, "opened at the foot");
        let press = |app: &mut App, key| {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.reset_all();
            keys.press(key);
            app.update();
        };
        press(&mut app, KeyCode::PageUp);
        assert_eq!(scroll(&mut app), FOOT - PAGE, "not laid out: as asked");
        // Laid out as a window would: 900 pixels shown of the foot (at half scale), 1800 down.
        let mut body = app.world_mut().query_filtered::<&mut ComputedNode, With<MenuBody>>();
        let mut node = body.single_mut(app.world_mut()).expect("a body");
        (node.size, node.scroll_position, node.inverse_scale_factor) = (Vec2::new(800.0, 600.0), Vec2::new(0.0, 900.0), 2.0);
        press(&mut app, KeyCode::PageUp);
        assert_eq!(scroll(&mut app), 1800.0 - PAGE, "a page back from the foot as shown, not as asked");
        press(&mut app, KeyCode::Home);
        assert_eq!(scroll(&mut app), 0.0);
        let back = app.world_mut().query_filtered::<Entity, With<Back>>().single(app.world()).expect("a Back button");
        app.world_mut().write_message(Clicked(back));
        app.update();
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Mission);
    }
}
