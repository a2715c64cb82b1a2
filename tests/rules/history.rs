//! Never lose a game: saves written and read back, a broken save refused by name, a save surviving
//! a writer killed mid-save, undo and redo through the screen's input path.

use super::common::{data, temp};
use bevy::prelude::*;
use hoxxes::data::mission::{Item, Mission};
use hoxxes::data::validate::load_mission;
use hoxxes::data::weapons::DwarfClass;
use hoxxes::headless::dump::{TerrainSnapshot, dump};
use hoxxes::headless::new_game;
use hoxxes::rules::command::{Answer, ChoiceKind, Command, CommandLog, Pending};

use hoxxes::rules::legal::ActionKind;
use hoxxes::rules::setup::MissionSetup;
use hoxxes::rules::state::Mule;
use hoxxes::save::{self, Save, replay};
use hoxxes::screen::play::{self, LegalNow, Notice, PlayerInput};
use hoxxes::sim::bot::BotKind;
use std::path::{Path, PathBuf};

const FIRST_LIGHT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/missions/01-first-light.ron");

fn first_light() -> (Mission, String) {
    load_mission(Path::new(FIRST_LIGHT), &data()).expect("First Light loads")
}

fn setup() -> MissionSetup {
    seeded(5)
}

fn seeded(seed: u64) -> MissionSetup {
    MissionSetup::new(vec![DwarfClass::Scout, DwarfClass::Gunner], seed, 1)
}

/// First Light at the table with the play layer, as the window starts it, kept by a save in `dir`.
fn at_the_table(dir: &Path) -> (App, TerrainSnapshot) {
    at_the_table_with(dir, setup())
}

fn at_the_table_with(dir: &Path, setup: MissionSetup) -> (App, TerrainSnapshot) {
    let (mission, text) = first_light();
    let mut app = new_game(data(), &mission, &setup).expect("sets up");
    let snapshot = TerrainSnapshot::take(app.world_mut());
    app.add_plugins(bevy::input::InputPlugin).add_plugins(play::logic_plugin);
    app.world_mut().resource_mut::<play::pace::Pace>().speed = play::pace::Speed::Instant;
    let file = dir.join("game.ron");
    app.insert_resource(play::Game { save: Save::begin(Path::new(FIRST_LIGHT), &text, setup), mission, file: Some(file) });
    settle(&mut app);
    (app, snapshot)
}

fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
    hoxxes::headless::settle(app).expect("the rules settle");
    app.update();
}

fn input(app: &mut App, i: PlayerInput) {
    app.world_mut().write_message(i);
    settle(app);
}

fn played(app: &App) -> Vec<Command> {
    app.world().resource::<CommandLog>().0.clone()
}

/// The first lit space of the Move action.
fn a_move(app: &App) -> Command {
    let legal = &app.world().resource::<LegalNow>().legal;
    let moves = legal.actions.iter().find(|a| a.kind == ActionKind::Move).expect("Move is on the bar");
    moves.offers()[0].command.clone()
}

#[test]
fn undo_takes_a_move_back_and_redo_plays_it_again_to_the_same_byte() {
    let dir = temp("undo");
    let (mut app, snapshot) = at_the_table(&dir);
    let before = dump(app.world_mut(), &snapshot);
    let Command::Move(path) = a_move(&app) else { panic!("a Move") };
    input(&mut app, PlayerInput::Hex((*path.last().expect("a path")).into()));
    assert_eq!(played(&app).len(), 1, "the move is played");
    let after = dump(app.world_mut(), &snapshot);
    assert_ne!(before, after);

    input(&mut app, PlayerInput::Undo);
    assert!(played(&app).is_empty(), "{}", app.world().resource::<Notice>().0);
    assert_eq!(dump(app.world_mut(), &snapshot), before, "undo gives back the game as it was");
    let saved = save::read(&dir.join("game.ron")).expect("the autosave reads");
    assert!(saved.commands.is_empty(), "the autosave follows the undo");

    input(&mut app, PlayerInput::Redo);
    assert_eq!(played(&app).len(), 1);
    assert_eq!(dump(app.world_mut(), &snapshot), after, "redo gives back the game byte for byte");
    input(&mut app, PlayerInput::Redo);
    assert_eq!(app.world().resource::<Notice>().0, "nothing to redo");
}

