//! Turn flow: Dwarves take turns in seat order; each has 3 actions (1 when Stunned, none when
//! unconscious); at the end of a turn the Event card is drawn, then the next Dwarf begins.

use super::RulesStep;
use super::agenda::{CurrentJob, Job, JobKind};
use super::cave::Cave;
use super::components::*;
use super::effects::Effects;
use super::log::GameEvent;
use super::state::Turn;
use crate::rules::command::{CommandKind, Desk};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::EndTurn), end_turn).add_systems(RulesStep::Job(JobKind::NextTurn), next_turn);
}

fn end_turn(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let result = cave.dwarf_in_seat(turn.seat).ok_or_else(|| "no Dwarf has the turn".to_string()).map(|d| {
        if super::bosco::takes_over(&cave, &mut turn, &mut fx) {
            return;
        }
        fx.say(GameEvent::TurnEnded { dwarf: d.dwarf.class });
        // A web holds for the turn after it was spun: it falls away when that turn ends.
        if d.status.webbed {
            fx.change::<DwarfStatus>(d.entity, |s| s.webbed = false);
        }
        // Ruling 23: no Event card for an unconscious Dwarf or one aboard the pod with the
        // objectives met.
        match (d.status.unconscious, cave.aboard(&fx.mule, d.at.0)) {
            (true, _) => {}
            // Said, as the card not drawn would otherwise go unnoticed.
            (false, true) => fx.say(GameEvent::Skipped {
                why: format!("no Event card: the {:?} is aboard the Drop Pod with the objectives met", d.dwarf.class),
            }),
            (false, false) => fx.agenda.first([Job::DrawEvent(turn.seat)]),
        }
        fx.agenda.0.push_back(Job::NextTurn);
    });
    desk.settle(result);
}

/// After the Event card: the next Dwarf in seat order begins. An unconscious Dwarf's turn passes at
/// once, with no Event card (rulebook "Revive an unconscious Dwarf"), unless BOSCO is there to
/// revive him after it.
fn next_turn(cave: Cave, mut job: ResMut<CurrentJob>, mut turn: ResMut<Turn>, mut fx: Effects) {
    job.0 = None;
    let seats = cave.dwarves.iter().count() as u32;
    let seat = (turn.seat + 1) % seats.max(1);
    begin_turn(&cave, &mut turn, &mut fx, seat);
    if cave.dwarf_in_seat(seat).is_some_and(|d| d.status.unconscious) && cave.bosco.is_empty() {
        fx.agenda.first([Job::NextTurn]);
    }
}

/// Start a Dwarf's turn: his actions for it, the Stunned token spent, the gear that comes back.
pub fn begin_turn(cave: &Cave, turn: &mut Turn, fx: &mut Effects, seat: u32) {
    let Some(d) = cave.dwarf_in_seat(seat) else { return };
    let back = super::skills::coming_back(cave, fx, seat);
    let n = &cave.data.numbers;
    let actions = if d.status.unconscious {
        0
    } else if d.status.stunned {
        fx.change::<DwarfStatus>(d.entity, |s| s.stunned = false);
        n.actions_when_stunned
    } else {
        n.actions_per_turn
    };
    *turn = Turn { number: turn.number + 1, seat, actions_left: actions, ..Default::default() };
    fx.say(GameEvent::TurnStarted { turn: turn.number, dwarf: d.dwarf.class, actions });
    // Said under the new turn, whose gear it is (the log had the Driller's Flames taken back under
    // the Scout's turn before it: a play-tester).
    super::skills::start_of_turn(cave, fx, back);
}
