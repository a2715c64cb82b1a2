//! Throwables (rulebook "Throw throwables"; ruling 8; content.md) and Rock and Stone cards
//! (rulebook "Play Rock and Stone card(s)"). Faces: Explosive 0-1 blank, 2-3 one, 4 double, 5 scare;
//! Axe 0-1 blank, 2-4 one, 5 double; Flame and Bullet 0-1 blank, 2-4 one, 5 double; Mineral 5 Gold.

use super::common::*;
use hoxxes::data::GameData;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{Axe, Bullet, Creature as CreatureDie, Explosive, Flame, Mineral, Piercing};
use hoxxes::data::mission::{Facing, Ground, Item, Mineral as Min};
use hoxxes::data::weapons::DwarfClass::{self, *};
use hoxxes::headless::{new_game, settle};
use hoxxes::rules::agenda::Job;
use hoxxes::rules::command::{Answer, ChopTarget, Command, CommandQueue};
use hoxxes::rules::components::*;
use hoxxes::rules::decks::Decks;
use hoxxes::rules::log::{GameEvent, GameLog, Who};
use hoxxes::rules::setup::MissionSetup;

fn dwarf(g: &mut Game, class: DwarfClass) -> bevy::prelude::Entity {
    let mut q = g.world().query::<(bevy::prelude::Entity, &Dwarf)>();
    q.iter(g.app.world()).find(|(_, d)| d.class == class).map(|(e, _)| e).expect("that Dwarf")
}

fn hand(g: &mut Game, class: DwarfClass) -> Hand {
    let e = dwarf(g, class);
    g.app.world().get::<Hand>(e).expect("a hand").clone()
}

/// Put these cards, by name, in a Dwarf's hand in place of what he held (test set-up).
fn give(g: &mut Game, class: DwarfClass, throwables: &[&str], rock_and_stone: &[&str]) {
    let data = g.app.world().resource::<GameData>().clone();
    let t = throwables.iter().map(|n| data.throwables.iter().position(|c| c.name == *n).expect("a Throwable")).collect();
    let r = rock_and_stone.iter().map(|n| data.rock_and_stone.iter().position(|c| c.name == *n).expect("a card")).collect();
    let e = dwarf(g, class);
    g.world().entity_mut(e).insert(Hand { rock_and_stone: r, throwables: t });
}

fn throw(card: &str, c: i32, r: i32) -> Command {
    Command::Throw { card: card.into(), target: q(c, r) }
}

fn play(by: DwarfClass, card: &str, on: Option<DwarfClass>) -> Command {
    Command::PlayCard { by, card: card.into(), on }
}

fn creature_status(g: &mut Game, id: u32) -> CreatureStatus {
    let mut qy = g.world().query::<(&Id, &CreatureStatus)>();
    qy.iter(g.app.world()).find(|(i, _)| i.0 == id).map(|(_, s)| *s).expect("that creature")
}

fn set_loadout(g: &mut Game, class: DwarfClass, l: Loadout) {
    let e = dwarf(g, class);
    g.world().entity_mut(e).insert(l);
}

fn set_ammo2(g: &mut Game, class: DwarfClass, primary: u32, secondary: u32) {
    let e = dwarf(g, class);
    g.world().entity_mut(e).insert(Ammo { primary, secondary });
}

/// Answer the pending choice with its first option (ruling 4's default).
fn take_default(g: &mut Game) {
    let first = g.options().first().cloned().expect("a choice waits");
    g.choose(first);
}

/// End the turn of the only Dwarf with a quiet Event card: his next turn starts.
fn quiet_round(g: &mut Game) {
    g.next_event("All Quiet");
    g.ok(Command::EndTurn);
}

// ---------------------------------------------------------------- Throwables

#[test]
fn the_frag_grenade_turns_to_catch_all_three_creatures() {
    // Rulebook, Throwables example: one Grunt is in reach; the blast turns onto the other Grunt and
    // the Slasher, which the Engineer could not reach himself (5 spaces away).
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    give(&mut g, Engineer, &["Frag Grenade"], &[]);
    let a = g.creature(Grunt, 6, 2);
    let b = g.creature(Grunt, 6, 3);
    let slasher = g.creature(Slasher, 7, 2);
    g.dice(&[(Explosive, 2), (Explosive, 3)]);
    g.ok(throw("Frag Grenade", 6, 2));
    let all_three = Answer::Triangle(q(7, 2), q(6, 3));
    assert_eq!(g.options().first(), Some(&all_three), "the headless default catches the most figures");
    g.choose(all_three);
    assert_eq!((g.creature_health(a), g.creature_health(b), g.creature_health(slasher)), (None, None, None));
    assert_eq!(g.turn().actions_left, 2);
    assert!(hand(&mut g, Engineer).throwables.is_empty());
    let frag = g.app.world().resource::<GameData>().throwables.iter().position(|c| c.name == "Frag Grenade").unwrap();
    assert!(g.app.world().resource::<Decks>().throwables.discard.contains(&frag));
}

#[test]
fn a_blast_hurts_the_dwarves_in_its_area_too() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 5, 3);
    give(&mut g, Scout, &["Cluster Grenade"], &[]);
    let spitter = g.creature(WebSpitter, 5, 2);
    g.dice(&[(Explosive, 4)]);
    g.ok(throw("Cluster Grenade", 5, 2));
    assert_eq!(g.creature_health(spitter), None);
    assert_eq!(g.health(Driller), 3);
    assert_eq!(g.health(Scout), 5);
}

#[test]
fn a_throw_out_of_range_through_a_wall_or_without_the_card_is_refused() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Sticky Grenade"], &[]);
    assert!(g.refused(throw("Sticky Grenade", 6, 2)).contains("too far"));
    g.set_ground(3, 2, Ground::Wall(None));
    assert!(g.refused(throw("Sticky Grenade", 4, 2)).contains("walls stand between"));
    assert!(g.refused(throw("Frag Grenade", 4, 2)).contains("holds no Frag Grenade"));
    assert_eq!(g.turn().actions_left, 3);
    assert_eq!(hand(&mut g, Scout).throwables.len(), 1);
}

