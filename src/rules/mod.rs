//! The game's rules as ECS systems: commands in, events out.
//!
//! The files are layered, so a reader can go down them; a file reads from its own layer and the
//! layers below, never from one above:
//!
//! 1. The table: `hex`, `flood` (a creature's search as bits), `sight`, `components`, `state`,
//!    `log`, `dice`, `command` (what a player may ask), `agenda` (the rules' own jobs), `cave` (the
//!    table read at once), `for_karl` (a roll held for the players' word), `effects` (the table
//!    changed, the log told).
//! 2. What happens to it: `deck`, `decks`, `hand`, `lasting`, `damage`, `mineral_die`, `reveal`,
//!    `spawn`, `blast`, `resupply`, `swarm`, `event_deck`, `dive`.
//! 3. What the figures do: `actions/`, `skills/`, `cards`, `thrown` (the Throwables' tokens),
//!    `creatures/`, `bosco`, `reaction`.
//! 4. The turn order and the mission: `turn`, `end`, `setup`, and `legal/`, the legal-moves query,
//!    which reads every layer.
//!
//! One exception is left: `spawn` asks `skills` what a creature meets as it comes onto the cave
//! (the Shield and the Sentry Gun keep it off a space, a Flame burns it, the Sentry Gun fires at
//! it): the skills hook into spawning, and inverting that is a change of its own.

pub mod actions;
pub mod agenda;
pub mod blast;
pub mod bosco;
pub mod cards;
pub mod cave;
pub mod command;
pub mod components;
pub mod creatures;
pub mod damage;
pub mod deck;
pub mod decks;
pub mod dice;
pub mod dive;
pub mod effects;
pub mod end;
pub mod event_deck;
pub mod flood;
pub mod for_karl;
pub mod hand;
pub mod hex;
pub mod lasting;
pub mod legal;
pub mod log;
pub mod mineral_die;
pub mod reaction;
pub mod resupply;
pub mod reveal;
pub mod setup;
pub mod sight;
pub mod skills;
pub mod spawn;
pub mod state;
pub mod swarm;
pub mod thrown;
pub mod turn;

use bevy::ecs::schedule::ScheduleLabel;
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use command::{Command, CommandQueue, Current, Pending, Rejected};
use state::RulesResource;

/// The action systems of a set each run only for their own kind of command or choice, so at most
/// one of them acts in an update: they are declared unambiguous with each other. Everything else is
/// ordered by the chained sets; `tests/rules/turns.rs` builds the schedule with ambiguity detection
/// as an error.
///
/// The order the rules run in each update: one command is taken, resolved by the action system
/// of its kind, what it uncovered is revealed, the mission's end judged, then one job (the end of a
/// turn, the next turn...), and the end judged again.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesSet {
    Take,
    Actions,
    /// A roll held for For Karl!, once let stand or rerolled, is taken back by the rule that
    /// made it (`for_karl`).
    Rolled,
    /// Choices are put to the player after the action's changes are on the table, so the options
    /// are what is there now.
    Ask,
    Refuse,
    Reveal,
    /// Has the mission ended before a job is taken? A roll let stand at the start of the update
    /// (For Karl! held and not played) can fell the last Dwarf: the mission ends then, and no
    /// creature acts after it (rulebook "Game end").
    Judge,
    /// One job of the agenda: an Event card's step, a creature's activation, the next turn...
    Jobs,
    /// Has the mission ended?
    End,
}

pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<log::GameEvent>()
            .rules_resource::<CommandQueue>()
            .rules_resource::<Current>()
            .rules_resource::<command::CommandLog>()
            .rules_resource::<Rejected>()
            .rules_resource::<Pending>()
            .rules_resource::<log::GameLog>()
            .rules_resource::<dice::ForcedDice>()
            .rules_resource::<state::Mule>()
            .rules_resource::<state::Turn>()
            .rules_resource::<state::Board>()
            // Emptied with the table, filled again by the spaces' terrain as they are laid out.
            .rules_resource::<components::Terrains>()
            .rules_resource::<state::NextId>()
            .rules_resource::<state::Placed>()
            .rules_resource::<state::Kills>()
            .rules_resource::<reveal::UpgradePool>()
            .rules_resource::<agenda::Agenda>()
            .rules_resource::<agenda::CurrentJob>()
            .rules_resource::<agenda::MayTakeNext>()
            .rules_resource::<decks::Decks>()
            .rules_resource::<for_karl::KarlWindow>()
            // Not a part of the game's state: what it keeps is true in every game, so it is never
            // put back (`Fresh`), and games on one thread may share it (`headless::rules_app`).
            .init_resource::<sight::SightMemory>()
            .init_resource::<ActivationsTogether>()
            .configure_sets(
                Update,
                (
                    RulesSet::Take,
                    RulesSet::Actions,
                    RulesSet::Rolled,
                    RulesSet::Ask,
                    RulesSet::Refuse,
                    RulesSet::Reveal,
                    RulesSet::Judge,
                    RulesSet::Jobs,
                    RulesSet::End,
                )
                    .chain()
                    // Nothing to rule on before a mission is laid out (the game's menus).
                    .run_if(resource_exists::<state::MissionInfo>),
            )
            // At the start of the rules' own update, not in `First`: undo rebuilds a game running
            // `Update` alone, and what an earlier update placed must not count twice there.
            .add_systems(Update, state::Placed::empty.before(RulesSet::Take))
            .add_systems(Update, take_command.in_set(RulesSet::Take))
            .add_systems(Update, refuse_unhandled.in_set(RulesSet::Refuse))
            .add_systems(Update, reveal::reveal_pickups_by_dwarves.in_set(RulesSet::Reveal).run_if(reveal::pickups_by_dwarves))
            .add_systems(Update, agenda::take_job.in_set(RulesSet::Jobs).before(JobsRun))
            .add_systems(Update, drop_unhandled.in_set(JobsLeft));
        app.configure_sets(Update, (JobsRun.in_set(RulesSet::Jobs), JobsLeft.in_set(RulesSet::Jobs).after(JobsRun)));
        for step in RulesStep::all() {
            // Their systems run one at a time: the steps are small, and a game's apps (the
            // simulator's, one per thread) must not queue on Bevy's shared task pool.
            app.edit_schedule(step, |s| {
                s.set_executor(SingleThreadedExecutor::new());
            });
        }
        app.add_systems(Update, run_action.in_set(RulesSet::Actions).run_if(command::command_in_hand))
            .add_systems(Update, RulesStep::Rolled.runner().in_set(RulesSet::Rolled).run_if(for_karl::any_released))
            .add_systems(Update, run_job.in_set(JobsRun).run_if(agenda::job_in_hand));
        actions::plugin(app);
        for_karl::plugin(app);
        mineral_die::plugin(app);
        turn::plugin(app);
        swarm::plugin(app);
        event_deck::plugin(app);
        creatures::plugin(app);
        reaction::plugin(app);
        end::plugin(app);
        hand::plugin(app);
        cards::plugin(app);
        lasting::plugin(app);
        thrown::plugin(app);
        skills::plugin(app);
        bosco::plugin(app);
    }
}

/// The job's rule, after the one job of the update is taken.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JobsRun;

/// After the job's rule: a job it left in hand with nothing asked is dropped (`drop_unhandled`).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JobsLeft;

/// Some of the rules' sets are schedules of their own, each run inside `Update` (in its place in
/// [`RulesSet`]) only when there is something for it: each of their systems waits for its own kind
/// of command, released roll or job, and most updates have none of one or the others. Bevy asks
/// every system's run condition at every run of its schedule, so one condition in `Update` saves
/// asking about fifty (a simulated game runs hundreds of updates).
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesStep {
    /// [`RulesSet::Actions`]: the rule of one kind of command, when a command of that kind is in
    /// hand (`run_action`); the answers to every choice are one kind.
    Action(command::CommandKind),
    /// [`RulesSet::Rolled`]: the rules that made a roll held for For Karl!, once it is released.
    Rolled,
    /// [`JobsRun`]: the rule of one kind of job, when a job of that kind is in hand (`run_job`).
    Job(agenda::JobKind),
}