#[test]
fn undo_never_goes_back_past_the_dice() {
    let dir = temp("dice");
    let (mut app, _) = at_the_table(&dir);
    input(&mut app, PlayerInput::Key(KeyCode::KeyC));
    assert!(matches!(played(&app).as_slice(), [Command::Chop]), "the axe is swung: {:?}", played(&app));
    input(&mut app, PlayerInput::Undo);
    assert_eq!(played(&app).len(), 1, "the chop stays");
    assert_eq!(app.world().resource::<Notice>().0, "can't undo: the dice have been rolled");
}

/// A pod called down draws its Resupply card: what it holds is then known, so undo stops there as
/// at the dice (the play-testers could take the call back and call it elsewhere, knowing it).
#[test]
fn undo_never_goes_back_past_a_resupply_card() {
    let dir = temp("resupply");
    let (mut app, _) = at_the_table(&dir);
    app.world_mut().resource_mut::<Mule>().0.insert(Item::Nitra, 3);
    // A step first: the bar is asked again when the game moves on.
    let Command::Move(path) = a_move(&app) else { panic!("a Move") };
    input(&mut app, PlayerInput::Hex((*path.last().expect("a path")).into()));
    input(&mut app, PlayerInput::Key(KeyCode::KeyR));
    let legal = &app.world().resource::<LegalNow>().legal;
    let call = legal.actions.iter().find(|a| a.kind == ActionKind::CallResupply).expect("Call Resupply is on the bar");
    assert!(!call.offers().is_empty(), "{:?}", call.allowed);
    let Command::CallResupply(at) = call.offers()[0].command else { panic!("a call: {:?}", call.offers()[0].command) };
    input(&mut app, PlayerInput::Hex(at.into()));
    assert!(matches!(played(&app).as_slice(), [Command::Move(_), Command::CallResupply(_)]), "the pod is called: {:?}", played(&app));
    input(&mut app, PlayerInput::Undo);
    assert_eq!(played(&app).len(), 2, "the call stays");
    assert_eq!(app.world().resource::<Notice>().0, "can't undo: a card has been drawn");
}

/// The answers listed now by number, empty where an answer was taken.
fn numbered(app: &App) -> Vec<Option<Command>> {
    let now = app.world().resource::<LegalNow>();
    match play::listing(now, &play::Selection::default(), &play::SpaceDraft::default(), &play::SuppliesDraft::default()) {
        play::Listing::Answers(o) => o.into_iter().map(|o| o.map(|o| o.command)).collect(),
        _ => vec![],
    }
}

fn axe_success_asked(app: &App) -> bool {
    app.world().resource::<Pending>().0.as_ref().is_some_and(|p| p.kind() == ChoiceKind::AxeSuccess)
}

