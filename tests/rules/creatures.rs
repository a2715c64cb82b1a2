//! Creature activation (rulebook "Activating creatures"; rulings 11-19).
//! Creature die faces: 0-1 blank, 2-3 hit, 4 double hit, 5 "!".

use super::common::*;
use bevy::prelude::Entity;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{Bullet, Creature as CreatureDie, Explosive, Piercing};
use hoxxes::data::mission::{Facing, Ground};
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::agenda::Job;
use hoxxes::rules::cave::Cave;
use hoxxes::rules::command::Command;
use hoxxes::rules::components::{CreatureStatus, DwarfStatus, Terrain, Token};
use hoxxes::rules::creatures::pathing::{Mover, Reach};
use hoxxes::rules::log::GameEvent;

#[test]
fn a_grunt_out_of_reach_walks_toward_the_nearest_dwarf_and_stops_next_to_him() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let id = g.creature(Grunt, 8, 2);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(5, 2)), "three steps along the row");
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(4, 2)), "only one more step: it can bite from there");
    assert_eq!(g.health(Scout), 5, "one move or one attack, never both");
}

/// Bare rock down column 5 of the room, from its top row to its bottom one: no way round.
fn wall_across_the_room(g: &mut Game) {
    for r in 1..=5 {
        g.set_ground(5, r, Ground::Wall(None));
    }
}

/// Steps a creature at (8, 2) of the room would take to (3, 2), flying or walking, by the rules'
/// creature path search.
fn steps_across(flying: bevy::prelude::In<bool>, cave: Cave) -> Option<u32> {
    let mover = Mover { id: 0, flying: flying.0, crashes: false, two_spaces: false, points: 3 };
    let (from, to) = (hoxxes::rules::hex::cell_to_hex((8, 2)), hoxxes::rules::hex::cell_to_hex((3, 2)));
    Reach::from(&cave, &mover, from).steps(to)
}

#[test]
fn a_creatures_path_search_sees_every_change_to_where_creatures_pass() {
    // Where creatures pass is kept across a system's runs while the table stands still
    // (`Cave::standing`): one search, run again after each change, must see it.
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 5);
    wall_across_the_room(&mut g);
    let search = g.world().register_system(steps_across);
    let steps = |g: &mut Game| g.world().run_system_with(search, false).expect("the search runs");
    assert_eq!(steps(&mut g), None, "a wall from top to bottom");
    g.set_ground(5, 2, Ground::Floor);
    assert_eq!(steps(&mut g), Some(5), "the terrain: a gap opened in the wall");
    g.put(Scout, 5, 2);
    assert_eq!(steps(&mut g), None, "a Dwarf: he stands in the gap");
    g.put(Scout, 2, 5);
    assert_eq!(steps(&mut g), Some(5), "he stepped away");
    g.token(Token::Flame, 5, 2);
    assert_eq!(steps(&mut g), None, "a token: Flames in the gap");
    let flames: Vec<Entity> =
        g.world().query::<(Entity, &Token)>().iter(g.world()).filter(|(_, t)| **t == Token::Flame).map(|(e, _)| e).collect();
    for f in flames {
        g.world().despawn(f);
    }
    assert_eq!(steps(&mut g), Some(5), "the Flames gone");
}

#[test]
fn a_fact_of_where_creatures_pass_left_unasked_sees_every_change_when_next_asked() {
    // While walkers' searches run, what flyers pass is kept unasked: the spaces that changed in
    // the meantime are asked again when it is (`Cave::standing`), or, after many changes, all.
    let mut g = Game::room(&[Scout]);
    wall_across_the_room(&mut g);
    g.set_ground(5, 2, Ground::Floor);
    let search = g.world().register_system(steps_across);
    let steps = |g: &mut Game, flying: bool| g.world().run_system_with(search, flying).expect("the search runs");
    for changes in [3, 60] {
        g.put(Scout, 2, 5);
        assert_eq!(steps(&mut g, true), Some(5), "a flyer through the gap");
        g.token(Token::Flame, 5, 2);
        for n in 0..changes {
            g.put(Scout, 1 + n % 3, 5);
            assert_eq!(steps(&mut g, false), None, "Flames in the gap bar walkers too");
        }
        assert_eq!(steps(&mut g, true), None, "Flames put down while it was unasked, {changes} changes");
        let flames: Vec<Entity> =
            g.world().query::<(Entity, &Token)>().iter(g.world()).filter(|(_, t)| **t == Token::Flame).map(|(e, _)| e).collect();
        for f in flames {
            g.world().despawn(f);
        }
        for n in 0..changes {
            g.put(Scout, 1 + n % 3, 5);
            assert_eq!(steps(&mut g, false), Some(5), "a walker through the gap");
        }
        assert_eq!(steps(&mut g, true), Some(5), "the Flames taken away while it was unasked, {changes} changes");
    }
}

