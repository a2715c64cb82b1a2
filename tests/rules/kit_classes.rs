//! The Dwarves' class skills and gear, and BOSCO (rulebook "The Dwarves", "...and BOSCO"; rulings 1,
//! 2, 7, 10, 11, 17, 21, 22, 23, 24).
//! Faces: Piercing 0 blank, 2 hit; Flame 0 blank, 5 double; Bullet 0 blank, 2 hit; Axe 5 double;
//! Creature 0 blank, 2 hit; Explosive 2 hit, 4 double.

use super::common::*;
use bevy::prelude::*;
use hoxxes::data::cards::{EventEffect, Place};
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{Axe, Bullet, Creature as CreatureDie, Explosive, Flame, Piercing};
use hoxxes::data::mission::{Ground, Item, Mineral, Mission, Pickup};
use hoxxes::data::weapons::DwarfClass::{self, *};
use hoxxes::headless::dump::{TerrainSnapshot, dump};
use hoxxes::headless::new_game;
use hoxxes::rules::agenda::Job;
use hoxxes::rules::command::BoscoAction;
use hoxxes::rules::command::{Answer, ChopTarget, Command};
use hoxxes::rules::components::*;
use hoxxes::rules::end::Result as End;
use hoxxes::rules::hex::{Qr, cell_to_hex};
use hoxxes::rules::legal::ActionKind;
use hoxxes::rules::log::{GameEvent, Who};
use hoxxes::rules::setup::MissionSetup;
use hoxxes::rules::state::{NextId, Turn};

fn shoot(mode: &str, c: i32, r: i32) -> Command {
    Command::Shoot { mode: mode.into(), target: q(c, r) }
}

fn bosco(a: BoscoAction) -> Command {
    Command::Bosco(a)
}

/// A lone Dwarf with BOSCO.
fn with_bosco(m: Mission, class: DwarfClass) -> Game {
    let setup = MissionSetup { bosco: true, ..MissionSetup::new(vec![class], 7, 1) };
    Game { app: new_game(data(), &m, &setup).expect("the test mission sets up") }
}

fn put_bosco(g: &mut Game, c: i32, r: i32) {
    let mut qs = g.world().query_filtered::<Entity, With<Bosco>>();
    let e = qs.iter(g.app.world()).next().expect("BOSCO is on the cave");
    g.world().entity_mut(e).insert(At(cell_to_hex((c, r))));
}

fn bosco_at(g: &mut Game) -> Option<Qr> {
    let mut qs = g.world().query_filtered::<&At, With<Bosco>>();
    qs.iter(g.app.world()).next().map(|a| a.0.into())
}

/// A gear token of the Dwarf in a seat (test set-up).
fn gear(g: &mut Game, t: Token, c: i32, r: i32, seat: u32) {
    let id = g.world().resource_mut::<NextId>().take();
    g.world().spawn((id, t, At(cell_to_hex((c, r))), Owner(seat)));
}

fn count(g: &mut Game, t: Token) -> usize {
    let mut qs = g.world().query::<&Token>();
    qs.iter(g.app.world()).filter(|x| **x == t).count()
}

fn status_of(g: &mut Game, id: u32) -> CreatureStatus {
    let mut qs = g.world().query::<(&Id, &CreatureStatus)>();
    qs.iter(g.app.world()).find(|(i, _)| i.0 == id).map(|(_, s)| *s).expect("that creature")
}

fn said(g: &mut Game, f: impl Fn(&GameEvent) -> bool) -> bool {
    g.events().iter().any(f)
}

/// Lay the rest of a shot's results on the first space offered.
fn lay_rest(g: &mut Game) {
    while let Some(a @ Answer::Place { .. }) = g.options().first().cloned() {
        g.choose(a);
    }
}

/// Spaces in the canonical order (row, then column) the Flames options use.
fn sorted(cells: &[(i32, i32)]) -> Vec<Qr> {
    let mut v: Vec<Qr> = cells.iter().map(|(c, r)| q(*c, *r)).collect();
    v.sort_by_key(|h| (h.r, h.q));
    v
}

/// The spaces a creature's moves went through, in order.
fn walked(g: &mut Game, id: u32) -> Vec<Vec<Qr>> {
    g.events()
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Moved { who: Who::Creature { id: i, .. }, path } if i == id => Some(path),
            _ => None,
        })
        .collect()
}

fn refill_actions(g: &mut Game) {
    g.world().resource_mut::<Turn>().actions_left = 3;
}

// The Scout.

#[test]
fn light_footed_the_regular_shot_after_a_move_costs_no_action_but_its_ammo() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let grunt = g.creature(Grunt, 8, 2);
    g.walk(&[(4, 2)]).unwrap();
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 8, 2));
    assert_eq!(g.creature_health(grunt), None);
    assert_eq!(g.turn().actions_left, 2, "the shot after the Move is free");
    assert_eq!(g.ammo(Scout).primary, 4, "he still pays the ammo");
}

#[test]
fn light_footed_is_not_for_the_aimed_shot_nor_after_another_action() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.walk(&[(4, 2)]).unwrap();
    g.dice(&[(Piercing, 0), (Piercing, 0)]);
    g.ok(shoot("AimedShot", 8, 2));
    assert_eq!(g.turn().actions_left, 0, "the Aimed Shot still takes two actions");

    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.walk(&[(4, 2)]).unwrap();
    g.dice(&[(Axe, 0), (Piercing, 0)]);
    g.ok(Command::Chop);
    g.ok(shoot("RegularShot", 8, 2));
    assert_eq!(g.turn().actions_left, 0, "a chop came between: the shot costs its action");
}

#[test]
fn the_grappling_hook_passes_over_pits_and_creatures_to_a_vacant_space() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.set_ground(4, 2, Ground::Pit);
    g.creature(Grunt, 5, 2);
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("pit"));
    assert!(g.walk(&[(4, 2), (5, 2)]).unwrap_err().contains("creature"));
    g.walk(&[(4, 2), (5, 2), (6, 2)]).unwrap();
    assert_eq!(g.pos(Scout), q(6, 2));
}