/// A game taken up again in the middle of a question (a save loaded, the program started anew)
/// gives the answers the numbers the player saw: an axe success spent leaves its number empty and
/// the answers left keep theirs. Before, they were numbered afresh, and a play-tester's [2] pressed
/// from memory spent the next success on another answer.
#[test]
fn a_question_answered_in_part_keeps_its_numbers_when_the_game_is_taken_up_again() {
    let dir = temp("numbers");
    // A seed whose first swing of the axe has two successes or more to spend.
    for seed in 0..64 {
        let (mut app, _) = at_the_table_with(&dir, seeded(seed));
        input(&mut app, PlayerInput::Key(KeyCode::KeyC));
        if !axe_success_asked(&app) {
            continue;
        }
        let first = numbered(&app);
        let Some(spent) = first.iter().position(|c| !matches!(c, Some(Command::Choose(Answer::Pass)))) else { continue };
        input(&mut app, PlayerInput::Choice(spent));
        if !axe_success_asked(&app) || !numbered(&app).contains(&None) {
            continue;
        }
        let seen = numbered(&app);
        assert_eq!(seen[spent], None, "the answer spent leaves its number empty: {seen:?}");
        // Taken up again: the screen's numbers forgotten, the game played again from its save.
        app.insert_resource(LegalNow::default());
        app.insert_resource(play::Rewind(played(&app)));
        settle(&mut app);
        assert!(axe_success_asked(&app), "the same question is asked");
        assert_eq!(numbered(&app), seen, "the answers keep the numbers the player saw");
        // Undone, the answer spent is offered again, at the number it had at first.
        input(&mut app, PlayerInput::Undo);
        assert_eq!(played(&app).len(), 1, "the answer is undone: {}", app.world().resource::<Notice>().0);
        assert_eq!(numbered(&app), first, "after the undo, the question as first asked");
        return;
    }
    panic!("no seed in 0..64 gave a first swing two axe successes");
}

/// The Chop entry's targets now: what each axe success could be spent on.
fn chop_targets(app: &App) -> Vec<hoxxes::rules::command::ChopTarget> {
    let legal = &app.world().resource::<LegalNow>().legal;
    let chop = legal.actions.iter().find(|a| a.kind == ActionKind::Chop).expect("Chop is on the bar");
    match chop.offers().first().map(|o| &o.detail) {
        Some(hoxxes::rules::legal::Detail::Chop(t)) => t.clone(),
        _ => vec![],
    }
}

/// An axe success with nothing next to the Dwarf is no question: the screen gives its one answer at
/// once and says why, and the save holds it as any answer. Undo takes it back with the player's
/// command before it (back at the question, the game would answer it again at once), and redo
/// plays that command again, the answer following by itself, as often as it is undone and redone.
#[test]
fn a_question_no_player_need_answer_is_answered_for_him_and_undone_with_the_command_before_it() {
    use hoxxes::rules::command::ChopTarget;
    let dir = temp("needless");
    // A seed and a Move to a space with nothing next to it for the axe.
    let ways = (0..16).flat_map(|seed| (0..24).map(move |i| (seed, i)));
    for (seed, i) in ways {
        let (mut app, _) = at_the_table_with(&dir, seeded(seed));
        let legal = &app.world().resource::<LegalNow>().legal;
        let moves = legal.actions.iter().find(|a| a.kind == ActionKind::Move).expect("Move is on the bar");
        let Some(Command::Move(path)) = moves.offers().get(i).map(|o| o.command.clone()) else { continue };
        input(&mut app, PlayerInput::Hex((*path.last().expect("a path")).into()));
        if chop_targets(&app) != [ChopTarget::Nothing] {
            continue;
        }
        // Asked first (nothing to chop), then swung; the Scout holds For Karl!: the roll waits.
        input(&mut app, PlayerInput::Key(KeyCode::KeyC));
        input(&mut app, PlayerInput::Key(KeyCode::KeyC));
        if !app.world().resource::<Pending>().0.as_ref().is_some_and(|p| p.kind() == ChoiceKind::Continue) {
            continue;
        }
        input(&mut app, PlayerInput::Key(KeyCode::Digit1));
        let nothing = Command::Choose(Answer::Chop(ChopTarget::Nothing));
        let log = played(&app);
        if log.last() != Some(&nothing) {
            continue; // no success to spend
        }
        assert!(!axe_success_asked(&app), "answered: {log:?}");
        let notice = app.world().resource::<Notice>().0.clone();
        assert!(notice.starts_with("Not asked: nothing next to him for the axe"), "{notice}");
        assert_eq!(save::read(&dir.join("game.ron")).expect("the autosave reads").commands, log, "saved as any answer");
        let successes = log.iter().filter(|c| **c == nothing).count();
        // One success answered: the point it was answered at comes again with the redo, and must
        // be answered again (a play-tester's redo asked it).
        if successes != 1 {
            continue;
        }
        // Undone: every success answered for him, and the For Karl! answer before them.
        input(&mut app, PlayerInput::Undo);
        assert_eq!(played(&app), log[..log.len() - successes - 1], "{}", app.world().resource::<Notice>().0);
        assert!(app.world().resource::<Pending>().0.as_ref().is_some_and(|p| p.kind() == ChoiceKind::Continue), "For Karl! asked again");
        input(&mut app, PlayerInput::Redo);
        assert_eq!(played(&app), log, "redone, the answers follow by themselves");
        input(&mut app, PlayerInput::Undo);
        input(&mut app, PlayerInput::Redo);
        assert_eq!(played(&app), log, "undone and redone again, the answer follows again");
        // A command after them; two undos and two redos give it back (the answer given for him
        // on the way does not clear what is left to redo).
        let Command::Move(path) = a_move(&app) else { panic!("a Move") };
        input(&mut app, PlayerInput::Hex((*path.last().expect("a path")).into()));
        let all = played(&app);
        assert_eq!(all.len(), log.len() + 1, "moved");
        input(&mut app, PlayerInput::Undo);
        input(&mut app, PlayerInput::Undo);
        input(&mut app, PlayerInput::Redo);
        input(&mut app, PlayerInput::Redo);
        assert_eq!(played(&app), all, "{}", app.world().resource::<Notice>().0);
        return;
    }
    panic!("no seed in 0..16 gave a Move to a space with nothing to chop, then an axe success");
}