/// Ruling 18: every space a Grunt could bite the Scout from is taken, but he can be reached, so it
/// takes the longer way round: to the space nearest him of those it reaches (hex distance), the
/// fewest steps, then canonical order.
#[test]
fn a_grunt_whose_every_biting_space_is_taken_goes_the_longer_way_round() {
    use hoxxes::rules::hex::{cell_to_hex, hex_to_cell, neighbours};
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 3);
    for n in neighbours(cell_to_hex((3, 3))) {
        let (c, r) = hex_to_cell(n);
        g.creature(Grunt, c, r);
    }
    let id = g.creature(Grunt, 8, 3);
    g.job(Job::Activate(id));
    // (5, 3) is two spaces from the Scout, three steps along the row: the nearest it reaches.
    assert_eq!(g.creature_pos(id), Some(q(5, 3)));
    assert_eq!(g.health(Scout), 5, "no bite");
}

#[test]
fn a_creature_in_range_attacks_instead_of_moving() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let id = g.creature(Grunt, 4, 2);
    g.dice(&[(CreatureDie, 4)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.health(Scout), 3);
    assert_eq!(g.creature_pos(id), Some(q(4, 2)));
}

#[test]
fn the_nearest_dwarf_in_range_is_attacked() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 5, 2);
    g.creature(WebSpitter, 7, 2);
    g.dice(&[(CreatureDie, 2), (CreatureDie, 0)]);
    g.job(Job::ActivateAll);
    assert_eq!((g.health(Scout), g.health(Driller)), (5, 4));
}

#[test]
fn ties_go_to_the_dwarf_whose_turn_was_most_recent() {
    for (seat, hurt) in [(0, Scout), (1, Driller)] {
        let mut g = Game::room(&[Scout, Driller]);
        g.put(Scout, 3, 2);
        g.put(Driller, 5, 2);
        g.creature(Grunt, 4, 2);
        g.set_seat(seat);
        g.dice(&[(CreatureDie, 2)]);
        g.job(Job::ActivateAll);
        assert_eq!(g.health(hurt), 4, "seat {seat}");
    }
}

#[test]
fn activation_runs_down_the_creature_table() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let spitter = g.creature(WebSpitter, 6, 3);
    let grunt = g.creature(Grunt, 8, 4);
    g.dice(&[(CreatureDie, 0), (CreatureDie, 0)]);
    g.job(Job::ActivateAll);
    let order: Vec<u32> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::Activated { who: hoxxes::rules::log::Who::Creature { id, .. } } => Some(*id),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![grunt, spitter]);
}

#[test]
fn webs_stuns_and_knock_overs_from_the_bang_face() {
    for (kind, check) in [
        (WebSpitter, (|s: DwarfStatus| s.webbed) as fn(DwarfStatus) -> bool),
        (MacteraSpawn, |s: DwarfStatus| s.stunned),
        (Slasher, |s: DwarfStatus| s.knocked_over),
    ] {
        let mut g = Game::room(&[Scout]);
        g.put(Scout, 3, 2);
        g.creature(kind, 4, 2);
        g.dice(&[(CreatureDie, 5), (CreatureDie, 0)]);
        g.job(Job::ActivateAll);
        assert!(check(g.status(Scout)), "{kind:?}");
    }
}

#[test]
fn a_praetorian_bang_deals_two_more_damage_and_it_turns_to_its_target() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let id = g.creature_facing(Praetorian, 5, 2, Facing::E);
    g.dice(&[(CreatureDie, 5), (CreatureDie, 2)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.health(Scout), 2);
    assert_eq!(g.creature_facing_now(id), Facing::W);
}

#[test]
fn stunned_and_frozen_creatures_skip_one_activation() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let id = g.creature(Grunt, 8, 2);
    g.set_creature_status(id, CreatureStatus { stunned: true, ..Default::default() });
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(8, 2)));
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(5, 2)));
}

