//! Axe chop (rulebook "Axe chops"). Axe die faces: 0-1 blank, 2-4 axe, 5 double axe.
//! Mineral die faces: 0-1 blank, 2-4 Nitra, 5 Gold.

use super::common::*;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{Axe, Mineral as MineralDie};
use hoxxes::data::mission::{Ground, Item, Mineral, Pickup};
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::command::{Answer, ChopTarget, Command};
use hoxxes::rules::components::{Terrain, Token};
use hoxxes::rules::log::GameEvent;

fn chop(t: ChopTarget) -> Answer {
    Answer::Chop(t)
}

#[test]
fn one_axe_mines_a_wall_mineral_and_carves_the_wall() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(4, 2, Ground::Wall(Some(Mineral::Morkite)));
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    assert!(g.options().contains(&chop(ChopTarget::Mine(q(4, 2)))));
    g.choose(chop(ChopTarget::Mine(q(4, 2))));
    assert_eq!(g.mule(Item::Morkite), 1);
    assert_eq!(g.terrain(4, 2), Terrain::Open(Ground::Floor));
    assert_eq!(g.turn().actions_left, 2);
    assert!(g.options().is_empty());
}

#[test]
fn a_double_axe_is_two_successes_spent_on_different_things() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(4, 2, Ground::Wall(Some(Mineral::Gold)));
    g.set_ground(3, 1, Ground::Wall(None));
    g.dice(&[(Axe, 5)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Mine(q(4, 2))));
    g.choose(chop(ChopTarget::Carve(q(3, 1))));
    assert_eq!(g.mule(Item::Gold), 1);
    assert_eq!(g.terrain(3, 1), Terrain::Open(Ground::Floor));
}

#[test]
fn a_blank_chop_spends_the_action_for_nothing() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(4, 2, Ground::Wall(Some(Mineral::Gold)));
    g.dice(&[(Axe, 0)]);
    g.ok(Command::Chop);
    assert!(g.options().is_empty());
    assert_eq!(g.turn().actions_left, 2);
    assert_eq!(g.terrain(4, 2), Terrain::Open(Ground::Wall(Some(Mineral::Gold))));
    assert!(g.events().contains(&GameEvent::Chop { dwarf: Driller, successes: 0 }));
}

#[test]
fn a_wall_out_of_reach_is_not_a_choice() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(6, 2, Ground::Wall(None));
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    let why = g.refused(choose(chop(ChopTarget::Carve(q(6, 2)))));
    assert!(why.contains("not one of the choices"), "{why}");
    assert_eq!(g.terrain(6, 2), Terrain::Open(Ground::Wall(None)));
}

#[test]
fn carving_into_a_hidden_cave_reveals_its_face() {
    let mut g = Game::new(cave_with_hidden(), &[Driller]);
    g.put(Driller, 4, 1);
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Carve(q(5, 1))));
    assert_eq!(g.terrain(5, 1), Terrain::Open(Ground::Floor));
    assert_eq!(g.terrain(6, 1), Terrain::Open(Ground::Floor));
    assert_eq!(g.terrain(6, 2), Terrain::Open(Ground::Floor));
    assert!(g.exits().contains(&(3, q(6, 1))));
    assert_eq!(g.tokens_at(6, 2), vec![Token::Pickup { pickup: Pickup::RedSugar, revealed: false }]);
    assert_eq!(g.creatures(Grunt), vec![q(6, 2)]);
}

#[test]
fn a_hidden_cave_is_solid_until_revealed() {
    let mut g = Game::new(cave_with_hidden(), &[Driller]);
    g.put(Driller, 4, 1);
    assert_eq!(g.terrain(6, 1), Terrain::Hidden('a'));
    assert!(g.exits().iter().all(|(n, _)| *n != 3));
}