#[test]
fn a_save_is_written_and_read_back_and_replays_to_the_game() {
    let dir = temp("save");
    let (mut app, snapshot) = at_the_table(&dir);
    let step = a_move(&app);
    input(
        &mut app,
        PlayerInput::Hex(match &step {
            Command::Move(p) => (*p.last().expect("a path")).into(),
            _ => unreachable!(),
        }),
    );
    // Actions are left: the first press asks, the second ends the turn.
    input(&mut app, PlayerInput::Key(KeyCode::KeyE));
    input(&mut app, PlayerInput::Key(KeyCode::KeyE));
    let file = dir.join("game.ron");
    let saved = save::read(&file).expect("the autosave reads");
    assert_eq!(saved.commands, played(&app));
    assert_eq!(saved.commands.len(), 2);
    let (mission, _) = first_light();
    let (mut replayed, snap) = save::replay::headless(data(), &mission, &saved).expect("the save replays");
    assert_eq!(dump(replayed.world_mut(), &snap), dump(app.world_mut(), &snapshot), "loading is replaying");
    assert!(file.with_extension("ron.prev").exists(), "the save before the last is kept beside it");
}

/// A save broken each way a file can break: the message names the file and what is wrong.
#[test]
fn a_broken_save_is_refused_with_the_file_and_the_fault() {
    let dir = temp("broken");
    let (mission, text) = first_light();
    let good = Save::begin(Path::new(FIRST_LIGHT), &text, setup());
    let file = dir.join("good.ron");
    save::write(&file, &good).expect("written");
    let whole = std::fs::read_to_string(&file).expect("read");
    let cases: [(&str, String, &str); 4] = [
        ("truncated", whole[..whole.len() / 2].to_string(), "truncated.ron:"),
        ("newer", whole.replace(&format!("format: {}", save::FORMAT), "format: 99"), "save format 99 is not one this game reads"),
        ("edited", whole.replace("seed: 5", "seed: -5"), "edited.ron:"),
        ("empty", String::new(), "empty.ron:"),
    ];
    for (name, body, says) in cases {
        let f = dir.join(format!("{name}.ron"));
        std::fs::write(&f, body).expect("written");
        let e = save::read(&f).expect_err(name).to_string();
        assert!(e.contains(says), "{name}: {e}");
    }
    // A mission changed since the game began.
    let mut changed = good.clone();
    changed.mission_sha256 = save::fingerprint("another mission");
    let e = changed.mission(&file, &data()).expect_err("changed").to_string();
    assert!(e.contains("has changed since this game began"), "{e}");
    // A command that no longer applies names its number.
    let mut bad = good;
    bad.commands = vec![Command::EndTurn, Command::Chop, Command::Chop, Command::Chop, Command::Chop];
    let e = save::replay::headless(data(), &mission, &bad).err().expect("refused");
    assert!(e.contains("no longer applies"), "{e}");
}