#[test]
fn the_flare_gives_one_reroll_against_a_creature_on_or_next_to_it_and_comes_back() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let grunt = g.creature(Grunt, 8, 2);
    g.ok(Command::Flare(q(7, 2)));
    assert_eq!(g.turn().actions_left, 2);
    assert_eq!(g.tokens_at(7, 2), vec![Token::Flare]);
    assert!(g.refused(Command::Flare(q(6, 2))).contains("out already"), "one Flare");
    g.dice(&[(Piercing, 0)]);
    g.ok(shoot("RegularShot", 8, 2));
    assert_eq!(g.options(), vec![Answer::Pass, Answer::Reroll(0)]);
    let prompt = g.world().resource::<hoxxes::rules::command::Pending>().0.as_ref().map(|p| p.prompt.clone());
    assert_eq!(prompt.as_deref(), Some("Reroll a die? (1 reroll left, from the Scout's Flare)"), "the question says whence");
    g.dice(&[(Piercing, 2)]);
    g.choose(Answer::Reroll(0));
    assert_eq!(g.creature_health(grunt), None);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    assert!(g.tokens_at(7, 2).is_empty(), "back at the start of his next turn");
}

#[test]
fn the_flare_needs_line_of_sight_and_is_the_scouts() {
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 3, 2);
    g.set_ground(5, 2, Ground::Wall(None));
    assert!(g.refused(Command::Flare(q(7, 2))).contains("line of sight"));
    g.set_seat(1);
    assert!(g.refused(Command::Flare(q(4, 2))).contains("only the Scout"));
}

// The Driller.

#[test]
fn power_drilling_ends_the_move_in_the_drilled_space_and_the_mineral_is_lost() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(5, 2, Ground::Wall(Some(Mineral::Gold)));
    g.set_ground(4, 3, Ground::Stalagmite);
    // The offer says what the drilling loses, before the Driller sets off.
    let drills_away = |g: &mut Game, to: Qr| {
        hoxxes::rules::legal::legal(g.world()).actions.iter().flat_map(|a| a.offers()).find_map(|o| match &o.detail {
            hoxxes::rules::legal::Detail::Move { to: t, drills_away, .. } if *t == to => Some(*drills_away),
            _ => None,
        })
    };
    assert_eq!(drills_away(&mut g, q(5, 2)), Some(Some(Mineral::Gold)));
    assert_eq!(drills_away(&mut g, q(4, 3)), Some(None), "a stalagmite holds no mineral");
    assert!(g.walk(&[(4, 2), (5, 2), (6, 2)]).unwrap_err().contains("wall"), "the drilling ends the Move");
    g.walk(&[(4, 2), (5, 2)]).unwrap();
    assert_eq!(g.pos(Driller), q(5, 2));
    assert_eq!(g.terrain(5, 2), Terrain::Open(Ground::Floor));
    assert_eq!(g.mule(Item::Gold), 0);
    g.walk(&[(4, 3)]).unwrap();
    assert_eq!(g.terrain(4, 3), Terrain::Open(Ground::Floor));
    assert!(!said(&mut g, |e| matches!(e, GameEvent::Rolled { .. })), "no roll, no Mineral die");
    assert!(said(&mut g, |e| *e == GameEvent::Drilled { at: q(4, 3) }));
}

#[test]
fn the_drill_attack_ignores_axe_resistance() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    let id = g.creature(MacteraSpawn, 4, 2);
    g.dice(&[(Axe, 5)]);
    g.ok(Command::Chop);
    g.choose(Answer::Chop(ChopTarget::Creature(id)));
    g.choose(Answer::Chop(ChopTarget::Creature(id)));
    assert_eq!(g.creature_health(id), None, "2 axe hits, the Mactera's 2 axe resistance ignored");
}

/// The rulebook's Driller example: the Driller faces two Mactera Spawns and a Grunt.
fn driller_example() -> (Game, u32, u32) {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 2, 2);
    let first = g.creature(MacteraSpawn, 4, 2);
    let last = g.creature(MacteraSpawn, 4, 4);
    g.creature(Grunt, 7, 4);
    (g, first, last)
}

#[test]
fn driller_example_both_mactera_see_him_before_the_flames() {
    let (mut g, _, _) = driller_example();
    g.dice(&[(CreatureDie, 0), (CreatureDie, 0)]);
    g.job(Job::ActivateAll);
    let attacks = g.events().iter().filter(|e| matches!(e, GameEvent::Attacks { .. })).count();
    assert_eq!(attacks, 2);
}

#[test]
fn driller_example_flaming_ground_kills_the_first_mactera_and_blinds_the_last() {
    let (mut g, first, last) = driller_example();
    g.dice(&[(Flame, 5), (Flame, 0)]);
    g.ok(shoot("FlamingGround", 4, 2));
    lay_rest(&mut g);
    assert_eq!(g.creature_health(first), None, "the double Flame kills the first Mactera");
    let options = g.options();
    let figures = [q(2, 2), q(4, 4), q(7, 4)];
    assert!(options.iter().all(|o| matches!(o, Answer::Flames(s) if s.len() <= 3 && s.iter().all(|h| !figures.contains(h)))));
    let flames = sorted(&[(4, 2), (3, 3), (2, 3)]);
    g.choose(Answer::Flames(flames));
    assert_eq!(count(&mut g, Token::Flame), 3);
    assert_eq!(g.tokens_at(4, 2), vec![Token::Flame], "one on the first Mactera's space");
    g.job(Job::ActivateAll);
    assert!(!said(&mut g, |e| matches!(e, GameEvent::Attacks { .. })), "the last Mactera has no line of sight");
    assert_eq!((g.health(Driller), g.creature_health(last)), (5, Some(2)));
}