#[test]
fn the_scout_throws_for_free_straight_after_a_move() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Sticky Grenade"], &[]);
    g.walk(&[(3, 2)]).unwrap();
    g.dice(&[(Explosive, 0), (Explosive, 0), (Explosive, 0)]);
    g.ok(throw("Sticky Grenade", 5, 2));
    assert_eq!(g.turn().actions_left, 2, "Light-footed");
}

#[test]
fn only_walls_block_a_throw() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Sticky Grenade"], &[]);
    g.set_ground(3, 2, Ground::Stalagmite);
    let spitter = g.creature(WebSpitter, 4, 2);
    g.creature(Slasher, 3, 3);
    g.dice(&[(Explosive, 2), (Explosive, 2), (Explosive, 0)]);
    g.ok(throw("Sticky Grenade", 4, 2));
    assert_eq!(g.creature_health(spitter), None);
}

#[test]
fn the_impact_axe_ignores_axe_resistance() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Impact Axe"], &[]);
    let slasher = g.creature(Slasher, 4, 2);
    g.dice(&[(Axe, 2), (Axe, 0)]);
    g.ok(throw("Impact Axe", 4, 2));
    assert_eq!(g.creature_health(slasher), Some(1), "one axe hit, not resisted");
}

#[test]
fn the_plasma_burster_ignores_resistance() {
    // No creature of the box resists Explosive: the test gives the Slasher some.
    let mut g = Game::room(&[Scout]);
    g.world().resource_mut::<GameData>().creatures.0.iter_mut().find(|c| c.kind == Slasher).unwrap().resistance.insert(Explosive, 2);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Plasma Burster", "Frag Grenade"], &[]);
    let slasher = g.creature(Slasher, 5, 2);
    g.dice(&[(Explosive, 2), (Explosive, 0)]);
    g.ok(throw("Frag Grenade", 5, 2));
    take_default(&mut g);
    assert_eq!(g.creature_health(slasher), Some(2), "resisted");
    g.dice(&[(Explosive, 2), (Explosive, 0)]);
    g.ok(throw("Plasma Burster", 5, 2));
    take_default(&mut g);
    assert_eq!(g.creature_health(slasher), Some(1));
}

#[test]
fn the_cryo_grenade_freezes_and_a_frozen_creature_skips_its_activation() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Cryo Grenade"], &[]);
    let slasher = g.creature(Slasher, 5, 2);
    g.ok(throw("Cryo Grenade", 5, 2));
    take_default(&mut g);
    assert!(creature_status(&mut g, slasher).frozen);
    g.job(Job::Activate(slasher));
    assert_eq!(g.creature_pos(slasher), Some(q(5, 2)));
    assert!(!creature_status(&mut g, slasher).frozen);
}

#[test]
fn the_electrocution_grenade_stuns_even_when_its_die_misses() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Electrocution Grenade"], &[]);
    let a = g.creature(Slasher, 5, 2);
    let b = g.creature(WebSpitter, 5, 3);
    g.dice(&[(Bullet, 0)]);
    g.ok(throw("Electrocution Grenade", 5, 2));
    take_default(&mut g);
    assert!(creature_status(&mut g, a).stunned && creature_status(&mut g, b).stunned);
}

#[test]
fn the_corrosive_bomb_takes_resistance_away_until_the_throwers_next_turn() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Corrosive Bomb"], &[]);
    let slasher = g.creature(Slasher, 5, 2);
    g.dice(&[(Flame, 2)]);
    g.ok(throw("Corrosive Bomb", 5, 2));
    take_default(&mut g);
    assert_eq!(g.creature_health(slasher), Some(2), "the bomb's own flame is resisted");
    assert_eq!(creature_status(&mut g, slasher).corroded_by, Some(0));
    quiet_round(&mut g);
    assert_eq!(creature_status(&mut g, slasher).corroded_by, None);
    assert!(g.events().contains(&GameEvent::LastingEnded { dwarf: Scout }));
}

#[test]
fn the_incendiary_grenade_leaves_flames_on_empty_spaces_until_the_next_turn() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Incendiary Grenade"], &[]);
    g.creature(Slasher, 5, 2);
    g.dice(&[(Flame, 0), (Flame, 0)]);
    g.ok(throw("Incendiary Grenade", 5, 2));
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    assert!(g.tokens_at(5, 2).is_empty(), "the Slasher's space is not empty");
    assert_eq!(g.tokens_at(6, 2), vec![Token::Flame]);
    assert_eq!(g.tokens_at(5, 3), vec![Token::Flame]);
    quiet_round(&mut g);
    assert!(g.tokens_at(6, 2).is_empty() && g.tokens_at(5, 3).is_empty());
}

#[test]
fn the_phosphor_flare_gives_a_reroll_against_creatures_in_its_area() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Phosphor Flare"], &[]);
    let spitter = g.creature(WebSpitter, 6, 2);
    g.dice(&[(Flame, 0)]);
    g.ok(throw("Phosphor Flare", 5, 2));
    g.dice(&[(Piercing, 0)]);
    g.ok(Command::Shoot { mode: "RegularShot".into(), target: q(6, 2) });
    assert!(g.options().contains(&Answer::Reroll(0)));
    g.dice(&[(Piercing, 4)]);
    g.choose(Answer::Reroll(0));
    assert_eq!(g.creature_health(spitter), None);
}

#[test]
fn a_proximity_mine_goes_off_under_the_first_creature_to_walk_onto_it() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Proximity Mine"], &[]);
    g.ok(throw("Proximity Mine", 5, 2));
    assert!(matches!(g.tokens_at(5, 2).as_slice(), [Token::Thrown { .. }]));
    let grunt = g.creature(Grunt, 7, 2);
    g.dice(&[(Explosive, 2), (Explosive, 0)]);
    g.job(Job::Activate(grunt));
    assert_eq!(g.creature_health(grunt), None);
    assert!(g.tokens_at(5, 2).is_empty());
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::MineTriggered { .. })));
}

#[test]
fn a_scared_creature_goes_back_from_the_mine_and_stops() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Proximity Mine"], &[]);
    g.ok(throw("Proximity Mine", 5, 2));
    let slasher = g.creature(Slasher, 7, 2);
    g.dice(&[(Explosive, 5), (Explosive, 0)]);
    g.job(Job::Activate(slasher));
    assert_eq!(g.creature_pos(slasher), Some(q(7, 2)));
    assert_eq!(g.creature_health(slasher), Some(2));
    assert!(g.tokens_at(5, 2).is_empty());
}