#[test]
fn creatures_walk_the_sides_of_pits_and_may_stop_on_them() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    for r in 1..=5 {
        g.set_ground(5, r, Ground::Pit);
    }
    let id = g.creature(Grunt, 7, 2);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(4, 2)), "straight across the pit row");
}

#[test]
fn creatures_do_not_pass_through_dwarves() {
    let mut g = Game::new(
        mission(&[
            "# # # # # # # # #",
            " # P . . . . . 1 #",
            "# P # # # # # # #",
            " # P . . . . . 2 #",
            "# P # # # # # # #",
            " # # # # # # # # #",
        ]),
        &[Scout, Driller],
    );
    g.put(Scout, 2, 3);
    g.put(Driller, 5, 3);
    g.set_seat(1);
    let id = g.creature(Grunt, 7, 3);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(6, 3)), "it heads for the Driller, the Scout is behind him");
}

#[test]
fn a_creature_with_no_way_through_stays() {
    let mut g = Game::new(
        mission(&[
            "# # # # # # # # #",
            " # P . . # . . 1 #",
            "# P . . # . . . #",
            " # P . . # . . 2 #",
            "# P # # # # # # #",
            " # # # # # # # # #",
        ]),
        &[Scout],
    );
    g.put(Scout, 2, 2);
    let id = g.creature(Grunt, 6, 2);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(6, 2)));
}

#[test]
fn mactera_fly_over_stalagmites_and_pits_but_not_walls() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    for r in 1..=5 {
        g.set_ground(6, r, Ground::Stalagmite);
    }
    let id = g.creature(MacteraSpawn, 8, 2);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(5, 2)), "over the stalagmite line, in range 3 of the Scout");
}

#[test]
fn an_exploder_next_to_a_dwarf_goes_off() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let ex = g.creature(Exploder, 4, 2);
    let grunt = g.creature(Grunt, 5, 2);
    g.dice(&[(Explosive, 4)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_health(ex), None);
    assert_eq!(g.creature_health(grunt), None, "the blast hits creatures next to it too");
    assert_eq!(g.health(Scout), 3);
}

#[test]
fn an_exploder_shot_dead_explodes() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 6, 3);
    let ex = g.creature(Exploder, 6, 2);
    g.dice(&[(Piercing, 2), (Explosive, 2)]);
    g.ok(Command::Shoot { mode: "RegularShot".into(), target: q(6, 2) });
    assert_eq!(g.creature_health(ex), None);
    assert_eq!(g.health(Driller), 4);
}

#[test]
fn a_brood_nexus_hatches_a_grunt_per_bang_nearest_a_dwarf() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.creature(BroodNexus, 6, 2);
    g.dice(&[(CreatureDie, 5), (CreatureDie, 5)]);
    g.job(Job::ActivateAll);
    let grunts = g.creatures(Grunt);
    assert_eq!(grunts.len(), 2);
    assert!(grunts.contains(&q(5, 2)), "the space next to the Nexus nearest the Scout");
    assert_eq!(g.health(Scout), 5, "the Nexus never bites");
}

#[test]
fn a_dead_brood_nexus_leaves_two_grunts_the_killing_shot_does_not_touch() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    let nexus = g.creature(BroodNexus, 6, 2);
    g.set_creature_status(nexus, CreatureStatus::default());
    g.dice(&[(Bullet, 5), (Bullet, 5), (Bullet, 5)]);
    g.ok(Command::Shoot { mode: "BurstFire".into(), target: q(6, 2) });
    g.ok(choose(hoxxes::rules::command::Answer::Place { die: 0, at: q(6, 2) }));
    g.ok(choose(hoxxes::rules::command::Answer::Place { die: 1, at: q(6, 2) }));
    g.ok(choose(hoxxes::rules::command::Answer::Place { die: 2, at: q(6, 2) }));
    assert_eq!(g.creature_health(nexus), None);
    let grunts = g.creatures(Grunt);
    assert_eq!(grunts.len(), 2);
    assert!(grunts.contains(&q(6, 2)), "one on its space");
}

#[test]
fn the_oppressor_crashes_through_bare_rock() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    wall_across_the_room(&mut g);
    let id = g.creature_facing(Oppressor, 7, 2, Facing::W);
    g.job(Job::ActivateAll);
    assert_eq!(g.terrain(5, 2), Terrain::Open(Ground::Floor));
    assert_eq!(g.creature_pos(id), Some(q(3, 2)), "four steps, the last next to the Scout");
}