#[test]
fn flaming_ground_has_three_tokens_and_no_third_use_in_a_turn() {
    let (mut g, _, _) = driller_example();
    g.dice(&[(Flame, 5), (Flame, 0)]);
    g.ok(shoot("FlamingGround", 4, 2));
    lay_rest(&mut g);
    g.choose(Answer::Flames(sorted(&[(4, 2), (3, 3), (2, 3)])));
    g.dice(&[(Flame, 0), (Flame, 0)]);
    g.ok(shoot("FlamingGround", 4, 4));
    assert!(g.options().is_empty(), "no Flame token left in the box: nothing to place");
    assert!(g.refused(shoot("FlamingGround", 4, 4)).contains("2 times a turn"));
}

#[test]
fn flames_burn_a_dwarf_once_a_move_and_keep_creatures_out() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.token(Token::Flame, 4, 2);
    g.token(Token::Flame, 5, 2);
    g.walk(&[(4, 2), (5, 2), (6, 2)]).unwrap();
    assert_eq!(g.health(Scout), 4, "two Flame spaces, 1 damage in all");
    for (c, r) in [(7, 2), (5, 1), (6, 1), (5, 3), (6, 3)] {
        g.token(Token::Flame, c, r);
    }
    let grunt = g.creature(Grunt, 9, 2);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(grunt), Some(q(9, 2)), "no way to the Scout but through the Flames");
}

#[test]
fn flames_come_back_at_the_start_of_their_owners_next_turn() {
    let mut g = Game::room(&[Driller, Scout]);
    gear(&mut g, Token::Flame, 5, 2, 0);
    g.next_event("All Quiet");
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    assert_eq!(g.tokens_at(5, 2), vec![Token::Flame], "still there in the Scout's turn");
    g.ok(Command::EndTurn);
    assert!(g.tokens_at(5, 2).is_empty());
}

#[test]
fn a_creature_that_can_only_spawn_on_flames_puts_one_out_and_is_burnt() {
    let mut g = Game::room(&[Scout]);
    // Exit I at (9, 1) and its two open neighbours.
    for (c, r) in [(9, 1), (8, 1), (9, 2)] {
        g.token(Token::Flame, c, r);
    }
    g.job(Job::Effect(EventEffect::Spawn(WebSpitter, 1, Place::Exit(1))));
    assert_eq!(g.creatures(WebSpitter), vec![q(9, 1)]);
    assert!(g.tokens_at(9, 1).is_empty());
    assert!(said(&mut g, |e| matches!(e, GameEvent::Damaged { die: Flame, damage: 1, health: 1, .. })));
    g.job(Job::Effect(EventEffect::Spawn(Slasher, 1, Place::Exit(1))));
    assert_eq!(g.creatures(Slasher), vec![q(8, 1)]);
    assert!(g.tokens_at(8, 1).is_empty());
    assert!(said(&mut g, |e| matches!(e, GameEvent::Damaged { die: Flame, resisted: 1, damage: 0, health: 2, .. })));
}

// The Gunner.

#[test]
fn zipline_example_two_pieces_across_the_pit_then_the_object() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 3, 2);
    g.set_ground(4, 2, Ground::Pit);
    g.set_ground(5, 2, Ground::Pit);
    g.token(Token::Pickup { pickup: Pickup::LootBug, revealed: false }, 9, 2);
    g.ok(Command::Zipline(q(6, 2)));
    assert_eq!((g.tokens_at(4, 2), g.tokens_at(5, 2)), (vec![Token::Zipline], vec![Token::Zipline]));
    assert_eq!(g.turn().actions_left, 2);
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("Zipline"), "never a stop");
    // Getting on, riding and leaving is one movement point: two more to reach the object.
    g.walk(&[(4, 2), (5, 2), (6, 2), (7, 2), (8, 2)]).unwrap();
    assert_eq!(g.pos(Gunner), q(8, 2));
    assert_eq!(g.turn().actions_left, 1);
    assert_eq!(g.tokens_at(9, 2), vec![Token::Pickup { pickup: Pickup::LootBug, revealed: true }]);
}

#[test]
fn a_zipline_crosses_an_adjacent_pit_in_a_straight_line_to_a_vacant_space() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 3, 2);
    assert!(g.refused(Command::Zipline(q(6, 2))).contains("deep pit"));
    for c in 4..=7 {
        g.set_ground(c, 2, Ground::Pit);
    }
    assert!(g.refused(Command::Zipline(q(6, 3))).contains("straight line"));
    assert!(g.refused(Command::Zipline(q(8, 2))).contains("4 Zipline pieces"));
    g.set_ground(7, 2, Ground::Floor);
    g.creature(Grunt, 7, 2);
    assert!(g.refused(Command::Zipline(q(7, 2))).contains("vacant"));
    assert_eq!(g.turn().actions_left, 3, "refusals cost nothing");
}

/// The Zipline's button says why it is not allowed: no pit beside the Gunner, or a pit with no
/// vacant floor across it (it said "no pit to cross" beside a pit with a Mactera across it).
#[test]
fn the_ziplines_reason_names_what_is_missing() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 3, 2);
    let why = |g: &mut Game| {
        let l = hoxxes::rules::legal::legal(g.world());
        let zip = l.of(hoxxes::rules::legal::ActionKind::Zipline).next().expect("listed").allowed.clone();
        zip.expect_err("not allowed")
    };
    assert!(why(&mut g).contains("no deep pit"), "{}", why(&mut g));
    g.set_ground(4, 2, Ground::Pit);
    g.creature(Grunt, 5, 2);
    for (c, r) in [(4, 1), (4, 3), (5, 3), (3, 3), (2, 2), (3, 1)] {
        g.set_ground(c, r, Ground::Wall(None));
    }
    // One space across the pit, taken: its own refusal.
    assert_eq!(why(&mut g), "(4, 2) is not a vacant space to fix the Zipline to");
}