#[test]
fn flyers_pass_over_a_mine() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &["Proximity Mine"], &[]);
    g.ok(throw("Proximity Mine", 6, 2));
    let mactera = g.creature(MacteraSpawn, 8, 2);
    g.job(Job::Activate(mactera));
    assert_eq!(g.creature_pos(mactera), Some(q(5, 2)));
    assert!(matches!(g.tokens_at(6, 2).as_slice(), [Token::Thrown { .. }]));
}

/// Walls along rows 1 and 3 from column 3 to 6: a walk from the east to the Scout goes along row 2.
fn corridor(g: &mut Game) {
    for c in 3..=6 {
        g.set_ground(c, 1, Ground::Wall(None));
        g.set_ground(c, 3, Ground::Wall(None));
    }
}

/// Ruling 2 (a move is checked where it ends): a creature may not stop on a mine a flyer hovers
/// over; the mine goes off as it passes and the walk goes on (the fuzz found two creatures on one
/// space).
#[test]
fn a_mine_under_a_flyer_goes_off_and_the_walk_goes_on() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    corridor(&mut g);
    give(&mut g, Scout, &["Proximity Mine"], &[]);
    g.ok(throw("Proximity Mine", 5, 2));
    let mactera = g.creature(MacteraSpawn, 5, 2);
    let grunt = g.creature(Grunt, 7, 2);
    g.dice(&[(Explosive, 0), (Explosive, 0)]);
    g.job(Job::Activate(grunt));
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::MineTriggered { .. })));
    assert_eq!(g.creature_pos(grunt), Some(q(4, 2)), "on past the Mactera Spawn");
    assert_eq!(g.creature_pos(mactera), Some(q(5, 2)), "one creature on each space");
}

/// A creature scared back off a mine faces as it did before its walk (the fuzz found an Oppressor
/// back on its space facing the way it had walked, its back in rock).
#[test]
fn an_oppressor_scared_back_from_a_mine_faces_as_it_did() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    corridor(&mut g);
    give(&mut g, Scout, &["Proximity Mine"], &[]);
    g.ok(throw("Proximity Mine", 5, 2));
    let oppressor = g.creature_facing(Oppressor, 8, 2, Facing::NE);
    g.dice(&[(Explosive, 5), (Explosive, 0)]);
    g.job(Job::Activate(oppressor));
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::MineTriggered { .. })));
    assert_eq!(g.creature_pos(oppressor), Some(q(8, 2)), "scared back to where it started");
    assert_eq!(g.creature_facing_now(oppressor), Facing::NE);
}

#[test]
fn a_satchel_charge_waits_for_its_thrower_and_blows_the_rock_away() {
    let mut g = Game::room(&[Gunner, Scout]);
    g.put(Gunner, 4, 2);
    g.put(Scout, 2, 4);
    give(&mut g, Gunner, &["Satchel Charge"], &[]);
    assert!(g.refused(Command::Detonate { by: Gunner }).contains("no Satchel Charge"));
    g.set_ground(5, 1, Ground::Wall(Some(Min::Nitra)));
    g.set_ground(6, 2, Ground::Stalagmite);
    let grunt = g.creature(Grunt, 5, 2);
    g.token(Token::Platform, 5, 2);
    g.ok(throw("Satchel Charge", 5, 2));
    g.choose(Answer::Triangle(q(5, 1), q(6, 2)));
    assert_eq!(g.creature_health(grunt), Some(1), "nothing happens until it is set off");
    assert!(g.refused(Command::Detonate { by: Scout }).contains("only the Dwarf who threw"));
    g.dice(&[(Explosive, 2), (Explosive, 0)]);
    g.ok(Command::Detonate { by: Gunner });
    assert_eq!(g.creature_health(grunt), None);
    assert_eq!(g.terrain(5, 1), Terrain::Open(Ground::Floor));
    assert_eq!(g.tokens_at(5, 1), vec![Token::Mineral { mineral: Min::Nitra, loose: true }]);
    assert_eq!(g.terrain(6, 2), Terrain::Open(Ground::Floor));
    let mineral_die =
        |e: &GameEvent| matches!(e, GameEvent::Rolled { dice, .. } if dice.iter().any(|d| d.die == hoxxes::data::dice::DieKind::Mineral));
    assert!(!g.events().iter().any(mineral_die), "a blast destroys a stalagmite without a roll (ruling 28)");
    assert!(g.tokens_at(5, 2).is_empty(), "the platform is blown away and the charge is spent");
    assert_eq!(g.turn().actions_left, 2, "setting it off is free");
}

#[test]
fn a_satchel_charge_goes_off_between_two_creatures_activations() {
    let mut g = Game::room(&[Gunner]);
    // One job an update, as in the window: a player cuts in between two activations there.
    g.world().insert_resource(hoxxes::rules::ActivationsTogether(false));
    g.put(Gunner, 4, 2);
    give(&mut g, Gunner, &["Satchel Charge"], &[]);
    g.ok(throw("Satchel Charge", 5, 2));
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    let grunt = g.creature(Grunt, 8, 2);
    let other = g.creature(Grunt, 8, 5);
    g.next_event("They Are Awake");
    g.world().resource_mut::<CommandQueue>().0.push_back(Command::EndTurn);
    let moved =
        |g: &mut Game| g.events().iter().any(|e| matches!(e, GameEvent::Moved { who: Who::Creature { id, .. }, .. } if *id == grunt));
    for _ in 0..50 {
        if moved(&mut g) {
            break;
        }
        g.app.update();
    }
    assert!(moved(&mut g));
    assert_eq!(g.creature_pos(grunt), Some(q(5, 2)));
    g.dice(&[(Explosive, 2), (Explosive, 0)]);
    g.world().resource_mut::<CommandQueue>().0.push_back(Command::Detonate { by: Gunner });
    settle(&mut g.app).unwrap();
    assert_eq!(g.creature_health(grunt), None);
    let ev = g.events();
    let boom = ev.iter().position(|e| matches!(e, GameEvent::Detonated { .. })).unwrap();
    let next_turn = ev.iter().rposition(|e| matches!(e, GameEvent::TurnStarted { .. })).unwrap();
    assert!(boom < next_turn, "the charge went off during the activations");
    let acts = ev.iter().position(|e| matches!(e, GameEvent::Activated { who: Who::Creature { id, .. } } if *id == other)).unwrap();
    assert!(boom < acts, "the charge went off before the second Grunt's activation");
}