/// The writer: with `HOXXES_SAVE_WRITER` set, writes saves of a growing game into that folder until
/// it is killed. Without it, nothing: it is the child process of the test below.
#[test]
fn save_writer_child() {
    let Some(dir) = std::env::var_os("HOXXES_SAVE_WRITER") else { return };
    let (_, text) = first_light();
    let mut s = Save::begin(Path::new(FIRST_LIGHT), &text, setup());
    let file = PathBuf::from(dir).join("game.ron");
    loop {
        s.commands.push(if s.commands.len().is_multiple_of(2) { Command::Chop } else { Command::EndTurn });
        save::write(&file, &s).expect("written");
    }
}

#[test]
fn a_writer_killed_mid_save_leaves_a_save_that_loads() {
    let dir = temp("killed");
    for round in 0..8u64 {
        let mut child = std::process::Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", "rules::history::save_writer_child", "--nocapture"])
            .env("HOXXES_SAVE_WRITER", &dir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the writer starts");
        std::thread::sleep(std::time::Duration::from_millis(150 + 37 * round));
        child.kill().expect("killed");
        child.wait().expect("gone");
        let s = save::read(&dir.join("game.ron")).unwrap_or_else(|e| panic!("round {round}: {e}"));
        assert!(!s.commands.is_empty(), "round {round}: the writer wrote");
    }
}

/// Undo clears the game and plays it again: every resource the rules add must be put back to its
/// start by `clear`, or an undone game would keep something of the game it came from.
#[test]
fn clearing_the_table_puts_back_every_resource_the_rules_keep() {
    use bevy::state::app::StatesPlugin;
    use hoxxes::rules::state::Fresh;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    let bevy_own: Vec<_> = app.world().iter_resources().map(|(info, _)| info.id()).collect();
    app.add_plugins(hoxxes::rules::RulesPlugin);
    let fresh = app.world().components().component_id::<Fresh>().expect("the registry");
    let events = app.world().components().component_id::<Messages<hoxxes::rules::log::GameEvent>>().expect("events");
    // What lines of sight the game has worked out holds in any game: nothing to put back.
    let sight = app.world().components().component_id::<hoxxes::rules::sight::SightMemory>().expect("sight");
    // How the app takes the creatures' activations is the app's own, not the game's.
    let together = app.world().components().component_id::<hoxxes::rules::ActivationsTogether>().expect("together");
    let rules: Vec<_> = app
        .world()
        .iter_resources()
        .map(|(info, _)| info.id())
        .filter(|id| !bevy_own.contains(id) && ![fresh, events, sight, together].contains(id))
        .collect();
    assert!(rules.len() > 15, "the rules keep their resources: {}", rules.len());
    for id in &rules {
        app.world_mut().remove_resource_by_id(*id);
    }
    Fresh::restore(app.world_mut());
    let back: Vec<_> = app.world().iter_resources().map(|(info, _)| info.id()).collect();
    let missing: Vec<String> = rules
        .iter()
        .filter(|id| !back.contains(id))
        .filter_map(|id| app.world().components().get_info(*id))
        .map(|i| i.name().to_string())
        .collect();
    assert!(missing.is_empty(), "registered with init_resource, not rules_resource: {missing:?}");
}

/// The golden replays: each save in `tests/replays/` is replayed and its final state must be the
/// JSON beside it, byte for byte. `HOXXES_BLESS=1` writes the JSON anew (after a deliberate change
/// of the rules, said in the commit).
#[test]
fn the_saved_games_in_tests_replays_replay_to_their_recorded_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    let mut saves: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/replays")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    saves.sort();
    assert!(!saves.is_empty());
    for file in saves {
        let s = save::read(&file).expect("reads");
        let mission = s.mission(&file, &data()).expect("its mission");
        let (mut app, snapshot) = save::replay::headless(data(), &mission, &s).unwrap_or_else(|e| panic!("{e}"));
        let end = dump(app.world_mut(), &snapshot);
        let json = file.with_extension("json");
        if std::env::var_os("HOXXES_BLESS").is_some() {
            std::fs::write(&json, format!("{end}\n")).expect("written");
        }
        let want = std::fs::read_to_string(&json).expect("the recorded end");
        assert_eq!(end, want.trim_end(), "{} no longer replays to {}", file.display(), json.display());
    }
}

