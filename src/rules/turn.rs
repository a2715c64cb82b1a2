//! Turn flow: Dwarves take turns in seat order; each has 3 actions (1 when Stunned, none when
//! unconscious); at the end of a turn the Event card is drawn (the hook `RulesSet::EndOfTurn`).

use super::actions::settle;
use super::cave::Cave;
use super::command::{Command, CommandLog, Current, Rejected};
use super::components::*;
use super::effects::Effects;
use super::log::GameEvent;
use super::state::Turn;
use super::RulesSet;
use bevy::prelude::*;

/// Set for one update when a Dwarf's turn has just ended; the Event deck draws on it.
#[derive(Resource, Default, Debug)]
pub struct TurnJustEnded(pub Option<u32>);

pub fn plugin(app: &mut App) {
    app.init_resource::<TurnJustEnded>().add_systems(
        Update,
        (
            end_turn.in_set(RulesSet::Actions).run_if(super::actions::command_is(|c| matches!(c, Command::EndTurn))),
            start_next_turn.in_set(RulesSet::NextTurn),
        ),
    );
}

fn end_turn(
    mut current: ResMut<Current>,
    mut log: ResMut<CommandLog>,
    mut rejected: ResMut<Rejected>,
    mut ended: ResMut<TurnJustEnded>,
    cave: Cave,
    turn: Res<Turn>,
    mut fx: Effects,
) {
    let result = cave.dwarf_in_seat(turn.seat).ok_or_else(|| "no Dwarf has the turn".to_string()).map(|d| {
        fx.say(GameEvent::TurnEnded { dwarf: d.2.class });
        // A web holds for the turn after it was spun: it falls away when that turn ends.
        if d.6.webbed {
            fx.commands.entity(d.0).insert(DwarfStatus { webbed: false, ..*d.6 });
        }
        // Ruling 23: no Event card for an unconscious Dwarf or one aboard the pod with the
        // objectives met.
        let aboard = cave.is_drop_pod(d.3.0) && cave.objectives_met(&fx.mule);
        if !d.6.unconscious && !aboard {
            fx.say(GameEvent::EventDrawPending { dwarf: d.2.class });
        }
        ended.0 = Some(turn.seat);
    });
    settle(&mut current, &mut log, &mut rejected, result);
}

/// After the end-of-turn events: the next Dwarf in seat order begins.
fn start_next_turn(mut ended: ResMut<TurnJustEnded>, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects) {
    let Some(seat) = ended.0.take() else { return };
    let seats = cave.dwarves.iter().count() as u32;
    begin_turn(&cave, &mut turn, &mut fx, (seat + 1) % seats.max(1));
}

/// Start a Dwarf's turn: his actions for it, and the Stunned token spent.
pub fn begin_turn(cave: &Cave, turn: &mut Turn, fx: &mut Effects, seat: u32) {
    let Some(d) = cave.dwarf_in_seat(seat) else { return };
    let n = &cave.data.numbers;
    let actions = if d.6.unconscious {
        0
    } else if d.6.stunned {
        fx.commands.entity(d.0).insert(DwarfStatus { stunned: false, ..*d.6 });
        n.actions_when_stunned
    } else {
        n.actions_per_turn
    };
    *turn = Turn { number: turn.number + 1, seat, actions_left: actions, ..Default::default() };
    fx.say(GameEvent::TurnStarted { turn: turn.number, dwarf: d.2.class, actions });
}