#[test]
fn an_inhibited_creature_cannot_leave_the_field_until_the_throwers_next_turn() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    give(&mut g, Scout, &["Inhibitor Field"], &[]);
    let grunt = g.creature(Grunt, 7, 2);
    g.ok(throw("Inhibitor Field", 7, 2));
    g.job(Job::Activate(grunt));
    assert_eq!(g.creature_pos(grunt), Some(q(7, 2)));
    quiet_round(&mut g);
    g.job(Job::Activate(grunt));
    assert_eq!(g.creature_pos(grunt), Some(q(4, 2)));
}

#[test]
fn creatures_go_for_the_lure_when_no_dwarf_is_closer() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 5, 2);
    give(&mut g, Scout, &["L.U.R.E."], &[]);
    let grunt = g.creature(Grunt, 8, 4);
    g.ok(throw("L.U.R.E.", 8, 2));
    g.job(Job::Activate(grunt));
    assert_eq!(g.creature_pos(grunt), Some(q(7, 3)), "next to the hologram");
    g.job(Job::Activate(grunt));
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::LureAttacked { .. })));
    assert_eq!(g.health(Scout), 5);
    quiet_round(&mut g);
    assert!(g.tokens_at(8, 2).is_empty(), "the hologram is gone at the thrower's next turn");
}

#[test]
fn the_tunnel_carver_carves_its_line_and_drops_the_minerals() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    give(&mut g, Scout, &["Tunnel Carver"], &[]);
    for (c, m) in [(5, None), (6, Some(Min::Morkite)), (7, None)] {
        g.set_ground(c, 2, Ground::Wall(m));
    }
    g.ok(throw("Tunnel Carver", 5, 2));
    assert_eq!(g.options().first(), Some(&Answer::Line(q(6, 2), q(7, 2))), "the straight line carves the most");
    g.choose(Answer::Line(q(6, 2), q(7, 2)));
    for c in 5..=7 {
        assert_eq!(g.terrain(c, 2), Terrain::Open(Ground::Floor));
    }
    assert_eq!(g.tokens_at(6, 2), vec![Token::Mineral { mineral: Min::Morkite, loose: true }]);
}

#[test]
fn the_tunnel_carver_opens_a_hidden_cave() {
    let mut g = Game::new(cave_with_hidden(), &[Scout]);
    g.put(Scout, 3, 2);
    give(&mut g, Scout, &["Tunnel Carver"], &[]);
    g.ok(throw("Tunnel Carver", 5, 2));
    if !g.options().is_empty() {
        take_default(&mut g);
    }
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::CaveRevealed { letter: 'a', .. })));
}

#[test]
fn the_soil_smasher_smashes_stalagmites_and_knocks_dwarves_over() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 5, 3);
    give(&mut g, Scout, &["Soil Smasher"], &[]);
    g.set_ground(5, 2, Ground::Stalagmite);
    g.set_ground(6, 2, Ground::Stalagmite);
    g.dice(&[(Mineral, 5), (Mineral, 5)]);
    g.ok(throw("Soil Smasher", 5, 2));
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    assert_eq!(g.terrain(5, 2), Terrain::Open(Ground::Floor));
    assert_eq!(g.terrain(6, 2), Terrain::Open(Ground::Floor));
    assert_eq!(g.mule(Item::Gold), 2, "the Mineral die for each stalagmite smashed (ruling 28)");
    assert!(g.status(Driller).knocked_over);
    assert!(!g.status(Scout).knocked_over);
}

/// Ruling 32: the Soil Smasher's Mineral dice, one per stalagmite rolled together, are a Dwarf's
/// Mineral die: For Karl! rerolls them all.
#[test]
fn for_karl_rerolls_the_soil_smashers_mineral_dice() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 2, 4);
    give(&mut g, Scout, &["Soil Smasher"], &[]);
    give(&mut g, Driller, &[], &["For Karl!"]);
    g.set_ground(5, 2, Ground::Stalagmite);
    g.set_ground(6, 2, Ground::Stalagmite);
    g.dice(&[(Mineral, 0), (Mineral, 0)]);
    g.ok(throw("Soil Smasher", 5, 2));
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    assert_eq!(g.options(), vec![Answer::Pass], "both blanks wait for For Karl!");
    g.dice(&[(Mineral, 5), (Mineral, 2)]);
    g.ok(play(Driller, "For Karl!", None));
    assert_eq!((g.mule(Item::Gold), g.mule(Item::Nitra)), (1, 1), "both dice rolled again");
}

// ---------------------------------------------------------------- Rock and Stone cards

#[test]
fn rock_and_stone_gives_another_dwarf_a_free_move() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 2, 4);
    give(&mut g, Scout, &[], &["Rock and Stone!"]);
    assert_eq!(hoxxes::rules::legal::legal(g.world()).decider, Some(Who::Dwarf(Scout)));
    g.ok(play(Scout, "Rock and Stone!", Some(Driller)));
    assert_eq!(hoxxes::rules::legal::legal(g.world()).decider, Some(Who::Dwarf(Driller)), "the Driller is the one to act");
    assert!(g.refused(Command::Chop).contains("Move"), "the free action is a Move");
    g.walk(&[(3, 4), (4, 4)]).unwrap();
    assert_eq!(g.pos(Driller), q(4, 4));
    assert_eq!(g.turn().actions_left, 3);
    assert_eq!(g.turn().guest, None);
    assert_eq!(hoxxes::rules::legal::legal(g.world()).decider, Some(Who::Dwarf(Scout)), "the Scout's turn goes on");
    g.walk(&[(3, 2)]).unwrap();
    assert_eq!(g.pos(Scout), q(3, 2));
    assert_eq!(g.turn().actions_left, 2);
    assert!(hand(&mut g, Scout).rock_and_stone.is_empty());
}