#[test]
fn the_oppressor_does_not_break_a_wall_holding_a_mineral() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    for r in 0..=6 {
        g.set_ground(5, r, Ground::Wall(Some(hoxxes::data::mission::Mineral::Gold)));
    }
    let id = g.creature_facing(Oppressor, 7, 2, Facing::W);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(7, 2)));
}

#[test]
fn unconscious_dwarves_are_ignored() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.put(Driller, 8, 4);
    g.set_status(Scout, DwarfStatus { unconscious: true, ..Default::default() });
    g.set_health(Scout, 0);
    let id = g.creature(Grunt, 4, 2);
    g.job(Job::ActivateAll);
    assert_ne!(g.creature_pos(id), Some(q(4, 2)), "it walks off toward the Driller");
    assert_eq!(g.health(Scout), 0);
}

#[test]
fn the_oppressor_goes_round_a_resupply_pod() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.token(hoxxes::rules::components::Token::ResupplyPod { card: 0, primary: 1, secondary: 1, health: 1 }, 6, 2);
    let id = g.creature_facing(Oppressor, 7, 2, Facing::W);
    g.job(Job::ActivateAll);
    let path: Vec<hoxxes::rules::hex::Qr> = g
        .events()
        .iter()
        .find_map(|e| match e {
            GameEvent::Moved { who: hoxxes::rules::log::Who::Creature { id: i, .. }, path } if *i == id => Some(path.clone()),
            _ => None,
        })
        .expect("it moved");
    assert!(!path.contains(&q(6, 2)), "{path:?}");
}

/// Ruling 33: the Oppressor's back trails on the space it came from, and ends no move on another
/// figure: a stunned Grunt where its back would rest keeps it from ending there.
#[test]
fn the_oppressors_back_never_ends_on_another_creature() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let grunt = g.creature(Grunt, 4, 2);
    g.set_creature_status(grunt, CreatureStatus { stunned: true, ..Default::default() });
    let id = g.creature_facing(Oppressor, 7, 2, Facing::W);
    g.job(Job::ActivateAll);
    assert_ne!(g.creature_pos(id), Some(q(3, 2)), "its back would rest on the Grunt");
    assert_ne!(g.creature_pos(id), Some(q(7, 2)), "it still goes for the Scout");
    hoxxes::headless::invariants::check(g.world()).expect("no two figures share a space");
}

