//! The end of a mission (rulebook "Game end"; ruling 26).

use super::common::*;
use hoxxes::data::mission::Item;
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::command::Command;
use hoxxes::rules::components::DwarfStatus;
use hoxxes::rules::end::Result as End;

#[test]
fn the_mission_is_won_when_the_last_dwarf_steps_aboard() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_mule(Item::Morkite, 1);
    g.put(Scout, 2, 2);
    g.put(Driller, 3, 3);
    g.walk(&[(1, 2)]).unwrap();
    assert_eq!(g.outcome(), None);
    g.ok(Command::EndTurn);
    g.walk(&[(2, 3), (1, 3)]).unwrap();
    let end = g.outcome().expect("ended");
    assert_eq!(end.result, End::Success);
    assert!(g.refused(Command::EndTurn).contains("mission is over"));
}

#[test]
fn every_dwarf_unconscious_loses() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_status(Scout, DwarfStatus { unconscious: true, ..Default::default() });
    g.set_status(Driller, DwarfStatus { unconscious: true, ..Default::default() });
    g.ok(Command::EndTurn);
    assert_eq!(g.outcome().map(|e| e.result), Some(End::Loss));
}

#[test]
fn the_swarm_threat_running_out_loses_without_the_objectives() {
    let mut g = Game::room(&[Scout]);
    g.set_threat(19);
    g.next_event("Distant Rumbling");
    g.ok(Command::EndTurn);
    let end = g.outcome().expect("ended");
    assert_eq!(end.result, End::Loss);
    assert!(end.reason.contains("Swarm Threat"));
}

#[test]
fn the_swarm_threat_running_out_with_some_aboard_is_a_minor_success() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_mule(Item::Morkite, 1);
    g.put(Driller, 3, 3);
    g.set_threat(19);
    g.set_seat(1);
    g.next_event("Distant Rumbling");
    g.ok(Command::EndTurn);
    assert_eq!(g.outcome().map(|e| e.result), Some(End::MinorSuccess));
}

#[test]
fn launching_leaves_the_unconscious_behind() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Driller, 5, 3);
    g.set_status(Driller, DwarfStatus { unconscious: true, ..Default::default() });
    assert!(g.refused(Command::Launch).contains("objectives"));
    g.set_mule(Item::Morkite, 1);
    g.put(Scout, 2, 2);
    assert!(g.refused(Command::Launch).contains("aboard"));
    g.walk(&[(1, 2)]).unwrap();
    g.ok(Command::Launch);
    let end = g.outcome().expect("ended");
    assert_eq!((end.result, end.left_behind), (End::Success, vec![Driller]));
}

#[test]
fn no_event_card_for_a_dwarf_aboard_with_the_objectives_met() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_mule(Item::Morkite, 1);
    g.put(Driller, 4, 4);
    g.ok(Command::EndTurn);
    let cards = g.events().iter().filter(|e| matches!(e, hoxxes::rules::log::GameEvent::EventCard { .. })).count();
    assert_eq!(cards, 0, "the Scout is still on the pod");
    // The card not drawn is said, with why.
    let said = g.events().iter().any(|e| {
        matches!(e, hoxxes::rules::log::GameEvent::Skipped { why } if why.contains("no Event card") && why.contains("Scout") && why.contains("aboard"))
    });
    assert!(said, "{:?}", g.events());
}

#[test]
fn a_real_mission_played_headless_from_the_first_turn_comes_to_an_end() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/00-tutorial.ron");
    let m: hoxxes::data::mission::Mission = hoxxes::data::load::read_ron(&path).unwrap();
    let setup = hoxxes::rules::setup::MissionSetup::new(vec![Scout, Gunner], 11, 3);
    let mut g = Game { app: hoxxes::headless::new_game(data(), &m, &setup).unwrap() };
    for _ in 0..400 {
        if g.outcome().is_some() {
            break;
        }
        // Nobody does anything: answer every offer with its default and pass the turn.
        while let Some(a) = g.options().first().cloned() {
            g.ok(choose(a));
        }
        if g.outcome().is_none() {
            g.ok(Command::EndTurn);
        }
    }
    let end = g.outcome().expect("an idle team loses eventually");
    assert_eq!(end.result, End::Loss);
}

/// Ruling 29: a Kill objective is met by a kill of its kind and stays met: another of the kind
/// coming out afterwards (a swarm, a hatching) does not unmeet it.
#[test]
fn a_kill_objective_is_met_by_the_kill_and_stays_met() {
    use hoxxes::data::creatures::CreatureKind::Grunt;
    use hoxxes::rules::command::{Answer, ChopTarget};
    use hoxxes::rules::state::{Kills, MissionInfo, Mule};
    let mut m = mission(&ROOM);
    m.objectives.primary = vec![hoxxes::data::mission::Objective::Kill(Grunt)];
    let mut g = Game::new(m, &[Driller]);
    g.put(Driller, 3, 2);
    let met = |g: &mut Game| {
        let w = g.world();
        w.resource::<MissionInfo>().objectives_met(w.resource::<Mule>(), w.resource::<Kills>())
    };
    let first = g.creature(Grunt, 4, 2);
    g.creature(Grunt, 8, 4);
    assert!(!met(&mut g), "nothing killed yet");
    g.dice(&[(hoxxes::data::dice::DieKind::Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(Answer::Chop(ChopTarget::Creature(first)));
    assert!(met(&mut g), "one Grunt killed meets it, with another still on the cave");
    g.creature(Grunt, 6, 3);
    assert!(met(&mut g), "and another coming out does not unmeet it");
}