/// A format-1 save (written before ruling 32, when only shots waited for For Karl!) still reads:
/// each other roll held for the card is let stand, as those rules did, and the save brought to
/// today's format replays to the same end with those answers among its commands.
#[test]
fn a_format_1_save_is_replayed_with_the_other_rolls_let_stand_and_brought_up_to_date() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/first-light-two-turns.ron");
    let old = save::read(&file).expect("the golden save");
    assert_eq!(old.format, 1, "the golden save keeps the old format");
    let (mission, _) = first_light();
    let (mut app, snapshot) = save::replay::headless(data(), &mission, &old).expect("replays");
    let end = dump(app.world_mut(), &snapshot);
    let mut new = old.clone();
    save::replay::upgrade(&mut new, app.world());
    assert_eq!(new.format, save::FORMAT);
    let passes = |s: &Save| s.commands.iter().filter(|c| **c == Command::Choose(Answer::Pass)).count();
    assert!(passes(&new) > passes(&old), "the held chop and attack rolls were let stand by an answer each");
    let (mut again, snapshot) = save::replay::headless(data(), &mission, &new).expect("the brought-up save replays");
    assert_eq!(dump(again.world_mut(), &snapshot), end);
    let mut unread = old.clone();
    unread.format = save::FORMAT;
    assert!(save::replay::headless(data(), &mission, &unread).is_err(), "read as today's format, the old commands do not fit");
}

/// The loader fuzzed as `validate` was: a save cut short, bytes changed, parts repeated. Reading
/// never panics; what reads is replayed, and that never panics either.
#[test]
fn a_save_mangled_any_way_is_read_or_refused_never_a_panic() {
    use rand::{RngExt, SeedableRng};
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/first-light-two-turns.ron");
    let good = std::fs::read(&file).expect("the golden save");
    let (mission, _) = first_light();
    let dir = temp("fuzz");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let (mut read, mut replayed) = (0, 0);
    for i in 0..300 {
        let mut bytes = good.clone();
        match i % 3 {
            0 => bytes.truncate(rng.random_range(0..good.len())),
            1 => {
                for _ in 0..rng.random_range(1..4) {
                    let at = rng.random_range(0..bytes.len());
                    let junk = b"0123456789-([,)]:\"zZ \n\xff";
                    bytes[at] = junk[rng.random_range(0..junk.len())];
                }
            }
            _ => {
                let (a, b) = (rng.random_range(0..bytes.len()), rng.random_range(0..bytes.len()));
                let part = bytes[a.min(b)..a.max(b)].to_vec();
                bytes.splice(a..a, part);
            }
        }
        let f = dir.join("mangled.ron");
        std::fs::write(&f, &bytes).expect("written");
        if let Ok(s) = save::read(&f) {
            read += 1;
            if save::replay::headless(data(), &mission, &s).is_ok() {
                replayed += 1;
            }
        }
    }
    assert!(read > 0 && read < 300, "some mangled saves read, most not: {read}, replayed {replayed}");
}