#[test]
fn zipline_pieces_are_moved_when_the_box_is_empty() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 3, 2);
    for (c, r) in [(4, 2), (5, 2), (4, 4), (5, 4)] {
        g.set_ground(c, r, Ground::Pit);
    }
    g.ok(Command::Zipline(q(6, 2)));
    g.put(Gunner, 3, 4);
    g.ok(Command::Zipline(q(6, 4)));
    assert_eq!(count(&mut g, Token::Zipline), 3);
    assert!(g.tokens_at(4, 2).is_empty(), "the oldest piece moved");
    assert_eq!(g.tokens_at(5, 2), vec![Token::Zipline]);
}

#[test]
fn the_shield_keeps_creatures_attacks_and_effects_off_and_goes_once_struck() {
    let mut g = Game::room(&[Gunner, Scout]);
    g.put(Gunner, 3, 2);
    g.put(Scout, 4, 2);
    g.ok(Command::Shield);
    assert!(g.refused(Command::Shield).contains("up already"));
    g.walk(&[(3, 3)]).unwrap();
    assert_eq!(g.tokens_at(3, 2), vec![Token::Shield], "it stays where it was raised");
    g.creature(Grunt, 5, 2);
    g.job(Job::ActivateAll);
    assert!(said(&mut g, |e| *e == GameEvent::ShieldHeld { dwarf: Scout }));
    g.job(Job::GrabLands { seat: 1, damage: 2, knock_over: true });
    g.dice(&[(Explosive, 2)]);
    g.job(Job::Explode(cell_to_hex((4, 3)), 99));
    assert_eq!((g.health(Scout), g.health(Gunner)), (5, 5));
    assert!(!g.status(Scout).knocked_over);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    assert!(g.tokens_at(3, 2).is_empty(), "creatures attacked the shielded: it comes back at the end of that turn");
}

#[test]
fn an_unstruck_shield_stays_until_the_gunners_next_turn_and_keeps_creatures_off_its_space() {
    let mut g = Game::room(&[Gunner, Scout]);
    g.put(Gunner, 3, 2);
    g.put(Scout, 8, 4);
    g.ok(Command::Shield);
    g.walk(&[(2, 3), (2, 4)]).unwrap();
    g.next_event("All Quiet");
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    assert_eq!(g.tokens_at(3, 2), vec![Token::Shield]);
    let grunt = g.creature(Grunt, 5, 2);
    g.job(Job::ActivateAll);
    assert_ne!(g.creature_pos(grunt), Some(q(3, 2)));
    g.ok(Command::EndTurn);
    assert!(g.tokens_at(3, 2).is_empty());
    // Logged under the Gunner's new turn, whose gear it is, not at the end of the turn before.
    let events = g.events();
    let started = events.iter().rposition(|e| matches!(e, GameEvent::TurnStarted { dwarf: Gunner, .. }));
    let back = events.iter().rposition(|e| matches!(e, GameEvent::GearReturned { token: Token::Shield, .. }));
    assert!(started.is_some() && started < back, "{events:?}");
}

// The Engineer.

/// A corridor along row 1: the only way from the east end to the pod.
const CORRIDOR: [&str; 4] = ["# # # # # # # # # # #", " # P . . . . . . . . #", "# P # # # # # # # # #", " # # # # # # # # # # #"];

#[test]
fn the_sentry_gun_goes_next_to_the_engineer_for_an_action_and_an_ammo_and_moves() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 3, 2);
    assert!(g.refused(Command::Sentry(q(5, 2))).contains("not next to"));
    g.creature(Grunt, 4, 2);
    assert!(g.refused(Command::Sentry(q(4, 2))).contains("vacant"));
    // Rulebook: a vacant space holds no token but a pickup or a Weapon Upgrade.
    g.token(Token::Flame, 2, 3);
    assert!(g.refused(Command::Sentry(q(2, 3))).contains("vacant"), "not on a Flame");
    g.token(Token::Upgrade { kind: 0 }, 3, 3);
    g.ok(Command::Sentry(q(3, 3)));
    assert_eq!((g.turn().actions_left, g.ammo(Engineer).primary), (2, 4));
    assert!(g.tokens_at(3, 3).contains(&Token::SentryGun { health: 1 }), "beside the Weapon Upgrade");
    g.ok(Command::Sentry(q(2, 2)));
    assert_eq!(g.tokens_at(3, 3), vec![Token::Upgrade { kind: 0 }], "set up again, the gun moves");
    assert_eq!(count(&mut g, Token::SentryGun { health: 1 }), 1);
}

#[test]
fn the_sentry_gun_fires_when_a_creature_ends_a_step_in_range_and_a_kill_ends_the_walk() {
    let mut g = Game::new(mission(&CORRIDOR), &[Engineer]);
    g.put(Engineer, 2, 1);
    gear(&mut g, Token::SentryGun { health: 1 }, 5, 1, 0);
    let grunt = g.creature(Grunt, 9, 1);
    g.dice(&[(Bullet, 2)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_health(grunt), None);
    assert_eq!(walked(&mut g, grunt), vec![vec![q(8, 1)]], "shot dead on its first step in range");
}

#[test]
fn a_creature_the_gun_missed_walks_on_and_attacks_the_gun_nearer_than_any_dwarf() {
    let mut g = Game::new(mission(&CORRIDOR), &[Engineer]);
    g.put(Engineer, 2, 1);
    gear(&mut g, Token::SentryGun { health: 1 }, 5, 1, 0);
    let grunt = g.creature(Grunt, 9, 1);
    g.dice(&[(Bullet, 0)]);
    g.job(Job::ActivateAll);
    assert_eq!(walked(&mut g, grunt), vec![vec![q(8, 1)], vec![q(7, 1), q(6, 1)]]);
    assert!(status_of(&mut g, grunt).sentry_shot, "once per creature per turn");
    g.dice(&[(CreatureDie, 2)]);
    g.job(Job::ActivateAll);
    assert!(said(&mut g, |e| *e == GameEvent::SentryDestroyed { at: q(5, 1) }));
    assert_eq!(count(&mut g, Token::SentryGun { health: 1 }), 0);
    assert_eq!(g.health(Engineer), 5);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    assert!(!status_of(&mut g, grunt).sentry_shot, "the gun may fire at it again next turn");
}

#[test]
fn a_creature_the_gun_fired_at_this_turn_walks_by_unharmed() {
    let mut g = Game::new(mission(&CORRIDOR), &[Engineer]);
    g.put(Engineer, 2, 1);
    gear(&mut g, Token::SentryGun { health: 1 }, 5, 1, 0);
    let grunt = g.creature(Grunt, 9, 1);
    g.set_creature_status(grunt, CreatureStatus { sentry_shot: true, ..Default::default() });
    g.job(Job::ActivateAll);
    assert!(!said(&mut g, |e| matches!(e, GameEvent::SentryFires { .. })));
    assert_eq!(g.creature_pos(grunt), Some(q(6, 1)));
}

#[test]
fn the_sentry_gun_fires_at_a_creature_spawning_in_range() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    gear(&mut g, Token::SentryGun { health: 1 }, 7, 1, 0);
    g.dice(&[(Bullet, 2)]);
    g.job(Job::Effect(EventEffect::Spawn(Grunt, 1, Place::Exit(1))));
    assert!(said(&mut g, |e| matches!(e, GameEvent::SentryFires { .. })));
    assert!(g.creatures(Grunt).is_empty());
}