#[test]
fn second_wind_gives_a_free_action_of_any_kind() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 2, 4);
    give(&mut g, Scout, &[], &["Second Wind"]);
    let grunt = g.creature(Grunt, 4, 4);
    g.ok(play(Scout, "Second Wind", Some(Driller)));
    g.dice(&[(Flame, 2), (Flame, 0), (Flame, 0)]);
    g.ok(Command::Shoot { mode: "FireHaze".into(), target: q(4, 4) });
    assert!(!g.options().is_empty(), "the shot asks where its results go");
    let decider = hoxxes::rules::legal::legal(g.world()).decider;
    assert_eq!(decider, Some(Who::Dwarf(Driller)), "the shot's choices are the Driller's, whose free action it is");
    while !g.options().is_empty() {
        take_default(&mut g);
    }
    assert_eq!(g.creature_health(grunt), None);
    assert_eq!(g.ammo(Driller).primary, 4);
    assert_eq!(g.turn().actions_left, 3);
    assert_eq!(g.turn().seat, 0);
}

/// A card that cannot be played is greyed with the refusal of a way it is played, not of a way it
/// is not: the Driller's Second Wind while the Scout whose turn it is lies knocked over.
#[test]
fn a_card_not_playable_says_why_on_the_dwarf_it_would_help() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 2, 4);
    give(&mut g, Driller, &[], &["Second Wind"]);
    let why = |g: &mut Game| {
        let legal = hoxxes::rules::legal::legal(g.world());
        let card = legal.actions.iter().find(|a| a.what == "Second Wind").expect("the card is listed");
        card.allowed.as_ref().err().cloned()
    };
    assert_eq!(why(&mut g), None, "the Scout on his feet may take the free action");
    g.set_status(Scout, DwarfStatus { knocked_over: true, ..Default::default() });
    let said = why(&mut g).expect("not now");
    assert!(said.contains("Scout") && said.contains("not on his feet"), "{said}");
    let refused = g.refused(play(Driller, "Second Wind", Some(Scout)));
    assert!(refused.ends_with(&said), "the words the card's own check refuses it with: {refused}");
}

#[test]
fn another_dwarf_is_not_yourself_unless_you_are_alone_with_bosco() {
    let mut g = Game::room(&[Scout, Driller]);
    give(&mut g, Scout, &[], &["Did I Hear a Rock and Stone?"]);
    g.set_health(Scout, 2);
    assert!(g.refused(play(Scout, "Did I Hear a Rock and Stone?", Some(Scout))).contains("another Dwarf"));
    let setup = MissionSetup { bosco: true, ..MissionSetup::new(vec![Scout], 7, 1) };
    let mut solo = Game { app: new_game(data(), &mission(&ROOM), &setup).unwrap() };
    give(&mut solo, Scout, &[], &["Did I Hear a Rock and Stone?"]);
    solo.set_health(Scout, 2);
    solo.ok(play(Scout, "Did I Hear a Rock and Stone?", Some(Scout)));
    assert_eq!(solo.health(Scout), 4);
}

#[test]
fn any_dwarf_may_play_a_card_in_another_dwarfs_turn() {
    let mut g = Game::room(&[Scout, Driller]);
    give(&mut g, Driller, &[], &["Did I Hear a Rock and Stone?"]);
    g.set_health(Scout, 4);
    g.ok(play(Driller, "Did I Hear a Rock and Stone?", Some(Scout)));
    assert_eq!(g.health(Scout), 5, "up to the board");
    let card = g.app.world().resource::<GameData>().rock_and_stone.iter().position(|c| c.name == "Did I Hear a Rock and Stone?").unwrap();
    assert!(g.app.world().resource::<Decks>().rock_and_stone.discard.contains(&card));
    give(&mut g, Driller, &[], &["Did I Hear a Rock and Stone?"]);
    assert!(g.refused(play(Driller, "Did I Hear a Rock and Stone?", Some(Scout))).contains("all his Health"));
}

#[test]
fn for_karl_rerolls_a_shot_still_on_the_table() {
    let mut g = Game::room(&[Engineer, Scout]);
    g.put(Engineer, 2, 2);
    g.put(Scout, 2, 4);
    give(&mut g, Scout, &[], &["For Karl!"]);
    assert!(g.refused(play(Scout, "For Karl!", None)).contains("no"), "no roll on the table");
    let spitter = g.creature(WebSpitter, 5, 2);
    g.dice(&[(Explosive, 0)]);
    g.ok(Command::Shoot { mode: "HeGrenade".into(), target: q(5, 2) });
    assert_eq!(g.options(), vec![Answer::Pass], "the roll waits: For Karl! may be played on it");
    g.dice(&[(Explosive, 4)]);
    g.ok(play(Scout, "For Karl!", None));
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::Rerolled { who: Who::Dwarf(Engineer), .. })));
    take_default(&mut g);
    assert_eq!(g.creature_health(spitter), None);
}

#[test]
fn no_card_while_another_choice_waits() {
    let mut g = Game::room(&[Engineer, Scout]);
    g.put(Engineer, 2, 2);
    give(&mut g, Scout, &[], &["Did I Hear a Rock and Stone?"]);
    g.set_health(Engineer, 2);
    g.creature(WebSpitter, 5, 2);
    g.dice(&[(Explosive, 0)]);
    g.ok(Command::Shoot { mode: "HeGrenade".into(), target: q(5, 2) });
    assert!(g.refused(play(Scout, "Did I Hear a Rock and Stone?", Some(Engineer))).contains("first answer"));
}

#[test]
fn leave_no_dwarf_behind_revives_or_stands_up_within_three_spaces() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 5, 2);
    give(&mut g, Scout, &[], &["Leave No Dwarf Behind", "Leave No Dwarf Behind"]);
    g.set_health(Driller, 0);
    g.set_status(Driller, DwarfStatus { unconscious: true, ..Default::default() });
    g.ok(play(Scout, "Leave No Dwarf Behind", Some(Driller)));
    assert_eq!((g.health(Driller), g.status(Driller).unconscious), (1, false));
    g.set_status(Driller, DwarfStatus { knocked_over: true, ..Default::default() });
    g.put(Driller, 6, 2);
    assert!(g.refused(play(Scout, "Leave No Dwarf Behind", Some(Driller))).contains("within 3"));
    g.put(Driller, 5, 2);
    g.ok(play(Scout, "Leave No Dwarf Behind", Some(Driller)));
    assert!(!g.status(Driller).knocked_over);
}

