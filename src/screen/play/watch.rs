//! Watching a saved or finished game (`hoxxes --watch SAVE`): the game is played again from its
//! save's commands, one command at a time, forward and back, a whole turn at a time, or on its own
//! at the creatures'-turn speed. Back is the undo mechanism (the game replayed without its tail), so
//! nothing here knows a rule; the players' own input is not taken while watching.

use super::history::{History, Rewind};
use super::logic::{Notice, PlayerInput};
use super::pace::Pace;
use crate::rules::command::{Command, CommandLog, CommandQueue};
use crate::rules::state::Turn;
use crate::screen::front::{Leave, Screen};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (keys, play_on).chain().run_if(resource_exists::<Watching>).after(super::logic::Acts));
}

/// The game being watched: every command of its save, and whether it plays on by itself.
#[derive(Resource, Debug, Default)]
pub struct Watching {
    pub commands: Vec<Command>,
    pub playing: bool,
    /// Seconds since the last command was played on its own.
    waited: f32,
}

impl Watching {
    pub fn new(commands: Vec<Command>) -> Watching {
        Watching { commands, ..default() }
    }

    /// Where each turn begins: before the first command, and after every end of a turn.
    fn turn_starts(&self) -> Vec<usize> {
        let ends = self.commands.iter().enumerate().filter(|(_, c)| matches!(c, Command::EndTurn)).map(|(i, _)| i + 1);
        std::iter::once(0).chain(ends).filter(|i| *i < self.commands.len()).collect()
    }

    /// Where a key takes the game from `at` commands played, or `None` for a key that means nothing.
    fn target(&self, key: KeyCode, at: usize) -> Option<usize> {
        let starts = self.turn_starts();
        let end = self.commands.len();
        match key {
            KeyCode::ArrowRight | KeyCode::Period => Some((at + 1).min(end)),
            KeyCode::ArrowLeft | KeyCode::Comma => Some(at.saturating_sub(1)),
            KeyCode::PageDown => Some(starts.into_iter().find(|s| *s > at).unwrap_or(end)),
            KeyCode::PageUp => Some(starts.into_iter().rev().find(|s| *s < at).unwrap_or(0)),
            KeyCode::Home => Some(0),
            KeyCode::End => Some(end),
            _ => None,
        }
    }
}

/// The arrows step a command, Page Up and Page Down a turn, Home and End to either end; P plays
/// and pauses; Escape goes back to the saved games.
fn keys(
    mut commands: Commands,
    mut inputs: MessageReader<PlayerInput>,
    mut watching: ResMut<Watching>,
    log: Res<CommandLog>,
    history: Res<History>,
    turn: Res<Turn>,
    mut queue: ResMut<CommandQueue>,
    mut notice: ResMut<Notice>,
) {
    let at = log.0.len();
    for input in inputs.read() {
        let PlayerInput::Key(key) = input else { continue };
        // Back to the saved games, as Escape leaves any other screen (F10 goes to the main menu).
        if *key == KeyCode::Escape {
            commands.insert_resource(Leave(Screen::Replays));
            return;
        }
        if *key == KeyCode::KeyP {
            watching.playing = !watching.playing;
            continue;
        }
        let Some(to) = watching.target(*key, at) else { continue };
        watching.playing = false;
        if to == at + 1 && history.waiting() && queue.0.is_empty() {
            queue.0.push_back(watching.commands[at].clone());
        } else if to != at {
            // Any other step is a replay of the game up to there, at once.
            commands.insert_resource(Rewind(watching.commands[..to].to_vec()));
        }
        break;
    }
    let line = format!(
        "Watching: command {at} of {}, turn {} - [Left/Right] command  [PgUp/PgDn] turn  [Home/End]  [P] {}  [Esc] saved games",
        watching.commands.len(),
        turn.number,
        if watching.playing { "pauses" } else { "plays" }
    );
    if notice.0 != line {
        notice.0 = line;
    }
}

/// Playing on: the next command once the game waits and the last one has been shown for as long as
/// the creatures'-turn speed says.
fn play_on(
    time: Res<Time>,
    pace: Res<Pace>,
    mut watching: ResMut<Watching>,
    log: Res<CommandLog>,
    history: Res<History>,
    mut queue: ResMut<CommandQueue>,
) {
    let at = log.0.len();
    if !watching.playing || !history.waiting() || !queue.0.is_empty() {
        return;
    }
    if at >= watching.commands.len() {
        watching.playing = false;
        return;
    }
    watching.waited += time.delta_secs();
    if watching.waited >= pace.speed.seconds() {
        watching.waited = 0.0;
        queue.0.push_back(watching.commands[at].clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_take_the_game_a_command_or_a_turn_at_a_time() {
        let w = Watching::new(vec![Command::Chop, Command::EndTurn, Command::Chop, Command::Chop, Command::EndTurn, Command::EndTurn]);
        assert_eq!(w.turn_starts(), vec![0, 2, 5]);
        assert_eq!(w.target(KeyCode::ArrowRight, 0), Some(1));
        assert_eq!(w.target(KeyCode::ArrowRight, 6), Some(6));
        assert_eq!(w.target(KeyCode::ArrowLeft, 0), Some(0));
        assert_eq!(w.target(KeyCode::PageDown, 0), Some(2));
        assert_eq!(w.target(KeyCode::PageDown, 3), Some(5));
        assert_eq!(w.target(KeyCode::PageDown, 5), Some(6));
        assert_eq!(w.target(KeyCode::PageUp, 5), Some(2));
        assert_eq!(w.target(KeyCode::PageUp, 4), Some(2));
        assert_eq!(w.target(KeyCode::PageUp, 2), Some(0));
        assert_eq!(w.target(KeyCode::End, 0), Some(6));
        assert_eq!(w.target(KeyCode::KeyQ, 0), None);
    }

    /// Escape leaves the game watched for the saved games, and plays no command.
    #[test]
    fn escape_goes_back_to_the_saved_games() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<PlayerInput>()
            .init_resource::<History>()
            .init_resource::<CommandLog>()
            .init_resource::<Turn>()
            .init_resource::<CommandQueue>()
            .init_resource::<Notice>()
            .insert_resource(Watching::new(vec![Command::EndTurn]))
            .add_systems(Update, keys);
        app.update();
        assert!(app.world().get_resource::<Leave>().is_none());
        app.world_mut().write_message(PlayerInput::Key(KeyCode::Escape));
        app.update();
        assert!(matches!(app.world().get_resource::<Leave>(), Some(Leave(Screen::Replays))));
        assert!(app.world().resource::<CommandQueue>().0.is_empty() && app.world().get_resource::<Rewind>().is_none());
    }
}
