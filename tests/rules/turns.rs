//! Turn flow: three actions, seat order, Stunned, the Event-draw hook.

use super::common::*;
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::command::Command;
use hoxxes::rules::components::DwarfStatus;
use hoxxes::rules::log::GameEvent;

#[test]
fn three_actions_then_no_more() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.walk(&[(4, 2)]).unwrap();
    g.walk(&[(5, 2)]).unwrap();
    g.walk(&[(6, 2)]).unwrap();
    assert!(g.walk(&[(7, 2)]).unwrap_err().contains("0 action"));
}

#[test]
fn the_turn_passes_in_seat_order_and_wraps() {
    let mut g = Game::room(&[Scout, Driller]);
    g.ok(Command::EndTurn);
    let t = g.turn();
    assert_eq!((t.seat, t.actions_left, t.number), (1, 3, 2));
    g.ok(Command::EndTurn);
    assert_eq!(g.turn().seat, 0);
    let ev = g.events();
    assert!(ev.contains(&GameEvent::TurnEnded { dwarf: Scout }));
    assert!(ev.iter().any(|e| matches!(e, GameEvent::EventCard { dwarf: Scout, .. })));
    assert!(ev.contains(&GameEvent::TurnStarted { turn: 2, dwarf: Driller, actions: 3 }));
}

#[test]
fn a_stunned_dwarf_has_one_action_and_the_stun_is_spent() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_status(Driller, DwarfStatus { stunned: true, ..Default::default() });
    g.ok(Command::EndTurn);
    assert_eq!(g.turn().actions_left, 1);
    assert!(!g.status(Driller).stunned);
}

#[test]
fn an_unconscious_dwarfs_turn_passes_with_no_actions_and_no_event() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_status(Driller, DwarfStatus { unconscious: true, ..Default::default() });
    g.ok(Command::EndTurn);
    assert_eq!((g.turn().seat, g.turn().actions_left), (0, 3), "straight back to the Scout");
    let ev = g.events();
    assert!(ev.contains(&GameEvent::TurnStarted { turn: 2, dwarf: Driller, actions: 0 }));
    assert!(!ev.iter().any(|e| matches!(e, GameEvent::EventCard { dwarf: Driller, .. })));
}

#[test]
fn the_web_falls_away_at_the_end_of_the_webbed_turn() {
    let mut g = Game::room(&[Scout]);
    g.set_status(Scout, DwarfStatus { webbed: true, ..Default::default() });
    g.ok(Command::EndTurn);
    assert!(!g.status(Scout).webbed);
}

#[test]
fn a_choice_must_be_answered_before_anything_else() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.dice(&[(hoxxes::data::dice::DieKind::Axe, 2)]);
    g.ok(Command::Chop);
    assert!(g.refused(Command::EndTurn).contains("pending choice"));
}

#[test]
fn the_rules_schedule_has_no_ambiguous_systems() {
    use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
    use bevy::prelude::{Update, default};
    use hoxxes::rules::setup::{MissionSetup, begin_first_turn};
    let setup = MissionSetup::new(vec![Scout], 1, 1);
    let mut app = hoxxes::headless::laid_out(data(), &mission(&ROOM), &setup).unwrap();
    let strict = |s: &mut bevy::ecs::schedule::Schedule| {
        s.set_build_settings(ScheduleBuildSettings { ambiguity_detection: LogLevel::Error, ..default() });
    };
    app.edit_schedule(Update, strict);
    for step in hoxxes::rules::RulesStep::all() {
        app.edit_schedule(step, strict);
    }
    begin_first_turn(app.world_mut()).unwrap();
    // Building the schedules finds an ambiguity: an error here.
    hoxxes::rules::RulesStep::build_all(app.world_mut()).unwrap();
    // The first update builds `Update`; an ambiguity would panic here.
    app.update();
    hoxxes::headless::apply(&mut app, Command::EndTurn).unwrap();
}

/// Every kind of command and of job is carried out by the rule kept for its kind: a kind left
/// without one is named when the rules are built, before any game is played.
#[test]
fn a_kind_of_command_or_job_with_no_rule_is_named_when_the_rules_are_built() {
    use bevy::prelude::{Schedule, Schedules};
    use hoxxes::rules::RulesStep;
    use hoxxes::rules::agenda::JobKind;
    use hoxxes::rules::command::CommandKind;
    for (step, name) in [(RulesStep::Job(JobKind::Swarm), "Job(Swarm)"), (RulesStep::Action(CommandKind::Launch), "Action(Launch)")] {
        let setup = hoxxes::rules::setup::MissionSetup::new(vec![Scout], 1, 1);
        let mut app = hoxxes::headless::laid_out(data(), &mission(&ROOM), &setup).unwrap();
        RulesStep::build_all(app.world_mut()).unwrap();
        // The kind's rule taken out: its schedule is there, with no system in it.
        app.world_mut().resource_mut::<Schedules>().insert(Schedule::new(step));
        let why = RulesStep::build_all(app.world_mut()).unwrap_err();
        assert!(why.contains(name), "{why}");
    }
}

/// A command whose kind has no rule (its schedule gone) is refused in words and the game goes on:
/// the dispatch never crashes on it.
#[test]
fn a_command_whose_kind_has_no_rule_is_refused_not_a_crash() {
    use bevy::prelude::Schedules;
    use hoxxes::rules::RulesStep;
    use hoxxes::rules::command::CommandKind;
    let mut g = Game::room(&[Scout]);
    g.app.world_mut().resource_mut::<Schedules>().remove(RulesStep::Action(CommandKind::Shield));
    assert!(g.refused(Command::Shield).contains("not something the rules can do now"));
    g.ok(Command::EndTurn);
}

/// Two rules changing one Dwarf's conditions in the same update both land: each change is made on
/// the component as it then is, not on a copy read before (Effects::change).
#[test]
fn two_changes_to_a_dwarfs_conditions_in_one_update_both_land() {
    use bevy::prelude::{Entity, With};
    use hoxxes::rules::components::Dwarf;
    use hoxxes::rules::effects::Effects;
    let mut g = Game::room(&[Scout]);
    let e = {
        let mut q = g.world().query_filtered::<Entity, With<Dwarf>>();
        q.single(g.app.world()).expect("the Scout")
    };
    let both = g.app.world_mut().register_system(move |mut fx: Effects| {
        fx.change::<DwarfStatus>(e, |s| s.webbed = true);
        fx.change::<DwarfStatus>(e, |s| s.stunned = true);
    });
    g.app.world_mut().run_system(both).expect("runs");
    assert_eq!(g.status(Scout), DwarfStatus { webbed: true, stunned: true, ..Default::default() });
}