impl RulesStep {
    /// Every step: each kind of command's rule, the released rolls, each kind of job's rule.
    pub fn all() -> impl Iterator<Item = RulesStep> {
        let actions = command::CommandKind::ALL.map(RulesStep::Action);
        actions.into_iter().chain([RulesStep::Rolled]).chain(agenda::JobKind::ALL.map(RulesStep::Job))
    }

    /// Build the schedules now, not at their first run (a Move's schedule's first run is the first
    /// Move's). Every kind of command and of job must have its rule: a kind with none is an error
    /// here, at the start of every game the simulator plays, not a command refused or a job dropped
    /// in the middle of one.
    pub fn build_all(world: &mut World) -> Result<(), String> {
        for step in RulesStep::all() {
            if world.resource::<Schedules>().get(step).is_none_or(|s| s.systems_len() == 0) {
                return Err(format!("{step:?}: no rule is in this step"));
            }
            world.schedule_scope(step, |world, schedule| schedule.initialize(world)).map_err(|e| format!("{step:?}: {e}"))?;
        }
        Ok(())
    }

    /// The system in `Update` that runs this schedule.
    fn runner(self) -> impl FnMut(&mut World) {
        move |world: &mut World| world.run_schedule(self)
    }
}

/// Apply the command in hand by its kind's rule: a dispatch by the command's kind (`Command::kind`,
/// an exhaustive match), not a condition asked of every action's rule.
fn run_action(world: &mut World) {
    let Some(kind) = world.resource::<Current>().0.as_ref().map(Command::kind) else { return };
    // A kind with no rule (`build_all` names it) leaves the command in hand: it is refused
    // (`refuse_unhandled`), not a crash.
    let _ = world.try_run_schedule(RulesStep::Action(kind));
}

/// Carry out the job in hand by its kind's rule: a dispatch by the job's kind (`Job::kind`, an
/// exhaustive match), not a condition asked of every job rule. Where the rules may take
/// activations together ([`ActivationsTogether`]), quiet activations follow one another in the
/// same update: the round's start takes the first in hand (`agenda::MayTakeNext`), carried out
/// here at once, and the activation's own rule each next one, in the same run.
fn run_job(world: &mut World) {
    loop {
        let Some(kind) = world.resource::<agenda::CurrentJob>().0.as_ref().map(agenda::Job::kind) else { return };
        let together = matches!(kind, agenda::JobKind::ActivateAll | agenda::JobKind::Activate) && activations_may_follow(world);
        world.resource_mut::<agenda::MayTakeNext>().0 = together;
        // A kind with no rule (`build_all` names it) leaves the job in hand: it is dropped and the
        // log says so (`drop_unhandled`), not a crash.
        let _ = world.try_run_schedule(RulesStep::Job(kind));
        if kind != agenda::JobKind::ActivateAll {
            return;
        }
    }
}

/// Whether the rules may carry out the creatures' activations one after another in one update.
/// The simulator and the rules' tests let them (`headless::rules_app`): a round of thirty
/// creatures is then a few updates, not thirty. The screen's play layer does not, in the window or
/// a test (`screen::play::pace` sets it off): it shows each job for a while before the rules take
/// the next, and a player may cut in between two (a Satchel Charge). Either way the same rules
/// run in the same order on the same table: activations are taken together only while they are
/// quiet (see [`activations_may_follow`] and `creatures::take_next`).
#[derive(Resource, Default)]
pub struct ActivationsTogether(pub bool);

/// Whether anything outside the creatures' round keeps its next activation from following the
/// last one in the same update: activations taken together at all, a command waiting to cut in
/// between two jobs, an action under way, the mission over. No activation changes these.
fn activations_may_follow(world: &World) -> bool {
    world.resource::<ActivationsTogether>().0
        && world.resource::<CommandQueue>().0.is_empty()
        && matches!(world.resource::<actions::InProgress>(), actions::InProgress::Idle)
        && world.resource::<end::Outcome>().0.is_none()
}