/// The Mineral dice rolled so far.
fn mineral_rolls(g: &mut Game) -> usize {
    g.events().iter().filter(|e| matches!(e, GameEvent::Rolled { dice, .. } if dice.iter().any(|d| d.die == MineralDie))).count()
}

#[test]
fn every_stalagmite_an_axe_destroys_rolls_the_mineral_die() {
    // Rulebook: "as you successfully destroy a Stalagmite, remove its model and then roll the
    // Mineral die" (ruling 28): no stalagmite is marked as holding a mineral or not.
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(4, 2, Ground::Stalagmite);
    g.set_ground(3, 1, Ground::Stalagmite);
    g.dice(&[(Axe, 5), (MineralDie, 5), (MineralDie, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Stalagmite(q(4, 2))));
    g.choose(chop(ChopTarget::Stalagmite(q(3, 1))));
    assert_eq!(mineral_rolls(&mut g), 2, "one Mineral die for each stalagmite");
    assert_eq!((g.mule(Item::Gold), g.mule(Item::Nitra)), (1, 1));
    assert_eq!(g.terrain(4, 2), Terrain::Open(Ground::Floor));
    assert_eq!(g.terrain(3, 1), Terrain::Open(Ground::Floor));
}

#[test]
fn a_blank_mineral_die_leaves_only_the_floor() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(4, 2, Ground::Stalagmite);
    g.dice(&[(Axe, 2), (MineralDie, 0)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Stalagmite(q(4, 2))));
    assert_eq!(mineral_rolls(&mut g), 1);
    assert!(g.mule(Item::Gold) + g.mule(Item::Nitra) == 0 && g.tokens_at(4, 2).is_empty());
    assert_eq!(g.terrain(4, 2), Terrain::Open(Ground::Floor));
}

#[test]
fn a_loot_bug_gives_its_mineral_die_and_a_gold() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.token(Token::Pickup { pickup: Pickup::LootBug, revealed: true }, 4, 2);
    g.dice(&[(Axe, 3), (MineralDie, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::LootBug(q(4, 2))));
    assert_eq!((g.mule(Item::Nitra), g.mule(Item::Gold)), (1, 1));
    assert!(g.tokens_at(4, 2).is_empty());
}

#[test]
fn a_blank_loot_bug_still_gives_one_gold() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.token(Token::Pickup { pickup: Pickup::LootBug, revealed: true }, 3, 2);
    g.dice(&[(Axe, 3), (MineralDie, 0)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::LootBug(q(3, 2))));
    assert_eq!((g.mule(Item::Nitra), g.mule(Item::Gold)), (0, 1));
}

#[test]
fn red_sugar_heals_up_to_three_but_not_past_full() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_health(Driller, 1);
    g.token(Token::Pickup { pickup: Pickup::RedSugar, revealed: true }, 4, 2);
    g.token(Token::Pickup { pickup: Pickup::RedSugar, revealed: true }, 2, 2);
    g.dice(&[(Axe, 5)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::RedSugar(q(4, 2))));
    assert_eq!(g.health(Driller), 4);
    g.choose(chop(ChopTarget::RedSugar(q(2, 2))));
    assert_eq!(g.health(Driller), 5);
}

#[test]
fn an_alien_egg_summons_a_grunt_at_each_revealed_exit() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.token(Token::Pickup { pickup: Pickup::AlienEgg, revealed: true }, 4, 2);
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::AlienEgg(q(4, 2))));
    assert_eq!(g.mule(Item::AlienEgg), 1);
    assert_eq!(g.creatures(Grunt), vec![q(9, 1), q(9, 5)]);
}

#[test]
fn a_spawn_on_an_occupied_exit_goes_to_the_nearest_vacant_space_nearest_a_dwarf() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.creature(SpitballInfector, 9, 1);
    g.token(Token::Pickup { pickup: Pickup::AlienEgg, revealed: true }, 4, 2);
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::AlienEgg(q(4, 2))));
    // Next to Exit I (9, 1) the vacant spaces are (8, 1) and (9, 2); both are 6 from the Driller,
    // so canonical order (row first) picks (8, 1).
    let grunts = g.creatures(Grunt);
    assert_eq!(grunts[0], q(8, 1));
}