/// A table watching the golden save of two turns of First Light, from its start: the app, its
/// terrain, and the save (a format-1 save, brought to today's format as the game loads it).
fn watching_two_turns(dir: &str) -> (App, TerrainSnapshot, Save) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/first-light-two-turns.ron");
    let mut saved = save::read(&file).expect("the golden save");
    let (mission, text) = first_light();
    let (replayed, _) = save::replay::headless(data(), &mission, &saved).expect("replays");
    save::replay::upgrade(&mut saved, replayed.world());
    let (mut app, snapshot) = at_the_table(&temp(dir));
    app.insert_resource(play::Game { save: Save::begin(Path::new(FIRST_LIGHT), &text, setup()), mission, file: None });
    app.insert_resource(play::Watching::new(saved.commands.clone()));
    (app, snapshot, saved)
}

/// Watching a saved game (`hoxxes --watch`): the arrows step one command, Page Down and Page Up a
/// turn, Home and End to either end; each point is the game replayed that far, byte for byte; the
/// players' own keys play nothing.
#[test]
fn a_saved_game_is_watched_forward_and_back_a_command_or_a_turn_at_a_time() {
    let (mut app, snapshot, saved) = watching_two_turns("watch");
    let (mission, _) = first_light();
    let at = |n: usize| {
        let mut part = saved.clone();
        part.commands.truncate(n);
        let (mut w, snap) = save::replay::headless(data(), &mission, &part).expect("replays");
        dump(w.world_mut(), &snap)
    };
    let end_of_turn_1 = saved.commands.iter().position(|c| matches!(c, Command::EndTurn)).expect("an end of turn") + 1;

    input(&mut app, PlayerInput::Key(KeyCode::KeyE));
    assert!(played(&app).is_empty(), "the End turn key plays nothing while watching");
    input(&mut app, PlayerInput::Key(KeyCode::ArrowRight));
    assert_eq!(played(&app), saved.commands[..1]);
    assert_eq!(dump(app.world_mut(), &snapshot), at(1));
    input(&mut app, PlayerInput::Key(KeyCode::PageDown));
    assert_eq!(played(&app), saved.commands[..end_of_turn_1], "a turn on");
    assert_eq!(dump(app.world_mut(), &snapshot), at(end_of_turn_1));
    input(&mut app, PlayerInput::Key(KeyCode::ArrowLeft));
    assert_eq!(played(&app).len(), end_of_turn_1 - 1, "a command back, past the dice");
    assert_eq!(dump(app.world_mut(), &snapshot), at(end_of_turn_1 - 1));
    input(&mut app, PlayerInput::Key(KeyCode::End));
    assert_eq!(played(&app), saved.commands);
    assert_eq!(dump(app.world_mut(), &snapshot), at(saved.commands.len()));
    let turn = app.world().resource::<hoxxes::rules::state::Turn>().number;
    assert!(
        app.world().resource::<Notice>().0.contains(&format!(", turn {turn} -")),
        "the rules' own turn: {}",
        app.world().resource::<Notice>().0
    );
    input(&mut app, PlayerInput::Key(KeyCode::Home));
    assert!(played(&app).is_empty());
    assert_eq!(dump(app.world_mut(), &snapshot), at(0));
    let said = &app.world().resource::<Notice>().0;
    assert!(said.starts_with(&format!("Watching: command 0 of {}, turn 1", saved.commands.len())), "{said}");
}