#[test]
fn stone_and_rock_fills_ammo_up_to_the_slots() {
    let mut g = Game::room(&[Scout, Driller]);
    give(&mut g, Scout, &[], &["Stone and Rock", "Stone and Rock", "Stone and Rock"]);
    set_ammo2(&mut g, Driller, 4, 3);
    assert!(g.refused(play(Scout, "Stone and Rock", Some(Scout))).contains("no room"));
    g.ok(play(Scout, "Stone and Rock", Some(Driller)));
    assert_eq!(g.ammo(Driller), Ammo { primary: 5, secondary: 3 });
    set_ammo2(&mut g, Driller, 1, 4);
    set_loadout(&mut g, Driller, Loadout { overclocked: true, ..Default::default() });
    g.ok(play(Scout, "Stone and Rock", Some(Driller)));
    assert_eq!(g.ammo(Driller), Ammo { primary: 3, secondary: 5 }, "the overclocked slots are open");
}

#[test]
fn lights_up_places_a_flare_in_sight_until_the_players_next_turn() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &[], &["Lights Up!"]);
    g.creature(Slasher, 6, 2);
    g.set_ground(4, 4, Ground::Wall(None));
    g.ok(play(Scout, "Lights Up!", None));
    let options = g.options();
    assert!(!options.contains(&Answer::Space(q(7, 2))), "out of sight behind the Slasher");
    assert!(!options.contains(&Answer::Space(q(4, 4))), "not on rock");
    g.choose(Answer::Space(q(6, 2)));
    assert_eq!(g.tokens_at(6, 2), vec![Token::Flare]);
    quiet_round(&mut g);
    assert!(g.tokens_at(6, 2).is_empty());
}

#[test]
fn mushroom_shakes_off_stunned_and_webbed() {
    let mut g = Game::room(&[Scout, Driller]);
    give(&mut g, Scout, &[], &["Mushroom!", "Mushroom!"]);
    g.set_status(Driller, DwarfStatus { stunned: true, webbed: true, ..Default::default() });
    g.ok(play(Scout, "Mushroom!", Some(Driller)));
    assert_eq!(g.status(Driller), DwarfStatus::default());
    assert!(g.refused(play(Scout, "Mushroom!", Some(Driller))).contains("none of"));
    // With no Dwarf stunned or webbed, the action bar says so of them all, not of the first.
    let l = hoxxes::rules::legal::legal(g.world());
    let card = l.of(hoxxes::rules::legal::ActionKind::PlayCard).find(|a| a.what == "Mushroom!").expect("listed");
    assert_eq!(card.allowed.as_ref().err().map(String::as_str), Some("every Dwarf it may go on has none of those conditions"));
    g.set_status(Driller, DwarfStatus { webbed: true, ..Default::default() });
    let l = hoxxes::rules::legal::legal(g.world());
    let card = l.of(hoxxes::rules::legal::ActionKind::PlayCard).find(|a| a.what == "Mushroom!").expect("listed");
    assert!(card.is_allowed(), "the Driller webbed may take it: {:?}", card.allowed);
}

#[test]
fn were_rich_collects_a_wall_mineral_next_to_the_dwarf() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Driller, 4, 2);
    give(&mut g, Scout, &[], &["We're Rich!", "We're Rich!"]);
    assert!(g.refused(play(Scout, "We're Rich!", Some(Driller))).contains("no mineral"));
    g.set_ground(5, 2, Ground::Wall(Some(Min::Gold)));
    g.ok(play(Scout, "We're Rich!", Some(Driller)));
    assert_eq!(g.mule(Item::Gold), 1);
    assert_eq!(g.terrain(5, 2), Terrain::Open(Ground::Floor));
}

#[test]
fn the_threat_goes_back_but_never_past_a_swarm_step_reached() {
    let mut g = Game::room(&[Scout]);
    give(&mut g, Scout, &[], &["I Actually Think We're Gonna Make It"; 3]);
    g.set_threat(7);
    g.ok(play(Scout, "I Actually Think We're Gonna Make It", None));
    assert_eq!(g.threat(), 6);
    g.set_threat(5);
    assert!(g.refused(play(Scout, "I Actually Think We're Gonna Make It", None)).contains("swarm step"));
    g.set_threat(8);
    g.world().resource_mut::<GameLog>().push(GameEvent::SwarmThreat { step: 9, of: 20 });
    assert!(g.refused(play(Scout, "I Actually Think We're Gonna Make It", None)).contains("swarm step"));
}

#[test]
fn steady_hands_adds_a_die_of_the_primary_weapons_type() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    give(&mut g, Scout, &[], &["Steady Hands"]);
    let spitter = g.creature(WebSpitter, 6, 2);
    g.ok(play(Scout, "Steady Hands", None));
    g.dice(&[(Piercing, 2), (Piercing, 2)]);
    g.ok(Command::Shoot { mode: "RegularShot".into(), target: q(6, 2) });
    assert_eq!(g.creature_health(spitter), None);
    assert_eq!(g.turn().extra_dice, 0);
}

#[test]
fn karl_would_be_proud_draws_two_throwables() {
    let mut g = Game::room(&[Scout, Driller]);
    give(&mut g, Scout, &[], &["Karl Would Be Proud"]);
    assert!(g.refused(play(Scout, "Karl Would Be Proud", Some(Driller))).contains("yourself"));
    g.ok(play(Scout, "Karl Would Be Proud", None));
    assert_eq!(hand(&mut g, Scout).throwables.len(), 2);
}

#[test]
fn a_scenario_throws_and_plays_for_karl_on_a_waiting_grenade() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/throw-and-cards.ron");
    let (s, m) = hoxxes::headless::scenario::load(&path, &data()).unwrap_or_else(|p| panic!("the scenario loads: {p}"));
    let out = hoxxes::headless::scenario::run(data(), &s, &m).expect("the scenario plays");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["creatures"].as_array().map(Vec::len), Some(0), "two Grunts and the Web Spitter are dead");
    assert_eq!(json["actions_left"], 1);
}

#[test]
fn for_karl_can_reroll_a_single_die_shot() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    give(&mut g, Driller, &[], &["For Karl!"]);
    let grunt = g.creature(Grunt, 5, 2);
    g.dice(&[(hoxxes::data::dice::DieKind::Piercing, 0)]);
    g.ok(Command::Shoot { mode: "RegularShot".into(), target: q(5, 2) });
    assert_eq!(g.creature_health(grunt), Some(1), "nothing is laid while the card may still be played");
    g.dice(&[(hoxxes::data::dice::DieKind::Piercing, 2)]);
    g.ok(play(Driller, "For Karl!", None));
    assert_eq!(g.creature_health(grunt), None);
}

