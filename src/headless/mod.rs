//! Playing without a window: a game in a headless Bevy app, the scenario runner and the JSON dump.

pub mod dump;
pub mod invariants;
pub mod scenario;

use crate::data::GameData;
use crate::data::mission::Mission;
use crate::rules::actions::InProgress;
use crate::rules::agenda::{Agenda, CurrentJob, busy};
use crate::rules::command::{Command, CommandQueue, Pending, Rejected};
use crate::rules::log::GameEvent;
use crate::rules::setup::{MissionSetup, begin_first_turn, clear, start_mission};
use crate::rules::sight::SightMemory;
use crate::rules::{ActivationsTogether, RulesPlugin, RulesStep};
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::cell::RefCell;

/// A headless app with the rules and a mission laid out (the first turn not yet begun).
pub fn laid_out(data: GameData, mission: &Mission, setup: &MissionSetup) -> Result<App, String> {
    let mut app = cleared_or_new(data);
    start_mission(app.world_mut(), mission, setup)?;
    Ok(app)
}

thread_local! {
    /// Apps of games this thread has finished with ([`put_back`]), for its next games.
    static SPARE: RefCell<Vec<App>> = const { RefCell::new(Vec::new()) };
}

/// The most finished apps a thread keeps (a simulated game and its replay).
const MOST_SPARE: usize = 2;

/// A headless app with the rules, the table bare: one this thread finished with, cleared as undo
/// clears it (`setup::clear`), or else a new one. Building an app's schedules was most of the
/// time of setting up a game, longer than some short games.
pub fn cleared_or_new(data: GameData) -> App {
    match SPARE.with(|s| s.borrow_mut().pop()) {
        Some(mut app) => {
            clear(app.world_mut());
            app.insert_resource(data);
            app
        }
        None => rules_app(data),
    }
}

/// Keep the app of a finished game for this thread's next game ([`cleared_or_new`]).
pub fn put_back(app: App) {
    SPARE.with(|s| {
        let mut spare = s.borrow_mut();
        if spare.len() < MOST_SPARE {
            spare.push(app);
        }
    });
}

/// A headless app with the rules and the game's data, nothing laid out. Its schedules run their
/// systems one after another on the calling thread: a game's jobs are small, and games played side
/// by side (the simulator) must not queue on Bevy's one shared task pool.
pub fn rules_app(data: GameData) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, RulesPlugin)).insert_resource(data);
    // No one watches or cuts in: quiet activations are carried out together.
    app.insert_resource(ActivationsTogether(true));
    // The games a thread plays one after another share what they learn of lines of sight.
    thread_local!(static SIGHT: SightMemory = SightMemory::default());
    app.insert_resource(SIGHT.with(SightMemory::clone));
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    app
}

/// A headless game ready for its first command.
pub fn new_game(data: GameData, mission: &Mission, setup: &MissionSetup) -> Result<App, String> {
    let mut app = laid_out(data, mission, setup)?;
    first_turn(&mut app)?;
    Ok(app)
}

/// Begin the first turn of a game laid out, and let the rules settle.
pub fn first_turn(app: &mut App) -> Result<(), String> {
    begin_first_turn(app.world_mut())?;
    // One update always, as a window's first frame: the rules note the turn begun. The schedules it
    // runs only when they have work are built here too, as `Update` is.
    RulesStep::build_all(app.world_mut())?;
    app.update();
    settle(app)
}

/// Updates the rules may take to finish what one command sets off; past this something loops. The
/// most any command took in 300 simulated games at hazard 3 (both bots, every mission) was 71.
const MAX_UPDATES: u32 = 2_000;

/// One update of the rules: headless, [`update`]; the window, while it rewinds a game, its
/// `Update` schedule.
pub type Step<'a> = &'a mut dyn FnMut(&mut World);

/// One update of the rules on a bare world: their `Update` schedule (every rule lives there), the
/// game's messages turned over and the change trackers cleared, as `App::update` would. The rest of
/// a frame (time, the task pools' ticks, the fixed-step loop) is nothing to the rules; it was about
/// a sixth of a simulated game.
pub fn update(world: &mut World) {
    world.run_schedule(Update);
    if let Some(mut messages) = world.get_resource_mut::<Messages<GameEvent>>() {
        messages.update();
    }
    world.clear_trackers();
}

/// Apply one command and let the rules finish what it sets off, up to the next choice or command;
/// the reason when the rules refuse it.
pub fn apply(app: &mut App, cmd: Command) -> Result<(), String> {
    apply_in(app.world_mut(), &mut update, cmd)
}

/// [`apply`], one `step` per update.
pub fn apply_in(world: &mut World, step: Step, cmd: Command) -> Result<(), String> {
    world.resource_mut::<Rejected>().0 = None;
    world.resource_mut::<CommandQueue>().0.push_back(cmd);
    step(world);
    if let Some((cmd, why)) = world.resource_mut::<Rejected>().0.take() {
        return Err(format!("{} refused: {why}", cmd.name()));
    }
    settle_in(world, step)
}

/// Run updates until the rules wait for a player: no job left, or a choice pending.
pub fn settle(app: &mut App) -> Result<(), String> {
    settle_in(app.world_mut(), &mut update)
}

/// [`settle`], one `step` per update.
pub fn settle_in(world: &mut World, step: Step) -> Result<(), String> {
    for _ in 0..MAX_UPDATES {
        if waiting(world) {
            return Ok(());
        }
        step(world);
    }
    let job = world.resource::<CurrentJob>().0.clone();
    let agenda = &world.resource::<Agenda>().0;
    Err(format!(
        "the rules did not settle after {MAX_UPDATES} updates: the job in hand {job:?}, {} jobs waiting, the next {:?}; the action in progress {:?}",
        agenda.len(),
        agenda.front(),
        world.resource::<InProgress>()
    ))
}

/// Whether the rules wait for a player: a choice pending, or nothing under way and no job left.
pub fn waiting(world: &World) -> bool {
    let acting = !matches!(world.resource::<InProgress>(), InProgress::Idle);
    world.resource::<Pending>().0.is_some() || !(acting || busy(world.resource::<Agenda>(), world.resource::<CurrentJob>()))
}

/// Answer a pending choice with its default, the first option (ruling 4). Returns whether one was
/// pending.
pub fn answer_default(app: &mut App) -> Result<bool, String> {
    let first = app.world().resource::<Pending>().0.as_ref().and_then(|p| p.options.first().cloned());
    match first {
        Some(a) => apply(app, Command::Choose(a)).map(|_| true),
        None => Ok(false),
    }
}