#[test]
fn creatures_head_for_the_sentry_gun_when_it_is_nearer_and_exploders_go_off_next_to_it() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    gear(&mut g, Token::SentryGun { health: 1 }, 6, 2, 0);
    let grunt = g.creature(Grunt, 9, 2);
    g.dice(&[(Bullet, 0)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.creature_pos(grunt), Some(q(7, 2)), "it stops next to the gun");

    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    gear(&mut g, Token::SentryGun { health: 1 }, 6, 2, 0);
    g.creature(Exploder, 7, 2);
    g.dice(&[(Explosive, 2)]);
    g.job(Job::ActivateAll);
    assert!(said(&mut g, |e| matches!(e, GameEvent::Exploded { .. })));
    assert!(said(&mut g, |e| *e == GameEvent::SentryDestroyed { at: q(6, 2) }));
}

#[test]
fn platforms_go_on_pits_within_range_three_are_walked_on_and_reused_when_free() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 3, 2);
    for c in 4..=7 {
        g.set_ground(c, 2, Ground::Pit);
    }
    g.set_ground(5, 3, Ground::Pit);
    assert!(g.refused(Command::Platforms(vec![q(7, 2)])).contains("reaches 3"));
    assert!(g.refused(Command::Platforms(vec![q(3, 3)])).contains("not a deep pit"));
    assert!(g.refused(Command::Platforms(vec![q(4, 2), q(5, 2), q(6, 2), q(5, 3)])).contains("1 to 3"));
    g.creature(Grunt, 6, 2);
    g.ok(Command::Platforms(vec![q(4, 2), q(5, 2), q(6, 2)]));
    assert_eq!(g.turn().actions_left, 2);
    g.walk(&[(4, 2), (5, 2)]).unwrap();
    assert_eq!(g.pos(Engineer), q(5, 2), "a Dwarf may stop on a platform");
    g.ok(Command::Platforms(vec![q(7, 2)]));
    assert!(g.tokens_at(4, 2).is_empty(), "the one with no figure on it moved");
    refill_actions(&mut g);
    assert!(g.refused(Command::Platforms(vec![q(4, 2), q(5, 3)])).contains("only 1"));
}

/// The legal-moves query offers each pit the Platform Gun may take alone, and says how many one
/// shot may take together: three from a full box; fewer once platforms on the cave hold figures
/// (the box empty, only the free ones move). Any of the pits together, up to that many, is a shot
/// the rules take, and one more is refused.
#[test]
fn the_platform_guns_offers_say_how_many_pits_one_shot_takes() {
    use hoxxes::rules::legal::Detail;
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 3, 2);
    for c in 4..=6 {
        g.set_ground(c, 2, Ground::Pit);
    }
    g.set_ground(5, 3, Ground::Pit);
    g.set_ground(4, 3, Ground::Pit);
    let offered = |g: &mut Game| {
        let l = hoxxes::rules::legal::legal(g.world());
        let a = l.of(ActionKind::Platforms).next().expect("listed").clone();
        let mut pits = vec![];
        let mut at_once = vec![];
        for o in a.offers() {
            match (&o.detail, &o.command) {
                (Detail::Platform { at, at_once: n }, Command::Platforms(on)) if on == &vec![*at] => {
                    pits.push(*at);
                    at_once.push(*n);
                }
                other => panic!("each pit alone: {other:?}"),
            }
        }
        at_once.dedup();
        (pits, at_once)
    };
    let (pits, at_once) = offered(&mut g);
    assert_eq!(pits, [q(4, 2), q(5, 2), q(6, 2), q(4, 3), q(5, 3)]);
    assert_eq!(at_once, [3], "a full box: three at once");
    g.ok(Command::Platforms(vec![q(6, 2), q(4, 3)]));
    // One left in the box, and the two on the cave are free: still three.
    assert_eq!(offered(&mut g).1, [3]);
    g.creature(Grunt, 6, 2);
    g.creature(Grunt, 4, 3);
    // One in the box; both on the cave hold a figure: one at a time.
    let (pits, at_once) = offered(&mut g);
    assert_eq!((pits, at_once), (vec![q(4, 2), q(5, 2), q(5, 3)], vec![1]));
    assert!(g.refused(Command::Platforms(vec![q(4, 2), q(5, 3)])).contains("only 1"), "one more than it says is refused");
    g.ok(Command::Platforms(vec![q(5, 3)]));
}

// BOSCO.