/// Light-footed survives a Rock and Stone card played between the Move and the shot: cards are
/// free, they are no action in between (rulebook: Light-footed; issue 13).
#[test]
fn light_footed_survives_a_free_card_between_the_move_and_the_shot() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    give(&mut g, Scout, &[], &["Stone and Rock"]);
    g.set_ammo(Scout, 2);
    let grunt = g.creature(Grunt, 8, 2);
    g.walk(&[(4, 2)]).unwrap();
    g.ok(play(Scout, "Stone and Rock", Some(Scout)));
    g.dice(&[(Piercing, 2)]);
    g.ok(Command::Shoot { mode: "RegularShot".into(), target: q(8, 2) });
    assert_eq!(g.creature_health(grunt), None);
    assert_eq!(g.turn().actions_left, 2, "the shot after the Move is still free");
}

/// A teammate's free Move (a Rock and Stone! card) between the Scout's Move and his shot is an
/// action in between: the shot costs its action again (a review found it free).
#[test]
fn light_footed_lapses_after_a_teammates_free_move() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.put(Driller, 2, 4);
    give(&mut g, Scout, &[], &["Rock and Stone!"]);
    let grunt = g.creature(Grunt, 8, 2);
    g.walk(&[(4, 2)]).unwrap();
    g.ok(play(Scout, "Rock and Stone!", Some(Driller)));
    g.walk(&[(3, 4)]).unwrap();
    assert_eq!(g.turn().guest, None, "the free Move is made");
    g.dice(&[(Piercing, 2)]);
    g.ok(Command::Shoot { mode: "RegularShot".into(), target: q(8, 2) });
    assert_eq!(g.creature_health(grunt), None);
    assert_eq!(g.turn().actions_left, 1, "the shot cost its action");
}

/// The simulator's card invariant holds in a fresh game and catches a card conjured into a hand.
#[test]
fn the_card_invariant_catches_a_card_in_two_places() {
    let mut g = Game::room(&[Scout, Gunner]);
    hoxxes::headless::invariants::check(g.world()).expect("a fresh game keeps every card in one place");
    let held = hand(&mut g, Scout).rock_and_stone;
    let names: Vec<String> = {
        let data = g.app.world().resource::<GameData>();
        held.iter().map(|i| data.rock_and_stone[*i].name.clone()).chain(["Lights Up!".to_string()]).collect()
    };
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    give(&mut g, Scout, &[], &names);
    let why = hoxxes::headless::invariants::check(g.world()).expect_err("Lights Up! is in the deck or a hand already");
    assert!(why.contains("Lights Up!"), "{why}");
}

/// The same for the Event, Swarm and Resupply decks: a Swarm card copied, a Resupply card lost,
/// an Event card past the box's copies.
#[test]
fn the_deck_invariant_catches_a_swarm_card_copied_a_resupply_card_lost_and_an_extra_event() {
    use hoxxes::rules::decks::Decks;
    let check = |g: &mut Game| hoxxes::headless::invariants::check(g.world());
    let mut g = Game::room(&[Scout]);
    let top = g.world().resource::<Decks>().swarms.draw[0];
    g.world().resource_mut::<Decks>().swarms.discard.push(top);
    assert!(check(&mut g).expect_err("a Swarm card twice").contains("Swarm card"));
    let mut g = Game::room(&[Scout]);
    g.world().resource_mut::<Decks>().resupply.draw.pop();
    assert!(check(&mut g).expect_err("a Resupply card gone").contains("Resupply card"));
    let mut g = Game::room(&[Scout]);
    let copies = g.app.world().resource::<GameData>().events[0].copies as usize;
    g.world().resource_mut::<Decks>().events.discard.extend(std::iter::repeat_n(0, copies + 1));
    assert!(check(&mut g).expect_err("too many of an Event card").contains("Event card"));
}

/// Ruling 32: For Karl! rerolls any roll just made, not only a shot. A creature's attack waits for
/// the card while a Dwarf holds it; rerolled, the second result stands.
#[test]
fn for_karl_rerolls_a_creatures_attack_roll() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.put(Driller, 3, 4);
    give(&mut g, Driller, &[], &["For Karl!"]);
    g.creature(Grunt, 4, 2);
    g.dice(&[(CreatureDie, 4)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.options(), vec![Answer::Pass], "the Grunt's two hits wait for For Karl!");
    assert_eq!(g.health(Scout), 5, "nothing lands while the card may be played");
    g.dice(&[(CreatureDie, 0)]);
    g.ok(play(Driller, "For Karl!", None));
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::Rerolled { who: Who::Creature { kind: Grunt, .. }, .. })));
    assert_eq!(g.health(Scout), 5, "the blank rolled again stands");
    assert!(hand(&mut g, Driller).rock_and_stone.is_empty());
}

/// A creature's roll that does nothing (no hit, no "!" that does anything) still waits for For
/// Karl! (ruling 32), marked as no question a player need answer: a reroll could only hurt the
/// Dwarves. One that hurts is asked, of the Dwarf who holds the card.
#[test]
fn for_karl_on_a_creatures_roll_that_hurts_nobody_is_needless() {
    // A blank, two hits; a Grunt's "!" (it does nothing), a Web Spitter's (the Dwarf is webbed).
    for (kind, face, needless) in [(Grunt, 0, true), (Grunt, 4, false), (Grunt, 5, true), (WebSpitter, 5, false)] {
        let mut g = Game::room(&[Scout, Driller]);
        g.put(Scout, 3, 2);
        give(&mut g, Driller, &[], &["For Karl!"]);
        g.creature(kind, 4, 2);
        let dice = if kind == Grunt { 1 } else { 2 };
        g.dice(&vec![(CreatureDie, face); dice]);
        g.job(Job::ActivateAll);
        assert_eq!(g.options(), vec![Answer::Pass], "{kind:?}, face {face}: the roll waits");
        let pending = g.world().resource::<hoxxes::rules::command::Pending>().0.clone().expect("asked");
        assert_eq!(pending.needless.is_some(), needless, "{kind:?}, face {face}: {:?}", pending.needless);
        let decider = hoxxes::rules::legal::legal(g.world()).decider;
        assert_eq!(decider, Some(Who::Dwarf(Driller)), "the roll waits on the Driller, who holds the card");
    }
}

