//! Never lose a game: the save kept on disk after every command, undo and redo. Undo takes back the
//! last command by the one mechanism there is, replaying the game without it ([`rebuild`]), and
//! never goes back past anything random or hidden that has been revealed (architecture.md).

use super::logic::{LegalNow, Notice, Numbering, PlayerInput, Selection};
use super::pace::{Pace, Speed};
use crate::data::GameData;
use crate::data::mission::Mission;
use crate::rules::command::{Command, CommandLog, CommandQueue, Pending};
use crate::rules::end::Outcome;
use crate::rules::log::{GameEvent, GameLog};
use crate::save::replay::{Revealed, rebuild};
use crate::save::{Save, folder, write};
use bevy::prelude::*;
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.init_resource::<History>()
        .add_systems(PreUpdate, rewind.run_if(resource_exists::<Rewind>))
        .add_systems(
            Update,
            (undo_redo, answer_needless.run_if(not(resource_exists::<Rewinding>)))
                .chain()
                .after(super::logic::Acts)
                .run_if(not(resource_exists::<super::watch::Watching>)),
        )
        .add_systems(
            Last,
            (
                note_point,
                keep_save.run_if(resource_exists::<Game>).run_if(resource_changed::<CommandLog>.or_eager(resource_changed::<Outcome>)),
            )
                .chain(),
        );
}

/// The game being played: its save (setup and commands so far), its mission, and the file it is
/// kept in (none when it could not be written: the game goes on, and says so).
#[derive(Resource, Clone)]
pub struct Game {
    pub save: Save,
    pub mission: Mission,
    pub file: Option<PathBuf>,
}

/// What undo and redo need: each point of the game where it waited for a player (by the number of
/// commands played), and the commands taken back, newest last.
#[derive(Resource, Default, Debug)]
pub struct History {
    seen: Vec<Option<Point>>,
    redo: Vec<Command>,
    /// A redone command expected in the log: any other command played clears the redo list.
    expect: Option<Command>,
    /// Commands in the log at the last look.
    logged: usize,
    /// The rules wait for a player now.
    waiting: bool,
}

/// A point of the game where it waited: what had been revealed, and whether its question was one
/// no player need answer (answered at once for him: `answer_needless`).
#[derive(Clone, Copy, Debug)]
struct Point {
    revealed: Revealed,
    needless: bool,
}

impl Point {
    fn now(world: &World) -> Point {
        let needless = world.resource::<Pending>().0.as_ref().is_some_and(|p| p.needless.is_some());
        Point { revealed: Revealed::now(world), needless }
    }
}

impl History {
    /// Why the last command cannot be taken back now, or `None` when it can.
    pub fn why_not_undo(&self, played: usize, log: &GameLog) -> Option<String> {
        if played == 0 {
            return Some("nothing to undo".into());
        }
        if !self.waiting {
            return Some("the cave is still moving: undo once it waits for you".into());
        }
        let back = self.back(played);
        match (self.seen.get(played).copied().flatten(), self.seen.get(played - back).copied().flatten()) {
            (Some(now), Some(before)) => now.revealed.since(before.revealed, log).map(|why| format!("can't undo: {why}")),
            _ => Some("can't undo: this point of the game was not seen".into()),
        }
    }

    /// How many commands an undo takes back from `played`: the last, and the answers given before
    /// it to questions no player need answer, with the player's command that led to them (back at
    /// such a question, the game would answer it again at once).
    fn back(&self, played: usize) -> usize {
        let mut back = 1;
        while back < played && self.needless_at(played - back) {
            back += 1;
        }
        back
    }

    /// Whether the point after `played` commands waited on a question no player need answer.
    fn needless_at(&self, played: usize) -> bool {
        self.seen.get(played).copied().flatten().is_some_and(|p| p.needless)
    }