/// The players set BOSCO down on any empty floor space next to the Drop Pod (rulebook "Player
/// setup"): before the Dwarf's first action, for no action. The legal query lists the spaces then,
/// and the action not at all once the Dwarf has acted.
#[test]
fn the_players_set_bosco_down_beside_the_drop_pod_before_the_first_action() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 1, 2);
    let placed = |g: &mut Game| {
        let l = hoxxes::rules::legal::legal(g.world());
        l.of(ActionKind::BoscoPlace).next().map(|a| a.offers().iter().flat_map(|o| o.command.spaces()).collect::<Vec<Qr>>())
    };
    let spaces = placed(&mut g).expect("listed at the start");
    assert_eq!(bosco_at(&mut g), Some(q(2, 1)), "set up on the first space next to the pod");
    assert!(spaces.contains(&q(2, 4)) && spaces.contains(&q(2, 2)), "{spaces:?}");
    assert!(!spaces.contains(&q(1, 2)) && !spaces.contains(&q(3, 3)), "not on the pod, not two away: {spaces:?}");
    assert!(g.refused(bosco(BoscoAction::Place(q(3, 3)))).contains("next to the Drop Pod"));
    assert!(g.refused(bosco(BoscoAction::Place(q(1, 2)))).contains("next to the Drop Pod"), "the pod's own space");
    g.creature(Grunt, 2, 3);
    assert!(g.refused(bosco(BoscoAction::Place(q(2, 3)))).contains("no figure"));
    // Not on the Sentry Gun, as no flight ends there (a solo Engineer's, set up by a free action).
    let gun = *spaces.iter().find(|s| ![q(2, 4), q(2, 3), q(2, 2)].contains(*s)).expect("another space beside the pod");
    let (c, r) = hoxxes::rules::hex::hex_to_cell(gun.into());
    gear(&mut g, Token::SentryGun { health: 1 }, c, r, 0);
    assert!(g.refused(bosco(BoscoAction::Place(gun))).contains("Sentry Gun"));
    assert!(!placed(&mut g).expect("listed").contains(&gun));
    g.ok(bosco(BoscoAction::Place(q(2, 4))));
    assert_eq!(bosco_at(&mut g), Some(q(2, 4)));
    assert_eq!(g.turn().actions_left, 3, "no action spent");
    assert!(said(&mut g, |e| *e == GameEvent::BoscoPlaced { at: q(2, 4) }));
    assert!(!spaces.contains(&q(2, 1)) && !placed(&mut g).expect("still listed").contains(&q(2, 4)), "not where it is");
    assert!(g.refused(bosco(BoscoAction::Place(q(2, 4)))).contains("there already"));
    g.ok(bosco(BoscoAction::Place(q(2, 1))));
    assert_eq!(bosco_at(&mut g), Some(q(2, 1)), "set down again, still before the first action");
    g.walk(&[(2, 2)]).expect("the Scout moves");
    assert!(g.refused(bosco(BoscoAction::Place(q(2, 4)))).contains("before the Dwarf's first action"));
    assert_eq!(placed(&mut g), None, "no longer listed");
}

/// Any command but BOSCO set down ends the set-up, a free action too: the turn's actions left
/// are then still all there, but the Dwarf has acted (a reviewer's finding).
#[test]
fn a_free_action_ends_the_time_to_set_bosco_down() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 1, 2);
    g.world().resource_mut::<Turn>().guest = Some((0, true));
    g.walk(&[(2, 2)]).expect("the free Move");
    assert_eq!(g.turn().actions_left, 3, "no action of the turn spent");
    assert!(g.refused(bosco(BoscoAction::Place(q(2, 4)))).contains("before the Dwarf's first action"));
}

#[test]
fn bosco_takes_two_actions_after_the_dwarf_and_before_the_event_card() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 3, 2);
    put_bosco(&mut g, 4, 3);
    let grunt = g.creature(Grunt, 7, 3);
    assert!(g.refused(bosco(BoscoAction::Move(vec![q(5, 3)]))).contains("ended his turn"));
    // The query greys each of BOSCO's actions for that same reason, the flight too.
    let l = hoxxes::rules::legal::legal(g.world());
    for kind in [ActionKind::BoscoMove, ActionKind::BoscoChop, ActionKind::BoscoLightGun, ActionKind::BoscoRocket] {
        let a = l.of(kind).next().expect("listed");
        assert!(a.allowed.as_ref().is_err_and(|why| why.contains("ended his turn")), "{kind:?}: {:?}", a.allowed);
    }
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    assert!(said(&mut g, |e| *e == GameEvent::BoscoActs { actions: 2 }));
    assert!(!said(&mut g, |e| matches!(e, GameEvent::EventCard { .. })));
    assert!(g.walk(&[(4, 2)]).is_err(), "the Dwarf's part is over");
    g.ok(bosco(BoscoAction::Move(vec![q(5, 3), q(6, 3)])));
    assert_eq!(bosco_at(&mut g), Some(q(6, 3)));
    assert!(g.refused(bosco(BoscoAction::Rocket(q(7, 3)))).contains("1 action left"), "the rocket takes both");
    g.dice(&[(Bullet, 2)]);
    g.ok(bosco(BoscoAction::LightGun(q(7, 3))));
    assert_eq!(g.creature_health(grunt), None);
    assert_eq!(g.ammo(Scout).primary, 5, "BOSCO needs no ammo");
    g.ok(Command::EndTurn);
    assert!(said(&mut g, |e| matches!(e, GameEvent::EventCard { name, .. } if name == "All Quiet")));
    assert_eq!((g.turn().number, g.turn().bosco_turn, g.turn().actions_left), (2, false, 3));
}

/// BOSCO's axe is offered with what a success could be spent on, as a Dwarf's chop is (the screen
/// asks before a roll with nothing next to BOSCO: a play-tester's slip spent an action on nothing).
#[test]
fn boscos_axe_is_offered_with_what_a_success_could_be_spent_on() {
    use hoxxes::rules::legal::{Detail, Offer};
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 3, 2);
    put_bosco(&mut g, 6, 3);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    let targets = |g: &mut Game| {
        let l = hoxxes::rules::legal::legal(g.world());
        match l.of(ActionKind::BoscoChop).next().expect("listed").offers() {
            [Offer { detail: Detail::Chop(t), .. }] => t.clone(),
            o => panic!("one offer with its targets: {o:?}"),
        }
    };
    assert_eq!(targets(&mut g), [ChopTarget::Nothing], "nothing next to BOSCO");
    g.set_ground(7, 3, Ground::Wall(None));
    assert_eq!(targets(&mut g), [ChopTarget::Carve(q(7, 3)), ChopTarget::Nothing]);
}