/// Ruling 33: an Oppressor printed on a hidden cave is turned until its back fits in the cave, not
/// left with its back in the rock.
#[test]
fn an_oppressor_revealed_in_a_hidden_cave_has_its_back_in_the_cave() {
    let mut m = cave_with_hidden();
    m.hidden_caves[0].contents[2].put = hoxxes::data::mission::FaceItem::Creature(Oppressor);
    let mut g = Game::new(m, &[Driller]);
    g.put(Driller, 4, 1);
    g.dice(&[(hoxxes::data::dice::DieKind::Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(hoxxes::rules::command::Answer::Chop(hoxxes::rules::command::ChopTarget::Carve(q(5, 1))));
    assert_eq!(g.creatures(Oppressor), vec![q(6, 2)]);
    hoxxes::headless::invariants::check(g.world()).expect("its back is in the cave, on no rock");
}

/// Ruling 36: a moving creature goes for the Dwarf with the shortest path for it; among equal
/// paths, the Dwarf whose turn was most recent. Hex distance breaks no tie: the Gunner, two spaces
/// away as the crow flies but four steps round the rock, is no nearer than the Scout, four away in
/// the open, whose turn it is.
#[test]
fn equal_paths_go_to_the_most_recent_turn_not_the_nearest_as_the_crow_flies() {
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 1, 3);
    g.put(Gunner, 5, 1);
    for (c, r) in [(4, 2), (5, 2), (6, 2)] {
        g.set_ground(c, r, Ground::Wall(None));
    }
    let id = g.creature(Grunt, 5, 3);
    g.job(Job::ActivateAll);
    let at: hexx::Hex = g.creature_pos(id).expect("the Grunt").into();
    let (scout, start): (hexx::Hex, hexx::Hex) = (q(1, 3).into(), q(5, 3).into());
    assert!(hoxxes::rules::hex::distance(at, scout) < hoxxes::rules::hex::distance(start, scout), "it went for the Scout: {at:?}");
}

/// Every event names a creature that was really on the cave: no made-up id (an Exploder's blast
/// was once credited to creature 0). Whole games by the simulator's random bot on Motherlode, whose
/// cave and Event deck bring Exploders, checked event by event.
#[test]
fn no_event_names_a_creature_that_never_was() {
    use hoxxes::rules::log::{GameEvent, GameLog};
    use hoxxes::save::Save;
    use std::collections::BTreeSet;
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/08-motherlode.ron");
    let (mission, text) = hoxxes::data::validate::load_mission(&file, &data()).expect("Motherlode loads");
    let mut exploded = 0;
    for seed in 1..=3 {
        let setup = hoxxes::rules::setup::MissionSetup::new(vec![Scout, Driller], seed, 3);
        let record = hoxxes::sim::play(&data(), &mission, Save::begin(&file, &text, setup.clone()), hoxxes::sim::BotKind::Random, false);
        assert!(record.failure.is_none(), "{:?}", record.failure);
        let mut start = hoxxes::headless::laid_out(data(), &mission, &setup).expect("laid out");
        let mut known: BTreeSet<u64> = start
            .world_mut()
            .query::<(&hoxxes::rules::components::Id, &hoxxes::rules::components::Creature)>()
            .iter(start.world())
            .map(|(i, _)| i.0 as u64)
            .collect();
        let (app, _) = hoxxes::save::replay::headless(data(), &mission, &record.save).expect("replays");
        for e in &app.world().resource::<GameLog>().0 {
            if let GameEvent::Spawned { who: hoxxes::rules::log::Who::Creature { id, .. }, .. } = e {
                known.insert(*id as u64);
            }
            exploded += usize::from(matches!(e, GameEvent::Exploded { .. }));
            let json = serde_json::to_value(e).expect("an event serialises");
            for id in creature_ids(&json) {
                assert!(known.contains(&id), "seed {seed}: {e:?} names creature {id}, never on the cave");
            }
        }
    }
    assert!(exploded > 0, "the games saw an Exploder go off");
}

/// The ids of every `Creature { kind, id }` named anywhere in an event.
fn creature_ids(v: &serde_json::Value) -> Vec<u64> {
    match v {
        serde_json::Value::Object(m) => m
            .iter()
            .flat_map(|(k, x)| {
                let own = (k == "Creature").then(|| x.get("id").and_then(|i| i.as_u64())).flatten();
                own.into_iter().chain(creature_ids(x))
            })
            .collect(),
        serde_json::Value::Array(a) => a.iter().flat_map(creature_ids).collect(),
        _ => vec![],
    }
}

fn facing_of(g: &mut Game, id: u32) -> Facing {
    let mut q = g.world().query::<(&hoxxes::rules::components::Id, &hoxxes::rules::components::Faces)>();
    q.iter(g.app.world()).find(|(i, _)| i.0 == id).map(|(_, f)| f.0).expect("a creature that faces")
}

/// Puts a Dwarf on the space next to `front` in direction `f`.
fn put_beside(g: &mut Game, class: hoxxes::data::weapons::DwarfClass, front: (i32, i32), f: Facing) {
    let (c, r) = hoxxes::rules::hex::hex_to_cell(hoxxes::rules::hex::step(q(front.0, front.1).into(), f));
    g.put(class, c, r);
}

/// Ruling 33: the Oppressor turns to face what it attacks (turning is free), its back swinging
/// round behind it; where its back would then rest on another figure, it attacks as it stands.
#[test]
fn the_oppressor_turns_to_face_what_it_attacks_where_its_back_fits() {
    let mut g = Game::room(&[Scout]);
    let id = g.creature_facing(Oppressor, 5, 2, Facing::W);
    put_beside(&mut g, Scout, (5, 2), Facing::NE);
    g.dice(&[(CreatureDie, 0)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(id), Some(q(5, 2)), "it attacks where it stands");
    assert_eq!(facing_of(&mut g, id), Facing::NE);
    hoxxes::headless::invariants::check(g.world()).expect("its back swung onto open floor");

    let mut g = Game::room(&[Scout]);
    let id = g.creature_facing(Oppressor, 5, 2, Facing::W);
    put_beside(&mut g, Scout, (5, 2), Facing::NE);
    let (c, r) = hoxxes::rules::hex::hex_to_cell(hoxxes::rules::hex::step(q(5, 2).into(), Facing::SW));
    let grunt = g.creature(Grunt, c, r);
    g.set_creature_status(grunt, CreatureStatus { stunned: true, ..Default::default() });
    g.dice(&[(CreatureDie, 0)]);
    g.job(Job::ActivateAll);
    assert_eq!(facing_of(&mut g, id), Facing::W, "its back would land on the Grunt");
}

/// Ruling 33: the Oppressor is scared like any other creature, front first, its back following on
/// the space the front left, and it faces the way it ran.
#[test]
fn a_scared_oppressor_runs_front_first_with_its_back_following() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    let id = g.creature_facing(Oppressor, 5, 2, Facing::W);
    g.dice(&[(Explosive, 5)]);
    g.ok(Command::Shoot { mode: "HeGrenade".into(), target: q(5, 2) });
    g.choose(hoxxes::rules::command::Answer::Triangle(q(6, 2), q(5, 3)));
    let run = hoxxes::rules::command::Answer::Scare(vec![q(6, 2), q(7, 2)]);
    assert!(g.options().contains(&run), "{:?}", g.options());
    g.choose(run);
    assert_eq!(g.creature_pos(id), Some(q(7, 2)));
    assert_eq!(facing_of(&mut g, id), Facing::E, "its back on (6, 2), where the front passed");
    hoxxes::headless::invariants::check(g.world()).expect("both its spaces are fit");
}

/// Ruling 33: the Oppressor crashing through a wall beside a hidden cave reveals it, as carving it
/// would. The gold walls below leave it one wall to crash, the one under the cave.
#[test]
fn the_oppressor_crashing_beside_a_hidden_cave_reveals_it() {
    use hoxxes::data::mission::{FaceItem, HiddenCave, Placed};
    let mut m = mission(&[
        "# # # # # # # # # #",
        " # P . . a a . . 1 #",
        "# P . . # # . . . #",
        " # P . . G . . . 2 #",
        "# P . . G . . . . #",
        " # . . . G . . . . #",
        "# # # # # # # # # #",
    ]);
    let contents = vec![Placed { at: (4, 1), put: FaceItem::Flare }, Placed { at: (5, 1), put: FaceItem::Creature(Grunt) }];
    m.hidden_caves = vec![HiddenCave { id: 'a', name: "Pocket".into(), contents }];
    let mut g = Game::new(m, &[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature_facing(Oppressor, 7, 2, Facing::W);
    g.dice(&[(CreatureDie, 0)]);
    g.job(Job::ActivateAll);
    assert_eq!(
        (g.terrain(4, 2), g.terrain(5, 2)),
        (Terrain::Open(Ground::Floor), Terrain::Open(Ground::Floor)),
        "it crashed through both walls"
    );
    assert_eq!(g.creature_pos(id), Some(q(3, 2)));
    assert_ne!(g.terrain(4, 1), Terrain::Hidden('a'), "the cave beside the crashed walls is open");
    // Both walls touch the cave: it is revealed once, its Grunt placed once.
    let revealed = g.events().iter().filter(|e| matches!(e, GameEvent::CaveRevealed { .. })).count();
    assert_eq!((revealed, g.creatures(Grunt).len()), (1, 1));
}

/// Every die of a shot laid on the target space, as the player may.
fn lay_all_on(g: &mut Game, at: hoxxes::rules::hex::Qr) {
    while let Some(hoxxes::rules::command::Answer::Place { die, .. }) = g.options().first().cloned() {
        g.ok(Command::Choose(hoxxes::rules::command::Answer::Place { die, at }));
    }
}

/// Rulebook, Oppressor: damage can be dealt to either of its spaces, and from behind its
/// resistance is ignored. Facing west on (5, 2), its back is on (6, 2): from (7, 2), behind it, two
/// Bullet hits on its back take 2 Health; from (3, 2), before it, two Bullet hits on its front meet
/// its 2 Bullet resistance.
#[test]
fn the_oppressor_is_hit_on_either_space_and_weak_from_behind() {
    for (gunner, target, health) in [((7, 2), (6, 2), 5), ((3, 2), (5, 2), 7)] {
        let mut g = Game::room(&[Gunner]);
        g.put(Gunner, gunner.0, gunner.1);
        let id = g.creature_facing(Oppressor, 5, 2, Facing::W);
        g.dice(&[(Bullet, 2), (Bullet, 2), (Bullet, 0)]);
        g.ok(Command::Shoot { mode: "BurstFire".into(), target: q(target.0, target.1) });
        lay_all_on(&mut g, q(target.0, target.1));
        assert_eq!(g.creature_health(id), Some(health), "from {gunner:?} at {target:?}");
    }
}

/// Rulebook, Oppressor: "Area effect weapons can deal its damage to both spaces." An HE grenade's
/// blast over its front (5, 2) and back (6, 2) deals its one hit on each space: 2 Health; a blast
/// over the front alone, 1.
#[test]
fn an_area_weapon_over_both_its_spaces_hits_the_oppressor_twice() {
    use hoxxes::rules::command::Answer;
    for (triangle, health) in [((q(6, 2), q(5, 3)), 5), ((q(4, 2), q(4, 3)), 6)] {
        let mut g = Game::room(&[Engineer]);
        g.put(Engineer, 2, 2);
        let id = g.creature_facing(Oppressor, 5, 2, Facing::W);
        g.dice(&[(Explosive, 2)]);
        g.ok(Command::Shoot { mode: "HeGrenade".into(), target: q(5, 2) });
        g.choose(Answer::Triangle(triangle.0, triangle.1));
        assert_eq!(g.creature_health(id), Some(health), "blast on (5, 2), {triangle:?}");
    }
}

/// The simulator and the tests carry out quiet activations together in one update
/// (`ActivationsTogether`); the window takes one job an update, to show each. Both play the same
/// round: Grunts walking in one after another (each ends where the last left room), one Stunned
/// and skipping, then a Slasher felling the only Dwarf, after which the mission ends and the
/// Praetorian never acts. The same events, the same places; taken together, in fewer updates.
#[test]
fn a_round_taken_together_is_the_round_taken_a_job_an_update() {
    let round = |together: bool| {
        let mut g = Game::room(&[Scout]);
        g.world().insert_resource(hoxxes::rules::ActivationsTogether(together));
        g.put(Scout, 2, 3);
        g.set_health(Scout, 1);
        let grunts = [(9, 1), (9, 5), (8, 3), (9, 3)].map(|(c, r)| g.creature(Grunt, c, r));
        let stunned = g.creature(Grunt, 7, 4);
        g.set_creature_status(stunned, CreatureStatus { stunned: true, ..Default::default() });
        let slasher = g.creature(Slasher, 3, 3);
        let praetorian = g.creature(Praetorian, 6, 1);
        g.dice(&[(CreatureDie, 2), (CreatureDie, 2), (CreatureDie, 2)]);
        g.world().resource_mut::<hoxxes::rules::agenda::Agenda>().0.push_back(Job::ActivateAll);
        let mut updates = 0;
        hoxxes::headless::settle_in(g.world(), &mut |w| {
            updates += 1;
            hoxxes::headless::update(w);
        })
        .expect("the round ends");
        let places: Vec<Option<hoxxes::rules::hex::Qr>> =
            grunts.iter().chain([&stunned, &slasher, &praetorian]).map(|id| g.creature_pos(*id)).collect();
        let ended = g.app.world().resource::<hoxxes::rules::end::Outcome>().0.as_ref().map(|e| e.reason.clone());
        (g.events(), places, ended, updates, praetorian)
    };
    let (apart, together) = (round(false), round(true));
    let (events, places, ended, updates, praetorian) = &together;
    assert_eq!(ended.as_deref(), Some("every Dwarf is unconscious"));
    let acted = |id: u32| {
        events.iter().any(|e| matches!(e, GameEvent::Activated { who: hoxxes::rules::log::Who::Creature { id: i, .. } } if *i == id))
    };
    assert!(!acted(*praetorian), "the mission ended before the Praetorian's turn");
    let moved = events.iter().filter(|e| matches!(e, GameEvent::Moved { .. })).count();
    assert_eq!(moved, 4, "every Grunt but the Stunned one walked");
    assert_eq!((events, places, ended), (&apart.0, &apart.1, &apart.2));
    assert!(*updates < apart.3, "together {updates} updates, apart {}", apart.3);
}