#[test]
fn axe_hits_kill_a_grunt() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    let id = g.creature(Grunt, 4, 2);
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Creature(id)));
    assert_eq!(g.creature_health(id), None);
}

#[test]
fn axe_resistance_counts_against_all_hits_of_the_chop() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 3, 2);
    let id = g.creature(MacteraSpawn, 4, 2);
    g.dice(&[(Axe, 5)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Creature(id)));
    g.choose(chop(ChopTarget::Creature(id)));
    // Two axe hits, 2 axe resistance: no damage.
    assert_eq!(g.creature_health(id), Some(2));
}

#[test]
fn a_creature_two_spaces_away_cannot_be_chopped() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    let id = g.creature(Grunt, 5, 2);
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    assert!(!g.options().contains(&chop(ChopTarget::Creature(id))));
    assert!(g.refused(choose(chop(ChopTarget::Creature(id)))).contains("not one of the choices"));
}

#[test]
fn the_second_success_is_offered_the_cave_as_the_first_left_it() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 3, 2);
    g.set_ground(4, 2, Ground::Wall(Some(Mineral::Nitra)));
    g.dice(&[(Axe, 5)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Mine(q(4, 2))));
    assert!(!g.options().contains(&chop(ChopTarget::Mine(q(4, 2)))));
    assert!(g.refused(choose(chop(ChopTarget::Mine(q(4, 2))))).contains("not one of the choices"));
    assert_eq!(g.mule(Item::Nitra), 1);
}

/// Ruling 35: a creature printed on a hidden cave whose figures are all on the cave already comes
/// as a Grunt, as for spawns.
#[test]
fn a_hidden_cave_creature_with_no_figure_left_comes_as_a_grunt() {
    let mut m = cave_with_hidden();
    m.hidden_caves[0].contents[2].put = hoxxes::data::mission::FaceItem::Creature(Slasher);
    let mut g = Game::new(m, &[Driller]);
    g.put(Driller, 4, 1);
    g.creature(Slasher, 2, 5);
    g.creature(Slasher, 3, 5);
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::Carve(q(5, 1))));
    assert_eq!(g.creatures(Slasher).len(), 2, "the box holds two Slashers");
    assert_eq!(g.creatures(Grunt), vec![q(6, 2)], "a Grunt stands in");
}

/// Ruling 35: a creature spawned faces the nearest Dwarf, not the first seated.
#[test]
fn a_spawned_creature_faces_the_nearest_dwarf() {
    use hoxxes::rules::hex::facing_toward;
    let mut g = Game::room(&[Driller, Gunner]);
    g.put(Driller, 3, 2);
    g.put(Gunner, 9, 3);
    g.token(Token::Pickup { pickup: Pickup::AlienEgg, revealed: true }, 4, 2);
    g.dice(&[(Axe, 2)]);
    g.ok(Command::Chop);
    g.choose(chop(ChopTarget::AlienEgg(q(4, 2))));
    assert!(g.creatures(Grunt).contains(&q(9, 1)), "a Grunt comes out of Exit I");
    let id = {
        use hoxxes::rules::components::{At, Id};
        let at: hexx::Hex = q(9, 1).into();
        let mut ids = g.world().query::<(&Id, &At)>();
        ids.iter(g.app.world()).find(|(_, a)| a.0 == at).map(|(i, _)| i.0).expect("the Grunt")
    };
    let exit = q(9, 1).into();
    let (gunner, driller) = (q(9, 3).into(), q(3, 2).into());
    assert_ne!(facing_toward(exit, gunner), facing_toward(exit, driller), "the test tells the two apart");
    assert_eq!(g.creature_facing_now(id), facing_toward(exit, gunner));
}