#[test]
fn bosco_flies_over_pits_figures_and_stalagmites_not_walls_and_nobody_ends_on_it() {
    let mut g = with_bosco(mission(&ROOM), Gunner);
    g.put(Gunner, 3, 2);
    put_bosco(&mut g, 4, 2);
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("BOSCO"));
    g.walk(&[(4, 2), (5, 2)]).unwrap();
    g.set_ground(6, 3, Ground::Pit);
    g.set_ground(7, 3, Ground::Stalagmite);
    g.set_ground(5, 4, Ground::Wall(None));
    g.creature(Grunt, 8, 3);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    put_bosco(&mut g, 5, 3);
    assert!(g.refused(bosco(BoscoAction::Move(vec![q(6, 3), q(7, 3)]))).contains("stalagmite"));
    assert!(g.refused(bosco(BoscoAction::Move(vec![q(5, 4)]))).contains("cannot fly"));
    assert!(g.refused(bosco(BoscoAction::Move(vec![q(6, 3), q(7, 3), q(8, 3)]))).contains("figure"));
    g.ok(bosco(BoscoAction::Move(vec![q(6, 3), q(7, 3), q(8, 2)])));
    assert_eq!(bosco_at(&mut g), Some(q(8, 2)));
}

#[test]
fn bosco_fires_its_rocket_with_both_actions_over_figures() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 2, 2);
    put_bosco(&mut g, 3, 2);
    g.creature(Slasher, 4, 2);
    let spitter = g.creature(WebSpitter, 5, 2);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    g.dice(&[(Explosive, 4)]);
    g.ok(bosco(BoscoAction::Rocket(q(5, 2))));
    assert_eq!(g.creature_health(spitter), None);
    assert!(g.refused(bosco(BoscoAction::Chop)).contains("0 actions left"));
}

#[test]
fn boscos_axe_leaves_what_it_finds_on_the_ground_and_opens_hidden_caves() {
    let mut g = with_bosco(cave_with_hidden(), Scout);
    g.put(Scout, 2, 3);
    put_bosco(&mut g, 4, 1);
    g.set_ground(4, 0, Ground::Wall(Some(Mineral::Gold)));
    g.token(Token::Pickup { pickup: Pickup::AlienEgg, revealed: true }, 4, 2);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    g.dice(&[(Axe, 5)]);
    g.ok(bosco(BoscoAction::Chop));
    assert!(!g.options().iter().any(|o| matches!(o, Answer::Chop(ChopTarget::AlienEgg(_)))), "BOSCO leaves eggs alone");
    g.choose(Answer::Chop(ChopTarget::Mine(q(4, 0))));
    assert_eq!(g.tokens_at(4, 0), vec![Token::Mineral { mineral: Mineral::Gold, loose: true }]);
    assert_eq!(g.mule(Item::Gold), 0, "BOSCO picks nothing up");
    g.choose(Answer::Chop(ChopTarget::Carve(q(5, 1))));
    assert!(said(&mut g, |e| matches!(e, GameEvent::CaveRevealed { letter: 'a', .. })));
}

#[test]
fn bosco_revives_the_lone_dwarf_who_takes_a_new_turn_and_bosco_is_gone() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.set_health(Scout, 0);
    g.set_status(Scout, DwarfStatus { unconscious: true, ..Default::default() });
    g.ok(Command::EndTurn);
    assert!(g.outcome().is_none(), "BOSCO may still revive him");
    let snap = TerrainSnapshot::take(g.world());
    assert!(!dump(g.world(), &snap).contains("\"bosco\": null"));
    g.ok(bosco(BoscoAction::Revive));
    assert_eq!(g.health(Scout), 1);
    assert!(!g.status(Scout).unconscious);
    assert_eq!((g.turn().number, g.turn().actions_left), (2, 3));
    assert!(!said(&mut g, |e| matches!(e, GameEvent::EventCard { .. })), "no Event card");
    assert_eq!(bosco_at(&mut g), None);
    assert!(dump(g.world(), &snap).contains("\"bosco\": null"));
}

#[test]
fn bosco_is_lost_and_the_mission_with_it_when_its_part_ends_without_a_revive() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.set_health(Scout, 0);
    g.set_status(Scout, DwarfStatus { unconscious: true, ..Default::default() });
    g.ok(Command::EndTurn);
    g.ok(Command::EndTurn);
    assert!(said(&mut g, |e| matches!(e, GameEvent::BoscoLost { .. })));
    assert_eq!(g.outcome().map(|o| o.result), Some(End::Loss));
}

#[test]
fn bosco_takes_a_reaction_shot_that_breaks_a_grab() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 3, 2);
    put_bosco(&mut g, 4, 3);
    g.job(Job::Effect(EventEffect::Grab { damage: 2, knock_over: false }));
    assert_eq!(g.options(), vec![Answer::React("LightGun".into()), Answer::Pass]);
    g.dice(&[(Bullet, 2)]);
    g.choose(Answer::React("LightGun".into()));
    assert!(said(&mut g, |e| *e == GameEvent::GrabBrokenByBosco));
    assert_eq!(g.health(Scout), 5);
}

/// Nothing is put down on BOSCO's space: a Resupply pod needs an empty space (rulebook "BOSCO":
/// nothing ends on its space).
#[test]
fn a_resupply_pod_does_not_land_on_bosco() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 2, 2);
    put_bosco(&mut g, 4, 3);
    g.set_mule(Item::Nitra, 4);
    assert!(g.refused(Command::CallResupply(q(4, 3))).contains("empty space"));
    g.ok(Command::CallResupply(q(5, 3)));
}