#[test]
fn a_creatures_attack_let_stand_lands_as_rolled() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    give(&mut g, Driller, &[], &["For Karl!"]);
    g.creature(Grunt, 4, 2);
    g.dice(&[(CreatureDie, 4)]);
    g.job(Job::ActivateAll);
    g.choose(Answer::Pass);
    assert_eq!(g.health(Scout), 3);
    assert_eq!(hand(&mut g, Driller).rock_and_stone.len(), 1, "the card is kept");
}

#[test]
fn for_karl_rerolls_an_axe_chop_and_then_its_mineral_die() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    give(&mut g, Driller, &[], &["For Karl!", "For Karl!"]);
    g.set_ground(4, 2, Ground::Stalagmite);
    g.dice(&[(Axe, 0)]);
    g.ok(Command::Chop);
    assert_eq!(g.options(), vec![Answer::Pass], "the blank axe die waits for For Karl!");
    g.dice(&[(Axe, 2)]);
    g.ok(play(Driller, "For Karl!", None));
    assert!(g.options().contains(&Answer::Chop(ChopTarget::Stalagmite(q(4, 2)))), "one success to spend");
    g.dice(&[(Mineral, 0)]);
    g.choose(Answer::Chop(ChopTarget::Stalagmite(q(4, 2))));
    assert_eq!(g.options(), vec![Answer::Pass], "the stalagmite's Mineral die waits too");
    assert_eq!(g.terrain(4, 2), Terrain::Open(Ground::Floor));
    g.dice(&[(Mineral, 5)]);
    g.ok(play(Driller, "For Karl!", None));
    assert_eq!(g.mule(Item::Gold), 1, "the Gold of the second roll");
    assert_eq!(g.turn().actions_left, 2, "one action for the chop, none for the card");
}

#[test]
fn for_karl_rerolls_a_throw_before_its_area_is_laid() {
    let mut g = Game::room(&[Engineer, Scout]);
    g.put(Engineer, 2, 2);
    give(&mut g, Engineer, &["Frag Grenade"], &[]);
    give(&mut g, Scout, &[], &["For Karl!"]);
    let grunt = g.creature(Grunt, 4, 2);
    g.dice(&[(Explosive, 0)]);
    g.ok(throw("Frag Grenade", 4, 2));
    assert_eq!(g.options(), vec![Answer::Pass], "the throw's blank waits for For Karl!");
    g.dice(&[(Explosive, 2)]);
    g.ok(play(Scout, "For Karl!", None));
    while g.world().resource::<hoxxes::rules::command::Pending>().0.is_some() {
        take_default(&mut g);
    }
    assert_eq!(g.creature_health(grunt), None, "the rerolled hit kills the Grunt");
}

#[test]
fn for_karl_waits_on_no_roll_when_nobody_holds_it() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.creature(Grunt, 4, 2);
    g.dice(&[(CreatureDie, 4)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.options(), vec![], "no choice waits");
    assert_eq!(g.health(Scout), 3);
}

/// Ruling 32: a Satchel Charge set off is its thrower's roll, and waits for For Karl! too.
#[test]
fn for_karl_rerolls_a_satchel_charge_set_off() {
    let mut g = Game::room(&[Gunner, Scout]);
    g.put(Gunner, 4, 2);
    g.put(Scout, 2, 4);
    give(&mut g, Gunner, &["Satchel Charge"], &[]);
    let grunt = g.creature(Grunt, 5, 2);
    g.ok(throw("Satchel Charge", 5, 2));
    g.choose(Answer::Triangle(q(5, 1), q(6, 2)));
    give(&mut g, Scout, &[], &["For Karl!"]);
    g.dice(&[(Explosive, 0), (Explosive, 0)]);
    g.ok(Command::Detonate { by: Gunner });
    assert_eq!(g.options(), vec![Answer::Pass], "the blanks wait for For Karl!");
    assert_eq!(g.creature_health(grunt), Some(1));
    g.dice(&[(Explosive, 2), (Explosive, 0)]);
    g.ok(play(Scout, "For Karl!", None));
    assert_eq!(g.creature_health(grunt), None, "the hit rolled again kills the Grunt");
    assert!(g.tokens_at(5, 2).is_empty(), "the charge is spent");
}

/// An unconscious Dwarf plays no card: For Karl! in his hand holds up no roll.
#[test]
fn for_karl_held_only_by_an_unconscious_dwarf_holds_up_no_roll() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.put(Driller, 3, 4);
    give(&mut g, Driller, &[], &["For Karl!"]);
    g.set_status(Driller, DwarfStatus { unconscious: true, ..Default::default() });
    g.set_health(Driller, 0);
    g.creature(Grunt, 4, 2);
    g.dice(&[(CreatureDie, 4)]);
    g.job(Job::ActivateAll);
    assert!(g.options().is_empty(), "no question the Driller could answer");
    assert_eq!(g.health(Scout), 3);
}

/// A creature's bite let stand (For Karl! held and not played) that fells the last Dwarf ends the
/// mission there (rulebook "Game end"): the creatures after it in the round do not act. The roll
/// lands at the start of an update, before the rules take their next job; the end is judged first.
#[test]
fn a_bite_let_stand_that_fells_the_last_dwarf_ends_the_round_there() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.set_health(Scout, 1);
    give(&mut g, Scout, &[], &["For Karl!"]);
    g.creature(Grunt, 3, 2);
    let later = g.creature(Praetorian, 8, 4);
    g.dice(&[(CreatureDie, 2)]);
    g.job(Job::ActivateAll);
    assert_eq!(g.options(), vec![Answer::Pass], "the bite waits for For Karl!");
    g.ok(Command::Choose(Answer::Pass));
    assert_eq!(g.outcome().map(|e| e.reason), Some("every Dwarf is unconscious".to_string()));
    let acted = g.events().iter().any(|e| matches!(e, GameEvent::Activated { who: Who::Creature { id, .. } } if *id == later));
    assert!(!acted, "the Praetorian acted after the mission ended: {:?}", g.events());
}
