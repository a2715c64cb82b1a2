//! One whole game played headless by a bot: every decision taken from the legal-moves query, the
//! invariants checked after every command when asked, and the command list replayed at the end to
//! the same state byte for byte. A game that breaks anything comes back with what broke and its
//! save, to be written as a replay file.

use super::bot::{Bot, BotKind};
use crate::data::GameData;
use crate::data::mission::Mission;
use crate::headless::dump::{TerrainSnapshot, dump};
use crate::headless::invariants;
use crate::headless::{apply, first_turn, laid_out, put_back};
use crate::rules::command::CommandLog;
use crate::rules::end::{Outcome, Result as MissionResult};
use crate::rules::log::{GameEvent, GameLog};
use crate::rules::setup::MissionSetup;
use crate::rules::state::Turn;
use crate::save::Save;
use bevy::prelude::*;

/// Commands after which a game that has not ended is reported as stuck.
pub const MAX_COMMANDS: usize = 4000;

/// What one game came to.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seed: u64,
    /// None when the game broke or did not end.
    pub result: Option<MissionResult>,
    /// Why it ended (the rules' words), or what broke.
    pub reason: String,
    pub turns: u32,
    pub swarms: u32,
    pub downed: u32,
    pub kills: u32,
    /// What broke: a listed command refused, an invariant, a replay that differs, a game that
    /// never ends. The save holds the game to replay it.
    pub failure: Option<String>,
    pub save: Save,
}

/// Play one game to its end. `check`: the invariants after every command and the replay at the end.
pub fn play(data: &GameData, mission: &Mission, save: Save, bot: BotKind, check: bool) -> GameRecord {
    let setup = save.setup.clone();
    let mut record =
        GameRecord { seed: setup.seed, result: None, reason: String::new(), turns: 0, swarms: 0, downed: 0, kills: 0, failure: None, save };
    let (mut app, snapshot) = match start(data, mission, &setup, check) {
        Ok(x) => x,
        Err(e) => {
            record.failure = Some(format!("set-up: {e}"));
            return record;
        }
    };
    record.failure = run(&mut app, bot, setup.seed, check).err();
    record.save.commands = app.world().resource::<CommandLog>().0.clone();
    if let Some(snapshot) = snapshot.filter(|_| record.failure.is_none()) {
        record.failure = same_on_replay(data, mission, &record.save, &dump(app.world_mut(), &snapshot)).err();
    }
    tally(app.world(), &mut record);
    put_back(app);
    record
}

/// A game played by a bot to its end (or until it breaks), the table left as it ended.
pub fn play_to_end(data: &GameData, mission: &Mission, setup: &MissionSetup, bot: BotKind) -> Result<App, String> {
    let (mut app, _) = start(data, mission, setup, false)?;
    run(&mut app, bot, setup.seed, false)?;
    Ok(app)
}

/// A game laid out and its first turn begun; the cave as laid out when the game is to be checked
/// (what its end is dumped against, `same_on_replay`).
fn start(data: &GameData, mission: &Mission, setup: &MissionSetup, check: bool) -> Result<(App, Option<TerrainSnapshot>), String> {
    let mut app = laid_out(data.clone(), mission, setup)?;
    let snapshot = check.then(|| TerrainSnapshot::take(app.world_mut()));
    first_turn(&mut app)?;
    Ok((app, snapshot))
}

/// The bot plays until the mission ends.
fn run(app: &mut App, bot: BotKind, seed: u64, check: bool) -> Result<(), String> {
    let mut bot = Bot::new(bot, seed);
    for n in 0..MAX_COMMANDS {
        if app.world().resource::<Outcome>().0.is_some() {
            return Ok(());
        }
        let cmd = bot.decide(app.world_mut()).ok_or_else(|| format!("command {}: nothing is listed and the mission goes on", n + 1))?;
        apply(app, cmd.clone()).map_err(|e| format!("command {} ({cmd:?}) was listed but refused: {e}", n + 1))?;
        if check {
            invariants::check(app.world_mut()).map_err(|v| format!("after command {} ({}): {v}", n + 1, cmd.name()))?;
        }
    }
    Err(format!("the mission had not ended after {MAX_COMMANDS} commands"))
}

/// Determinism: the command list replayed from the start gives the same state, byte for byte.
fn same_on_replay(data: &GameData, mission: &Mission, save: &Save, end: &str) -> Result<(), String> {
    let (mut again, snapshot) = crate::save::replay::headless(data.clone(), mission, save).map_err(|e| format!("the replay fails: {e}"))?;
    let same = match dump(again.world_mut(), &snapshot) == end {
        true => Ok(()),
        false => Err("the command list replayed gives another state (a rule is not deterministic)".into()),
    };
    put_back(again);
    same
}

fn tally(world: &World, record: &mut GameRecord) {
    if let Some(end) = &world.resource::<Outcome>().0 {
        record.result = Some(end.result);
        record.reason = end.reason.clone();
    }
    if let Some(f) = &record.failure {
        record.result = None;
        record.reason = f.clone();
    }
    record.turns = world.resource::<Turn>().number;
    let log = world.resource::<GameLog>();
    record.kills = log.creatures_killed() as u32;
    for e in &log.0 {
        match e {
            GameEvent::SwarmCard { .. } => record.swarms += 1,
            GameEvent::Unconscious { .. } => record.downed += 1,
            _ => {}
        }
    }
}