/// BOSCO's reaction shot at an ambusher needs range and sight of the creature, not of the Dwarf
/// attacked (ruling 30): here the standing Scout stands between them.
#[test]
fn bosco_takes_no_reaction_shot_at_a_creature_it_cannot_see() {
    let ambush = |scout: i32, slasher: i32| {
        let mut g = with_bosco(mission(&ROOM), Scout);
        g.put(Scout, scout, 2);
        put_bosco(&mut g, 5, 2);
        let id = g.creature(Slasher, slasher, 2);
        g.job(Job::BoscoReaction { target: cell_to_hex((scout, 2)), creature: Some(id) });
        g
    };
    let mut g = ambush(4, 3);
    assert_eq!(g.options(), vec![], "behind the Scout, out of BOSCO's sight");
    assert!(said(&mut g, |e| matches!(e, GameEvent::Skipped { why } if why.contains("BOSCO"))));
    // In sight, between BOSCO and the Scout, it is offered.
    let mut g = ambush(3, 4);
    assert_eq!(g.options(), vec![Answer::React("LightGun".into()), Answer::Pass]);
}

#[test]
fn boscos_axe_frees_red_sugar_whose_health_waits_for_a_dwarf() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 2, 3);
    g.set_health(Scout, 2);
    put_bosco(&mut g, 4, 1);
    g.token(Token::Pickup { pickup: Pickup::RedSugar, revealed: true }, 4, 2);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    g.dice(&[(Axe, 2)]);
    g.ok(bosco(BoscoAction::Chop));
    g.choose(Answer::Chop(ChopTarget::RedSugar(q(4, 2))));
    assert_eq!(g.tokens_at(4, 2), vec![Token::Health { amount: 3 }]);
    assert_eq!(g.health(Scout), 2, "BOSCO cannot give it to anyone");
    g.ok(Command::EndTurn);
    g.walk(&[(3, 3), (4, 2)]).unwrap();
    assert_eq!(g.health(Scout), 5);
    assert!(g.tokens_at(4, 2).is_empty());
}

#[test]
fn light_footed_also_frees_a_secondary_shot() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.creature(Grunt, 5, 2);
    g.walk(&[(4, 2)]).unwrap();
    g.ok(Command::ShootSecondary { target: q(5, 2) });
    while let Some(a) = g.options().first().cloned() {
        g.choose(a);
    }
    assert_eq!(g.turn().actions_left, 2, "the shot after the Move is free");
    assert_eq!(g.ammo(Scout).secondary, 2, "its ammo is paid");
}

/// Light-footed frees the secondary after the turn's last Move too: with no action left the shot
/// is listed and taken (a play-tester found it greyed for want of an action, the Regular shot lit).
#[test]
fn light_footed_frees_the_secondary_after_the_last_move() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.creature(Grunt, 5, 2);
    g.world().resource_mut::<Turn>().actions_left = 1;
    g.walk(&[(4, 2)]).unwrap();
    assert_eq!(g.turn().actions_left, 0);
    let l = hoxxes::rules::legal::legal(g.world());
    let secondary = l.of(ActionKind::ShootSecondary).next().expect("listed");
    assert!(secondary.is_allowed() && !secondary.offers().is_empty(), "{:?}", secondary.allowed);
    let costs: Vec<u32> = secondary
        .offers()
        .iter()
        .filter_map(|o| match o.detail {
            hoxxes::rules::legal::Detail::Target { actions, .. } => Some(actions),
            _ => None,
        })
        .collect();
    assert!(!costs.is_empty() && costs.iter().all(|a| *a == 0), "offered for no action: {costs:?}");
    g.ok(Command::ShootSecondary { target: q(5, 2) });
    while let Some(a) = g.options().first().cloned() {
        g.choose(a);
    }
    assert_eq!(g.ammo(Scout).secondary, 2, "shot, its ammo paid");
    // Without the Move just before, no action left is no shot.
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 4, 2);
    g.creature(Grunt, 5, 2);
    g.world().resource_mut::<Turn>().actions_left = 0;
    assert!(g.refused(Command::ShootSecondary { target: q(5, 2) }).contains("action"));
}

#[test]
fn the_sentry_gun_fires_at_a_creature_scared_into_its_range() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    let id = g.creature(WebSpitter, 5, 2);
    g.ok(Command::Sentry(q(3, 2)));
    g.dice(&[(hoxxes::data::dice::DieKind::Explosive, 5), (hoxxes::data::dice::DieKind::Bullet, 2)]);
    g.ok(Command::Shoot { mode: "HeGrenade".into(), target: q(5, 2) });
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    g.choose(Answer::Scare(vec![q(6, 2), q(7, 2)]));
    assert!(said(&mut g, |e| matches!(e, GameEvent::SentryFires { .. })));
    assert_eq!(g.creature_health(id), Some(1));
}

/// Ruling 32: BOSCO's rolls wait for For Karl! too; its light gun's blank, rerolled, kills.
#[test]
fn for_karl_rerolls_boscos_shot() {
    let mut g = with_bosco(mission(&ROOM), Scout);
    g.put(Scout, 3, 2);
    put_bosco(&mut g, 4, 3);
    let karl = g.app.world().resource::<hoxxes::data::GameData>().rock_and_stone.iter().position(|c| c.name == "For Karl!").unwrap();
    let mut hands = g.world().query::<&mut Hand>();
    for mut h in hands.iter_mut(g.app.world_mut()) {
        h.rock_and_stone = vec![karl];
    }
    let grunt = g.creature(Grunt, 7, 3);
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
    g.dice(&[(Bullet, 0)]);
    g.ok(bosco(BoscoAction::LightGun(q(7, 3))));
    assert_eq!(g.options(), vec![Answer::Pass], "BOSCO's blank waits for For Karl!");
    g.dice(&[(Bullet, 2)]);
    g.ok(Command::PlayCard { by: Scout, card: "For Karl!".into(), on: None });
    assert_eq!(g.creature_health(grunt), None);
}