    /// The rules wait for a player (or, watching, for the next command).
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

/// The game is to be played again from the start up to these commands (an undo; a save loaded).
#[derive(Resource)]
pub struct Rewind(pub Vec<Command>);

/// Present while the game is replayed: the screen's costly systems wait for it.
#[derive(Resource)]
pub struct Rewinding;

/// Ctrl+Z and Ctrl+Y, or the bar's buttons.
fn undo_redo(
    mut commands: Commands,
    mut inputs: MessageReader<PlayerInput>,
    mut history: ResMut<History>,
    log: Res<CommandLog>,
    game_log: Res<GameLog>,
    mut queue: ResMut<CommandQueue>,
    mut notice: ResMut<Notice>,
    game: Option<Res<Game>>,
    data: Res<GameData>,
    now: Res<LegalNow>,
) {
    for input in inputs.read() {
        match input {
            PlayerInput::Undo => match (history.why_not_undo(log.0.len(), &game_log), game.is_some()) {
                (Some(why), _) => notice.0 = why,
                (None, false) => notice.0 = "can't undo: this game has no record to replay".into(),
                (None, true) => {
                    // The player's command; the answers given for him after it come again with it.
                    let (rest, taken) = log.0.split_at(log.0.len() - history.back(log.0.len()));
                    let player = taken[0].clone();
                    notice.0 = format!("undone: {}", command_words(&data, &player));
                    history.redo.push(player);
                    commands.insert_resource(Rewind(rest.to_vec()));
                }
            },
            PlayerInput::Redo if queue.0.is_empty() && history.waiting => match history.redo.pop() {
                Some(cmd) => {
                    // The one answer to a roll held for For Karl! is shown as letting it stand, not
                    // as a pass (a play-tester's redo said "redone: pass").
                    let words = if lets_it_stand(&now.legal) && matches!(cmd, Command::Choose(_)) {
                        LET_IT_STAND.to_string()
                    } else {
                        command_words(&data, &cmd)
                    };
                    notice.0 = format!("redone: {words}");
                    history.expect = Some(cmd.clone());
                    queue.0.push_back(cmd);
                }
                None => notice.0 = "nothing to redo".into(),
            },
            _ => {}
        }
    }
}

/// The words of the one answer to a roll held for For Karl!, on its button and in a redo's line.
pub const LET_IT_STAND: &str = "let it stand";

/// Whether the question asked is a roll held for For Karl!, whose one answer lets it stand.
pub fn lets_it_stand(legal: &crate::rules::legal::Legal) -> bool {
    legal.pending.as_ref().is_some_and(|p| p.kind == crate::rules::command::ChoiceKind::Continue)
}

/// A command taken back or played again, in words: a choice by its answer ('undone: axe: mine the
/// mineral at (4, 3)'), else by its name.
fn command_words(data: &GameData, cmd: &Command) -> String {
    match cmd {
        Command::Choose(a) => crate::screen::words::answer(data, a, &[]),
        c => c.name().to_string(),
    }
}

/// Play the game again from the start to the commands kept: the table cleared and laid out anew,
/// the creatures' turns at once, the screen's costly systems resting meanwhile.
pub fn rewind(world: &mut World) {
    let Some(Rewind(commands)) = world.remove_resource::<Rewind>() else { return };
    let Some(game) = world.get_resource::<Game>().cloned() else { return };
    world.insert_resource(Rewinding);
    let speed = std::mem::replace(&mut world.resource_mut::<Pace>().speed, Speed::Instant);
    let mut seen = Vec::new();
    // The answers' numbers as they were when the game was played: a question answered in part
    // before the undo or the reload keeps the numbers the player saw. Taken after every update, as
    // the screen takes them as the game moves (`logic::keep`), so that a question asked again after
    // the rules worked between (a second reaction offer) is numbered afresh here too.
    let numbering = std::cell::RefCell::new(Numbering::default());
    let mut step = |w: &mut World| {
        w.run_schedule(Update);
        numbering.borrow_mut().next(w.resource::<Pending>().0.as_ref());
    };
    let result = rebuild(world, &game.mission, &game.save.setup, &commands, &mut step, &mut |_, w| seen.push(Some(Point::now(w))));
    if let Some(mut now) = world.get_resource_mut::<LegalNow>() {
        now.renumbered(numbering.into_inner());
    }
    world.resource_mut::<Pace>().speed = speed;
    world.remove_resource::<Rewinding>();
    world.resource_mut::<Messages<GameEvent>>().clear();
    world.resource_mut::<Selection>().0 = None;
    let mut history = world.resource_mut::<History>();
    history.seen = seen;
    history.logged = commands.len();
    if let Err(e) = result {
        error!("undo: {e}");
        world.resource_mut::<Notice>().0 = format!("undo failed: {e}");
    }
}

/// At every point where the rules wait for a player, what had been revealed; a command played that
/// is not the one redone clears the redo list. Written only when something differs, so the bar
/// redraws its Undo and Redo buttons only then.
fn note_point(world: &mut World) {
    let waiting = crate::headless::waiting(world);
    let log = &world.resource::<CommandLog>().0;
    let (played, newest) = (log.len(), log.last().cloned());
    // Nothing is revealed while the game waits with no new command: a point seen stays as seen.
    let h = world.resource::<History>();
    let seen = h.seen.get(played).is_some_and(Option::is_some);
    if h.waiting == waiting && h.logged == played && (!waiting || seen) {
        return;
    }
    let revealed = waiting.then(|| Point::now(world));
    let mut history = world.resource_mut::<History>();
    history.waiting = waiting;
    if played > history.logged {
        // An answer given for the player (`answer_needless`) is not his command: the redo list
        // stands, and so does the redone command expected, which it may have followed in one update.
        let given_for_him = played == history.logged + 1 && history.needless_at(history.logged);
        if !given_for_him {
            let expected = history.expect.take();
            if expected.is_none() || expected != newest {
                history.redo.clear();
            }
        }
    }
    history.logged = played;
    if let Some(r) = revealed {
        if history.seen.len() <= played {
            history.seen.resize(played + 1, None);
        }
        history.seen[played] = Some(r);
    }
}

/// A question no player need answer (`PendingChoice::needless`) is answered for him with its first
/// answer as soon as the game waits on it, and the hint says why. The answer is a command like any
/// other, so the save's commands are the ones a player answering it would give. Given once at a
/// point of the game: were the rules to refuse it, the question would wait for the player.
fn answer_needless(
    now: Res<super::logic::LegalNow>,
    history: Res<History>,
    log: Res<CommandLog>,
    mut queue: ResMut<CommandQueue>,
    mut notice: ResMut<Notice>,
    mut given_at: Local<Option<usize>>,
) {
    // Taken back past it (an undo), the point may come again (a redo): answered again then.
    if given_at.is_some_and(|at| log.0.len() < at) {
        *given_at = None;
    }
    let Some(p) = now.legal.pending.as_ref() else { return };
    // A question the player is asked puts away the word on one answered for him: "Not asked: the
    // roll hurts nobody" stood under the next creature's For Karl! question (a play-tester).
    if p.needless.is_none() && notice.0.starts_with(NOT_ASKED) {
        notice.0.clear();
    }
    let (Some(why), Some(first)) = (&p.needless, p.answers.first()) else { return };
    if !history.waiting || !queue.0.is_empty() || *given_at == Some(log.0.len()) {
        return;
    }
    *given_at = Some(log.0.len());
    queue.0.push_back(first.command.clone());
    notice.0 = format!("{NOT_ASKED}{why}");
}

/// How the hint begins when a question was answered for the player.
const NOT_ASKED: &str = "Not asked: ";

/// The save written after every command (and after an undo); once the mission is over it moves
/// to the finished games. Not only after a command: a mission is most often lost in the creatures'
/// turn, after the last command, and its save was left among the games under way (Continue
/// offered the lost game: a play-tester).
fn keep_save(log: Res<CommandLog>, outcome: Res<Outcome>, mut game: ResMut<Game>, mut notice: ResMut<Notice>) {
    if game.save.commands != log.0 {
        game.save.commands = log.0.clone();
        if let Some(file) = &game.file
            && let Err(e) = write(file, &game.save)
        {
            error!("autosave: {e}");
            notice.0 = format!("the game could not be saved: {e}");
            return;
        }
    }
    if outcome.0.is_some()
        && let (Ok(under_way), Ok(finished)) = (folder::under_way(), folder::finished())
    {
        file_over(&mut game, &under_way, &finished);
    }
}

/// A game over moves from the games under way (`under_way`) to the finished ones, once: a file
/// loaded from elsewhere stays where the player keeps it.
fn file_over(game: &mut Game, under_way: &std::path::Path, finished: &std::path::Path) {
    let Some(file) = game.file.as_ref().filter(|f| f.parent() == Some(under_way)) else { return };
    match folder::file_into(file, finished) {
        Ok(to) => game.file = Some(to),
        Err(e) => error!("{e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game over is filed from the games under way once, and a file kept elsewhere stays put.
    #[test]
    fn a_game_over_is_filed_from_the_games_under_way_once() {
        let dir = std::env::temp_dir().join(format!("hoxxes-file-over-{}", std::process::id()));
        let (under_way, finished, elsewhere) = (dir.join("saves"), dir.join("finished"), dir.join("mine"));
        for d in [&under_way, &elsewhere] {
            std::fs::create_dir_all(d).expect("a folder");
        }
        let data = crate::data::GameData::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).expect("assets");
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/01-first-light.ron");
        let setup = crate::rules::setup::MissionSetup::new(vec![crate::data::weapons::DwarfClass::Scout], 1, 1);
        let game = |file: PathBuf| {
            std::fs::write(&file, "a save").expect("written");
            crate::screen::new_game(&path, setup.clone(), crate::save::Run::Quick, &data, false)
                .map(|(g, _)| Game { file: Some(file), ..g })
        };
        let mut lost = game(under_way.join("lost.ron")).expect("a game");
        file_over(&mut lost, &under_way, &finished);
        assert_eq!(lost.file, Some(finished.join("lost.ron")), "the save moves to the finished games");
        assert!(finished.join("lost.ron").is_file() && !under_way.join("lost.ron").exists());
        file_over(&mut lost, &under_way, &finished);
        assert_eq!(lost.file, Some(finished.join("lost.ron")), "filed once");
        let mut loaded = game(elsewhere.join("mine.ron")).expect("a game");
        file_over(&mut loaded, &under_way, &finished);
        assert_eq!(loaded.file, Some(elsewhere.join("mine.ron")), "a file of the player's own stays where it is");
        std::fs::remove_dir_all(&dir).ok();
    }
}