/// At the end of a watched game its debrief is up: the watcher's keys still step back into the game
/// (a play-tester pressed Left there and nothing happened), while Enter and Escape stay the
/// debrief's (Escape to the main menu, not the watcher's way back to the saved games).
#[test]
fn a_watched_game_steps_back_from_its_debrief() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    use hoxxes::screen::front::{Leave, Screen};
    let (mut app, _, saved) = watching_two_turns("watch-end");
    app.init_state::<Screen>();
    input(&mut app, PlayerInput::Key(KeyCode::End));
    let end = saved.commands.len();
    assert_eq!(played(&app).len(), end);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Debrief);
    settle(&mut app);
    let key = |app: &mut App, k: KeyCode| {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let logical_key = Key::Unidentified(NativeKey::Unidentified);
            app.world_mut().write_message(KeyboardInput {
                key_code: k,
                logical_key,
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            settle(app);
        }
    };
    key(&mut app, KeyCode::Escape);
    assert!(app.world().get_resource::<Leave>().is_none(), "Escape is the debrief's");
    key(&mut app, KeyCode::ArrowLeft);
    assert_eq!(played(&app).len(), end - 1, "a command back");
}

/// The window rebuilds a game (continuing a save, undo, a watcher's jump) running only the rules'
/// `Update` schedule, without the rest of a frame:
/// whole games of The Maw (four Dwarves, hazard 3, many spawns and kills) rebuilt so end on the
/// same table, byte for byte, as the games played one whole update at a time (and taking a job an
/// update, where the replay took quiet activations together). Before what an
/// update placed was emptied within `Update`, the creatures killed counted as figures still being
/// placed, and the rebuilt game spawned fewer: seed 45 ended elsewhere, and seed 49's rebuild
/// refused a command the game had taken.
#[test]
fn a_rebuild_running_only_the_rules_update_ends_whole_games_on_the_same_table() {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/missions/11-the-maw.ron"));
    let (mission, text) = load_mission(path, &data()).expect("The Maw loads");
    for seed in [45, 49] {
        let setup = MissionSetup::new(DwarfClass::ALL.to_vec(), seed, 3);
        let record = hoxxes::sim::game::play(&data(), &mission, Save::begin(path, &text, setup.clone()), BotKind::Greedy, false);
        assert!(record.result.is_some() && record.kills >= 10, "seed {seed}: a whole game with kills: {}", record.reason);
        let (mut played, snapshot) = replay::headless(data(), &mission, &record.save).expect("the game replays");
        let mut rebuilt = hoxxes::headless::rules_app(data());
        // The window takes one job an update; the replay took quiet activations together.
        rebuilt.insert_resource(hoxxes::rules::ActivationsTogether(false));
        let commands = &record.save.commands;
        replay::rebuild(rebuilt.world_mut(), &mission, &setup, commands, &mut |w| w.run_schedule(Update), &mut |_, _| {})
            .unwrap_or_else(|e| panic!("seed {seed}: the game rebuilds: {e}"));
        assert_eq!(dump(rebuilt.world_mut(), &snapshot), dump(played.world_mut(), &snapshot), "seed {seed}");
    }
}

/// A headless update turns the game's messages over as a frame does, though it runs the rules'
/// `Update` alone: after a whole game they hold the last updates' events, not the whole game's.
#[test]
fn a_headless_game_keeps_only_its_last_updates_messages() {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/missions/11-the-maw.ron"));
    let (mission, _) = load_mission(path, &data()).expect("The Maw loads");
    let setup = MissionSetup::new(DwarfClass::ALL.to_vec(), 45, 3);
    let app = hoxxes::sim::game::play_to_end(&data(), &mission, &setup, BotKind::Greedy).expect("a whole game");
    let logged = app.world().resource::<hoxxes::rules::log::GameLog>().0.len();
    let kept = app.world().resource::<Messages<hoxxes::rules::log::GameEvent>>().len();
    assert!(logged > 500 && kept < 100, "{kept} messages kept of the game's {logged} events");
}