/// Take the next queued command, unless one is still being applied or the rules still have jobs to
/// do. While a choice is pending only an answer is taken; once the mission is over, nothing.
fn take_command(
    mut queue: ResMut<CommandQueue>,
    mut current: ResMut<Current>,
    pending: Res<Pending>,
    mut rejected: ResMut<Rejected>,
    agenda: Res<agenda::Agenda>,
    job: Res<agenda::CurrentJob>,
    outcome: Res<end::Outcome>,
    progress: Res<actions::InProgress>,
    board: Res<state::Board>,
) {
    let moment = Moment::now(&pending, &agenda, &job, &outcome, &progress);
    if current.0.is_some() || !moment.takes(queue.0.front()) {
        return;
    }
    let Some(cmd) = queue.0.pop_front() else { return };
    match moment.admits(&cmd).and_then(|()| cmd.on_the_cave(&board)) {
        Ok(()) => current.0 = Some(cmd),
        Err(why) => rejected.0 = Some((cmd, why)),
    }
}

/// Where the game stands for taking a command: over, waiting for an answer, busy with its jobs, or
/// still. The command taker and the legal-moves query both ask it.
pub struct Moment<'a> {
    pub pending: &'a Pending,
    pub over: Option<&'a end::Ending>,
    /// The rules have jobs to do or an action in progress.
    pub working: bool,
    /// No job and no action under way: a Satchel Charge or a card may cut in between two jobs.
    pub still: bool,
}

impl<'a> Moment<'a> {
    pub fn now(
        pending: &'a Pending,
        agenda: &agenda::Agenda,
        job: &agenda::CurrentJob,
        outcome: &'a end::Outcome,
        progress: &actions::InProgress,
    ) -> Self {
        let idle = matches!(progress, actions::InProgress::Idle);
        Moment { pending, over: outcome.0.as_ref(), working: agenda::busy(agenda, job) || !idle, still: job.0.is_none() && idle }
    }

    /// Whether a command is taken now at all (it may still be refused): the rules do not stop their
    /// jobs for one, save for the commands that cut in.
    pub fn takes(&self, cmd: Option<&Command>) -> bool {
        let cuts_in = self.still && cmd.is_some_and(cards::cuts_in);
        self.pending.0.is_some() || !self.working || cuts_in
    }

    /// Whether a command of this kind may be given at this moment, or why not.
    pub fn admits(&self, cmd: &Command) -> Result<(), String> {
        if let Some(e) = self.over {
            return Err(format!("the mission is over: {}", e.reason));
        }
        match (&self.pending.0, cmd) {
            (Some(p), c) if !matches!(c, Command::Choose(_) | Command::PlayCard { .. }) => {
                Err(format!("first answer the pending choice: {}", p.prompt))
            }
            (None, Command::Choose(_)) => Err("nothing is waiting for a choice".into()),
            _ => Ok(()),
        }
    }
}

/// Every kind of job has its rule (`RulesStep::build_all` checks it), which takes the job or asks a
/// choice about it (the job then waits in hand for the answer). A job still in hand after its rule
/// ran, with no choice asked and no action under way, was not taken: it is dropped at once and the
/// log says so, rather than the rules standing still until the settle guard.
pub fn drop_unhandled(
    mut job: ResMut<agenda::CurrentJob>,
    pending: Res<Pending>,
    progress: Res<actions::InProgress>,
    mut fx: effects::Effects,
) {
    if pending.0.is_some() || !matches!(*progress, actions::InProgress::Idle) {
        return;
    }
    if let Some(j) = job.0.take() {
        fx.say(log::GameEvent::Skipped { why: format!("no rule handles the job {j:?}: it is dropped") });
    }
}

/// A command no action took is refused.
fn refuse_unhandled(mut current: ResMut<Current>, mut rejected: ResMut<Rejected>) {
    if let Some(cmd) = current.0.take() {
        rejected.0 = Some((cmd, "that is not something the rules can do now".into()));
    }
}
